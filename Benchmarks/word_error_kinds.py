#!/usr/bin/env python3
"""Which kind of error each misread word of `make bench-languages` is, per language.

Reads the per-word readings bench-languages writes with NBI_BENCH_READINGS=DIR (DIR/<code>.jsonl,
recognizer-bench --readings lines) and puts every misread word in one kind:

  marks_only      right once marks are folded on both sides (truth and reading): the letters were
                  read, only a mark is missing, extra or wrong
  split_merge     the reading has another number of words than the truth (a space read inside the
                  word, or a mark read as a word of its own)
  base_letters    a letter other than a mark is wrong (the word folded still differs)

and for each kind, how many of its words had the right word among their readings (the search found
it but ranked it lower), and for marks_only how many of the true words a chosen language's word list
holds, and how many of those readings a list holds too (both spellings listed: the list cannot tell
the decoder which one the ink is).

With --words, the figures also hold every misread word with its finer cause (`detail_of`): a
difference of case alone or of Unicode spelling alone (NFC against NFD, Romanian comma-below ș ț
against cedilla ş ţ), the right word with punctuation read beside it (often its own mark below),
a mark missing, added or wrong on right base letters, the mark taken for a line
of its own, or the base letters; whether a chosen list holds the truth and the reading (lower-cased
the chosen languages' way: Turkish I is ı), and whether the truth was among the readings.

Usage: word_error_kinds.py DIR [--codes fr de ...] [--read en,{code}] [--words] [--name NAME] [--no-record]
                           [--note TEXT]
Writes Benchmarks/results/<name>-<date>.json (Benchmarks/results.py; --name, default word-error-kinds).
"""

import argparse
import json
import os
import sys
import unicodedata
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import results  # noqa: E402
from language_errors import CODES, bare, word_list  # noqa: E402

KINDS = ["marks_only", "split_merge", "base_letters"]
# the finer causes of `detail_of`, in the order they are tested
DETAILS = ["case_only", "unicode_form", "punctuation_added", "mark_missing", "mark_added", "mark_wrong", "marks_mixed",
           "mark_as_line", "split_merge", "base_letters"]
# one letter's two Unicode spellings: Romanian's comma below and the cedilla of older fonts and keyboards
SAME_LETTER = str.maketrans("şţŞŢ", "șțȘȚ")


def folded(text):
    return "".join(bare(c) for c in text)


def kind_of(truth, reading):
    """The kind of a misread word (`truth != reading`)."""
    if folded(truth) == folded(reading):
        return "marks_only"
    if len(truth.split()) != len(reading.split()):
        return "split_merge"
    return "base_letters"


def lower(text, codes):
    """`text` lower-cased as the chosen languages spell: with Turkish, I is ı and İ is i."""
    if "tr" in codes:
        text = text.replace("I", "ı").replace("İ", "i")
    return text.lower()


def spelling(text):
    return unicodedata.normalize("NFC", text).translate(SAME_LETTER)


def detail_of(truth, reading, lines, codes):
    """The finer cause of a misread word (`truth != reading`), one of DETAILS."""
    if lower(truth, codes) == lower(reading, codes) or truth.lower() == reading.lower():
        return "case_only"
    if spelling(truth) == spelling(reading):
        return "unicode_form"
    bare_reading = reading.strip(".,;:'\"!?-")
    if bare_reading != reading and lower(bare_reading, codes) == lower(truth, codes):
        return "punctuation_added"
    kind = kind_of(truth, reading)
    if kind == "marks_only":
        causes = set()
        for t, r in zip(truth, reading):
            if t != r:
                causes.add("mark_missing" if r == bare(t) else "mark_added" if t == bare(r) else "mark_wrong")
        return causes.pop() if len(causes) == 1 else "marks_mixed"
    if kind == "split_merge" and lines > 1:
        return "mark_as_line"
    return kind


def listed(word, codes, lists):
    return any(lower(word, codes) in words or word.lower() in words for words in lists)


def analyse(readings, lists, codes=()):
    misread = Counter()
    in_readings = Counter()
    marked_listed = both_listed = 0
    details = Counter()
    rows = []
    for r in readings:
        truth, reading = r["label"], r["reading"]
        if truth == reading:
            continue
        kind = kind_of(truth, reading)
        detail = detail_of(truth, reading, r.get("lines", 1), codes)
        details[detail] += 1
        rows.append({"truth": truth, "reading": reading, "detail": detail,
                     "truth_listed": listed(truth, codes, lists), "reading_listed": listed(reading, codes, lists),
                     "truth_among_readings": truth in r["candidates"], "lines": r.get("lines", 1)})
        misread[kind] += 1
        in_readings[kind] += truth in r["candidates"]
        if kind == "marks_only":
            truth_listed = any(truth.lower() in words for words in lists)
            marked_listed += truth_listed
            both_listed += truth_listed and any(reading.lower() in words for words in lists)
    total = sum(misread.values())
    return {
        "words": len(readings),
        "words_misread": total,
        "misread_words_by_kind": {k: misread[k] for k in KINDS},
        "share_of_misread_percent": {k: round(100 * misread[k] / max(total, 1), 1) for k in KINDS},
        "right_word_among_readings": {k: in_readings[k] for k in KINDS},
        "marks_only_word_listed": marked_listed,
        "marks_only_both_spellings_listed": both_listed,
        "misread_words_by_detail": {k: details[k] for k in DETAILS},
        "misread_truth_listed": sum(row["truth_listed"] for row in rows),
        "misread_words": rows,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir", help="bench-languages' NBI_BENCH_READINGS directory")
    ap.add_argument("--codes", nargs="+", default=CODES)
    ap.add_argument("--read", default="en,{code}", help="the languages the readings were read with")
    ap.add_argument("--words", action="store_true", help="keep every misread word in the figures")
    ap.add_argument("--name", default="word-error-kinds", help="the result file's name")
    ap.add_argument("--no-record", action="store_true")
    ap.add_argument("--note", help="kept in the results file")
    args = ap.parse_args()

    figures = {}
    for code in args.codes:
        path = os.path.join(args.dir, f"{code}.jsonl")
        if not os.path.exists(path):
            continue
        try:
            with open(path, encoding="utf-8") as f:
                readings = [json.loads(line) for line in f if line.strip()]
        except json.JSONDecodeError as e:
            sys.exit(f"{path}: not recognizer-bench --readings output ({e})")
        codes = args.read.replace("{code}", code).split(",")
        lists = [word_list(c) for c in codes]
        try:
            row = analyse(readings, lists, codes)
        except KeyError as e:
            sys.exit(f"{path}: not recognizer-bench --readings output (no {e})")
        if not args.words:
            del row["misread_words"]
        figures[code] = row
        shares = "  ".join(f"{k} {row['share_of_misread_percent'][k]:5.1f} %" for k in KINDS)
        print(f"{code:3} misread {row['words_misread']:4} of {row['words']:4}  {shares}  "
              f"marks_only listed {row['marks_only_word_listed']} (both {row['marks_only_both_spellings_listed']})",
              flush=True)
        print("    " + "  ".join(f"{k} {n}" for k, n in row["misread_words_by_detail"].items() if n), flush=True)
    if not figures:
        sys.exit(f"{args.dir}: no <code>.jsonl readings (run bench-languages with NBI_BENCH_READINGS={args.dir})")
    totals, both = Counter(), 0
    for row in figures.values():
        totals.update(row["misread_words_by_kind"])
        both += row["marks_only_both_spellings_listed"]
    misread = sum(totals.values())
    figures["all"] = {"words_misread": misread,
                      "share_of_misread_percent": {k: round(100 * totals[k] / max(misread, 1), 1) for k in KINDS},
                      "marks_only_both_spellings_listed_percent":
                          round(100 * both / max(totals["marks_only"], 1), 1)}
    print("all", figures["all"])
    if not args.no_record:
        results.record(args.name, figures, notes=args.note,
                       command="Benchmarks/word_error_kinds.py " + " ".join(sys.argv[1:]))


if __name__ == "__main__":
    main()
