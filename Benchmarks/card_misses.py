#!/usr/bin/env python3
"""Why vocabulary cards' words and characters are missed: each miss of make_card_pages.py's pages
read with --language en,zh,ja, by cause.

    card_misses.py [--shared ../shared] [--seed 5] [--pages 3] [--binary B] [--cjk-bench B] [--compare en]

Makes the card pages (make_card_pages.py, `--seed` as bench-mixed's when 5), reads them in process
(`cjk-bench misses` with CJK_MISS_TSV: the cause of each item it does not find, as MissCause in
Sources/Tools/cjk-bench describes), and searches each item through an index built by the
binary (as mixed_eval.py judges cards). An item found in process but not by search is a miss of
the query side (`query`). `--compare en` also reads and searches the pages with `en` and lists
each English word missed beside what `en` reads on the same ink. Each English word missed comes
with the score a search finds it with at its ink with no floor (`--min-score 0`), if any. Writes Benchmarks/results/card-misses-*.json: per script of the card
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
    ap.add_argument("--compare", metavar="LANGUAGES",
                    help="also read and search the English words with these languages (en): each miss beside "
                         "what they read on the same ink")
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
    truth = mixed_eval.json.load(open(os.path.join(pages, "truth.json"), encoding="utf-8"))["pages"]
    rows = read_in_process(a.cjk_bench, pages, "en,zh,ja", truth, os.path.join(tmp, "misses.tsv"))
    searched, unfloored = search(a.binary, pages, "en,zh,ja", truth)
    if a.compare:
        compared_rows = read_in_process(a.cjk_bench, pages, a.compare, truth, os.path.join(tmp, "compare.tsv"))
        compared, _ = search(a.binary, pages, a.compare, truth)

    tally = defaultdict(Counter)
    latin_misses = []
    for p in truth:
        for n, (item, row) in enumerate(zip(p["items"], rows[p["path"]])):
            key = (p["path"], n)
            by_search = key in searched
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
                if a.compare and item["script"] == "latin":
                    tally[g][f"found with {a.compare}"] += key in compared
                    if not by_search:
                        tally[g][f"missed, found with {a.compare}"] += key in compared
            if item["script"] == "latin" and not by_search:
                miss = dict(page=os.path.basename(p["path"]), label=item["label"], cause=cause, read=row.get("read", ""),
                            score_without_floor=unfloored.get(key))
                if a.compare:
                    other = compared_rows[p["path"]][n]
                    miss.update({f"found with {a.compare}": key in compared,
                                 f"in process with {a.compare}": other["found"] == "1",
                                 f"read with {a.compare}": other.get("read", "")})
                latin_misses.append(miss)
    figures = {}
    for group in sorted(tally):
        t = tally[group]
        figures[group] = dict(t, found_share=round(t["found"] / max(t["items"], 1), 4))
        if a.compare and "latin" in group:
            figures[group][f"found_share with {a.compare}"] = round(
                t[f"found with {a.compare}"] / max(t["items"], 1), 4)
        print(group + ": " + ", ".join(f"{k} {v}" for k, v in figures[group].items()))
    for miss in latin_misses:
        print("\t".join(str(v) for v in miss.values()))
    figures["latin_misses"] = latin_misses
    shutil.rmtree(tmp, ignore_errors=True)
    record("card-misses", figures, command=" ".join(["Benchmarks/card_misses.py"] + sys.argv[1:]),
           notes=f"make_card_pages.py --seed {a.seed} --pages {a.pages}" + (f"; {a.note}" if a.note else ""))


def read_in_process(cjk_bench, pages, languages, truth, tsv):
    """Each page's rows of `cjk-bench misses` (found, cause, what was read over the item), by page path."""
    subprocess.run([os.path.abspath(cjk_bench), "misses", pages, languages], check=True,
                   env=dict(os.environ, CJK_MISS_TSV=tsv), stdout=subprocess.DEVNULL)
    by_file = defaultdict(list)  # page file → its rows, in the truth's order
    with open(tsv, encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            by_file[row["page"]].append(row)
    rows = {}
    for p in truth:
        rows[p["path"]] = by_file[os.path.basename(p["path"])]
        if len(rows[p["path"]]) != len(p["items"]):
            sys.exit(f"card_misses: {p['path']}: {len(rows[p['path']])} rows for {len(p['items'])} items")
    return rows


def search(binary, pages, languages, truth):
    """The (page path, item number) of the items an index built with `languages` finds at their ink,
    searched as mixed_eval.py judges cards, and for each English word not found the score it is
    found with at its ink when the query has no floor."""
    index = mixed_eval.Index(os.path.abspath(binary), pages, languages)
    latin, cjk = defaultdict(list), defaultdict(list)
    for p in truth:
        for n, item in enumerate(p["items"]):
            target = latin if item["script"] == "latin" else cjk
            label = item["label"].lower() if item["script"] == "latin" else item["label"]
            target[label].append(((p["path"], n), p["path"], 0, item["box"]))
    found = mixed_eval.found(index, latin, True) | mixed_eval.found(index, cjk, False)
    # what an English word missed scores at its ink with no floor: how far under its floor it lies
    unfloored = {}
    for label, occurrences in latin.items():
        missed = [o for o in occurrences if o[0] not in found]
        if not missed:
            continue
        hits = unfloored_hits(index, label)
        for key, path, page, box in missed:
            scores = [score for p, pg, b, score in hits if p == path and pg == page and mixed_eval.covers(box, b)]
            if scores:
                unfloored[key] = round(max(scores), 3)
    index.remove()
    return found, unfloored


def unfloored_hits(index, word):
    """The hits of a one-word English query with no score floor: (path, page, bounds, score)."""
    r = subprocess.run([index.binary, "query", word, "--json", "--full-words", "--limit", "1000", "--min-score", "0",
                        "--index", index.path], capture_output=True, text=True)
    if r.returncode != 0 or not r.stdout.strip():
        return []
    return [(os.path.abspath(h["path"]), h["page"], (h["bounds"]["x"], h["bounds"]["y"], h["bounds"]["width"],
             h["bounds"]["height"]), h["score"]) for h in mixed_eval.json.loads(r.stdout).get("results", [])]


if __name__ == "__main__":
    main()
