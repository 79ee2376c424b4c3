#!/usr/bin/env python3
"""Two builds of notebook-index on two indexes of the same notebooks: the same answers, and how fast.

Runs the queries `make bench-index` draws (bench_index.py: 200 words in-word, with --full-words
and with --fuzzy, 100 two-word phrases) with `--json` on each side, and checks that every query
prints exactly the same (hits, order, stroke IDs, bounds, scores, lines); prints each side's
p50/p99 per mode, of wall and of CPU time (user and system of the query's process). Made for a schema change: the old binary on an index of the old schema, the
new one on the same index upgraded (`notebook-index build`), e.g.

    compare_answers.py --old /tmp/s6/notebook-index --old-index r6.sqlite \\
                       --new .build/release/notebook-index --new-index r7.sqlite

With `--bounds-tolerance T` (schema 8 stores bounds in hundredths of a point, docs/index-design.md),
an answer whose only differences are numbers inside `bounds` objects, each within T, counts as the
same to that precision; the figures say how many answers were byte for byte the same and the
largest bound difference seen. `--modes phrase --no-bytes` runs one kind of query and skips
measuring the bytes (dbstat reads the whole file: minutes at 1,000,000 pages), e.g. two query
plans on the same index. Exits 1 when an answer differs. Writes Benchmarks/results/compare_answers-<date>.json (or --json).
"""
import argparse
import datetime
import json
import os
import platform
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import bench_index  # noqa: E402
import index_bytes  # noqa: E402


def bounds_difference(a, b, inside=False):
    """The largest difference between numbers inside `bounds` objects of two parsed answers, or
    None when they differ anywhere else."""
    if isinstance(a, dict) and isinstance(b, dict):
        if a.keys() != b.keys():
            return None
        worst = 0.0
        for key in a:
            d = bounds_difference(a[key], b[key], inside or key == "bounds")
            if d is None:
                return None
            worst = max(worst, d)
        return worst
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return None
        worst = 0.0
        for x, y in zip(a, b):
            d = bounds_difference(x, y, inside)
            if d is None:
                return None
            worst = max(worst, d)
        return worst
    if inside and isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return abs(a - b)
    return 0.0 if a == b else None


def run(cli, index, text, extra):
    """One query: its wall time and CPU time (user and system, in ms), exit status and output."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    p = subprocess.run([cli, "query", text, "--index", index, "--json"] + extra, capture_output=True, text=True)
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - used.ru_utime + after.ru_stime - used.ru_stime) * 1000
    return wall, cpu, p.returncode, p.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--old", required=True)
    ap.add_argument("--old-index", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--new-index", required=True)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--json")
    ap.add_argument("--modes", default="in-word,full-words,fuzzy,phrase",
                    help="the kinds of query to run, comma-separated (e.g. phrase)")
    ap.add_argument("--no-bytes", dest="bytes", action="store_false",
                    help="skip measuring each index's bytes a page (dbstat reads the whole file)")
    ap.add_argument("--bounds-tolerance", type=float, default=0.0,
                    help="answers differing only in bounds, each number by at most this, count as the same")
    args = ap.parse_args()
    words = bench_index.query_words(args.queries, 11)
    phrases = bench_index.query_phrases(args.queries // 2, 11)
    for side in ((args.old, args.old_index), (args.new, args.new_index)):
        with open(side[1], "rb") as f:  # warm the page cache, as bench_index.py does
            while f.read(1 << 24):
                pass
        run(side[0], side[1], "warmup", [])
    modes, differences = {}, []
    byte_same, worst_bounds = 0, 0.0
    for mode, extra, texts in (("in-word", [], words), ("full-words", ["--full-words"], words),
                               ("fuzzy", ["--fuzzy"], words), ("phrase", [], phrases)):
        if mode not in args.modes.split(","):
            continue
        lat = {"old": [], "new": []}
        cpu = {"old": [], "new": []}
        for text in texts:
            # alternate sides, so that load on the machine falls on both alike
            ms_old, cpu_old, rc_old, out_old = run(args.old, args.old_index, text, extra)
            ms_new, cpu_new, rc_new, out_new = run(args.new, args.new_index, text, extra)
            lat["old"].append(ms_old)
            lat["new"].append(ms_new)
            cpu["old"].append(cpu_old)
            cpu["new"].append(cpu_new)
            if (rc_old, out_old) == (rc_new, out_new):
                byte_same += 1
                continue
            d = None
            if rc_old == rc_new and args.bounds_tolerance > 0:
                try:
                    d = bounds_difference(json.loads(out_old), json.loads(out_new))
                except ValueError:
                    d = None
            if d is None or d > args.bounds_tolerance + 1e-9:
                differences.append({"mode": mode, "query": text})
            else:
                worst_bounds = max(worst_bounds, d)
        modes[mode] = {side: {"p50_ms": round(bench_index.percentile(v, 0.5), 1),
                              "p99_ms": round(bench_index.percentile(v, 0.99), 1),
                              "cpu_p50_ms": round(bench_index.percentile(cpu[side], 0.5), 1),
                              "cpu_p99_ms": round(bench_index.percentile(cpu[side], 0.99), 1)}
                       for side, v in lat.items()}
        modes[mode]["queries"] = len(texts)
        m = modes[mode]
        print(f"  {mode:<11} old p50 {m['old']['p50_ms']} p99 {m['old']['p99_ms']} ms (CPU {m['old']['cpu_p50_ms']} / "
              f"{m['old']['cpu_p99_ms']});  new p50 {m['new']['p50_ms']} p99 {m['new']['p99_ms']} ms (CPU "
              f"{m['new']['cpu_p50_ms']} / {m['new']['cpu_p99_ms']})", flush=True)
    sizes = {side: index_bytes.measure(path)["bytes_per_page"] if args.bytes else None
             for side, path in (("old", args.old_index), ("new", args.new_index))}
    total = sum(m["queries"] for m in modes.values())
    if args.bytes:
        print(f"  bytes a page: old {sizes['old']}, new {sizes['new']}")
    if args.bounds_tolerance > 0:
        print(f"  {byte_same} of {total} byte for byte; the largest bound difference {worst_bounds:.4f}")
    print(f"  {total - len(differences)} of {total} queries answer the same" +
          ("" if not differences else f"; DIFFERENT: {differences[:10]}"))
    out = args.json or os.path.join(HERE, "results", f"compare_answers-{datetime.date.today().isoformat()}.json")
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    with open(out, "w") as f:
        json.dump({"benchmark": "compare_answers", "commit": commit,
                   "machine": f"{platform.node()} ({os.cpu_count()} cores)",
                   "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                   "command": " ".join([os.path.relpath(sys.argv[0], ROOT)] + sys.argv[1:]),
                   "figures": {"modes": modes, "bytes_per_page": sizes, "queries": total,
                               "same_answers": total - len(differences), "differences": differences,
                               "bounds_tolerance": args.bounds_tolerance, "byte_for_byte_same": byte_same,
                               "bounds_max_difference": round(worst_bounds, 6)}}, f, indent=1)
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
