#!/usr/bin/env python3
"""Label real strokes by eye: draw a notebook page with every stroke numbered, write a label
template for it, and fill the template in from the command line.

The layout benchmark (Benchmarks/bench_layout.py) needs, for real pages, each stroke's class
(writing, drawing, markup) and which strokes form one line, keyed by the stroke IDs the reader
gives (what `notebook-index text --json` prints for each word), so that labels hold no ink and
survive any change of the reader but a change of the file. The command prints no stroke points, so
this tool reads the ink itself for the formats whose IDs are derived from the file (StableStrokeID:
SHA-1 of the file's bytes, then a key naming the stroke) and checks that every ID the reader
prints is one it derived:

* Xournal++ .xopp/.xoj: key `page/layer/index` (index of the <stroke> in its layer; erasers are
  white-out, not ink);
* reMarkable v3/v5 .rm pages, alone or in a xochitl notebook folder: key `0/layer/index` of the
  page file's bytes (eraser tools 6 and 8 are not ink);
* InkML with plain coordinates: key `trace:<id>` (or `trace#<n>`);
* Rnote (one-page documents): key `rnote/<slot>`, the stroke's slot in the stroke store.

    label_strokes.py render FILE --page N [--out DIR] [--labels DIR] [--region X0,Y0,X1,Y1]
    label_strokes.py assign LABELS.json box80,30,300,60=writing:1 0-12,15=writing:2 16=markup:2 17-20=drawing
    label_strokes.py show LABELS.json          # classes and lines so far, unlabelled numbers
    label_strokes.py render FILE --page N --review LABELS.json   # the labels drawn, to check them

Stroke numbers count from 0 in file order on the page; pages count from 1 as `text` prints them.
Needs Pillow (`pip install pillow`) for `render` only.
"""
import argparse
import gzip
import hashlib
import json
import math
import os
import re
import struct
import subprocess
import sys
import uuid
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAMESPACE = uuid.UUID("6B0D5C1E-3A8F-4E52-9C61-2F7A1D4B8E90")
CLASSES = ("writing", "drawing", "markup")
DEFAULT_BIN = os.environ.get("NOTEBOOK_INDEX", os.path.join(ROOT, ".build/release/notebook-index"))


def stable_id(digest, key):
    """StableStrokeID.id(key:): UUID v5 of the namespace and the file digest followed by the key."""
    h = hashlib.sha1(NAMESPACE.bytes + digest + key.encode()).digest()
    b = bytearray(h[:16])
    b[6] = (b[6] & 0x0F) | 0x50
    b[8] = (b[8] & 0x3F) | 0x80
    return str(uuid.UUID(bytes=bytes(b))).upper()


# ------------------------------------------------------------------------------------ readers

def read_xournal(path):
    raw = open(path, "rb").read()
    digest = hashlib.sha1(raw).digest()
    text = gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw
    root = ET.fromstring(text)
    pages = []
    for p, page in enumerate(root.iter("page")):
        strokes = []
        for layer_index, layer in enumerate(page.iter("layer")):
            for index, el in enumerate(layer.iter("stroke")):
                if el.get("tool", "pen") == "eraser":
                    continue
                nums = [float(v) for v in (el.text or "").split()]
                points = list(zip(nums[0::2], nums[1::2]))
                if not points:
                    continue
                strokes.append({"id": stable_id(digest, f"{p}/{layer_index}/{index}"), "points": points,
                                "highlighter": el.get("tool") == "highlighter"})
        pages.append(strokes)
    return pages


def read_rm_page(path):
    raw = open(path, "rb").read()
    header = raw[:43].decode("ascii", "replace")
    m = re.match(r"reMarkable \.lines file, version=(\d)", header)
    if not m or m.group(1) not in "35":
        raise SystemExit(f"{path}: only reMarkable v3/v5 pages are supported ({header.strip()!r})")
    v5 = m.group(1) == "5"
    digest = hashlib.sha1(raw).digest()
    pos = 43
    (layers,) = struct.unpack_from("<I", raw, pos)
    pos += 4
    strokes = []
    for layer in range(layers):
        (count,) = struct.unpack_from("<I", raw, pos)
        pos += 4
        for index in range(count):
            tool, _color, _, _width = struct.unpack_from("<IIIf", raw, pos)
            pos += 16 + (4 if v5 else 0)
            (n,) = struct.unpack_from("<I", raw, pos)
            pos += 4
            points = [struct.unpack_from("<ff", raw, pos + 24 * k) for k in range(n)]
            pos += 24 * n
            if not points or tool in (6, 8):
                continue
            strokes.append({"id": stable_id(digest, f"0/{layer}/{index}"), "points": points,
                            "highlighter": tool in (5, 18)})
    return strokes


def read_xochitl(folder):
    """A notebook folder: <doc>.content lists the pages, <doc>/<page>.rm holds their ink."""
    content = [f for f in os.listdir(folder) if f.endswith(".content")][0]
    doc = json.load(open(os.path.join(folder, content)))
    stem = content[: -len(".content")]
    ids = doc.get("pages") or [p["id"] for p in doc.get("cPages", {}).get("pages", [])]
    pages = []
    for k, page_id in enumerate(ids):
        rm = os.path.join(folder, stem, page_id + ".rm")
        if not os.path.exists(rm):  # older tablet software names page files by their index
            rm = os.path.join(folder, stem, f"{k}.rm")
        pages.append(read_rm_page(rm) if os.path.exists(rm) else [])
    return pages


def read_rnote(path):
    """Slots in the reader's order (layer, then chrono time, then slot); trashed and empty slots
    skipped. Pages of a fixed-size document are not split: one page of document coordinates."""
    raw = open(path, "rb").read()
    digest = hashlib.sha1(raw).digest()
    doc = json.loads(gzip.decompress(raw))
    data = doc["data"]
    snap = data.get("engine_snapshot") or data.get("store_snapshot")
    chrono = snap.get("chrono_components") or []
    trash = snap.get("trash_components") or []
    live = []
    for slot, component in enumerate(snap["stroke_components"]):
        value = (component or {}).get("value")
        if not value:
            continue
        if slot < len(trash) and ((trash[slot] or {}).get("value") or {}).get("trashed"):
            continue
        info = ((chrono[slot] or {}).get("value") or {}) if slot < len(chrono) else {}
        layer = info.get("layer")
        tag, body = next(iter(layer.items())) if isinstance(layer, dict) else (layer or "", 0)
        tag = str(tag).lower().replace("_", "")
        rank = {"document": 0, "image": 1, "highlighter": 2}.get(tag, 3 + int(body or 0) if tag else 3)
        live.append((rank, info.get("t", 0), slot, value, tag == "highlighter"))
    live.sort(key=lambda item: item[:3])
    strokes = []
    for _rank, _t, slot, value, highlighter in live:
        points = []
        if "brushstroke" in value:
            path_ = value["brushstroke"]["path"]
            if "start" in path_:
                points.append(tuple(path_["start"]["pos"]))
                for seg in path_.get("segments", []):
                    for part in seg.values():
                        points.append(tuple(part["end"]["pos"]))
            else:
                for seg in path_:
                    for part in seg.values():
                        for key in ("element", "start", "end"):
                            if key in part:
                                points.append(tuple(part[key]["pos"]))
        elif "shapestroke" in value:
            shape = value["shapestroke"]["shape"]
            line = shape.get("line")
            if line:
                points = [tuple(line["start"]), tuple(line["end"])]
        if points:
            strokes.append({"id": stable_id(digest, f"rnote/{slot}"), "points": points, "highlighter": highlighter})
    return [strokes]


def read_inkml(path):
    """Plain-coordinate traces only (no difference encoding); key `trace:<id>`, or `trace#<n>`
    when the trace has no id or repeats one."""
    raw = open(path, "rb").read()
    digest = hashlib.sha1(raw).digest()
    root = ET.fromstring(raw)
    strokes, used = [], set()
    traces = [el for el in root.iter() if el.tag.rsplit("}", 1)[-1] == "trace"]
    for index, el in enumerate(traces):
        tid = el.get("{http://www.w3.org/XML/1998/namespace}id") or el.get("id")
        key = f"trace:{tid}" if tid and tid not in used else f"trace#{index}"
        if tid:
            used.add(tid)
        points = []
        for part in (el.text or "").split(","):
            nums = part.split()
            if len(nums) >= 2:
                points.append((float(nums[0]), float(nums[1])))
        if points:
            strokes.append({"id": stable_id(digest, key), "points": points, "highlighter": False})
    return [strokes]


def read_pages(path):
    if os.path.isdir(path):
        return read_xochitl(path)
    ext = path.rsplit(".", 1)[-1].lower()
    if ext in ("xopp", "xoj", "moj"):
        return read_xournal(path)
    if ext == "rm":
        return [read_rm_page(path)]
    if ext == "rnote":
        return read_rnote(path)
    if ext == "inkml":
        return read_inkml(path)
    raise SystemExit(f"{path}: format not supported by this tool")


def reader_lines(path, binary=DEFAULT_BIN):
    """`text --json`: per page (from 0), the recognized lines as lists of stroke-ID sets."""
    out = subprocess.run([binary, "text", path, "--json"], capture_output=True, text=True, check=True).stdout
    pages = {}
    for page in json.loads(out)["pages"]:
        pages[page["page"]] = [
            {"text": line["text"], "strokes": {s for w in line["words"] for s in w["strokeIDs"]}}
            for line in page["lines"]]
    return pages


def bounds(points):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return [round(min(xs), 1), round(min(ys), 1), round(max(xs) - min(xs), 1), round(max(ys) - min(ys), 1)]


# ------------------------------------------------------------------------------------ commands

def shared_relative(path):
    full = os.path.realpath(path)
    marker = os.sep + "shared" + os.sep
    return full.split(marker, 1)[1] if marker in full else path


def render(args):
    from PIL import Image, ImageDraw, ImageFont

    pages = read_pages(args.file)
    strokes = pages[args.page - 1]
    read = reader_lines(args.file, args.bin).get(args.page - 1, [])
    known = {s["id"] for s in strokes}
    unknown = set().union(*(line["strokes"] for line in read)) - known if read else set()
    if unknown:
        raise SystemExit(f"{len(unknown)} stroke IDs of the reader are not derived here; is the format's key right?")
    allpts = [p for s in strokes for p in s["points"]]
    x0, y0 = min(p[0] for p in allpts), min(p[1] for p in allpts)
    x1, y1 = max(p[0] for p in allpts), max(p[1] for p in allpts)
    if args.region:
        x0, y0, x1, y1 = (float(v) for v in args.region.split(","))
    margin = 10
    scale = args.width / max(x1 - x0, 1)
    size = (int(args.width + 2 * margin), int((y1 - y0) * scale + 2 * margin))
    img = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(img)
    try:
        font = ImageFont.truetype("DejaVuSans.ttf", args.font)
    except OSError:
        font = ImageFont.load_default()
    palette = [(200, 0, 0), (0, 110, 0), (0, 0, 220), (170, 0, 170), (0, 130, 140), (200, 110, 0)]

    def at(p):
        return (margin + (p[0] - x0) * scale, margin + (p[1] - y0) * scale)

    step = args.grid or 10 ** int(math.log10(max(x1 - x0, y1 - y0) / 2))
    gx = step * int(x0 // step)
    while gx <= x1:
        draw.line([at((gx, y0)), at((gx, y1))], fill=(225, 225, 225))
        draw.text((at((gx, y0))[0] + 1, 0), f"{gx:g}", fill=(150, 150, 150), font=font)
        gx += step
    gy = step * int(y0 // step)
    while gy <= y1:
        draw.line([at((x0, gy)), at((x1, gy))], fill=(225, 225, 225))
        draw.text((0, at((x0, gy))[1] + 1), f"{gy:g}", fill=(150, 150, 150), font=font)
        gy += step
    review = None
    if args.review:
        # Checking labels: ink coloured by its class, each line's name at its first stroke.
        review = {s["id"]: s for s in json.load(open(args.review))["strokes"]}
    class_colour = {"writing": (0, 0, 0), "drawing": (0, 90, 230), "markup": (220, 0, 0)}

    def colour_of(n, s):
        if review is None:
            return palette[n % len(palette)]
        return class_colour.get(review.get(s["id"], {}).get("class"), (250, 160, 0))

    for n, s in enumerate(strokes):
        pts = [at(p) for p in s["points"]]
        if len(pts) == 1:
            pts = pts * 2
        draw.line(pts, fill=colour_of(n, s), width=2)
    named = set()
    for n, s in enumerate(strokes):
        x, y = at(s["points"][0])
        label = str(n)
        if review is not None:
            line = review.get(s["id"], {}).get("line")
            if not line or line in named:
                continue
            named.add(line)
            label = line
        if -5 <= x <= size[0] and -5 <= y <= size[1]:
            draw.text((x - 2, y - args.font), label, fill=colour_of(n, s) if review is None else (0, 150, 0),
                      font=font)
    os.makedirs(args.out, exist_ok=True)
    stem = os.path.basename(args.file.rstrip("/"))
    png = os.path.join(args.out, f"{stem}-p{args.page}" + (f"-{args.region}" if args.region else "")
                       + ("-review" if review is not None else "") + ".png")
    img.save(png)
    print(png, f"{len(strokes)} strokes; reader read {sum(len(l['strokes']) for l in read)} in {len(read)} lines")
    if args.labels:
        os.makedirs(args.labels, exist_ok=True)
        target = os.path.join(args.labels, f"{stem}-p{args.page}.json")
        if not os.path.exists(target):
            template = {"file": shared_relative(args.file), "page": args.page,
                        "sha1": hashlib.sha1(open(args.file, "rb").read()).hexdigest()
                        if os.path.isfile(args.file) else None,
                        "app": "", "writer": "", "notes": "",
                        "strokes": [{"n": n, "id": s["id"], "bounds": bounds(s["points"]), "class": "", "line": None}
                                    for n, s in enumerate(strokes)]}
            save(target, template)
            print(target)


def save(path, labels):
    with open(path, "w") as f:
        f.write("{\n")
        head = [k for k in labels if k != "strokes"]
        for k in head:
            f.write(f"  {json.dumps(k)}: {json.dumps(labels[k])},\n")
        f.write('  "strokes": [\n')
        rows = [json.dumps(s, separators=(", ", ": ")) for s in labels["strokes"]]
        f.write(",\n".join("    " + r for r in rows))
        f.write("\n  ]\n}\n")


def numbers(spec):
    out = []
    for part in spec.split(","):
        a, _, b = part.partition("-")
        out.extend(range(int(a), int(b or a) + 1))
    return out


def assign(args):
    labels = json.load(open(args.labels))
    for key in ("app", "writer", "notes"):
        if getattr(args, key) is not None:
            labels[key] = getattr(args, key)
    for item in args.specs:
        nums, _, value = item.partition("=")
        cls, _, line = value.partition(":")
        if cls not in CLASSES:
            raise SystemExit(f"{item}: class must be one of {CLASSES}")
        if nums.startswith("box"):
            # box X0,Y0,X1,Y1 (page units): every stroke whose bounds lie inside it
            bx0, by0, bx1, by1 = (float(v) for v in nums[3:].split(","))
            chosen = [s["n"] for s in labels["strokes"] if bx0 <= s["bounds"][0] and by0 <= s["bounds"][1]
                      and s["bounds"][0] + s["bounds"][2] <= bx1 and s["bounds"][1] + s["bounds"][3] <= by1]
        else:
            chosen = numbers(nums)
        for n in chosen:
            labels["strokes"][n]["class"] = cls
            labels["strokes"][n]["line"] = line or None
    save(args.labels, labels)
    show_labels(labels)


def show_labels(labels):
    missing = [s["n"] for s in labels["strokes"] if s["class"] not in CLASSES]
    lines = {}
    for s in labels["strokes"]:
        if s["line"]:
            lines.setdefault(s["line"], []).append(s["n"])
    counts = {c: sum(s["class"] == c for s in labels["strokes"]) for c in CLASSES}
    print(f"{len(labels['strokes'])} strokes {counts}, {len(lines)} lines, unlabelled: {missing[:40]}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("render")
    r.add_argument("file")
    r.add_argument("--page", type=int, default=1)
    r.add_argument("--out", default="/tmp/label-pages")
    r.add_argument("--labels", help="folder for the label template (not overwritten)")
    r.add_argument("--region", help="X0,Y0,X1,Y1 in page units: draw only that part, larger")
    r.add_argument("--width", type=float, default=1400)
    r.add_argument("--font", type=int, default=13)
    r.add_argument("--review", metavar="LABELS.json", help="colour the ink by its labelled class (writing black, "
                   "drawing blue, markup red, unlabelled orange) and name each line, to check the labels")
    r.add_argument("--grid", type=float, help="page units between grid lines (default: a power of 10)")
    r.add_argument("--bin", default=DEFAULT_BIN)
    a = sub.add_parser("assign")
    a.add_argument("labels")
    a.add_argument("specs", nargs="*", help="NUMBERS=CLASS[:LINE] (NUMBERS like 0-12,15, or boxX0,Y0,X1,Y1 for "
                   "the strokes inside that box of the page); later ones override earlier ones")
    a.add_argument("--app")
    a.add_argument("--writer")
    a.add_argument("--notes")
    s = sub.add_parser("show")
    s.add_argument("labels")
    args = ap.parse_args()
    if args.cmd == "render":
        render(args)
    elif args.cmd == "assign":
        assign(args)
    else:
        show_labels(json.load(open(args.labels)))


if __name__ == "__main__":
    sys.exit(main())
