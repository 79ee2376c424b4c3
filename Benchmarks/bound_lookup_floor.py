#!/usr/bin/env python3
"""The least a phrase candidate's bound can cost when a per-drawing summary gives it instead of its line.

A phrase such as "the court" bounds every candidate of its rarer word ("court") on the common
word's score bucket, and only the candidate's row of `lines` holds that bucket, so each candidate
costs a line read (docs/index-design.md, "Phrases at a million pages"). A summary kept beside the
lines (each word's best bucket, or its exact best score) would spare the line, not the lookup:
one row per drawing, and the candidates lie in different drawings. This times the lookups alone,
in SQLite's C (one statement over every candidate, no Swift, a fresh connection each time, the
second of two runs so the operating system's cache is warm), for the candidates of TERM:

1. `lines` of the index: each candidate's line as the search finds it (the greatest line ID not
   above the word's, one B-tree seek);
2. a scratch table of the index's drawings, one row each holding WORDS x 2 bytes (a 10-bit bucket a
   word), then WORDS x 4 (a Float32 score a word);
3. the same two with SCALE times the drawings and the candidates repeated in each SCALE-th of them,
   as `bench_index.py --pages 1000000` replicates a 250,000-page index's copies.

CPU time is the process's user and system time over the statement. Usage:

    bound_lookup_floor.py INDEX [--term court] [--offset -1] [--scale 4] [--scratch DIR] [--name NAME]
"""
import argparse
import os
import sqlite3
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402

WORD_BITS = 20  # a word ID is its drawing's ID << 20 | its number (IndexRowIDs.swift)


def timed(path, sql, candidates):
    """The statement's (CPU seconds, wall seconds, value) over `candidates` (a temporary table `c(w)`
    of a fresh connection), the second of two runs."""
    for _ in range(2):
        con = sqlite3.connect("file:" + path + "?mode=ro", uri=True)
        con.execute("CREATE TEMP TABLE c(w INTEGER PRIMARY KEY)")
        con.executemany("INSERT INTO c VALUES (?)", ((w,) for w in candidates))
        statement = con.execute("SELECT 1")  # (the connection's first statement run before timing)
        statement.fetchall()
        cpu, wall = time.process_time(), time.perf_counter()
        value = con.execute(sql).fetchone()[0]
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        con.close()
    return cpu, wall, value


def make_summary(path, drawings, word_bytes, words):
    """A scratch table `summary(drawing, b)` of the given drawing IDs, `words * word_bytes` bytes each."""
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE summary(drawing INTEGER PRIMARY KEY, b BLOB NOT NULL)")
    size = words * word_bytes
    con.executemany("INSERT INTO summary VALUES (?, randomblob(?))", ((d, size) for d in drawings))
    con.commit()
    con.close()


def per_candidate(cpu, wall, count):
    return {"cpu_us": round(cpu / count * 1e6, 2), "wall_us": round(wall / count * 1e6, 2),
            "cpu_ms_all": round(cpu * 1000, 1)}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("index")
    ap.add_argument("--term", default="court", help="the phrase's rarer word, whose rows are the candidates")
    ap.add_argument("--offset", type=int, default=-1, help="the other word's place from it (-1: the word before)")
    ap.add_argument("--scale", type=int, default=4)
    ap.add_argument("--scratch", default="/tmp/bound-lookup-floor")
    ap.add_argument("--name", default="bound-lookup-floor")
    args = ap.parse_args()
    con, pages = results.open_index(args.index, schema=13)
    drawings = [row[0] for row in con.execute("SELECT id FROM drawings ORDER BY id")]
    con.close()
    # words a drawing: the index's words over its drawings (the summary's rows are that long)
    status = sqlite3.connect("file:" + args.index + "?mode=ro", uri=True)
    separators = status.execute(
        "SELECT sum(length(candidates) - length(replace(candidates, char(31), '')) + 1) FROM lines").fetchone()[0]
    status.close()
    words = round(separators / len(drawings))
    index_con = sqlite3.connect("file:" + args.index + "?mode=ro", uri=True)
    starts = sorted({((rowid >> 3) & ((1 << 50) - 1)) + args.offset for (rowid,) in index_con.execute(
        "SELECT rowid FROM readings_fts WHERE readings_fts MATCH ?", ('"' + args.term.replace('"', '""') + '"',))})
    index_con.close()
    if not starts:
        sys.exit(f"{args.index}: no readings of {args.term!r}")
    os.makedirs(args.scratch, exist_ok=True)
    lines_sql = ("SELECT sum((SELECT length(candidates) FROM lines WHERE id <= c.w ORDER BY id DESC LIMIT 1)) "
                 "FROM c")
    cpu, wall, found = timed(args.index, lines_sql, starts)
    figures = {"index": os.path.basename(args.index), "index_pages": pages, "term": args.term,
               "offset": args.offset, "candidates": len(starts), "words_a_drawing": words,
               "lines": per_candidate(cpu, wall, len(starts))}
    print(f"{len(starts)} candidates of {args.term!r}, {words} words a drawing")
    print(f"  lines:                {figures['lines']['cpu_us']} us CPU a candidate ({found} bytes read)")
    top = max(drawings) + 1
    for scale in (1, args.scale):
        cands = [w + (k * top << WORD_BITS) for k in range(scale) for w in starts]
        ids = [d + k * top for k in range(scale) for d in drawings]
        for label, word_bytes in (("buckets", 2), ("scores", 4)):
            path = os.path.join(args.scratch, f"summary-{label}-x{scale}.sqlite")
            make_summary(path, ids, word_bytes, words)
            sql = f"SELECT sum((SELECT length(b) FROM summary WHERE drawing = c.w >> {WORD_BITS})) FROM c"
            cpu, wall, _ = timed(path, sql, cands)
            key = f"summary_{label}_x{scale}"
            figures[key] = per_candidate(cpu, wall, len(cands))
            figures[key].update({"drawings": len(ids), "candidates": len(cands),
                                 "file_mb": round(os.path.getsize(path) / 2**20, 1)})
            print(f"  {key:<21} {figures[key]['cpu_us']} us CPU a candidate, {len(cands)} candidates, "
                  f"{figures[key]['cpu_ms_all']} ms in all ({figures[key]['file_mb']} MB)")
            os.remove(path)
    results.record(args.name, figures, command="Benchmarks/bound_lookup_floor.py " + " ".join(sys.argv[1:]))


if __name__ == "__main__":
    main()
