#!/usr/bin/env python3
"""How a two-word phrase's candidates are bounded, and whether its hits' ties let the search stop.

A phrase's candidate is bounded by its words' score buckets (the geometric mean of the buckets'
ceilings, `PhraseSearch`), and `MatchRanking` stops among equal bounds only when the worst kept
match's bound lies within the bucket above its score's (`MatchRanking.isSettled`). This reads
both terms' FTS5 row IDs (no line), pairs each word of the first with the word after it in the
second, and prints the pairs by their bucket pair: how many, and their bound; with `--score S`
(a hit's score, as `query --json` prints it) whether candidates bounded as the hits are could be
left unread once the limit is kept, or every one must be read for its exact score.

Usage: phrase_bound_spread.py INDEX FIRST SECOND [--score S] [--name NAME]
"""
import argparse
import math
import os
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402
from replicate_index import bucket, bucket_ceiling as ceiling, row_bucket  # noqa: E402

WORD_MASK = (1 << 50) - 1


def best_buckets(con, term):
    """Each word holding a reading of `term`: the bucket of its best such reading."""
    best = {}
    for (rowid,) in con.execute("SELECT rowid FROM readings_fts WHERE readings_fts MATCH ? ORDER BY rowid",
                                ('"' + term.replace('"', '""') + '"',)):
        best.setdefault((rowid >> 3) & WORD_MASK, row_bucket(rowid))
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("index")
    ap.add_argument("first")
    ap.add_argument("second")
    ap.add_argument("--score", type=float, help="a hit's score, to place the hits' bucket")
    ap.add_argument("--name", default="phrase-bound-spread")
    args = ap.parse_args()
    con, pages = results.open_index(args.index, schema=13)
    first, second = best_buckets(con, args.first), best_buckets(con, args.second)
    con.close()
    pairs = Counter((b1, second[w + 1]) for w, b1 in first.items() if w + 1 in second)
    groups = sorted(((math.sqrt(ceiling(b1) * ceiling(b2)), b1, b2, n) for (b1, b2), n in pairs.items()),
                    reverse=True)
    phrase = f"{args.first} {args.second}"
    print(f"{phrase!r}: {len(first)} words hold {args.first!r}, {len(second)} {args.second!r}, "
          f"{sum(pairs.values())} pairs on {len(pairs)} bucket pairs")
    for bound, b1, b2, n in groups[:8]:
        print(f"  buckets {b1:4d} {b2:4d}: {n:7d} pairs, bound {bound:.4f}")
    figures = {"index_pages": pages, "phrase": phrase, "first_words": len(first), "second_words": len(second),
               "pairs": sum(pairs.values()),
               "groups": [{"buckets": [b1, b2], "pairs": n, "bound": round(bound, 6)}
                          for bound, b1, b2, n in groups[:8]]}
    if args.score is not None:
        hits = bucket(args.score)
        # (ties settle when the worst kept match's bound is within the bucket above its score's)
        tie_limit = ceiling(hits + 1)
        unread = [g for g in groups if g[0] <= tie_limit]
        read = [g for g in groups if g[0] > tie_limit]
        figures.update({"hit_score": args.score, "hit_bucket": hits, "tie_settles_up_to_bound": round(tie_limit, 6),
                        "pairs_bounded_above_it": sum(g[3] for g in read)})
        print(f"  hits score {args.score} (bucket {hits}); equal bounds settle up to {tie_limit:.4f}: "
              f"{sum(g[3] for g in read)} pairs bounded above that, {sum(g[3] for g in unread)} at or below")
    results.record(args.name, figures, command="Benchmarks/phrase_bound_spread.py " + " ".join(sys.argv[1:]))


if __name__ == "__main__":
    main()
