#!/usr/bin/env python3
"""Grow a notebook-index index by replicating the files it already holds, at the index level.

Recognition is the slow part of building an index (about a second a page on a loaded 2-core
machine), so an index of 50,000 pages or more for measuring queries, or of 10,000 files for
measuring a no-op rebuild, cannot be made by a real build in benchmark time. This tool copies the
rows a real build wrote, in SQL inside SQLite: for each copy k it inserts every template file
under a new path (`relocate`: the root directory ROOT becomes ROOT/copy-NNNNN, or another
prefix), with all its drawings and words, a batch of copies per statement. Each drawing's stroke
IDs are made fresh (every 16-byte ID XOR-ed with a mask hashed from k, so the same run gives the
same IDs; a derived ID's file digest XOR-ed so, which derives other IDs: `StrokeList`) and its key
re-derived the same way. The FTS5 tables are filled, a batch of copies at a
time, with the rows the schema's triggers would give them: the template's readings as the
schema's own `readings` view lists them (read once), under each copy's word IDs.

`--untie` lowers every confidence of copy k by the factor 1 - f(k) * m, f(k) a fraction hashed
from k (so copies come in no particular order of confidence, as real pages do) and m the word's
margin: a relative 1e-6, or less where a reading's score lies closer to its score bucket's floor
(`untie_margin`). Real pages never give thousands of words exactly the same confidence, and the
readings keep their score buckets (`words.reading_buckets` and the FTS5 row IDs), so every stored
bucket stays the bucket of the score a query computes, as a build writes it. (Before, a word of
confidence 1 kept bucket 1023 while its copies scored 1 - 1e-6 f(k), buckets 682-1023: the query's
early stop, which compares a row's bucket with the worst kept score's, then read every row of the
top bucket, a state no build writes.)

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
import json
import math
import os
import struct
import sqlite3
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import line_rows_packed  # noqa: E402
import stroke_list  # noqa: E402

SCHEMA_VERSIONS = (12, 13)  # Sources/SearchIndex/Store/IndexSchema.swift; 13 keeps a line's words in a row
WORD_BITS = 20  # WordID: drawing << 20 | word number


def copy_fraction(copy):
    """A fraction in [0, 1) hashed from the copy number: the same on every run."""
    return int.from_bytes(hashlib.sha256(f"copy-{copy}".encode()).digest()[:8], "big") / 2**64


# ReadingID (Sources/SearchIndex/Store/IndexRowIDs.swift): score buckets and scores, in the same
# floating-point operations, so that a bucket computed here is the one Swift computes
BUCKETS = 1024
MAX_NINES = 9.0


def bucket(score):
    if not math.isfinite(score) or score <= 0:
        return 0
    nines = -math.log10(max(1 - min(1.0, score), 1e-12))
    return min(BUCKETS - 1, math.floor(nines / MAX_NINES * BUCKETS))


def bucket_floor(b):
    return 1 - math.pow(10, -b * MAX_NINES / BUCKETS)


def bucket_ceiling(b):
    """The highest score a reading of bucket `b` can have (ReadingID.ceiling(ofBucket:))."""
    if b >= BUCKETS - 1:
        return 1.0
    return min(1.0, 1 - 10 ** (-(b + 1) * MAX_NINES / BUCKETS) + 1e-12)


def row_bucket(row_id):
    """The score bucket a reading's row ID holds (its highest bits, best first)."""
    return BUCKETS - 1 - (row_id >> 53)


def reading_score(confidence, best, chosen):
    return max(1e-12, min(1.0, confidence) * math.exp(min(0.0, chosen - best)))


def raw_scores(blob):
    """`words.scores` (PackedColumns): little-endian Float32s (a length of 4n), or a tag byte, 8 (or
    4 before schema 11), then little-endian floats of that width."""
    if len(blob) % 4 == 0:
        return list(struct.unpack(f"<{len(blob) // 4}f", blob))
    if blob[0] not in (4, 8) or (len(blob) - 1) % blob[0]:
        return []
    return list(struct.unpack(f"<{(len(blob) - 1) // blob[0]}{'f' if blob[0] == 4 else 'd'}", blob[1:]))


def derived_confidence(scores):
    """The confidence a NULL `words.confidence` stands for (ImpliedColumns): the best candidate's
    share of the candidates' probability, summed in Swift's order."""
    raw = raw_scores(scores)
    if not raw:
        return 0.0
    total = 0.0
    for chosen in raw:
        total += math.exp(chosen - raw[0])
    return 1 / total


def implied_confidence(confidence, scores):
    """`words.confidence` as a build stores it: NULL where the scores give it."""
    return None if confidence == derived_confidence(scores) else confidence


def untie_margin(confidence, scores, buckets, most=1e-6):
    """The largest relative lowering of the word's confidence, at most `most`, that leaves every
    reading in its stored bucket (half the room its closest reading has, then checked exactly as
    Swift computes the score; 0 if even that moves one)."""
    raw = raw_scores(scores) or [0.0]
    stored = [int(b) for b in buckets.split()]
    if len(stored) != len(raw):
        return 0.0
    margin = most
    for chosen, b in zip(raw, stored):
        score = reading_score(confidence, raw[0], chosen)
        if score > 1e-12:
            margin = min(margin, (score - bucket_floor(b)) / score / 2)
    while margin > 0:
        lowest = confidence * (1 - margin)
        if all(bucket(reading_score(lowest, raw[0], chosen)) == b for chosen, b in zip(raw, stored)):
            return margin
        margin /= 2
        if margin < most * 2**-64:
            return 0.0
    return 0.0


def check_buckets(words):
    """How many of `words` (id, confidence, scores, reading_buckets) store a bucket other than their score's."""
    wrong = 0
    for _, confidence, scores, buckets in words:
        raw = raw_scores(scores) or [0.0]
        stored = [int(b) for b in buckets.split()]
        wrong += any(bucket(reading_score(confidence, raw[0], chosen)) != b for chosen, b in zip(raw, stored))
    return wrong


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("source")
    ap.add_argument("out")
    ap.add_argument("--root", required=True)
    ap.add_argument("--copies", type=int, required=True)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--layout", choices=("sibling", "inside"), default="sibling")
    ap.add_argument("--batch", type=int, default=200, help="copies per transaction")
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
    if schema not in SCHEMA_VERSIONS:
        sys.exit(f"replicate_index: {args.source}: schema version {schema}, this tool writes {SCHEMA_VERSIONS}"
                 " (run `notebook-index build` on it first)")
    dst = sqlite3.connect(args.out, isolation_level=None)
    src.backup(dst)
    src.close()

    if args.layout == "sibling":
        template_prefix, copy_prefix = root + "/", root + "-copies/copy-{:05d}/"
    else:
        template_prefix, copy_prefix = root + "/copy-00000/", root + "/copy-{:05d}/"

    def relocate(path, copy):
        return copy_prefix.format(copy) + path[len(template_prefix):]

    masks = {}

    def fresh_strokes(ids, copy):
        """Every 16-byte stroke ID XOR-ed with the copy's mask: distinct from the template's and other copies'."""
        if not ids:
            return ids
        key = (copy, len(ids))
        if key not in masks:
            masks.clear() if len(masks) > 64 else None
            mask = hashlib.blake2b(f"strokes-{copy}".encode(), digest_size=16).digest()
            masks[key] = int.from_bytes(mask * (len(ids) // 16) + bytes(len(ids) % 16), "big")
        return (int.from_bytes(ids, "big") ^ masks[key]).to_bytes(len(ids), "big")

    def fresh_stroke_keys(keys, copy):
        """A drawing's `stroke_keys` with every file digest XOR-ed with the copy's mask."""
        if not keys:
            return keys
        mask = hashlib.blake2b(f"digest-{copy}".encode(), digest_size=64).digest()
        sources, entries = stroke_list.parse(keys)
        return stroke_list.serialize([(bytes(b ^ m for b, m in zip(digest, mask)), prefix)
                                      for digest, prefix in sources], entries)

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
    dst.create_function("fresh_strokes", 2, fresh_strokes, deterministic=True)
    dst.create_function("fresh_key", 2, fresh_key, deterministic=True)
    dst.create_function("fresh_stroke_keys", 2, fresh_stroke_keys, deterministic=True)
    dst.create_function("untie_margin", 3, untie_margin, deterministic=True)
    dst.create_function("derived_confidence", 1, derived_confidence, deterministic=True)
    dst.create_function("untie_info", 4, lambda *a: line_rows_packed.untie_info(*a, derived_confidence, untie_margin),
                        deterministic=True)
    dst.create_function("untied_confidences", 2,
                        lambda info, f: line_rows_packed.untied_confidences(info, f, implied_confidence),
                        deterministic=True)
    lines = schema >= 13
    dst.create_function("implied_confidence", 2, implied_confidence, deterministic=True)
    dst.execute("PRAGMA journal_mode=WAL")
    dst.execute("PRAGMA synchronous=OFF")
    dst.execute("PRAGMA cache_size=-262144")

    # The template, numbered 0, 1, ... so that copy i's rows get IDs base + i * count + rank.
    dst.execute("CREATE TEMP TABLE t_files AS SELECT row_number() OVER (ORDER BY id) - 1 AS rank, * FROM files "
                "WHERE substr(path, 1, ?) = ?", (len(template_prefix), template_prefix))
    n_files = dst.execute("SELECT count(*) FROM t_files").fetchone()[0]
    if n_files == 0:
        sys.exit(f"replicate_index: no file of {args.source} lies under {template_prefix}")
    dst.execute("CREATE TEMP TABLE t_drawings AS SELECT row_number() OVER (ORDER BY d.id) - 1 AS rank, "
                "f.rank AS file_rank, d.* FROM drawings d JOIN t_files f ON f.id = d.file_id")
    if lines:
        # a line's words untied together: each word's confidence and margin kept as JSON
        dst.execute(f"CREATE TEMP TABLE t_lines AS SELECT d.rank AS drawing_rank, l.id & {(1 << WORD_BITS) - 1} AS number, "
                    "l.source, l.candidates, l.folded, l.scores, l.confidences, l.reading_buckets, l.place, "
                    "untie_info(l.candidates, l.scores, l.confidences, l.reading_buckets) AS info "
                    "FROM lines l JOIN t_drawings d ON d.id = l.id >> 20")
    else:
        dst.execute(f"CREATE TEMP TABLE t_words AS SELECT d.rank AS drawing_rank, w.id & {(1 << WORD_BITS) - 1} AS number, "
                    "w.source, w.candidates, w.folded, w.scores, w.confidence AS stored_confidence, "
                    "coalesce(w.confidence, derived_confidence(w.scores)) AS confidence, w.reading_buckets, w.place, "
                    f"untie_margin(coalesce(w.confidence, derived_confidence(w.scores)), w.scores, "
                    f"coalesce(w.reading_buckets, '{BUCKETS - 1}')) AS margin "
                    "FROM words w JOIN t_drawings d ON d.id = w.id >> 20")
    # every reading of the template, as the `readings` view lists it, once: the copies' readings
    # are these under other word IDs, so the view's JSON is not taken apart again for each copy
    dst.execute("CREATE TEMP TABLE t_readings AS SELECT d.rank AS drawing_rank, r.id, r.folded "
                "FROM readings r JOIN t_drawings d ON d.id = r.word_id >> 20")
    n_pages = dst.execute("SELECT count(*) FROM t_drawings").fetchone()[0]
    n_words = dst.execute("SELECT count(*) FROM t_readings WHERE id & 7 = 0").fetchone()[0]
    file_base = dst.execute("SELECT coalesce(max(id), 0) + 1 FROM files").fetchone()[0]
    drawing_base = dst.execute("SELECT coalesce(max(id), 0) + 1 FROM drawings").fetchone()[0]
    # the readings are indexed in bulk after each batch, not word by word by the trigger
    row_table = "lines" if lines else "words"
    trigger = dst.execute("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?",
                          (f"{row_table}_ai",)).fetchone()[0]
    dst.execute(f"DROP TRIGGER {row_table}_ai")
    dst.execute("CREATE TEMP TABLE copies(number INTEGER PRIMARY KEY, slot INTEGER, fraction REAL)")

    untie = 1.0 if args.untie else 0.0
    start = time.time()
    done = 0
    for batch_start in range(args.first, args.first + args.copies, args.batch):
        batch = range(batch_start, min(batch_start + args.batch, args.first + args.copies))
        dst.execute("BEGIN")
        dst.execute("DELETE FROM copies")
        dst.executemany("INSERT INTO copies VALUES (?, ?, ?)",
                        [(k, k - args.first, untie * copy_fraction(k)) for k in batch])
        dst.execute(
            "INSERT INTO files(id, path, size, mtime_ns, content_hash, format, title, pages, error, indexed_at) "
            "SELECT ?1 + c.slot * ?2 + f.rank, relocate(f.path, c.number), disk(relocate(f.path, c.number), 0, f.size), "
            "disk(relocate(f.path, c.number), 1, f.mtime_ns), f.content_hash, f.format, f.title, f.pages, f.error, "
            "f.indexed_at FROM copies c, t_files f ORDER BY c.slot, f.rank", (file_base, n_files))
        dst.execute(
            "INSERT INTO drawings(id, file_id, page, key, strokes, recognition_version, stroke_ids, stroke_keys) "
            "SELECT ?1 + c.slot * ?2 + d.rank, ?3 + c.slot * ?4 + d.file_rank, d.page, fresh_key(d.key, c.number), "
            "d.strokes, d.recognition_version, fresh_strokes(d.stroke_ids, c.number), "
            "fresh_stroke_keys(d.stroke_keys, c.number) "
            "FROM copies c, t_drawings d ORDER BY c.slot, d.rank", (drawing_base, n_pages, file_base, n_files))
        if lines:
            dst.execute(
                "INSERT INTO lines(id, source, candidates, folded, scores, confidences, reading_buckets, place) "
                "SELECT ((?1 + c.slot * ?2 + l.drawing_rank) << 20) | l.number, l.source, "
                "l.candidates, l.folded, l.scores, CASE WHEN c.fraction = 0 THEN l.confidences "
                "ELSE untied_confidences(l.info, c.fraction) END, l.reading_buckets, "
                "l.place FROM copies c, t_lines l ORDER BY c.slot, l.drawing_rank, l.number",
                (drawing_base, n_pages))
        else:
            dst.execute(
                "INSERT INTO words(id, source, candidates, folded, scores, confidence, reading_buckets, place) "
                "SELECT ((?1 + c.slot * ?2 + w.drawing_rank) << 20) | w.number, w.source, "
                "w.candidates, w.folded, w.scores, CASE WHEN c.fraction * w.margin = 0 THEN w.stored_confidence "
                "ELSE implied_confidence(w.confidence * (1 - c.fraction * w.margin), w.scores) END, w.reading_buckets, "
                "w.place FROM copies c, t_words w ORDER BY c.slot, w.drawing_rank, w.number",
                (drawing_base, n_pages))
        for table in ("readings_fts",):
            # the template's readings under each copy's word IDs: the bucket and the reading's
            # rank kept, the word ID (bits 3 to 52 of a ReadingID) replaced
            dst.execute(
                f"INSERT INTO {table}(rowid, folded) "
                f"SELECT ((t.id >> 53) << 53) | (((((?1 + c.slot * ?2 + t.drawing_rank) << {WORD_BITS}) "
                f"| ((t.id >> 3) & {(1 << WORD_BITS) - 1})) << 3)) | (t.id & 7), t.folded "
                "FROM copies c, t_readings t ORDER BY c.slot, t.drawing_rank, t.id", (drawing_base, n_pages))
        dst.execute("COMMIT")
        dst.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        done += len(batch)
        rate = done / max(time.time() - start, 1e-9)
        print(f"  {done}/{args.copies} copies, {done * n_pages} pages, "
              f"{(args.copies - done) / rate:.0f} s left", file=sys.stderr, flush=True)
    dst.execute(trigger)
    dst.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    # the last copies' words: every stored bucket must be its score's, as a build writes it
    last = drawing_base + max(0, args.copies - args.batch) * n_pages
    if lines:
        wrong = check_buckets(line_rows_packed.words_of_lines(dst.execute(
            "SELECT id, candidates, scores, confidences, reading_buckets FROM lines WHERE id >= ?",
            (last << WORD_BITS,)), derived_confidence))
    else:
        wrong = check_buckets(dst.execute(
            f"SELECT id, coalesce(confidence, derived_confidence(scores)), scores, "
            f"coalesce(reading_buckets, '{BUCKETS - 1}') FROM words WHERE id >= ?", (last << WORD_BITS,)))
    if wrong:
        sys.exit(f"replicate_index: {wrong} words of the last copies store a score bucket their scores do not have")
    if lines:
        template = [word[2] for (info,) in dst.execute("SELECT info FROM t_lines") for word in json.loads(info)]
        margins = (len(template), sum(m < 1e-6 for m in template), sum(m == 0 for m in template))
    else:
        margins = dst.execute("SELECT count(*), sum(margin < 1e-6), sum(margin = 0) FROM t_words").fetchone()
    print(f"untie: {margins[0]} template words, {margins[1]} lowered by less than 1e-6 to keep their buckets "
          f"({margins[2]} not at all)", file=sys.stderr)
    dst.close()
    print(f"replicated {n_files} files, {n_pages} pages, {n_words} words x {args.copies} copies "
          f"in {time.time() - start:.0f} s -> {args.out}")


if __name__ == "__main__":
    main()
