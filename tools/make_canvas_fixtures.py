#!/usr/bin/env python3
"""Make the tldraw and Excalidraw fixtures of Tests/Fixtures/formats/ (formats.md §12, §13).

No licensed Excalidraw file with handwriting exists, and the corpus's tldraw files hold neither
the Float16 `points` encoding (draw 3) nor groups, rotation or highlighter shapes, so these are
ours, written from the format notes, with coordinates exactly representable in Float16 so that
tests can check positions exactly:

- tldraw-v3-float16.tldr: draw 3 / highlight 2, base64 Float16 `points` (absolute);
- tldraw-v4-frames.tldr: draw 4 / highlight 3, delta `path` (Float32 anchor), two pages, a frame
  holding a group turned a quarter turn holding a pen stroke, a two-segment stroke scaled in x,
  a highlighter, rich text, a shape whose parent is missing;
- excalidraw-freedraw.excalidraw: two freedraw strokes (one with pressure, one turned half a turn
  about its centre), a deleted one, a text element, a frame and a rectangle;
- excalidraw-compressed.excalidraw.md and excalidraw-json.excalidraw.md: the same scene in an
  Obsidian Excalidraw note, lz-string compressed (`compressed-json`, lines of 256 characters as
  the plugin breaks them) and as plain `json`.

Needs the `lzstring` package (pip install lzstring==1.0.4) for the compressed note.
Deterministic: running it again gives byte-identical files.

Usage: tools/make_canvas_fixtures.py [--out Tests/Fixtures/formats]
"""
import argparse
import base64
import json
import math
import os
import struct

import lzstring


def float16_points(points):
    return base64.b64encode(b"".join(struct.pack("<3e", *p) for p in points)).decode()


def delta_path(points):
    first = struct.pack("<3f", *points[0])
    rest = b"".join(struct.pack("<3e", b[0] - a[0], b[1] - a[1], b[2]) for a, b in zip(points, points[1:]))
    return base64.b64encode(first + rest).decode()


def shape(id, type, parent, props, x=0, y=0, rotation=0, index="a1"):
    return {"typeName": "shape", "id": id, "type": type, "parentId": parent, "x": x, "y": y,
            "rotation": rotation, "index": index, "opacity": 1, "isLocked": False, "meta": {}, "props": props}


def draw_props(segments, **extra):
    props = {"color": "black", "fill": "none", "dash": "draw", "size": "m", "segments": segments,
             "isComplete": True, "isClosed": False, "isPen": False, "scale": 1, "scaleX": 1, "scaleY": 1}
    props.update(extra)
    return props


def tldr(draw, highlight, records):
    schema = {"schemaVersion": 2, "sequences": {"com.tldraw.store": 5, "com.tldraw.page": 1, "com.tldraw.shape": 4,
                                                "com.tldraw.shape.draw": draw,
                                                "com.tldraw.shape.highlight": highlight}}
    document = {"typeName": "document", "id": "document:document", "name": "", "meta": {}, "gridSize": 10}
    return {"tldrawFileFormatVersion": 1, "schema": schema, "records": [document] + records}


def write_json(path, value):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, indent=1, ensure_ascii=False)
        f.write("\n")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(here), "Tests", "Fixtures", "formats"))
    out = ap.parse_args().out
    os.makedirs(out, exist_ok=True)

    page = {"typeName": "page", "id": "page:page", "name": "Page 1", "index": "a1", "meta": {}}
    write_json(os.path.join(out, "tldraw-v3-float16.tldr"), tldr(3, 2, [
        page,
        shape("shape:pen", "draw", "page:page", draw_props(
            [{"type": "free", "points": float16_points([(1, 2, 0.25), (3, 4, 0.5), (5.5, 6.25, 0.75)])}],
            isPen=True), x=100, y=200),
        shape("shape:marker", "highlight", "page:page", {
            "color": "yellow", "size": "l", "isComplete": True, "isPen": False, "scale": 1, "scaleX": 1,
            "scaleY": 1, "segments": [{"type": "free", "points": float16_points([(0, 0, 0.5), (40, 0, 0.5)])}]},
            x=10, y=20, index="a2"),
    ]))

    sketches = {"typeName": "page", "id": "page:sketches", "name": "Sketches", "index": "a1", "meta": {}}
    second = {"typeName": "page", "id": "page:second", "name": "Page 2", "index": "a2", "meta": {}}
    rich = {"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Hello"}]},
                                       {"type": "paragraph", "content": [{"type": "text", "text": "tldraw",
                                                                          "marks": [{"type": "bold"}]}]}]}
    write_json(os.path.join(out, "tldraw-v4-frames.tldr"), tldr(4, 3, [
        # listed before its page on purpose: records come in any order
        shape("shape:scaled", "draw", "page:second", draw_props(
            [{"type": "free", "path": delta_path([(0, 0, 0.5), (1, 1, 0.5)])},
             {"type": "straight", "path": delta_path([(1, 1, 0.5), (3, 1, 0.5)])}], scaleX=2), x=50, y=60),
        second, sketches,
        shape("shape:frame", "frame", "page:sketches", {"w": 400, "h": 300, "name": "Ideas"}, x=100, y=50),
        shape("shape:group", "group", "shape:frame", {}, x=10, y=20, rotation=math.pi / 2),
        shape("shape:pen", "draw", "shape:group", draw_props(
            [{"type": "free", "path": delta_path([(0, 0, 0.25), (4, 0, 0.5), (4, 4, 0.75)])}], isPen=True,
            color="blue"), x=5, y=0),
        shape("shape:text", "text", "page:sketches", {"color": "black", "size": "m", "w": 120, "font": "draw",
                                                       "textAlign": "start", "autoSize": True, "scale": 1,
                                                       "richText": rich}, x=300, y=400, index="a3"),
        shape("shape:marker", "highlight", "page:second", {
            "color": "yellow", "size": "l", "isComplete": True, "isPen": False, "scale": 1, "scaleX": 1,
            "scaleY": 1, "segments": [{"type": "free", "path": delta_path([(0, 0, 0.5), (10, 0, 0.5)])}]},
            index="a0"),
        shape("shape:orphan", "draw", "shape:missing", draw_props(
            [{"type": "free", "path": delta_path([(0, 0, 0.5), (1, 0, 0.5)])}])),
        shape("shape:box", "geo", "page:sketches", {"geo": "rectangle", "w": 10, "h": 10, "text": ""}),
    ]))

    def freedraw(id, x, y, w, h, points, pressures, simulate, color="#1e1e1e", opacity=100, angle=0,
                 deleted=False):
        return {"id": id, "type": "freedraw", "x": x, "y": y, "width": w, "height": h, "angle": angle,
                "strokeColor": color, "backgroundColor": "transparent", "fillStyle": "solid", "strokeWidth": 2,
                "strokeStyle": "solid", "roughness": 1, "opacity": opacity, "groupIds": [], "frameId": None,
                "index": "a0", "seed": 1, "version": 3, "versionNonce": 1, "updated": 1700000000000,
                "isDeleted": deleted, "boundElements": None, "link": None, "locked": False,
                "points": points, "pressures": pressures, "simulatePressure": simulate, "lastCommittedPoint": None}

    scene = {"type": "excalidraw", "version": 2, "source": "https://excalidraw.com", "elements": [
        freedraw("pen", 100, 200, 20, 10, [[0, 0], [10, 5], [20, 10]], [0.2, 0.5, 0.8], False),
        freedraw("turned", 0, 0, 10, 0, [[0, 0], [10, 0]], [], True, color="#e03131", opacity=50, angle=math.pi),
        freedraw("gone", 0, 0, 1, 1, [[0, 0], [1, 1]], [], True, deleted=True),
        {"id": "label", "type": "text", "x": 10, "y": 300, "width": 120, "height": 25, "angle": 0,
         "text": "Shopping list", "originalText": "Shopping list", "fontSize": 20, "isDeleted": False},
        {"id": "frame", "type": "frame", "x": 0, "y": 0, "width": 500, "height": 400, "angle": 0, "name": "Ideas",
         "isDeleted": False},
        {"id": "box", "type": "rectangle", "x": 5, "y": 5, "width": 50, "height": 50, "angle": 0,
         "isDeleted": False},
    ], "appState": {"gridSize": None, "viewBackgroundColor": "#ffffff"}, "files": {}}
    write_json(os.path.join(out, "excalidraw-freedraw.excalidraw"), scene)

    text = json.dumps(scene, ensure_ascii=False)
    compressed = lzstring.LZString().compressToBase64(text)
    lines = [compressed[i:i + 256] for i in range(0, len(compressed), 256)]
    head = ("---\n\nexcalidraw-plugin: parsed\ntags: [excalidraw]\n\n---\n==⚠  Switch to EXCALIDRAW VIEW in the MORE "
            "OPTIONS menu of this document. ⚠==\n\n\n# Excalidraw Data\n## Text Elements\nShopping list ^label\n\n%%\n"
            "## Drawing\n")
    with open(os.path.join(out, "excalidraw-compressed.excalidraw.md"), "w", encoding="utf-8") as f:
        f.write(head + "```compressed-json\n" + "\n\n".join(lines) + "\n```\n%%\n")
    with open(os.path.join(out, "excalidraw-json.excalidraw.md"), "w", encoding="utf-8") as f:
        f.write(head + "```json\n" + json.dumps(scene, indent="\t", ensure_ascii=False) + "\n```\n%%\n")


if __name__ == "__main__":
    main()
