#!/usr/bin/env python3
"""Make Sources/Recognition/Resources/words-en.commonness: how common each word of words-en.txt is.

SCOWL (Debian's `scowl` package, the source of wamerican-small/-/large/-huge) files its words by
size level: 10 holds the most common words, 20 the next, then 35, 40, 50 and on to 95. The level
a word first appears at is its commonness class here:

    0   level 10          (about 4,000 of the list's words)
    1   level 20
    2   levels 35 and 40
    3   level 50 or rarer, or in no level (names, words the list has from elsewhere)

A word's level is the least of its levels in the english-* and american-* files of every kind
(words, upper, proper-names, contractions, abbreviations), lower-cased, possessive 's dropped.

Writes one digit per line, the class of the line of words-en.txt at the same place, so the file
stays a class per listed word and nothing else (the decoder checks that the line counts agree).
Deterministic: the same package gives a byte-identical file. The package is only needed to remake
the file, which is committed:

    apt-get download scowl && dpkg-deb -x scowl_*.deb scowl

Usage: tools/make_word_commonness.py [--scowl scowl/usr/share/dict/scowl]
                                      [--words Sources/Recognition/Resources/words-en.txt]
                                      [--out Sources/Recognition/Resources/words-en.commonness]
"""
import argparse
import os
import re
import sys

# SCOWL size level -> commonness class; levels past the last are the last class
CLASS_OF_LEVEL = {10: 0, 20: 1, 35: 2, 40: 2}
RAREST = 3


def levels(scowl):
    """word (lower case) -> the least SCOWL size level it appears at."""
    least = {}
    pattern = re.compile(r"^(english|american)-[a-z-]+\.(\d+)$")
    names = sorted(os.listdir(scowl))
    for name in names:
        match = pattern.match(name)
        if not match:
            continue
        level = int(match.group(2))
        with open(os.path.join(scowl, name), encoding="utf-8", errors="replace") as f:
            for line in f:
                word = line.strip().lower()
                if word.endswith("'s"):
                    word = word[:-2]
                if word and level < least.get(word, 1000):
                    least[word] = level
    if not least:
        sys.exit(f"make_word_commonness: {scowl}: no english-*.N or american-*.N lists")
    return least


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scowl", default="scowl/usr/share/dict/scowl")
    ap.add_argument("--words", default="Sources/Recognition/Resources/words-en.txt")
    ap.add_argument("--out", default="Sources/Recognition/Resources/words-en.commonness")
    args = ap.parse_args()
    least = levels(args.scowl)
    with open(args.words, encoding="utf-8") as f:
        words = f.read().split("\n")
    if words and words[-1] == "":
        words.pop()
    classes = [CLASS_OF_LEVEL.get(least.get(w, 1000), RAREST) for w in words]
    with open(args.out, "w", encoding="ascii") as f:
        f.write("".join(f"{c}\n" for c in classes))
    counts = [classes.count(c) for c in range(RAREST + 1)]
    print(f"{args.out}: {len(classes)} words, by class {counts}")


if __name__ == "__main__":
    main()
