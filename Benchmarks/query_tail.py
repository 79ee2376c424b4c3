#!/usr/bin/env python3
"""What a word query's tail is made of: CPU, page reads and disk reads, with the page cache warm and dropped.

Runs the words `make bench-index` draws (bench_index.py) as `notebook-index query WORD --json
--index INDEX [OPTIONS]`, once per cache state and binary, the binaries in turn query by query,
and records for each query:

- wall, user and system CPU, major page faults and blocks read from disk (`wait4`'s rusage: a
  page the cache held costs no block), of the query's own process;
- its `pread64` calls under `strace` (run once more), the distinct pages among them, and which
  b-tree each page belongs to (SQLite's `dbstat`, read once into PAGEMAP), so a table or index
  read more than once, or read without need, shows.

Cache states: `warm` (the index and the binary read through first, as bench_index.py does) and
`dropped` (before every query `posix_fadvise(DONTNEED)` on the index file and the binary, so
their pages come from disk as after the host reclaimed the page cache), or `dropped-index` and
`dropped-binary` for one of them. Drop only a copy of the index that no one else is timing.

    query_tail.py INDEX --cli NAME=PATH [--cli NAME=PATH] [--states warm,dropped]
                  [--queries 200] [--repeats 1] [--name RESULT] [-- QUERY OPTIONS]

`--repeats N` runs each query N times in a row per binary and state, and reports beside the plain
p99 (of every run) the p99 of each query's median: the first is the issue's figure, the second a
steadier one that a single slow run (the load, a reclaimed page) does not move. Writes
Benchmarks/results/RESULT-<date>.json (default `query-tail`).
"""
import argparse
import array
import collections
import json
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_index  # noqa: E402
import results  # noqa: E402

PAGE_SIZE = 4096


def page_owners(index):
    """Each page number's b-tree name (dbstat), as a list indexed by page number; cached beside
    the index (a read of the whole file: seconds at 250,000 pages, a minute or more at 1 M)."""
    cache = index + ".pagemap.json"
    if os.path.exists(cache) and os.path.getmtime(cache) >= os.path.getmtime(index):
        with open(cache) as f:
            saved = json.load(f)
        owners = array.array("H", bytes.fromhex(saved["owners"]))
        return owners, saved["names"]
    con = sqlite3.connect(f"file:{index}?mode=ro", uri=True)
    names = ["?"]
    ids = {}
    owners = array.array("H", [0]) * (os.path.getsize(index) // PAGE_SIZE + 1)
    for name, pageno in con.execute("SELECT name, pageno FROM dbstat"):
        if name not in ids:
            ids[name] = len(names)
            names.append(name)
        owners[pageno] = ids[name]
    con.close()
    with open(cache, "w") as f:
        json.dump({"names": names, "owners": owners.tobytes().hex()}, f)
    return owners, names


def drop_cache(paths):
    for path in paths:
        fd = os.open(path, os.O_RDONLY)
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


def warm_cache(paths):
    for path in paths:
        with open(path, "rb") as f:
            while f.read(1 << 24):
                pass


def timed_run(cmd):
    """(wall ms, user ms, system ms, major faults, blocks read, stdout) of one process."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = p.stdout.read()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    wall = (time.perf_counter() - start) * 1000
    if p.returncode not in (0, 1):
        raise SystemExit(f"query_tail: {' '.join(cmd)} failed ({p.returncode})")
    return wall, usage.ru_utime * 1000, usage.ru_stime * 1000, usage.ru_majflt, usage.ru_inblock, out


def traced_reads(cmd, owners, names):
    """The query's pread64 calls: how many, how many distinct pages, and pages a b-tree."""
    p = subprocess.run(["strace", "-f", "-e", "trace=pread64", "-e", "signal=none", "-o", "/dev/stderr"] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    pages = []
    for line in p.stderr.splitlines():
        m = re.search(r"pread64\((\d+), .*, (\d+), (\d+)\) = (\d+)", line)
        if m and int(m[2]) == PAGE_SIZE:
            pages.append(int(m[3]) // PAGE_SIZE + 1)
    by_tree = collections.Counter(names[owners[n]] if n < len(owners) else "?" for n in pages)
    return {"preads": len(pages), "distinct_pages": len(set(pages)), "by_tree": dict(by_tree.most_common())}


def pct(values, q):
    return round(bench_index.percentile(values, q), 2)


def summary(runs, repeats):
    walls = [r["wall_ms"] for r in runs]
    cpu = [r["user_ms"] + r["sys_ms"] for r in runs]
    out = {"runs": len(runs),
           "wall_p50_ms": pct(walls, .5), "wall_p99_ms": pct(walls, .99), "wall_max_ms": round(max(walls), 1),
           "cpu_p50_ms": pct(cpu, .5), "cpu_p99_ms": pct(cpu, .99),
           "user_p50_ms": pct([r["user_ms"] for r in runs], .5), "sys_p50_ms": pct([r["sys_ms"] for r in runs], .5),
           "major_faults_p50": pct([r["major_faults"] for r in runs], .5),
           "major_faults_p99": pct([r["major_faults"] for r in runs], .99),
           "blocks_read_p50": pct([r["blocks_read"] for r in runs], .5),
           "blocks_read_p99": pct([r["blocks_read"] for r in runs], .99)}
    if repeats > 1:
        per_query = collections.defaultdict(list)
        for r in runs:
            per_query[r["query"]].append(r)
        med_wall = [statistics.median(x["wall_ms"] for x in rs) for rs in per_query.values()]
        med_cpu = [statistics.median(x["user_ms"] + x["sys_ms"] for x in rs) for rs in per_query.values()]
        out.update({"median_of_repeats_wall_p50_ms": pct(med_wall, .5),
                    "median_of_repeats_wall_p99_ms": pct(med_wall, .99),
                    "median_of_repeats_cpu_p99_ms": pct(med_cpu, .99)})
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("index")
    ap.add_argument("--cli", action="append", required=True, help="NAME=PATH of a binary (repeatable, run in turn)")
    ap.add_argument("--states", default="warm,dropped")
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--no-traces", dest="traces", action="store_false", help="skip strace's page reads")
    ap.add_argument("--word", action="append", help="a word to query instead of the drawn ones (repeatable)")
    ap.add_argument("--name", default="query-tail")
    argv = sys.argv[1:]
    # what follows `--` goes to every query (argparse would match it to INDEX's group)
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    args = ap.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    args.extra = extra
    clis = [tuple(c.split("=", 1)) for c in args.cli]
    index = os.path.abspath(args.index)
    words = args.word or bench_index.query_words(args.queries, 11)
    owners, names = page_owners(index) if args.traces else (None, None)
    states = args.states.split(",")
    runs = {(name, state): [] for name, _ in clis for state in states}
    traces = {}
    outputs = collections.defaultdict(dict)
    for state in states:
        if state == "warm":
            warm_cache([index] + [path for _, path in clis])
        for word in words:
            for name, path in clis:
                cmd = [path, "query", word, "--index", index, "--json"] + args.extra
                for _ in range(args.repeats):
                    if state.startswith("dropped"):
                        drop_cache({"dropped": [index, path], "dropped-index": [index],
                                    "dropped-binary": [path]}[state])
                    wall, user, system, majflt, inblock, out = timed_run(cmd)
                    runs[(name, state)].append({"query": word, "wall_ms": wall, "user_ms": user, "sys_ms": system,
                                                "major_faults": majflt, "blocks_read": inblock})
                    outputs[name][word] = out
                if args.traces and state == states[0] and (name, word) not in traces:
                    traces[(name, word)] = traced_reads(cmd, owners, names)
    first = clis[0][0]
    differ = sorted({w for name, _ in clis[1:] for w in words if outputs[name][w] != outputs[first][w]})
    figures = {"index": index, "options": args.extra, "queries": len(words), "repeats": args.repeats,
               "load_average": round(os.getloadavg()[0], 1), "answers_differ": differ,
               "binaries": {name: path for name, path in clis}, "by_binary_and_state": {}}
    for (name, state), rs in runs.items():
        s = summary(rs, args.repeats)
        slow = sorted(rs, key=lambda r: r["wall_ms"], reverse=True)[:5]
        s["slowest_wall"] = [{k: (round(v, 1) if isinstance(v, float) else v) for k, v in r.items()} for r in slow]
        heavy = sorted(rs, key=lambda r: r["user_ms"] + r["sys_ms"], reverse=True)[:5]
        s["most_cpu"] = [{"query": r["query"], "cpu_ms": round(r["user_ms"] + r["sys_ms"], 1)} for r in heavy]
        figures["by_binary_and_state"][f"{name}/{state}"] = s
        print(f"{name:>8} {state:>8}: wall p50 / p99 {s['wall_p50_ms']} / {s['wall_p99_ms']} ms, CPU "
              f"{s['cpu_p50_ms']} / {s['cpu_p99_ms']} ms (user {s['user_p50_ms']}, sys {s['sys_p50_ms']}), "
              f"major faults p50 {s['major_faults_p50']}, blocks read p50 / p99 {s['blocks_read_p50']} / "
              f"{s['blocks_read_p99']}" + (f"; median of {args.repeats} wall p99 {s['median_of_repeats_wall_p99_ms']}"
                                            if args.repeats > 1 else ""))
    if traces:
        for name, _ in clis:
            t = [traces[(name, w)] for w in dict.fromkeys(words)]
            total = collections.Counter()
            for x in t:
                total.update(x["by_tree"])
            heavy = sorted(((traces[(name, w)]["preads"], w) for w in dict.fromkeys(words)), reverse=True)[:5]
            figures.setdefault("page_reads", {})[name] = {
                "preads_p50": pct([x["preads"] for x in t], .5), "preads_p99": pct([x["preads"] for x in t], .99),
                "distinct_pages_p50": pct([x["distinct_pages"] for x in t], .5),
                "distinct_pages_p99": pct([x["distinct_pages"] for x in t], .99),
                "reread_share": round(1 - sum(x["distinct_pages"] for x in t) / max(1, sum(x["preads"] for x in t)), 3),
                "preads_a_query_by_tree": {k: round(v / len(t), 1) for k, v in total.most_common()},
                "most_preads": [{"query": w, **traces[(name, w)]} for _, w in heavy]}
            pr = figures["page_reads"][name]
            print(f"{name:>8} page reads p50 / p99 {pr['preads_p50']} / {pr['preads_p99']}, distinct "
                  f"{pr['distinct_pages_p50']} / {pr['distinct_pages_p99']}, read again {pr['reread_share']:.1%}; "
                  f"a query: {pr['preads_a_query_by_tree']}")
    if differ:
        print(f"ANSWERS DIFFER: {differ}")
    results.record(args.name, figures, command="Benchmarks/query_tail.py " + " ".join(sys.argv[1:]))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
