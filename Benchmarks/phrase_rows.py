#!/usr/bin/env python3
"""How many rows of its terms a two-piece phrase reads, and how many its best pairs need.

`PhraseSearch` reads each term's matching `readings_fts` row IDs best first (row IDs sort by
score bucket, then word ID: `ReadingID`) in a race of 4,096 rows a round until one term runs out
or every term has read 65,536 rows, then the others on to four times the driver's rows (at least
32,768), most often to their ends. This tells, for in-word pieces on a given index, what that
costs and what a join that follows the best pairs would read instead:

- each piece's forms (the plain ASCII forms of `vocabulary` holding it, as `VocabularyMatch`
  asks for them first) and their rows;
- the CPU time of reading those rows as FTS5 ORs of 64 forms, the way a query reads them, and
  one form a statement (does a row cost more in a long OR?);
- for a phrase of two pieces: the pairs (a row of the first on word w, a row of the second on
  w + 1, the same drawing; line breaks not checked, so an upper bound), and how deep in each
  term's best-first list the best `--limit` pairs by score ceiling lie: the rows a rank join
  reading both lists in step would read before those pairs are all in hand.

Usage: phrase_rows.py INDEX --phrase "all but" [--phrase ...] [--limit 100] [--name NAME]
"""

import argparse
import math
import os
import sqlite3
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402
from replicate_index import bucket_ceiling, row_bucket  # noqa: E402

FORMS_PER_EXPRESSION = 64  # VocabularyMatch.formsPerExpression
WORD_MASK = (1 << 50) - 1


def log_ceiling(row_id):
    """The logarithm of the highest score a reading with this row ID can have (ReadingID)."""
    return math.log(bucket_ceiling(row_bucket(row_id)))


def quoted(form):
    return '"' + form.replace('"', '""') + '"'


def piece_forms(db, piece):
    forms = [row[0] for row in db.execute("SELECT form FROM vocabulary WHERE instr(form, ?) > 0", (piece,))]
    return [form for form in forms if form.isascii() and form.isalnum()]


def rows_as_ors(db, forms):
    """Every row ID of the forms, read as ORs of 64 forms (each statement in row ID order)."""
    rows = []
    for start in range(0, len(forms), FORMS_PER_EXPRESSION):
        expression = " OR ".join(quoted(f) for f in forms[start:start + FORMS_PER_EXPRESSION])
        rows.extend(r[0] for r in db.execute(
            "SELECT rowid FROM readings_fts WHERE readings_fts MATCH ? ORDER BY rowid", (expression,)))
    return rows


def rows_one_form_a_statement(db, forms):
    rows = []
    for form in forms:
        rows.extend(r[0] for r in db.execute(
            "SELECT rowid FROM readings_fts WHERE readings_fts MATCH ? ORDER BY rowid", (quoted(form),)))
    return rows


def cpu_ms(work):
    start = time.process_time()
    value = work()
    return value, round((time.process_time() - start) * 1000, 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("index")
    ap.add_argument("--phrase", action="append", required=True, help="two in-word pieces (repeatable)")
    ap.add_argument("--limit", type=int, default=100)
    ap.add_argument("--name", default="phrase-rows")
    args = ap.parse_args()
    if not os.path.exists(args.index):
        raise SystemExit(f"phrase_rows.py: no index at {args.index}")
    db = sqlite3.connect(f"file:{args.index}?mode=ro", uri=True)

    pieces = {}
    for phrase in args.phrase:
        words = phrase.split()
        if len(words) != 2:
            raise SystemExit(f"phrase_rows.py: {phrase!r} is not two pieces")
        for piece in words:
            if piece in pieces:
                continue
            forms = piece_forms(db, piece)
            rows, ors_ms = cpu_ms(lambda: rows_as_ors(db, forms))
            _, single_ms = cpu_ms(lambda: rows_one_form_a_statement(db, forms))
            rows.sort()
            pieces[piece] = {"forms": len(forms), "rows": len(rows), "cpu_ms_ors_of_64": ors_ms,
                             "cpu_ms_one_form_a_statement": single_ms, "row_ids": rows}
            print(f"{piece!r}: {len(forms)} forms, {len(rows)} rows; CPU {ors_ms} ms as ORs of 64, "
                  f"{single_ms} ms one form a statement")

    phrases = []
    for phrase in args.phrase:
        first, second = phrase.split()
        a, b = pieces[first]["row_ids"], pieces[second]["row_ids"]
        # each word's best reading and its depth in the best-first list
        best_b = {}
        for depth, row_id in enumerate(b):
            best_b.setdefault((row_id >> 3) & WORD_MASK, (row_id, depth))
        pairs = {}
        for depth, row_id in enumerate(a):
            word = (row_id >> 3) & WORD_MASK
            if word in pairs or (word + 1) >> 20 != word >> 20 or (word + 1) not in best_b:
                continue
            other, other_depth = best_b[word + 1]
            pairs[word] = (log_ceiling(row_id) + log_ceiling(other), depth, other_depth)
        best = sorted(pairs.values(), key=lambda p: -p[0])[:args.limit]
        deepest = (max((p[1] for p in best), default=0) + 1, max((p[2] for p in best), default=0) + 1)
        entry = {"phrase": phrase, "pairs": len(pairs), "rows": [len(a), len(b)],
                 "rows_to_best_pairs": list(deepest)}
        phrases.append(entry)
        print(f"{phrase!r}: {len(pairs)} pairs; rows {len(a)} / {len(b)}; the best {args.limit} pairs "
              f"lie within the first {deepest[0]} / {deepest[1]} rows")

    figures = {"pieces": {p: {k: v for k, v in d.items() if k != "row_ids"} for p, d in pieces.items()},
               "phrases": phrases, "limit": args.limit}
    results.record(args.name, figures, command="Benchmarks/phrase_rows.py " + " ".join(sys.argv[1:]))


if __name__ == "__main__":
    main()
