#!/usr/bin/env python3
"""Query latency on an existing index, end to end (process start included), with the slowest queries.

Usage: query_latency.py INDEX [--phrases] [--page-reads] [--cli .build/release/notebook-index] [-- QUERY OPTIONS...]
Words (200) and two-word phrases (100) are drawn as `make bench-index` draws them (bench_index.py),
e.g. `query_latency.py big.sqlite --phrases` or `query_latency.py big.sqlite -- --fuzzy`.
`--page-reads` runs each query once more under strace and reports its pread64 calls too;
`--query TEXT` (repeatable) runs those queries instead, e.g. `--query foul --page-reads -- --limit 10`.
Each query's CPU time (user and system, of the process) is reported beside its wall time: on a
machine shared with other work it moves much less with the load, and the result lists the queries
of most CPU (`most_cpu`).
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_index  # noqa: E402
import results  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("index")
    ap.add_argument("--phrases", action="store_true")
    ap.add_argument("--page-reads", action="store_true", help="count each query's page reads (strace)")
    ap.add_argument("--query", action="append", help="a query to run instead of the drawn ones (repeatable)")
    ap.add_argument("--name", help="the result's name (default: query-latency-words or -phrases, then the options)")
    ap.add_argument("--cli", default=os.path.join(bench_index.ROOT, ".build", "release", "notebook-index"))
    ap.add_argument("extra", nargs="*", help="options passed to every query (after --)")
    args = ap.parse_args()
    texts = args.query or (bench_index.query_phrases(100, 11) if args.phrases else bench_index.query_words(200, 11))
    timings = []
    cpu = []
    for text in texts:
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        p = subprocess.run([args.cli, "query", text, "--index", args.index, "--json"] + args.extra,
                           capture_output=True, text=True)
        ms = (time.perf_counter() - start) * 1000
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append((after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime) * 1000)
        if p.returncode not in (0, 1):
            raise SystemExit(f"query {text!r} failed ({p.returncode}): {p.stderr.strip()}")
        reads = (bench_index.page_reads([args.cli, "query", text, "--index", args.index, "--json"] + args.extra)
                 if args.page_reads else None)
        timings.append((ms, text, len(json.loads(p.stdout)["results"]) if p.stdout.strip() else 0, reads, cpu[-1]))
    slowest = sorted(timings, key=lambda t: t[0], reverse=True)[:8]
    for ms, text, hits, reads, _ in slowest:
        print(f"{ms:8.1f} ms  {text!r}  {hits} hits" + (f", {reads} page reads" if reads is not None else ""))
    lat = sorted(t[0] for t in timings)
    p50, p99 = bench_index.percentile(lat, .5), bench_index.percentile(lat, .99)
    cpu.sort()
    cpu50, cpu99 = bench_index.percentile(cpu, .5), bench_index.percentile(cpu, .99)
    print(f"{len(lat)} queries: p50 {p50:.1f} ms, p99 {p99:.1f} ms; CPU p50 {cpu50:.1f} ms, p99 {cpu99:.1f} ms")
    figures = {"queries": len(lat), "p50_ms": round(p50, 1), "p99_ms": round(p99, 1),
               "cpu_p50_ms": round(cpu50, 1), "cpu_p99_ms": round(cpu99, 1)}
    if args.page_reads and all(t[3] is not None for t in timings):
        reads = sorted(t[3] for t in timings)
        figures.update({"page_reads_p50": bench_index.percentile(reads, .5),
                        "page_reads_p99": bench_index.percentile(reads, .99), "page_reads_max": reads[-1]})
        most = sorted(timings, key=lambda t: t[3], reverse=True)[:5]
        figures["most_page_reads"] = [{"query": t[1], "page_reads": t[3]} for t in most]
        print(f"page reads: p50 {figures['page_reads_p50']}, p99 {figures['page_reads_p99']}, max {reads[-1]} "
              f"({', '.join(f'{t[1]!r} {t[3]}' for t in most)})")
    # one result name per kind of query: words or phrases, and the options given
    name = args.name or "-".join(["query-latency", "given" if args.query else "phrases" if args.phrases else "words"]
                                 + [o.lstrip("-") for o in args.extra])
    figures["slowest"] = [{"ms": round(ms, 1), "query": text, "hits": hits} for ms, text, hits, _, _ in slowest]
    # (on a shared machine the wall ranks the load as much as the query; CPU ranks the query)
    figures["most_cpu"] = [{"cpu_ms": round(t[4], 1), "query": t[1]}
                           for t in sorted(timings, key=lambda t: t[4], reverse=True)[:8]]
    results.record(name, figures,
                   command="Benchmarks/query_latency.py " + " ".join(sys.argv[1:]))


if __name__ == "__main__":
    main()
