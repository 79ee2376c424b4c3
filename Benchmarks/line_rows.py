#!/usr/bin/env python3
"""What `words` would take with a line's words in one row: an estimate, from an index's own words.

Schema 12 stores a row per word; each row pays SQLite's cell overhead (its rowid's varint, the
payload's length, a cell pointer) and a record header (a byte a column and one for its size)
whatever its values. This writes, into a scratch database beside a copy of `words`, a table of
one row per line (a drawing's words of one source and one line number, `PackedPlace`), each
column the line's words' values together: texts joined by U+001F (a NULL as nothing), blobs each
behind its length as a varint, the line number once, the confidences stored (not implied,
`ImpliedColumns`) as a list of (index, double). Both tables are vacuumed and measured with
`dbstat`, and the bytes a page of each are reported over the index's notebook pages
(`files.pages`, as index_bytes.py counts them).

What it does not count: a query would address a word as its line's row and its index there, so
`readings_fts`'s row IDs would carry a few bits more (FTS5 stores them as deltas of varints); and
the code to read a word out of its line.

Usage: line_rows.py INDEX [--record]
"""
import argparse
import os
import sqlite3
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402


def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def read_varint(data):
    value, shift = 0, 0
    for index, byte in enumerate(data):
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, index + 1
    return value, len(data)


def line_of(place):
    """The line number a `words.place` blob starts with, and the rest of the blob."""
    value, used = read_varint(place)
    zigzag = value >> 1
    return (zigzag >> 1) ^ -(zigzag & 1), place[used:]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("index")
    ap.add_argument("--record", action="store_true")
    args = ap.parse_args()
    source, pages = results.open_index(
        args.index, schema=12, other_schema="schema 13 stores its lines so: Benchmarks/line_packing.py")
    with tempfile.TemporaryDirectory(prefix="line-rows-") as work:
        scratch = sqlite3.connect(os.path.join(work, "scratch.sqlite"))
        scratch.execute(
            "CREATE TABLE words(id INTEGER PRIMARY KEY, source INTEGER NOT NULL, candidates TEXT NOT NULL, "
            "folded TEXT, scores BLOB NOT NULL, confidence REAL, reading_buckets TEXT, place BLOB NOT NULL)")
        scratch.execute(
            "CREATE TABLE lines(id INTEGER PRIMARY KEY, source INTEGER NOT NULL, line INTEGER NOT NULL, "
            "candidates TEXT NOT NULL, folded TEXT, scores BLOB NOT NULL, confidences BLOB, reading_buckets TEXT, "
            "places BLOB NOT NULL)")
        rows = source.execute(
            "SELECT id, source, candidates, folded, scores, confidence, reading_buckets, place FROM words ORDER BY id")
        current, group, words, lines = None, [], 0, 0

        def flush():
            nonlocal lines
            if not group:
                return
            drawing, source_kind, line = current
            joined = {column: "\x1f".join(row[column] or "" for row in group) for column in ("candidates", "folded",
                                                                                               "reading_buckets")}
            confidences = b"".join(varint(index) + struct.pack("<d", row["confidence"])
                                   for index, row in enumerate(group) if row["confidence"] is not None)
            scratch.execute(
                "INSERT INTO lines VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                ((drawing << 20) | lines % (1 << 20), source_kind, line, joined["candidates"],
                 joined["folded"] if any(row["folded"] is not None for row in group) else None,
                 b"".join(varint(len(row["scores"])) + row["scores"] for row in group),
                 confidences or None,
                 joined["reading_buckets"] if any(row["reading_buckets"] is not None for row in group) else None,
                 b"".join(varint(len(row["rest"])) + row["rest"] for row in group)))
            lines += 1
            group.clear()

        names = ("id", "source", "candidates", "folded", "scores", "confidence", "reading_buckets", "place")
        for values in rows:
            row = dict(zip(names, values))
            scratch.execute("INSERT INTO words VALUES (?, ?, ?, ?, ?, ?, ?, ?)", values)
            words += 1
            line, row["rest"] = line_of(bytes(row["place"]))
            key = (row["id"] >> 20, row["source"], line)
            if key != current:
                flush()
                current = key
            group.append(row)
        flush()
        scratch.commit()
        scratch.execute("VACUUM")
        sizes = dict(scratch.execute("SELECT name, sum(pgsize) FROM dbstat WHERE name IN ('words', 'lines') "
                                     "GROUP BY name").fetchall())
    figures = {
        "pages": pages, "words": words, "lines": lines,
        "words_bytes_a_page": round(sizes["words"] / pages), "lines_bytes_a_page": round(sizes["lines"] / pages),
        "saved_bytes_a_page": round((sizes["words"] - sizes["lines"]) / pages),
    }
    print(figures)
    if args.record:
        results.record("line-rows", figures)


if __name__ == "__main__":
    main()
