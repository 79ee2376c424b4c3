"""A sheet of generated pages to check by eye: each page scaled into a cell, its strokes coloured
by label (writing black, drawing blue, markup red), so a new kind of page can be seen to be drawn
and labelled as meant before anything is trained on it.

    python sheet.py PAGES.npz OUT.png [--first 900] [--count 6] [--columns 3] [--crop 0.5]

`--first` picks the page to start from (pages a flag adds come after the others); `--crop` keeps
the top share of each page, large enough to see single strokes.
"""
import argparse

import numpy as np
from PIL import Image, ImageDraw

COLOURS = ((0, 0, 0), (20, 90, 230), (220, 30, 30))
CELL = 900


def draw_page(strokes, labels, crop):
    allp = np.concatenate(strokes)
    x0, y0 = allp.min(0)
    x1, y1 = allp.max(0)
    y1 = y0 + (y1 - y0) * crop
    k = (CELL - 20) / max(x1 - x0, y1 - y0, 1e-9)
    img = Image.new("RGB", (CELL, CELL), "white")
    draw = ImageDraw.Draw(img)
    for s, label in zip(strokes, labels):
        pts = [(10 + (p[0] - x0) * k, 10 + (p[1] - y0) * k) for p in s]
        if len(pts) == 1:
            pts = pts * 2
        draw.line(pts, fill=COLOURS[label], width=2)
    draw.rectangle((0, 0, CELL - 1, CELL - 1), outline=(200, 200, 200))
    return img


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pages")
    ap.add_argument("out")
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--count", type=int, default=6)
    ap.add_argument("--columns", type=int, default=3)
    ap.add_argument("--crop", type=float, default=1.0, help="share of each page's height kept, from its top")
    args = ap.parse_args()
    pages = np.load(args.pages, allow_pickle=True)["pages"][args.first:args.first + args.count]
    rows = (len(pages) + args.columns - 1) // args.columns
    sheet = Image.new("RGB", (CELL * args.columns, CELL * rows), "white")
    for n, (strokes, labels) in enumerate(pages):
        sheet.paste(draw_page(strokes, labels, args.crop), (CELL * (n % args.columns), CELL * (n // args.columns)))
    sheet.save(args.out)
    print(args.out, len(pages), "pages")


if __name__ == "__main__":
    main()
