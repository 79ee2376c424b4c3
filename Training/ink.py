"""Ink preprocessing shared by training and (mirrored exactly) by Swift inference.

Sources/Recognition/Features/InkFeatures.swift implements the same steps; the golden test compares
both on fixed inputs, so any change here must be made there too and bump FEATURE_VERSION.

Steps for one line or word of ink (strokes of (x, y) points, y down):
1. size unit u: the standard deviation of y over the ink resampled uniformly along arc length
   (robust to resolution and point density; ascenders and descenders move it little), never below
   (width + height) / 40 per stroke, so that a dash or a dot does not explode while a long line of
   many strokes keeps its own size (version 1 used (width + height) / 40, which shrank long lines);
2. normalise: x from the left edge, y from the mean, both divided by u;
3. resample every stroke along its arc length every STEP units (first and last point kept);
4. per point: dx, dy (the pen-up jump at a stroke's first point, clipped), stroke-start flag,
   y position (clipped), and the cosine and sine of the turn since the previous segment of the same
   stroke ((1, 0) at a stroke's first two points and around zero-length segments).
"""
import numpy as np

FEATURE_VERSION = 2
STEP = 0.5           # resampling step in size units
JUMP_CLIP = 8.0      # |dx|, |dy| of a pen-up jump, in size units
Y_CLIP = 6.0
N_FEATURES = 6
MIN_UNIT_FRACTION = 1.0 / 40.0  # u >= (width + height) / 40 / strokes


def _resample_polyline(pts, step):
    """Points every `step` along the polyline, first and last included; returns (points, source index)."""
    n = len(pts)
    if n == 1:
        return pts.copy(), np.zeros(1, dtype=np.int64)
    seg = np.sqrt(((pts[1:] - pts[:-1]) ** 2).sum(axis=1))
    total = seg.sum()
    if total < step:
        # a dot or a tiny tick: its first and last point are all that matters
        if total <= 1e-9:
            return pts[:1].copy(), np.zeros(1, dtype=np.int64)
        return np.stack([pts[0], pts[-1]]), np.array([0, n - 1], dtype=np.int64)
    cum = np.concatenate([[0.0], np.cumsum(seg)])
    count = int(np.floor(total / step))
    targets = np.arange(count + 1) * step
    if total - targets[-1] > 1e-9 * max(total, 1.0):
        targets = np.append(targets, total)
    j = np.searchsorted(cum, targets, side="right") - 1
    j = np.clip(j, 0, n - 2)
    seglen = np.where(seg[j] > 0, seg[j], 1.0)
    f = np.clip((targets - cum[j]) / seglen, 0.0, 1.0)
    out = pts[j] + (pts[j + 1] - pts[j]) * f[:, None]
    src = np.where(f < 0.5, j, j + 1)
    return out, src


def size_and_centre(strokes):
    """(u, mean y) of the ink resampled uniformly along arc length (200 steps over its extent)."""
    allp = np.concatenate(strokes)
    w = allp[:, 0].max() - allp[:, 0].min()
    h = allp[:, 1].max() - allp[:, 1].min()
    extent = max(w, h)
    if extent <= 0:
        return 1.0, float(allp[:, 1].mean())
    ys = np.concatenate([_resample_polyline(s, extent / 200.0)[0][:, 1] for s in strokes])
    sigma = float(ys.std())
    return max(sigma, (w + h) * MIN_UNIT_FRACTION / len(strokes), 1e-6), float(ys.mean())


def features(strokes, step=STEP):
    """strokes: list of float64 arrays (n, 2). Returns (features (T, 6) float32, source (T, 2) int:
    stroke index and point index of the original point nearest each resampled point)."""
    strokes = [np.asarray(s, dtype=np.float64) for s in strokes if len(s) > 0]
    if not strokes:
        return np.zeros((0, N_FEATURES), np.float32), np.zeros((0, 2), np.int64)
    u, y0 = size_and_centre(strokes)
    x0 = min(s[:, 0].min() for s in strokes)
    pts, srcs, starts = [], [], []
    for si, s in enumerate(strokes):
        norm = np.empty_like(s)
        norm[:, 0] = (s[:, 0] - x0) / u
        norm[:, 1] = (s[:, 1] - y0) / u
        p, src = _resample_polyline(norm, step)
        pts.append(p)
        srcs.append(np.stack([np.full(len(src), si), src], axis=1))
        st = np.zeros(len(p), dtype=bool)
        st[0] = True
        starts.append(st)
    p = np.concatenate(pts)
    start = np.concatenate(starts)
    d = np.zeros_like(p)
    d[1:] = p[1:] - p[:-1]
    d[start] = np.clip(d[start], -JUMP_CLIP, JUMP_CLIP)
    # turn since the previous segment of the same stroke: (cos, sin); (1, 0) where undefined
    length = np.hypot(d[:, 0], d[:, 1])
    unit = np.where(length[:, None] > 1e-12, d / np.maximum(length, 1e-12)[:, None], 0.0)
    cos = np.ones(len(p))
    sin = np.zeros(len(p))
    if len(p) > 1:
        prev_unit = np.zeros_like(unit)
        prev_unit[1:] = unit[:-1]
        valid = ~start & np.concatenate([[False], ~start[:-1]])
        valid &= (length > 1e-12) & (np.concatenate([[0.0], length[:-1]]) > 1e-12)
        cos = np.where(valid, (prev_unit * unit).sum(axis=1), 1.0)
        sin = np.where(valid, prev_unit[:, 0] * unit[:, 1] - prev_unit[:, 1] * unit[:, 0], 0.0)
    f = np.stack([d[:, 0], d[:, 1], start.astype(np.float64), np.clip(p[:, 1], -Y_CLIP, Y_CLIP), cos, sin], axis=1)
    return f.astype(np.float32), np.concatenate(srcs).astype(np.int64)


def augment(strokes, rng):
    """Random writer/device variation: rotation, slant, aspect, jitter, resampling density."""
    theta = rng.uniform(-0.08, 0.08)
    shear = rng.uniform(-0.35, 0.35)
    sx = rng.uniform(0.8, 1.2)
    c, s = np.cos(theta), np.sin(theta)
    m = np.array([[c, -s], [s, c]]) @ np.array([[sx, shear], [0.0, 1.0]])
    allp = np.concatenate(strokes)
    scale = max(np.ptp(allp[:, 0]), np.ptp(allp[:, 1]), 1e-6)
    jitter = rng.uniform(0.0, 0.006) * scale
    out = []
    for st in strokes:
        p = st @ m.T
        if jitter > 0:
            p = p + rng.normal(0.0, jitter, size=p.shape)
        out.append(p)
    step = STEP * rng.uniform(0.8, 1.25)
    return out, step
