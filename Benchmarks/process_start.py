#!/usr/bin/env python3
"""What starting the command costs: `--version` and a query on a tiny index, binaries in turn.

Every query runs the command afresh, as a user or a script does, so the process's start (the
dynamic loader mapping its libraries and applying its relocations, the runtimes' initializers) is
part of every query's latency. This times it apart from the index: `notebook-index --version`,
and `query WORD --json` on an index of SampleNotebooks (built once with the first binary, in a
temporary folder), with /bin/true beside them as the floor of any process. The binaries given run
in turn, round after round (A, B, A, B, ...), so a machine shared with other work loads each
alike; each run's CPU time (user and system) and minor page faults come from wait4, and move much
less with the load than the wall time does.

Usage: process_start.py --cli NAME=PATH [--cli NAME=PATH ...] [--rounds 10] [--runs 20] [--name NAME]
e.g. `process_start.py --cli main=/tmp/main-nbi --cli new=.build/release/notebook-index`.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_index  # noqa: E402
import results  # noqa: E402

# a word of the samples that every build finds (SampleNotebooks/truth.json)
QUERY_WORD = "stock"


def run_once(argv):
    """(wall ms, CPU ms, minor page faults, exit status) of one run of argv."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    child.returncode = os.waitstatus_to_exitcode(status)
    return wall, (usage.ru_utime + usage.ru_stime) * 1000, usage.ru_minflt, child.returncode


def summary(samples):
    wall = [s[0] for s in samples]
    cpu = [s[1] for s in samples]
    faults = [s[2] for s in samples]
    pick = bench_index.percentile
    return {"runs": len(samples), "p50_ms": round(pick(wall, .5), 2), "p99_ms": round(pick(wall, .99), 2),
            "cpu_p50_ms": round(pick(cpu, .5), 2), "cpu_p99_ms": round(pick(cpu, .99), 2),
            "minor_faults_p50": pick(faults, .5)}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", action="append", required=True, metavar="NAME=PATH",
                    help="a binary to time, with the name its figures are given under (repeatable)")
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--runs", type=int, default=20, help="runs of each command per binary and round")
    ap.add_argument("--name", default="process-start", help="the result's name in Benchmarks/results")
    args = ap.parse_args()
    clis = {}
    for given in args.cli:
        name, sep, path = given.partition("=")
        if not sep or not name:
            raise SystemExit(f"process_start: --cli {given!r}: give NAME=PATH")
        if not os.access(path, os.X_OK):
            raise SystemExit(f"process_start: {path}: not an executable (run `make build`)")
        clis[name] = os.path.abspath(path)
    true = shutil.which("true") or "/bin/true"

    with tempfile.TemporaryDirectory(prefix="process-start-") as work:
        index = os.path.join(work, "index.sqlite")
        first = next(iter(clis.values()))
        build = subprocess.run([first, "build", bench_index.SAMPLES, "--index", index],
                               capture_output=True, text=True)
        if build.returncode not in (0, 1):
            raise SystemExit(f"process_start: build of {bench_index.SAMPLES} failed ({build.returncode}): "
                             f"{build.stderr.strip()[-500:]}")
        commands = {"version": ["--version"], "query": ["query", QUERY_WORD, "--index", index, "--json"]}
        for name, path in clis.items():
            for command, argv in commands.items():
                status = run_once([path] + argv)[3]
                if status != 0:
                    raise SystemExit(f"process_start: {name}: `{' '.join(argv)}` exited with {status}")
        samples = {(name, command): [] for name in clis for command in commands}
        floor = []
        for _ in range(args.rounds):
            for _ in range(args.runs):
                floor.append(run_once([true]))
            for name, path in clis.items():
                for command, argv in commands.items():
                    for _ in range(args.runs):
                        samples[(name, command)].append(run_once([path] + argv))

    figures = {"load_average": round(os.getloadavg()[0], 1), "rounds": args.rounds, "runs": args.runs,
               "query": QUERY_WORD, "true": summary(floor), "binaries": {}}
    print(f"process start, {args.rounds} rounds x {args.runs} runs, load average {figures['load_average']}:")
    print(f"  {'/bin/true':<24} " + line(figures["true"]))
    for name, path in clis.items():
        figures["binaries"][name] = {"path": path, "size_bytes": os.path.getsize(path)}
        for command in commands:
            s = summary(samples[(name, command)])
            figures["binaries"][name][command] = s
            print(f"  {name + ' ' + command:<24} " + line(s))
    results.record(args.name, figures, command="Benchmarks/process_start.py " + " ".join(sys.argv[1:]))


def line(s):
    return (f"wall p50 {s['p50_ms']:6.2f} p99 {s['p99_ms']:6.2f} ms; CPU p50 {s['cpu_p50_ms']:5.2f} "
            f"p99 {s['cpu_p99_ms']:5.2f} ms; {s['minor_faults_p50']} minor faults")


if __name__ == "__main__":
    main()
