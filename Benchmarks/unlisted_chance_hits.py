#!/usr/bin/env python3
"""Chance hits of short queries on pages that do not hold them: what `query`'s having no default
floor for words outside the word lists costs in precision where `make eval` cannot see it (it only
searches words the pages hold). docs/recognizer.md (words the lists do not know) has the figures.

    python3 Benchmarks/unlisted_chance_hits.py [--bin B] [--baseline B0] [--pages DIR] [--words N] [--seed S]

The `make eval` pages (UNIPEN `dev` writers, English; made by ../shared/tools/eval/make_pages.py
when missing) are indexed once. Two sets of N words of 3 to 5 letters (the lengths a default floor
applies to), none written on the pages (not a word of their labels), are drawn with a seed:
unlisted words, from the French, German and Spanish lists but not the English one, letters a-z
only; and listed words, from the English list, for scale. Each is searched as `make eval` searches
(`query WORD --full-words`, the default floor), so every hit is a chance hit: with the binary under
test and, with --baseline, with another binary on the same index (one that keeps the floor for
every word).
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import results  # noqa: E402

LISTS = os.path.join(ROOT, "Sources", "Recognition", "Resources")
SHORT = re.compile(r"^[a-z]{3,5}$")


def words_of(code):
    return set(open(os.path.join(LISTS, f"words-{code}.txt"), encoding="utf-8").read().split())


def written_words(pages):
    truth = json.load(open(os.path.join(pages, "truth.json"), encoding="utf-8"))
    return {t.lower() for item in truth["items"] for t in re.findall(r"[A-Za-z]+", item["label"])}


def chance_hits(binary, index, words):
    """{word: hits} of `query WORD --full-words` (an exit status of 1 is no hit)."""
    counts = {}
    for w in words:
        q = subprocess.run([binary, "query", w, "--full-words", "--json", "--limit", "1000", "--index", index],
                           capture_output=True, text=True)
        if q.returncode not in (0, 1):
            sys.exit(f"unlisted_chance_hits: query {w} exited {q.returncode}: {q.stderr.strip()[-300:]}")
        counts[w] = len(json.loads(q.stdout)["results"]) if q.returncode == 0 and q.stdout.strip() else 0
    return counts


def summary(counts):
    return {"queries": len(counts), "hits": sum(counts.values()),
            "queries_with_hits": sum(1 for c in counts.values() if c),
            "words_hit": {w: c for w, c in sorted(counts.items()) if c}}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "notebook-index"))
    ap.add_argument("--baseline", help="another notebook-index to count the same queries with")
    ap.add_argument("--pages", default="/tmp/dev-pages")
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    ap.add_argument("--words", type=int, default=300)
    ap.add_argument("--seed", type=int, default=48)
    a = ap.parse_args()
    if not os.path.exists(os.path.join(a.pages, "truth.json")):
        unipen = os.path.join(a.shared, "data", "unipen")
        dev = sorted(os.path.join(unipen, f) for f in os.listdir(unipen) if f.startswith("dev-"))
        subprocess.run([sys.executable, os.path.join(a.shared, "tools", "eval", "make_pages.py"), a.pages] + dev,
                       check=True)
    written = written_words(a.pages)
    english = words_of("en")
    others = words_of("fr") | words_of("de") | words_of("es")
    rng = random.Random(a.seed)
    unlisted = rng.sample(sorted(w for w in others - english - written if SHORT.match(w)), a.words)
    listed = rng.sample(sorted(w for w in english - written if SHORT.match(w)), a.words)
    figures = {"words": a.words, "seed": a.seed}
    with tempfile.TemporaryDirectory(prefix="chance-hits-") as scratch:
        index = os.path.join(scratch, "index.sqlite")
        b = subprocess.run([a.bin, "build", a.pages, "--index", index], capture_output=True, text=True)
        if b.returncode not in (0, 1):
            sys.exit(f"unlisted_chance_hits: build exited {b.returncode}: {b.stderr.strip()[-300:]}")
        for name, binary in [("this", a.bin)] + ([("baseline", a.baseline)] if a.baseline else []):
            for kind, words in [("unlisted", unlisted), ("listed", listed)]:
                figures[f"{name}_{kind}"] = summary(chance_hits(binary, index, words))
                print(f"{name:8} {kind:8} {figures[f'{name}_{kind}']}")
    results.record("unlisted-chance-hits", figures,
                   command="python3 Benchmarks/unlisted_chance_hits.py" + (" --baseline B0" if a.baseline else ""))


if __name__ == "__main__":
    main()
