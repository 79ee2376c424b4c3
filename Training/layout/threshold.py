"""The stroke classifier's threshold swept on generated held-out pages, not on the real labels.

Held-out pages are made by generate.py with UNIPEN `dev` writers (`--split dev`, never trained
on) and another seed. For each threshold (a trace whose P(writing) is below it is not read) this
prints the share of writing lost and of drawing and markup still read (writing lost costs words;
drawing read costs stray readings), and the largest threshold that loses no more writing than
`--max-writing-lost`. `StrokeClassifier.writingThreshold` is set by hand, with `make eval` on the
`dev` pages (docs/layout-classifier.md).

    python generate.py --split dev --seed 7 --pages 300 --small 300 ... --out /tmp/held-out.npz
    python threshold.py WEIGHTS [MORE WEIGHTS] --pages /tmp/held-out.npz [--record NAME]

Several weight files are swept on the same pages (the features computed once), each recorded under
its file name. `--record NAME` writes the sweep to Benchmarks/results/NAME-<date>.json through results.py.
"""
import argparse
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import features  # noqa: E402
import train  # noqa: E402

THRESHOLDS = (0.02, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.5)


def sweep(probability, labels):
    """Per threshold: writing lost, drawing read, markup read, writing / not accuracy."""
    out = {}
    for t in THRESHOLDS:
        unread = probability < t
        writing, drawing, markup = labels == 0, labels == 1, labels == 2
        out[t] = {
            "writing_lost": round(float((unread & writing).sum() / max(writing.sum(), 1)), 4),
            "drawing_read": round(float((~unread & drawing).sum() / max(drawing.sum(), 1)), 4),
            "markup_read": round(float((~unread & markup).sum() / max(markup.sum(), 1)), 4),
            "accuracy": round(float(((~unread) == writing).mean()), 4),
        }
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("weights", nargs="+")
    ap.add_argument("--pages", required=True, help="held-out pages from generate.py --split dev")
    ap.add_argument("--max-writing-lost", type=float, default=0.006,
                    help="share of writing traces the threshold may leave unread")
    ap.add_argument("--record", help="record the sweep as this benchmark through Benchmarks/results.py")
    args = ap.parse_args()
    pages = np.load(args.pages, allow_pickle=True)["pages"]
    rows = [(features.page_features(s), np.asarray(l)) for s, l in pages if len(s)]
    y = np.concatenate([l for _, l in rows])
    figures = {"traces": int(len(y)), "pages": len(rows)}
    for path in args.weights:
        name = os.path.splitext(os.path.basename(path))[0]
        prefix = f"{name}:" if len(args.weights) > 1 else ""
        networks = train.load(path)
        # page by page: a sequence model (train.py --sequence) reads a page's rows in writing order
        probability = np.concatenate([train.probabilities(networks, r)[:, 0] for r, _ in rows])
        table = sweep(probability, y)
        print(name)
        for t, f in table.items():
            print(f"P(writing) < {t:<5} writing lost {f['writing_lost']:.4f}  drawing read {f['drawing_read']:.4f}  "
                  f"markup read {f['markup_read']:.4f}  accuracy {f['accuracy']:.4f}")
        allowed = [t for t, f in table.items() if f["writing_lost"] <= args.max_writing_lost]
        pick = max(allowed) if allowed else min(THRESHOLDS)
        print(f"largest within the loss: {pick} ({len(y)} traces on {len(rows)} held-out pages, "
              f"writing lost at most {args.max_writing_lost})", flush=True)
        figures[prefix + "largest_within_loss"] = pick
        for t, f in table.items():
            figures.update({f"{prefix}t{t}_{k}": v for k, v in f.items()})
    if args.record:
        import results
        command = " ".join(["Training/layout/threshold.py"] + sys.argv[1:])
        results.record(args.record, figures, command=command,
                       notes={"weights": " ".join(os.path.basename(w) for w in args.weights),
                              "held_out": os.path.basename(args.pages)})


if __name__ == "__main__":
    main()
