"""Skeletons of every class character in a set's CJK font faces Debian installs, and KanjiVG's
strokes (as Debian's python3-kanjidraw carries them: each stroke its start and end point).

A font glyph is a filled outline whose stroke width and serifs belong to the typeface; its
one-pixel skeleton is the pen's path, which `synth.py` redraws with a pen of any width, as
handwriting is rendered at recognition time (Sources/Recognition/CJK/CharacterRaster.swift).

    python cjk/glyphs.py OUT.npz [--set hant-ko] [--held-out]

`--set` names the class set (`charset.py`) and with it the faces; `--held-out` takes the set's
held-out faces instead, never trained on, each for the one language it is held out for (the
held-out-font test of `measure_cjk.py`).
"""
import argparse
import json

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
NOTO_SANS = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
NOTO_SERIF = "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc"
TT = "/usr/share/fonts/truetype/"
# The second network's faces (file, face index, the language whose classes it gives, None: all it
# covers): Traditional Chinese in sans, ming and kai; Korean in gothic, myeongjo, brush and the
# handwriting faces (Nanum Pen and Brush Script, UnPilgi, UnPen); the Korean faces' hanja
# (traditional forms) only from three faces of distinct style
HANT_KO_FACES = [
    (NOTO_SANS, 3, "zh-Hant"),  # Noto Sans CJK TC
    (TT + "arphic/uming.ttc", 2, None),  # AR PL UMing TW
    (TT + "arphic/ukai.ttc", 2, None),  # AR PL UKai TW
    (TT + "arphic-bkai00mp/bkai00mp.ttf", 0, None),  # AR PL KaitiM Big5
    (TT + "arphic-bsmi00lp/bsmi00lp.ttf", 0, None),  # AR PL Mingti2L Big5
    (TT + "cns11643/TW-Kai-98_1.ttf", 0, "zh-Hant"),  # TW-Kai (CNS 11643)
    (NOTO_SANS, 1, "ko"),  # Noto Sans CJK KR
    (NOTO_SERIF, 1, "ko"),  # Noto Serif CJK KR
    (TT + "nanum/NanumGothic.ttf", 0, "ko"),
    (TT + "nanum/NanumMyeongjo.ttf", 0, "ko"),
    (TT + "nanum/NanumBarunGothic.ttf", 0, "ko"),
    (TT + "nanum/NanumBarunpenR.ttf", 0, "ko"),
    (TT + "nanum/NanumSquareRoundR.ttf", 0, "ko"),
    (TT + "nanum/NanumPen.ttf", 0, "ko"),  # Nanum Pen Script
    (TT + "nanum/NanumBrush.ttf", 0, "ko"),  # Nanum Brush Script
    (TT + "unfonts-core/UnBatang.ttf", 0, None),
    (TT + "unfonts-core/UnDotum.ttf", 0, "ko"),
    (TT + "unfonts-core/UnGungseo.ttf", 0, None),
    (TT + "unfonts-core/UnPilgi.ttf", 0, "ko"),
    (TT + "unfonts-core/UnGraphic.ttf", 0, "ko"),
    (TT + "unfonts-extra/UnPen.ttf", 0, "ko"),
    (TT + "baekmuk/batang.ttf", 0, None),
    (TT + "baekmuk/dotum.ttf", 0, "ko"),
]
# held out from training: a kai and a ming face of Traditional Chinese, a cursive pen hand and a
# gulim of Korean
HANT_KO_HELD_OUT = [
    (TT + "cwtex/cwkai.ttf", 0, "zh-Hant"),  # cwTeXKai
    (NOTO_SERIF, 3, "zh-Hant"),  # Noto Serif CJK TC
    (TT + "unfonts-extra/UnPenheulim.ttf", 0, "ko"),
    (TT + "baekmuk/gulim.ttf", 0, "ko"),
]
SIZE = 96  # pixels of the rendered glyph's em square
KANJIDRAW = "/usr/lib/python3/dist-packages/kanjidraw/data.json"


def cmap_of(path, index):
    font = TTCollection(path).fonts[index] if path.endswith(".ttc") else TTFont(path)
    return set(font.getBestCmap() or {})


def skeleton(font, c):
    """The glyph's skeleton pixels as (x, y) rows, or None when it renders empty."""
    # placed by its ink's box, not the font's ascent: drawn at a fixed origin, the glyphs of faces
    # with a tall ascent (Noto CJK, the Un fonts) lost their bottom to the canvas's edge
    left, top, right, bottom = font.getbbox(c)
    if right - left > SIZE + 40 or bottom - top > SIZE + 40:
        return None
    img = Image.new("L", (right - left + 16, bottom - top + 16), 0)
    ImageDraw.Draw(img).text((8 - left, 8 - top), c, font=font, fill=255)
    ink = np.asarray(img) > 127
    if ink.sum() < 4:
        return None
    ys, xs = np.nonzero(skeletonize(ink))
    return np.stack([xs, ys], axis=1).astype(np.uint8)


def faces(name, held_out):
    if name == "hant-ko":
        return HANT_KO_HELD_OUT if held_out else HANT_KO_FACES
    assert not held_out, "the first set has no held-out faces"
    return [(path, index, None) for path, index in FACES]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--set", default="cjk", choices=["cjk", "hant-ko"])
    ap.add_argument("--held-out", action="store_true")
    args = ap.parse_args()
    chars = charset.characters(args.set)
    languages = charset.languages(args.set)
    chosen = faces(args.set, args.held_out)
    offsets, points, owners = [0], [], []  # owners: (class, face) of each skeleton
    for f, (path, index, language) in enumerate(chosen):
        covered = cmap_of(path, index)
        if language:
            covered &= set(map(ord, languages[language]))
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
    faces_text = [f"{path}#{index}" for path, index, _ in chosen]
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
    if args.held_out:  # fonts only: KanjiVG's strokes are trained on
        lines, line_owner = [np.zeros((0, 4), np.uint8)], []
        line_offsets = [0]
    np.savez_compressed(
        args.out, chars=np.array(chars), faces=np.array(faces_text), offsets=np.array(offsets, dtype=np.int64),
        points=np.concatenate(points), owners=np.array(owners, dtype=np.int32),
        line_offsets=np.array(line_offsets, dtype=np.int64), lines=np.concatenate(lines),
        line_owner=np.array(line_owner, dtype=np.int32))


if __name__ == "__main__":
    main()
