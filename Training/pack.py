"""Packs the UNIPEN samples training needs into one compact file, for training on another machine.

    python3 pack.py [--out packed/unipen.npz]

The device that trains receives at most 64 MiB with the repository, so the JSON (90 MB compressed)
travels as integer point arrays with offsets, zlib-compressed (about a third of the size). The
`train` writers' characters, words and single lines, and the `dev` words and lines used to watch
training, keep their labels, groups and writers; nothing else is kept.
"""
import argparse
import os

import numpy as np

import data

ROOT = os.path.dirname(os.path.abspath(__file__))


def pack(samples):
    points, stroke_ends, sample_ends, labels, groups, writers = [], [], [], [], [], []
    writer_ids = {}
    n_points = n_strokes = 0
    for strokes, label, group, writer in samples:
        for s in strokes:
            points.append(np.asarray(s, np.int32))
            n_points += len(s)
            stroke_ends.append(n_points)
        n_strokes += len(strokes)
        sample_ends.append(n_strokes)
        labels.append(label)
        groups.append(group)
        writers.append(writer_ids.setdefault(writer, len(writer_ids)))
    points = np.concatenate(points)
    # each stroke's first point absolute, the others as steps from the one before: small numbers
    # that compress to a third of the absolute coordinates
    deltas = points.copy()
    deltas[1:] -= points[:-1]
    firsts = np.concatenate([[0], stroke_ends[:-1]]).astype(np.int64)
    deltas[firsts] = points[firsts]
    return {"deltas": deltas, "stroke_ends": np.asarray(stroke_ends, np.int64),
            "sample_ends": np.asarray(sample_ends, np.int64), "labels": np.asarray(labels),
            "groups": np.asarray(groups), "writers": np.asarray(writers, np.int32)}


def unpack(z, prefix):
    """[(strokes, label, group, writer)] as data.load gives them."""
    deltas = z[prefix + "deltas"].astype(np.int64)
    stroke_ends = z[prefix + "stroke_ends"]
    firsts = np.concatenate([[0], stroke_ends[:-1]])
    total = np.cumsum(deltas, axis=0)
    before = np.concatenate([np.zeros((1, 2), np.int64), total])[firsts]  # sum before each stroke
    points = (total - np.repeat(before, stroke_ends - firsts, axis=0)).astype(np.float64)
    sample_ends = z[prefix + "sample_ends"]
    labels, groups, writers = z[prefix + "labels"].tolist(), z[prefix + "groups"].tolist(), z[prefix + "writers"].tolist()
    strokes = np.split(points, stroke_ends[:-1])
    out, s0 = [], 0
    for i, s1 in enumerate(sample_ends):
        out.append((strokes[s0:s1], labels[i], groups[i], writers[i]))
        s0 = s1
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(ROOT, "packed", "unipen.npz"))
    args = ap.parse_args()
    arrays = {}
    for split, groups in (("train", ("chars", "words", "lines")), ("dev", ("chars", "words", "lines"))):
        for k, v in pack(data.load(split, groups)).items():
            arrays[f"{split}:{k}"] = v
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    np.savez_compressed(args.out, **arrays)
    print(f"wrote {args.out} ({os.path.getsize(args.out) / 2**20:.1f} MiB)")


if __name__ == "__main__":
    main()
