#!/usr/bin/env python3
"""Where a query's CPU time goes, stage by stage: `perf record` with call graphs over repeated queries.

Runs each word of WORDS (default: words of SampleNotebooks/truth.json that every build finds) as
`notebook-index query WORD --json --index INDEX`, REPEATS times, under `perf record --call-graph
dwarf`, then reads every sample of the query processes (`perf script`) and counts the share of
samples whose stack holds each stage below (a sample counts once per stage; stages may nest, so the
shares do not add up to 100). Each binary given is recorded in turn, so a shared machine loads
them alike; `cpu_ms_a_query` is perf's event count (CPU time sampled) over the queries run.

    query_profile.py INDEX --cli NAME=PATH [--cli NAME=PATH ...] [--repeats 5] [--name RESULT] [-- OPTIONS]

writes Benchmarks/results/RESULT-<date>.json (default `query-profile`). Needs `perf` and
`swift-demangle` (the toolchain's).
"""
import argparse
import collections
import os
import re
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402

WORDS = ["stock", "options", "market", "quarterly", "revenue", "the", "growth", "notes"]

# stage: what a frame's demangled name starts with (the first that matches names the frame)
STAGES = [
    ("before main (exec, dynamic loader, runtime initializers)", None),
    ("dynamic loader", ("_dl_start",)),
    ("command line and environment (CLIContext.standard)", ("static CLIContext.standard",)),
    ("table of commands", ("one-time initialization function for all",)),
    ("query parsed and folded (SearchQuery.init)", ("SearchQuery.init(",)),
    ("index path made absolute", ("static Crawler.absolutePath",)),
    ("index opened and checked (IndexStore.init)", ("IndexStore.init(path:access:moveSteps:)",)),
    ("word lists (holdsNoListedWord)", ("IndexStore.holdsNoListedWord",)),
    ("matches read (searchWord, phrases)", ("IndexStore.searchWord(", "IndexStore.searchSplitWord(",
                                            "PhraseSearch.run(")),
    ("hits made (lines, drawings, stroke IDs)", ("IndexStore.hits(for:)", "specialized IndexStore.hits(for:)")),
    ("  a hit's line read for its context (lineContext)", ("IndexStore.lineContext(",)),
    ("  a hit's drawing, file and stroke list (drawingInfo)", ("IndexStore.drawingInfo(",)),
    ("  a hit's row and words read (IndexStore.word, storedLine)", ("IndexStore.word(", "IndexStore.storedLine(",
                                                                    "IndexStore.lineRows(")),
    ("  a stroke list decoded (StrokeList.init)", ("StrokeList.init(ids:keys:)", "specialized StrokeList.init(ids:keys:)")),
    ("JSON written", ("static QueryCommand.json", "JSONValue.rendered")),
    ("runtime type metadata and conformance lookups", ("swift_getTypeByMangledName",
                                                        "swift_conformsToProtocol")),
    ("exit", ("__run_exit_handlers",)),
]


def record(cli, index, words, repeats, data, extra=()):
    options = "".join(" " + shlex.quote(o) for o in extra)
    script = "; ".join(f"for i in $(seq {repeats}); do {cli} query {w} --json --index {index}{options} >/dev/null; done"
                       for w in words)
    subprocess.run(["perf", "record", "-q", "--call-graph", "dwarf,32768", "-F", "8000", "-o", data, "--",
                    "bash", "-c", script], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def stacks(data, comm):
    out = subprocess.run(["perf", "script", "-i", data, "--comm", comm, "-F", "comm,ip,sym,period"],
                         capture_output=True, text=True, check=True).stdout
    samples, current = [], None
    for line in out.split("\n"):
        if not line.strip():
            if current is not None:
                samples.append(current)
            current = None
        elif not line.startswith((" ", "\t")):
            period = re.search(r"(\d+)\s*$", line)
            current = (int(period.group(1)) if period else 0, [])
        elif current is not None:
            parts = line.strip().split(None, 1)
            current[1].append(re.sub(r"\+0x[0-9a-f]+$", "", parts[1]) if len(parts) > 1 else "?")
    if current is not None:
        samples.append(current)
    names = sorted({frame for _, frames in samples for frame in frames})
    demangled = subprocess.run(["swift-demangle", "--simplified", "--compact"], input="\n".join(names),
                               capture_output=True, text=True, check=True).stdout.split("\n")
    plain = dict(zip(names, demangled))
    return [(period, [plain.get(f, f) for f in frames]) for period, frames in samples]


def shares(samples):
    counts = collections.Counter()
    for _, frames in samples:
        if not any(f == "notebook_index_main" for f in frames):
            counts[STAGES[0][0]] += 1
        for stage, prefixes in STAGES[1:]:
            if any(f.startswith(prefixes) for f in frames):
                counts[stage] += 1
    return {stage: round(100 * counts[stage] / max(len(samples), 1), 1) for stage, _ in STAGES}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("index")
    ap.add_argument("--cli", action="append", required=True, metavar="NAME=PATH")
    ap.add_argument("--repeats", type=int, default=5, help="runs of each word per binary")
    ap.add_argument("--word", action="append", help="a query word instead of the default ones (repeatable)")
    ap.add_argument("--name", default="query-profile", help="the result's name in Benchmarks/results")
    ap.add_argument("extra", nargs="*", help="options passed to every query (after --), e.g. --fuzzy")
    args = ap.parse_args()
    words = args.word or WORDS
    figures = {"index": os.path.abspath(args.index), "words": words, "options": args.extra, "repeats": args.repeats,
               "load_average": round(os.getloadavg()[0], 1), "binaries": {}}
    with tempfile.TemporaryDirectory() as work:
        for entry in args.cli:
            name, _, path = entry.partition("=")
            path = os.path.abspath(path)
            data = os.path.join(work, name + ".data")
            record(path, os.path.abspath(args.index), words, args.repeats, data, args.extra)
            # perf names a process after the first 15 bytes of its file's name
            samples = stacks(data, os.path.basename(path)[:15])
            queries = len(words) * args.repeats
            cpu_ms = sum(period for period, _ in samples) / 1e6 / queries
            figures["binaries"][name] = {"path": path, "samples": len(samples), "cpu_ms_a_query": round(cpu_ms, 2),
                                         "shares_percent": shares(samples)}
            print(f"{name}: {len(samples)} samples, {cpu_ms:.2f} ms CPU a query", flush=True)
            for stage, share in figures["binaries"][name]["shares_percent"].items():
                print(f"  {share:5.1f} %  {stage}")
    results.record(args.name, figures, command="Benchmarks/query_profile.py " + " ".join(sys.argv[1:]))


if __name__ == "__main__":
    main()
