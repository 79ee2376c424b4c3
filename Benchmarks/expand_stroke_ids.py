#!/usr/bin/env python3
"""Write every derived stroke ID of a schema-9 index whole, as schema 8 stored them.

Schema 9 stores a stroke ID that a reader derived from the file's digest and a key as that digest
and key (`StrokeList`); this derives each such ID in Python (`stroke_list.py`, apart from the
Swift code) and stores it in `drawings.stroke_ids`, in list order, with `stroke_keys` NULL, then
VACUUMs. The words are untouched (their strokes are positions in the same list). For measuring:
the same index with and without derived IDs gives the bytes they save, and
`compare_answers.py` on the two checks that the IDs a query derives are these.

Usage: expand_stroke_ids.py INDEX   (changed in place)
"""
import os
import sqlite3
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stroke_list  # noqa: E402


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    con = sqlite3.connect(sys.argv[1], isolation_level=None)
    if con.execute("PRAGMA user_version").fetchone()[0] not in (9, 10):
        sys.exit("expand_stroke_ids: not a schema-9 or 10 index")
    con.execute("BEGIN")
    rows = con.execute("SELECT id, stroke_ids, stroke_keys FROM drawings WHERE length(stroke_keys) > 0").fetchall()
    for drawing, stored, keys in rows:
        whole = b"".join(stroke_list.ids(stored, keys))
        con.execute("UPDATE drawings SET stroke_ids = ?, stroke_keys = NULL WHERE id = ?", (whole, drawing))
    con.execute("COMMIT")
    con.execute("VACUUM")
    print(f"{len(rows)} drawings' stroke IDs written whole")


if __name__ == "__main__":
    main()
