"""Writers for the ink formats notebook-index reads but no tool here produces: Rnote (.rnote),
Saber (.sbn JSON, .sbn2 BSON), Wacom Universal Ink Model 3.0/3.1 (.uim), WILL data (.will) and
Windows Ink Serialized Format (.isf).

Used by make_samples.py (SampleNotebooks/) and make_format_fixtures.py (Tests/Fixtures/formats/).
Each writer takes strokes as lists of (x, y) or (x, y, pressure) points and writes the structure
the app itself saves (formats.md sections 6, 7, 9 and 18), with only the standard library: a few
lines each of protobuf and BSON encoding. Deterministic: the same input gives the same bytes.
"""
import gzip
import io
import json
import struct
import uuid


def gzip_bytes(data):
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0, filename="") as f:
        f.write(data)
    return buf.getvalue()


def pressure(p, default=0.5):
    return p[2] if len(p) > 2 else default


# ----------------------------------------------------------------------------------------- Rnote

def rnote_element(p):
    return {"pos": [round(p[0], 3), round(p[1], 3)], "pressure": round(pressure(p), 3)}


def rnote_color(rgba):
    return dict(zip("rgba", rgba))


def rnote_brushstroke(points, width=2.0, color=(0.0, 0.0, 0.0, 1.0), curves=False, old=False):
    """A brushstroke; `curves` makes every other segment a cubic Bézier, `old` uses the 0.5.5
    segment list (each segment with its own start, a leading dot)."""
    style = {"smooth": {"stroke_width": width, "stroke_color": rnote_color(color), "fill_color": None,
                        "pressure_curve": "linear", "line_style": "solid", "line_cap": "rounded"}}
    if old:
        path = [{"dot": {"element": rnote_element(points[0])}}]
        for a, b in zip(points, points[1:]):
            path.append({"line": {"start": rnote_element(a), "end": rnote_element(b)}})
        return {"brushstroke": {"path": path, "style": style}}
    segments = []
    for k, p in enumerate(points[1:], 1):
        if curves and k % 2 == 0:
            a = points[k - 1]
            cp1 = [round(a[0] + (p[0] - a[0]) / 3, 3), round(a[1] + (p[1] - a[1]) / 3 - 2, 3)]
            cp2 = [round(a[0] + 2 * (p[0] - a[0]) / 3, 3), round(a[1] + 2 * (p[1] - a[1]) / 3 - 2, 3)]
            segments.append({"cubbezto": {"cp1": cp1, "cp2": cp2, "end": rnote_element(p)}})
        else:
            segments.append({"lineto": {"end": rnote_element(p)}})
    return {"brushstroke": {"path": {"start": rnote_element(points[0]), "segments": segments}, "style": style}}


def rnote_text(text, x, y, size=24.0, affine9=False):
    style = {"font_family": "serif", "font_size": size, "font_weight": 500, "font_style": "regular",
             "color": rnote_color((0, 0, 0, 1)), "max_width": 500.0, "alignment": "start",
             "ranged_text_attributes": []}
    if affine9:
        return {"textstroke": {"text": text, "transform": {"affine": [1, 0, 0, 0, 1, 0, x, y, 1]}, "text_style": style}}
    return {"textstroke": {"text": text, "affine": [1.0, 0.0, 0.0, 1.0, x, y], "text_style": style}}


def version_tuple(version):
    return tuple(int(part) for part in version.split("."))


def write_rnote(path, strokes, page_size, pages, layout="continuous_vertical", version="0.15.0",
                dpi=96.0, bounds=None, trashed=()):
    """An Rnote file. `strokes`: (stroke component, layer) pairs in slot order, a None component
    for an erased slot; layer is "user_layer" / "highlighter" / …; `pages` sets the document
    height for page layouts, `bounds` (x, y, w, h) the document bounds of an infinite one."""
    v = version_tuple(version)
    old, capital = v < (0, 5, 10), v < (0, 6, 0)
    fmt = {"width": page_size[0], "height": page_size[1], "dpi": dpi, "orientation": "portrait",
           "border_color": rnote_color((0.8, 0.8, 0.8, 1)), "show_borders": True}
    background = {"color": rnote_color((1, 1, 1, 1)), "pattern": "dots", "pattern_size": [32.0, 32.0],
                  "pattern_color": rnote_color((0.8, 0.9, 1, 1))}
    x, y, w, h = bounds or (0.0, 0.0, page_size[0], page_size[1] * pages)
    if v >= (0, 13, 0):
        document = {"config": {"format": fmt, "background": background, "layout": layout},
                    "x": x, "y": y, "width": w, "height": h}
    else:
        document = {"x": x, "y": y, "width": w, "height": h, "format": fmt, "background": background,
                    "layout": layout}
    slots, chrono = [], []
    for t, (component, layer) in enumerate(strokes, 1):
        if component is None:
            slots.append({"value": None, "version": 0})
            chrono.append({"value": None, "version": 0})
            continue
        if layer == "user_layer":
            layer_value = {"UserLayer": 0} if capital else {"user_layer": 0}
        else:
            layer_value = layer.capitalize() if capital else layer
        slots.append({"value": component, "version": 1})
        chrono.append({"value": {"t": t, "layer": layer_value}, "version": 1})
    if old:
        data = {"document": document,
                "store_snapshot": {"stroke_components": slots, "chrono_components": chrono,
                                   "trash_components": [{"value": None if s["value"] is None else {"trashed": k in trashed},
                                                         "version": 1} for k, s in enumerate(slots)],
                                   "selection_components": [{"value": {"selected": False}, "version": 1} for _ in slots],
                                   "chrono_counter": len(slots)}}
    else:
        snapshot = {"document": document, "stroke_components": slots, "chrono_components": chrono,
                    "chrono_counter": len(slots)}
        if v >= (0, 9, 0):
            snapshot["camera"] = {"offset": [0.0, 0.0], "size": [800.0, 600.0], "zoom": 1.0}
        data = {"engine_snapshot": snapshot}
    text = json.dumps({"version": version, "data": data}, separators=(",", ":"))
    with open(path, "wb") as f:
        f.write(gzip_bytes(text.encode("utf-8")))


# ----------------------------------------------------------------------------------------- Saber

def bson_document(pairs):
    """BSON bytes of a dict or list (arrays are documents keyed "0", "1", …)."""
    items = pairs.items() if isinstance(pairs, dict) else ((str(k), v) for k, v in enumerate(pairs))
    body = b""
    for key, value in items:
        name = key.encode("utf-8") + b"\0"
        if value is None:
            body += b"\x0a" + name
        elif isinstance(value, bool):
            body += b"\x08" + name + (b"\x01" if value else b"\x00")
        elif isinstance(value, int):
            body += (b"\x10" + name + struct.pack("<i", value)) if -2**31 <= value < 2**31 \
                else (b"\x12" + name + struct.pack("<q", value))
        elif isinstance(value, float):
            body += b"\x01" + name + struct.pack("<d", value)
        elif isinstance(value, str):
            raw = value.encode("utf-8") + b"\0"
            body += b"\x02" + name + struct.pack("<i", len(raw)) + raw
        elif isinstance(value, (bytes, bytearray)):
            body += b"\x05" + name + struct.pack("<i", len(value)) + b"\x00" + bytes(value)
        elif isinstance(value, dict):
            body += b"\x03" + name + bson_document(value)
        else:
            body += b"\x04" + name + bson_document(list(value))
    return struct.pack("<i", len(body) + 5) + body + b"\0"


def saber_stroke(points, tool="Pen", size=3.0, color=0xFF000000, offset=(0.0, 0.0), binary=False):
    if binary:  # file version 13+: each point the raw bytes of float32 x, y, pressure
        pts = [struct.pack("<fff", p[0] - offset[0], p[1] - offset[1], pressure(p)) for p in points]
    else:
        pts = [{"x": round(p[0] - offset[0], 3), "y": round(p[1] - offset[1], 3), "p": round(pressure(p), 3)}
               for p in points]
    return {"p": pts, "ty": tool, "c": color, "s": size, "pe": True, "ox": offset[0], "oy": offset[1],
            "t": 0.6, "sm": 0.5, "sl": 0.5}


def write_saber(path, pages, page_size=(1000.0, 1400.0), version=19):
    """A Saber note: `pages` is a list of (strokes, quill text) with strokes from saber_stroke.
    Version 13 and later is BSON (.sbn2); earlier versions JSON (.sbn)."""
    doc = {"v": version, "ni": 0, "b": None, "p": "lined", "l": 40, "lt": 3.0,
           "z": [{"w": page_size[0], "h": page_size[1], "s": strokes, "i": [],
                  "q": ([{"insert": text + "\n"}] if text else [{"insert": "\n"}])} for strokes, text in pages],
           "c": 0}
    with open(path, "wb") as f:
        if version >= 13:
            f.write(bson_document(doc))
        else:
            f.write(json.dumps(doc, indent=1).encode("utf-8"))


# ------------------------------------------------------------------------------------- protobuf

def pb_varint(n):
    n &= (1 << 64) - 1
    out = b""
    while True:
        if n < 0x80:
            return out + bytes([n])
        out += bytes([n & 0x7F | 0x80])
        n >>= 7


def pb_zigzag(n):
    return (n << 1) ^ (n >> 63)


def pb_bytes(number, data):
    return pb_varint(number << 3 | 2) + pb_varint(len(data)) + data


def pb_uint(number, value):
    return pb_varint(number << 3) + pb_varint(value)


def pb_sint(number, value):
    return pb_varint(number << 3) + pb_varint(pb_zigzag(value))


def pb_float(number, value):
    return pb_varint(number << 3 | 5) + struct.pack("<f", value)


def pb_floats(number, values):
    return pb_bytes(number, b"".join(struct.pack("<f", v) for v in values)) if values else b""


def pb_sints(number, values):
    return pb_bytes(number, b"".join(pb_varint(pb_zigzag(v)) for v in values)) if values else b""


def deltas(values):
    out, last = [], 0
    for v in values:
        out.append(v - last)
        last = v
    return out


def riff(form, chunks):
    body = form.encode()
    for cid, data in chunks:
        body += cid.encode() + struct.pack("<I", len(data)) + data + (b"\0" if len(data) % 2 else b"")
    return b"RIFF" + struct.pack("<I", len(body)) + body


def catmull_rom(points):
    """Wacom splines repeat the first and last point (the curve's end tangents)."""
    return [points[0]] + list(points) + [points[-1]]


# -------------------------------------------------------------------------------- UIM and WILL

def write_uim31(path, strokes, seed_ids, width=1.2, color=(0x10, 0x10, 0x40, 0xFF)):
    """UIM 3.1.0: HEAD with one descriptor per chunk, INKD (compressed splines, precision 2,
    properties and brush URI by index) and INKS (the main ink tree: root group, one node per
    stroke). `seed_ids` gives a random.Random for the stroke and group UUIDs."""
    precision = 2
    ink = b""
    for pts in strokes:
        pts = catmull_rom(pts)
        xs = [round(p[0] * 10 ** precision) for p in pts]
        ys = [round(p[1] * 10 ** precision) for p in pts]
        spline = pb_sints(1, deltas(xs)) + pb_sints(2, deltas(ys))
        sid = uuid.UUID(int=seed_ids.getrandbits(128), version=4).bytes_le  # GUID byte order, as Wacom writes
        ink += pb_bytes(1, pb_bytes(1, sid) + pb_sint(2, precision) + pb_float(3, 0.0) + pb_float(4, 1.0)
                        + pb_bytes(6, spline) + pb_uint(7, 1) + pb_uint(9, 1) + pb_uint(13, 1))
    rgba = color[0] << 24 | color[1] << 16 | color[2] << 8 | color[3]
    ink += pb_float(2, 1.0) + pb_bytes(4, b"app://notebook-index/vector-brush/Circle")
    ink += pb_bytes(6, pb_sint(1, rgba - (1 << 32) if rgba >= 1 << 31 else rgba) + pb_float(2, width))
    root = uuid.UUID(int=seed_ids.getrandbits(128), version=4).bytes_le
    nodes = pb_bytes(2, pb_uint(1, 0) + pb_bytes(2, root))
    for k in range(len(strokes)):
        nodes += pb_bytes(2, pb_uint(1, 1) + pb_uint(3, k))
    structure = pb_uint(1, 0) + pb_bytes(2, nodes)
    chunks = [("INKD", ink), ("INKS", structure)]
    head = bytes([3, 1, 0, 0]) + b"".join(bytes([3, 1, 0, 1, 0, 0, 0, 0]) for _ in chunks)
    with open(path, "wb") as f:
        f.write(riff("UINK", [("HEAD", head)] + chunks))


def write_uim30(path, strokes, seed_ids, width=1.2):
    """UIM 3.0.0: one DATA chunk holding an InkObject (float splines, style, an ink tree whose
    stroke nodes have type 2)."""
    ink = b""
    for pts in strokes:
        pts = catmull_rom(pts)
        sid = uuid.UUID(int=seed_ids.getrandbits(128), version=4).hex
        style = pb_bytes(1, pb_bytes(1, pb_float(1, width)) + pb_bytes(2, pb_float(1, 0.1))
                         + pb_bytes(3, pb_float(1, 0.1)) + pb_bytes(4, pb_float(1, 0.3)) + pb_bytes(5, pb_float(1, 1.0)))
        ink += pb_bytes(1, pb_bytes(1, sid.encode()) + pb_float(2, 0.0) + pb_float(3, 1.0)
                        + pb_floats(4, [p[0] for p in pts]) + pb_floats(5, [p[1] for p in pts]) + pb_bytes(22, style))
    tree = pb_bytes(4, pb_bytes(1, uuid.UUID(int=seed_ids.getrandbits(128), version=4).hex.encode()) + pb_uint(2, 0))
    for k in range(len(strokes)):
        tree += pb_bytes(4, pb_uint(2, 1) + pb_uint(3, k) + pb_uint(4, 2))
    with open(path, "wb") as f:
        f.write(riff("UINK", [("HEAD", bytes([3, 0, 0])), ("DATA", pb_bytes(2, ink) + tree)]))


def write_will(path, strokes, width=1.5, color=(0x20, 0x20, 0x60, 0xFF)):
    """WILL 2 data: HEAD, then INK with varint-length-prefixed Path messages (precision 2)."""
    precision = 2
    rgba = color[0] << 24 | color[1] << 16 | color[2] << 8 | color[3]
    stream = b""
    for k, pts in enumerate(strokes):
        pts = catmull_rom(pts)
        coords = []
        for p in pts:
            coords += [round(p[0] * 10 ** precision), round(p[1] * 10 ** precision)]
        xy = [coords[0], coords[1]] + [coords[i] - coords[i - 2] for i in range(2, len(coords))]
        message = (pb_float(1, 0.0) + pb_float(2, 1.0) + pb_uint(3, precision) + pb_sints(4, xy)
                   + pb_sints(5, [round(width * 10 ** precision)]) + pb_sints(6, [rgba - (1 << 32) if rgba >= 1 << 31 else rgba])
                   + pb_uint(100, k + 1))
        stream += pb_varint(len(message)) + message
    with open(path, "wb") as f:
        f.write(riff("WILL", [("HEAD", bytes([1, 0, 0])), ("INK ", stream)]))


# ----------------------------------------------------------------------------- Windows Ink (ISF)

ISF_HUFFMAN_BITS = [0, 1, 1, 1, 2, 4, 8, 14, 22, 32]  # default table 2 of the format


def isf_unsigned(n):
    """Multi-byte: 7 bits a byte, low group first, high bit = more follows."""
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    return bytes(out + bytes([n]))


def isf_signed(n):
    return isf_unsigned(-n << 1 | 1 if n < 0 else n << 1)


def isf_sized(tag, payload):
    return isf_unsigned(tag) + isf_unsigned(len(payload)) + payload


class IsfBits:
    """Bits, most significant first, padded with zeros to a byte."""

    def __init__(self):
        self.bits = []

    def write(self, value, count):
        self.bits += [(value >> k) & 1 for k in range(count - 1, -1, -1)]

    def bytes(self):
        padded = self.bits + [0] * (-len(self.bits) % 8)
        return bytes(int("".join(map(str, padded[i:i + 8])), 2) for i in range(0, len(padded), 8))


def isf_huffman(values):
    """Packet data as Windows writes it: delta-delta, then Huffman with default table 2 (a row
    picked by n one-bits and a zero; its bits hold the magnitude above the row's base, then the sign)."""
    bases, lower = [0], 1
    for width in ISF_HUFFMAN_BITS[1:]:
        bases.append(lower)
        lower += 1 << (width - 1)
    bits, p1, p2 = IsfBits(), 0, 0
    for v in values:
        d, p2, p1 = v - 2 * p1 + p2, p1, v
        if d == 0:
            bits.write(0, 1)
            continue
        row = max(n for n in range(1, len(bases)) if bases[n] <= abs(d))
        bits.write((1 << (row + 1)) - 2, row + 1)
        bits.write((abs(d) - bases[row]) << 1 | (d < 0), ISF_HUFFMAN_BITS[row])
    return bytes([0x80 | 2]) + bits.bytes()


def isf_bitpacked(values, width):
    """Packet data bit-packed, `width` bits two's complement each, no delta."""
    bits = IsfBits()
    for v in values:
        bits.write(v & ((1 << width) - 1), width)
    return bytes([width]) + bits.bytes()


def write_isf(path, strokes, width=1.3, color=(0x10, 0x10, 0x40)):
    """A Windows Ink stream as an InkCanvas saves one: persistent format, drawing attributes
    (pen width in HIMETRIC, COLORREF), a stroke descriptor adding pressure (metric 0-1023), a
    scale-and-translate transform and stroke IDs, then the strokes. Points (x, y, pressure) in
    points are stored in tenths of a point, which the transform scales to HIMETRIC (0.01 mm)."""
    himetric_per_point = 2540 / 72
    tags = isf_sized(28, isf_unsigned(0x10000))
    attributes = isf_unsigned(68) + isf_unsigned(color[0] | color[1] << 8 | color[2] << 16)
    attributes += isf_unsigned(69) + isf_unsigned(round(width * himetric_per_point))
    tags += isf_sized(3, attributes)
    tags += isf_sized(5, isf_unsigned(56))
    metric = isf_signed(0) + isf_signed(1023) + bytes([0]) + struct.pack("<f", 1.0)  # min, max, units, resolution
    tags += isf_sized(25, isf_unsigned(56) + isf_unsigned(len(metric)) + metric)
    tags += isf_unsigned(21) + struct.pack("<4f", himetric_per_point / 10, himetric_per_point / 10, 0.0, 0.0)
    ids = list(range(1, len(strokes) + 1))
    tags += isf_sized(30, isf_unsigned(len(ids)) + isf_huffman(ids))
    for pts in strokes:
        xs = [round(p[0] * 10) for p in pts]
        ys = [round(p[1] * 10) for p in pts]
        ps = [round(pressure(p) * 1023) for p in pts]
        tags += isf_sized(10, isf_unsigned(len(pts)) + isf_huffman(xs) + isf_huffman(ys) + isf_bitpacked(ps, 11))
    with open(path, "wb") as f:
        f.write(bytes([0]) + isf_unsigned(len(tags)) + tags)
