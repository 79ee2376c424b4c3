#!/usr/bin/env python3
"""Make SampleNotebooks/: real handwriting laid out as notebooks in every format we read.

Takes UNIPEN text lines and words of a few `train` writers (../shared/data/unipen, CC BY 4.0; the
`dev` writers are never used, so the samples cannot leak into evaluation), lays each writer's ink
out on A4 pages (points, y down) as a note-taker would write it: sentences one per row, short
words flowed along rows, at the writer's own proportions scaled to a believable size. Writes:

    xournal/lecture-notes.xopp       Xournal++ (gzip XML, file version 4), 3 pages, typed title
    inkml/meeting-notes-N.inkml      W3C InkML, 2 pages, one per file (X Y channels, a brush)
    svg/sketch-page-N.svg            plain SVG, one page per file, cubic Bezier paths
    svg/write-notes.svg              Stylus Labs Write document, 2 pages, polyline paths
    json/journal.json                notebook-index native JSON (docs/native-json.md), 2 pages
    rnote/study-notes.rnote          Rnote 0.15 (gzip JSON, continuous layout, A4 at 72 dpi), 2 pages
    saber/class-notes.sbn2           Saber (BSON, file version 19, binary points), 2 pages
    wacom/ideas.uim                  Wacom Universal Ink Model 3.1, one page
    wacom/notes.will                Wacom WILL data, one page
    isf/whiteboard.isf              Windows Ink Serialized Format, one page (Huffman and bit-packed)

and truth.json: every placed sample with its file (relative to SampleNotebooks/), page (from 0,
as in `query --json`), label, kind (word or line) and box [x, y, width, height] in page points.

Deterministic: the same data and seed give byte-identical files (gzip without a timestamp).

Usage: tools/make_samples.py [--unipen ../shared/data/unipen] [--out SampleNotebooks] [--seed 4]
"""
import argparse
import gzip
import io
import json
import math
import os
import random
import re
import uuid
from collections import defaultdict

from ink_formats import rnote_brushstroke, saber_stroke, write_isf, write_rnote, write_saber, write_uim31, write_will

PAGE_W, PAGE_H = 595.28, 841.89  # A4 in points
MARGIN_L, MARGIN_R, MARGIN_T, MARGIN_B = 56.0, 44.0, 64.0, 56.0
LINE_HEIGHT = 24.0  # median ink height of a writer's text lines on the page, in points
WORD_GAP = 0.55  # horizontal gap between items, times LINE_HEIGHT
MIN_STEP = 1.1  # points closer than this (points) to the last kept one are dropped
CREATED = 786_000_000.0  # native JSON stroke times: seconds since 2001-01-01 (2025-11-29)

WORD_RE = re.compile(r"^[A-Za-z][a-z]{2,}$")


# ---------------------------------------------------------------------------------------- data

def records(path, keep=None):
    """JSON records of a gzip JSONL file; `keep(line)` filters raw lines before parsing."""
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            if line.strip() and (keep is None or keep(line)):
                yield json.loads(line)


def load_lexicon(root):
    """The recognizer's English word list (lower case), to keep prose and drop drills and code."""
    path = os.path.join(root, "Sources", "Recognition", "Resources", "words-en.txt")
    with open(path, encoding="utf-8") as f:
        return {w.strip().lower() for w in f if w.strip()}


def usable_line(s, lexicon):
    """A single physical line of English prose: 3 to 9 words, nearly all of them in the lexicon."""
    words = [w.strip(".,;:!?'\"()-").lower() for w in s["label"].split()]
    words = [w for w in words if w]
    if s.get("n_lines", 1) > 1 or not 3 <= len(words) <= 9:
        return False
    return (sum(w in lexicon for w in words) >= 0.9 * len(words)
            and sum(len(w) >= 2 for w in words) >= 0.8 * len(words))  # no alphabet drills


def usable_word(s, lexicon):
    return (WORD_RE.match(s["label"]) is not None and s["label"].lower() in lexicon
            and sum(len(st) for st in s["strokes"]) >= 8)


def ink_box(strokes):
    xs = [p[0] for st in strokes for p in st]
    ys = [p[1] for st in strokes for p in st]
    return min(xs), min(ys), max(xs), max(ys)


def load_writers(unipen, count, lexicon, rng):
    """Picks `count` train writers with enough prose lines and words; returns their samples."""
    lines = defaultdict(list)
    for s in records(os.path.join(unipen, "train-lines.jsonl.gz")):
        if usable_line(s, lexicon):
            lines[(s["contributor"], s["writer"])].append(s)
    candidates = sorted(k for k, v in lines.items() if len(v) >= 40)
    # Distinct contributors first, so the notebooks look like different people's hands.
    rng.shuffle(candidates)
    chosen, seen = [], set()
    for key in candidates:
        if key[0] not in seen:
            chosen.append(key)
            seen.add(key[0])
    chosen += [k for k in candidates if k not in chosen]
    chosen = chosen[: count * 2]
    wanted = {f'"writer":"{w}"' for _, w in chosen}
    words = defaultdict(list)
    for s in records(os.path.join(unipen, "train-words.jsonl.gz"),
                     keep=lambda line: any(w in line for w in wanted)):
        key = (s["contributor"], s["writer"])
        if key in lines and usable_word(s, lexicon):
            words[key].append(s)
    writers = [k for k in chosen if len(words[k]) >= 60][:count]
    if len(writers) < count:
        raise SystemExit(f"only {len(writers)} writers have enough lines and words")
    return [(k, lines[k], words[k]) for k in writers]


# -------------------------------------------------------------------------------------- layout

def thin(points, scale):
    """Drops points closer than MIN_STEP to the last kept one (keeping the last point)."""
    out = [points[0]]
    for p in points[1:]:
        if math.dist(p, out[-1]) * scale >= MIN_STEP:
            out.append(p)
    if len(points) > 1 and out[-1] is not points[-1]:
        out.append(points[-1])
    return out


def writer_scale(lines):
    heights = sorted(ink_box(s["strokes"])[3] - ink_box(s["strokes"])[1] for s in lines)
    return LINE_HEIGHT / max(heights[len(heights) // 2], 1e-6)


def page_items(lines, words, rng):
    """An endless stream of (sample, kind): a sentence or two, then a few words, and so on."""
    li = wi = 0
    while True:
        for _ in range(rng.choice((1, 2, 2, 3))):
            yield lines[li % len(lines)], "line"
            li += 1
        for _ in range(rng.choice((2, 3, 4))):
            yield words[wi % len(words)], "word"
            wi += 1


def layout(stream, scale, page_count):
    """Places items in rows on pages; returns pages of (sample, kind, strokes, box)."""
    width = PAGE_W - MARGIN_L - MARGIN_R
    gap = WORD_GAP * LINE_HEIGHT
    pages, page, y = [], [], MARGIN_T
    row, row_w = [], 0.0

    def flush_row():
        nonlocal y, row, row_w, page
        if not row:
            return True
        row_h = max(h for _, _, _, h, _ in row)
        if y + row_h > PAGE_H - MARGIN_B:
            pages.append(page)
            page, y = [], MARGIN_T
            if len(pages) == page_count:
                return False
        x = MARGIN_L
        for s, kind, w, h, sc in row:
            x0, y0, _, _ = ink_box(s["strokes"])
            top = y + (row_h - h) / 2  # centred on the row
            strokes = [[(round(x + (p[0] - x0) * sc, 1), round(top + (p[1] - y0) * sc, 1))
                        for p in thin(st, sc)] for st in s["strokes"]]
            page.append((s, kind, strokes, (round(x, 2), round(top, 2), round(w, 2), round(h, 2))))
            x += w + gap
        y += row_h + max(0.5 * row_h, 12.0)
        row, row_w = [], 0.0
        return True

    for s, kind in stream:
        x0, y0, x1, y1 = ink_box(s["strokes"])
        sc = scale
        w, h = (x1 - x0) * sc, (y1 - y0) * sc
        if w > width:  # a long sentence: shrink it to the text width
            shrink = width / w
            sc, w, h = sc * shrink, width, h * shrink
        if h > 3 * LINE_HEIGHT:  # oddly tall ink: skip rather than fill a page with it
            continue
        if row and (kind == "line" or row_w + gap + w > width):
            if not flush_row():
                return pages
        row.append((s, kind, w, h, sc))
        row_w += (gap if len(row) > 1 else 0) + w
    return pages


# ------------------------------------------------------------------------------------- writers

def fmt(v):
    return f"{v:.1f}".rstrip("0").rstrip(".")


def gzip_bytes(text):
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0, filename="") as f:
        f.write(text.encode("utf-8"))
    return buf.getvalue()


def xml_escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def write_xopp(path, pages, title, rng):
    """Xournal++ file version 4: one layer per page, pen strokes with pressure widths."""
    out = ['<?xml version="1.0" standalone="no"?>',
           '<xournal creator="xournalpp 1.2.3" fileversion="4">',
           "<title>Xournal++ document - see https://xournalpp.github.io/</title>"]
    for n, items in enumerate(pages):
        out.append(f'<page width="{PAGE_W}" height="{PAGE_H}">')
        out.append('<background type="solid" color="#ffffffff" style="lined"/>')
        out.append("<layer>")
        if n == 0:
            out.append(f'<text font="Sans" size="14" x="{MARGIN_L}" y="24" color="#1a1a1aff">'
                       f"{xml_escape(title)}</text>")
        for _, _, strokes, _ in items:
            for st in strokes:
                base = 1.2
                widths = " ".join(fmt(base * (0.8 + 0.4 * rng.random())) for _ in st[1:]) if len(st) > 1 else ""
                width = fmt(base) + (" " + widths if widths else "")
                coords = " ".join(f"{fmt(x)} {fmt(y)}" for x, y in st)
                out.append(f'<stroke tool="pen" color="#000080ff" width="{width}">{coords}</stroke>')
        out.append("</layer>")
        out.append("</page>")
    out.append("</xournal>")
    with open(path, "wb") as f:
        f.write(gzip_bytes("\n".join(out) + "\n"))


def write_inkml(path, items):
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<ink xmlns="http://www.w3.org/2003/InkML">',
           "  <definitions>",
           '    <traceFormat xml:id="xy"><channel name="X" type="decimal"/><channel name="Y" type="decimal"/></traceFormat>',
           '    <brush xml:id="pen"><brushProperty name="width" value="1.1" units="pt"/>'
           '<brushProperty name="color" value="#202020"/></brush>',
           '    <context xml:id="ctx" traceFormatRef="#xy" brushRef="#pen"/>',
           "  </definitions>",
           '  <traceGroup contextRef="#ctx">']
    n = 0
    for _, _, strokes, _ in items:
        for st in strokes:
            out.append(f'    <trace xml:id="t{n}" contextRef="#ctx" brushRef="#pen">'
                       + ", ".join(f"{fmt(x)} {fmt(y)}" for x, y in st) + "</trace>")
            n += 1
    out += ["  </traceGroup>", "</ink>"]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


def bezier_path(st):
    """Catmull-Rom through the points as cubic Béziers (a single point becomes a dot)."""
    if len(st) == 1:
        x, y = st[0]
        return f"M{fmt(x)} {fmt(y)}l0.01 0"
    d = [f"M{fmt(st[0][0])} {fmt(st[0][1])}"]
    for i in range(len(st) - 1):
        p0, p1, p2 = st[max(i - 1, 0)], st[i], st[i + 1]
        p3 = st[min(i + 2, len(st) - 1)]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        d.append(f"C{fmt(c1[0])} {fmt(c1[1])} {fmt(c2[0])} {fmt(c2[1])} {fmt(p2[0])} {fmt(p2[1])}")
    return "".join(d)


def write_svg(path, items):
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<svg xmlns="http://www.w3.org/2000/svg" width="{PAGE_W}pt" height="{PAGE_H}pt" '
           f'viewBox="0 0 {PAGE_W} {PAGE_H}">',
           f'  <rect width="{PAGE_W}" height="{PAGE_H}" fill="#ffffff"/>',
           '  <g fill="none" stroke="#111111" stroke-width="1.3" stroke-linecap="round" stroke-linejoin="round">']
    for _, _, strokes, _ in items:
        for st in strokes:
            out.append(f'    <path d="{bezier_path(st)}"/>')
    out += ["  </g>", "</svg>"]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


def write_stylus_labs(path, pages):
    """A Stylus Labs Write document: nested page <svg>s stacked vertically, ruling, pen paths
    as `M` then relative `l` commands with a translate, as Write saves them."""
    pw, ph = round(PAGE_W), round(PAGE_H)
    total_h = len(pages) * (ph + 10) + 10
    out = ['<svg id="write-document" xmlns="http://www.w3.org/2000/svg" '
           'xmlns:xlink="http://www.w3.org/1999/xlink">',
           f'<rect id="write-doc-background" width="{pw + 20}" height="{total_h}" fill="#808080"/>',
           '<defs id="write-defs"><script type="text/writeconfig">'
           '<int name="docFormatVersion" value="2" /><int name="pageNum" value="0" /></script></defs>']
    for n, items in enumerate(pages):
        out.append(f'<svg class="write-page" color-interpolation="linearRGB" x="10" y="{10 + n * (ph + 10)}" '
                   f'width="{pw}px" height="{ph}px" xmlns="http://www.w3.org/2000/svg">')
        out.append(f'<g class="write-content write-v3" width="{pw}" height="{ph}" xruling="0" yruling="40" '
                   'marginLeft="100" papercolor="#FFFFFF" rulecolor="#FF0000FF">')
        out.append('<g class="ruleline write-std-ruling write-scale-down" fill="none" stroke="none" '
                   'stroke-width="1" shape-rendering="crispEdges" vector-effect="non-scaling-stroke">')
        out.append(f'<rect class="pagerect" fill="#FFFFFF" stroke="none" x="0" y="0" width="{pw}" height="{ph}" />')
        rules = " ".join(f"M0 {y} l{pw} 0" for y in range(80, ph, 40))
        out.append(f'<path stroke="#0000FF" class="ruleline" d="{rules}"/>')
        out.append("</g>")
        for k, (_, _, strokes, _) in enumerate(items):
            for st in strokes:
                x0, y0 = st[0]
                rel = " ".join(f"{fmt(x - px)} {fmt(y - py)}" for (px, py), (x, y) in zip(st, st[1:]))
                d = f"M0 0 l{rel}" if rel else "M0 0 l0.01 0"
                stamp = hex(1764442800000 + n * 600_000 + k * 1500)
                out.append(f'<path class="write-stroke-pen" stroke="#000000" stroke-width="1.4" fill="none" '
                           f'transform="translate({fmt(x0)},{fmt(y0)})" __timestamp="{stamp}" d="{d}"/>')
        out.append("</g>")
        out.append("</svg>")
    out.append("</svg>")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


def write_native_json(path, pages, title, rng):
    """notebook-index JSON, version 1: strokes with UUIDs, B-spline control points, ink."""
    def q(s):
        return json.dumps(s, ensure_ascii=False)

    out = [f'{{"format":"notebook-index","version":1,"title":{q(title)},"pages":[']
    for n, items in enumerate(pages):
        head = f'{{"size":{{"width":{PAGE_W},"height":{PAGE_H}}},"texts":['
        if n == 0:
            head += f'{{"text":{q(title)},"bounds":{{"x":{MARGIN_L},"y":20,"width":160,"height":18}}}}'
        head += '],"strokes":['
        strokes = []
        t = CREATED + n * 3600
        for _, _, sts, _ in items:
            for st in sts:
                sid = str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper()
                # Points: [x, y, t]; a pen moving about 150 points per second.
                pts, dt, prev = [], 0.0, st[0]
                for x, y in st:
                    dt += math.dist((x, y), prev) / 150.0
                    prev = (x, y)
                    pts.append(f"[{fmt(x)},{fmt(y)},{fmt(dt)}]")
                strokes.append(f'{{"id":"{sid}","ink":{{"kind":"pen","color":[0.05,0.05,0.2,1],"width":1.3}},'
                               f'"created":{t:.2f},"points":[{",".join(pts)}]}}')
                t += dt + 0.25
        out.append(("," if n else "") + head + "\n" + ",\n".join(strokes) + "\n]}")
    out.append("]}")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


def pen_pressure(stroke):
    """Synthetic pen pressure along a stroke: light at the ends, firmer in the middle."""
    n = max(len(stroke) - 1, 1)
    return [(x, y, round(0.45 + 0.4 * math.sin(math.pi * k / n), 3)) for k, (x, y) in enumerate(stroke)]


def write_rnote_notes(path, pages):
    """Rnote 0.15, continuous vertical layout of A4 pages at 72 dpi (so page units are points):
    page n's ink sits n page heights down the canvas."""
    strokes = []
    for n, items in enumerate(pages):
        for _, _, sts, _ in items:
            for st in sts:
                pts = [(x, y + n * PAGE_H, p) for x, y, p in pen_pressure(st)]
                strokes.append((rnote_brushstroke(pts, width=1.6, color=(0.05, 0.05, 0.2, 1.0)), "user_layer"))
    write_rnote(path, strokes, (PAGE_W, PAGE_H), len(pages), dpi=72.0)


def write_saber_notes(path, pages):
    """Saber, file version 19 (BSON, points as float32 x, y, pressure), A4-sized pages in points."""
    write_saber(path, [([saber_stroke(pen_pressure(st), size=1.6, color=0xFF0D0D33, binary=True)
                         for _, _, sts, _ in items for st in sts], "") for items in pages], (PAGE_W, PAGE_H))


# ---------------------------------------------------------------------------------------- main

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--unipen", default=os.path.join(root, "..", "shared", "data", "unipen"))
    ap.add_argument("--out", default=os.path.join(root, "SampleNotebooks"))
    ap.add_argument("--seed", type=int, default=4)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    notebooks = [  # (file name, pages); one writer each. New formats go last: earlier files stay as they are.
        ("xournal/lecture-notes.xopp", 3),
        ("inkml/meeting-notes-{}.inkml", 2),
        ("svg/sketch-page-{}.svg", 2),
        ("svg/write-notes.svg", 2),
        ("json/journal.json", 2),
        ("rnote/study-notes.rnote", 2),
        ("saber/class-notes.sbn2", 2),
        ("wacom/ideas.uim", 1),
        ("wacom/notes.will", 1),
        ("isf/whiteboard.isf", 1),
    ]
    writers = load_writers(args.unipen, len(notebooks), load_lexicon(root), rng)
    truth = {"source": "UNIPEN train_r01_v07 (train writers), CC BY 4.0; see README.md",
             "page_size": [PAGE_W, PAGE_H], "units": "points, y down, origin top-left of the page",
             "notebooks": [], "items": []}
    for sub in ("xournal", "inkml", "svg", "json", "rnote", "saber", "wacom", "isf"):
        os.makedirs(os.path.join(args.out, sub), exist_ok=True)

    for (name, count), (key, lines, words) in zip(notebooks, writers):
        lines, words = sorted(lines, key=lambda s: s["id"]), sorted(words, key=lambda s: s["id"])
        rng.shuffle(lines)
        rng.shuffle(words)
        pages = layout(page_items(lines, words, rng), writer_scale(lines), count)
        title = {"xournal": "Lecture notes, week 3", "json": "Journal"}.get(name.split("/")[0], "")
        if name.endswith(".xopp"):
            write_xopp(os.path.join(args.out, name), pages, title, rng)
            places = [(name, n) for n in range(len(pages))]
        elif name.endswith(".inkml"):
            places = []
            for n, items in enumerate(pages):
                write_inkml(os.path.join(args.out, name.format(n + 1)), items)
                places.append((name.format(n + 1), 0))
        elif "sketch" in name:
            places = []
            for n, items in enumerate(pages):
                write_svg(os.path.join(args.out, name.format(n + 1)), items)
                places.append((name.format(n + 1), 0))
        elif name.endswith(".svg"):
            write_stylus_labs(os.path.join(args.out, name), pages)
            places = [(name, n) for n in range(len(pages))]
        elif name.endswith(".rnote"):
            write_rnote_notes(os.path.join(args.out, name), pages)
            places = [(name, n) for n in range(len(pages))]
        elif name.endswith(".sbn2"):
            write_saber_notes(os.path.join(args.out, name), pages)
            places = [(name, n) for n in range(len(pages))]
        elif name.endswith(".uim"):
            write_uim31(os.path.join(args.out, name), [pen_pressure(st) for _, _, sts, _ in pages[0] for st in sts], rng)
            places = [(name, 0)]
        elif name.endswith(".isf"):
            write_isf(os.path.join(args.out, name), [pen_pressure(st) for _, _, sts, _ in pages[0] for st in sts])
            places = [(name, 0)]
        elif name.endswith(".will"):
            write_will(os.path.join(args.out, name), [st for _, _, sts, _ in pages[0] for st in sts])
            places = [(name, 0)]
        else:
            write_native_json(os.path.join(args.out, name), pages, title, rng)
            places = [(name, n) for n in range(len(pages))]
        truth["notebooks"].append({"files": sorted({f for f, _ in places}), "writer": f"{key[0]}/{key[1]}",
                                   "pages": len(pages)})
        for (file, page), items in zip(places, pages):
            for s, kind, _, box in items:
                truth["items"].append({"file": file, "page": page, "label": s["label"], "kind": kind,
                                       "box": list(box), "unipen": s["id"]})
    with open(os.path.join(args.out, "truth.json"), "w", encoding="utf-8") as f:
        json.dump(truth, f, indent=1)
        f.write("\n")
    n_pages = sum(nb["pages"] for nb in truth["notebooks"])
    n_words = sum(len(it["label"].split()) for it in truth["items"])
    print(f"{len(truth['notebooks'])} notebooks, {n_pages} pages, {len(truth['items'])} samples "
          f"({n_words} words) written to {args.out}")


if __name__ == "__main__":
    main()
