#!/usr/bin/env python3
"""Grow a notebook-index index by replicating the files it already holds, at the index level.

Recognition is the slow part of building an index (about a second a page on a loaded 2-core
machine), so an index of 50,000 pages for measuring queries, or of 10,000 files for measuring a
no-op rebuild, cannot be made by a real build in benchmark time. This tool copies the rows a
real build wrote: for each copy k it inserts every file under a new path (`relocate`: the root
directory ROOT becomes ROOT/copy-NNNNN, or another prefix), with all its drawings and words,
each stroke ID replaced by a fresh one (a UUID hashed from the copy number and the old ID, so
the same run gives the same IDs) and each drawing key re-derived the same way. The FTS5 tables
are filled by the schema's own triggers, exactly as in a build.

`--untie` lowers every confidence of copy k by the factor 1 - f(k) * 1e-6, f(k) a fraction hashed
from k (so copies come in no particular order of confidence, as real pages do): real pages never give
thousands of words exactly the same confidence, and exact ties would defeat the query engine's
early stop (it reads readings by falling score) in a way no real index does.

What it does not do: recognize anything. The rows are those of the template files, so every
word's readings and scores occur once per copy. Size, mtime and content hash are copied, so
when the copies exist on disk (`cp -p` of the template files; hard links would not do, since
the crawler lists a file reached twice once), a build over them finds every file unchanged, as
after a real build; `--stat` takes size and mtime from the copies themselves.

Usage: replicate_index.py SOURCE_INDEX OUT_INDEX --root DIR --copies N [--first K]
  SOURCE_INDEX  an index made by `notebook-index build DIR`
  OUT_INDEX     written from a copy of SOURCE_INDEX plus the replicas (replaced if present)
  --root DIR    the directory the template files sit under (absolute, as in the index)
  --copies N    how many replicas to add; copy numbers run from --first (default 1)
  --layout      `sibling` (default): DIR/x -> DIR-copies/copy-NNNNN/x;
                `inside`: DIR/copy-00000/x -> DIR/copy-NNNNN/x (the template is copy 0)
"""
import argparse
import hashlib
import math
import os
import sqlite3
import sys
import time
import uuid


def fresh_uuid(copy, old):
    digest = hashlib.blake2b(f"{copy}:{old}".encode(), digest_size=16).digest()
    return str(uuid.UUID(bytes=digest, version=4)).upper()


SCHEMA_VERSION = 6  # Sources/SearchIndex/Store/IndexSchema.swift


# Each reading's score bucket (Sources/SearchIndex/Store/IndexRowIDs.swift, ReadingID): the score is the
# confidence times the reading's likelihood relative to the best; buckets are even steps of
# -log10(1 - score) from 0 to 9 nines. The schema's triggers index every reading under its bucket.
def reading_bucket(score):
    if not score > 0:
        return 0
    nines = -math.log10(max(1.0 - min(1.0, score), 1e-12))
    return min(1023, int(nines / 9.0 * 1024))


def reading_buckets(confidence, scores):
    values = [float(v) for v in scores.split()]
    best = values[0] if values else 0.0
    return " ".join(str(reading_bucket(max(1e-12, min(1.0, confidence) * math.exp(min(0.0, v - best)))))
                    for v in values)


def copy_fraction(copy):
    """A fraction in [0, 1) hashed from the copy number: the same on every run."""
    return int.from_bytes(hashlib.sha256(f"copy-{copy}".encode()).digest()[:8], "big") / 2**64


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("source")
    ap.add_argument("out")
    ap.add_argument("--root", required=True)
    ap.add_argument("--copies", type=int, required=True)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--layout", choices=("sibling", "inside"), default="sibling")
    ap.add_argument("--batch", type=int, default=100, help="copies per transaction")
    ap.add_argument("--untie", action="store_true",
                    help="lower each copy's confidences by up to 1e-6 (relative, hashed from the copy number), so that copies do not tie")
    ap.add_argument("--stat", action="store_true",
                    help="take size and mtime from the copy on disk when it exists (cp -p keeps them anyway)")
    args = ap.parse_args()
    root = os.path.abspath(args.root).rstrip("/")

    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(args.out + suffix):
            os.remove(args.out + suffix)
    src = sqlite3.connect(args.source)
    schema = src.execute("PRAGMA user_version").fetchone()[0]
    if schema != SCHEMA_VERSION:
        sys.exit(f"replicate_index: {args.source}: schema version {schema}, this tool writes {SCHEMA_VERSION}"
                 " (run `notebook-index build` on it first)")
    dst = sqlite3.connect(args.out)
    src.backup(dst)
    src.close()

    if args.layout == "sibling":
        template_prefix, copy_prefix = root + "/", root + "-copies/copy-{:05d}/"
    else:
        template_prefix, copy_prefix = root + "/copy-00000/", root + "/copy-{:05d}/"

    def relocate(path, copy):
        return copy_prefix.format(copy) + path[len(template_prefix):]

    def fresh_ids(ids, copy):
        return ",".join(fresh_uuid(copy, i) for i in ids.split(",")) if ids else ids

    def fresh_key(key, copy):
        return hashlib.blake2b(f"{copy}:{key}".encode(), digest_size=16).hexdigest()

    def disk(path, field, fallback):
        if not args.stat:
            return fallback
        try:
            st = os.stat(path)
        except OSError:
            return fallback
        return st.st_size if field == 0 else st.st_mtime_ns

    dst.create_function("relocate", 2, relocate, deterministic=True)
    dst.create_function("disk", 3, disk)
    dst.create_function("fresh_ids", 2, fresh_ids, deterministic=True)
    dst.create_function("fresh_key", 2, fresh_key, deterministic=True)
    dst.create_function("reading_buckets", 2, reading_buckets, deterministic=True)
    dst.execute("PRAGMA journal_mode=WAL")
    dst.execute("PRAGMA synchronous=OFF")
    dst.execute("PRAGMA cache_size=-262144")
    dst.execute("PRAGMA foreign_keys=ON")

    # The template: every file under the template prefix, as the real build left it.
    dst.execute("CREATE TEMP TABLE t_files AS SELECT * FROM files WHERE substr(path, 1, ?) = ?",
                (len(template_prefix), template_prefix))
    n_files = dst.execute("SELECT count(*) FROM t_files").fetchone()[0]
    if n_files == 0:
        sys.exit(f"replicate_index: no file of {args.source} lies under {template_prefix}")
    dst.execute("CREATE TEMP TABLE t_drawings AS SELECT d.* FROM drawings d JOIN t_files f ON f.id = d.file_id")
    dst.execute("CREATE TEMP TABLE t_words AS SELECT w.*, d.file_id AS t_file, d.page AS t_page "
                "FROM words w JOIN t_drawings d ON d.id = w.drawing_id")
    n_pages = dst.execute("SELECT count(*) FROM t_drawings").fetchone()[0]
    n_words = dst.execute("SELECT count(*) FROM t_words").fetchone()[0]

    untie = 1e-6 if args.untie else 0.0
    start = time.time()
    dst.execute("BEGIN")
    for i, copy in enumerate(range(args.first, args.first + args.copies)):
        dst.execute(
            "INSERT INTO files(path, size, mtime_ns, content_hash, format, title, pages, error, indexed_at) "
            "SELECT relocate(path, ?1), disk(relocate(path, ?1), 0, size), disk(relocate(path, ?1), 1, mtime_ns), content_hash, format, title, pages, error, indexed_at "
            "FROM t_files ORDER BY id", (copy,))
        dst.execute(
            "INSERT INTO drawings(file_id, page, key, strokes, recognition_version, text) "
            "SELECT nf.id, d.page, fresh_key(d.key, ?1), d.strokes, d.recognition_version, d.text "
            "FROM t_drawings d JOIN t_files f ON f.id = d.file_id "
            "JOIN files nf ON nf.path = relocate(f.path, ?1) ORDER BY d.id", (copy,))
        dst.execute(
            "INSERT INTO words(id, drawing_id, source, line, position, text, candidates, scores, folded, "
            "confidence, stroke_ids, x, y, width, height, reading_buckets) "
            "SELECT (nd.id << 20) | (w.id & 1048575), nd.id, w.source, w.line, w.position, w.text, w.candidates, "
            "w.scores, w.folded, w.confidence * (1 - ?2), fresh_ids(w.stroke_ids, ?1), w.x, w.y, w.width, w.height, "
            "reading_buckets(w.confidence * (1 - ?2), w.scores) "
            "FROM t_words w JOIN t_files f ON f.id = w.t_file "
            "JOIN files nf ON nf.path = relocate(f.path, ?1) "
            "JOIN drawings nd ON nd.file_id = nf.id AND nd.page = w.t_page ORDER BY w.id", (copy, untie * copy_fraction(copy)))
        if (i + 1) % args.batch == 0:
            dst.execute("COMMIT")
            dst.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            done = i + 1
            rate = done / max(time.time() - start, 1e-9)
            print(f"  {done}/{args.copies} copies, {done * n_pages} pages, "
                  f"{(args.copies - done) / rate:.0f} s left", file=sys.stderr, flush=True)
            dst.execute("BEGIN")
    dst.execute("COMMIT")
    dst.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    dst.close()
    print(f"replicated {n_files} files, {n_pages} pages, {n_words} words x {args.copies} copies "
          f"in {time.time() - start:.0f} s -> {args.out}")


if __name__ == "__main__":
    main()
