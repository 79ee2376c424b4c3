"""Per-trace features of the learned stroke classifier, the same computation as
Sources/Recognition/Layout/StrokeFeatures.swift (keep the two in step; the golden fixture
Tests/Fixtures/stroke-classifier-golden.json checks that they agree).

A trace is an (n, 2) array of points in pen order, y down. Every length is measured in the local
writing size (the layout's `LocalSize`: the median letter height among a trace's 16 nearest traces),
so the features do not depend on the app's units. Context comes from two sides: the traces just
before and after in writing order (a drawing is drawn stroke after stroke, a word letter after
letter), and the traces around on the page (boxes inside, boxes crossing, letters in the same row),
and the row a trace stands in: the letter-sized traces within a letter's width on each side, their
mean shape, and the word-sized cluster of letters the trace joins (`row_context`).
"""
import math

import numpy as np

NEIGHBOURS = 16
VERTICAL_WEIGHT = 8.0
WINDOW = 2  # traces before and after in writing order
OWN = 17  # features of one trace
PER_NEIGHBOUR = OWN + 3
# the row a trace stands in: letters on the left and right, their mean shape, its letter cluster
CONTEXT = 10
SHAPE = (0, 1, 2, 3, 6, 15)  # own features averaged over the letters beside a trace
INPUTS = OWN + 2 * WINDOW * PER_NEIGHBOUR + CONTEXT
CLASSES = ("writing", "drawing", "markup")


def box(p):
    return (float(p[:, 0].min()), float(p[:, 1].min()), float(p[:, 0].max()), float(p[:, 1].max()))


def length(p):
    return float(np.sqrt((np.diff(p, axis=0) ** 2).sum(1)).sum()) if len(p) > 1 else 0.0


def writing_size(heights, widths, segments):
    """TraceShape.writingSize: median height of the letter-sized traces, segments left out."""
    drawn = [h for h, s in zip(heights, segments) if not s]
    hs = sorted(drawn if drawn else heights)
    if not hs or hs[-1] <= 0:
        ws = sorted(widths)
        return max(ws[len(ws) // 2] if ws else 1.0, 1e-6)
    p90 = hs[int(round_half_away(0.9 * (len(hs) - 1)))]
    letters = [h for h in hs if h >= 0.2 * p90]
    return max(letters[len(letters) // 2] if letters else hs[-1], 1e-6)


def round_half_away(x):
    return math.floor(x + 0.5) if x >= 0 else -math.floor(-x + 0.5)


def gaps(boxes):
    b = np.asarray(boxes)
    dx = np.maximum(0, np.maximum(b[:, None, 0], b[None, :, 0]) - np.minimum(b[:, None, 2], b[None, :, 2]))
    dy = np.maximum(0, np.maximum(b[:, None, 1], b[None, :, 1]) - np.minimum(b[:, None, 3], b[None, :, 3]))
    return dx + VERTICAL_WEIGHT * dy


def local_sizes(traces, boxes, g):
    """LocalSize.sizes, by brute force (the Swift walk finds the same nearest traces)."""
    n = len(traces)
    heights = [b[3] - b[1] for b in boxes]
    widths = [b[2] - b[0] for b in boxes]
    segments = [len(t) <= 2 for t in traces]
    if n <= NEIGHBOURS:
        s = writing_size(heights, widths, segments)
        return [s] * n
    out = []
    for i in range(n):
        near = np.lexsort((np.arange(n), g[i]))[:NEIGHBOURS]
        out.append(writing_size([heights[j] for j in near], [widths[j] for j in near], [segments[j] for j in near]))
    return out


def turning(p, step):
    """Total and net turning of the polyline, in turns, after dropping points closer than `step`
    to the last kept one (so that dense sampling and pen jitter do not count as turning)."""
    kept = [p[0]]
    for q in p[1:]:
        if math.hypot(q[0] - kept[-1][0], q[1] - kept[-1][1]) >= step:
            kept.append(q)
    total = net = 0.0
    previous = None
    for a, b in zip(kept, kept[1:]):
        angle = math.atan2(b[1] - a[1], b[0] - a[0])
        if previous is not None:
            d = angle - previous
            while d > math.pi:
                d -= 2 * math.pi
            while d < -math.pi:
                d += 2 * math.pi
            total += abs(d)
            net += d
        previous = angle
    return total / (2 * math.pi), abs(net) / (2 * math.pi)


def row_context(i, b, cy, own, u):
    """Letter-sized traces (at most 1.6 letters high, 2 wide, a quarter of a letter long) whose
    centre is within 0.6 of a letter of trace i's centre height or, if trace i is no wider than 2
    letters, within its height: how many end within a letter's width to its left and to its right,
    the mean of their shape features (SHAPE), and the cluster of such traces chained to trace i by
    gaps under 0.8 of a letter (how many, how wide)."""
    w, h = b[:, 2] - b[:, 0], b[:, 3] - b[:, 1]
    # in its row: centred within 0.6 of a letter of its height, or, for a trace no wider than two
    # letters, within its height (the letters beside an ascender or a descender, whose centre is
    # not theirs; a box around a word is wider)
    level = (np.abs(cy - cy[i]) <= 0.6 * u) | ((w[i] <= 2 * u) & (cy >= b[i, 1]) & (cy <= b[i, 3]))
    letter = (h <= 1.6 * u) & (w <= 2 * u) & (np.maximum(w, h) >= 0.25 * u) & level
    letter[i] = False
    x0, x1 = b[i, 0], b[i, 2]
    def gap(lo, hi):
        return np.maximum(0.0, np.maximum(b[:, 0], lo) - np.minimum(b[:, 2], hi))
    beside = letter & (gap(x0, x1) <= u)
    on_left = beside & ((b[:, 0] + b[:, 2]) / 2 < (x0 + x1) / 2)
    left, right = int(on_left.sum()), int((beside & ~on_left).sum())
    mean = own[beside][:, list(SHAPE)].mean(0) if left + right else np.zeros(len(SHAPE))
    # the cluster: every letter within 0.8 of a letter of the span so far joins it, until none does
    chained = np.zeros(len(b), bool)
    lo, hi = x0, x1
    while True:
        joining = letter & ~chained & (gap(lo, hi) <= 0.8 * u)
        if not joining.any():
            break
        chained |= joining
        lo, hi = min(lo, float(b[joining, 0].min())), max(hi, float(b[joining, 2].max()))
    return [math.log1p(left), math.log1p(right), *mean, math.log1p(int(chained.sum())), math.log1p(min((hi - lo) / u, 100.0))]


def page_features(traces):
    """The classifier's input rows, one per trace (traces in writing order)."""
    n = len(traces)
    if n == 0:
        return np.zeros((0, INPUTS), np.float32)
    traces = [np.asarray(t, np.float64).reshape(-1, 2) for t in traces]
    boxes = [box(t) for t in traces]
    g = gaps(boxes)
    sizes = local_sizes(traces, boxes, g)
    heights = [b[3] - b[1] for b in boxes]
    widths = [b[2] - b[0] for b in boxes]
    page = writing_size(heights, widths, [len(t) <= 2 for t in traces])
    b = np.asarray(boxes)
    cx, cy = (b[:, 0] + b[:, 2]) / 2, (b[:, 1] + b[:, 3]) / 2
    own = np.zeros((n, OWN))
    for i, t in enumerate(traces):
        u = sizes[i]
        w, h = widths[i], heights[i]
        ln = length(t)
        chord = math.hypot(t[-1, 0] - t[0, 0], t[-1, 1] - t[0, 1])
        tiny = 1e-3 * u
        total, net = turning(t, 0.1 * u)
        x0, y0, x1, y1 = boxes[i]
        centres_inside = int(((cx >= x0) & (cx <= x1) & (cy >= y0) & (cy <= y1)).sum()) - 1
        crossing = int((g[i] == 0).sum()) - 1
        in_row = (np.abs(cy - cy[i]) <= 0.5 * u) & (g[i] <= 4 * u) & (b[:, 3] - b[:, 1] <= 3 * u)
        in_row[i] = False
        row = int(in_row.sum())
        others = np.delete(g[i], i)
        nearest = float(others.min()) if len(others) else 100 * u
        own[i] = [
            math.log(max(w, tiny) / u), math.log(max(h, tiny) / u), math.log(max(ln, tiny) / u),
            chord / ln if ln > 0 else 1.0,
            chord / max(w, h) if max(w, h) > 0 else 0.0,
            math.log1p(ln / (w + h)) if w + h > 0 else 0.0,
            math.log1p(min(total, 20.0)), min(net, 5.0),
            math.log(u / page),
            math.log1p(centres_inside), math.log1p(crossing), math.log1p(row),
            math.log1p(min(nearest / u, 100.0)),
            math.log(max(h, tiny) / page), math.log(max(w, tiny) / page),
            1.0 if len(t) <= 2 else 0.0,
            1.0,
        ]
    rows = np.zeros((n, INPUTS), np.float32)
    for i in range(n):
        parts = [own[i]]
        for k in list(range(-WINDOW, 0)) + list(range(1, WINDOW + 1)):
            j = i + k
            if 0 <= j < n:
                u = sizes[i]
                dy = max(-10.0, min(10.0, (cy[j] - cy[i]) / u))
                parts.append(np.concatenate([own[j], [1.0, math.log1p(min(g[i, j] / u, 100.0)), dy]]))
            else:
                parts.append(np.zeros(PER_NEIGHBOUR))
        parts.append(row_context(i, b, cy, own, sizes[i]))
        rows[i] = np.concatenate(parts)
    return rows
