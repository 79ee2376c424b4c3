#!/usr/bin/env python3
"""Make Sources/Recognition/Resources/words-<code>.txt for the recognizer's non-English languages.

Reads the word lists Debian ships in /usr/share/dict (install them with
`apt-get install wfrench wngerman wspanish witalian wportuguese wdutch`) and writes, per language:

    words-<code>.txt       one word per line, UTF-8, lowercased, deduplicated, sorted by code point
    words-<code>.LICENSE   the Debian package's copyright file, verbatim

Kept: words made only of the recognizer's letters: ASCII letters, the apostrophe, the accented
letters àáâãäçèéêëìíîïñòóôõöùúûüýÿ, and ß and œ (which the decoder folds to ss and oe). Words with
a hyphen, a digit, a period or any other letter are dropped, as are abbreviations written in
capitals (two or more letters, all capitals). Words are lowercased like words-en.txt.

Cap: a list with more than --cap words (150,000 by default) keeps every word of up to --short
letters (6): the lists have no frequencies, and short words are the frequent ones (Zipf's law of
abbreviation). The rest of the cap is filled from the longer words in the order of their SHA-1, an
even sample that keeps long words and compounds in proportion and favours no initial letter. What
is cut (mostly rare inflections) the decoder still reads letter by letter. Deterministic: the same
lists give byte-identical files.

Usage: tools/make_wordlists.py [--dict /usr/share/dict] [--doc /usr/share/doc]
                               [--out Sources/Recognition/Resources] [--cap 150000] [--short 6]
"""
import argparse
import hashlib
import os
import sys

# code -> (Debian package, file under /usr/share/dict)
LISTS = {
    "fr": ("wfrench", "french"),
    "de": ("wngerman", "ngerman"),
    "es": ("wspanish", "spanish"),
    "it": ("witalian", "italian"),
    "pt": ("wportuguese", "portuguese"),
    "nl": ("wdutch", "dutch"),
}

ACCENTED = "àáâãäçèéêëìíîïñòóôõöùúûüýÿ"
LETTERS = set("abcdefghijklmnopqrstuvwxyz'" + ACCENTED + "ßœ")


def keep(word):
    """The lowercased word when every letter is one of ours and it is not an abbreviation."""
    if len(word) >= 2 and word.isupper():
        return None
    lower = word.lower()
    if not lower or lower.startswith("'") or not set(lower) <= LETTERS:
        return None
    # "ss".lower() aside, str.lower maps ẞ and a few others to more than one letter; recheck.
    return lower if all(c in LETTERS for c in lower) else None


def select(words, cap, short):
    words = sorted(set(words))
    if len(words) <= cap:
        return words
    def rank(w):
        return (len(w) > short, hashlib.sha1(w.encode("utf-8")).digest())
    return sorted(sorted(words, key=rank)[:cap])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dict", default="/usr/share/dict")
    parser.add_argument("--doc", default="/usr/share/doc")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--out", default=os.path.join(root, "Sources", "Recognition", "Resources"))
    parser.add_argument("--cap", type=int, default=150_000)
    parser.add_argument("--short", type=int, default=6)
    args = parser.parse_args()

    for code, (package, name) in LISTS.items():
        path = os.path.join(args.dict, name)
        copyright_path = os.path.join(args.doc, package, "copyright")
        if not os.path.exists(path) or not os.path.exists(copyright_path):
            sys.exit(f"{path}: missing; apt-get install {package}")
        with open(path, encoding="utf-8") as f:
            raw = [line.strip() for line in f]
        kept = [w for w in map(keep, raw) if w]
        words = select(kept, args.cap, args.short)
        with open(os.path.join(args.out, f"words-{code}.txt"), "w", encoding="utf-8", newline="\n") as f:
            f.write("".join(w + "\n" for w in words))
        with open(copyright_path, encoding="utf-8") as src, \
                open(os.path.join(args.out, f"words-{code}.LICENSE"), "w", encoding="utf-8") as dst:
            dst.write(src.read())
        longest = max(map(len, words))
        print(f"words-{code}.txt: {len(words)} words (of {len(raw)} in {package}, {len(set(kept))} usable), "
              f"longest {longest} letters")


if __name__ == "__main__":
    main()
