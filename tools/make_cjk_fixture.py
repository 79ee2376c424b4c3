#!/usr/bin/env python3
"""Make Tests/Fixtures/cjk/kanjivg-lines.json: a few lines of characters drawn from KanjiVG.

Reads the KanjiVG strokes Debian's python3-kanjidraw ships (`apt-get install python3-kanjidraw`;
/usr/lib/python3/dist-packages/kanjidraw/data.json: each character's strokes in standard order,
each stroke a straight segment [x1, y1, x2, y2] on a 256-unit square; KanjiVG, CC BY-SA 3.0,
Ulrich Apel and contributors) and writes the characters of LINES with their strokes:

    {"source": ..., "licence": ..., "lines": ["日本", ...], "characters": {"日": [[x1, y1, x2, y2], ...]}}

The tests lay the lines out as ink (a point every few units along each segment) and read them.
Usage: tools/make_cjk_fixture.py [--out Tests/Fixtures/cjk/kanjivg-lines.json]
"""
import argparse
import json

DATA = "/usr/lib/python3/dist-packages/kanjidraw/data.json"
LINES = ["日本人", "大学生", "中国山川", "上下田口"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="Tests/Fixtures/cjk/kanjivg-lines.json")
    a = ap.parse_args()
    by_count = json.load(open(DATA, encoding="utf-8"))
    strokes = {c: s for group in by_count.values() for c, s in group.items()}
    chars = sorted({c for line in LINES for c in line})
    out = {
        "source": "KanjiVG strokes as shipped in Debian's python3-kanjidraw (kanjidraw/data.json)",
        "licence": "CC BY-SA 3.0, KanjiVG (Ulrich Apel and contributors), https://kanjivg.tagaini.net",
        "lines": LINES,
        "characters": {c: strokes[c] for c in chars},
    }
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=0)
        f.write("\n")


if __name__ == "__main__":
    main()
