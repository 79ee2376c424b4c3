"""Trains the layout's stroke classifier (writing / drawing / markup) on generated note pages and
writes its weights as text for Sources/Recognition/Resources/stroke-classifier.txt.

    python generate.py --pages 3000 --out /tmp/layout-pages.npz
    python train.py --pages /tmp/layout-pages.npz --out ../../Sources/Recognition/Resources/stroke-classifier.txt \
        --golden ../../Tests/Fixtures/stroke-classifier-golden.json

The network is an MLP over one trace's features and those of the two traces before and after it
in writing order (features.py), or with `--sequence` a bidirectional LSTM over the whole page's
rows in writing order (sequence.py). Inputs are standardised with the training set's mean and spread,
stored in the weight file. The real labelled strokes (Tests/Fixtures/layout-labels) are never
trained on; `evaluate_real.py` measures a weight file on them.

Weight file (text, one value list per line):

    stroke-classifier 1      (2 with a bilstm stage)
    inputs N
    mean v1 … vN
    scale v1 … vN            (1 / spread)
    layer IN OUT relu|none   then OUT lines of IN weights, then one line of OUT biases
    bilstm IN H              then per direction (forward, backward): IN lines of 4H, H lines of
                             4H, one line of 4H (gates i, f, g, o); outputs IN + 2H values
    …
    stroke-classifier 1|2    another network (any number): the file's output is the mean of the
                             networks' probabilities, so `cat seed1.txt seed2.txt mlp.txt` averages them
"""
import argparse
import hashlib
import json
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import features  # noqa: E402
import sequence  # noqa: E402

HIDDEN = (48, 24)


def page_digest(strokes, labels):
    """What a page's rows are made from, to reuse a cache's rows for the pages it already has."""
    h = hashlib.sha1(np.asarray(labels, np.int64).tobytes())
    for s in strokes:
        h.update(np.ascontiguousarray(s, np.float64).tobytes())
    return h.hexdigest()


def page_rows(pages, cache=None):
    """Input rows and labels of every page. With a cache (`rows_cache`), the leading pages the
    cache already holds are taken from it: pages added after the others (generate.py --straight,
    --small) cost only their own features."""
    digests = [page_digest(s, l) for s, l in pages]
    counts = [len(s) for s, _ in pages]
    x0, y0, reused = np.zeros((0, features.INPUTS), np.float32), np.zeros(0, np.int64), 0
    if cache is not None:
        cx, cy, cd, cc = cache
        while reused < min(len(cd), len(pages)) and cd[reused] == digests[reused] and cc[reused] == counts[reused]:
            reused += 1
        end = int(np.sum(cc[:reused]))
        x0, y0 = cx[:end], cy[:end]
        print(f"features: {reused} pages from the cache", flush=True)
    xs, ys = [x0], [y0]
    for k in range(reused, len(pages)):
        strokes, labels = pages[k]
        if not strokes:
            continue
        xs.append(features.page_features(strokes))
        ys.append(np.asarray(labels, np.int64))
        if k % 200 == 0:
            print(f"features: page {k}", flush=True)
    return np.concatenate(xs), np.concatenate(ys), digests, counts


def build(inputs):
    layers, n = [], inputs
    for h in HIDDEN:
        layers += [torch.nn.Linear(n, h), torch.nn.ReLU()]
        n = h
    layers.append(torch.nn.Linear(n, len(features.CLASSES)))
    return torch.nn.Sequential(*layers)


def export(model, mean, scale, path, half=False):
    linears = [m for m in model if isinstance(m, torch.nn.Linear)]
    layers = [(lin.weight.detach().numpy().astype(np.float64), lin.bias.detach().numpy().astype(np.float64),
               k < len(linears) - 1) for k, lin in enumerate(linears)]
    write_weights(mean, scale, layers, path, half)


def is_sequence(layer):
    return isinstance(layer[0], str)


def write_weights(mean, scale, layers, path, half=False):
    """The weight file; with `half`, each weight and bias at float16 precision (the shortest decimal
    that rounds to its float16 value: the file is half the size, the outputs move by < 1e-3)."""
    value = (lambda v: str(np.float16(v))) if half else (lambda v: f"{v:.7g}")

    def rows(f, matrix):
        for row in np.atleast_2d(matrix):
            f.write(" ".join(value(v) for v in row) + "\n")

    with open(path, "w") as f:
        f.write(f"stroke-classifier {2 if any(is_sequence(layer) for layer in layers) else 1}\n")
        f.write(f"inputs {len(mean)}\n")
        f.write("mean " + " ".join(f"{v:.7g}" for v in mean) + "\n")
        f.write("scale " + " ".join(f"{v:.7g}" for v in scale) + "\n")
        for layer in layers:
            if is_sequence(layer):
                _, forward, backward = layer
                f.write(f"bilstm {forward[0].shape[0]} {forward[1].shape[0]}\n")
                for part in forward + backward:
                    rows(f, part)
                continue
            w, b, relu = layer
            f.write(f"layer {w.shape[1]} {w.shape[0]} {'relu' if relu else 'none'}\n")
            rows(f, w)
            rows(f, b)


def load(path):
    """The weight file back as a list of networks, exactly as Swift reads it: a file holds one network
    or several one after another (their probabilities are averaged: `cat a.txt b.txt > both.txt`).
    A network is (mean, scale, stages); a stage is (W, b, relu) for a dense layer, ("bilstm", forward,
    backward) for the LSTM (sequence.layers)."""
    lines = [line for line in open(path).read().split("\n") if line]
    starts = [k for k, line in enumerate(lines) if line.startswith("stroke-classifier ")]
    assert starts and starts[0] == 0, path + ": not a stroke classifier"
    return [load_network(lines[a:b]) for a, b in zip(starts, starts[1:] + [len(lines)])]


def load_network(lines):
    assert lines[0] in ("stroke-classifier 1", "stroke-classifier 2")
    mean = np.asarray(lines[2].split()[1:], np.float64)
    scale = np.asarray(lines[3].split()[1:], np.float64)
    layers, k = [], 4

    def matrix(start, count):
        return np.asarray([lines[start + r].split() for r in range(count)], np.float64)

    while k < len(lines) and lines[k].startswith(("layer", "bilstm")):
        if lines[k].startswith("bilstm"):
            _, n_in, h = lines[k].split()
            n_in, h = int(n_in), int(h)
            directions, k = [], k + 1
            for _ in range(2):
                directions.append((matrix(k, n_in), matrix(k + n_in, h), matrix(k + n_in + h, 1)[0]))
                k += n_in + h + 1
            layers.append(("bilstm", *directions))
            continue
        _, n_in, n_out, act = lines[k].split()
        n_in, n_out = int(n_in), int(n_out)
        w = np.asarray([lines[k + 1 + r].split() for r in range(n_out)], np.float64)
        b = np.asarray(lines[k + 1 + n_out].split(), np.float64)
        layers.append((w, b, act == "relu"))
        k += n_out + 2
    return mean, scale, layers


def probabilities(networks, rows):
    """Outputs of the exported networks (`load`) for one page's rows in writing order, in float64 as
    the Swift inference computes them: the mean of the networks' softmax outputs."""
    return np.mean([network_probabilities(network, rows) for network in networks], 0)


def network_probabilities(network, rows):
    mean, scale, layers = network
    # a network trained without the row context (features.CONTEXT) reads each row's leading values
    x = (np.asarray(rows, np.float64)[:, :len(mean)] - mean) * scale
    for layer in layers:
        if is_sequence(layer):
            x = sequence.bilstm(x, layer[1], layer[2])
            continue
        w, b, relu = layer
        x = x @ w.T + b
        if relu:
            x = np.maximum(x, 0)
    x = x - x.max(1, keepdims=True)
    e = np.exp(x)
    return e / e.sum(1, keepdims=True)


def write_golden(pages, weights, path):
    """A generated page's traces (rounded as stored), its input rows and the exported network's
    outputs, for the Swift test that checks features and inference against this code."""
    strokes, _ = next(p for p in pages[:50] if 12 <= len(p[0]) <= 40)
    strokes = [np.round(np.asarray(s, np.float64), 3) for s in strokes]
    rows = features.page_features(strokes)
    probs = probabilities(load(weights), rows)
    with open(path, "w") as f:
        json.dump({"about": "a generated page (Training/layout/generate.py): traces in writing order, the "
                            "classifier's input rows and its output probabilities (writing, drawing, markup), "
                            "from Training/layout/train.py",
                   "traces": [[[round(float(v), 3) for v in pt] for pt in s] for s in strokes],
                   "rows": [[round(float(v), 6) for v in r] for r in rows],
                   "probabilities": [[round(float(v), 6) for v in p] for p in probs]}, f)
    print("wrote", path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", default="/tmp/layout-pages.npz")
    ap.add_argument("--out", required=True)
    ap.add_argument("--golden", help="also write a golden fixture: a generated page's traces, features and outputs")
    ap.add_argument("--epochs", type=int, default=14)
    ap.add_argument("--golden-only", action="store_true", help="write --golden from the weights in --out, no training")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--half", action="store_true", help="weights and biases at float16 precision")
    ap.add_argument("--cache", default="/tmp/layout-rows.npz")
    ap.add_argument("--sequence", action="store_true", help="a bidirectional LSTM over each page's rows (sequence.py)")
    args = ap.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    pages = list(np.load(args.pages, allow_pickle=True)["pages"])
    if args.golden_only:
        if args.half:  # the weights in --out rewritten at float16 precision first
            networks = load(args.out)
            if len(networks) != 1:
                sys.exit("train.py: --golden-only --half rewrites a file of one network")
            write_weights(*networks[0], args.out, half=True)
        write_golden(pages, args.out, args.golden)
        return
    # the rows are remade when the features' code is newer than them; pages the cache holds
    # (by their digest) are taken from it
    cache = None
    if os.path.exists(args.cache) and os.path.getmtime(args.cache) > os.path.getmtime(features.__file__):
        z = np.load(args.cache)
        if "digests" in z:
            cache = (z["x"], z["y"], list(z["digests"]), list(z["counts"]))
    x, y, digests, counts = page_rows(pages, cache)
    np.savez(args.cache, x=x, y=y, digests=np.asarray(digests), counts=np.asarray(counts))
    print("rows", x.shape, "classes", np.bincount(y))
    n_val = len(x) // 10
    mean = x[n_val:].mean(0)
    spread = x[n_val:].std(0)
    scale = np.where(spread > 1e-6, 1 / np.maximum(spread, 1e-6), 0.0)
    weight = torch.tensor(len(y) / (3 * np.maximum(np.bincount(y, minlength=3), 1)), dtype=torch.float32) ** 0.5
    if args.sequence:
        # whole pages: those starting in the first tenth of the rows validate
        ends = np.cumsum(counts)
        pages_rows = [(((x[e - c:e] - mean) * scale).astype(np.float32), y[e - c:e]) for c, e in zip(counts, ends) if c]
        starts = [e - c for c, e in zip(counts, ends) if c]
        val = [p for p, start in zip(pages_rows, starts) if start < n_val]
        model = sequence.fit([p for p, start in zip(pages_rows, starts) if start >= n_val], val, args.epochs, weight,
                             lambda line: print(line, flush=True))
        write_weights(mean, scale, sequence.layers(model), args.out, args.half)
        print("wrote", args.out, os.path.getsize(args.out), "bytes")
        if args.golden:
            write_golden(pages, args.out, args.golden)
        return
    xt = torch.tensor((x - mean) * scale, dtype=torch.float32)
    yt = torch.tensor(y)
    model = build(x.shape[1])
    loss_fn = torch.nn.CrossEntropyLoss(weight=weight)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3, weight_decay=1e-5)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, args.epochs)
    train_idx = np.arange(n_val, len(x))
    for epoch in range(args.epochs):
        model.train()
        np.random.default_rng(epoch).shuffle(train_idx)
        for k in range(0, len(train_idx), 512):
            b = torch.tensor(train_idx[k:k + 512])
            opt.zero_grad()
            loss = loss_fn(model(xt[b]), yt[b])
            loss.backward()
            opt.step()
        sched.step()
        model.eval()
        with torch.no_grad():
            pred = model(xt[:n_val]).argmax(1).numpy()
        yv = y[:n_val]
        acc = (pred == yv).mean()
        wn = ((pred == 0) == (yv == 0)).mean()
        print(f"epoch {epoch}: loss {loss.item():.3f} val class acc {acc:.4f} writing/not {wn:.4f}", flush=True)
    export(model, mean, scale, args.out, args.half)
    print("wrote", args.out, os.path.getsize(args.out), "bytes")
    if args.golden:
        write_golden(pages, args.out, args.golden)


if __name__ == "__main__":
    main()
