#!/usr/bin/env python3
"""What a build's merge of the FTS5 segments costs and gives, old binary against new, in turn.

For each round and each binary: INDEX is copied, a build of NOTEBOOK (a file the index does not
hold, copied under a folder of its own) writes into the copy, and the build's wall and CPU time,
the segments of `readings_fts` and `vocabulary_trigram` after it, and the copy's bytes a page
(pages less free pages, as index_bytes.py counts them) are recorded; then a second build of the
same folder (a no-op) is timed, --noops times (the median kept, and each). A new binary that merges the segments at a build's end
(`IndexStore.mergeSearchSegments`) shows its cost in the first build and its segments after it.
With --keep DIR, the last round's copies stay there as old.sqlite and new.sqlite, for
query_latency.py.

Usage: segment_merge.py INDEX NOTEBOOK --old CLI --new CLI [--rounds 2] [--noops 1] [--keep DIR] [--name NAME]
"""
import argparse
import os
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402


def timed(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)}: exit {done.returncode}: {done.stderr.strip()[:400]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return round(wall, 3), round(cpu, 3)


def shape(index):
    db = sqlite3.connect(index)
    segments = {
        table: db.execute(f"SELECT count(DISTINCT segid) FROM {table}_idx").fetchone()[0]
        for table in ("readings_fts", "vocabulary_trigram")
    }
    page_size = db.execute("PRAGMA page_size").fetchone()[0]
    used = db.execute("PRAGMA page_count").fetchone()[0] - db.execute("PRAGMA freelist_count").fetchone()[0]
    pages = db.execute("SELECT count(*) FROM drawings").fetchone()[0]
    db.close()
    return segments, round(used * page_size / max(pages, 1))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("index")
    ap.add_argument("notebook")
    ap.add_argument("--old", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--noops", type=int, default=1)
    ap.add_argument("--keep")
    ap.add_argument("--name", default="segment-merge")
    args = ap.parse_args()
    for path in (args.index, args.notebook, args.old, args.new):
        if not os.path.exists(path):
            sys.exit(f"{path}: no such file")
    work = tempfile.mkdtemp(prefix="segment-merge-", dir=args.keep)
    folder = os.path.join(work, "added")
    os.makedirs(folder)
    shutil.copy2(args.notebook, folder)
    runs = {"old": [], "new": []}
    try:
        for round_ in range(args.rounds):
            for side in ("old", "new"):
                copy = os.path.join(work, f"{side}.sqlite")
                shutil.copyfile(args.index, copy)
                build = [getattr(args, side), "build", folder, "--index", copy]
                wall, cpu = timed(build)
                segments, bytes_a_page = shape(copy)
                noops = [timed(build) for _ in range(max(1, args.noops))]
                runs[side].append({
                    "round": round_ + 1, "build_s": wall, "build_cpu_s": cpu,
                    "noop_s": statistics.median(n[0] for n in noops),
                    "noop_cpu_s": statistics.median(n[1] for n in noops),
                    "noops": noops, "segments": segments, "bytes_a_page": bytes_a_page,
                })
                print(side, runs[side][-1], file=sys.stderr)
        segments, bytes_a_page = shape(args.index)
        figures = {"index": {"segments": segments, "bytes_a_page": bytes_a_page}, **runs}
        results.record(args.name, figures)
    finally:
        if not args.keep:
            shutil.rmtree(work)
        else:
            print(f"kept: {work}", file=sys.stderr)


if __name__ == "__main__":
    main()
