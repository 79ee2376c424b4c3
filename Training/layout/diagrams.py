"""Diagram blocks for the page generator (generate.py --diagrams): the drawing that real pages
labelled by eye still had read as writing, made general.

* graphs and trees: nodes drawn as filled dots (a small spiral scribbled over), small rings or
  rings around a label, joined by straight edges, digits or letters written beside some nodes;
* scatter plots: axes ending in arrowheads drawn as closed triangles, ticks, tick labels, points
  as filled dots, rings or crosses;
* dashed and dotted lines at any angle, dashed frames around a group of small icons;
* pen swatches: a word, then a fill hatched back and forth in one stroke, a few upright strokes
  and a wave beside it, as a page testing pens;
* icons: small closed outlines (rectangles, rings, polygons, a house, a magnifier) of two to four
  letter sizes, alone or in the cells of a grid;
* polylines of straight segments (a space-filling curve, a zigzag), one stroke per segment or per
  run of segments, and rays fanning out of a point;
* lists whose bullets are drawn shapes filled in.

Every stroke drawn here is DRAWING; labels are WRITING (the page's own `label` and `write_word`).
"""
import math

import numpy as np

DRAWING = 1


def dot(page, cx, cy, r):
    """A filled dot: a small spiral scribbled over two to six turns."""
    rng = page.rng
    turns = rng.uniform(2, 6)
    t = np.linspace(0, 2 * math.pi * turns, int(24 * turns))
    rr = r * (0.3 + 0.7 * np.abs(np.sin(t / (2 * turns) * rng.uniform(1, 3))))
    pts = np.stack([cx + rr * np.cos(t + rng.uniform(0, 6.3)), cy + rr * np.sin(t) * rng.uniform(0.7, 1.2)], 1)
    return page.pen.path(pts, 0.01)


def node(page, cx, cy, r, kind):
    """One node of a graph; returns the radius edges stop at."""
    if kind == 0:
        page.add([dot(page, cx, cy, r)], DRAWING)
    elif kind == 1:
        page.add([page.pen.ellipse(cx, cy, r, r * page.rng.uniform(0.8, 1.2), page.rng.uniform(0.95, 1.2))], DRAWING)
    else:
        r = max(r, 0.9 * page.size)
        page.add([page.pen.ellipse(cx, cy, r, r, page.rng.uniform(0.95, 1.15))], DRAWING)
        page.label(cx - 0.35 * page.size, cy + 0.5 * page.size, text=True)
    return r


def graph(page, x, y, right):
    """A tree or a graph: levels of nodes joined by straight edges, labels beside some nodes."""
    rng, s = page.rng, page.size
    kind = rng.choice([0, 0, 1, 2])
    r = s * (rng.uniform(0.2, 0.5) if kind == 0 else rng.uniform(0.3, 0.8))
    levels = rng.randint(2, 4)
    dy = s * rng.uniform(3, 6)
    width = min(right - x, s * rng.uniform(10, 30))
    previous, placed = [], []
    for level in range(levels):
        count = 1 if level == 0 else rng.randint(len(previous), min(len(previous) * 3, 8))
        row = []
        for k in range(count):
            cx = x + width * (k + 0.5) / count + rng.gauss(0, 0.3 * s)
            cy = y + 2 * s + level * dy + rng.gauss(0, 0.3 * s)
            row.append((cx, cy, node(page, cx, cy, r, kind)))
        for k, (cx, cy, rk) in enumerate(row):
            if not previous:
                break
            px, py, rp = previous[min(len(previous) - 1, k * len(previous) // len(row))]
            d = math.hypot(cx - px, cy - py)
            ux, uy = (cx - px) / d, (cy - py) / d
            a = (px + ux * rp * rng.uniform(0.5, 1.2), py + uy * rp * rng.uniform(0.5, 1.2))
            b = (cx - ux * rk * rng.uniform(0.5, 1.2), cy - uy * rk * rng.uniform(0.5, 1.2))
            if rng.random() < 0.2:
                page.arrow(a, b)
            else:
                page.add([page.pen.line(a, b)], DRAWING)
        for cx, cy, rk in row:
            if kind != 2 and rng.random() < 0.5:  # a digit or a letter beside the node
                page.label(cx + rng.choice([-1, 1]) * (rk + 0.8 * s), cy + rng.uniform(1.0, 2.5) * s, text=True)
        placed += row
        previous = row
    return y + 2 * s + levels * dy + 2 * s


def arrowhead(page, tip, angle):
    """An arrowhead: a closed triangle in one stroke, or an open V."""
    s, rng = page.size, page.rng
    hl = s * rng.uniform(0.5, 1.2)
    tip = np.asarray(tip)
    left, rght = page.pen.barbs(tip, angle, hl, 0.4)
    if rng.random() < 0.6:
        page.add([page.pen.path([tip, left, rght, tip], 0.01)], DRAWING)
    else:
        page.add([page.pen.path([left, tip, rght], 0.01)], DRAWING)


def scatter(page, x, y, right):
    """Axes with arrowheads, ticks and their labels, and points marked on the plane."""
    rng, s, pen = page.rng, page.size, page.pen
    w = min(right - x - 3 * s, s * rng.uniform(10, 30))
    h = s * rng.uniform(8, 20)
    x0, y1 = x + 3 * s, y + h + 2 * s
    page.add([pen.line((x0, y1), (x0, y1 - h))], DRAWING)
    arrowhead(page, (x0, y1 - h), -math.pi / 2)
    page.add([pen.line((x0, y1), (x0 + w, y1))], DRAWING)
    arrowhead(page, (x0 + w, y1), 0.0)
    for k in range(rng.randint(0, 5)):
        ty = y1 - h * (k + 1) / 6
        page.add([pen.line((x0 - 0.6 * s, ty), (x0, ty))], DRAWING)
        if rng.random() < 0.7:
            page.label(x0 - 2.5 * s, ty + 0.6 * s, text=True)
    for k in range(rng.randint(0, 5)):
        tx = x0 + w * (k + 1) / 6
        page.add([pen.line((tx, y1), (tx, y1 + 0.6 * s))], DRAWING)
        if rng.random() < 0.7:
            page.label(tx - 0.3 * s, y1 + 2.2 * s, text=True)
    marker = rng.randrange(3)
    for _ in range(rng.randint(2, 12)):
        px, py = x0 + rng.uniform(0.1, 0.95) * w, y1 - rng.uniform(0.1, 0.95) * h
        r = s * rng.uniform(0.1, 0.35)
        if marker == 0:
            page.add([dot(page, px, py, r)], DRAWING)
        elif marker == 1:
            page.add([pen.ellipse(px, py, r, r)], DRAWING)
        else:
            page.add([pen.line((px - r, py - r), (px + r, py + r)), pen.line((px - r, py + r), (px + r, py - r))], DRAWING)
    if rng.random() < 0.6:  # axis names
        page.label(x0 + w + 0.8 * s, y1 + 0.5 * s, text=True)
        page.label(x0 - 1.5 * s, y1 - h - 0.3 * s, text=True)
    return y1 + 4 * s


def dashed(page, a, b, dotted=False):
    """A dashed (or dotted) line from a to b at any angle."""
    rng, s = page.rng, page.size
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    step = s * (rng.uniform(0.3, 0.8) if dotted else rng.uniform(0.5, 1.6))
    n = max(3, int(np.linalg.norm(b - a) / step))
    for k in range(n):
        p = a + (b - a) * k / n
        if dotted:
            page.add([page.pen.path([p, p + rng.uniform(0.02, 0.1) * s])], DRAWING)
        else:
            q = a + (b - a) * (k + rng.uniform(0.3, 0.7)) / n
            page.add([page.pen.line(p, q, 0.005)], DRAWING)


def lines(page, x, y, right):
    """Dashed and dotted lines at any angle, between words or across the page."""
    rng, s = page.rng, page.size
    bottom = y + 2 * s
    for _ in range(rng.randint(1, 3)):
        a = (x + rng.uniform(0, right - x), y + rng.uniform(0, 4) * s)
        angle = rng.uniform(0, 2 * math.pi)
        length = s * rng.uniform(4, 25)
        b = (a[0] + length * math.cos(angle), a[1] + abs(length * math.sin(angle)))
        dashed(page, a, b, dotted=rng.random() < 0.3)
        if rng.random() < 0.4:
            page.write_word(b[0] + s, b[1] + 0.5 * s)
        bottom = max(bottom, b[1] + 3 * s)
    return bottom


def icon(page, x, y, w, h):
    """A small closed outline or two: the icons of a menu, a toolbox or a legend."""
    rng, pen = page.rng, page.pen
    kind = rng.randrange(6)
    cx, cy = x + w / 2, y + h / 2
    if kind == 0:
        page.add(pen.rect_strokes(x, y, x + w, y + h), DRAWING)
        if rng.random() < 0.5:
            page.add(pen.rect_strokes(x + 0.3 * w, y + 0.4 * h, x + 0.7 * w, y + h, pieces=1), DRAWING)
    elif kind == 1:
        page.add([pen.ellipse(cx, cy, w / 2, h / 2, rng.uniform(0.95, 1.1))], DRAWING)
        if rng.random() < 0.5:  # a magnifier's handle or a mark inside
            page.add([pen.line((cx + 0.35 * w, cy + 0.35 * h), (x + 1.1 * w, y + 1.1 * h))], DRAWING)
    elif kind == 2:  # a house
        page.add([pen.path([(x, y + h), (x, y + 0.4 * h), (cx, y), (x + w, y + 0.4 * h), (x + w, y + h), (x, y + h)], 0.01)],
                 DRAWING)
    elif kind == 3:  # a blob outline with lobes
        t = np.linspace(0, 2 * math.pi, 50)
        rr = 1 + 0.25 * np.sin(t * rng.randint(2, 6))
        page.add([pen.path(np.stack([cx + w / 2 * rr * np.cos(t), cy + h / 2 * rr * np.sin(t)], 1), 0.01)], DRAWING)
    elif kind == 4:  # a page with a folded corner
        page.add([pen.path([(x, y), (x + 0.7 * w, y), (x + w, y + 0.3 * h), (x + w, y + h), (x, y + h), (x, y)], 0.01)],
                 DRAWING)
    else:  # a scribbled knot, as an eraser or a lasso drawn small
        pts = [(x + rng.uniform(0, w), y + rng.uniform(0, h)) for _ in range(rng.randint(6, 16))]
        page.add([pen.path(pts, 0.02)], DRAWING)


def icons(page, x, y, right):
    """A row or grid of icons, in cells with rules, in a dashed frame or loose; labels beside some."""
    rng, s = page.rng, page.size
    cols, rows = rng.randint(2, 6), rng.randint(1, 3)
    cell = s * rng.uniform(2.5, 6)
    cols = max(1, min(cols, int((right - x) / cell)))
    frame = rng.random()
    for r in range(rows):
        for c in range(cols):
            k = rng.uniform(0.4, 0.8)
            icon(page, x + c * cell + (1 - k) / 2 * cell, y + r * cell + (1 - k) / 2 * cell, k * cell, k * cell * rng.uniform(0.7, 1.3))
    x1, y1 = x + cols * cell, y + rows * cell
    if frame < 0.3:  # grid rules
        for r in range(rows + 1):
            page.add([page.pen.line((x, y + r * cell), (x1, y + r * cell))], DRAWING)
        for c in range(cols + 1):
            page.add([page.pen.line((x + c * cell, y), (x + c * cell, y1))], DRAWING)
    elif frame < 0.55:  # a dashed frame
        m = 0.3 * s
        corners = [(x - m, y - m), (x1 + m, y - m), (x1 + m, y1 + m), (x - m, y1 + m)]
        for k in range(4):
            dashed(page, corners[k], corners[(k + 1) % 4], dotted=rng.random() < 0.3)
    if rng.random() < 0.4:
        page.write_word(x1 + s, y + 0.8 * cell)
    return y1 + 3 * s


def swatches(page, x, y, right):
    """Rows of a pen test: a word, then a hatched fill in one stroke, upright strokes and a wave."""
    rng, s, pen = page.rng, page.size, page.pen
    for row in range(rng.randint(1, 4)):
        baseline = y + 2 * s + row * s * rng.uniform(3, 5)
        _, b = page.write_word(x, baseline)
        cx = b[2] + s * rng.uniform(1.5, 4)
        while cx < right - 3 * s:
            what = rng.random()
            h = s * rng.uniform(1.5, 3)
            top = baseline - h
            if what < 0.45:  # back-and-forth fill
                w = s * rng.uniform(1.5, 4)
                n = rng.randint(6, 30)
                slope = rng.uniform(-0.5, 0.5) * h
                pts = [(cx + w * k / n + (slope if k % 2 else 0), top if k % 2 else baseline) for k in range(n + 1)]
                page.add([pen.path(pts, 0.03)], DRAWING)
                cx += w + s
            elif what < 0.75:  # upright strokes
                for _ in range(rng.randint(2, 4)):
                    page.add([pen.line((cx, top), (cx + rng.gauss(0, 0.1) * s, baseline))], DRAWING)
                    cx += s * rng.uniform(0.5, 1.0)
                cx += s
            else:  # a wave
                w = s * rng.uniform(2, 5)
                t = np.linspace(0, 1, 40)
                pts = np.stack([cx + w * t, baseline - h / 2 + h / 2 * np.sin(t * rng.uniform(6, 14))], 1)
                page.add([pen.path(pts, 0.02)], DRAWING)
                cx += w + s
    return baseline + 3 * s


def polyline(page, x, y, right):
    """Straight segments joined end to end (a space-filling curve, a zigzag, a path), drawn one
    segment per stroke or several per stroke; or rays fanning out of one point."""
    rng, s, pen = page.rng, page.size, page.pen
    if rng.random() < 0.3:  # rays
        c = np.asarray([x + rng.uniform(0.3, 0.7) * (right - x), y + 8 * s])
        for _ in range(rng.randint(5, 14)):
            a = rng.uniform(0, 2 * math.pi)
            r0, r1 = s * rng.uniform(0, 1), s * rng.uniform(3, 8)
            bend = rng.gauss(0, 0.3)
            t = np.linspace(0, 1, 12)
            pts = np.stack([c[0] + (r0 + (r1 - r0) * t) * np.cos(a + bend * t), c[1] + (r0 + (r1 - r0) * t) * np.sin(a + bend * t)], 1)
            page.add([pen.path(pts, 0.01)], DRAWING)
        return y + 17 * s
    step = s * rng.uniform(1.5, 5)
    p = np.asarray([x + rng.uniform(0, 0.5) * (right - x), y + 2 * s])
    heading = rng.randrange(6) * math.pi / 3
    run = [p]
    per_stroke = rng.choice([1, 1, 2, 3, 8])
    for _ in range(rng.randint(4, 20)):
        heading += rng.choice([-1, 0, 1]) * math.pi / 3
        q = p + step * np.asarray([math.cos(heading), abs(math.sin(heading)) * rng.choice([1, 1, -1])])
        q[0] = min(max(q[0], x), right)
        run.append(q)
        p = q
        if len(run) > per_stroke:
            page.add([pen.path(run, 0.005)], DRAWING)
            run = [p]
    if len(run) > 1:
        page.add([pen.path(run, 0.005)], DRAWING)
    return max(y + 4 * s, p[1] + 3 * s)


def filled(page, x, y, w, h):
    """A small shape drawn and filled in: an outline (triangle, square, ring) then a scribble over it."""
    rng, pen = page.rng, page.pen
    kind = rng.randrange(3)
    if kind == 0:
        page.add([pen.path([(x, y), (x + w, y + h / 2), (x, y + h), (x, y)], 0.01)], DRAWING)
    elif kind == 1:
        page.add(pen.rect_strokes(x, y, x + w, y + h, pieces=1), DRAWING)
    else:
        page.add([pen.ellipse(x + w / 2, y + h / 2, w / 2, h / 2)], DRAWING)
    if rng.random() < 0.8:
        n = rng.randint(5, 20)
        pts = [(x + w * (0.1 + 0.8 * (k % 2)) + rng.gauss(0, 0.05 * w), y + h * (0.1 + 0.8 * k / n)) for k in range(n + 1)]
        page.add([pen.path(pts, 0.02)], DRAWING)


def bullets(page, x, y, right):
    """A list whose items start with drawn bullets: filled triangles, squares, rings or dots."""
    rng, s = page.rng, page.size
    gap = s * rng.uniform(2.2, 3.5)
    size = s * rng.uniform(0.5, 1.4)
    for k in range(rng.randint(2, 6)):
        baseline = y + 2 * s + k * gap
        if rng.random() < 0.3:
            page.add([dot(page, x + size / 2, baseline - 0.5 * s, size / 2)], DRAWING)
        else:
            filled(page, x, baseline - 0.5 * s - size / 2, size, size)
        page.write_line(x + size + s * rng.uniform(0.8, 2), baseline, right)
    return y + 2 * s + (k + 1) * gap


def figure_page(page, width, labelled=False):
    """A page of drawing with few words or none: diagram blocks and the page's sketches, side by
    side in two columns, sometimes arrows drawn between them; `labelled`: words here and there
    among the drawing's lines, as figures are labelled."""
    rng, s = page.rng, page.size
    for c in range(rng.choice([1, 2])):
        x, y = c * width / 2 + s * rng.uniform(0, 3), s * rng.uniform(2, 6)
        right = (c + 1) * width / 2 - 2 * s
        for _ in range(rng.randint(1, 4)):
            top = y
            r = rng.random()
            if r < 0.35:
                y = block(page, x, y, right)
            elif r < 0.7:
                w, h = s * rng.uniform(3, 20), s * rng.uniform(3, 14)
                page.sketch(x + rng.uniform(0, max(1, right - x - w)), y + s, w, h)
                y += h + 3 * s
            else:  # boxes joined by long arrows, no words
                boxes = []
                for _ in range(rng.randint(1, 4)):
                    w, h = s * rng.uniform(1.5, 10), s * rng.uniform(1.5, 15)
                    bx = x + rng.uniform(0, max(1, right - x - w))
                    page.add(page.pen.rect_strokes(bx, y, bx + w, y + h), DRAWING)
                    boxes.append((bx, y, bx + w, y + h))
                for _ in range(rng.randint(0, 6)):
                    b = boxes[rng.randrange(len(boxes))]
                    tip = (b[0] + rng.uniform(0, 1) * (b[2] - b[0]), b[3] + s * rng.uniform(0.2, 1))
                    tail = (tip[0] + s * rng.uniform(-15, 15), tip[1] + s * rng.uniform(3, 15))
                    page.arrow(tail, tip)
                y = max(b[3] for b in boxes) + 17 * s
            if labelled and rng.random() < 0.6:  # words naming parts of the figure, among its lines
                for _ in range(rng.randint(1, 3)):
                    page.write_word(x + rng.uniform(0, max(1, right - x - 6 * s)), top + rng.uniform(0.1, 1) * (y - top))


BLOCKS = (graph, graph, scatter, lines, icons, swatches, polyline, bullets)
# generate.py --diagram-kinds: the blocks drawn (all by default)
KINDS = {f.__name__ for f in BLOCKS}


def block(page, x, y, right):
    """One diagram block at (x, y) in a column ending at `right`; returns the y below it."""
    blocks = BLOCKS if KINDS >= {f.__name__ for f in BLOCKS} else tuple(f for f in BLOCKS if f.__name__ in KINDS)
    return blocks[page.rng.randrange(len(blocks))](page, x, y, right)
