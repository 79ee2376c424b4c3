#!/usr/bin/env python3
"""Search recall and precision on eval pages for each minimum hit score, to choose `query`'s
default `--min-score` on the dev writers (never on anything else).

Counts exactly as ../shared/tools/eval/run_eval.py does (same terms, same hit matching), from one
`notebook-index query WORD --full-words --json --limit 1000 --min-score 0` per word, so one pass
gives the whole curve.

Usage: score_curve.py PAGES_DIR --cli .build/release/notebook-index [--index FILE]
  PAGES_DIR  made by ../shared/tools/eval/make_pages.py from the dev split
  --index    an index already built from PAGES_DIR (else one is built in a temporary folder)
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

THRESHOLDS = [0, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pages_dir")
    ap.add_argument("--cli", required=True)
    ap.add_argument("--index")
    args = ap.parse_args()
    pages_dir = os.path.abspath(args.pages_dir)
    items = json.load(open(os.path.join(pages_dir, "truth.json"), encoding="utf-8"))["items"]
    index = args.index
    if index is None:
        index = os.path.join(tempfile.mkdtemp(prefix="score-curve-"), "index.sqlite")
        subprocess.run([args.cli, "build", pages_dir, "--index", index], capture_output=True)
    occurrences = defaultdict(list)
    for i, it in enumerate(items):
        for loc in it["locations"]:
            for term in set(run_eval.terms_of(it["label"])):
                occurrences[term].append((i, loc["path"], loc["page"]))
    found = {t: 0 for t in THRESHOLDS}
    good = {t: 0 for t in THRESHOLDS}
    returned = {t: 0 for t in THRESHOLDS}
    total = 0
    for term in sorted(occurrences):
        occ = occurrences[term]
        total += len(occ)
        r = subprocess.run([args.cli, "query", term, "--full-words", "--json", "--limit", "1000",
                            "--min-score", "0", "--index", index], capture_output=True, text=True)
        hits = json.loads(r.stdout)["results"] if r.returncode == 0 else []
        for threshold in THRESHOLDS:
            used = set()
            for h in hits:
                if h["score"] < threshold:
                    continue
                returned[threshold] += 1
                path, box = os.path.abspath(h["path"]), run_eval.as_box(h["bounds"])
                for k, (i, p, pg) in enumerate(occ):
                    if k not in used and p == path and pg == h["page"] and run_eval.hit_matches(items[i], box):
                        used.add(k)
                        good[threshold] += 1
                        break
            found[threshold] += len(used)
    print(f"{'min score':>9}  {'recall':>6}  {'precision':>9}  hits")
    for t in THRESHOLDS:
        print(f"{t:>9}  {found[t] / max(total, 1):6.3f}  {good[t] / max(returned[t], 1):9.3f}  {returned[t]}")


if __name__ == "__main__":
    main()
