#!/usr/bin/env python3
"""Where search recall goes on a language's pages: how each query word's occurrence stands among
the readings the index keeps for the ink at its place.

For each language of Benchmarks/make_language_set.py's set, lays its words out as pages as
bench-languages.sh does, builds an index with `en,<code>`, exports every searched reading
(`export --ndjson`) and, for every occurrence run_eval.py would query (an ASCII word of three
letters or more, accents removed), finds the word read at its box and counts whether the word's
folded form is a reading scoring below the `query` command's default floor, else its best
reading, else another reading, or no reading at all. Per word read there it also
counts the readings kept and how many distinct forms they fold to: readings that fold alike
(accents, ł đ ø ı) find the same queries, so each one past the first takes a slot and a share of
the word's confidence from a reading that could find another query.

Usage: reading_slots.py NOTEBOOK_INDEX [--codes da nb ...] [--shared ../shared] [--read en,{code}]
       [--no-record] [--note TEXT]
Writes Benchmarks/results/reading-slots-<date>.json (Benchmarks/results.py).
"""

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import results  # noqa: E402

SPELLED_OUT = {"ß": "ss", "œ": "oe", "æ": "ae", "ł": "l", "đ": "d", "ø": "o", "ı": "i"}


def fold(text):
    """TextFolding.fold for Latin text: case and marks removed, the letters it spells out."""
    text = "".join(SPELLED_OUT.get(c, c) for c in text.lower())
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def floor(letters):
    """SearchOptions.defaultMinimumScore(letters:)."""
    return min(0.3, max(0.0, 0.1 * (6 - letters)))


def measure(binary, shared, code, read_as, set_dir, work):
    eval_dir = os.path.join(shared, "tools", "eval")
    sys.path.insert(0, eval_dir)
    import run_eval  # the shared judge's own word rule and box matching

    pages = os.path.join(work, f"pages-{code}")
    subprocess.run([sys.executable, os.path.join(eval_dir, "make_pages.py"), pages,
                    os.path.join(set_dir, f"{code}-words.jsonl.gz"), "--writers", "0", "--min-samples", "1",
                    "--formats", "xopp"], check=True, capture_output=True)
    truth = json.load(open(os.path.join(pages, "truth.json"), encoding="utf-8"))
    env = dict(os.environ, NOTEBOOK_INDEX_LANGUAGES=read_as)
    index = os.path.join(work, f"index-{code}.sqlite")
    subprocess.run([binary, "build", pages, "--index", index], env=env, capture_output=True)
    out = subprocess.run([binary, "export", "--ndjson", "--index", index], env=env, capture_output=True,
                         text=True, check=True).stdout
    words = {}  # (path, page, bounds) -> [(rank, folded reading, score)]
    for line in out.splitlines():
        doc = json.loads(line)
        b = doc["bounds"]
        key = (os.path.abspath(doc["path"]), doc["page"], (b["x"], b["y"], b["width"], b["height"]))
        words.setdefault(key, []).append((doc["reading"], fold(doc["text"]), doc["score"]))
    by_page = {}
    for (path, page, bounds), readings in words.items():
        by_page.setdefault((path, page), []).append((bounds, sorted(readings)))

    counts = {"best": 0, "kept": 0, "below_floor": 0, "absent": 0, "no_word": 0}
    readings_total = distinct_total = words_seen = 0
    for item in truth["items"]:
        label = "".join(c for c in unicodedata.normalize("NFD", item["label"]) if not unicodedata.combining(c))
        for loc in item["locations"]:
            placed = [r for b, r in by_page.get((os.path.abspath(loc["path"]), loc["page"]), [])
                      if run_eval.hit_matches(item, b)]
            for reading in placed:
                words_seen += 1
                readings_total += len(reading)
                distinct_total += len({f for _, f, _ in reading})
            for term in set(run_eval.terms_of(label)):
                found = [(rank, score) for reading in placed for rank, f, score in reading
                         if term in f.replace("'", " ").split()]
                if not placed:
                    counts["no_word"] += 1
                elif not found:
                    counts["absent"] += 1
                elif max(score for _, score in found) < floor(len(term)):
                    counts["below_floor"] += 1
                elif any(rank == 0 for rank, _ in found):
                    counts["best"] += 1
                else:
                    counts["kept"] += 1
    total = sum(counts.values())
    figures = {"read_as": read_as, "occurrences": total}
    figures.update({k: v for k, v in counts.items()})
    figures["findable_percent"] = round(100 * (counts["best"] + counts["kept"]) / max(total, 1), 1)
    figures["readings_per_word"] = round(readings_total / max(words_seen, 1), 2)
    figures["distinct_folded_per_word"] = round(distinct_total / max(words_seen, 1), 2)
    return figures


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("binary", help="the notebook-index executable")
    ap.add_argument("--codes", nargs="+", default=["da", "nb", "tr", "ro", "sk", "nl"])
    ap.add_argument("--shared", default=os.path.join(os.path.dirname(HERE), "..", "shared"))
    ap.add_argument("--set-dir", default="/tmp/nbi-language-set", help="make_language_set.py's output")
    ap.add_argument("--read", default="en,{code}", help="languages read, {code} standing for the one measured")
    ap.add_argument("--no-record", action="store_true", help="print only, write no result file")
    ap.add_argument("--note", help="kept with the result (which build was measured, when not this tree's)")
    args = ap.parse_args()
    if not os.path.exists(os.path.join(args.set_dir, ".done")):
        sys.exit(f"reading_slots: {args.set_dir} not made (run make bench-languages once)")
    figures = {}
    with tempfile.TemporaryDirectory() as work:
        for code in args.codes:
            figures[code] = measure(os.path.abspath(args.binary), args.shared, code,
                                    args.read.replace("{code}", code), args.set_dir, work)
            f = figures[code]
            print(f"{code:4} occ {f['occurrences']:4}  best {f['best']:4}  kept {f['kept']:3}  "
                  f"below floor {f['below_floor']:3}  absent {f['absent']:3}  no word {f['no_word']:3}  "
                  f"findable {f['findable_percent']:5.1f} %  readings/word {f['readings_per_word']:.2f}  "
                  f"distinct {f['distinct_folded_per_word']:.2f}", flush=True)
    if not args.no_record:
        results.record("reading-slots", figures,
                       command=f"python3 Benchmarks/reading_slots.py {args.binary} --codes {' '.join(args.codes)}",
                       notes=args.note)


if __name__ == "__main__":
    main()
