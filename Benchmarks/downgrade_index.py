#!/usr/bin/env python3
"""Write an index of schema 7 back as schema 6 stored it, to test the upgrade on a large index.

`replicate_index.py` grows indexes of the current schema only; an index of 50,000 pages of
schema 6 for testing the in-place upgrade (`IndexStore.compact`) would take hours to replicate
the old way. This tool copies the schema 6 tables of TEMPLATE (any index made by a notebook-index
of schema 6, e.g. Tests/Fixtures/index/schema6-samples.sqlite), empties them, and fills them with
the rows of SOURCE (schema 7): every word with its stroke IDs as text (looked up in its drawing's
`stroke_ids`), its scores as text (the shortest decimal of each double, as Swift writes them),
`folded` and `text` written out, the FTS5 tables with positions, the vocabulary and meta rows as
they are. Drawings get an empty page text (no query reads it). A schema-6 notebook-index reads the
result as it would an index of its own.

Usage: downgrade_index.py SOURCE TEMPLATE OUT
"""
import os
import shutil
import sqlite3
import struct
import sys
import time


def varints(data):
    value = shift = 0
    for byte in data:
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            yield value
            value = shift = 0


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    source, template, out = sys.argv[1:]
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(out + suffix):
            os.remove(out + suffix)
    shutil.copy(template, out)
    db = sqlite3.connect(out, isolation_level=None)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 6, "the template is not of schema 6"
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = OFF")
    db.execute("PRAGMA cache_size = -262144")
    db.execute("ATTACH ? AS src", (source,))
    assert db.execute("PRAGMA src.user_version").fetchone()[0] in (7, 8), "the source is not of schema 7 or 8"
    strokes_of = {}

    def stroke_text(drawing, positions):
        if drawing not in strokes_of:
            strokes_of.clear()
            blob = db2.execute("SELECT stroke_ids FROM drawings WHERE id = ?", (drawing,)).fetchone()[0]
            strokes_of[drawing] = [blob[i:i + 16].hex().upper() for i in range(0, len(blob) - 15, 16)]
        ids, index = [], 0
        table = strokes_of[drawing]
        for value in varints(positions):
            index += (value >> 1) ^ -(value & 1)
            h = table[index]
            ids.append(f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}")
        return ",".join(ids)

    def score_text(blob):
        width = blob[0]
        values = struct.unpack(f"<{(len(blob) - 1) // width}{'f' if width == 4 else 'd'}", blob[1:])
        return " ".join(repr(float(v)) for v in values)

    db2 = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    db.create_function("stroke_text", 2, stroke_text)
    db.create_function("score_text", 1, score_text, deterministic=True)
    start = time.time()
    db.execute("BEGIN")
    for statement in ("DELETE FROM words", "DELETE FROM drawings", "DELETE FROM files", "DELETE FROM vocabulary",
                      "DELETE FROM meta", "DELETE FROM user_words",
                      "INSERT INTO readings_fts(readings_fts) VALUES ('delete-all')",
                      "INSERT INTO readings_trigram(readings_trigram) VALUES ('delete-all')",
                      "INSERT INTO vocabulary_trigram(vocabulary_trigram) VALUES ('delete-all')"):
        db.execute(statement)
    trigger = db.execute("SELECT sql FROM sqlite_schema WHERE name = 'words_ai'").fetchone()[0]
    db.execute("DROP TRIGGER words_ai")
    db.execute("INSERT INTO meta SELECT * FROM src.meta WHERE key != 'schema_version'")
    db.execute("INSERT INTO meta VALUES ('schema_version', '6')")
    db.execute("INSERT INTO files SELECT * FROM src.files")
    db.execute("INSERT INTO drawings(id, file_id, page, key, strokes, recognition_version, text) "
               "SELECT id, file_id, page, key, strokes, recognition_version, '' FROM src.drawings")
    db.execute("INSERT INTO words(id, drawing_id, source, line, position, text, candidates, scores, folded, confidence, "
               "stroke_ids, x, y, width, height, reading_buckets) "
               "SELECT id, id >> 20, source, line, position, text, candidates, score_text(scores), "
               "coalesce(folded, candidates), confidence, stroke_text(id >> 20, strokes), x, y, width, height, "
               "reading_buckets FROM src.words ORDER BY id")
    print(f"  words in {time.time() - start:.0f} s", file=sys.stderr, flush=True)
    db.execute("INSERT INTO readings_fts(rowid, folded) SELECT id, folded FROM readings")
    db.execute("INSERT INTO readings_trigram(rowid, folded) SELECT id, folded FROM readings")
    db.execute("INSERT INTO vocabulary SELECT * FROM src.vocabulary")
    db.execute("INSERT INTO user_words SELECT * FROM src.user_words")
    db.execute(trigger)
    db.execute("COMMIT")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    print(f"{source} -> {out} (schema 6) in {time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
