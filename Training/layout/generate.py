"""Pages that look like notes, with every stroke labelled writing, drawing or markup.

Writing is UNIPEN `train` words and lines (never dev or held-out writers), laid out as real notes
are: lines of words at one writer's size, sometimes slanted, in one to three columns, a heading in
a larger hand, list items, table cells, formulas with fraction bars. Around and between the words:

* markup: underlines (straight or wavy), strike-outs, scribbled-out words, circles and ellipses
  around words, boxes drawn tight around words (one stroke, or two to four sides);
* drawing: arrows and curved connectors touching words, flowchart boxes and diamonds with words
  inside, tables with their rules, fraction bars, brackets and braces spanning lines, dividers,
  dashed lines, axes with a plot, sketches (polygons, rings drawn over several times, hatching,
  shading, outlines traced in many short overlapping strokes, stick figures, stars, with --freehand
  objects drawn freehand in many curved strokes), stray dots.

Shapes are drawn as a hand would: jittered points spaced like the page's pen samples, overshoot at
the ends, closed shapes not quite closed.

    python generate.py --pages 2000 --seed 1 --out /tmp/layout-pages.npz
"""
import argparse
import gzip
import json
import math
import os
import random

import numpy as np

import diagrams
import leaders
import numerals
import straight

WRITING, DRAWING, MARKUP = 0, 1, 2
UNIPEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "data", "unipen")


def load_samples(name, limit, rng, keep=None, unipen=UNIPEN):
    """Up to `limit` samples of `name` (train-words / train-lines), strokes as float arrays scaled to
    inches when the file gives a resolution."""
    out = []
    total = {"train-words": 61182, "train-lines": 12051, "train-chars": 89843}.get(name, limit)
    with gzip.open(os.path.join(unipen, name + ".jsonl.gz"), "rt") as f:
        for line in f:
            # a spread of every contributor and writer, parsing only the lines kept
            if rng.random() * total >= limit:
                continue
            d = json.loads(line)
            strokes = [np.asarray(s, np.float64) for s in d["strokes"] if len(s) > 0]
            if not strokes:
                continue
            if keep is not None and d["label"] not in keep:
                continue
            if d["dpi"]:
                scale = np.asarray(d["dpi"], np.float64)
                strokes = [s / scale for s in strokes]
                inches = True
            else:
                inches = False
            out.append((strokes, inches) if keep is None else (strokes, inches, d["label"]))
    rng.shuffle(out)
    return out[:limit]


class Pen:
    """Draws shapes in page units as a hand would, for one page."""

    def __init__(self, rng, size, spacing):
        self.rng, self.size, self.spacing = rng, size, spacing
        self.np = np.random.default_rng(rng.randrange(2 ** 32))

    def path(self, pts, jitter=0.04):
        """Resample a polyline at the page's point spacing, with wobble and jitter."""
        pts = np.asarray(pts, np.float64)
        seg = np.sqrt((np.diff(pts, axis=0) ** 2).sum(1))
        total = seg.sum()
        if total == 0:
            return pts[:1] + self.np.normal(0, 0.02 * self.size, (1, 2))
        # capped: a UNIPEN sample of absurd size can make a shape around it pages long
        n = min(20000, max(2, int(total / (self.spacing * self.rng.uniform(0.6, 1.6))) + 1))
        at = np.linspace(0, total, n)
        cum = np.concatenate([[0], np.cumsum(seg)])
        x = np.interp(at, cum, pts[:, 0])
        y = np.interp(at, cum, pts[:, 1])
        out = np.stack([x, y], 1)
        # slow wobble along the stroke plus small jitter
        phase = self.rng.uniform(0, 6.3)
        wob = jitter * self.size * np.sin(np.linspace(0, self.rng.uniform(1, 4), n) * 3.1 + phase)
        normal = np.zeros_like(out)
        d = np.gradient(out, axis=0) if n > 2 else np.tile(out[-1] - out[0], (n, 1))
        nrm = np.sqrt((d ** 2).sum(1, keepdims=True)) + 1e-9
        normal[:, 0], normal[:, 1] = -d[:, 1] / nrm[:, 0], d[:, 0] / nrm[:, 0]
        out += normal * wob[:, None] + self.np.normal(0, 0.008 * self.size, out.shape)
        return out

    def line(self, a, b, jitter=0.03):
        return self.path([a, b], jitter)

    @staticmethod
    def barbs(tip, angle, length, spread):
        """An arrowhead's two barb ends: `length` back from `tip` against `angle`, `spread` either side."""
        tip = np.asarray(tip)
        return (tip - length * np.asarray([math.cos(angle - spread), math.sin(angle - spread)]),
                tip - length * np.asarray([math.cos(angle + spread), math.sin(angle + spread)]))

    def ellipse(self, cx, cy, rx, ry, turns=1.0, start=None):
        start = self.rng.uniform(0, 2 * math.pi) if start is None else start
        t = np.linspace(start, start + 2 * math.pi * turns, max(12, int(60 * turns)))
        r = 1 + self.np.normal(0, 0.03, len(t)).cumsum() * 0.2
        return self.path(np.stack([cx + rx * r * np.cos(t), cy + ry * r * np.sin(t)], 1), 0.02)

    def rect_strokes(self, x0, y0, x1, y1, pieces=None):
        pieces = pieces or self.rng.choice([1, 1, 2, 4])
        o = 0.15 * self.size
        c = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        if pieces == 1:
            pts = c + [(x0 + self.rng.uniform(-o, o), y0 + self.rng.uniform(-o, 2 * o))]
            return [self.path(pts, 0.02)]
        if pieces == 2:
            return [self.path([c[3], c[0], c[1]], 0.02), self.path([c[1], c[2], c[3]], 0.02)]
        return [self.line(c[k], c[(k + 1) % 4]) for k in range(4)]


class Page:
    def __init__(self, rng, words, lines, chars=(), freehand=False):
        self.rng, self.words, self.lines = rng, words, lines
        self.freehand_sketches = freehand
        self.operands = [c for c in chars if c[2].isalnum()]
        self.operators = [c for c in chars if not c[2].isalnum()]
        self.strokes, self.labels = [], []
        self.size = rng.uniform(15, 60)  # writing size (letter height) in page units
        self.inch = self.size / rng.uniform(0.09, 0.16)  # page units per inch for dpi-scaled samples
        self.pen = Pen(rng, self.size, self.size * rng.uniform(0.05, 0.3))
        self.width = self.size * rng.uniform(35, 60)
        self.slant = rng.gauss(0, 0.03)
        self.word_boxes = []  # (x0, y0, x1, y1) of words placed, for arrows
        self.maths = rng.choice([0, 0, 0.2, 0.5])  # share of prose rows that are formulas
        self.straight = None  # straight.Writer: words of straight letters (--straight pages)
        self.leader_share = 0.0  # share of a line's words a leader leaves from (--leaders pages)
        self.numerals = False  # rows of numbers with feet and serifs among the blocks (--numerals pages)

    def add(self, strokes, label):
        for s in strokes:
            if len(s):
                self.strokes.append(np.asarray(s, np.float64))
                self.labels.append(label)

    def word_ink(self, scale=1.0):
        if self.straight is not None and self.rng.random() < 0.7:
            strokes, inches = self.straight.word()
        else:
            strokes, inches = self.words[self.rng.randrange(len(self.words))]
        allp = np.concatenate(strokes)
        h = allp[:, 1].max() - allp[:, 1].min()
        if inches and h > 0:
            k = self.inch * scale
        else:
            k = self.size * scale * self.rng.uniform(1.3, 2.2) / max(h, 1e-9)
        k *= self.rng.uniform(0.85, 1.15)
        return [s * k for s in strokes]

    def place(self, strokes, x, baseline, angle=0.0):
        """Strokes moved so that their box starts at x and their bottom sits near the baseline."""
        allp = np.concatenate(strokes)
        x0, y1 = allp[:, 0].min(), allp[:, 1].max()
        y0 = allp[:, 1].min()
        drop = 0.25 * (y1 - y0) if y1 - y0 > 1.8 * self.size else 0
        out = []
        for s in strokes:
            p = s - [x0, y1 - drop] + [x, baseline]
            if angle:
                c, si = math.cos(angle), math.sin(angle)
                rel = p - [x, baseline]
                p = np.stack([x + rel[:, 0] * c - rel[:, 1] * si, baseline + rel[:, 0] * si + rel[:, 1] * c], 1)
            out.append(p)
        return out

    @staticmethod
    def bbox(strokes):
        allp = np.concatenate(strokes)
        return (allp[:, 0].min(), allp[:, 1].min(), allp[:, 0].max(), allp[:, 1].max())

    def write_word(self, x, baseline, scale=1.0, angle=0.0):
        ink = self.place(self.word_ink(scale), x, baseline, angle)
        self.add(ink, WRITING)
        b = self.bbox(ink)
        self.word_boxes.append(b)
        return ink, b

    def write_line(self, x, baseline, right, angle=0.0, scale=1.0, marks=True):
        """A line of words from x to at most `right`; some words marked up. Returns word boxes."""
        boxes = []
        if self.lines and self.rng.random() < 0.2:
            strokes, inches = self.lines[self.rng.randrange(len(self.lines))]
            allp = np.concatenate(strokes)
            h = allp[:, 1].max() - allp[:, 1].min()
            k = self.inch * scale if inches else self.size * scale * 2 / max(h, 1e-9)
            ink = self.place([s * k for s in strokes], x, baseline, angle)
            b = self.bbox(ink)
            if b[2] <= right + 3 * self.size:
                self.add(ink, WRITING)
                self.word_boxes.append(b)
                return [b]
        while x < right:
            ink, b = self.write_word(x, baseline + (x - self.rng.uniform(0, 1)) * math.tan(angle) * 0, scale, angle)
            boxes.append(b)
            on = leaders.after_word(self, ink, b) if self.leader_share else None
            if marks:
                self.markup(b)
            x = on if on is not None else b[2] + self.size * self.rng.uniform(0.6, 1.6)
            if self.rng.random() < 0.04:
                break
        return boxes

    def char_ink(self, sample):
        strokes, _, label = sample
        allp = np.concatenate(strokes)
        w, h = np.ptp(allp[:, 0]), np.ptp(allp[:, 1])
        s = self.size
        if label in "-=+~<>*^":
            target, measure = 0.7 * s, w
        elif label in "()[]|/{}":
            target, measure = 1.6 * s, h
        elif label in ".,":
            target, measure = 0.15 * s, max(w, h)
        else:
            target, measure = (1.0 if label in "acemnorsuvwxz" else 1.4) * s, h
        k = target / max(measure, 1e-9)
        if max(w, h) * k > 3 * s:  # a sample whose shape is not what its label says
            k = 3 * s / max(w, h)
        if self.straight is not None and self.rng.random() < self.straight.angular:
            strokes = [straight.simplify(q, self.straight.tolerance * max(w, h)) for q in strokes]
        return [q * k * self.rng.uniform(0.85, 1.15) for q in strokes]

    def formula_line(self, x, baseline, right):
        """Inline maths written with UNIPEN characters: operands, and operators (= + - / < > ( )),
        the flat ones drawn at mid-height. All writing."""
        if not self.operands or not self.operators:
            return []
        s, boxes = self.size, []
        for k in range(self.rng.randint(3, 11)):
            if k % 2 == 0:
                chunk = [self.operands[self.rng.randrange(len(self.operands))] for _ in range(self.rng.randint(1, 3))]
            else:
                chunk = [self.operators[self.rng.randrange(len(self.operators))]]
            for sample in chunk:
                ink = self.char_ink(sample)
                allp = np.concatenate(ink)
                x0, y0, x1, y1 = allp[:, 0].min(), allp[:, 1].min(), allp[:, 0].max(), allp[:, 1].max()
                if sample[2] in "-=+~<>*^":
                    dy = baseline - 0.5 * s - (y0 + y1) / 2
                elif sample[2] in ".,_":
                    dy = baseline - y1
                else:
                    dy = baseline - y1 + (0.3 * s if sample[2] in "gjpqy()[]{}|/" else 0)
                ink = [q - [x0 - x, -dy] for q in ink]
                self.add(ink, WRITING)
                b = self.bbox(ink)
                boxes.append(b)
                x = b[2] + s * self.rng.uniform(0.15, 0.5)
            x += s * self.rng.uniform(0.2, 0.8)
            if x > right:
                break
        return boxes

    def label(self, x, baseline, text=None):
        """A figure's label: one to three characters (an axis letter, a tick's digit, a point's
        name) written beside or inside a drawing. Writing."""
        if not self.operands:
            return
        for _ in range(self.rng.randint(1, 3) if text is None else 1):
            sample = self.operands[self.rng.randrange(len(self.operands))]
            ink = self.char_ink(sample)
            allp = np.concatenate(ink)
            ink = [q - [allp[:, 0].min() - x, allp[:, 1].max() - baseline] for q in ink]
            self.add(ink, WRITING)
            x = self.bbox(ink)[2] + 0.2 * self.size

    def markup(self, b):
        r = self.rng.random()
        s, pen = self.size, self.pen
        x0, y0, x1, y1 = b
        if r < 0.04:  # underline
            y = y1 + s * self.rng.uniform(0.1, 0.5)
            if self.rng.random() < 0.3:
                t = np.linspace(x0, x1, 30)
                self.add([pen.path(np.stack([t, y + 0.15 * s * np.sin(t / s * 3)], 1))], MARKUP)
            else:
                self.add([pen.line((x0 - 0.2 * s, y), (x1 + 0.3 * s, y + self.rng.gauss(0, 0.1 * s)))], MARKUP)
                if self.rng.random() < 0.2:
                    self.add([pen.line((x0, y + 0.3 * s), (x1, y + 0.3 * s))], MARKUP)
        elif r < 0.06:  # strike-out
            ym = (y0 + y1) / 2 + self.rng.gauss(0, 0.1 * s)
            self.add([pen.line((x0 - 0.1 * s, ym), (x1 + 0.1 * s, ym + self.rng.gauss(0, 0.2 * s)))], MARKUP)
        elif r < 0.07:  # scribbled out
            n = self.rng.randint(4, 12)
            xs = np.linspace(x0, x1, n)
            pts = [(x, y0 if k % 2 else y1) for k, x in enumerate(xs)]
            self.add([pen.path(pts, 0.05)], MARKUP)
        elif r < 0.10:  # circle / ellipse
            m = s * self.rng.uniform(0.2, 0.8)
            self.add([pen.ellipse((x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 + m, (y1 - y0) / 2 + m,
                                  turns=self.rng.uniform(1.0, 1.15))], MARKUP)
        elif r < 0.13:  # tight box
            m = s * self.rng.uniform(0.1, 0.6)
            self.add(pen.rect_strokes(x0 - m, y0 - m, x1 + m, y1 + m), MARKUP)

    # ------------------------------------------------------------------------------ drawings

    def arrow(self, a, b, curved=False):
        pen, s = self.pen, self.size
        if curved:
            mid = ((a[0] + b[0]) / 2 + self.rng.uniform(-4, 4) * s, (a[1] + b[1]) / 2 + self.rng.uniform(-4, 4) * s)
            t = np.linspace(0, 1, 20)[:, None]
            pts = (1 - t) ** 2 * np.asarray(a) + 2 * (1 - t) * t * np.asarray(mid) + t ** 2 * np.asarray(b)
        else:
            pts = np.asarray([a, b], np.float64)
        shaft = pen.path(pts)
        d = shaft[-1] - shaft[-2] if len(shaft) > 1 else np.asarray([1.0, 0])
        ang = math.atan2(d[1], d[0])
        hl = s * self.rng.uniform(0.5, 1.2)
        tip = shaft[-1]
        l, r = pen.barbs(tip, ang, hl, 0.5)
        k = self.rng.random()
        if k < 0.4:
            self.add([shaft, pen.path([l, tip, r], 0.01)], DRAWING)
        elif k < 0.7:
            self.add([np.concatenate([shaft, pen.path([tip, l], 0.01)]), pen.line(tip, r)], DRAWING)
        elif k < 0.85:
            self.add([shaft, pen.line(l, tip), pen.line(r, tip)], DRAWING)
        else:
            self.add([shaft], DRAWING)

    def sketch(self, x, y, w, h):
        pen, s, rng = self.pen, self.size, self.rng
        kind = rng.randrange(11 if self.freehand_sketches else 10)
        if kind == 10:
            self.freehand(x, y, w, h)
        elif kind == 0:  # polygon
            n = rng.randint(3, 7)
            c = np.asarray([x + w / 2, y + h / 2])
            pts = [c + [w / 2 * math.cos(2 * math.pi * k / n), h / 2 * math.sin(2 * math.pi * k / n)] for k in range(n + 1)]
            if rng.random() < 0.5:
                self.add([pen.path(pts, 0.02)], DRAWING)
            else:
                self.add([pen.line(pts[k], pts[k + 1]) for k in range(n)], DRAWING)
        elif kind == 1:  # rings drawn over
            for k in range(rng.randint(1, 4)):
                f = 1 - 0.25 * k
                for _ in range(rng.randint(1, 3)):
                    self.add([pen.ellipse(x + w / 2, y + h / 2, w / 2 * f, h / 2 * f, rng.uniform(0.9, 1.2))], DRAWING)
        elif kind == 2:  # hatching
            n = rng.randint(5, 25)
            for k in range(n):
                t = x + w * k / n
                self.add([pen.line((t, y + h), (t + rng.uniform(0.2, 0.6) * w / 2, y))], DRAWING)
        elif kind == 3:  # outline traced in many short overlapping strokes
            t = np.linspace(0, 2 * math.pi, rng.randint(15, 60))
            r = 1 + 0.3 * np.sin(t * rng.randint(1, 4))
            pts = np.stack([x + w / 2 + w / 2 * r * np.cos(t), y + h / 2 + h / 2 * r * np.sin(t)], 1)
            for k in range(len(pts) - 1):
                a, b = pts[k], pts[min(k + 2, len(pts) - 1)]
                self.add([pen.line(a + self.pen.np.normal(0, 0.1 * s, 2), b + self.pen.np.normal(0, 0.1 * s, 2))], DRAWING)
        elif kind == 4:  # shading scribble
            n = rng.randint(6, 30)
            pts = [(x + rng.uniform(0, w), y + rng.uniform(0, h)) for _ in range(n)]
            self.add([pen.path(pts, 0.02)], DRAWING)
        elif kind == 5:  # stick figure
            cx = x + w / 2
            self.add([pen.ellipse(cx, y + h * 0.15, h * 0.15, h * 0.15)], DRAWING)
            self.add([pen.line((cx, y + 0.3 * h), (cx, y + 0.65 * h)), pen.line((cx - w / 3, y + 0.4 * h), (cx + w / 3, y + 0.4 * h)),
                      pen.path([(cx - w / 3, y + h), (cx, y + 0.65 * h), (cx + w / 3, y + h)])], DRAWING)
        elif kind == 6:  # axes with a plot
            self.add([pen.line((x, y), (x, y + h)), pen.line((x, y + h), (x + w, y + h))], DRAWING)
            t = np.linspace(0, 1, 40)
            f = rng.choice([lambda t: t ** 2, lambda t: 0.5 + 0.4 * np.sin(6 * t), lambda t: np.sqrt(t), lambda t: np.exp(-4 * t)])
            self.add([pen.path(np.stack([x + t * w, y + h - f(t) * h * 0.9], 1))], DRAWING)
            for k in range(rng.randint(0, 6)):  # ticks
                tx = x + w * (k + 1) / 7
                self.add([pen.line((tx, y + h - 0.2 * s), (tx, y + h + 0.2 * s))], DRAWING)
                if rng.random() < 0.5:
                    self.label(tx - 0.3 * s, y + h + 1.6 * s)
            if rng.random() < 0.7:  # axis names
                self.label(x + w + 0.5 * s, y + h + 0.5 * s)
                self.label(x - 1.5 * s, y + 0.5 * s)
        elif kind == 7:  # star or zigzag
            n = rng.randint(4, 9)
            pts = []
            for k in range(2 * n + 1):
                rr = 0.5 if k % 2 else 1.0
                a = math.pi * k / n
                pts.append((x + w / 2 + w / 2 * rr * math.cos(a), y + h / 2 + h / 2 * rr * math.sin(a)))
            self.add([pen.path(pts, 0.01)], DRAWING)
        elif kind == 8:  # many small strokes: a textured shape (grass, stipple, short curls)
            for _ in range(rng.randint(10, 60)):
                px, py = x + rng.uniform(0, w), y + rng.uniform(0, h)
                l = s * rng.uniform(0.2, 1.5)
                a = rng.uniform(0, 2 * math.pi)
                if rng.random() < 0.5:
                    self.add([pen.line((px, py), (px + l * math.cos(a), py + l * math.sin(a)))], DRAWING)
                else:
                    self.add([pen.ellipse(px, py, l / 2, l / 2 * rng.uniform(0.4, 1), rng.uniform(0.3, 1.0))], DRAWING)
        elif kind == 9 and rng.random() < 0.5:  # a mesh of triangles, each side its own stroke, dots at vertices
            nx, ny = rng.randint(2, 5), rng.randint(2, 4)
            pts = {(i, j): (x + w * (i + rng.uniform(-0.2, 0.2)) / nx, y + h * (j + rng.uniform(-0.2, 0.2)) / ny)
                   for i in range(nx + 1) for j in range(ny + 1)}
            for (i, j), p in pts.items():
                for d in ((1, 0), (0, 1), (1, 1)):
                    q = pts.get((i + d[0], j + d[1]))
                    if q is not None:
                        self.add([pen.line(p, q)], DRAWING)
                if rng.random() < 0.3:
                    self.add([pen.path([p, (p[0] + 0.05 * s, p[1] + 0.05 * s)])], DRAWING)
        else:  # free curve / wave
            t = np.linspace(0, 1, 40)
            pts = np.stack([x + t * w, y + h / 2 + h / 2 * np.sin(t * rng.uniform(2, 12))], 1)
            self.add([pen.path(pts)], DRAWING)

    def freehand(self, x, y, w, h):
        """An object drawn freehand, as on a tablet: many curved strokes of a few letter sizes,
        each begun where the last one ended (a contour drawn on), beside it (strands, folds,
        shading) or somewhere else in the object, overlapping, at times a page's size."""
        pen, s, rng = self.pen, self.size, self.rng
        if rng.random() < 0.3:
            w, h = w * rng.uniform(1.5, 3), h * rng.uniform(1.5, 3)
        px, py = x + rng.uniform(0, w), y + rng.uniform(0, h)
        heading = rng.uniform(0, 2 * math.pi)
        for _ in range(rng.randint(15, 150)):
            length = s * rng.uniform(0.4, 4.0)
            bend = rng.gauss(0, 2.0)  # turning over the stroke, radians
            wiggle = rng.gauss(0, 1.0) if rng.random() < 0.3 else 0.0
            t = np.linspace(0, 1, 16)
            theta = heading + bend * t + wiggle * np.sin(2 * math.pi * t)
            steps = np.stack([np.cos(theta), np.sin(theta)], 1) * length / 15
            pts = np.concatenate([[[px, py]], [px, py] + np.cumsum(steps[:-1], 0)])
            self.add([pen.path(pts, 0.02)], DRAWING)
            r = rng.random()
            if r < 0.45:  # drawn on from its end
                (px, py), heading = pts[-1] + self.pen.np.normal(0, 0.2 * s, 2), theta[-1] + rng.gauss(0, 0.6)
            elif r < 0.8:  # a strand beside it
                (px, py), heading = pts[0] + self.pen.np.normal(0, 0.4 * s, 2), heading + rng.gauss(0, 0.3)
            else:
                px, py, heading = x + rng.uniform(0, w), y + rng.uniform(0, h), rng.uniform(0, 2 * math.pi)
            if not (x <= px <= x + w and y <= py <= y + h):  # turn back into the object
                heading = math.atan2(y + h / 2 - py, x + w / 2 - px) + rng.gauss(0, 0.5)

    def dashed(self, a, b):
        a, b = np.asarray(a), np.asarray(b)
        n = max(3, int(np.linalg.norm(b - a) / (self.size * self.rng.uniform(0.6, 1.6))))
        for k in range(n):
            p, q = a + (b - a) * k / n, a + (b - a) * (k + self.rng.uniform(0.4, 0.7)) / n
            self.add([self.pen.line(p, q, 0.005)], DRAWING)

    # ------------------------------------------------------------------------------ blocks

    def prose(self, x, y, right, rows):
        gap = self.size * self.rng.uniform(2.2, 3.5)
        angle = self.rng.gauss(0, 0.02) if self.rng.random() < 0.8 else self.rng.uniform(-0.4, 0.4)
        boxes = []
        for k in range(rows):
            indent = self.size * 2 if self.rng.random() < 0.15 else 0
            if indent and self.rng.random() < 0.5:  # bullet
                self.add([self.pen.line((x, y + k * gap - 0.5 * self.size), (x + 0.6 * self.size, y + k * gap - 0.5 * self.size))], WRITING)
            if self.rng.random() < self.maths:
                boxes += self.formula_line(x + indent, y + k * gap, right)
            else:
                boxes += self.write_line(x + indent, y + k * gap, right, angle=angle)
        return y + rows * gap, boxes

    def flowchart(self, x, y, right):
        s = self.size
        nodes = []
        cy = y + 2 * s
        for k in range(self.rng.randint(2, 5)):
            x0 = x + self.rng.uniform(0, max(1, right - x - 12 * s))
            ink, b = self.write_word(x0, cy)
            m = s * self.rng.uniform(0.6, 1.5)
            if self.rng.random() < 0.25:  # diamond
                cx, cyy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
                rx, ry = (b[2] - b[0]) / 2 + 2 * m, (b[3] - b[1]) / 2 + 2 * m
                self.add([self.pen.path([(cx - rx, cyy), (cx, cyy - ry), (cx + rx, cyy), (cx, cyy + ry), (cx - rx, cyy)], 0.02)], DRAWING)
            elif self.rng.random() < 0.2:
                self.add([self.pen.ellipse((b[0] + b[2]) / 2, (b[1] + b[3]) / 2, (b[2] - b[0]) / 2 + 2 * m, (b[3] - b[1]) / 2 + m)], DRAWING)
            else:
                self.add(self.pen.rect_strokes(b[0] - m, b[1] - m, b[2] + m, b[3] + m), DRAWING)
            nodes.append((b[0] - m, b[1] - m, b[2] + m, b[3] + m))
            cy = b[3] + m + s * self.rng.uniform(3, 6)
        for a, b in zip(nodes, nodes[1:]):
            self.arrow(((a[0] + a[2]) / 2, a[3]), ((b[0] + b[2]) / 2, b[1]), curved=self.rng.random() < 0.3)
            if self.rng.random() < 0.3:  # a label on the connector
                self.write_word(max(a[2], b[2]) + s, (a[3] + b[1]) / 2 + 0.5 * s, scale=0.8)
        return cy

    def table(self, x, y, right):
        s = self.size
        cols, rows = self.rng.randint(2, 4), self.rng.randint(2, 5)
        cw = min((right - x) / cols, s * self.rng.uniform(7, 14))
        rh = s * self.rng.uniform(2.2, 3.2)
        for r in range(rows):
            for c in range(cols):
                if self.rng.random() < 0.85:
                    self.write_word(x + c * cw + 0.4 * s, y + r * rh + rh * 0.75, scale=0.9)
        rules = []
        for r in range(rows + 1):
            if r in (0, rows) and self.rng.random() < 0.4:
                continue
            rules.append(self.pen.line((x, y + r * rh), (x + cols * cw, y + r * rh)))
        for c in range(cols + 1):
            if c in (0, cols) and self.rng.random() < 0.4:
                continue
            rules.append(self.pen.line((x + c * cw, y), (x + c * cw, y + rows * rh)))
        self.add(rules, DRAWING)
        return y + rows * rh + 2 * s

    def formula(self, x, y):
        s = self.size
        if self.operands and self.rng.random() < 0.6:
            top = self.formula_line(x, y, x + 6 * s) or [(x, y - s, x + s, y)]
            bottom = self.formula_line(x, y + 2.2 * s, x + 6 * s) or [(x, y, x + s, y + s)]
            nb, db = (x, 0, max(b[2] for b in top)), (x, 0, max(b[2] for b in bottom))
        else:
            _, nb = self.write_word(x, y, scale=0.8)
            _, db = self.write_word(x, y + 2.2 * s, scale=0.8)
        x1 = max(nb[2], db[2])
        self.add([self.pen.line((x - 0.3 * s, y + 0.6 * s), (x1 + 0.3 * s, y + 0.6 * s))], DRAWING)
        if self.rng.random() < 0.7:
            self.write_word(x1 + s, y + 1.5 * s)
        return y + 4 * s

    def bracket(self, x, y0, y1, left=True):
        s = self.size
        d = -1 if left else 1
        if self.rng.random() < 0.5:  # brace
            ym = (y0 + y1) / 2
            pts = [(x, y0), (x + d * 0.4 * s, y0 + 0.3 * s), (x + d * 0.4 * s, ym - 0.3 * s), (x + d * 0.9 * s, ym),
                   (x + d * 0.4 * s, ym + 0.3 * s), (x + d * 0.4 * s, y1 - 0.3 * s), (x, y1)]
        else:
            pts = [(x, y0), (x + d * 0.5 * s, y0), (x + d * 0.5 * s, y1), (x, y1)]
        self.add([self.pen.path(pts, 0.01)], DRAWING)


def make_page(rng, words, lines, chars=(), freehand=False, diagram_share=0.0, straight_words=None, hard=None):
    p = Page(rng, words, lines, chars, freehand)
    if straight_words is not None:  # (faces, vocabulary): straight letters beside straight drawing
        p.straight = straight.Writer(p, *straight_words)
    if hard == "leaders":
        p.leader_share = rng.uniform(0.05, 0.3)
    elif hard == "numerals":
        p.numerals = True
    s = p.size
    columns = rng.choice([1, 1, 1, 2, 2, 3])
    colw = p.width / columns
    for c in range(columns):
        x, y = c * colw + s * rng.uniform(0, 2), s * rng.uniform(2, 6)
        right = (c + 1) * colw - 2 * s
        for _ in range(rng.randint(2, 6)):
            if p.straight is not None and rng.random() < 0.3:  # words with straight drawing in their row
                y = straight.row(p, x, y, right)
                continue
            if p.numerals and rng.random() < 0.4:  # numbers with feet beside ticks (numerals.py)
                y = numerals.row(p, x, y, right)
                continue
            if diagram_share and rng.random() < diagram_share:  # graphs, plots, icons, swatches (diagrams.py)
                y = diagrams.block(p, x, y, right)
                continue
            kind = rng.random()
            if kind < 0.08:  # heading
                _, b = p.write_word(x, y + 2 * s, scale=rng.uniform(1.6, 2.5))
                if rng.random() < 0.5:
                    p.add([p.pen.line((b[0], b[3] + 0.4 * s), (b[2] + s, b[3] + 0.5 * s))], MARKUP)
                y = b[3] + 2 * s
            elif kind < 0.45:
                y0 = y
                y, boxes = p.prose(x, y + 2 * s, right, rng.randint(1, 6))
                if rng.random() < 0.15:
                    p.bracket(x - 0.8 * s, y0, y - s, left=True)
            elif kind < 0.55:
                y = p.flowchart(x, y, right)
            elif kind < 0.63:
                y = p.table(x, y + s, right)
            elif kind < 0.70:
                y = p.formula(x + rng.uniform(0, 5) * s, y + 2 * s)
            elif kind < 0.85:
                w, h = s * rng.uniform(3, 20), s * rng.uniform(3, 14)
                sx = x + rng.uniform(0, max(1, right - x - w))
                p.sketch(sx, y + s, w, h)
                for _ in range(rng.choice([0, 0, 1, 2, 4])):  # labels on the figure
                    p.label(sx + rng.uniform(-1, 1.05) * w, y + s + rng.uniform(0, 1.1) * h)
                if rng.random() < 0.5:  # a label beside
                    p.write_word(x + rng.uniform(0, max(1, right - x - 6 * s)), y + h + 2.5 * s)
                y += h + 3 * s
            elif kind < 0.92:
                yy = y + s * rng.uniform(0.5, 1.5)
                if rng.random() < 0.5:
                    p.dashed((x, yy), (right, yy + rng.gauss(0, s)))
                else:
                    p.add([p.pen.line((x, yy), (right, yy + rng.gauss(0, 0.5 * s)))], DRAWING)
                y = yy + s
            else:
                dots = rng.randint(1, 4)
                for _ in range(dots):
                    px, py = x + rng.uniform(0, right - x), y + rng.uniform(0, 3 * s)
                    p.add([p.pen.path([(px, py), (px + 0.05 * s, py + 0.05 * s)])], DRAWING)
                y += 2 * s
    # arrows and connectors between words, touching them
    if len(p.word_boxes) >= 2:
        for _ in range(rng.choice([0, 0, 1, 2, 4])):
            a, b = rng.sample(p.word_boxes, 2)
            start = (a[2] + rng.uniform(0, 0.3) * s, (a[1] + a[3]) / 2)
            end = (b[0] - rng.uniform(0, 0.3) * s, (b[1] + b[3]) / 2)
            if math.dist(start, end) > 2 * s:
                p.arrow(start, end, curved=rng.random() < 0.4)
    order = list(range(len(p.strokes)))
    if rng.random() < 0.3:  # drawings and markup added after the writing, as often happens
        order.sort(key=lambda i: (p.labels[i] != WRITING and rng.random() < 0.7, i))
    return [p.strokes[i] for i in order], [p.labels[i] for i in order]


def make_figure_page(rng, words, lines, chars=(), labelled=False, straight_words=None):
    """A page of drawing with few words or none (diagrams.figure_page)."""
    p = Page(rng, words, lines, chars)
    if straight_words is not None:
        p.straight = straight.Writer(p, *straight_words)
    diagrams.figure_page(p, p.width, labelled)
    return p.strokes, p.labels


def make_small_page(rng, words, lines, chars=()):
    """A drawing with little ink, as a vocabulary card, a sticky note or a word written alone: one
    word, a character or a short row, at times underlined, circled or boxed, at times with an
    arrow pointing at it or away. Without many traces around it the classifier sees no page to
    compare a trace with; these teach it what such ink still is."""
    p = Page(rng, words, lines, chars)
    s = p.size
    x, y = s * rng.uniform(4, 8), s * rng.uniform(4, 8)
    kind = rng.random()
    if kind < 0.45:
        _, b = p.write_word(x, y + 2 * s, scale=rng.uniform(0.8, 2.0))
        boxes = [b]
    elif kind < 0.7 and p.operands:
        p.label(x, y + 2 * s)
        boxes = []
    else:
        _, boxes = p.prose(x, y, x + s * rng.uniform(8, 25), 1)
    for b in boxes:
        p.markup(b)
    if boxes and rng.random() < 0.3:
        b = boxes[rng.randrange(len(boxes))]
        side = (b[0] - s * rng.uniform(0.2, 0.6), (b[1] + b[3]) / 2)
        far = (side[0] - s * rng.uniform(2, 6), side[1] + s * rng.uniform(-3, 3))
        if rng.random() < 0.5:
            p.arrow(far, side, curved=rng.random() < 0.3)
        else:
            p.arrow(side, far, curved=rng.random() < 0.3)
    return p.strokes, p.labels


def writer_glyphs():
    return straight.writer.GLYPH_BANK


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--words", type=int, default=20000)
    ap.add_argument("--out", default="/tmp/layout-pages.npz")
    ap.add_argument("--split", default="train", choices=("train", "dev"),
                    help="UNIPEN writers to write with: train for training, dev for held-out pages that choose the threshold")
    ap.add_argument("--unipen", default=UNIPEN, help="the folder of UNIPEN's train-*.jsonl.gz")
    ap.add_argument("--freehand", action="store_true",
                    help="sketches include objects drawn freehand (measured, not shipped: docs/layout-classifier.md)")
    ap.add_argument("--diagrams", type=float, default=0.0,
                    help="share of blocks that are diagrams: graphs, scatter plots, dashed lines, icons, pen swatches, "
                         "polylines (diagrams.py)")
    ap.add_argument("--diagram-kinds", help="the diagram blocks drawn, comma-separated (default all: "
                    + ",".join(sorted(diagrams.KINDS)) + ")")
    ap.add_argument("--figures", type=int, default=0,
                    help="pages of drawing with few words or none, added after the others")
    ap.add_argument("--labelled-figures", action="store_true", help="words written among the figure pages' drawing")
    ap.add_argument("--small", type=int, default=0,
                    help="pages of little ink (one word, a character, a short row) added after the others")
    ap.add_argument("--straight", type=int, default=0,
                    help="pages of straight letters beside straight drawing (straight.py), added after all the others "
                         "(so the pages before them stay as without it); a fifth are figure pages")
    ap.add_argument("--straight-diagrams", type=float, default=0.2, help="share of diagram blocks on those pages")
    ap.add_argument("--glyphs", default=writer_glyphs(), help="the synthetic writers' glyph bank (Training/packed)")
    ap.add_argument("--leaders", type=int, default=0,
                    help="pages whose arrows and lines leave words right after them, from the last letter (leaders.py), "
                         "added after all the others")
    ap.add_argument("--numerals", type=int, default=0,
                    help="pages with rows of numbers and capitals with feet, serifs and bars beside ticks and dashes "
                         "(numerals.py), added after all the others")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    np.random.seed(args.seed)
    if args.diagram_kinds:
        diagrams.KINDS = set(args.diagram_kinds.split(","))
    words = load_samples(f"{args.split}-words", args.words, rng, unipen=args.unipen)
    lines = load_samples(f"{args.split}-lines", args.words // 10, rng, unipen=args.unipen)
    chars = load_samples(f"{args.split}-chars", 2 * args.words, rng, unipen=args.unipen, keep=set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ=+-/<>()[]^*.,|~"))
    pages = []
    for k in range(args.pages):
        r = random.Random(rng.random())
        pages.append(make_page(r, words, lines, chars, args.freehand, args.diagrams))
    for k in range(args.figures):
        r = random.Random(rng.random())
        pages.append(make_figure_page(r, words, lines, chars, args.labelled_figures))
    for k in range(args.small):
        r = random.Random(rng.random())
        pages.append(make_small_page(r, words, lines, chars))
    if args.straight:
        faces = straight.writer.load_faces(args.glyphs) if os.path.exists(args.glyphs) else []
        if not faces:
            print("no glyph bank at", args.glyphs, "(make -C Training packed/latin-glyphs.pkl): UNIPEN words only")
        kit = (faces, straight.vocabulary())
        for k in range(args.straight):
            r = random.Random(rng.random())
            if r.random() < 0.2:
                pages.append(make_figure_page(r, words, lines, chars, True, kit))
            else:
                pages.append(make_page(r, words, lines, chars, False, args.straight_diagrams, kit))
    for hard, count in (("leaders", args.leaders), ("numerals", args.numerals)):
        for k in range(count):
            r = random.Random(rng.random())
            pages.append(make_page(r, words, lines, chars, hard=hard))
    np.savez_compressed(args.out, pages=np.asarray(pages, dtype=object), allow_pickle=True)
    print(args.out, len(pages), "pages", sum(len(s) for s, _ in pages), "strokes")


if __name__ == "__main__":
    main()
