"""The reader's verdict (Sources/Recognition/ReaderVerdict.swift) learned from generated note pages.

The recognizer reads generated pages (generate.py: UNIPEN words and lines beside diagrams, sketches
and labelled figures; never the real notes) and `verdict-rows` writes, for every word it reads, the
verdict's features and the word's points in each stroke. A word is drawing when under half of its
points lie in strokes labelled writing. A small network (features → 16, ReLU → 1) learns that;
its threshold is chosen on pages of UNIPEN `dev` writers (never trained on): the lowest that drops
at most `--max-writing-dropped` of their writing words, since a writing word dropped is a word lost.

    python verdict.py export PAGES.npz PAGES.jsonl             # pages for verdict-rows
    verdict-rows PAGES.jsonl > ROWS.jsonl                       # (swift build --product verdict-rows)
    python verdict.py train --rows ROWS.jsonl --pages PAGES.npz --val-rows V.jsonl --val-pages V.npz \\
        --out ../../Sources/Recognition/Resources/reader-verdict.txt [--record NAME]

Seeded and on one CPU thread, so the same rows give the same bytes.
"""
import argparse
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))

WRITING = 0
FEATURES = 19
THRESHOLDS = (0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.98, 0.99, 0.995, 0.999)


def export(pages_path, out_path):
    """Each generated page as one InkSample line (`set` is its number)."""
    pages = np.load(pages_path, allow_pickle=True)["pages"]
    with open(out_path, "w") as f:
        for n, (strokes, _) in enumerate(pages):
            ink = [np.round(np.asarray(s, np.float64), 5).tolist() for s in strokes]
            f.write(json.dumps({"label": "page", "set": str(n), "strokes": ink}) + "\n")
    print(out_path, len(pages), "pages")


def load_rows(rows_path, pages_path):
    """Features, whether each word is drawing, and for each word its page and (stroke, points, label)."""
    pages = np.load(pages_path, allow_pickle=True)["pages"]
    xs, ys, words = [], [], []
    for line in open(rows_path):
        page = json.loads(line)
        n = int(page["page"])
        labels = np.asarray(pages[n][1])
        for w in page["words"]:
            parts = [(int(s), c, int(labels[int(s)])) for s, c in w["strokes"].items()]
            total = sum(c for _, c, _ in parts)
            writing = sum(c for _, c, l in parts if l == WRITING)
            xs.append(w["features"])
            ys.append(1.0 if total and writing < 0.5 * total else 0.0)
            words.append((n, parts))
    return np.asarray(xs, np.float64), np.asarray(ys, np.float64), words


def train_network(x, y, seed, epochs, hidden):
    import torch
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    mean = x.mean(0)
    scale = 1 / np.maximum(x.std(0), 1e-6)
    xt = torch.tensor((x - mean) * scale, dtype=torch.float32)
    yt = torch.tensor(y, dtype=torch.float32)
    layers = [torch.nn.Linear(FEATURES, hidden), torch.nn.ReLU(), torch.nn.Linear(hidden, 1)] if hidden else \
        [torch.nn.Linear(FEATURES, 1)]
    net = torch.nn.Sequential(*layers)
    opt = torch.optim.Adam(net.parameters(), lr=3e-3, weight_decay=1e-4)
    generator = torch.Generator().manual_seed(seed)
    for _ in range(epochs):
        order = torch.randperm(len(xt), generator=generator)
        for k in range(0, len(xt), 256):
            idx = order[k:k + 256]
            opt.zero_grad()
            loss = torch.nn.functional.binary_cross_entropy_with_logits(net(xt[idx]).squeeze(1), yt[idx])
            loss.backward()
            opt.step()
    return mean, scale, [m for m in net if isinstance(m, torch.nn.Linear)]


def probabilities(mean, scale, linears, x):
    import torch
    with torch.no_grad():
        h = torch.tensor((x - mean) * scale, dtype=torch.float32)
        for k, layer in enumerate(linears):
            h = layer(h)
            if k + 1 < len(linears):
                h = torch.relu(h)
        return torch.sigmoid(h.squeeze(1)).double().numpy()


def sweep(p, y, words):
    """Per threshold: writing words dropped, drawing words dropped, and by stroke, the writing
    strokes that lose every word and the drawing strokes still read."""
    out = {}
    for t in THRESHOLDS:
        dropped = p > t
        read = {}
        for (n, parts), d in zip(words, dropped):
            for s, _, label in parts:
                key = (n, s)
                read[key] = (read.get(key, (False, label))[0] or not d, label)
        writing = [r for r, l in read.values() if l == WRITING]
        drawing = [r for r, l in read.values() if l != WRITING]
        out[t] = {
            "writing_words_dropped": round(float((dropped & (y == 0)).sum() / max((y == 0).sum(), 1)), 5),
            "drawing_words_dropped": round(float((dropped & (y == 1)).sum() / max((y == 1).sum(), 1)), 4),
            "writing_strokes_lost": round(1 - sum(writing) / max(len(writing), 1), 5),
            "drawing_strokes_still_read": round(sum(drawing) / max(len(drawing), 1), 4),
        }
    return out


def write_weights(path, mean, scale, linears, threshold):
    with open(path, "w") as f:
        f.write("reader-verdict 1\n")
        f.write(f"inputs {FEATURES}\n")
        f.write("mean " + " ".join(f"{v:.6g}" for v in mean) + "\n")
        f.write("scale " + " ".join(f"{v:.6g}" for v in scale) + "\n")
        for k, layer in enumerate(linears):
            w = layer.weight.detach().double().numpy()
            b = layer.bias.detach().double().numpy()
            kind = "relu" if k + 1 < len(linears) else "none"
            f.write(f"layer {w.shape[1]} {w.shape[0]} {kind}\n")
            for row in w:
                f.write(" ".join(f"{v:.6g}" for v in row) + "\n")
            f.write(" ".join(f"{v:.6g}" for v in b) + "\n")
        f.write(f"threshold {threshold}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    e = sub.add_parser("export", help="generated pages as InkSample lines for verdict-rows")
    e.add_argument("pages")
    e.add_argument("out")
    t = sub.add_parser("train", help="train, choose the threshold on held-out pages, write the weights")
    t.add_argument("--rows", required=True)
    t.add_argument("--pages", required=True)
    t.add_argument("--val-rows", required=True)
    t.add_argument("--val-pages", required=True)
    t.add_argument("--out", required=True)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--epochs", type=int, default=30)
    t.add_argument("--hidden", type=int, default=16, help="hidden units (0: logistic regression)")
    t.add_argument("--max-writing-dropped", type=float, default=0.002)
    t.add_argument("--record", help="record the sweep as this benchmark through Benchmarks/results.py")
    args = ap.parse_args()
    if args.command == "export":
        export(args.pages, args.out)
        return
    x, y, _ = load_rows(args.rows, args.pages)
    vx, vy, vwords = load_rows(args.val_rows, args.val_pages)
    mean, scale, linears = train_network(x, y, args.seed, args.epochs, args.hidden)
    table = sweep(probabilities(mean, scale, linears, vx), vy, vwords)
    safe = [t for t in THRESHOLDS if table[t]["writing_words_dropped"] <= args.max_writing_dropped]
    threshold = min(safe) if safe else 1.0
    for t in THRESHOLDS:
        print(t, table[t])
    print("train words", len(y), "drawing", int(y.sum()), "held-out words", len(vy), "drawing", int(vy.sum()),
          "threshold", threshold)
    write_weights(args.out, mean, scale, linears, threshold)
    if args.record:
        import results
        figures = {"threshold": threshold, "train_words": len(y), "train_drawing_words": int(y.sum()),
                   "held_out_words": len(vy), "held_out_drawing_words": int(vy.sum()),
                   "sweep": {str(k): v for k, v in table.items()}}
        results.record(args.record, figures, command=" ".join(["verdict.py"] + sys.argv[1:]),
                       notes={"hidden": args.hidden, "epochs": args.epochs, "seed": args.seed,
                              "max_writing_dropped": args.max_writing_dropped})


if __name__ == "__main__":
    main()
