#!/usr/bin/env python3
"""Why vocabulary cards' words and characters are missed: each miss of make_card_pages.py's pages
read with --language en,zh,ja, by cause.

    card_misses.py [--shared ../shared] [--seed 5] [--pages 3] [--binary B] [--cjk-bench B]

Makes the card pages (make_card_pages.py, `--seed` as bench-mixed's when 5), reads them in process
(`cjk-bench misses` with CJK_MISS_TSV: the cause of each item it does not find, as MissCause in
Sources/Tools/cjk-bench describes), and searches each item through an index built by the
binary (as mixed_eval.py judges cards). An item found in process but not by search is a miss of
the query side (`query`). Writes Benchmarks/results/card-misses-*.json: per script of the card
pages (and per kind of page) the items, the found share by search, and the misses by cause.
"""
import argparse
import csv
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mixed_eval  # noqa: E402
from results import record  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shared", default="../shared")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--pages", type=int, default=3)
    ap.add_argument("--binary", default=".build/release/notebook-index")
    ap.add_argument("--cjk-bench", default=".build/release/cjk-bench")
    ap.add_argument("--note", help="kept with the result (which binary was measured, when not this tree's)")
    a = ap.parse_args()
    for tool in (a.binary, a.cjk_bench):
        if not os.access(tool, os.X_OK):
            sys.exit(f"card_misses: {tool} not found (make build; swift build -c release --product cjk-bench)")
    tmp = tempfile.mkdtemp(prefix="card-misses-")
    pages = os.path.join(tmp, "cards")
    here = os.path.dirname(os.path.abspath(__file__))
    subprocess.run([sys.executable, os.path.join(here, "make_card_pages.py"), pages, "--shared", a.shared,
                    "--pages", str(a.pages), "--seed", str(a.seed)], check=True, stdout=subprocess.DEVNULL)
    tsv = os.path.join(tmp, "misses.tsv")
    subprocess.run([os.path.abspath(a.cjk_bench), "misses", pages, "en,zh,ja"], check=True,
                   env=dict(os.environ, CJK_MISS_TSV=tsv), stdout=subprocess.DEVNULL)
    rows = defaultdict(list)  # page file → its rows, in the truth's order
    with open(tsv, encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            rows[row["page"]].append(row)

    # Searched through the index as mixed_eval.py does.
    truth = mixed_eval.json.load(open(os.path.join(pages, "truth.json"), encoding="utf-8"))["pages"]
    index = mixed_eval.Index(os.path.abspath(a.binary), pages, "en,zh,ja")
    latin, cjk = defaultdict(list), defaultdict(list)
    for p in truth:
        for n, item in enumerate(p["items"]):
            target = latin if item["script"] == "latin" else cjk
            label = item["label"].lower() if item["script"] == "latin" else item["label"]
            target[label].append(((p["path"], n), p["path"], 0, item["box"]))
    searched = mixed_eval.found(index, latin, True) | mixed_eval.found(index, cjk, False)
    index.remove()

    tally = defaultdict(Counter)
    for p in truth:
        page_rows = rows[os.path.basename(p["path"])]
        if len(page_rows) != len(p["items"]):
            sys.exit(f"card_misses: {p['path']}: {len(page_rows)} rows for {len(p['items'])} items")
        for n, (item, row) in enumerate(zip(p["items"], page_rows)):
            by_search = (p["path"], n) in searched
            cause = "query" if row["found"] == "1" and not by_search else row["cause"]
            groups = [f"{p['kind']}_{item['script']}"]
            if p["kind"].startswith("card"):
                groups.append(f"cards_{item['script']}")
            for g in groups:
                tally[g]["items"] += 1
                tally[g]["found"] += by_search
                if not by_search:
                    tally[g]["miss: " + cause] += 1
                elif row["found"] == "0":
                    tally[g]["found by search only"] += 1
    figures = {}
    for group in sorted(tally):
        t = tally[group]
        figures[group] = dict(t, found_share=round(t["found"] / max(t["items"], 1), 4))
        print(group + ": " + ", ".join(f"{k} {v}" for k, v in figures[group].items()))
    shutil.rmtree(tmp, ignore_errors=True)
    record("card-misses", figures, command=" ".join(["Benchmarks/card_misses.py"] + sys.argv[1:]),
           notes=f"make_card_pages.py --seed {a.seed} --pages {a.pages}" + (f"; {a.note}" if a.note else ""))


if __name__ == "__main__":
    main()
