#!/usr/bin/env python3
"""How much of each Hunspell dictionary a shipped word list keeps (tools/make_wordlists.py).

For each language made from a Hunspell dictionary: the dictionary's usable stems (its own entries
that the recognizer's letters spell, as make_wordlists.py reads them), how many of them the shipped
list holds, and how many of the list's words are no stem (forms made by affix rules). Where the
stems outnumber the cap, the list is a sample of them (short words first, then by SHA-1, with no
word frequencies to go by), so a common word may be left out; `make bench-languages` cannot see it,
since its words are taken from the shipped lists (Benchmarks/make_language_set.py).

Usage: wordlist_coverage.py [--hunspell /usr/share/hunspell] [--name NAME] [--no-record] [CODE ...]
Needs the Hunspell packages make_wordlists.py names. Writes Benchmarks/results/<name>-<date>.json
(Benchmarks/results.py; default name wordlist-coverage).
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))
import make_wordlists  # noqa: E402
import results  # noqa: E402


def coverage(code, hunspell):
    package, name, _ = make_wordlists.HUNSPELL[code]
    dic, aff = (os.path.join(hunspell, name + ext) for ext in (".dic", ".aff"))
    if not (os.path.exists(dic) and os.path.exists(aff)):
        sys.exit(f"{dic}: missing; apt-get install {package}")
    raw = (word for word, _ in make_wordlists.hunspell_words(dic, aff, forms=False))
    stems = {w for w in (make_wordlists.keep(r, make_wordlists.MORE_LETTERS, code) for r in raw) if w}
    path = os.path.join(ROOT, "Sources", "Recognition", "Resources", f"words-{code}.txt")
    with open(path, encoding="utf-8") as f:
        listed = {line.strip() for line in f if line.strip()}
    kept = len(stems & listed)
    return {"dictionary_stems": len(stems), "list_words": len(listed), "stems_kept": kept,
            "stems_kept_percent": round(100 * kept / max(len(stems), 1), 1),
            "list_words_not_stems": len(listed - stems)}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("codes", nargs="*", default=list(make_wordlists.HUNSPELL))
    ap.add_argument("--hunspell", default="/usr/share/hunspell")
    ap.add_argument("--name", default="wordlist-coverage")
    ap.add_argument("--no-record", action="store_true")
    args = ap.parse_args()
    figures = {}
    for code in args.codes:
        if code not in make_wordlists.HUNSPELL:
            sys.exit(f"{code}: not a Hunspell language of tools/make_wordlists.py")
        figures[code] = row = coverage(code, args.hunspell)
        print(f"{code:3} stems {row['dictionary_stems']:7d}  list {row['list_words']:6d}  kept {row['stems_kept']:6d} "
              f"({row['stems_kept_percent']:5.1f} %)  list words not stems {row['list_words_not_stems']}", flush=True)
    if not args.no_record:
        results.record(args.name, figures, command="Benchmarks/wordlist_coverage.py " + " ".join(sys.argv[1:]))


if __name__ == "__main__":
    main()
