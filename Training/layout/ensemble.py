"""Merges stroke-classifier weight files trained on the same rows (so with the same input mean and
scale) into one network whose output logits are the mean of theirs: the hidden layers side by
side, block-diagonal, and the last layer's weights and biases averaged. Averaging seeds takes out
the variance one training run's seed brings to single words.

    python ensemble.py --out merged.txt [--half] a.txt b.txt c.txt
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train  # noqa: E402


def merge(networks):
    mean, scale = networks[0][0], networks[0][1]
    if any(train.is_sequence(layer) for n in networks for layer in n[2]):
        sys.exit("ensemble: merges MLPs only, not sequence models (train.py --sequence)")
    for m, s, _ in networks[1:]:
        if not (np.array_equal(m, mean) and np.array_equal(s, scale)):
            sys.exit("ensemble: the networks were standardised differently (not trained on the same rows)")
    depth = len(networks[0][2])
    layers = []
    for k in range(depth):
        ws = [n[2][k][0] for n in networks]
        bs = [n[2][k][1] for n in networks]
        if k == depth - 1:  # the output: mean of the logits
            layers.append((np.concatenate(ws, 1) / len(ws), np.mean(bs, 0), False))
        elif k == 0:  # every network reads the same inputs
            layers.append((np.concatenate(ws, 0), np.concatenate(bs), True))
        else:
            rows = sum(w.shape[0] for w in ws)
            cols = sum(w.shape[1] for w in ws)
            w = np.zeros((rows, cols))
            r = c = 0
            for part in ws:
                w[r:r + part.shape[0], c:c + part.shape[1]] = part
                r, c = r + part.shape[0], c + part.shape[1]
            layers.append((w, np.concatenate(bs), True))
    return mean, scale, layers


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("weights", nargs="+")
    ap.add_argument("--out", required=True)
    ap.add_argument("--half", action="store_true", help="weights and biases at float16 precision")
    args = ap.parse_args()
    networks = [train.load(w) for w in args.weights]
    if any(len(n) != 1 for n in networks):
        sys.exit("ensemble: each file must hold one network")
    mean, scale, layers = merge([n[0] for n in networks])
    train.write_weights(mean, scale, layers, args.out, args.half)
    print("wrote", args.out, os.path.getsize(args.out), "bytes")


if __name__ == "__main__":
    main()
