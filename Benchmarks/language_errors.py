#!/usr/bin/env python3
"""Where each language's word CER comes from: marks, other letters, or the choice among readings.

Reads Benchmarks/make_language_set.py's accented words (the set `make bench-languages` measures)
with recognizer-bench --readings, per language and per language setting, and sorts every
character error of a misread word into one cause:

  word_choice      the right word is among the word's readings, but not first
  mark_missed      a marked letter read as its bare letter (é -> e)
  wrong_mark       a marked letter read as its letter with another mark (é -> è)
  marked_other     a marked letter read as another letter, or dropped
  mark_added       a bare letter read with a mark (e -> é)
  unmarked_letter  a bare letter read as another letter (case included), or dropped
  inserted         a letter read where the ink has none

and counts the misread words whose reading is the word without its marks, and how many of those
bare forms a chosen language's word list holds (the lexicon then cannot tell the two apart).

With --words FILE (UNIPEN JSON lines, gzipped) every language reads those words instead: English
dev words read with `en,<code>` show what a language's marks cost words written without any.

Usage: language_errors.py [--codes fr de ...] [--read en,{code} en ...] [--set-dir DIR] [--words FILE]
       [--limit N] [--bin RECOGNIZER_BENCH] [--name NAME] [--no-record] [--note TEXT]
Writes Benchmarks/results/<name>-<date>.json (Benchmarks/results.py; default name language-errors).
"""

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
import unicodedata
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import results  # noqa: E402

CODES = "fr de es it pt nl pl cs sk sv da nb hu ro tr hr sr sl ca lt lv et".split()
# letters NFD does not split into a base and a mark
BARE = {"ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ø": "o", "Ø": "O", "ı": "i"}
CAUSES = ["word_choice", "mark_missed", "wrong_mark", "marked_other", "mark_added", "unmarked_letter", "inserted"]


def bare(ch):
    """A letter without its marks, case kept."""
    if ch in BARE:
        return BARE[ch]
    return unicodedata.normalize("NFD", ch)[0]


def is_marked(ch):
    return bare(ch) != ch


def alignment(ref, hyp):
    """Levenshtein edit script from ref to hyp: (kind, ref char or None, hyp char or None)."""
    n, m = len(ref), len(hyp)
    d = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        d[i][0] = i
    for j in range(m + 1):
        d[0][j] = j
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (ref[i - 1] != hyp[j - 1]))
    ops, i, j = [], n, m
    while i or j:
        if i and j and d[i][j] == d[i - 1][j - 1] + (ref[i - 1] != hyp[j - 1]):
            if ref[i - 1] != hyp[j - 1]:
                ops.append(("sub", ref[i - 1], hyp[j - 1]))
            i, j = i - 1, j - 1
        elif i and d[i][j] == d[i - 1][j] + 1:
            ops.append(("del", ref[i - 1], None))
            i -= 1
        else:
            ops.append(("ins", None, hyp[j - 1]))
            j -= 1
    return ops


def cause_of(kind, r, h):
    if kind == "ins":
        return "inserted"
    if is_marked(r):
        if kind == "del":
            return "marked_other"
        if h == bare(r):
            return "mark_missed"
        return "wrong_mark" if bare(h) == bare(r) else "marked_other"
    if kind == "sub" and bare(h) == r and is_marked(h):
        return "mark_added"
    return "unmarked_letter"


def word_list(code):
    with open(os.path.join(ROOT, "Sources", "Recognition", "Resources", f"words-{code}.txt"), encoding="utf-8") as f:
        return {line.strip().lower() for line in f if line.strip()}


def analyse(readings, lists):
    """The figures of one language read one way, from recognizer-bench's --readings lines."""
    chars = errors = misread = 0
    by_cause, words_by_cause, confusions = Counter(), Counter(), Counter()
    read_bare = bare_listed = 0
    for r in readings:
        ref, hyp = r["label"], r["reading"]
        chars += len(ref)
        if hyp == ref:
            continue
        misread += 1
        ops = alignment(ref, hyp)
        errors += len(ops)
        if ref in r["candidates"][1:]:
            by_cause["word_choice"] += len(ops)
            words_by_cause["word_choice"] += 1
        else:
            causes = [cause_of(*op) for op in ops]
            by_cause.update(causes)
            words_by_cause.update(set(causes))
            confusions.update(f"{op[1] or ''}->{op[2] or ''}" for op in ops)
        stripped = "".join(bare(c) for c in ref)
        if hyp == stripped:
            read_bare += 1
            bare_listed += any(stripped.lower() in words for words in lists)
    return {
        "words": len(readings),
        "chars": chars,
        "word_cer_percent": round(100 * errors / max(chars, 1), 2),
        "words_misread": misread,
        # each cause's share of the CER (they add up to it)
        "cer_percent_by_cause": {c: round(100 * by_cause[c] / max(chars, 1), 2) for c in CAUSES},
        "misread_words_by_cause": {c: words_by_cause[c] for c in CAUSES},
        "misread_as_bare_word": read_bare,
        "bare_word_listed": bare_listed,
        "top_confusions": dict(confusions.most_common(12)),
    }


def read_words(binary, words_path, languages, out_path, limit):
    env = dict(os.environ, NOTEBOOK_INDEX_LANGUAGES=languages)
    no_lines = os.path.join(os.path.dirname(out_path), "no-lines.jsonl")
    open(no_lines, "w").close()
    subprocess.run([binary, words_path, no_lines, "--readings", out_path, "--limit", str(limit)], env=env,
                   check=True, stdout=subprocess.DEVNULL)
    with open(out_path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--codes", nargs="+", default=CODES)
    ap.add_argument("--read", nargs="+", default=["en,{code}", "en"], help="language settings, {code} the language")
    ap.add_argument("--set-dir", default="/tmp/nbi-language-set", help="make_language_set.py's output")
    ap.add_argument("--words", help="read these words (UNIPEN JSON lines, gzipped) for every language")
    ap.add_argument("--limit", type=int, default=1_000_000, help="read at most this many words")
    ap.add_argument("--bin", help="recognizer-bench to run (default: build this tree's)")
    ap.add_argument("--name", default="language-errors", help="the result file's name")
    ap.add_argument("--no-record", action="store_true")
    ap.add_argument("--note", help="kept in the results file")
    args = ap.parse_args()

    binary = args.bin
    if binary is None:
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "recognizer-bench"],
                       cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        bin_dir = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                                 capture_output=True, text=True).stdout.strip()
        binary = os.path.join(bin_dir, "recognizer-bench")

    figures = {}
    with tempfile.TemporaryDirectory() as tmp:
        for code in args.codes:
            source = args.words or os.path.join(args.set_dir, f"{code}-words.jsonl.gz")
            if not os.path.exists(source):
                sys.exit(f"language_errors: {source}: not found (make bench-languages makes the set)")
            words_path = os.path.join(tmp, "words.jsonl")
            with gzip.open(source, "rb") as f, open(words_path, "wb") as out:
                out.write(f.read())
            if os.path.getsize(words_path) == 0:
                continue
            figures[code] = {}
            for setting in args.read:
                languages = setting.replace("{code}", code)
                lists = [word_list(c) for c in languages.split(",")]
                readings = read_words(binary, words_path, languages, os.path.join(tmp, "readings.jsonl"), args.limit)
                row = analyse(readings, lists)
                figures[code][languages] = row
                shares = " ".join(f"{c} {v:.1f}" for c, v in row["cer_percent_by_cause"].items() if v)
                print(f"{code:3} {languages:6} CER {row['word_cer_percent']:5.1f} %  {shares}  "
                      f"bare {row['misread_as_bare_word']} ({row['bare_word_listed']} listed)", flush=True)
    if not args.no_record:
        results.record(args.name, figures, notes=args.note,
                       command="Benchmarks/language_errors.py " + " ".join(sys.argv[1:]))


if __name__ == "__main__":
    main()
