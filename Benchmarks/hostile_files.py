#!/usr/bin/env python3
"""Writes a folder of hostile and odd notebook files beside good ones.

    python3 Benchmarks/hostile_files.py OUT [--small]

Good files are copied from SampleNotebooks (their truth.json says what must be found). Hostile
files are named after what they attack; `--small` makes the sizes small enough for a test.
Everything is generated, deterministic (seeded), and written without reading anything else.
"""
import argparse
import gzip
import os
import random
import shutil
import struct
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLES = os.path.join(HERE, "..", "SampleNotebooks")


def svg(body):
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">%s</svg>' % body).encode()


def xopp(strokes):
    layer = "".join('<stroke tool="pen" color="#000000ff" width="1.4">%s</stroke>' % s for s in strokes)
    return ('<?xml version="1.0"?><xournal creator="hostile" fileversion="4"><page width="612" height="792">'
            '<background type="solid" color="#ffffffff" style="plain"/><layer>%s</layer></page></xournal>' % layer).encode()


def rm_v5(strokes):
    """A reMarkable v5 page: one layer of `strokes`, each a list of (x, y)."""
    out = bytearray(b"reMarkable .lines file, version=5".ljust(43, b" "))
    out += struct.pack("<II", 1, len(strokes))
    for points in strokes:
        out += struct.pack("<IIIfII", 2, 0, 0, 2.0, 0, len(points))
        for x, y in points:
            out += struct.pack("<6f", x, y, 0.1, 0.0, 2.0, 0.5)
    return bytes(out)


def write(folder, name, data):
    path = os.path.join(folder.encode() if isinstance(name, bytes) else folder, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def many_points_xopp_gz(path, points):
    """A gzip'd Xournal++ file whose one stroke repeats a point `points` times: tiny on disk."""
    with gzip.open(path, "wb", compresslevel=9) as f:
        f.write(b'<?xml version="1.0"?><xournal fileversion="4"><page width="612" height="792"><layer>')
        chunk = b"1 1 " * 100_000
        per_stroke = 900_000  # under the reader's points per stroke
        left = points
        while left > 0:
            n = min(per_stroke, left)
            f.write(b'<stroke tool="pen" color="#000000ff" width="1">')
            for _ in range(n // 100_000):
                f.write(chunk)
            f.write(b"1 1 " * (n % 100_000))
            f.write(b"</stroke>")
            left -= n
        f.write(b"</layer></page></xournal>")


def long_traces_inkml(path, traces, points):
    with open(path, "wb") as f:
        f.write(b'<ink xmlns="http://www.w3.org/2003/InkML">')
        row = b"1 1," * 10_000
        for _ in range(traces):
            f.write(b"<trace>")
            for _ in range(points // 10_000):
                f.write(row)
            f.write(b"2 2</trace>")
        f.write(b"</ink>")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--small", action="store_true", help="sizes for a test, not a benchmark")
    args = parser.parse_args()
    out = args.out
    os.makedirs(out, exist_ok=True)
    good = os.path.join(out, "good")
    if not os.path.isdir(good):
        shutil.copytree(SAMPLES, good, ignore=shutil.ignore_patterns("README.md"))
    h = os.path.join(out, "hostile")
    os.makedirs(h, exist_ok=True)
    rng = random.Random(13)
    small = args.small

    # 1. coordinates that overflow
    write(h, "scale-1e308.svg", svg('<g transform="scale(1e308)"><path d="M 1 1 L 2 2 L 3 3" stroke="black"/></g>'))
    write(h, "relative-overflow.svg", svg('<path d="m 1e308 1 l 1e308 1 l 1e308 1 l 1e308 1" stroke="black"/>'))
    write(h, "transform-1e308.json", (
        '{"format":"notebook-index","version":1,"pages":[{"strokes":[{"id":"6F1C0000-0000-4000-8000-000000000001",'
        '"transform":[1e308,0,0,1e308,0,0],"points":[[1,1,0],[2,2,0],[3,3,0]]}]}]}').encode())
    write(h, "nan-pressure.inkml", b'<ink xmlns="http://www.w3.org/2003/InkML"><traceFormat><channel name="X"/>'
          b'<channel name="Y"/><channel name="F" max="0"/></traceFormat><trace>10 10 nan, 20 20 inf, 30 10 1</trace></ink>')
    # 2. within the size limits, millions of points
    many_points_xopp_gz(os.path.join(h, "many-points.xopp"), 600_000 if small else 49_000_000)
    long_traces_inkml(os.path.join(h, "long-traces.inkml"), 3 if small else 50, 200_000 if small else 1_000_000)
    # 3. a page of many short random strokes (line grouping)
    count = 3_000 if small else 20_000
    strokes = []
    for _ in range(count):
        x, y = rng.uniform(0, 1404), rng.uniform(0, 1872)
        strokes.append([(x + rng.uniform(-6, 6), y + rng.uniform(-6, 6)) for _ in range(4)])
    write(h, "random-strokes.rm", rm_v5(strokes))
    # 4. an ignore pattern that backtracks, and a name it is matched against
    write(h, ".notebook-index-ignore", b"*a*a*a*a*a*a*a*b\n")
    write(h, "a" * 200 + ".svg", svg('<path d="M 10 10 L 20 20" stroke="black"/>'))
    # 5. things that are not regular files
    fifo = os.path.join(h, "fifo.svg")
    if not os.path.exists(fifo):
        os.mkfifo(fifo)
    zero = os.path.join(h, "zero.xopp")
    if not os.path.lexists(zero):
        os.symlink("/dev/zero", zero)
    # 6. names that are not UTF-8, paths past PATH_MAX
    write(h, b"caf\xe9.svg", svg('<path d="M 10 10 L 20 20" stroke="black"/>'))
    # (made one folder at a time relative to the last: the whole path is too long for mkdir)
    fd = os.open(h, os.O_RDONLY)
    for _ in range(22):
        try:
            os.mkdir("d" * 200, dir_fd=fd)
        except FileExistsError:
            pass
        inner = os.open("d" * 200, os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = inner
    leaf = os.open("deep.svg", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644, dir_fd=fd)
    os.write(leaf, svg('<path d="M 10 10 L 20 20" stroke="black"/>'))
    os.close(leaf)
    os.close(fd)
    # 7. control characters in names and stroke IDs
    write(h, "\x1b[31mred\nforged: line.svg", svg('<path d="M 10 10 L 20 20" stroke="black"/>'))
    # 10. a zip of 65,535 entries (not zip64), a large sparse file
    with zipfile.ZipFile(os.path.join(h, "many-entries.xopp"), "w") as z:
        for i in range(2_000 if small else 65_535):
            z.writestr("e%d" % i, b"")
    with open(os.path.join(h, "huge.xopp"), "wb") as f:
        f.truncate((600 << 20) if small else (2 << 30))
    print(out)


if __name__ == "__main__":
    sys.exit(main())
