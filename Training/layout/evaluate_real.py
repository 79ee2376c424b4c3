"""Measures a stroke-classifier weight file on the real strokes labelled by eye
(Tests/Fixtures/layout-labels), never trained on: writing / not-writing accuracy per stroke, as
the classifier alone and combined with the layout's shape rules (a Python copy of
`TraceShape.role`: rule, scribble and enclosure are never read).

This approximates `make bench-layout`, which runs the whole reader (lines, marks, decoding) and is
the figure that counts.

    python evaluate_real.py ../../Sources/Recognition/Resources/stroke-classifier.txt [--threshold 0.5]
        [--record NAME]    (each page's counts and the totals through Benchmarks/results.py)
"""
import argparse
import glob
import json
import math
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import features  # noqa: E402
import label_strokes  # noqa: E402
import train  # noqa: E402


def rule_excluded(traces):
    """Whether TraceShape.role (plus isEnclosure) keeps each trace out of every line."""
    boxes = [features.box(np.asarray(t)) for t in traces]
    g = features.gaps(boxes)
    sizes = features.local_sizes(traces, boxes, g)
    out = []
    for i, t in enumerate(traces):
        t = np.asarray(t)
        s = sizes[i]
        x0, y0, x1, y1 = boxes[i]
        w, h = x1 - x0, y1 - y0
        ln = features.length(t)
        chord = math.hypot(*(t[-1] - t[0]))
        if max(w, h) < 0.3 * s:
            out.append(False)
            continue
        if w + h >= 1.5 * s and ln >= 6.5 * (w + h):
            out.append(True)
            continue
        if chord >= 3 * s and ln <= 1.06 * chord:
            out.append(True)
            continue
        if h < 0.3 * s:
            out.append(w > 3.5 * s)
            continue
        if h >= 3.5 * s and w <= 0.5 * h and ln <= 1.1 * (h + 2 * w):
            out.append(True)
            continue
        enclosure = False
        if w >= 1.5 * s and h >= 1.2 * s and chord <= 0.25 * max(w, h):
            inside = sum(1 for j, b in enumerate(boxes) if j != i and b[0] >= x0 and b[2] <= x1 and b[1] >= y0 and b[3] <= y1)
            enclosure = inside >= 2
        out.append(enclosure)
    return out


def keeping_letters(p, traces, threshold, sure, neighbour=0.0, passes=4, adjacent=False):
    """StrokeClassifier.keepingLetters: a letter-sized trace called drawing but not surely (P(writing)
    at least `sure`) stays writing beside a kept trace (whose P(writing) is at least `neighbour`)."""
    boxes = [features.box(np.asarray(t)) for t in traces]
    sizes = features.local_sizes(traces, boxes, features.gaps(boxes))
    kept = [q >= threshold for q in p]
    strong = [q >= max(threshold, neighbour) for q in p]
    candidates = []
    for i, (x0, y0, x1, y1) in enumerate(boxes):
        s = sizes[i]
        if not kept[i] and p[i] >= sure and y1 - y0 <= 2.2 * s and x1 - x0 <= 1.5 * s and max(x1 - x0, y1 - y0) >= 0.5 * s:
            candidates.append(i)
    for _ in range(passes):
        changed = False
        for i in candidates:
            if kept[i]:
                continue
            x0, y0, x1, y1 = boxes[i]
            s, my = sizes[i], (y0 + y1) / 2
            for j, (a0, b0, a1, b1) in enumerate(boxes):
                if adjacent and abs(j - i) != 1:
                    continue
                if j != i and strong[j] and b1 - b0 <= 2.5 * s and max(a0 - x1, x0 - a1) <= 0.5 * s \
                        and abs((b0 + b1) / 2 - my) <= 0.6 * s:
                    kept[i] = strong[i] = changed = True
                    break
        if not changed:
            break
    return kept


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("weights")
    ap.add_argument("--threshold", type=float, default=0.5, help="P(writing) below which a trace is not read")
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    ap.add_argument("--pages", action="store_true", help="print each page's counts")
    ap.add_argument("--adjacent", action="store_true", help="the guard's neighbour is the trace written just before or after")
    ap.add_argument("--guard", type=float, nargs=2, metavar=("SURE", "NEIGHBOUR"),
                    help="letters among letters kept (StrokeClassifier.keepingLetters) above SURE, beside traces above NEIGHBOUR")
    ap.add_argument("--record", help="record each page's counts and the totals as this benchmark (Benchmarks/results.py)")
    args = ap.parse_args()
    weights = train.load(args.weights)
    figures = {}
    tally = {k: np.zeros((3, 2), int) for k in ("rules", "learned", "both") + (("guarded",) if args.guard else ())}
    for f in sorted(glob.glob(os.path.join(ROOT, "Tests/Fixtures/layout-labels/*.json"))):
        labels = json.load(open(f))
        pages = label_strokes.read_pages(os.path.join(args.shared, labels["file"]))
        strokes = {s["id"]: s for s in pages[labels["page"] - 1] if not s.get("highlighter")}
        ids = [s["id"] for s in labels["strokes"] if s["id"] in strokes]
        cls = {s["id"]: features.CLASSES.index(s["class"]) for s in labels["strokes"]}
        traces = [np.asarray(strokes[i]["points"], np.float64) for i in ids]
        if not traces:
            continue
        p = train.probabilities(weights, features.page_features(traces))[:, 0]
        rules = rule_excluded(traces)
        guarded = keeping_letters(p, traces, args.threshold, *args.guard, adjacent=args.adjacent) if args.guard else None
        c = np.asarray([cls[i] for i in ids])
        out = p < args.threshold
        page = os.path.basename(f)[:-len(".json")]
        figures.update({f"{page}:writing_lost": int((out & (c == 0)).sum()), f"{page}:writing": int((c == 0).sum()),
                        f"{page}:drawing_kept": int((~out & (c == 1)).sum()), f"{page}:drawing": int((c == 1).sum())})
        if args.pages:
            print(f"{os.path.basename(f)[:50]:50} writing lost {int((out & (c == 0)).sum()):3}/{int((c == 0).sum()):3}  "
                  f"drawing kept {int((~out & (c == 1)).sum()):3}/{int((c == 1).sum()):3}  markup kept {int((~out & (c == 2)).sum())}/{int((c == 2).sum())}")
        for i, sid in enumerate(ids):
            c = cls[sid]
            learned_out = p[i] < args.threshold
            calls = [("rules", rules[i]), ("learned", learned_out), ("both", rules[i] or learned_out)]
            if guarded is not None:
                calls.append(("guarded", rules[i] or not guarded[i]))
            for k, out in calls:
                tally[k][c, int(not out)] += 1
    for k, t in tally.items():
        correct = t[0, 1] + t[1, 0] + t[2, 0]
        total = t.sum()
        print(f"{k:8} writing/not accuracy {correct / total:.4f}  writing kept {t[0, 1] / t[0].sum():.4f}  "
              f"drawing kept {t[1, 1] / t[1].sum():.4f}  markup kept {t[2, 1] / max(t[2].sum(), 1):.4f}  ({total} strokes)")
        figures.update({f"{k}:accuracy": round(float(correct / total), 4),
                        f"{k}:writing_kept": round(float(t[0, 1] / t[0].sum()), 4),
                        f"{k}:drawing_kept": round(float(t[1, 1] / t[1].sum()), 4)})
    if args.record:
        import results
        results.record(args.record, figures, command=" ".join(["Training/layout/evaluate_real.py"] + sys.argv[1:]),
                       notes={"weights": os.path.basename(args.weights), "threshold": args.threshold})


if __name__ == "__main__":
    main()
