#!/usr/bin/env python3
"""Give an index the vocabulary of a larger archive: every word of a word list added as a form.

A replicated index (`replicate_index.py`) repeats the readings of a few pages, so its vocabulary
(`vocabulary`, with its trigram index: in-word and fuzzy search look forms up there) stays that
of those pages however many copies it holds, where a real archive's grows with its pages. This
adds each word of WORDLIST (one a line, lowercased, as the writer folds readings) as a form that
no reading holds, so a query's piece is held by as many forms as in an archive that wrote them
all, and what costs grow with the vocabulary shows: the forms a trigram expression finds, and
an OR over them in `readings_fts` (forms no reading holds find no rows, so answers stay as they
were). Run it on both sides of a comparison (`compare_answers.py`).

Usage: grow_vocabulary.py INDEX WORDLIST   e.g. Sources/Recognition/Resources/words-en.txt
"""
import sqlite3
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    index, wordlist = sys.argv[1], sys.argv[2]
    try:
        with open(wordlist, encoding="utf-8") as f:
            words = sorted({line.strip().lower() for line in f if line.strip()})
    except OSError as error:
        sys.exit(f"{wordlist}: {error.strerror}")
    db = sqlite3.connect(index)
    before = db.execute("SELECT count(*) FROM vocabulary").fetchone()[0]
    db.executemany("INSERT OR IGNORE INTO vocabulary(form) VALUES (?)", [(w,) for w in words])
    db.commit()
    after = db.execute("SELECT count(*) FROM vocabulary").fetchone()[0]
    print(f"{index}: vocabulary {before} -> {after} forms")


if __name__ == "__main__":
    main()
