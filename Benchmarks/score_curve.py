#!/usr/bin/env python3
"""Search recall and precision on eval pages for each minimum hit score, to choose `query`'s
default `--min-score` on the dev writers (never on anything else).

Counts exactly as ../shared/tools/eval/run_eval.py does (same terms, same hit matching), from one
`notebook-index query WORD --full-words --json --limit 1000 --min-score 0` per word, so one pass
gives the whole curve.

Usage: score_curve.py PAGES_DIR --cli .build/release/notebook-index [--index FILE] [--by-length]
                      [--cjk --language L]
  PAGES_DIR    made by ../shared/tools/eval/make_pages.py from the dev split
  --index      an index already built from PAGES_DIR (else one is built in a temporary folder)
  --by-length  the curve for the words of each length too (the default floor depends on it)
  --cjk        the curve of CJK queries instead (cjk_curve.py: single characters and two-character
               words), on pages of make_cjk_pages.py or make_card_pages.py, built with --language L

The last row, "by length", is the default: a floor from the query word's letters.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "shared", "tools", "eval"))
import run_eval  # noqa: E402

import cjk_curve  # noqa: E402
import results  # noqa: E402

THRESHOLDS = [0, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pages_dir")
    ap.add_argument("--cli", required=True)
    ap.add_argument("--index")
    ap.add_argument("--by-length", action="store_true", help="the curve for each word length too")
    ap.add_argument("--cjk", action="store_true", help="CJK queries on CJK or card pages")
    ap.add_argument("--language", default="en", help="the build's --language when it builds the index")
    args = ap.parse_args()
    pages_dir = os.path.abspath(args.pages_dir)
    index = args.index
    if index is None:
        index = os.path.join(tempfile.mkdtemp(prefix="score-curve-"), "index.sqlite")
        subprocess.run([args.cli, "build", pages_dir, "--index", index, "--language", args.language],
                       capture_output=True)
    if args.cjk:
        curves = cjk_curve.main(pages_dir, args.cli, index, THRESHOLDS, claimed)
        results.record("score-curve-cjk", curves, command="Benchmarks/score_curve.py " + " ".join(sys.argv[1:]))
        return
    items = json.load(open(os.path.join(pages_dir, "truth.json"), encoding="utf-8"))["items"]
    occurrences = defaultdict(list)
    for i, it in enumerate(items):
        for loc in it["locations"]:
            for term in set(run_eval.terms_of(it["label"])):
                occurrences[term].append((i, loc["path"], loc["page"]))
    hits_of = {}
    for term in sorted(occurrences):
        r = subprocess.run([args.cli, "query", term, "--full-words", "--json", "--limit", "1000",
                            "--min-score", "0", "--index", index], capture_output=True, text=True)
        hits_of[term] = json.loads(r.stdout)["results"] if r.returncode == 0 else []

    def counts(floor_of, terms):
        """(occurrences found, hits kept that are right, hits kept) with a floor for each term."""
        found = good = returned = 0
        for term in terms:
            kept = [(os.path.abspath(h["path"]), h["page"], run_eval.as_box(h["bounds"]))
                    for h in hits_of[term] if h["score"] >= floor_of(term)]
            places = [(p, pg, lambda box, i=i: run_eval.hit_matches(items[i], box)) for i, p, pg in occurrences[term]]
            right = claimed(kept, places)
            found, good, returned = found + right, good + right, returned + len(kept)
        return found, good, returned

    curves = {}

    def row(label, floor_of, terms, curve="all"):
        found, good, returned = counts(floor_of, terms)
        total = sum(len(occurrences[t]) for t in terms)
        print(f"{label:>12}  {found / max(total, 1):6.3f}  {good / max(returned, 1):9.3f}  {returned}")
        curves.setdefault(curve, []).append({"min_score": label, "recall": round(found / max(total, 1), 4),
                                             "precision": round(good / max(returned, 1), 4), "hits": returned})

    terms = sorted(occurrences)
    print(f"{'min score':>12}  {'recall':>6}  {'precision':>9}  hits")
    for t in THRESHOLDS:
        row(str(t), lambda _, t=t: t, terms)
    row("by length", default_floor, terms)
    if args.by_length:
        for length in sorted({letters(t) for t in terms}):
            print(f"\nwords of {length} letters" if length < 12 else "\nwords of 12 letters or more")
            group = [t for t in terms if min(letters(t), 12) == length]
            for t in THRESHOLDS:
                row(str(t), lambda _, t=t: t, group, curve=f"{length} letters" if length < 12 else "12 letters or more")
            if length >= 12:
                break
    results.record("score-curve", curves, command="Benchmarks/score_curve.py " + " ".join(sys.argv[1:]))


def claimed(hits, places):
    """The right hits of one query, which is also the places it finds: each hit (path, page, box)
    claims the first place (path, page, test of a hit box) not yet claimed that it lies on; a hit
    claiming none is a chance hit."""
    used = set()
    for path, page, box in hits:
        for k, (p, pg, lies_on) in enumerate(places):
            if k not in used and p == path and pg == page and lies_on(box):
                used.add(k)
                break
    return len(used)


def letters(term):
    return sum(c.isalnum() for c in term)


def default_floor(term):
    """`query`'s default --min-score for a word (SearchOptions.defaultMinimumScore(letters:))."""
    return min(0.3, max(0.0, 0.1 * (6 - letters(term))))


if __name__ == "__main__":
    main()
