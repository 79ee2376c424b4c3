#!/usr/bin/env python3
"""The sureness threshold of CJK box reading, chosen on pages that are not the benchmark's.

A box whose character network's first pass is at least `sureProbability` sure of its best
reading is read by that pass alone (CombinedCharacterClassifier). This lays the dev characters
out as pages with another seed than `make bench-cjk`'s (make_cjk_pages.py --seed), reads them
in process with `cjk-bench pages` for each threshold (CJK_SURE; above 1: every box read in full)
and records each threshold's CER, two-character search recall, seconds a page and CPU seconds
(model loading included) as
Benchmarks/results/sure-threshold-*.json.

With `--variable CJK_AGREED` it chooses the second threshold the same way: a box the first pass
is unsure of whose two networks' first views agree on its best reading with at least that mean
probability is read by those views alone (results agreed-threshold-*.json).

Usage: Benchmarks/sure_threshold.py [--shared ../shared] [--seed 7] [--language zh,ja]
       [--thresholds 2,0.99,0.97,0.95,0.9,0.8] [--variable CJK_SURE|CJK_AGREED]
"""

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINE = re.compile(
    r"all: CER ([\d.]+) % over \d+ characters; two-character search recall ([\d.]+) over \d+ pairs; ([\d.]+) s a page")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--language", default="zh,ja")
    ap.add_argument("--thresholds", default="2,0.99,0.97,0.95,0.9,0.8")
    ap.add_argument("--variable", choices=["CJK_SURE", "CJK_AGREED"], default="CJK_SURE")
    a = ap.parse_args()
    if a.seed == 1:
        sys.exit("sure_threshold: seed 1 lays out the benchmark's own pages; choose another")
    subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "cjk-bench"],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    binpath = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.strip()
    figures = {"seed": a.seed, "language": a.language}
    with tempfile.TemporaryDirectory() as tmp:
        pages = os.path.join(tmp, "pages")
        subprocess.run([sys.executable, os.path.join(a.shared, "tools", "eval", "make_cjk_pages.py"), pages,
                        os.path.join(a.shared, "data", "cjk", "dev-chars.jsonl.gz"), "--seed", str(a.seed)],
                       check=True)
        for threshold in a.thresholds.split(","):
            env = dict(os.environ, **{a.variable: threshold})
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            out = subprocess.run([os.path.join(binpath, "cjk-bench"), "pages", pages, a.language], env=env,
                                 check=True, capture_output=True, text=True).stdout
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
            m = LINE.search(out)
            if not m:
                sys.exit(f"sure_threshold: no summary in cjk-bench's output:\n{out}")
            key = "full" if float(threshold) > 1 else f"{a.variable.lower().removeprefix('cjk_')}_{threshold}"
            figures[key] = {"cer_percent": float(m[1]), "pair_recall": float(m[2]),
                            "seconds_per_page": float(m[3]), "cpu_seconds": round(cpu, 2)}
            print(f"{a.variable}={threshold}: CER {m[1]} %, pair recall {m[2]}, {m[3]} s a page, {cpu:.1f} CPU s",
                  flush=True)
    name = {"CJK_SURE": "sure-threshold", "CJK_AGREED": "agreed-threshold"}[a.variable]
    results.record(name, figures, command="python3 " + " ".join(["Benchmarks/sure_threshold.py"] + sys.argv[1:]))


if __name__ == "__main__":
    main()
