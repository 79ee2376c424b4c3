#!/usr/bin/env python3
"""Make Tests/Fixtures/formats/supernote-strokes.note, a small Supernote note of our own.

The corpus's Supernote files are in ../shared only; this one keeps the reader's stroke path (trails,
layer bitmap, erasing) in the fuzzer's seeds and the tests everywhere. Laid out as
docs/formats.md#supernote-file and Sources/NotebookFormats/Supernote/SupernoteTrail.swift describe:
one portrait A5X page (1404 x 1872) with a word-like wiggle, a second one an eraser cut in half
(its record marked as touched), a third erased whole under a fourth written over it, the eraser's
own path, a lasso loop, a marker stroke, a RATTA_RLE main layer that shows what is left, real-time
recognition (base64 JIIX) and a keyword.

Deterministic: running it again gives a byte-identical file.

Usage: tools/make_supernote_fixture.py [--out Tests/Fixtures/formats]
"""
import argparse
import base64
import json
import math
import os
import struct

WIDTH, HEIGHT = 1404, 1872
SCALE = 8.45  # digitizer units per page pixel


def u32(value):
    return struct.pack('<I', value & 0xFFFFFFFF)


def wiggle(x0, y0, n=60, step=3.0):
    return [(x0 + k * step, y0 + 12 * math.sin(k / 4)) for k in range(n)]


def record(points, pen=10, color=0, thickness=400, record_class=5000, status=0, kind=b'others'):
    fixed = bytearray(208)
    struct.pack_into('<III', fixed, 0, pen, color, thickness)
    struct.pack_into('<iI', fixed, 40, record_class, 0)
    fixed[48:48 + len(kind)] = kind
    struct.pack_into('<II', fixed, 128, round(HEIGHT * SCALE), round(WIDTH * SCALE))
    body = bytes(fixed) + u32(0) + u32(len(points))
    for x, y in points:
        body += u32(round(y * SCALE)) + u32(round((WIDTH - x) * SCALE))
    body += u32(len(points)) + b''.join(struct.pack('<H', 1000 + 40 * (k % 50)) for k in range(len(points)))
    body += u32(0) * 4 + struct.pack('<i', status) + bytes(48) + u32(0) + bytes(10) + u32(0)
    return body + u32(0) + b'\x01\x02\x03'


def ink_mask(lines, radius=2.5):
    mask = bytearray(WIDTH * HEIGHT)
    for line in lines:
        for (ax, ay), (bx, by) in zip(line, line[1:]):
            for y in range(int(min(ay, by) - radius), int(max(ay, by) + radius) + 2):
                for x in range(int(min(ax, bx) - radius), int(max(ax, bx) + radius) + 2):
                    dx, dy = bx - ax, by - ay
                    t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy or 1)))
                    if math.hypot(x - ax - t * dx, y - ay - t * dy) <= radius:
                        mask[y * WIDTH + x] = 1
    return mask


def rle(mask):
    out = bytearray()

    def emit(code, length):
        while length >= 0x4000:
            out.extend((code, 0xFF))
            length -= 0x4000
        if length == 0:
            return
        a, b = divmod(length, 128)
        if b == 0:
            a, b = a - 1, 128
        if a:
            out.extend((code, 0x80 | (a - 1)))
        out.extend((code, b - 1))

    code, run = None, 0
    for pixel in mask:
        value = 0x61 if pixel else 0x62
        if value != code and run:
            emit(code, run)
            run = 0
        code = value
        run += 1
    emit(code, run)
    return bytes(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--out', default='Tests/Fixtures/formats')
    out = parser.parse_args().out

    word = wiggle(150, 300)
    cut = wiggle(150, 400)
    old = wiggle(150, 500)
    new = [(x + 1, y + 1) for x, y in old]
    eraser = [(x, 400) for x in range(240, 360, 4)] + [(x, 500) for x in range(140, 340, 4)]
    lasso = [(140 + 200 * math.cos(k / 10), 600 + 40 * math.sin(k / 10)) for k in range(63)]
    marker = [(140 + 4 * k, 300) for k in range(50)]
    trails = [
        record(word),
        record(marker, pen=11, color=202, thickness=1500),
        record(cut, status=-99),
        record(old, status=-99),
        record(eraser, pen=3, color=255, record_class=-2),
        record(new),
        record(lasso, pen=4, thickness=200, record_class=-5),
    ]
    shown = [word, marker, [p for p in cut if p[0] < 240], new]

    data = bytearray(b'noteSN_FILE_VER_20230015')

    def block(content):
        address = len(data)
        data.extend(u32(len(content)) + content)
        return address

    header = block(b'<FILE_TYPE:NOTE><APPLY_EQUIPMENT:A5X><FILE_RECOGN_LANGUAGE:en_US>')
    bitmap = block(rle(ink_mask(shown)))
    layer = block(b'<LAYERTYPE:NOTE><LAYERPROTOCOL:RATTA_RLE><LAYERNAME:MAINLAYER><LAYERBITMAP:%d>' % bitmap)
    path = block(u32(len(trails)) + b''.join(u32(len(r)) + r for r in trails))
    jiix = {'type': 'Raw Content', 'elements': [{'type': 'Text', 'label': 'wave', 'words': [
        {'label': 'wave', 'bounding-box': {'x': 16.0, 'y': 32.0, 'width': 20.0, 'height': 4.0}}]}]}
    text = block(base64.b64encode(json.dumps(jiix).encode()))
    page = block(b'<PAGESTYLE:style_white><MAINLAYER:%d><LAYER1:0><TOTALPATH:%d><RECOGNSTATUS:1>'
                 b'<RECOGNTEXT:%d><ORIENTATION:1000>' % (layer, path, text))
    keyword = block(b'<KEYWORDPAGE:1><KEYWORDRECT:140,280,200,40><KEYWORD:wave>')
    footer = block(b'<FILE_FEATURE:%d><PAGE1:%d><KEYWORD_00010280:%d>' % (header, page, keyword))
    data.extend(b'tail' + u32(footer))
    target = os.path.join(out, 'supernote-strokes.note')
    with open(target, 'wb') as f:
        f.write(data)
    print(target, len(data), 'bytes')


if __name__ == '__main__':
    main()
