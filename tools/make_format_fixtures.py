#!/usr/bin/env python3
"""Make the small Rnote, Saber and UIM 3.0 fixtures of Tests/Fixtures/formats/.

The Rnote and Saber files of ../shared/corpus are GPL and stay out of the repository; these are
our own, with the same structure (tools/ink_formats.py writes what each app saves), and made to
exercise what the readers must get right: layouts and versions, erased and trashed slots, the
highlighter layer, curves, typed text, offsets, binary points. The Wacom UIM 3.1 and WILL
fixtures are Wacom's own samples (Apache-2.0, see Tests/Fixtures/CREDITS.md); the UIM 3.0 one is
ours, since Wacom's 3.0 sample is 220 KB.

Deterministic: running it again gives byte-identical files.

Usage: tools/make_format_fixtures.py [--out Tests/Fixtures/formats]
"""
import argparse
import math
import os
import random

from ink_formats import (rnote_brushstroke, rnote_text, saber_stroke, write_rnote, write_saber,
                         write_uim30)

A4_96 = (793.701, 1122.52)


def wave(x0, y0, n=12, step=6.0, amplitude=8.0, p0=0.3):
    """A handwriting-like wiggle: n points to the right of (x0, y0), rising pressure."""
    return [(x0 + k * step, y0 + amplitude * math.sin(k / 2), min(1.0, p0 + k * 0.05)) for k in range(n)]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(here), "Tests", "Fixtures", "formats"))
    out = ap.parse_args().out
    os.makedirs(out, exist_ok=True)

    # 0.15 current layout, infinite canvas: slot 0 erased, a pen stroke with curves, a highlighter,
    # typed text, a line shape, and a stroke right of the first page (a second page piece).
    line = {"shapestroke": {"shape": {"line": {"start": [100.0, 300.0], "end": [300.0, 300.0]}},
                            "style": {"smooth": {"stroke_width": 2.0, "stroke_color": {"r": 0, "g": 0, "b": 0, "a": 1},
                                                 "fill_color": None, "pressure_curve": "const"}}}}
    write_rnote(os.path.join(out, "rnote-0-15-infinite.rnote"), [
        (None, None),
        (rnote_brushstroke(wave(100, 200), curves=True), "user_layer"),
        (rnote_brushstroke(wave(100, 210, p0=1.0), width=20.0, color=(1.0, 0.9, 0.0, 0.4)), "highlighter"),
        (rnote_text("Hello Rnote", 120.0, 80.0), "user_layer"),
        (line, "user_layer"),
        (rnote_brushstroke(wave(900, 150)), "user_layer"),
    ], A4_96, 1, layout="infinite", version="0.15.0", bounds=(-400.0, -300.0, 2400.0, 1800.0))

    # 0.9 layout: continuous vertical, two pages, 9-number transform on the text.
    write_rnote(os.path.join(out, "rnote-0-9-continuous.rnote"), [
        (rnote_brushstroke(wave(80, 100)), "user_layer"),
        (rnote_text("Second page", 80.0, 1200.0, affine9=True), "user_layer"),
        (rnote_brushstroke(wave(80, 1300)), "user_layer"),
    ], A4_96, 2, version="0.9.0")

    # 0.5.5 layout: store snapshot, segment lists with their own starts, a trashed stroke.
    write_rnote(os.path.join(out, "rnote-0-5-5.rnote"), [
        (rnote_brushstroke(wave(60, 60), old=True), "user_layer"),
        (rnote_brushstroke(wave(60, 90), old=True), "user_layer"),
        (None, None),
    ], A4_96, 1, version="0.5.5", trashed={1})

    # Saber: JSON (file version 9) with an offset, pressure, a highlighter and typed text; BSON
    # (file version 19) with binary float32 points over two pages.
    write_saber(os.path.join(out, "saber-v9.sbn"), [
        ([saber_stroke(wave(100, 100), offset=(10.0, 14.0)),
          saber_stroke(wave(100, 110, p0=0.5), tool="Highlighter", size=20.0, color=0x7FFFEB3B)], "Shopping list"),
        ([], ""),
    ], version=9)
    write_saber(os.path.join(out, "saber-v19.sbn2"), [
        ([saber_stroke(wave(200, 300), binary=True), saber_stroke(wave(200, 340), tool="Pencil", binary=True)], ""),
        ([saber_stroke(wave(50, 50), binary=True, offset=(5.0, 5.0))], "page two"),
    ], version=19)

    write_uim30(os.path.join(out, "uim-3-0.uim"), [wave(100, 100), wave(100, 140)], random.Random(30))
    print(f"fixtures written to {out}")


if __name__ == "__main__":
    main()
