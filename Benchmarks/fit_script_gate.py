#!/usr/bin/env python3
"""Fit ScriptGate's weights (Sources/Recognition/CJK/ScriptGate.swift) on `cjk-bench runs` dumps.

    fit_script_gate.py CARDS.tsv... --english ENGLISH.tsv... [--keep 0.99] [--line-keep 0.98]

Each dump row is a doubtful word (alone) or a line mostly doubtful of pages read with en,zh,ja
(`cjk-bench runs DIR OUT.tsv` on make_card_pages.py and make_pages.py pages, seeds 11 and 12,
never the benchmark's). A logistic fit on the words: a word is CJK when most of its points lie in
the truth's CJK boxes (weighted 5 when the mixed reader keeps it as characters, else 1); English
words weigh what reading them as characters cost (their milliseconds over the mean), words of
card pages that are not CJK 0.3 of that. The bias is set so that `--keep` of the CJK words the
mixed reader keeps pass; the line allowance so that `--line-keep` of such lines pass. Prints the
weights in ScriptGate's order and what passes. Needs numpy (Training/.venv/bin/python).
"""
import argparse
import csv

import numpy as np

FEATURES = ["turning", "traces per letter", "known", "confidence", "height", "trace length", "letters", "traces"]


def features(r):
    letters, traces = max(float(r["letters"]), 1), max(float(r["traces"]), 1)
    confidence, known = float(r["conf"]), float(r["known"])
    return [float(r["turning"]), np.log(traces / letters), known * confidence, confidence, float(r["height"]),
            np.log(max(float(r["length"]), 0.05)), np.log(letters), np.log(traces)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cards", nargs="+")
    ap.add_argument("--english", nargs="+", required=True)
    ap.add_argument("--keep", type=float, default=0.99)
    ap.add_argument("--line-keep", type=float, default=0.98)
    a = ap.parse_args()
    rows = [r for f in a.cards + a.english for r in csv.DictReader(open(f, encoding="utf-8"), delimiter="\t")]
    X = np.array([features(r) for r in rows])
    cjk = np.array([float(r["cjk_share"]) > 0.5 for r in rows])
    kept = np.array([r["kept"] == "1" for r in rows])
    english = np.array([r["kind"] == "english" for r in rows])
    cost = np.array([float(r["ms"]) for r in rows])
    line = np.array([r["unit"] == "line" for r in rows])
    w = ~line
    mu, sd = X[w].mean(0), X[w].std(0)
    Z = np.c_[(X[w] - mu) / sd, np.ones(w.sum())]
    y = cjk[w]
    weight = np.where(y, np.where(kept[w], 5.0, 1.0), cost[w] / cost[w].mean() * np.where(english[w], 1, 0.3))
    b = np.zeros(Z.shape[1])
    for _ in range(5000):
        p = 1 / (1 + np.exp(-Z @ b))
        b -= 0.5 * (Z.T @ ((p - y) * weight) / len(Z) + 1e-3 * b)
    raw = b[:-1] / sd
    bias = b[-1] - (b[:-1] * mu / sd).sum()
    score = X @ raw + bias
    sure = np.sort(score[w & cjk & kept])
    bias -= sure[int((1 - a.keep) * len(sure))]
    score = X @ raw + bias
    lines = np.sort(score[line & cjk & kept])
    allowance = -lines[int((1 - a.line_keep) * len(lines))] if len(lines) else 0.0
    for name, value in zip(FEATURES, raw):
        print(f"{name}: {value:.3f}")
    print(f"bias: {bias:.3f}\nline allowance: {allowance:.2f}")
    passed = score + np.where(line, allowance, 0) >= 0
    # each English dump holds one page per writer, named alike in every dump
    pages = len({r["page"] for r in rows if r["kind"] == "english"}) * len(a.english)
    print(f"CJK words kept as characters that pass: {(passed & w & cjk & kept).sum()} of {(w & cjk & kept).sum()}")
    print(f"English words and lines that pass: {(passed & english).sum()} of {english.sum()}, "
          f"{cost[passed & english].sum() / max(pages, 1):.1f} ms a page of {cost[english].sum() / max(pages, 1):.1f}")


if __name__ == "__main__":
    main()
