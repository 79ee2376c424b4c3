#!/usr/bin/env python3
"""Make Sources/Recognition/Resources/cjk-<code>.txt, the character models of Chinese and Japanese.

Reads the word lists with frequencies Debian ships (install them with
`apt-get install python3-jieba mecab-ipadic`) and writes, per language:

    cjk-<code>.txt       the character model (format below), UTF-8
    cjk-<code>.LICENSE   the Debian package's copyright file, verbatim

zh: jieba's dict.txt (`word count part-of-speech` a line; MIT), 349k words with their counts in
    jieba's corpus.
ja: mecab-ipadic's dictionary sources (/usr/share/mecab/dic/ipadic/*.csv, EUC-JP: surface, left
    and right context ids, word cost, ...; BSD-style with the ICOT terms). ipadic has costs, not
    counts: a word's weight is exp(-cost / 700), about MeCab's own scale of cost to log-probability,
    times a million.

Each word of weight w adds w to each of its characters and to each pair of neighbouring
characters in it. Only words made of CJK ideographs and kana are used (the characters Zinnia's
models can return). The file:

    # comments
    U <tab> total            the sum of all character weights
    字 <tab> weight           one character
    字字 <tab> weight         a pair seen inside words, kept when its weight is at least --min-pair

weights rounded to integers (at least 1), characters in code-point order, then pairs.
Deterministic: the same packages give byte-identical files.

Usage: tools/make_cjk_models.py [--out Sources/Recognition/Resources] [--min-pair 50]
"""
import argparse
import glob
import math
import os
from collections import defaultdict

JIEBA = "/usr/lib/python3/dist-packages/jieba/dict.txt"
IPADIC = "/usr/share/mecab/dic/ipadic"
LICENSES = {"zh": "/usr/share/doc/python3-jieba/copyright", "ja": "/usr/share/doc/mecab-ipadic/copyright"}


def is_cjk(ch):
    o = ord(ch)
    return 0x3041 <= o <= 0x30FF or 0x3400 <= o <= 0x4DBF or 0x4E00 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF


def jieba_words():
    with open(JIEBA, encoding="utf-8") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2 and parts[1].isdigit():
                yield parts[0], float(parts[1])


def ipadic_words():
    for path in sorted(glob.glob(os.path.join(IPADIC, "*.csv"))):
        with open(path, encoding="euc-jp", errors="replace") as f:
            for line in f:
                parts = line.rstrip("\n").split(",")
                if len(parts) >= 4:
                    try:
                        cost = int(parts[3])
                    except ValueError:
                        continue
                    yield parts[0], 1e6 * math.exp(-cost / 700)


def build(words, min_pair):
    chars, pairs = defaultdict(float), defaultdict(float)
    for word, weight in words:
        if not word or not all(is_cjk(c) for c in word):
            continue
        for c in word:
            chars[c] += weight
        for a, b in zip(word, word[1:]):
            pairs[a + b] += weight
    lines = [f"U\t{max(1, round(sum(chars.values())))}"]
    lines += [f"{c}\t{max(1, round(w))}" for c, w in sorted(chars.items())]
    lines += [f"{p}\t{round(w)}" for p, w in sorted(pairs.items()) if w >= min_pair]
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="Sources/Recognition/Resources")
    ap.add_argument("--min-pair", type=float, default=50)
    a = ap.parse_args()
    sources = {"zh": ("python3-jieba dict.txt", jieba_words), "ja": ("mecab-ipadic *.csv", ipadic_words)}
    for code, (name, words) in sources.items():
        lines = build(words(), a.min_pair)
        head = [f"# character model of {code}, from Debian's {name} by tools/make_cjk_models.py; see cjk-{code}.LICENSE"]
        with open(os.path.join(a.out, f"cjk-{code}.txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(head + lines) + "\n")
        with open(LICENSES[code], encoding="utf-8") as src, open(os.path.join(a.out, f"cjk-{code}.LICENSE"), "w", encoding="utf-8") as dst:
            dst.write(src.read())
        print(f"cjk-{code}.txt: {len(lines) - 1} entries")


if __name__ == "__main__":
    main()
