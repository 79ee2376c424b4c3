"""Digits and capitals with feet, serifs and bars beside short strokes that are drawing, for the
page generator (generate.py --numerals N).

Many hands write a `1` with a foot, an `I` with a bar at the top and the bottom, a `7` or a `Z`
with a bar through it. Those strokes are short, flat and straight, written apart from the rest of
the character, often with two points only: the shape of a tick, a dash or a short rule. UNIPEN's
characters seldom have them, so a classifier trained on its ink alone learns that such a stroke
is drawing and drops it, and the character is read as something else. These pages write rows of
numbers and capitals with those strokes (a name, at times, then indices, values, roman numerals),
and beside them the short and straight drawing that real pages put there:

* upright lines ending just above each number (an array's cells, rays fanning down to it);
* an axis with a tick at each number written under it, or a number line;
* short dashes between numbers at mid-height, tally marks and check marks beside them;
* a table's rules around the numbers, an underline under the row.

Feet, serifs and bars are WRITING, like the characters they belong to; the rest is DRAWING.
"""
import numpy as np

WRITING, DRAWING, MARKUP = 0, 1, 2
FEET = set("1I")
BARS = set("7Z")


def serifs(page, ink, label):
    """The strokes a hand adds to `label`'s ink: a foot under a `1`, bars on an `I`, a bar through
    a `7` or a `Z`. At times two-point segments, as apps that keep few points record them."""
    rng, pen, s = page.rng, page.pen, page.size
    allp = np.concatenate(ink)
    x0, y0, x1, y1 = allp[:, 0].min(), allp[:, 1].min(), allp[:, 0].max(), allp[:, 1].max()
    two_points = rng.random() < 0.4
    half = s * rng.uniform(0.2, 0.45)
    out = []

    def bar(cx, y):
        a = (cx - half * rng.uniform(0.6, 1.4), y + rng.gauss(0, 0.04 * s))
        b = (cx + half * rng.uniform(0.6, 1.4), y + rng.gauss(0, 0.06 * s))
        out.append(np.asarray([a, b], np.float64) if two_points else pen.line(a, b, 0.005))

    if label in FEET:
        foot = allp[int(allp[:, 1].argmax())]  # the stem's lowest point
        if label == "I" and rng.random() < 0.85:
            top = allp[int(allp[:, 1].argmin())]
            bar(top[0], top[1] + rng.uniform(-0.05, 0.1) * s)
        if label == "I" or rng.random() < 0.85:
            bar(foot[0], foot[1] + rng.uniform(-0.1, 0.05) * s)
    elif label in BARS:
        bar((x0 + x1) / 2, (y0 + y1) / 2 + rng.gauss(0, 0.08 * s))
    return out


def samples(page, alphabet):
    return [c for c in page.operands if c[2] in alphabet]


def token(page, x, baseline, pool):
    """A number or a roman numeral written character by character; returns its box."""
    rng, s = page.rng, page.size
    boxes = []
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3])):
        sample = pool[rng.randrange(len(pool))]
        ink = page.char_ink(sample)
        allp = np.concatenate(ink)
        ink = [q - [allp[:, 0].min() - x, allp[:, 1].max() - baseline] for q in ink]
        ink += serifs(page, ink, sample[2])
        page.add(ink, WRITING)
        b = page.bbox(ink)
        boxes.append(b)
        x = b[2] + s * rng.uniform(0.15, 0.5)
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def row(page, x, y, right):
    """A row of numbers (a name first, at times) with short straight drawing beside them; returns
    the next y."""
    rng, pen, s = page.rng, page.pen, page.size
    digits = samples(page, "0123456789")
    footed = samples(page, "17")
    capitals = samples(page, "IVXZ")
    if not digits:
        return y
    pool = digits + footed * rng.randint(1, 4)
    if capitals and rng.random() < 0.3:
        pool = capitals + samples(page, "I") * 2
    kind = rng.randrange(5)
    reach = s * rng.uniform(2, 10) if kind == 0 else 0.0  # room above the row for its upright lines
    baseline = y + 2 * s + reach
    drawing_first = rng.random() < 0.4
    strokes_before = len(page.strokes)
    boxes = []
    xx = x
    if rng.random() < 0.5:
        _, b = page.write_word(xx, baseline, scale=rng.uniform(0.8, 1.0))
        xx = b[2] + s * rng.uniform(0.8, 2.0)
    while xx < right - 2 * s and len(boxes) < 9:
        b = token(page, xx, baseline + rng.gauss(0, 0.1 * s), pool)
        boxes.append(b)
        gap = s * rng.uniform(0.8, 3.0)
        if kind == 2 and rng.random() < 0.5:  # a dash between numbers, or tally and check marks
            ym = (b[1] + b[3]) / 2 + rng.gauss(0, 0.1 * s)
            if rng.random() < 0.6:
                page.add([pen.line((b[2] + 0.25 * gap, ym), (b[2] + 0.75 * gap, ym))], DRAWING)
            elif rng.random() < 0.5:
                tx = b[2] + 0.3 * gap
                page.add([pen.line((tx + 0.25 * s * k, b[3]), (tx + 0.25 * s * k + 0.05 * s, b[1])) for k in range(rng.randint(1, 5))], DRAWING)
            else:
                cx = b[2] + 0.3 * gap
                page.add([pen.path([(cx, ym), (cx + 0.3 * s, ym + 0.4 * s), (cx + 0.9 * s, ym - 0.6 * s)], 0.01)], DRAWING)
        xx = b[2] + gap
    if not boxes:
        return y + 3 * s
    y0, y1 = min(b[1] for b in boxes), max(b[3] for b in boxes)
    x0, x1 = min(b[0] for b in boxes), max(b[2] for b in boxes)
    if kind == 0:  # upright lines ending just above each number, at times fanning out of a point
        apex = (x0 + rng.uniform(0, 1) * (x1 - x0), y0 - reach) if rng.random() < 0.3 else None
        for b in boxes:
            cx = (b[0] + b[2]) / 2 + rng.gauss(0, 0.15 * s)
            end = (cx, b[1] - s * rng.uniform(0.1, 1.0))
            top = apex if apex is not None else (cx + rng.gauss(0, 0.1 * s), min(end[1] - s, y0 - reach * rng.uniform(0.5, 1.0)))
            page.add([pen.line(top, end, 0.01)], DRAWING)
    elif kind == 1:  # an axis with a tick at each number, the numbers under it
        ay = y0 - s * rng.uniform(0.4, 1.0)
        page.add([pen.line((x0 - s, ay), (x1 + s, ay + rng.gauss(0, 0.1 * s)))], DRAWING)
        for b in boxes:
            tx = (b[0] + b[2]) / 2
            page.add([pen.line((tx, ay - 0.3 * s), (tx, ay + 0.3 * s))
                      if rng.random() < 0.6 else np.asarray([(tx, ay - 0.3 * s), (tx, ay + 0.3 * s)])], DRAWING)
    elif kind == 3:  # a table's rules around the numbers
        ya, yb = y0 - s * rng.uniform(0.3, 0.8), y1 + s * rng.uniform(0.3, 0.8)
        rules = [pen.line((x0 - s, ya), (x1 + s, ya)), pen.line((x0 - s, yb), (x1 + s, yb))]
        for a, b in zip(boxes, boxes[1:]):
            vx = (a[2] + b[0]) / 2
            rules.append(pen.line((vx, ya), (vx, yb)))
        page.add(rules, DRAWING)
    elif kind == 4 and rng.random() < 0.5:  # an underline under the row
        page.add([pen.line((x0, y1 + 0.3 * s), (x1, y1 + 0.35 * s))], MARKUP)
    if drawing_first:  # the drawing came first, the numbers written into it
        n = len(page.strokes) - strokes_before
        order = sorted(range(n), key=lambda i: page.labels[strokes_before + i] == WRITING)
        page.strokes[strokes_before:] = [page.strokes[strokes_before + i] for i in order]
        page.labels[strokes_before:] = [page.labels[strokes_before + i] for i in order]
    return y1 + s * rng.uniform(1.5, 3.0)
