#!/usr/bin/env python3
"""What schema 13's choices for `lines` cost: its packing, and the row IDs of `readings_fts`.

Schema 13 keeps a line's words in a row of `lines` (`PackedLine`) and a word's ID as its line's ID
plus its index, so every word keeps schema 12's `WordID` (consecutive within a drawing) and
`readings_fts` its row IDs. This copies an index's `lines` into scratch tables written other
ways, vacuums them and measures each with `dbstat` (bytes a page over the index's notebook pages,
as index_bytes.py counts them):

  lines              the rows as stored
  scores-unprefixed  the scores without each word's length (a Float32 word's length is four times
                     its count of readings): what the lengths cost, at most. Schema 13 first stored
                     every word's; `PackedLine` now leaves them out of a line whose every word's
                     scores are Float32s, one a reading
  line-each-word     each word's place with its own line number, as schema 12's `place` (the line
                     number once is what `lines` stores)

and the FTS5 table of whole words (`detail=none, columnsize=0`, unicode61 as the index's) filled
with the same readings under two numberings:

  fts-word-ids       schema 12's and 13's: drawing << 20 | the word's number in its drawing
  fts-line-ids       a word addressed as (drawing, the line's number in it, the index in the line)
                     in fixed fields: drawing << 20 | line << 7 | index (lines of 128 words at most)

Usage: line_packing.py INDEX [--record]   (INDEX: schema 13)
"""
import argparse
import os
import sqlite3
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import line_rows_packed  # noqa: E402
import results  # noqa: E402

INDEX_BITS = 7


def places(blob, count):
    """The line number and each word's part of a `lines.place`."""
    line, offset = line_rows_packed.read_varint(blob, 0)
    parts = []
    while len(parts) < count:
        length, offset = line_rows_packed.read_varint(blob, offset)
        if length is None:
            break
        parts.append(bytes(blob[offset:offset + length]))
        offset += length
    return line, parts


def line_each_word(blob, count):
    """`place` with each word's own line number (zigzag, as schema 12's head) before its part."""
    line, parts = places(blob, count)
    return b"".join(line_rows_packed.varint(len(p) + len(line_rows_packed.varint(line))) +
                    line_rows_packed.varint(line) + p for p in parts)


def unprefixed(scores, candidates):
    return b"".join(line_rows_packed.word_scores(scores, candidates))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("index")
    ap.add_argument("--record", action="store_true")
    args = ap.parse_args()
    source, pages = results.open_index(args.index, schema=13)
    columns = "id, source, candidates, folded, scores, confidences, reading_buckets, place"
    variants = ("lines", "scores_unprefixed", "line_each_word")
    with tempfile.TemporaryDirectory(prefix="line-packing-") as work:
        scratch = sqlite3.connect(os.path.join(work, "scratch.sqlite"))
        for name in variants:
            scratch.execute(f"CREATE TABLE {name}(id INTEGER PRIMARY KEY, source INTEGER NOT NULL, candidates TEXT "
                            "NOT NULL, folded TEXT, scores BLOB NOT NULL, confidences BLOB, reading_buckets TEXT, "
                            "place BLOB NOT NULL)")
        for name in ("fts_word_ids", "fts_line_ids"):
            scratch.execute(f"CREATE VIRTUAL TABLE {name} USING fts5(folded, content='', tokenize='unicode61 remove_diacritics 2', "
                            "detail=none, columnsize=0)")
        lines = 0
        drawing, ordinal = None, 0
        line_ids = {}
        for row in source.execute(f"SELECT {columns} FROM lines ORDER BY id"):
            line_id, _, candidates, _, scores, _, _, place = row
            count = line_rows_packed.word_count(candidates)
            scratch.execute("INSERT INTO lines VALUES (?, ?, ?, ?, ?, ?, ?, ?)", row)
            scratch.execute("INSERT INTO scores_unprefixed VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                            row[:4] + (unprefixed(scores, candidates),) + row[5:])
            scratch.execute("INSERT INTO line_each_word VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                            row[:7] + (line_each_word(place, count),))
            if line_id >> 20 != drawing:
                drawing, ordinal = line_id >> 20, 0
            if count > 1 << INDEX_BITS:
                sys.exit(f"{args.index}: a line of {count} words, more than fts-line-ids can number")
            line_ids[line_id] = (drawing << 20) | (ordinal << INDEX_BITS)
            ordinal += 1
            lines += 1
        # the readings in row ID order, as a build's triggers add a drawing's in place order
        readings = source.execute("SELECT id, line_id, word_id, folded FROM readings").fetchall()
        word_mask = (1 << 50) - 1
        scratch.executemany("INSERT INTO fts_word_ids(rowid, folded) VALUES (?, ?)",
                            sorted((rid, folded) for rid, _, _, folded in readings))
        renumbered = []
        for rid, line_id, word_id, folded in readings:
            new_word = line_ids[line_id] | (word_id - line_id)
            renumbered.append(((rid & ~(word_mask << 3)) | (new_word << 3), folded))
        scratch.executemany("INSERT INTO fts_line_ids(rowid, folded) VALUES (?, ?)", sorted(renumbered))
        for name in ("fts_word_ids", "fts_line_ids"):
            scratch.execute(f"INSERT INTO {name}({name}) VALUES ('optimize')")
        scratch.commit()
        scratch.execute("VACUUM")
        sizes = {}
        for name, size in scratch.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name"):
            owner = next((v for v in variants + ("fts_word_ids", "fts_line_ids") if name == v or
                          name.startswith(v + "_")), None)
            if owner:
                sizes[owner] = sizes.get(owner, 0) + size
    figures = {"pages": pages, "lines": lines, "readings": len(readings)}
    figures.update({f"{name}_bytes_a_page": round(sizes[name] / pages, 1) for name in sorted(sizes)})
    print(figures)
    if args.record:
        results.record("line-packing", figures)


if __name__ == "__main__":
    main()
