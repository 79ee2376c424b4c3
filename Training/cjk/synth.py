"""Handwriting-like character images from font skeletons and KanjiVG strokes, and the raster
every character is classified from, training and recognition alike.

The raster (mirrored in Sources/Recognition/CJK/CharacterRaster.swift, which must stay equal):
the ink's box is fitted, aspect kept and centred, into the middle INNER×INNER of a SIDE×SIDE grid;
each stroke is resampled every 1/SUPER pixel and its points mark cells of a grid SUPER times
finer; the marks are dilated by a disc of `radius` pixels (times SUPER) and the fine grid is
averaged back to SIDE×SIDE. Being an image, it does not care in which order or direction the
strokes were written, nor whether two of them were joined.
"""
import numpy as np
from scipy.ndimage import binary_dilation

SIDE = 32
INNER = 28
SUPER = 4
RADIUS = 1.0  # pen radius at recognition time, in grid pixels

_discs = {}


def disc(r):
    key = round(r * SUPER * 4) / 4
    if key not in _discs:
        n = int(np.ceil(key))
        y, x = np.mgrid[-n:n + 1, -n:n + 1]
        _discs[key] = (x * x + y * y) <= key * key
    return _discs[key]


def resample(stroke, step):
    """Points along a polyline no more than `step` apart (a lone point stays one point)."""
    if len(stroke) < 2:
        return stroke
    seg = np.diff(stroke, axis=0)
    length = np.hypot(seg[:, 0], seg[:, 1])
    out = [stroke[:1]]
    for p, d, n in zip(stroke[:-1], seg, np.ceil(length / step).astype(int)):
        if n > 0:
            t = (np.arange(1, n + 1) / n)[:, None]
            out.append(p + t * d)
    return np.concatenate(out)


def raster(strokes, radius=RADIUS, dots=False):
    """SIDE×SIDE float32 image of `strokes` (arrays of (x, y), y down). With `dots`, each array
    is a cloud of points (a skeleton) rather than a pen path, and is not resampled."""
    strokes = [np.asarray(s, dtype=np.float64) for s in strokes if len(s)]
    grid = np.zeros((SIDE * SUPER, SIDE * SUPER), dtype=bool)
    if not strokes:
        return grid[::SUPER, ::SUPER].astype(np.float32)
    every = np.concatenate(strokes)
    lo, hi = every.min(axis=0), every.max(axis=0)
    size = max(hi[0] - lo[0], hi[1] - lo[1], 1e-6)
    scale = INNER / size
    offset = (SIDE - (hi - lo) * scale) / 2
    for s in strokes:
        p = (s - lo) * scale + offset
        if not dots:
            p = resample(p, 1.0 / SUPER)
        cells = np.clip(np.floor(p * SUPER).astype(int), 0, SIDE * SUPER - 1)
        grid[cells[:, 1], cells[:, 0]] = True
    grid = binary_dilation(grid, structure=disc(radius))
    return grid.reshape(SIDE, SUPER, SIDE, SUPER).mean(axis=(1, 3)).astype(np.float32)


def warp(points_list, rng, size):
    """A random affine map and a smooth elastic displacement, applied to every point."""
    every = np.concatenate(points_list)
    centre = (every.min(axis=0) + every.max(axis=0)) / 2
    angle = rng.normal(0, np.radians(5))
    shear = rng.normal(0, 0.12)
    aspect = np.exp(rng.normal(0, 0.12))
    c, s = np.cos(angle), np.sin(angle)
    m = np.array([[c, -s], [s, c]]) @ np.array([[aspect, shear], [0, 1 / aspect]])
    # displacements at a 4×4 grid of nodes over the box, interpolated bilinearly
    nodes = rng.normal(0, 0.035 * size, size=(4, 4, 2))
    lo = every.min(axis=0)
    span = np.maximum(every.max(axis=0) - lo, 1e-6)
    out = []
    for p in points_list:
        u = np.clip((p - lo) / span * 3, 0, 3 - 1e-9)
        i, j = u[:, 1].astype(int), u[:, 0].astype(int)
        fy, fx = (u[:, 1] - i)[:, None], (u[:, 0] - j)[:, None]
        d = (nodes[i, j] * (1 - fx) * (1 - fy) + nodes[i, j + 1] * fx * (1 - fy)
             + nodes[i + 1, j] * (1 - fx) * fy + nodes[i + 1, j + 1] * fx * fy)
        out.append((p - centre) @ m.T + centre + d)
    return out


def from_skeleton(points, rng, casual=0.0):
    """An image of a font skeleton (pixel coordinates), distorted and redrawn with a random pen;
    with probability `casual`, a part of it is left out as a hurried hand leaves out a stroke."""
    p = points.astype(np.float64) + rng.uniform(-0.5, 0.5, size=points.shape)
    if len(p) > 40 and rng.random() < casual:
        centre = p[rng.integers(len(p))]
        keep = np.hypot(*(p - centre).T) > rng.uniform(4, 9)
        if keep.sum() > len(p) // 2:
            p = p[keep]
    (p,) = warp([p], rng, 96)
    return raster([p], radius=rng.uniform(0.55, 1.5), dots=True)


def from_lines(lines, rng, casual=0.0):
    """An image of KanjiVG strokes (start and end points on a 256 canvas, in writing order), each
    bent and moved a little, consecutive strokes sometimes joined as a hurried pen joins them.
    With probability `casual` the hand is hurried: strokes fall short of or overshoot their ends,
    one stroke of a busy character may be left out, and joins are more frequent."""
    hurried = rng.random() < casual
    drop = int(rng.integers(len(lines))) if hurried and len(lines) >= 5 and rng.random() < 0.3 else -1
    strokes = []
    for n, (x0, y0, x1, y1) in enumerate(lines.astype(np.float64)):
        if n == drop:
            continue
        a = np.array([x0, y0]) + rng.normal(0, 6, 2)
        b = np.array([x1, y1]) + rng.normal(0, 6, 2)
        if hurried:
            # each end moves along the stroke by up to about a fifth of its length
            d = b - a
            a, b = a + d * rng.normal(0, 0.1), b + d * rng.normal(0, 0.1)
        normal = np.array([a[1] - b[1], b[0] - a[0]])
        mid = (a + b) / 2 + normal * rng.normal(0, 0.14 if hurried else 0.08)
        strokes.append(np.stack([a, mid, b]))
    join = 0.45 if hurried else 0.25
    joined = [strokes[0]]
    for s in strokes[1:]:
        if rng.random() < join:
            joined[-1] = np.concatenate([joined[-1], s])
        else:
            joined.append(s)
    return raster(warp(joined, rng, 256), radius=rng.uniform(0.55, 1.5))
