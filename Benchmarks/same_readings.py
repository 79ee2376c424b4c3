#!/usr/bin/env python3
"""Whether two builds of notebook-index read the same pages alike: each builds every folder given
under each language list (`--jobs 1`, `SWIFT_DETERMINISTIC_HASHING=1`: the CJK mixture sums a
dictionary's values, whose order otherwise changes from run to run and moves a score by an ulp),
and every word of the two indexes is compared: its readings, their scores, confidence, strokes and
bounds, byte for byte; else how many keep their strokes and box, their best reading, all their
readings in order, the same set of readings.

    Benchmarks/same_readings.py OLD_BINARY NEW_BINARY DIR... [--languages zh ja en,zh,ja] [--json OUT]

E.g. the make_cjk_pages.py pages and make_card_pages.py cards, before and after a change said to
leave readings alone.
"""
import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import line_rows_packed  # noqa: E402
import replicate_index  # noqa: E402
import word_place  # noqa: E402

# schema 11 packs a word's line, position, strokes and bounds into `place` (word_place); schema 10
# stored them as columns, so a binary of either schema can be compared with one of the other
PLACE = {"place": "w.place", "columns": "w.line, w.position, w.strokes, w.x100, w.y100, w.width100, w.height100"}
WORDS = """select f.path, d.page, w.source, w.candidates, w.scores, w.confidence, {place}
           from words w join drawings d on d.id = (w.id >> 20) join files f on f.id = d.file_id
           order by f.path, d.page, w.id & 1048575"""


def words(binary, folder, language):
    """Every word of `folder` built by `binary` with `language`: (place, readings, the rest)."""
    with tempfile.TemporaryDirectory(prefix="same-readings-") as tmp:
        index = os.path.join(tmp, "index.sqlite")
        env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
        run = subprocess.run([binary, "build", folder, "--index", index, "--language", language, "--jobs", "1"],
                             capture_output=True, text=True, env=env)
        if run.returncode not in (0, 1):
            sys.exit(f"same_readings: {binary} build {folder} --language {language}: {run.stderr.strip()[-300:]}")
        with sqlite3.connect(index) as db:
            # schema 13 keeps a line's words in a row of `lines` (line_rows_packed)
            lines = db.execute("SELECT count(*) FROM sqlite_schema WHERE name = 'lines'").fetchone()[0] == 1
            packed = lines or "place" in [c[1] for c in db.execute("PRAGMA table_info(words)")]
            if lines:
                drawings = {row[0]: row[1:] for row in db.execute(
                    "SELECT d.id, f.path, d.page FROM drawings d JOIN files f ON f.id = d.file_id")}
                rows = [row[1:] for row in sorted(
                    (drawings[w["drawing_id"]] + (w["id"] & 1048575,), *drawings[w["drawing_id"]], w["source"],
                     w["candidates"], w["scores"], w["confidence"], w["place"])
                    for w in line_rows_packed.stored_words(db))]
            else:
                rows = db.execute(WORDS.format(place=PLACE["place" if packed else "columns"])).fetchall()
    words = []
    for path, page, source, candidates, scores, confidence, *place in rows:
        if packed:
            line, position, bounds, strokes = word_place.decode(place[0])
        else:
            line, position, strokes, bounds = place[0], place[1], place[2], tuple(place[3:])
        # the scores as numbers: schema 11 left out the tag byte of Float32 scores (PackedColumns)
        words.append(((path, page, source, line, position), candidates.split("\n"),
                      (tuple(replicate_index.raw_scores(scores)), confidence, bytes(strokes).hex().upper())
                      + (bounds or (None,) * 4)))
    return words


def compare(old, new):
    pairs = [(a, b) for a, b in zip(old, new) if a[0] == b[0]]
    return {
        "words_old": len(old), "words_new": len(new),
        "identical": old == new,
        "same_strokes_and_box": sum(a[2][2:] == b[2][2:] for a, b in pairs),
        "same_best_reading": sum(a[1][:1] == b[1][:1] for a, b in pairs),
        "same_readings_in_order": sum(a[1] == b[1] for a, b in pairs),
        "same_set_of_readings": sum(set(a[1]) == set(b[1]) for a, b in pairs),
        "same_scores": sum(a[2][0] == b[2][0] for a, b in pairs),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("folders", nargs="+")
    ap.add_argument("--languages", nargs="+", default=["zh", "ja", "en,zh,ja"])
    ap.add_argument("--json")
    a = ap.parse_args()
    result = {}
    for folder in a.folders:
        for language in a.languages:
            name = f"{os.path.basename(os.path.normpath(folder))}_{language.replace(',', '_')}"
            result[name] = compare(words(os.path.abspath(a.old), folder, language),
                                   words(os.path.abspath(a.new), folder, language))
            print(name, json.dumps(result[name]))
    if a.json:
        json.dump(result, open(a.json, "w"), indent=1)
    sys.exit(0 if all(r["identical"] for r in result.values()) else 1)


if __name__ == "__main__":
    main()
