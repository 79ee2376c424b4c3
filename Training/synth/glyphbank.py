"""Letter shapes of other hands as pen paths: the glyph bank the synthetic writer draws from.

    python3 synth/glyphbank.py OUT.pkl [--size 96]

Each face becomes {character: (strokes, advance)} in one frame: y grows downward, the baseline is
y = 0, the face's x-height (the height of its "x") is 1, and strokes are float arrays of (x, y)
in the order and direction the pen draws them. Three kinds of source:

- single-line SVG fonts (`../shared/data/strokefonts`: EMS, Relief SingleLine, NormStroke): each
  glyph's path is the pen's centre line, drawn as designed;
- Debian's Hershey fonts (`hershey-fonts-data`): script, cursive and simplex faces, vectors in the
  order they were digitized;
- Debian's handwriting outline fonts, each glyph rendered, thinned to a one-pixel skeleton and
  traced back into strokes (a walk from each free end, keeping straight on at crossings), each
  stroke drawn from its upper left end as most hands do.

A face counts as joined (cursive) when most of its lowercase letters reach both edges of their
advance, so that the writer can run one letter's exit into the next letter's entry.
"""
import argparse
import math
import os
import pickle
import re
import sys
import xml.etree.ElementTree as ET

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
STROKEFONTS = os.path.join(HERE, "..", "..", "..", "shared", "data", "strokefonts")
HERSHEY = "/usr/share/hershey-fonts"
HERSHEY_FACES = ["scripts", "scriptc", "cursive", "futural", "rowmans", "timesi"]
# Debian's handwriting outline fonts (package: file), thinned to centre lines
OUTLINE_FACES = [
    ("fonts-bwht", "/usr/share/fonts/opentype/bwht/BecauseWeBuild-Regular.otf"),
    ("fonts-bwht", "/usr/share/fonts/opentype/bwht/BecauseWeConnect-Regular.otf"),
    ("fonts-bwht", "/usr/share/fonts/opentype/bwht/BecauseWeCreate-Regular.otf"),
    ("fonts-bwht", "/usr/share/fonts/opentype/bwht/BecauseWeLearn-Regular.otf"),
    ("fonts-bwht", "/usr/share/fonts/opentype/bwht/BecauseWeMentor-Regular.otf"),
    ("fonts-bwht", "/usr/share/fonts/opentype/bwht/BecauseWeOrganize-Regular.otf"),
    ("fonts-ecolier-court", "/usr/share/fonts/truetype/ecolier-court/Ecolier-court.ttf"),
    ("fonts-dkg-handwriting", "/usr/share/fonts/truetype/fifthhorseman/dkg.ttf"),
    ("fonts-dkg-handwriting", "/usr/share/fonts/truetype/fifthhorseman/dkgIt.ttf"),
    ("fonts-kristi", "/usr/share/fonts/truetype/kristi/Kristi.ttf"),
    ("fonts-dancingscript", "/usr/share/fonts/opentype/dancingscript/DancingScript-Regular.otf"),
    ("fonts-kaushanscript", "/usr/share/fonts/opentype/kaushanscript/KaushanScript-Regular.otf"),
    ("fonts-humor-sans", "/usr/share/fonts/truetype/humor-sans/Humor-Sans.ttf"),
    ("fonts-comic-neue", "/usr/share/fonts/opentype/comic-neue/ComicNeue-Light.otf"),
    ("fonts-comic-neue", "/usr/share/fonts/opentype/comic-neue/ComicNeue-LightItalic.otf"),
    ("fonts-breip", "/usr/share/fonts/truetype/breip/Breip.ttf"),
    ("fonts-rufscript", "/usr/share/fonts/truetype/rufscript/Rufscript010.ttf"),
    ("fonts-sjfonts", "/usr/share/fonts/truetype/sjfonts/Delphine.ttf"),
    ("fonts-sjfonts", "/usr/share/fonts/truetype/sjfonts/SteveHand.ttf"),
    ("fonts-femkeklaver", "/usr/share/fonts/truetype/femkeklaver/femkeklaver.ttf"),
    ("fonts-klee", "/usr/share/fonts/truetype/klee/KleeOne-Regular.ttf"),
    ("fonts-tomsontalks", "/usr/share/fonts/truetype/tomsontalks/TomsonTalks.ttf"),
]
# faces whose shapes are display lettering rather than a hand (left out)
EMS_LEFT_OUT = {"EMSSpaceRocks", "EMSOsmotron", "EMSCapitol", "EMSMistyNight", "EMSHerculean", "EMSSociety"}
# a face whose "X" is at most this many times its "x" has no real lowercase: its hands write capitals
CAPS_ONLY_RATIO = 1.15


# ---- SVG paths -------------------------------------------------------------------------------

_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def _arc_points(p0, rx, ry, phi, large, sweep, p1, n=12):
    """Points of an SVG elliptical arc from p0 to p1 (the endpoint parameterization of SVG 1.1,
    appendix F.6.5), p0 excluded."""
    if rx == 0 or ry == 0 or np.allclose(p0, p1):
        return [p1]
    rx, ry = abs(rx), abs(ry)
    c, s = math.cos(phi), math.sin(phi)
    dx, dy = (p0[0] - p1[0]) / 2, (p0[1] - p1[1]) / 2
    x1, y1 = c * dx + s * dy, -s * dx + c * dy
    lam = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
    if lam > 1:
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    k = math.sqrt(max(num / den, 0.0)) * (-1 if large == sweep else 1)
    cx1, cy1 = k * rx * y1 / ry, -k * ry * x1 / rx
    cx = c * cx1 - s * cy1 + (p0[0] + p1[0]) / 2
    cy = s * cx1 + c * cy1 + (p0[1] + p1[1]) / 2

    def angle(u, v):
        a = math.atan2(u[0] * v[1] - u[1] * v[0], u[0] * v[0] + u[1] * v[1])
        return a

    t1 = angle((1, 0), ((x1 - cx1) / rx, (y1 - cy1) / ry))
    dt = angle(((x1 - cx1) / rx, (y1 - cy1) / ry), ((-x1 - cx1) / rx, (-y1 - cy1) / ry))
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    out = []
    for i in range(1, n + 1):
        t = t1 + dt * i / n
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        out.append((c * ex - s * ey + cx, s * ex + c * ey + cy))
    return out


def _bezier(points, n=8):
    """Points of a quadratic or cubic Bézier, its first control point excluded."""
    p = np.array(points, np.float64)
    ts = np.linspace(0, 1, n + 1)[1:]
    if len(p) == 3:
        return [tuple((1 - t) ** 2 * p[0] + 2 * (1 - t) * t * p[1] + t * t * p[2]) for t in ts]
    return [tuple((1 - t) ** 3 * p[0] + 3 * (1 - t) ** 2 * t * p[1] + 3 * (1 - t) * t * t * p[2] + t ** 3 * p[3])
            for t in ts]


def svg_path_strokes(d):
    """The subpaths of an SVG path as polylines (y as in the font: up)."""
    tokens = _TOKEN.findall(d)
    strokes, cur, start = [], None, (0.0, 0.0)
    pos = (0.0, 0.0)
    last_ctrl = None
    i, cmd = 0, None

    def num():
        nonlocal i
        v = float(tokens[i])
        i += 1
        return v

    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
        rel = cmd.islower()
        c = cmd.upper()
        base = pos if rel else (0.0, 0.0)
        if c == "Z":
            if cur is not None and len(cur) > 1:
                cur.append(start)
            pos = start
            continue
        if c == "M":
            pos = (base[0] + num(), base[1] + num())
            if cur is not None and len(cur) > 1:
                strokes.append(cur)
            cur, start = [pos], pos
            cmd = "l" if rel else "L"
            last_ctrl = None
            continue
        if c == "L":
            pos = (base[0] + num(), base[1] + num())
            new = [pos]
        elif c == "H":
            pos = ((pos[0] if rel else 0.0) + num(), pos[1])
            new = [pos]
        elif c == "V":
            pos = (pos[0], (pos[1] if rel else 0.0) + num())
            new = [pos]
        elif c in "CS":
            if c == "C":
                c1 = (base[0] + num(), base[1] + num())
            else:
                c1 = (2 * pos[0] - last_ctrl[0], 2 * pos[1] - last_ctrl[1]) if last_ctrl else pos
            c2 = (base[0] + num(), base[1] + num())
            end = (base[0] + num(), base[1] + num())
            new = _bezier([pos, c1, c2, end])
            last_ctrl, pos = c2, end
        elif c in "QT":
            if c == "Q":
                c1 = (base[0] + num(), base[1] + num())
            else:
                c1 = (2 * pos[0] - last_ctrl[0], 2 * pos[1] - last_ctrl[1]) if last_ctrl else pos
            end = (base[0] + num(), base[1] + num())
            new = _bezier([pos, c1, end])
            last_ctrl, pos = c1, end
        elif c == "A":
            rx, ry, rot, large, sweep = num(), num(), num(), num(), num()
            end = (base[0] + num(), base[1] + num())
            new = _arc_points(pos, rx, ry, math.radians(rot), bool(large), bool(sweep), end)
            pos = end
        else:
            raise ValueError(f"unknown path command {cmd}")
        if c not in "CSQT":
            last_ctrl = None
        if cur is None:
            cur = [new[0]]
        cur.extend(new)
    if cur is not None and len(cur) > 1:
        strokes.append(cur)
    return [np.array(s, np.float64) for s in strokes]


def svg_font(path):
    """{character: (strokes, advance)} of an SVG font, in font units with y down."""
    root = ET.parse(path).getroot()
    ns = {"s": "http://www.w3.org/2000/svg"}
    font = root.find(".//s:font", ns)
    default_adv = float(font.get("horiz-adv-x", 500))
    out = {}
    for g in font.findall("s:glyph", ns):
        ch = g.get("unicode")
        if not ch or len(ch) != 1:
            continue
        adv = float(g.get("horiz-adv-x", default_adv))
        d = g.get("d")
        strokes = [s * [1, -1] for s in svg_path_strokes(d)] if d else []
        out.setdefault(ch, (strokes, adv))
    return out


# ---- Hershey ---------------------------------------------------------------------------------

def hershey_font(path):
    """{character: (strokes, advance)} of a Hershey .jhf file, whose glyphs are ASCII from the
    space on; coordinates are letters counted from "R", y down; " R" lifts the pen."""
    records, buf = [], ""
    with open(path, encoding="latin-1") as f:
        for line in f:
            line = line.rstrip("\n")
            if buf and len(buf) >= 8 and len(buf) - 8 >= 2 * int(buf[5:8]):
                records.append(buf)
                buf = ""
            buf += line
    if buf:
        records.append(buf)
    out = {}
    for k, rec in enumerate(records):
        ch = chr(32 + k)
        if ch > "~":
            break
        body = rec[8:]
        left, right = ord(body[0]) - 82, ord(body[1]) - 82
        strokes, cur = [], []
        for j in range(2, len(body) - 1, 2):
            pair = body[j:j + 2]
            if pair == " R":
                if len(cur) > 1:
                    strokes.append(np.array(cur, np.float64))
                cur = []
                continue
            cur.append((ord(pair[0]) - 82 - left, ord(pair[1]) - 82))
        if len(cur) > 1:
            strokes.append(np.array(cur, np.float64))
        out[ch] = (strokes, float(right - left))
    return out


# ---- outline fonts, thinned ------------------------------------------------------------------

_NEIGHBOURS = [(-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1)]


def trace_skeleton(skel):
    """A one-pixel skeleton as pen strokes: walks from each free end (upper left first), going
    on at each pixel to the unvisited neighbour that turns least, ending at a visited pixel where
    the walk meets ink already drawn; loops left over are walked from their upper-left pixel."""
    ys, xs = np.nonzero(skel)
    pixels = set(zip(xs.tolist(), ys.tolist()))

    def nbrs(p):
        return [(p[0] + dx, p[1] + dy) for dx, dy in _NEIGHBOURS if (p[0] + dx, p[1] + dy) in pixels]

    visited = set()
    strokes = []

    def walk(start):
        path, prev, cur = [start], None, start
        visited.add(start)
        while True:
            options = [n for n in nbrs(cur) if n not in visited]
            if not options:
                ends = [n for n in nbrs(cur) if n != prev and n not in path[-3:]]
                if ends and len(path) > 1:
                    path.append(ends[0])
                break
            if prev is None:
                options.sort(key=lambda n: abs(n[0] - cur[0]) + abs(n[1] - cur[1]))
                nxt = options[0]
            else:
                d = (cur[0] - prev[0], cur[1] - prev[1])
                nxt = max(options, key=lambda n: ((n[0] - cur[0]) * d[0] + (n[1] - cur[1]) * d[1])
                          / math.hypot(n[0] - cur[0], n[1] - cur[1]))
            visited.add(nxt)
            path.append(nxt)
            prev, cur = cur, nxt
        return path

    def order_key(p):
        return p[0] + 2 * p[1]

    while True:
        free = [p for p in pixels if p not in visited]
        if not free:
            break
        ends = [p for p in free if sum(1 for n in nbrs(p) if n not in visited) <= 1]
        start = min(ends or free, key=order_key)
        path = walk(start)
        if len(path) >= 3:
            strokes.append(np.array(path, np.float64))
    # each stroke from its upper-left end, as a hand draws it
    return [s if order_key(s[0]) <= order_key(s[-1]) else s[::-1] for s in strokes]


def outline_font(path, characters, size):
    """{character: (strokes, advance)} of an outline font rendered at `size` pixels an em,
    thinned and traced; y down with the baseline at 0."""
    from PIL import Image, ImageDraw, ImageFont
    from skimage.morphology import skeletonize

    from fontTools.ttLib import TTFont

    font = ImageFont.truetype(path, size)
    covered = {chr(c) for c in (TTFont(path).getBestCmap() or {})}
    out = {}
    pad = size
    for ch in sorted(characters & covered):  # a character outside the cmap renders as a box
        try:
            adv = font.getlength(ch)
        except Exception:
            continue
        img = Image.new("L", (int(adv) + 2 * pad, 3 * size), 0)
        ImageDraw.Draw(img).text((pad, 2 * size), ch, font=font, fill=255, anchor="ls")
        ink = np.asarray(img) > 127
        if ink.sum() < 3:
            continue
        strokes = trace_skeleton(skeletonize(ink))
        strokes = [simplify(s - [pad, 2 * size], 0.6) for s in strokes]
        if strokes:
            out[ch] = (strokes, float(adv))
    return out


# ---- normalization ---------------------------------------------------------------------------

def simplify(points, tolerance):
    """Ramer-Douglas-Peucker: the polyline's corners within `tolerance`."""
    if len(points) < 3:
        return points
    a, b = points[0], points[-1]
    ab = b - a
    norm = math.hypot(*ab)
    if norm == 0:
        dist = np.hypot(*(points - a).T)
    else:
        dist = np.abs(ab[0] * (points[:, 1] - a[1]) - ab[1] * (points[:, 0] - a[0])) / norm
    k = int(np.argmax(dist))
    if dist[k] <= tolerance:
        return np.array([a, b])
    return np.concatenate([simplify(points[:k + 1], tolerance)[:-1], simplify(points[k:], tolerance)])


def normalized(glyphs):
    """The face rescaled so its "x" is one unit high and sits on y = 0; None without an "x"."""
    x = glyphs.get("x")
    if not x or not x[0]:
        return None
    ys = np.concatenate(x[0])[:, 1]
    base, height = float(ys.max()), float(np.ptp(ys))
    if height <= 0:
        return None
    return {ch: ([(s - [0.0, base]) / height for s in st], adv / height) for ch, (st, adv) in glyphs.items()}


def plausible(strokes, adv):
    """Whether a normalized glyph sits where letters sit (a broken or decorative glyph does not)."""
    if not strokes:
        return True
    p = np.concatenate(strokes)
    return (0 < adv < 5 and p[:, 1].min() > -4 and p[:, 1].max() < 2.5
            and p[:, 0].min() > -1.5 and p[:, 0].max() < adv + 1.5)


def raster(strokes, n=24):
    """The glyph's strokes drawn into an n×n box fitted to its ink, as a boolean array."""
    from PIL import Image, ImageDraw
    p = np.concatenate(strokes)
    lo, span = p.min(axis=0), np.maximum(np.ptp(p, axis=0), 1e-6)
    img = Image.new("1", (n, n), 0)
    d = ImageDraw.Draw(img)
    for s in strokes:
        d.line([tuple((q - lo) / span * (n - 1)) for q in s], fill=1, width=2)
    return np.asarray(img, bool)


def has_lowercase(glyphs):
    """Whether the face's lowercase letters differ from its capitals (small-caps and all-caps faces
    draw "a" as a small "A": their hands write capitals)."""
    overlap = []
    for ch in "abdeghnqr":
        lo, up = glyphs.get(ch), glyphs.get(ch.upper())
        if lo and up and lo[0] and up[0]:
            a, b = raster(lo[0]), raster(up[0])
            overlap.append((a & b).sum() / max((a | b).sum(), 1))
    return not overlap or float(np.mean(overlap)) < 0.45


def is_joined(glyphs):
    """Whether most lowercase letters reach both edges of their advance (a connected script)."""
    reach = []
    for ch in "acdehiklmnstu":
        if ch in glyphs and glyphs[ch][0]:
            xs = np.concatenate(glyphs[ch][0])[:, 0]
            adv = glyphs[ch][1]
            reach.append(xs.min() <= 0.12 * adv and xs.max() >= 0.88 * adv)
    return bool(reach) and float(np.mean(reach)) > 0.6


def build(size, characters):
    faces = []

    def add(name, source, licence, glyphs):
        glyphs = normalized({c: g for c, g in glyphs.items() if c in characters})
        if glyphs is not None:
            glyphs = {c: g for c, g in glyphs.items() if plausible(*g)}
        if glyphs is None or sum(1 for c in "abcdefghijklmnopqrstuvwxyz" if c in glyphs) < 26:
            print(f"left out {name}: lowercase incomplete", file=sys.stderr)
            return
        big_x = glyphs.get("X")
        caps_only = (bool(big_x and big_x[0] and np.ptp(np.concatenate(big_x[0])[:, 1]) < CAPS_ONLY_RATIO)
                     or not has_lowercase(glyphs))
        faces.append({"name": name, "source": source, "licence": licence, "joined": is_joined(glyphs),
                      "caps_only": caps_only, "glyphs": glyphs})
        print(f"{name}: {len(glyphs)} glyphs, joined {faces[-1]['joined']}", file=sys.stderr)

    ems = os.path.join(STROKEFONTS, "ems")
    for f in sorted(os.listdir(ems)):
        name = f[:-4]
        if f.endswith(".svg") and name not in EMS_LEFT_OUT:
            add(name, f"strokefonts/ems/{f}", "OFL-1.1", svg_font(os.path.join(ems, f)))
    add("ReliefSingleLine", "strokefonts/relief", "OFL-1.1",
        svg_font(os.path.join(STROKEFONTS, "relief", "ReliefSingleLineSVG-Regular.svg")))
    add("NormStroke", "strokefonts/normstroke", "CC0-1.0", svg_font(os.path.join(STROKEFONTS, "normstroke", "NormStroke.svg")))
    for h in HERSHEY_FACES:
        path = os.path.join(HERSHEY, h + ".jhf")
        if os.path.exists(path):
            add("Hershey-" + h, "hershey-fonts-data", "Hershey (NBS acknowledgement)", hershey_font(path))
    for package, path in OUTLINE_FACES:
        if os.path.exists(path):
            add(os.path.basename(path).rsplit(".", 1)[0], package, "see /usr/share/doc/" + package + "/copyright",
                outline_font(path, characters, size))
        else:
            print(f"missing {path} (apt-get install {package})", file=sys.stderr)
    return faces


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--size", type=int, default=96, help="pixels an em for the outline fonts")
    args = ap.parse_args()
    sys.path.insert(0, os.path.join(HERE, ".."))
    import alphabet
    characters = set(alphabet.CHARS)
    faces = build(args.size, characters)
    with open(args.out + ".tmp", "wb") as f:
        pickle.dump(faces, f)
    os.replace(args.out + ".tmp", args.out)
    print(f"{len(faces)} faces ({sum(not f['source'].startswith(('strokefonts', 'hershey')) for f in faces)} thinned)"
          f" -> {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
