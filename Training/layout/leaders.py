"""Drawing that leaves a word, for the page generator (generate.py --leaders N).

On real pages an arrow or a line often starts where a word ends: the pen lifts after the last
letter and draws on, an arrow from a part's name to the part, its shaft and head in one stroke,
then the thing it points at, then the next words. Such a stroke comes between letters in writing
order and touches a letter, so neither its neighbours nor its place say drawing; only its own
shape does. The page's other arrows are drawn after all its writing and start a little way off the
words, so a classifier trained on them alone keeps these as writing, and with them the word's
last letter joins whatever line the arrow leads to.

After some words of a line (`after_word`, called by `Page.write_line`), right after the word in
writing order: an arrow or a plain line starting at the end of the word's last stroke or beside
it, straight or curved, its head drawn in the same stroke as the shaft or apart; then, at its far
end, often a drawing (a ring with a cross through it, a ring, a box, a small sketch) or a word.
When the leader runs along the row, the line's next words are written after what it points at.
At times the last letter's own stroke runs on into the line (one stroke, part letter): that
stroke stays writing, since dropping it loses the letter.

The leaders are DRAWING, the targets DRAWING, words WRITING.
"""
import math

import numpy as np

WRITING, DRAWING = 0, 1


def head(page, shaft, one_stroke):
    """An arrowhead at the shaft's end: with the shaft in one stroke (shaft, tip, a barb, back
    through the tip to the other barb, or only one barb) or as strokes of its own."""
    rng, pen, s = page.rng, page.pen, page.size
    d = shaft[-1] - shaft[max(0, len(shaft) - 4)]
    ang = math.atan2(d[1], d[0])
    hl = s * rng.uniform(0.4, 1.1)
    spread = rng.uniform(0.35, 0.7)
    tip = shaft[-1]
    left, right = pen.barbs(tip, ang, hl, spread)
    if one_stroke:
        if rng.random() < 0.5:
            return [np.concatenate([shaft, pen.path([tip, left, tip, right], 0.01)[1:]])]
        return [np.concatenate([shaft, pen.path([tip, left], 0.01)[1:]]), pen.line(tip, right, 0.01)]
    if rng.random() < 0.5:
        return [shaft, pen.path([left, tip, right], 0.01)]
    return [shaft, pen.line(left, tip, 0.01), pen.line(right, tip, 0.01)]


def target(page, end, direction):
    """What a leader points at, drawn right after it; returns its box or None."""
    rng, pen, s = page.rng, page.pen, page.size
    r = s * rng.uniform(0.5, 1.6)
    c = np.asarray(end) + direction * r * rng.uniform(0.6, 1.2)
    kind = rng.random()
    if kind < 0.25:  # a sight: a ring with a cross through it
        page.add([pen.ellipse(c[0], c[1], r, r * rng.uniform(0.8, 1.2), rng.uniform(0.95, 1.2))], DRAWING)
        page.add([pen.line((c[0] - 1.3 * r, c[1]), (c[0] + 1.3 * r, c[1])),
                  pen.line((c[0], c[1] - 1.3 * r), (c[0], c[1] + 1.3 * r))], DRAWING)
    elif kind < 0.45:
        page.add([pen.ellipse(c[0], c[1], r, r * rng.uniform(0.6, 1.3), rng.uniform(0.95, 1.3))], DRAWING)
    elif kind < 0.6:
        page.add(pen.rect_strokes(c[0] - r, c[1] - r, c[0] + r, c[1] + r), DRAWING)
    elif kind < 0.8:
        w, h = s * rng.uniform(2, 6), s * rng.uniform(2, 6)
        x = c[0] - (0 if direction[0] >= 0 else w)
        page.sketch(x, c[1] - h / 2, w, h)
        return (x, c[1] - h / 2, x + w, c[1] + h / 2)
    else:
        return None
    return (c[0] - 1.3 * r, c[1] - 1.3 * r, c[0] + 1.3 * r, c[1] + 1.3 * r)


def after_word(page, ink, box):
    """At times a leader from the word just written; returns the x the line goes on from, or
    None to go on as before."""
    rng, pen, s = page.rng, page.pen, page.size
    if rng.random() >= page.leader_share:
        return None
    last = ink[int(np.argmax([q[:, 0].max() for q in ink]))] if rng.random() < 0.5 else ink[-1]
    start = last[-1] + pen.np.normal(0, 0.1 * s, 2) * (rng.random() < 0.6)
    along = rng.random() < 0.5
    ang = rng.gauss(0, 0.25) if along else rng.choice([-1, 1]) * rng.uniform(0.4, 1.5)
    if rng.random() < 0.15:
        ang = math.pi - ang  # back over the word, to something drawn before it
    length = s * rng.uniform(2, 10)
    direction = np.asarray([math.cos(ang), math.sin(ang)])
    end = start + direction * length
    if rng.random() < 0.35:
        bend = np.asarray([-direction[1], direction[0]]) * length * rng.uniform(-0.3, 0.3)
        t = np.linspace(0, 1, 16)[:, None]
        pts = (1 - t) ** 2 * start + 2 * (1 - t) * t * ((start + end) / 2 + bend) + t ** 2 * end
    else:
        pts = np.asarray([start, end])
    shaft = pen.path(pts)
    r = rng.random()
    if r < 0.1 and page.strokes[-1] is ink[-1]:  # the last letter's stroke drawn on into the line
        page.strokes[-1] = np.concatenate([page.strokes[-1], shaft])
    elif r < 0.45:
        page.add(head(page, shaft, one_stroke=True), DRAWING)
    elif r < 0.7:
        page.add(head(page, shaft, one_stroke=False), DRAWING)
    else:
        page.add([shaft], DRAWING)  # a line leaving the word
    b = target(page, shaft[-1], direction) if rng.random() < 0.75 else None
    if b is None and direction[0] > 0 and rng.random() < 0.4:  # a word at the far end instead
        _, b = page.write_word(shaft[-1][0] + 0.5 * s, shaft[-1][1] + 0.5 * s, scale=0.9)
    if not along or direction[0] < 0:
        return None
    far = max(shaft[:, 0].max(), b[2] if b is not None else -math.inf)
    return far + s * rng.uniform(0.6, 1.6)
