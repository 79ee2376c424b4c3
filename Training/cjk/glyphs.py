"""Skeletons of every class character in every CJK font face Debian installs, and KanjiVG's
strokes (as Debian's python3-kanjidraw carries them: each stroke its start and end point).

A font glyph is a filled outline whose stroke width and serifs belong to the typeface; its
one-pixel skeleton is the pen's path, which `synth.py` redraws with a pen of any width, as
handwriting is rendered at recognition time (Sources/Recognition/CJK/CharacterRaster.swift).

    python cjk/glyphs.py OUT.npz
"""
import json
import sys

import numpy as np
from fontTools.ttLib import TTCollection, TTFont
from PIL import Image, ImageDraw, ImageFont
from skimage.morphology import skeletonize

import charset

# (file, face index in a collection): sans, serif, kai (brush), ming and handwriting-style
# faces in Simplified Chinese and Japanese forms
FACES = [
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2),  # Noto Sans CJK SC
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 0),  # Noto Sans CJK JP
    ("/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc", 2),  # Noto Serif CJK SC
    ("/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc", 0),  # Noto Serif CJK JP
    ("/usr/share/fonts/truetype/arphic-gkai00mp/gkai00mp.ttf", 0),  # AR PL KaitiM GB
    ("/usr/share/fonts/truetype/arphic/ukai.ttc", 0),  # AR PL UKai CN
    ("/usr/share/fonts/truetype/arphic/uming.ttc", 0),  # AR PL UMing CN
    ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", 0),
    ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", 0),
    ("/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf", 0),
    ("/usr/share/fonts/opentype/ipafont-mincho/ipam.ttf", 0),
    ("/usr/share/fonts/truetype/seto/setofont.ttf", 0),  # handwriting style
]
SIZE = 96  # pixels of the rendered glyph's em square
KANJIDRAW = "/usr/lib/python3/dist-packages/kanjidraw/data.json"


def cmap_of(path, index):
    font = TTCollection(path).fonts[index] if path.endswith(".ttc") else TTFont(path)
    return set(font.getBestCmap() or {})


def skeleton(font, c):
    """The glyph's skeleton pixels as (x, y) rows, or None when it renders empty."""
    img = Image.new("L", (SIZE + 16, SIZE + 16), 0)
    ImageDraw.Draw(img).text((8, 8), c, font=font, fill=255)
    ink = np.asarray(img) > 127
    if ink.sum() < 4:
        return None
    ys, xs = np.nonzero(skeletonize(ink))
    return np.stack([xs, ys], axis=1).astype(np.uint8)


def main(out):
    chars = charset.characters()
    offsets, points, owners = [0], [], []  # owners: (class, face) of each skeleton
    for f, (path, index) in enumerate(FACES):
        covered = cmap_of(path, index)
        font = ImageFont.truetype(path, SIZE, index=index)
        n = 0
        for k, c in enumerate(chars):
            if ord(c) not in covered:
                continue
            s = skeleton(font, c)
            if s is None:
                continue
            points.append(s)
            offsets.append(offsets[-1] + len(s))
            owners.append((k, f))
            n += 1
        print(f"{path}#{index}: {n} of {len(chars)} characters", flush=True)
    # KanjiVG strokes, (x0, y0, x1, y1) on a 256 canvas, in writing order
    strokes = {}
    for group in json.load(open(KANJIDRAW)).values():
        strokes.update(group)
    line_offsets, lines, line_owner = [0], [], []
    index = {c: k for k, c in enumerate(chars)}
    for c, s in strokes.items():
        if c in index:
            lines.append(np.asarray(s, dtype=np.uint8))
            line_offsets.append(line_offsets[-1] + len(s))
            line_owner.append(index[c])
    print(f"kanjidraw: {len(line_owner)} characters")
    np.savez_compressed(
        out, chars=np.array(chars), offsets=np.array(offsets, dtype=np.int64),
        points=np.concatenate(points), owners=np.array(owners, dtype=np.int32),
        line_offsets=np.array(line_offsets, dtype=np.int64), lines=np.concatenate(lines),
        line_owner=np.array(line_owner, dtype=np.int32))


if __name__ == "__main__":
    main(sys.argv[1])
