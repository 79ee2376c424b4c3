#!/usr/bin/env python3
"""Judge notebook-index on mixed English–CJK pages and on English pages read with CJK languages on.

    mixed_eval.py BINARY --cards DIR --cjk DIR --english DIR [--json OUT]

--cards: pages of make_card_pages.py, built with `--language en,zh,ja`; every English word and
every character is searched (`query WORD --json`, English words with `--full-words`), and found
when a hit lies on its page and covers its ink (hit and ink box each at least half inside the
other, as ../shared/tools/eval/run_eval.py judges a word). Figures per kind of page and script.
--cjk: pages of make_cjk_pages.py, built with `zh`, `ja` and `en,zh,ja`: pages per second.
--english: pages of make_pages.py (UNIPEN dev words), built with `en` and with `en,zh,ja` in turn,
--rounds times (default 3): search recall of each, as run_eval.py counts them (first round), and
the median of each one's pages per second; the ratios are medians of each round's own ratio, since
the machine's speed moves between rounds more than between two builds of one round.
Speeds are given per second of wall time (the build's own workers on every core) and per second
of CPU time (the build and its workers), which a busy machine disturbs less.
"""
import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict

WORD = re.compile(r"^[A-Za-z]{3,}$")


def overlap(box, bounds):
    x, y, w, h = box
    bx, by, bw, bh = bounds
    inter = max(0.0, min(x + w, bx + bw) - max(x, bx)) * max(0.0, min(y + h, by + bh) - max(y, by))
    return inter / max(w * h, 1e-9), inter / max(bw * bh, 1e-9)


def covers(box, bounds):
    of_truth, of_hit = overlap(box, bounds)
    return of_truth >= 0.5 and of_hit >= 0.5


class Index:
    def __init__(self, binary, pages, language):
        self.binary = binary
        self.path = os.path.join(tempfile.mkdtemp(prefix="mixed-eval-"), "index.sqlite")
        t, before = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
        r = subprocess.run([binary, "build", pages, "--index", self.path, "--language", language],
                           capture_output=True, text=True)
        self.seconds = time.monotonic() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.cpu_seconds = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        if r.returncode not in (0, 1):
            sys.exit(f"build --language {language} exited {r.returncode}: {r.stderr.strip()[-300:]}")

    def remove(self):
        shutil.rmtree(os.path.dirname(self.path), ignore_errors=True)

    def hits(self, term, full_words):
        args = [self.binary, "query", term, "--json", "--limit", "1000", "--index", self.path]
        r = subprocess.run(args + (["--full-words"] if full_words else []), capture_output=True, text=True)
        if r.returncode != 0 or not r.stdout.strip():
            return []
        return [(os.path.abspath(h["path"]), h["page"], (h["bounds"]["x"], h["bounds"]["y"], h["bounds"]["width"],
                 h["bounds"]["height"])) for h in json.loads(r.stdout).get("results", [])]


def found(index, occurrences, full_words):
    """occurrences: term → [(key, path, page, box)]; returns the set of keys found at their ink."""
    got = set()
    for term, occ in occurrences.items():
        hits = index.hits(term, full_words)
        for key, path, page, box in occ:
            if any(p == path and pg == page and covers(box, b) for p, pg, b in hits):
                got.add(key)
    return got


def cards(binary, pages_dir):
    truth = json.load(open(os.path.join(pages_dir, "truth.json"), encoding="utf-8"))["pages"]
    index = Index(binary, pages_dir, "en,zh,ja")
    latin, cjk, kinds = defaultdict(list), defaultdict(list), {}
    for p in truth:
        for n, item in enumerate(p["items"]):
            key = (p["path"], n)
            kinds[key] = (p["kind"], item["script"])
            if item["script"] == "latin":
                latin[item["label"].lower()].append((key, p["path"], 0, item["box"]))
            else:
                cjk[item["label"]].append((key, p["path"], 0, item["box"]))
    got = found(index, latin, True) | found(index, cjk, False)
    index.remove()
    figures = {}
    for kind in sorted({k for k, _ in kinds.values()}):
        for script in ("latin", "cjk"):
            keys = [k for k, v in kinds.items() if v == (kind, script)]
            if keys:
                figures[f"{kind}_{script}_found"] = round(sum(k in got for k in keys) / len(keys), 4)
                figures[f"{kind}_{script}_items"] = len(keys)
    for script, name in (("latin", "english_words"), ("cjk", "characters")):
        keys = [k for k, v in kinds.items() if v[1] == script and v[0].startswith("card")]
        figures[f"cards_{name}_found"] = round(sum(k in got for k in keys) / len(keys), 4)
    figures["pages"] = len(truth)
    figures["pages_per_second"] = round(len(truth) / index.seconds, 3)
    figures["pages_per_cpu_second"] = round(len(truth) / index.cpu_seconds, 3)
    return figures


def english(binary, pages_dir, rounds):
    items = json.load(open(os.path.join(pages_dir, "truth.json"), encoding="utf-8"))["items"]
    occurrences = defaultdict(list)
    for i, it in enumerate(items):
        for loc in it["locations"]:
            if len(it["label"].split()) == 1 and WORD.match(it["label"]):
                occurrences[it["label"].lower()].append((i, os.path.abspath(loc["path"]), loc["page"], it["box"]))
    pages = len({(loc["path"], loc["page"]) for it in items for loc in it["locations"]})
    total = sum(len(o) for o in occurrences.values())
    figures = {"pages": pages, "words": total, "rounds": rounds}
    speeds = defaultdict(list)
    for round_number in range(rounds):
        for language in ("en", "en,zh,ja"):
            index = Index(binary, pages_dir, language)
            name = language.replace(",", "_")
            speeds[f"{name}_pages_per_second"].append(pages / index.seconds)
            speeds[f"{name}_pages_per_cpu_second"].append(pages / index.cpu_seconds)
            if round_number == 0:
                figures[f"{name}_recall"] = round(len(found(index, occurrences, True)) / max(total, 1), 4)
            index.remove()
    for key, values in speeds.items():
        figures[key] = round(statistics.median(values), 3)
    for ratio, key in (("speed_ratio", "pages_per_second"), ("cpu_speed_ratio", "pages_per_cpu_second")):
        each = [mixed / alone for mixed, alone in zip(speeds[f"en_zh_ja_{key}"], speeds[f"en_{key}"])]
        figures[ratio] = round(statistics.median(each), 3)
        figures[f"{ratio}_each_round"] = [round(r, 3) for r in each]
    figures["recall_drop"] = round(figures["en_recall"] - figures["en_zh_ja_recall"], 4)
    return figures


def cjk_speed(binary, pages_dir):
    pages = len(json.load(open(os.path.join(pages_dir, "truth.json"), encoding="utf-8"))["pages"])
    figures = {"pages": pages}
    for language in ("zh", "ja", "en,zh,ja"):
        index = Index(binary, pages_dir, language)
        figures[f"{language.replace(',', '_')}_pages_per_second"] = round(pages / index.seconds, 3)
        figures[f"{language.replace(',', '_')}_pages_per_cpu_second"] = round(pages / index.cpu_seconds, 3)
        index.remove()
    return figures


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binary")
    ap.add_argument("--cards")
    ap.add_argument("--cjk")
    ap.add_argument("--english")
    ap.add_argument("--rounds", type=int, default=3, help="English builds with en and en,zh,ja in turn")
    ap.add_argument("--json")
    a = ap.parse_args()
    binary = os.path.abspath(a.binary)
    result = {}
    if a.cards:
        result["cards"] = cards(binary, a.cards)
    if a.cjk:
        result["cjk_pages"] = cjk_speed(binary, a.cjk)
    if a.english:
        result["english_pages"] = english(binary, a.english, a.rounds)
    for part, figures in result.items():
        print(part + ": " + ", ".join(f"{k} {v}" for k, v in figures.items()))
    if a.json:
        json.dump(result, open(a.json, "w"), indent=1)


if __name__ == "__main__":
    main()
