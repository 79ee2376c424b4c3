"""Straight-stroke writing beside straight-stroke drawing, for the page generator
(generate.py --straight N).

A classifier trained with diagrams (graph edges, ticks, arrowheads, polylines, icons: all straight
segments) learned that a short straight stroke is drawing, and dropped letters made of straight
segments: the `l`, `t`, `f`, `h`, `i`, `1` of printed hands, the `E`, `T`, `H` of capitals, and
letters written by apps and pens that record few points. These pages put such letters beside and
between straight drawing, so that what tells an `l` from a connector is its neighbours (letters in
its row), not its shape:

* words whose letters are straight: the synthetic writers' faces (single-line and Hershey fonts,
  printed and joined, Training/synth) writing words with t, h, f, l, i, 1, E, T, H, and UNIPEN
  words; about half of them simplified to a few straight segments a stroke (a polyline writer);
* next to them: connectors and arrows touching the words in their row, vertical rules between
  words (a table's columns, `a | b`), long lines just above or below a row, boxes drawn tight,
  tick marks and a plot's axes with labels of straight letters.

Every stroke drawn here is DRAWING or MARKUP; the words are WRITING.
"""
import math
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, ".."), os.path.join(HERE, "..", "synth")]

import writer  # noqa: E402  (Training/synth)

WRITING, DRAWING, MARKUP = 0, 1, 2
STRAIGHT = set("tfhlik1ETHLIFrxvwyz")
WORDS = os.path.join(HERE, "..", "..", "Sources", "Recognition", "Resources", "words-en.txt")
SHORT = ("1", "11", "1.1", "T1", "H1", "E1", "HTTP", "TH", "THE", "LIFE", "TILE", "FILE", "LEFT", "11:11",
         "I", "it", "if", "tl", "lt", "ff", "fit", "tilt", "hi", "lit", "H2", "E=1", "f(t)", "t1", "1/4")


def simplify(p, tol):
    """Ramer-Douglas-Peucker: the stroke as the few straight segments within `tol` of it."""
    if len(p) <= 2:
        return p
    keep = np.zeros(len(p), bool)
    keep[0] = keep[-1] = True
    stack = [(0, len(p) - 1)]
    while stack:
        a, b = stack.pop()
        if b <= a + 1:
            continue
        d = p[b] - p[a]
        n = math.hypot(d[0], d[1])
        seg = p[a + 1:b] - p[a]
        dist = np.abs(seg[:, 0] * d[1] - seg[:, 1] * d[0]) / n if n > 0 else np.sqrt((seg ** 2).sum(1))
        k = int(dist.argmax())
        if dist[k] > tol:
            keep[a + 1 + k] = True
            stack += [(a, a + 1 + k), (a + 1 + k, b)]
    return p[keep]


class Writer:
    """Words of straight letters for one page: one synthetic hand, or UNIPEN words made angular."""

    def __init__(self, page, faces, vocabulary):
        rng = page.rng
        self.page, self.rng = page, rng
        self.np = np.random.default_rng(rng.randrange(2 ** 32))
        self.hand = writer.Hand(faces, None, self.np) if faces and rng.random() < 0.75 else None
        self.vocabulary = vocabulary
        # a polyline writer: each stroke a few straight segments, at this share of words
        self.angular = rng.choice([0.0, 0.5, 1.0])
        self.tolerance = rng.uniform(0.03, 0.15)  # of the word's height

    def text(self):
        rng = self.rng
        r = rng.random()
        if r < 0.2:
            return rng.choice(SHORT)
        w = rng.choice(self.vocabulary)
        r = rng.random()
        if r < 0.15:
            return w.upper()
        if r < 0.35:
            return w[:1].upper() + w[1:]
        return w

    def word(self):
        """(strokes, inches) as Page.word_ink takes them."""
        strokes, inches = None, False
        if self.hand is not None:
            for _ in range(4):
                out = self.hand.write(self.text())
                if out:
                    strokes = [np.asarray(s, np.float64) for s in out]
                    break
        if strokes is None:
            strokes, inches = self.page.words[self.rng.randrange(len(self.page.words))]
        if self.rng.random() < self.angular:
            allp = np.concatenate(strokes)
            tol = self.tolerance * max(float(np.ptp(allp[:, 1])), 1e-9)
            strokes = [simplify(s, tol) for s in strokes]
        return strokes, inches


def vocabulary(path=WORDS):
    """English words with two or more straight letters (t, f, h, l, i, k, ...)."""
    with open(path, encoding="utf-8") as f:
        words = [w for w in f.read().split() if w.isalpha() and w.isascii()]
    return [w for w in words if sum(ch in STRAIGHT for ch in w) >= 2] or words


def row(page, x, y, right):
    """A row of words with straight drawing touching and between them; returns the next y."""
    s, rng, pen = page.size, page.rng, page.pen
    baseline = y + 2 * s
    boxes = []
    xx = x
    kind = rng.randrange(5)
    while xx < right - 3 * s and len(boxes) < 8:
        _, b = page.write_word(xx, baseline + rng.gauss(0, 0.1 * s))
        boxes.append(b)
        gap = s * rng.uniform(1.0, 5.0) if kind in (0, 1) else s * rng.uniform(0.8, 2.0)
        nxt = b[2] + gap
        ym = (b[1] + b[3]) / 2 + rng.gauss(0, 0.2 * s)
        if kind == 0 and nxt < right - 3 * s:  # connectors touching both words
            a, c = (b[2] + rng.uniform(-0.2, 0.3) * s, ym), (nxt - rng.uniform(-0.2, 0.3) * s, ym + rng.gauss(0, 0.2 * s))
            if rng.random() < 0.5:
                page.arrow(a, c)
            else:
                page.add([pen.line(a, c)], DRAWING)
        elif kind == 1 and nxt < right - 3 * s:  # a dash or a short rule between words
            page.add([pen.line((b[2] + 0.3 * gap, ym), (nxt - 0.3 * gap, ym))], DRAWING)
        elif kind == 2:  # vertical rules between words: a table's columns
            vx = b[2] + gap / 2
            page.add([pen.line((vx, b[1] - rng.uniform(0.2, 1.5) * s), (vx, b[3] + rng.uniform(0.2, 1.5) * s))], DRAWING)
        xx = nxt
    if not boxes:
        return y + 3 * s
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    if kind == 3:  # long lines just above and below the row, touching tall letters at times
        for yy in ([y0 - rng.uniform(-0.1, 0.6) * s] if rng.random() < 0.7 else []) + [y1 + rng.uniform(-0.2, 0.6) * s]:
            page.add([pen.line((x0 - rng.uniform(0, 3) * s, yy), (x1 + rng.uniform(0, 3) * s, yy + rng.gauss(0, 0.2 * s)))],
                     DRAWING)
    elif kind == 4:  # a box tight around a word, ticks along the row, or a plot's axis under it
        b = boxes[rng.randrange(len(boxes))]
        r = rng.random()
        if r < 0.4:
            m = s * rng.uniform(0.1, 0.5)
            page.add(pen.rect_strokes(b[0] - m, b[1] - m, b[2] + m, b[3] + m), MARKUP)
        elif r < 0.7:
            ay = y1 + rng.uniform(0.3, 1.0) * s
            page.add([pen.line((x0, ay), (x1, ay))], DRAWING)
            for bb in boxes:
                tx = (bb[0] + bb[2]) / 2
                page.add([pen.line((tx, ay - 0.3 * s), (tx, ay + 0.3 * s))], DRAWING)
        else:
            page.add([pen.line((x0 - s, y0 - 2 * s), (x0 - s, y1 + s)), pen.line((x0 - s, y1 + s), (x1 + s, y1 + s))], DRAWING)
    return y1 + s * rng.uniform(1.5, 3.0)
