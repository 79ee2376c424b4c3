#!/usr/bin/env python3
"""Make Sources/Recognition/Resources/cjk-<code>.txt, the character models of Chinese (Simplified
and Traditional), Japanese and Korean.

Reads the word lists Debian ships (install them with
`apt-get install python3-jieba mecab-ipadic opencc hunspell-ko`) and writes, per language:

    cjk-<code>.txt       the character model (format below), UTF-8
    cjk-<code>.LICENSE   the Debian package's copyright file, verbatim

zh: jieba's dict.txt (`word count part-of-speech` a line; MIT), 349k words with their counts in
    jieba's corpus.
ja: mecab-ipadic's dictionary sources (/usr/share/mecab/dic/ipadic/*.csv, EUC-JP: surface, left
    and right context ids, word cost, ...; BSD-style with the ICOT terms). ipadic has costs, not
    counts: a word's weight is exp(-cost / 700), about MeCab's own scale of cost to log-probability,
    times a million.
zh-Hant: jieba's words and counts, each word converted to Traditional characters by OpenCC
    (`opencc -c s2tw.json`: Simplified to Traditional with Taiwan's variant forms; Apache-2.0).
ko: hunspell-ko's word list (/usr/share/hunspell/ko.dic, the stems before each `/`, composed
    from its conjoining jamo (NFC); MPL-1.1, GPL-2+ or LGPL-2.1+): no counts, so each distinct
    word weighs 1, a syllable's weight is the number of words it is in.

Each word of weight w adds w to each of its characters and to each pair of neighbouring
characters in it. Only words made of CJK ideographs and kana are used (the characters Zinnia's
models can return). The file:

    # comments
    U <tab> total            the sum of all character weights
    字 <tab> weight           one character
    字字 <tab> weight         a pair seen inside words, kept when its weight is at least --min-pair

weights rounded to integers (at least 1), characters in code-point order, then pairs.
Deterministic: the same packages give byte-identical files.

Usage: tools/make_cjk_models.py [--out Sources/Recognition/Resources] [--min-pair 50] [CODE ...]
"""
import argparse
import glob
import math
import os
import subprocess
import tempfile
import unicodedata
from collections import defaultdict

JIEBA = "/usr/lib/python3/dist-packages/jieba/dict.txt"
IPADIC = "/usr/share/mecab/dic/ipadic"
HUNSPELL_KO = "/usr/share/hunspell/ko.dic"
LICENSES = {"zh": ["/usr/share/doc/python3-jieba/copyright"], "ja": ["/usr/share/doc/mecab-ipadic/copyright"],
            "zh-Hant": ["/usr/share/doc/python3-jieba/copyright", "/usr/share/doc/opencc/copyright"],
            "ko": ["/usr/share/doc/hunspell-ko/copyright"]}


def is_cjk(ch):
    o = ord(ch)
    return (0x3041 <= o <= 0x30FF or 0x3400 <= o <= 0x4DBF or 0x4E00 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF
            or 0xAC00 <= o <= 0xD7A3 or 0x3131 <= o <= 0x3163)


def jieba_words():
    with open(JIEBA, encoding="utf-8") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2 and parts[1].isdigit():
                yield parts[0], float(parts[1])


def traditional_words():
    """jieba's words in Traditional characters (OpenCC converts a line at a time)."""
    words = list(jieba_words())
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = os.path.join(tmp, "s.txt"), os.path.join(tmp, "t.txt")
        with open(src, "w", encoding="utf-8") as f:
            f.write("".join(w + "\n" for w, _ in words))
        subprocess.run(["opencc", "-c", "s2tw.json", "-i", src, "-o", dst], check=True)
        converted = open(dst, encoding="utf-8").read().split("\n")
    assert len(converted) >= len(words)
    return [(t, count) for t, (_, count) in zip(converted, words)]


def hunspell_korean_words():
    seen = set()
    with open(HUNSPELL_KO, encoding="utf-8") as f:
        next(f)  # the entry count
        for line in f:
            word = unicodedata.normalize("NFC", line.strip().split("/")[0])  # stored as conjoining jamo
            if word and word not in seen:
                seen.add(word)
                yield word, 1.0


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
    ap.add_argument("--min-pair", type=float, default=50, help="(ko: 2, its words each weighing 1)")
    ap.add_argument("codes", nargs="*", default=["zh", "ja", "zh-Hant", "ko"])
    a = ap.parse_args()
    sources = {"zh": ("python3-jieba dict.txt", jieba_words), "ja": ("mecab-ipadic *.csv", ipadic_words),
               "zh-Hant": ("python3-jieba dict.txt through opencc s2tw", traditional_words),
               "ko": ("hunspell-ko ko.dic", hunspell_korean_words)}
    for code in a.codes:
        name, words = sources[code]
        lines = build(words(), 2 if code == "ko" else a.min_pair)
        head = [f"# character model of {code}, from Debian's {name} by tools/make_cjk_models.py; see cjk-{code}.LICENSE"]
        with open(os.path.join(a.out, f"cjk-{code}.txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(head + lines) + "\n")
        with open(os.path.join(a.out, f"cjk-{code}.LICENSE"), "w", encoding="utf-8") as dst:
            dst.write("\n".join(open(path, encoding="utf-8").read() for path in LICENSES[code]))
        print(f"cjk-{code}.txt: {len(lines) - 1} entries")


if __name__ == "__main__":
    main()
