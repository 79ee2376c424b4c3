#!/usr/bin/env python3
"""`make bench-index`: how fast notebook-index builds, rebuilds and answers, and how much memory.

Measures, with the release binary, on trees of copies of SampleNotebooks/:

1. build rate: a real `build --jobs 2` of COPIES copies of the samples (every page recognized);
   pages per second of wall time, and peak memory (`/usr/bin/time -v`, max RSS).
2. no-op rebuild: `build` over a tree of 10,000 files (1,250 copies of the 8 sample files, made
   with `cp -p`) that the index already holds; wall time and peak memory. Target <= 2 s.
3. query latency, end to end (process spawn included, as a user or script sees it): QUERIES words
   drawn from SampleNotebooks/truth.json, each run as `notebook-index query WORD --json` (in-word
   matching, the default), again with `--full-words` and with `--fuzzy`, and QUERIES / 2 two-word
   phrases of the samples, on an index of at least 50,000 pages; p50, p99 and max. Targets: p99
   <= 50 ms for word queries, <= 100 ms for phrases. The page cache is warmed first (the index
   file read once); a cold cache adds 100-500 ms to a phrase's first reads.
   Each query's CPU time (user and system of its process) is recorded beside its wall time. With
   `--passes N` every mode's queries run N times, pass after pass: p50/p99 stay the first pass's
   (the targets' figures), and each pass's p99 and the p99 of each query's median across the
   passes are reported beside them, since a single run's p99 moves with the load and with the
   pages the host has reclaimed. Peak memory of the slowest queries. Each query runs once more under strace, whose count of
   pread64 calls (page reads) does not depend on the machine's load (--no-page-reads skips it).

Recognition runs at a few pages a second on this 2-core machine, so the 10,000-file and
50,000-page indexes are not built by recognizing every copy: the copies recognized for real in
step 1 serve as the template, and `replicate_index.py` copies their rows under the other copies'
paths with fresh stroke IDs and confidences untied within their score buckets, hashed per copy (see that file).
The query path measured is the real CLI on that
index. The big index is cached under WORK keyed by recognizer version, schema and sample content.

The query index's bytes a page (`index_bytes.py`) are reported too. Every run writes its figures
with the commit, machine, date and command to Benchmarks/results/bench_index-<pages>-<date>.json
(or --json OUT).

Usage: bench_index.py [--cli .build/release/notebook-index] [--work /tmp/notebook-index-bench]
                      [--copies 2] [--files 10000] [--pages 50000] [--queries 200] [--passes 1] [--json OUT]
"""
import argparse
import datetime
import hashlib
import json
import os
import platform
import random
import re
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time

import results

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SAMPLES = os.path.join(ROOT, "SampleNotebooks")
TIME = "/usr/bin/time"
# names the way replicate_index.py makes copies, so that a cached index made another way is not
# reused: untied within each reading's score bucket, stroke IDs hashed per copy
REPLICAS = "untied-in-bucket"


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def sample_files():
    """The sample notebooks (what the crawler would index), relative to SampleNotebooks/."""
    out = []
    for folder, dirs, files in os.walk(SAMPLES):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.startswith(".") or name in ("truth.json", "README.md"):
                continue
            out.append(os.path.relpath(os.path.join(folder, name), SAMPLES))
    return out


def samples_digest(files):
    h = hashlib.sha256()
    for rel in files:
        h.update(rel.encode())
        with open(os.path.join(SAMPLES, rel), "rb") as f:
            h.update(f.read())
    return h.hexdigest()[:16]


def make_tree(tree, files, copies):
    """tree/copy-NNNNN/<sample files>, `cp -p` copies (same bytes, size and mtime)."""
    have = 0
    while os.path.isdir(os.path.join(tree, f"copy-{have:05d}")):
        have += 1
    for k in range(have, copies):
        d = os.path.join(tree, f"copy-{k:05d}")
        for rel in files:
            os.makedirs(os.path.dirname(os.path.join(d, rel)), exist_ok=True)
            shutil.copy2(os.path.join(SAMPLES, rel), os.path.join(d, rel))
    return [os.path.join(tree, f"copy-{k:05d}") for k in range(copies)]


def timed(cmd, env=None):
    """Runs cmd under /usr/bin/time -v; returns (exit code, wall s, max RSS MB, stdout, stderr)."""
    start = time.perf_counter()
    p = subprocess.run([TIME, "-v"] + cmd, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", p.stderr)
    return p.returncode, wall, int(rss.group(1)) / 1024 if rss else float("nan"), p.stdout, p.stderr


def page_reads(cmd):
    """How many pread64 calls `cmd` makes (`strace -c`): the pages a query reads from the index,
    which unlike its time does not depend on what else the machine runs; None without strace."""
    strace = shutil.which("strace")
    if not strace:
        return None
    p = subprocess.run([strace, "-f", "-c", "-e", "trace=pread64", "-o", "/dev/stderr"] + cmd,
                       capture_output=True, text=True)
    calls = re.search(r"^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?pread64$", p.stderr, re.M)
    return int(calls.group(1)) if calls else 0


def status(cli, index):
    p = subprocess.run([cli, "status", "--index", index, "--json"], capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"bench: status failed: {p.stderr.strip()}")
    return json.loads(p.stdout)


def recognizer_version(index):
    con = sqlite3.connect(index)
    try:
        rows = dict(con.execute("SELECT key, value FROM meta").fetchall())
    finally:
        con.close()
    return next((v for k, v in rows.items() if "recogni" in k), "?")


def percentile(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(round(q * (len(s) - 1)))))]


def sample_labels():
    with open(os.path.join(SAMPLES, "truth.json"), encoding="utf-8") as f:
        return [it["label"] for it in json.load(f)["items"]]


def query_words(count, seed):
    words = sorted({w.lower() for label in sample_labels() for w in re.findall(r"[A-Za-z]{3,}", label)})
    rng = random.Random(seed)
    return [rng.choice(words) for _ in range(count)]


def query_phrases(count, seed):
    """Two consecutive words of a sample line, as a user would quote them."""
    pairs = sorted({f"{a} {b}".lower() for label in sample_labels()
                    for a, b in zip(label.split(), label.split()[1:])
                    if re.fullmatch(r"[A-Za-z]+", a) and re.fullmatch(r"[A-Za-z]+", b)})
    rng = random.Random(seed)
    return [rng.choice(pairs) for _ in range(count)]


def latency_figures(runs):
    """A mode's figures from runs[k][i], pass k's (wall ms, CPU ms) of query i. p50_ms / p99_ms /
    max_ms are the first pass's walls, one run a query: the issue's figures, whatever the passes.
    With more passes, each pass's p99 is listed, and the p50 / p99 over the queries of each one's
    median wall across the passes (`median_of_passes_*`): steadier, since one run slowed by the
    load or by a page the host reclaimed does not move it, but a different statistic."""
    first = [ms for ms, _ in runs[0]]
    cpu = [c for _, c in runs[0]]
    out = {"queries": len(first), "p50_ms": round(percentile(first, 0.5), 1),
           "p99_ms": round(percentile(first, 0.99), 1), "max_ms": round(max(first), 1),
           "cpu_p50_ms": round(percentile(cpu, 0.5), 1), "cpu_p99_ms": round(percentile(cpu, 0.99), 1)}
    if len(runs) > 1:
        medians = [statistics.median(run[i][0] for run in runs) for i in range(len(first))]
        out.update({"passes": len(runs),
                    "p99_ms_each_pass": [round(percentile([ms for ms, _ in run], 0.99), 1) for run in runs],
                    "median_of_passes_p50_ms": round(percentile(medians, 0.5), 1),
                    "median_of_passes_p99_ms": round(percentile(medians, 0.99), 1)})
    return out


def replicate(source, out, root, first, copies, stat):
    """Runs replicate_index.py; its wall and CPU seconds (user and system), since on a shared
    machine the wall says more about the load than about the replication."""
    cmd = [sys.executable, os.path.join(HERE, "replicate_index.py"), source, out, "--root", root,
           "--layout", "inside", "--first", str(first), "--copies", str(copies), "--untie"]
    if stat:
        cmd.append("--stat")
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - used.ru_utime + after.ru_stime - used.ru_stime
    return {"copies": copies, "seconds": round(time.perf_counter() - start, 1), "cpu_seconds": round(cpu, 1)}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", default=os.path.join(ROOT, ".build", "release", "notebook-index"))
    ap.add_argument("--work", default="/tmp/notebook-index-bench")
    ap.add_argument("--copies", type=int, default=2, help="copies of the samples built for real")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--files", type=int, default=10000)
    ap.add_argument("--pages", type=int, default=50000)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--json", help="also write the figures here")
    ap.add_argument("--name", default="bench-index",
                    help="the result's name in Benchmarks/results (e.g. bench-index-250k for another size)")
    ap.add_argument("--passes", type=int, default=1,
                    help="run each mode's queries this many times, pass after pass; p50/p99 stay the first pass's")
    ap.add_argument("--no-page-reads", dest="page_reads", action="store_false",
                    help="skip running each query again under strace to count its page reads")
    ap.add_argument("--index-only", action="store_true",
                    help="only make the indexes (cached for the next run), e.g. under nice, and time nothing")
    args = ap.parse_args()
    cli = os.path.abspath(args.cli)
    if not os.access(cli, os.X_OK):
        raise SystemExit(f"bench: {cli}: not built (run `make build`)")
    if not os.access(TIME, os.X_OK):
        raise SystemExit(f"bench: {TIME} missing (apt-get install time)")

    files = sample_files()
    digest = samples_digest(files)
    # Cached indexes are only valid for the same samples and the same model.
    model = os.path.join(os.path.dirname(cli), "notebook-index_Recognition.resources", "Resources", "recognizer.nbm")
    if os.path.exists(model):
        with open(model, "rb") as f:
            digest += "-" + hashlib.sha256(f.read()).hexdigest()[:12]
    work = os.path.join(args.work, digest)
    tree = os.path.join(work, "tree")
    os.makedirs(work, exist_ok=True)
    per_copy_files = len(files)
    tree_copies = -(-args.files // per_copy_files)
    log(f"bench: tree of {tree_copies} x {per_copy_files} files under {tree}")
    dirs = make_tree(tree, files, tree_copies)
    load = os.getloadavg()[0]

    # 1. A real build of the first copies: every page read and recognized.
    real = os.path.join(work, "real.sqlite")
    for suffix in ("", "-wal", "-shm", ".lock"):
        if os.path.exists(real + suffix):
            os.remove(real + suffix)
    log(f"bench: building {args.copies} copies for real (--jobs {args.jobs}) ...")
    rc, wall, rss_build, out, err = timed([cli, "build"] + dirs[: args.copies] + ["--index", real, "--jobs", str(args.jobs)])
    if rc not in (0, 1):
        raise SystemExit(f"bench: build failed ({rc}): {err.strip()[-2000:]}")
    st = status(cli, real)
    pages_real = st.get("pages") or st.get("drawings")
    version = recognizer_version(real)
    figures = {"load_average": round(load, 1), "jobs": args.jobs, "recognizer_version": version,
               "build": {"pages": pages_real, "files": st.get("files"), "seconds": round(wall, 2),
                         "pages_per_second": round(pages_real / wall, 2), "max_rss_mb": round(rss_build, 1),
                         "exit": rc}}
    log(f"bench: {pages_real} pages in {wall:.1f} s")

    # 2. The no-op rebuild of the whole tree, after replicating the rows of copy 0 to the others.
    # cached indexes are only valid for the schema the CLI writes
    schema = sqlite3.connect(real).execute("PRAGMA user_version").fetchone()[0]
    noop = os.path.join(work, f"noop-v{version}-s{schema}-{REPLICAS}.sqlite")
    if not os.path.exists(noop):
        log(f"bench: replicating to {tree_copies} copies for the no-op rebuild ...")
        replicate(real, noop + ".tmp", tree, args.copies, tree_copies - args.copies, stat=True)
        os.replace(noop + ".tmp", noop)
    before = status(cli, noop)
    runs = []
    for _ in range(3):
        rc, wall, rss, out, err = timed([cli, "build", tree, "--index", noop, "--jobs", str(args.jobs)])
        runs.append((wall, rss, rc))
    after = status(cli, noop)
    changed = {k: (before.get(k), after.get(k)) for k in ("files", "pages", "words", "drawings")
               if before.get(k) != after.get(k)}
    figures["noop_rebuild"] = {"files": after.get("files"), "seconds_each": [round(w, 3) for w, _, _ in runs],
                               "seconds_median": round(statistics.median(w for w, _, _ in runs), 3),
                               "max_rss_mb": round(max(r for _, r, _ in runs), 1),
                               "exit": runs[-1][2], "index_changed": changed or None}

    # 3. Queries on an index of at least `pages` pages.
    per_copy_pages = pages_real // args.copies
    big_copies = max(-(-args.pages // per_copy_pages), tree_copies)
    big = os.path.join(work, f"big-v{version}-s{schema}-{big_copies}-{REPLICAS}.sqlite")
    replication = None  # made by this run, not taken from the cache
    if not os.path.exists(big):
        log(f"bench: replicating to {big_copies} copies ({big_copies * per_copy_pages} pages) ...")
        replication = replicate(noop, big + ".tmp", tree, tree_copies, big_copies - tree_copies, stat=False)
        os.replace(big + ".tmp", big)
    if args.index_only:
        log(f"bench: made {big}" + (f" in {replication['seconds']} s, CPU {replication['cpu_seconds']} s"
                                    if replication else ""))
        return
    st_big = status(cli, big)
    words = query_words(args.queries, args.seed)
    phrases = query_phrases(args.queries // 2, args.seed)
    # Queries are timed on a warm page cache, as on a machine that searches its index now and
    # then: the file is read once first (building the trees above evicts much of it on 2 cores).
    with open(big, "rb") as f:
        while f.read(1 << 24):
            pass
    subprocess.run([cli, "query", "warmup", "--index", big, "--json"], capture_output=True)
    spawn = []
    for _ in range(20):
        t = time.perf_counter()
        subprocess.run([cli, "--help"], capture_output=True)
        spawn.append((time.perf_counter() - t) * 1000)
    modes = {}
    slowest = {}
    for mode, extra, texts in (("in-word", [], words), ("full-words", ["--full-words"], words),
                               ("fuzzy", ["--fuzzy"], words), ("phrase", [], phrases)):
        # runs[k][i]: pass k's run of query i, (wall ms, CPU ms of the query's process)
        runs, hits, found, reads = [], [], 0, []
        for k in range(args.passes):
            runs.append([])
            for w in texts:
                used = resource.getrusage(resource.RUSAGE_CHILDREN)
                t = time.perf_counter()
                p = subprocess.run([cli, "query", w, "--index", big, "--json"] + extra, capture_output=True, text=True)
                ms = (time.perf_counter() - t) * 1000
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                runs[k].append((ms, (after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime) * 1000))
                if p.returncode not in (0, 1):
                    raise SystemExit(f"bench: query {w!r} failed ({p.returncode}): {p.stderr.strip()}")
                if k == 0:
                    hits.append(len(json.loads(p.stdout)["results"]) if p.stdout.strip() else 0)
                    found += p.returncode == 0
                    slowest[(mode, w)] = ms
                    if args.page_reads:
                        reads.append(page_reads([cli, "query", w, "--index", big, "--json"] + extra))
        modes[mode] = latency_figures(runs)
        modes[mode].update({"with_hits": found, "mean_results": round(statistics.mean(hits), 1)})
        if reads and None not in reads:
            modes[mode].update({"page_reads_p50": percentile(reads, 0.5), "page_reads_p99": percentile(reads, 0.99),
                                "page_reads_max": max(reads)})
    worst = sorted(slowest, key=slowest.get, reverse=True)[:5]
    rss_q = 0.0
    for mode, w in worst:
        extra = {"full-words": ["--full-words"], "fuzzy": ["--fuzzy"]}.get(mode, [])
        _, _, rss, _, _ = timed([cli, "query", w, "--index", big, "--json"] + extra)
        rss_q = max(rss_q, rss)
    sys.path.insert(0, HERE)
    import index_bytes  # noqa: E402
    big_bytes = index_bytes.measure(big)
    figures["query"] = {"index_pages": st_big.get("pages") or st_big.get("drawings"), "index_words": st_big.get("words"),
                        "index_mb": round(os.path.getsize(big) / 2**20), "index_schema": big_bytes["schema"],
                        "index_bytes_per_page": big_bytes["bytes_per_page"],
                        "index_bytes_per_page_by_table": {k: v["bytes_per_page"] for k, v in big_bytes["objects"].items()
                                                          if v["share"] >= 0.01},
                        "spawn_only_p50_ms": round(percentile(spawn, 0.5), 1),
                        "modes": modes, "max_rss_mb": round(rss_q, 1)}
    if replication:
        figures["query"]["replication"] = replication
    peak = max(figures["build"]["max_rss_mb"], figures["noop_rebuild"]["max_rss_mb"], rss_q)
    figures["peak_rss_mb"] = peak

    b, n, q = figures["build"], figures["noop_rebuild"], figures["query"]
    ok = lambda good: "ok" if good else "MISSED"  # noqa: E731
    # word queries (with and without --fuzzy) and two-word phrases have targets of their own
    p99 = max(m["p99_ms"] for mode, m in q["modes"].items() if mode != "phrase")
    phrase_p99 = q["modes"]["phrase"]["p99_ms"]
    print()
    print(f"notebook-index bench-index ({cli}; recognizer version {version}; load average {load:.1f} on "
          f"{os.cpu_count()} cores)")
    print(f"  build, --jobs {args.jobs}:        {b['pages']} pages in {b['seconds']} s = {b['pages_per_second']} pages/s"
          f"  (max RSS {b['max_rss_mb']} MB)")
    print(f"  no-op rebuild:           {n['files']} files in {n['seconds_median']} s (median of 3: {n['seconds_each']})"
          f"  (max RSS {n['max_rss_mb']} MB)  target <= 2 s: {ok(n['seconds_median'] <= 2)}"
          + ("" if not n["index_changed"] else f"  INDEX CHANGED {n['index_changed']}"))
    print(f"  query index:             {q['index_pages']} pages, {q['index_words']} words, {q['index_mb']} MB,"
          f" {q['index_bytes_per_page']} bytes a page (schema {q['index_schema']})"
          f" (rows replicated from the real build; see Benchmarks/replicate_index.py)")
    print(f"  process spawn (--help):  p50 {q['spawn_only_p50_ms']} ms")
    for mode, m in q["modes"].items():
        print(f"  query {mode:<11}        {m['queries']} queries: p50 {m['p50_ms']} ms, p99 {m['p99_ms']} ms, "
              f"max {m['max_ms']} ms (CPU p50 {m['cpu_p50_ms']}, p99 {m['cpu_p99_ms']} ms); "
              f"{m['with_hits']} with hits, {m['mean_results']} results each on average"
              + (f"; each pass's p99 {m['p99_ms_each_pass']}, median of {m['passes']} passes p50 "
                 f"{m['median_of_passes_p50_ms']} / p99 {m['median_of_passes_p99_ms']} ms" if "passes" in m else "")
              + (f"; page reads p50 {m['page_reads_p50']}, p99 {m['page_reads_p99']}" if "page_reads_p50" in m else ""))
    print(f"  query p99 target <= 50 ms (word queries, --fuzzy too): {ok(p99 <= 50)}; <= 100 ms (phrases): "
          f"{ok(phrase_p99 <= 100)}  (max RSS {q['max_rss_mb']} MB)")
    print(f"  peak memory:             {peak} MB  target <= 500 MB: {ok(peak <= 500)}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(figures, f, indent=1)
    command = "make bench-index " if args.name == "bench-index" else "Benchmarks/bench_index.py "
    results.record(args.name, figures, command=command + " ".join(sys.argv[1:]))


if __name__ == "__main__":
    main()
