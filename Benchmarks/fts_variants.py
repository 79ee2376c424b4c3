#!/usr/bin/env python3
"""What the FTS5 options cost: an index's readings indexed again under each variant, bytes a page.

Reads the `readings` view of an index (its FTS rows: ID and folded reading) into a scratch
database and builds, for each tokenizer the index uses (unicode61 for whole words, trigram for
in-word matching), one external-content FTS5 table per variant of `detail` (full, column, none)
and `columnsize` (1, 0), a batch of rows per transaction as a build writes them; prints each
table's bytes (its shadow tables, by `dbstat`) over the index's notebook pages. `detail=none`
keeps only row IDs (no positions: a phrase query becomes an AND of its tokens, a superset that
the query's own checks narrow down), `columnsize=0` drops the `_docsize` table (bm25 needs it;
the queries use none).

Usage: fts_variants.py INDEX [--json OUT] [--batch 2000]
"""
import argparse
import datetime
import json
import os
import platform
import sqlite3
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TOKENIZERS = {"unicode61": "unicode61 remove_diacritics 2", "trigram": "trigram"}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("index")
    ap.add_argument("--json")
    ap.add_argument("--batch", type=int, default=2000, help="rows a transaction")
    args = ap.parse_args()
    src = sqlite3.connect(f"file:{args.index}?mode=ro", uri=True)
    pages = src.execute("SELECT sum(pages) FROM files").fetchone()[0]
    rows = src.execute("SELECT id, folded FROM readings ORDER BY word_id, id").fetchall()
    src.close()
    results = {}
    with tempfile.TemporaryDirectory() as scratch:
        db = sqlite3.connect(os.path.join(scratch, "variants.sqlite"), isolation_level=None)
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = OFF")  # a scratch file: no fsync a batch
        db.execute("CREATE TABLE readings(id INTEGER PRIMARY KEY, folded TEXT)")
        db.executemany("INSERT INTO readings VALUES (?, ?)", rows)
        for name, tokenize in TOKENIZERS.items():
            for detail in ("full", "column", "none"):
                for columnsize in (1, 0):
                    table = f"{name}_{detail}_{columnsize}"
                    db.execute(
                        f"CREATE VIRTUAL TABLE {table} USING fts5(folded, content='readings', content_rowid='id', "
                        f"tokenize='{tokenize}', detail={detail}, columnsize={columnsize})")
                    for start in range(0, len(rows), args.batch):
                        db.execute("BEGIN")
                        db.executemany(f"INSERT INTO {table}(rowid, folded) VALUES (?, ?)",
                                       rows[start:start + args.batch])
                        db.execute("COMMIT")
                    size = db.execute("SELECT sum(pgsize) FROM dbstat WHERE substr(name, 1, ?) = ?",
                                      (len(table) + 1, table + "_")).fetchone()[0]
                    results[table] = {"tokenizer": name, "detail": detail, "columnsize": columnsize,
                                      "bytes": size, "bytes_per_page": round(size / pages, 1)}
                    print(f"  {table:<22} {size / pages:9.1f} bytes a page", flush=True)
        db.close()
    if args.json:
        commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
        with open(args.json, "w") as f:
            json.dump({"benchmark": "fts_variants", "commit": commit,
                       "machine": f"{platform.node()} ({os.cpu_count()} cores)",
                       "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                       "command": " ".join([os.path.relpath(sys.argv[0], ROOT)] + sys.argv[1:]),
                       "figures": {"notebook_pages": pages, "readings": len(rows), "variants": results}}, f, indent=1)


if __name__ == "__main__":
    main()
