#!/usr/bin/env python3
"""The language a UNIPEN writer wrote in, from the words of the labels alone (issue 47).

UNIPEN records carry no language, and most writers wrote English, but some did not (the data's
README: German words from abm, atu and sie). Reading such a writer with `en` measures the
English word list against German words, which no adaptation to the hand can mend. So the
benchmarks of the writer's hand read each writer in the language this rule gives:

  the words of a writer's labels (runs of letters, two or more, case folded, each occurrence
  counted) are looked up in every shipped word list (Sources/Recognition/Resources/words-*.txt);
  the writer's language is the one whose list holds the largest share of them, English on a tie.

The rule looks at the labels (what the writer was asked to write), never at what the recognizer
read, so a language cannot be chosen because it reads a writer better.

Usage (prints "contributor/writer<TAB>code" for each writer with enough usable samples, in the
order make_pages.py names them w000, w001, ...; --json writes the same as an object):

    writer_languages.py --shared ../shared [--min-samples 150] [--json FILE]
"""
import argparse
import glob
import json
import os
import re
import sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORD_LISTS = os.path.join(ROOT, "Sources", "Recognition", "Resources")
DEFAULT = "en"


def word_lists(directory=WORD_LISTS):
    """Each shipped language's words, by code."""
    lists = {}
    for path in sorted(glob.glob(os.path.join(directory, "words-*.txt"))):
        code = os.path.basename(path)[len("words-"):-len(".txt")]
        with open(path, encoding="utf-8") as f:
            lists[code] = {line.strip() for line in f if line.strip()}
    if DEFAULT not in lists:
        sys.exit(f"writer_languages.py: {directory}: no words-{DEFAULT}.txt")
    return lists


def words_of(labels):
    """The words the rule weighs: runs of two or more letters, case folded."""
    return [w.casefold() for label in labels for w in re.findall(r"[^\W\d_]{2,}", label)]


def language_of(labels, lists):
    """The code whose list holds the largest share of the labels' words; English on a tie or with
    no words."""
    words = words_of(labels)
    if not words:
        return DEFAULT
    held = {code: sum(w in listed for w in words) for code, listed in lists.items()}
    best = max(held.values())
    return DEFAULT if held[DEFAULT] == best else min(c for c, n in held.items() if n == best)


def writers(shared, min_samples):
    """(contributor/writer, labels) of the dev writers with at least `min_samples` usable samples,
    in the order make_pages.py --writers 0 names them (w000, w001, ...)."""
    sys.path.insert(0, os.path.join(shared, "tools", "eval"))
    import make_pages  # noqa: E402 (the layout's own notion of a usable sample)

    unipen = os.path.join(shared, "data", "unipen")
    by_writer = defaultdict(list)
    for s in make_pages.load([os.path.join(unipen, "dev-words.jsonl.gz"), os.path.join(unipen, "dev-lines.jsonl.gz")]):
        if make_pages.usable(s):
            by_writer[(s.get("contributor", ""), s.get("writer", ""))].append(s["label"])
    return [(f"{c}/{w}", by_writer[(c, w)]) for c, w in sorted(k for k, v in by_writer.items() if len(v) >= min_samples)]


def by_notebook(shared, min_samples, notebooks, truth):
    """{notebook name: (contributor/writer, [code])} for the notebooks make_pages.py --writers 0
    --min-samples `min_samples` laid out (`notebooks`, sorted paths, and its `truth`): it names the
    writers w000, w001, ... in the order `writers` lists them, and each notebook is checked to hold
    exactly that writer's samples, so that a change to either layout cannot pair a notebook with
    another writer's language."""
    lists = word_lists()
    listed = writers(shared, min_samples)
    if len(listed) != len(notebooks):
        sys.exit(f"writer_languages.py: make_pages.py laid out {len(notebooks)} writers, {len(listed)} have "
                 f"{min_samples} usable samples")
    out = {}
    for notebook, (writer, labels) in zip(notebooks, listed):
        placed = sorted(it["label"] for it in truth["items"] for loc in it["locations"] if loc["path"] == notebook)
        if placed != sorted(labels):
            sys.exit(f"writer_languages.py: {notebook} does not hold the samples of {writer}")
        out[os.path.splitext(os.path.basename(notebook))[0]] = (writer, [language_of(labels, lists)])
    return out


def archive_languages(shared, min_samples):
    """The languages of one index holding every writer with `min_samples` usable samples: each
    writer's language, English first, the others in code order."""
    lists = word_lists()
    codes = {language_of(labels, lists) for _, labels in writers(shared, min_samples)}
    return [DEFAULT] + sorted(codes - {DEFAULT})


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    ap.add_argument("--min-samples", type=int, default=150)
    ap.add_argument("--json", help="write {\"contributor/writer\": [code]} here")
    args = ap.parse_args()
    lists = word_lists()
    languages = {name: [language_of(labels, lists)] for name, labels in writers(args.shared, args.min_samples)}
    for name, codes in languages.items():
        print(f"{name}\t{','.join(codes)}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(languages, f, indent=1)


if __name__ == "__main__":
    main()
