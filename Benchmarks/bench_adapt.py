#!/usr/bin/env python3
"""The index learns its writer's hand (issue 47): one index per UNIPEN dev writer, with and without
adaptation, judged by ../shared/tools/eval/run_eval.py.

Every dev writer with at least --min-samples usable samples has all of them laid out as one
notebook (make_pages.py --writers 0 --min-samples 150, as many pages as they fill). Each notebook
is indexed twice in a folder of its own:
  no-adapt  `build` as shipped;
  adapt     `build --adapt` twice (the first learns the hand from the sure words and reads again
            with it the lines holding unsure words, or marks their pages for the second), and the
            best readings from `text --index` of that index.
Each writer is read in the language of its labels' words (`writer_languages.py`, by the word lists,
never by what the recognizer reads), through NOTEBOOK_INDEX_LANGUAGES, for every build and text.
Reports search recall and precision and the CER of the best readings per writer and on average,
the seconds of a plain build, of the first `build --adapt` (reading and learning) and of the
second (reading the unsure pages again), the CPU seconds (user+sys) and peak memory of the
measured run's two `build --adapt` even with --no-timing, and writes Benchmarks/results/bench-adapt-<date>.json (commit, machine, date, command, figures).

--baseline FILE takes the no-adapt figures from an earlier result (readings without --adapt do
not change unless the recognizer version or the languages do: the file must name the same
version, and a writer read there in other languages is measured again) and --no-timing
leaves out the timed builds, so a change to the adaptation is measured in about a third of the time.
The `NBI_` variables set (the hand's settings to measure, `HandAdapter.Settings.fromEnvironment`)
are recorded with the figures.

Usage: bench_adapt.py --cli .build/release/notebook-index [--shared ../shared] [--writers K]
                      [--baseline Benchmarks/results/bench-adapt-....json] [--no-timing]
"""
import argparse
import datetime
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import writer_languages  # noqa: E402

# run_eval.py calls `CLI build DIR --index F` and `CLI text FILE --json`; this wrapper adds the
# adaptation: two builds with --adapt, and text with the index the builds wrote.
WRAPPER = """#!/bin/sh
state="$(dirname "$0")/last-index"
case "$1" in
  build)
    prev=""; for a in "$@"; do [ "$prev" = "--index" ] && echo "$a" > "$state"; prev="$a"; done
    times="$(dirname "$0")/build-cpu"
    /usr/bin/time -f "%U %S %e %M" -a -o "$times" "{cli}" "$@" --adapt &&
      exec /usr/bin/time -f "%U %S %e %M" -a -o "$times" "{cli}" "$@" --adapt ;;
  text) exec "{cli}" "$@" --index "$(cat "$state")" ;;
  *) exec "{cli}" "$@" ;;
esac
"""


def timed_builds(cli, notebook, folder, env):
    """Seconds of `build`, then of two `build --adapt`, each into a fresh index of its own."""
    os.makedirs(folder)
    shutil.copy(notebook, folder)
    seconds = {}
    for key, extra in (("plain", []), ("adapt_first", ["--adapt"]), ("adapt_second", ["--adapt"])):
        index = os.path.join(folder, "plain.sqlite" if key == "plain" else "adapt.sqlite")
        start = time.monotonic()
        subprocess.run([cli, "build", folder, "--index", index] + extra, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, env=env)
        seconds[key] = round(time.monotonic() - start, 2)
    return seconds


def recognition_version(cli):
    """The recognizer version the binary reads with (`--version`: "recognizer version N")."""
    out = subprocess.run([cli, "--version"], capture_output=True, text=True).stdout
    match = re.search(r"recognizer version (\d+)", out)
    return int(match.group(1)) if match else None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--shared", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared"))
    ap.add_argument("--writers", type=int, default=0, help="only the first K writers (0: all)")
    ap.add_argument("--min-samples", type=int, default=150)
    ap.add_argument("--baseline", help="an earlier bench-adapt result whose no-adapt figures are reused")
    ap.add_argument("--no-timing", action="store_true", help="no timed builds")
    args = ap.parse_args()
    baseline = {}
    if args.baseline:
        earlier = json.load(open(args.baseline))
        if earlier.get("recognition_version") not in (None, recognition_version(args.cli)):
            sys.exit(f"bench_adapt.py: {args.baseline} was measured with recognizer {earlier['recognition_version']}")
        baseline = {r["notebook"]: r for r in earlier["writers"]}
    cli = os.path.abspath(args.cli)
    shared = os.path.abspath(args.shared)
    eval_dir = os.path.join(shared, "tools", "eval")
    unipen = os.path.join(shared, "data", "unipen")
    tmp = tempfile.mkdtemp(prefix="bench-adapt-")
    try:
        pages = os.path.join(tmp, "pages")
        subprocess.run([sys.executable, os.path.join(eval_dir, "make_pages.py"), pages,
                        os.path.join(unipen, "dev-words.jsonl.gz"), os.path.join(unipen, "dev-lines.jsonl.gz"),
                        "--writers", "0", "--min-samples", str(args.min_samples), "--pages-per-writer", "1000",
                        "--formats", "xopp"], check=True, stdout=subprocess.DEVNULL)
        truth = json.load(open(os.path.join(pages, "truth.json")))
        notebooks = sorted({loc["path"] for it in truth["items"] for loc in it["locations"]})
        languages = writer_languages.by_notebook(shared, args.min_samples, notebooks, truth)
        if args.writers:
            notebooks = notebooks[: args.writers]
        wrapper = os.path.join(tmp, "adapting-cli")
        with open(wrapper, "w") as f:
            f.write(WRAPPER.format(cli=cli))
        os.chmod(wrapper, 0o755)
        rows = []
        for notebook in notebooks:
            name = os.path.splitext(os.path.basename(notebook))[0]
            writer, codes = languages[name]
            row = {"notebook": name, "writer": writer, "languages": codes}
            env = dict(os.environ, NOTEBOOK_INDEX_LANGUAGES=",".join(codes))
            for mode, engine in (("no_adapt", cli), ("adapt", wrapper)):
                if mode == "no_adapt" and name in baseline and baseline[name].get("languages", ["en"]) == codes:
                    row[mode] = baseline[name][mode]
                    continue
                folder = os.path.join(tmp, f"{name}-{mode}")
                os.makedirs(folder)
                copy = os.path.join(folder, os.path.basename(notebook))
                shutil.copy(notebook, copy)
                items = []
                for it in truth["items"]:
                    locs = [dict(loc, path=copy) for loc in it["locations"] if loc["path"] == notebook]
                    if locs:
                        items.append(dict(it, locations=locs))
                with open(os.path.join(folder, "truth.json"), "w") as f:
                    json.dump(dict(truth, items=items), f)
                out = os.path.join(tmp, f"{name}-{mode}.json")
                subprocess.run([sys.executable, os.path.join(eval_dir, "run_eval.py"), folder, "--engine", "cli",
                                "--cli", engine, "--json", out], check=True, stdout=subprocess.DEVNULL, env=env)
                figures = json.load(open(out))
                if mode == "adapt":
                    # CPU seconds (user+sys), wall and peak memory of the two `build --adapt`, from the wrapper
                    with open(os.path.join(tmp, "build-cpu")) as f:
                        spent = [[float(x) for x in line.split()] for line in f.read().split("\n") if line.strip()][-2:]
                    row["adapt_builds_cpu_seconds"] = [round(u + s, 2) for u, s, _, _ in spent]
                    row["adapt_builds_wall_seconds"] = [w for _, _, w, _ in spent]
                    row["adapt_builds_peak_mib"] = [round(k / 1024, 1) for _, _, _, k in spent]
                row["samples"] = len(items)
                row[mode] = {k: figures[k] for k in ("search_recall", "search_precision", "cer", "wer")}
            if not args.no_timing:
                row["build_seconds"] = timed_builds(cli, notebook, os.path.join(tmp, f"{name}-timed"), env)
            rows.append(row)
            a, n = row["adapt"], row["no_adapt"]
            print(f"{name} ({','.join(codes)}): {row['samples']} samples  recall {n['search_recall']:.3f} -> {a['search_recall']:.3f}  "
                  f"precision {n['search_precision']:.3f} -> {a['search_precision']:.3f}  "
                  f"CER {n['cer']:.3f} -> {a['cer']:.3f}  build {row.get('build_seconds', '-')}", flush=True)
        average = {mode: {k: round(sum(r[mode][k] for r in rows) / max(len(rows), 1), 4)
                          for k in ("search_recall", "search_precision", "cer", "wer")}
                   for mode in ("no_adapt", "adapt")}
        for key in ("plain", "adapt_first", "adapt_second"):
            if not args.no_timing:
                average[f"build_seconds_{key}"] = round(sum(r["build_seconds"][key] for r in rows), 2)
        if all("adapt_builds_cpu_seconds" in r for r in rows):
            average["adapt_builds_cpu_seconds"] = [round(sum(r["adapt_builds_cpu_seconds"][i] for r in rows), 2)
                                                   for i in (0, 1)]
            average["adapt_builds_peak_mib_max"] = [max(r["adapt_builds_peak_mib"][i] for r in rows) for i in (0, 1)]
        worse = [r["notebook"] for r in rows if r["adapt"]["search_recall"] < r["no_adapt"]["search_recall"] - 0.01]
        print(f"average over {len(rows)} writers: recall {average['no_adapt']['search_recall']:.3f} -> "
              f"{average['adapt']['search_recall']:.3f}  precision {average['no_adapt']['search_precision']:.3f} -> "
              f"{average['adapt']['search_precision']:.3f}  CER {average['no_adapt']['cer']:.3f} -> "
              f"{average['adapt']['cer']:.3f}; recall down by more than 0.01: {len(worse)}")
        here = os.path.dirname(os.path.abspath(__file__))
        commit = subprocess.run(["git", "-C", here, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
        record = {"benchmark": "bench-adapt", "commit": commit, "machine": f"{platform.node()} {platform.machine()}",
                  "cores": os.cpu_count(), "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
                  "command": " ".join(["Benchmarks/bench_adapt.py"] + sys.argv[1:]), "writers": rows,
                  "recognition_version": recognition_version(cli), "no_adapt_from": args.baseline,
                  "settings": {k: v for k, v in sorted(os.environ.items()) if k.startswith("NBI_")},
                  "average": average, "recall_down_by_more_than_0.01": worse}
        results = os.path.join(here, "results")
        os.makedirs(results, exist_ok=True)
        path = os.path.join(results, f"bench-adapt-{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%dT%H%M%SZ}.json")
        with open(path, "w") as f:
            json.dump(record, f, indent=1)
        print("wrote", path)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
