"""UNIPEN samples from ../shared/data/unipen: loading, filtering and length-bucketed batches."""
import gzip
import json
import os

import numpy as np

import alphabet
import ink

ROOT = os.path.dirname(os.path.abspath(__file__))
UNIPEN = os.path.normpath(os.path.join(ROOT, "..", "..", "shared", "data", "unipen"))
BUCKETS = [48, 96, 160, 256, 384, 576, 864, 1280, 1920]
POINTS_PER_BATCH = 12288


def load(split, groups=("chars", "words", "lines")):
    """[(strokes, label, group, writer)] of one split; multi-line texts are left out (a line reader
    reads one line)."""
    out = []
    for g in groups:
        path = os.path.join(UNIPEN, f"{split}-{g}.jsonl.gz")
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                if r.get("n_lines", 1) > 1:
                    continue
                label = r["label"].strip()
                strokes = [np.asarray(s, np.float64) for s in r["strokes"] if len(s) > 0]
                if not strokes or not label or not alphabet.encode(label):
                    continue
                out.append((strokes, label, g, (r["contributor"], r["writer"])))
    return out


def bucket_of(n):
    for b in BUCKETS:
        if n <= b:
            return b
    return None


def ctc_feasible(label_ids, frames):
    repeats = sum(1 for a, b in zip(label_ids, label_ids[1:]) if a == b)
    return len(label_ids) + repeats <= frames


def make_batch(items, bucket):
    """items: [(features, label ids)] -> padded arrays for one bucket."""
    b = POINTS_PER_BATCH // bucket
    lmax = bucket // 2
    x = np.zeros((b, bucket, ink.N_FEATURES), np.float32)
    lengths = np.zeros(b, np.int32)
    labels = np.zeros((b, lmax), np.int32)
    lpad = np.ones((b, lmax), np.float32)
    weight = np.zeros(b, np.float32)
    for i, (f, ids) in enumerate(items[:b]):
        x[i, :len(f)] = f
        lengths[i] = len(f)
        labels[i, :len(ids)] = ids
        lpad[i, :len(ids)] = 0.0
        weight[i] = 1.0
    lengths = np.maximum(lengths, 1)
    return x, lengths, labels, lpad, weight


def words_by_writer(samples):
    """{writer: [(strokes, label)]} of the word samples, for writers with at least two words."""
    out = {}
    for strokes, label, g, writer in samples:
        if g == "words":
            out.setdefault(writer, []).append((strokes, label))
    return {w: v for w, v in sorted(out.items()) if len(v) >= 2}


def synthetic_line(words, rng):
    """One line made of 2-7 word samples of one writer: sizes evened out (within +-10 %), centres
    on a gently wandering baseline, gaps of 1-3.5 size units. Real lines are scarce (a sixth of
    the word count) and the line reader must learn where words end."""
    k = int(rng.integers(2, min(7, len(words)) + 1))
    chosen = [words[i] for i in rng.choice(len(words), size=k, replace=False)]
    sizes = [ink.size_and_centre(st) for st, _ in chosen]
    target = float(np.median([u for u, _ in sizes]))
    strokes, x, drift = [], 0.0, 0.0
    for (st, _), (u, yc) in zip(chosen, sizes):
        scale = target / u * rng.uniform(0.9, 1.1)
        x0 = min(s[:, 0].min() for s in st)
        drift += rng.normal(0.0, 0.15)
        for s in st:
            p = np.empty_like(s, dtype=np.float64)
            p[:, 0] = (s[:, 0] - x0) * scale + x
            p[:, 1] = (s[:, 1] - yc) * scale + drift * target
            strokes.append(p)
        x = max(p[:, 0].max() for p in strokes[-len(st):]) + rng.uniform(1.0, 3.5) * target
    return strokes, " ".join(label for _, label in chosen)


def spaced_row(items, rng, min_gap=0.8):
    """One row of a writer's separate characters and short words, as notes hold them ("x = 3",
    "a b c", "12 4 7"): each keeps its own size (the writer's pen on one tablet, so a letter stays
    smaller than a word), tops, centres or bottoms aligned with a little jitter, gaps of min_gap-2.0
    times the writer's median character height. Synthetic lines of words alone taught the network
    that separate glyphs spell one word: on pages it read rows of letters as words."""
    heights = [float(np.ptp(np.concatenate(st)[:, 1])) for st, _ in items]
    unit = max(float(np.median(heights)), 1e-6)
    # a few samples were captured at another scale than the writer's others: left out
    items = [item for item, h in zip(items, heights) if h <= 3 * unit]
    align = rng.choice(["top", "centre", "bottom"], p=[0.4, 0.3, 0.3])
    strokes, x = [], 0.0
    for st, _ in items:
        allp = np.concatenate(st)
        x0, y0, y1 = allp[:, 0].min(), allp[:, 1].min(), allp[:, 1].max()
        anchor_y = {"top": y0, "centre": (y0 + y1) / 2, "bottom": y1}[align]
        dy = rng.normal(0.0, 0.08) * unit
        for s in st:
            p = np.empty_like(s, dtype=np.float64)
            p[:, 0] = s[:, 0] - x0 + x
            p[:, 1] = s[:, 1] - anchor_y + dy
            strokes.append(p)
        x = max(q[:, 0].max() for q in strokes[-len(st):]) + rng.uniform(min_gap, 2.0) * unit
    return strokes, " ".join(label for _, label in items)


def epoch_batches(samples, rng, augment=True, synthetic_lines=0):
    """Yields padded batches of augmented samples (plus `synthetic_lines` lines made of one
    writer's words), bucketed by resampled length, in random order."""
    samples = list(samples)
    if synthetic_lines:
        by_writer = words_by_writer(samples)
        writers = list(by_writer)
        for _ in range(synthetic_lines):
            strokes, label = synthetic_line(by_writer[writers[rng.integers(len(writers))]], rng)
            samples.append((strokes, label, "synthetic", None))
    order = rng.permutation(len(samples))
    pending = {b: [] for b in BUCKETS}
    for i in order:
        strokes, label = samples[i][:2]
        if augment:
            st, step = ink.augment(strokes, rng)
        else:
            st, step = strokes, ink.STEP
        f, _ = ink.features(st, step)
        ids = alphabet.encode(label)
        b = bucket_of(len(f))
        if b is None or len(ids) > b // 2 or not ctc_feasible(ids, (len(f) + 1) // 2):
            continue
        pending[b].append((f, ids))
        if len(pending[b]) == POINTS_PER_BATCH // b:
            yield make_batch(pending[b], b)
            pending[b] = []
    for b, items in pending.items():
        if items:
            yield make_batch(items, b)
