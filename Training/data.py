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
    """[(strokes, label)] of one split; multi-line texts are left out (a line reader reads one line)."""
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
                out.append((strokes, label, g))
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


def epoch_batches(samples, rng, augment=True):
    """Yields padded batches of augmented samples, bucketed by resampled length, in random order."""
    order = rng.permutation(len(samples))
    pending = {b: [] for b in BUCKETS}
    for i in order:
        strokes, label, _ = samples[i]
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
