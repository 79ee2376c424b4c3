"""A sheet of the synthetic writers' output, one made-up hand a row, drawn as a tablet recorded it.

    python3 synth/sheet.py OUT.png [--rows 16] [--seed 1]

Each row is one `Hand` writing a line from `TextSource`; the face it was drawn from is printed at
the row's left in grey, so a reader of Training/README.md can see which source gave which hand.
"""
import argparse
import os
import sys

import numpy as np
from PIL import Image, ImageDraw

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import data  # noqa: E402
import styles  # noqa: E402
from synth.texts import TextSource  # noqa: E402
from synth.writer import Hand, load_faces  # noqa: E402

ROW_HEIGHT = 70
WIDTH = 1400
LABEL_WIDTH = 190


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--rows", type=int, default=16)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    train = data.load("train")
    bank = styles.CharBank([s for s in train if s[2] == "chars"])
    texts = TextSource(train, rng)
    faces = load_faces()
    img = Image.new("RGB", (WIDTH, ROW_HEIGHT * args.rows), "white")
    draw = ImageDraw.Draw(img)
    row = 0
    while row < args.rows:
        hand = Hand(faces, bank, rng)
        text = texts.text(int(rng.integers(2, 6)))
        strokes = hand.write(text)
        if strokes is None:
            continue
        text = hand.label(text)
        pts = np.concatenate(strokes).astype(np.float64)
        lo, hi = pts.min(axis=0), pts.max(axis=0)
        scale = min((ROW_HEIGHT - 14) / max(hi[1] - lo[1], 1), (WIDTH - LABEL_WIDTH - 20) / max(hi[0] - lo[0], 1))
        top = row * ROW_HEIGHT + 7
        for s in strokes:
            xy = [(LABEL_WIDTH + (x - lo[0]) * scale, top + (y - lo[1]) * scale) for x, y in s]
            if len(xy) > 1:
                draw.line(xy, fill=(20, 30, 120), width=2)
            for x, y in xy:
                draw.point((x, y), fill=(220, 60, 40))
        name = hand.face["name"] if hand.face else f"UNIPEN writer {hand.unipen_writer}"
        draw.text((6, top + 4), name[:28], fill=(120, 120, 120))
        draw.text((6, top + 22), text[:30], fill=(170, 170, 170))
        draw.line([(0, (row + 1) * ROW_HEIGHT - 1), (WIDTH, (row + 1) * ROW_HEIGHT - 1)], fill=(235, 235, 235))
        row += 1
    # a 16-colour palette keeps the committed picture small
    img.convert("P", palette=Image.ADAPTIVE, colors=16).save(args.out, optimize=True)


if __name__ == "__main__":
    main()
