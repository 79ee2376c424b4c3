#!/usr/bin/env python3
"""Benchmark results as data: one JSON file per run under Benchmarks/results/.

Every benchmark ends by calling `record` (from Python) or this file (from a shell script), which
writes `Benchmarks/results/<benchmark>-<YYYY-MM-DD>.json` (`-2`, `-3`, ... for later runs of the
same day) holding the commit, the recognizer version of the source tree, the machine, the date,
the command and the figures. The README's current figures table names the figure each of its
values comes from, and `tools/check_figures.py` (run by `make docs-check`) compares them with the
newest result of each benchmark (`newest`).

From a shell script:

    python3 Benchmarks/results.py NAME --command "make eval" [--json FILE] \
        [--recognizer-bench FILE] [--set KEY=VALUE ...]

takes the figures from a JSON object (the shared evaluation scripts' `--json`), from
recognizer-bench's printout, and from KEY=VALUE pairs (numbers where they parse as numbers).
"""

import argparse
import datetime
import json
import os
import platform
import re
import sqlite3
import subprocess
import sys
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "Benchmarks", "results")


def _git(*args):
    try:
        return subprocess.run(["git", "-C", ROOT, *args], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def commit():
    """The checked-out commit, with `-dirty` when tracked files differ from it."""
    head = _git("rev-parse", "--short=12", "HEAD")
    if head and _git("status", "--porcelain", "--untracked-files=no"):
        head += "-dirty"
    return head


def recognition_version():
    """The recognizer version the source tree declares (HandwritingRecognizer.recognitionVersion)."""
    path = os.path.join(ROOT, "Sources", "Recognition", "HandwritingRecognizer.swift")
    try:
        match = re.search(r"recognitionVersion: Int \{ (\d+) \}", open(path, encoding="utf-8").read())
    except OSError:
        return None
    return int(match[1]) if match else None


def machine():
    """What the figures depend on: host, processor model, cores, memory and kernel."""
    cpu = None
    try:
        for line in open("/proc/cpuinfo", encoding="utf-8"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = None
    try:
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2**20
    except (ValueError, OSError):
        pass
    return {"host": platform.node(), "arch": platform.machine(), "cpu": cpu, "cores": os.cpu_count(),
            "memory_mib": memory, "system": f"{platform.system()} {platform.release()}"}


def record(benchmark, figures, command=None, notes=None, directory=RESULTS):
    """Writes one run's result file and returns its path."""
    now = datetime.datetime.now(datetime.timezone.utc)
    result = {
        "benchmark": benchmark,
        "commit": commit(),
        "recognition_version": recognition_version(),
        "machine": machine(),
        "date": now.isoformat(timespec="seconds"),
        "command": command if command is not None else " ".join(sys.argv),
        "figures": figures,
    }
    if notes:
        result["notes"] = notes
    os.makedirs(directory, exist_ok=True)
    stem = f"{benchmark}-{now.date().isoformat()}"
    path = os.path.join(directory, stem + ".json")
    number = 2
    while os.path.exists(path):
        path = os.path.join(directory, f"{stem}-{number}.json")
        number += 1
    with open(path, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"results: {os.path.relpath(path, os.getcwd())}", file=sys.stderr)
    return path


def open_index(path, schema=None, other_schema=""):
    """An index made by `notebook-index build`, opened read-only with Python's sqlite3, and its
    notebook pages (`files.pages`), after the checks every tool that measures one makes: the file
    is there and is an SQLite file, of schema `schema` when one is given (`other_schema` says
    where to look instead), with pages. Exits with a one-line error naming the file otherwise."""
    if not os.path.exists(path):
        sys.exit(f"{path}: no such file")
    # (a URI, so that `mode=ro` applies; the path quoted, so that `?` or `#` in it stay a name)
    uri = "file:" + urllib.parse.quote(os.path.abspath(path)) + "?mode=ro"
    try:
        con = sqlite3.connect(uri, uri=True)
        found = con.execute("PRAGMA user_version").fetchone()[0]
        if schema is not None and found != schema:
            elsewhere = f"; {other_schema}" if other_schema else ""
            sys.exit(f"{path}: not a schema-{schema} index (schema {found}){elsewhere}")
        pages = con.execute("SELECT coalesce(sum(pages), 0) FROM files").fetchone()[0]
    except sqlite3.DatabaseError as e:
        sys.exit(f"{path}: not a notebook-index index ({e})")
    if not pages:
        sys.exit(f"{path}: no notebook pages")
    return con, pages


def load_all(directory=RESULTS):
    """Every result file under `directory`, each with its `path`."""
    results = []
    if not os.path.isdir(directory):
        return results
    for name in sorted(os.listdir(directory)):
        if name.endswith(".json"):
            with open(os.path.join(directory, name), encoding="utf-8") as f:
                result = json.load(f)
            result["path"] = os.path.join(directory, name)
            results.append(result)
    return results


def newest(benchmark, directory=RESULTS):
    """The latest result of `benchmark` by its date, then by the run's number of that day, or None."""
    runs = [r for r in load_all(directory) if r.get("benchmark") == benchmark]

    def number(result):
        match = re.search(r"\d{4}-\d\d-\d\d-(\d+)\.json$", result["path"])
        return int(match[1]) if match else 1

    runs.sort(key=lambda r: (r.get("date", ""), number(r)))
    return runs[-1] if runs else None


def recognizer_bench_figures(text):
    """The figures of recognizer-bench's printout (percentages as printed, times in ms)."""
    figures = {}
    words = re.search(r"words.*?:\s+(\d+) samples\s+CER ([\d.]+) %\s+WER ([\d.]+) %\s+top-5 word accuracy "
                      r"([\d.]+) %\s+([\d.]+) ms/word", text)
    if words:
        figures.update(word_samples=int(words[1]), word_cer_percent=float(words[2]),
                       word_wer_percent=float(words[3]), top5_words_percent=float(words[4]),
                       ms_per_word=float(words[5]))
    lines = re.search(r"lines.*?:\s+(\d+) samples\s+CER ([\d.]+) %\s+WER ([\d.]+) %\s+([\d.]+) ms/line", text)
    if lines:
        figures.update(line_samples=int(lines[1]), line_cer_percent=float(lines[2]),
                       line_wer_percent=float(lines[3]), ms_per_line=float(lines[4]))
    throughput = re.search(r"throughput: (\d+) words/s on (\d+) cores", text)
    if throughput:
        figures.update(words_per_second=int(throughput[1]), throughput_cores=int(throughput[2]))
    return figures


def _value(text):
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def main():
    parser = argparse.ArgumentParser(description="Write a benchmark's result file under Benchmarks/results/.")
    parser.add_argument("benchmark", help="the benchmark's name, the file's prefix (eval, bench-index, ...)")
    parser.add_argument("--command", required=True, help="the command that measured the figures")
    parser.add_argument("--json", action="append", default=[], help="a JSON object of figures")
    parser.add_argument("--recognizer-bench", action="append", default=[], help="recognizer-bench's printout")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="one figure")
    parser.add_argument("--notes")
    args = parser.parse_args()
    figures = {}
    for path in args.json:
        with open(path, encoding="utf-8") as f:
            figures.update(json.load(f))
    for path in args.recognizer_bench:
        with open(path, encoding="utf-8") as f:
            figures.update(recognizer_bench_figures(f.read()))
    for pair in args.set:
        key, _, value = pair.partition("=")
        figures[key] = _value(value)
    if not figures:
        sys.exit("results: no figures given")
    record(args.benchmark, figures, command=args.command, notes=args.notes)


if __name__ == "__main__":
    main()
