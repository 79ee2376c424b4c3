#!/usr/bin/env python3
"""Where an index's bytes go: each table and index (SQLite's `dbstat`), and each column of `words`
(of `lines`, where schema 13 keeps a line's words in a row; still given a word).

Reports, for an index made by `notebook-index build`, the bytes a notebook page takes: the file's
pages less its free pages, over the pages of its notebooks (`files.pages`). The FTS5 tables are
shown with their shadow tables (`_data`, `_idx`, `_docsize`, `_config`) under one name each; the
columns of `words` are the bytes their values take in the rows (before SQLite's record
headers and B-tree pages). Needs an SQLite with the `dbstat` table (Debian's has it).

Usage: index_bytes.py INDEX [--json OUT] [--record] [--label TEXT]
  --record  also write Benchmarks/results/index_bytes-<date>.json (Benchmarks/results.py)
"""
import argparse
import datetime
import json
import os
import platform
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import results  # noqa: E402


def owner(name, tables):
    """The table a shadow table or index belongs to: `readings_fts_data` -> `readings_fts`."""
    for suffix in ("_data", "_idx", "_docsize", "_config", "_content"):
        if name.endswith(suffix) and name[: -len(suffix)] in tables:
            return name[: -len(suffix)]
    return name


def stored(column):
    """SQL for the bytes a column's values take in SQLite's records: 8 for a real, except a whole
    one (in a REAL column SQLite stores it as an integer), the integer's serial size (none for 0
    and 1), the length of text and blobs."""
    integer = (f"(CASE WHEN {column} IN (0, 1) THEN 0 WHEN abs({column}) < 128 THEN 1 "
               f"WHEN abs({column}) < 32768 THEN 2 WHEN abs({column}) < 8388608 THEN 3 "
               f"WHEN abs({column}) < 2147483648 THEN 4 WHEN abs({column}) < 140737488355328 THEN 6 ELSE 8 END)")
    return (f"coalesce(sum(CASE typeof({column}) WHEN 'null' THEN 0 "
            f"WHEN 'real' THEN (CASE WHEN abs({column}) < 9.0e15 AND {column} = CAST({column} AS INTEGER) "
            f"THEN {integer} ELSE 8 END) "
            f"WHEN 'integer' THEN {integer} ELSE length(CAST({column} AS BLOB)) END), 0)")


def measure(path):
    con, pages = results.open_index(path)
    page_size = con.execute("PRAGMA page_size").fetchone()[0]
    page_count = con.execute("PRAGMA page_count").fetchone()[0]
    free = con.execute("PRAGMA freelist_count").fetchone()[0]
    schema = con.execute("PRAGMA user_version").fetchone()[0]
    words = con.execute("SELECT count(*) FROM words").fetchone()[0]
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}
    objects = {}
    unused = dict(con.execute("SELECT name, sum(unused) FROM dbstat GROUP BY name").fetchall())
    for name, size, payload in con.execute("SELECT name, sum(pgsize), sum(payload) FROM dbstat GROUP BY name"):
        key = owner(name, tables)
        entry = objects.setdefault(key, {"bytes": 0, "payload": 0, "parts": {}})
        entry["bytes"] += size
        entry["payload"] += payload
        entry["parts"][name] = size
    # schema 13 stores a line's words in a row of `lines` (`words` is a view there)
    rows = "lines" if "lines" in tables else "words"
    columns = [r[1] for r in con.execute(f"PRAGMA table_info({rows})")]
    sums = con.execute("SELECT " + ", ".join(stored(c) for c in columns) + f" FROM {rows}").fetchone()
    drawing_columns = [r[1] for r in con.execute("PRAGMA table_info(drawings)")]
    drawing_sums = con.execute("SELECT " + ", ".join(stored(c) for c in drawing_columns) + " FROM drawings").fetchone()
    readings = con.execute("SELECT count(*) FROM readings").fetchone()[0]
    # a words row on its pages: the columns' values, the record's header (a serial type a column),
    # the cell's rowid, length and pointer with the pages' own headers, and the space left unused
    # (`id` is the rowid: its value is not in the record)
    values = sum(v for c, v in zip(columns, sums) if c != "id")
    anatomy = {}
    if words and rows in objects:
        payload = objects[rows]["payload"]
        anatomy = {"values": values / words, "record_header": (payload - values) / words,
                   "cell_and_page_overhead": (objects[rows]["bytes"] - payload - unused[rows]) / words,
                   "unused": unused[rows] / words}
        anatomy = {k: round(v, 1) for k, v in anatomy.items()}
    con.close()
    used = (page_count - free) * page_size
    per_page = lambda b: round(b / pages, 1) if pages else None  # noqa: E731
    return {
        "schema": schema, "notebook_pages": pages, "words": words, "word_rows_table": rows,
        "indexed_readings": readings,
        "file_bytes": page_count * page_size, "free_bytes": free * page_size, "used_bytes": used,
        "bytes_per_page": per_page(used), "bytes_per_word": round(used / words, 1) if words else None,
        "objects": {k: {"bytes": v["bytes"], "bytes_per_page": per_page(v["bytes"]),
                        "share": round(v["bytes"] / used, 3), "parts": v["parts"]}
                    for k, v in sorted(objects.items(), key=lambda kv: -kv[1]["bytes"])},
        "words_columns_bytes_per_word": {c: round(s / words, 1) if words else 0 for c, s in zip(columns, sums)},
        "words_row_bytes_per_word": anatomy,
        "drawings_columns_bytes_per_page": {c: per_page(s) for c, s in zip(drawing_columns, drawing_sums)},
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("index")
    ap.add_argument("--json", help="also write the figures here")
    ap.add_argument("--label", default="", help="what the index is (written into the JSON)")
    ap.add_argument("--record", action="store_true", help="record the figures through Benchmarks/results.py")
    args = ap.parse_args()
    figures = measure(args.index)
    print(f"{args.index}: schema {figures['schema']}, {figures['notebook_pages']} pages, {figures['words']} words, "
          f"{figures['indexed_readings']} indexed readings")
    print(f"  {figures['used_bytes']} bytes used ({figures['free_bytes']} free): "
          f"{figures['bytes_per_page']} a page, {figures['bytes_per_word']} a word")
    for name, o in figures["objects"].items():
        print(f"  {name:<24} {o['bytes_per_page']:>9} bytes a page  {o['share'] * 100:5.1f} %")
    print("  words rows, bytes a word: " + ", ".join(f"{k} {v}" for k, v in figures["words_row_bytes_per_word"].items()))
    print("  words columns, bytes a word: " + ", ".join(
        f"{c} {b}" for c, b in figures["words_columns_bytes_per_word"].items()))
    command = " ".join([os.path.relpath(sys.argv[0], ROOT)] + sys.argv[1:])
    if args.record:
        results.record("index_bytes", figures, command=command, notes=args.label or None)
    if args.json:
        commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
        record = {"benchmark": "index_bytes", "commit": commit, "machine": f"{platform.node()} ({os.cpu_count()} cores)",
                  "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                  "command": command, "label": args.label,
                  "figures": figures}
        with open(args.json, "w") as f:
            json.dump(record, f, indent=1)


if __name__ == "__main__":
    main()
