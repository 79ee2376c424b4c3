#!/usr/bin/env python3
"""The writer's hand on whole archives (issue 47): what `build --adapt` costs on about 1,000 pages,
and what it does to the real notebooks' recall with one index for all of them.

Cost: the dev writers' words and lines are laid out by make_pages.py once per seed (each seed
places the same samples elsewhere, so no page repeats another's ink) until --pages pages. Timed
on the same folder, --rounds times in turn (plain, then adapt, then plain again...), so that a
shared machine's load falls on both alike:
  plain         `build` into a fresh index (and, the first round, a second `build` with nothing
                new: no-op);
  adapt         `build --adapt` into a fresh index (reading, learning, and reading the unsure
                words again from their evidence), a second `build --adapt` (the pages left for
                it, if any), then, the first round, a third with nothing new.
The cost is the sum over rounds of (adapt first + adapt second) over the sum of plain, and the
third build against plain's no-op.

Real notebooks: ../shared/tools/eval/real_words.py over ../shared/realnotes with the binary as
shipped, and with a wrapper that builds twice with --adapt (as bench_adapt.py does per writer).

Usage: adapt_archive.py --cli .build/release/notebook-index [--shared ../shared] [--pages 1000] [--rounds 2]
Writes Benchmarks/results/adapt-archive-<date>.json (Benchmarks/results.py).
"""
import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

import results
import writer_languages
from bench_adapt import WRAPPER

# make_pages.py's own default: the writers with at least this many usable samples are laid out
LAID_OUT_MIN_SAMPLES = 12


FIT = re.compile(r"learned the writer's hand from \d+ sure words in ([0-9.]+) s(?: \((\d+) unsure words read again)?|"
                 r"a fit of the writer's hand to \d+ sure words read its held-out words worse and was dropped")


PEAK_MIB = {}
# CPU seconds (user + system) of each timed build, by name: on a machine shared with other work
# they move far less than the wall time
CPU_SECONDS = {}


def timed(cmd, fits=None, name=None, env=None):
    """Seconds `cmd` took (and, with `name`, its peak resident memory in PEAK_MIB). With `fits`,
    it runs on a terminal (`script`), where build prints its summary, and each fit the summary
    reports is appended: its seconds and the unsure words read again in that build, or
    "dropped"."""
    if fits is not None:
        cmd = ["script", "-qec", " ".join(shlex.quote(c) for c in cmd), "/dev/null"]
    start = time.monotonic()
    with tempfile.TemporaryFile("w+") as out:
        child = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, text=True, env=env)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            raise subprocess.CalledProcessError(child.returncode, cmd)
        out.seek(0)
        output = out.read()
    seconds = round(time.monotonic() - start, 2)
    if name:
        PEAK_MIB[name] = max(PEAK_MIB.get(name, 0), round(usage.ru_maxrss / 1024, 1))
        CPU_SECONDS.setdefault(name, []).append(round(usage.ru_utime + usage.ru_stime, 2))
    if fits is not None:
        for match in FIT.finditer(output):
            if match.group(1):
                fits.append({"seconds": float(match.group(1)), "reread_in_build": int(match.group(2) or 0)})
            else:
                fits.append("dropped")
    return seconds


def lay_out_pages(shared, folder, wanted):
    """Dev words and lines as notebooks, one layout per seed, until `wanted` pages; returns the count."""
    unipen = os.path.join(shared, "data", "unipen")
    pages, seed = 0, 1
    os.makedirs(folder)
    while pages < wanted:
        out = os.path.join(folder, f"..seed{seed}")
        subprocess.run([sys.executable, os.path.join(shared, "tools", "eval", "make_pages.py"), out,
                        os.path.join(unipen, "dev-words.jsonl.gz"), os.path.join(unipen, "dev-lines.jsonl.gz"),
                        "--writers", "0", "--min-samples", str(LAID_OUT_MIN_SAMPLES), "--pages-per-writer", "1000",
                        "--formats", "xopp", "--seed", str(seed)],
                       check=True, stdout=subprocess.DEVNULL)
        truth = json.load(open(os.path.join(out, "truth.json")))
        pages += len({(loc["path"], loc["page"]) for it in truth["items"] for loc in it["locations"]})
        for name in os.listdir(out):
            if name.endswith(".xopp"):
                shutil.move(os.path.join(out, name), os.path.join(folder, f"s{seed}-{name}"))
        shutil.rmtree(out)
        seed += 1
    return pages


def hand_status(cli, index, env):
    status = subprocess.run([cli, "status", "--json", "--index", index], capture_output=True, text=True, check=True,
                            env=env)
    return json.loads(status.stdout).get("handAdaptation")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--shared", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared"))
    ap.add_argument("--pages", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=2, help="plain and adapted builds, in turn")
    args = ap.parse_args()
    cli = os.path.abspath(args.cli)
    shared = os.path.abspath(args.shared)
    tmp = tempfile.mkdtemp(prefix="adapt-archive-")
    try:
        folder = os.path.join(tmp, "notes")
        pages = lay_out_pages(shared, folder, args.pages)
        languages = writer_languages.archive_languages(shared, LAID_OUT_MIN_SAMPLES)
        env = dict(os.environ, NOTEBOOK_INDEX_LANGUAGES=",".join(languages))
        plain, adapt = os.path.join(tmp, "plain.sqlite"), os.path.join(tmp, "adapt.sqlite")
        fits = []
        rounds = []
        for r in range(args.rounds):
            for index in (plain, adapt):
                if os.path.exists(index):
                    os.remove(index)
            seconds = {"plain": timed([cli, "build", folder, "--index", plain], name="plain", env=env)}
            if r == 0:
                seconds["plain_noop"] = timed([cli, "build", folder, "--index", plain], env=env)
            before = len(fits)
            seconds["adapt_first"] = timed([cli, "build", folder, "--index", adapt, "--adapt"], fits, "adapt", env)
            seconds["adapt_second"] = timed([cli, "build", folder, "--index", adapt, "--adapt"], fits, "adapt_second", env)
            if r == 0:
                seconds["adapt_noop"] = timed([cli, "build", folder, "--index", adapt, "--adapt"], fits, env=env)
            # where --adapt's time goes: the fit (as the build reports it), the rest of the first
            # build (the shipped reading, collecting the sure words and the unsure words'
            # evidence, reading them again), and the second build (pages left for it)
            seconds["fit"] = round(sum(f["seconds"] for f in fits[before:] if f != "dropped"), 2)
            seconds["cost"] = round((seconds["adapt_first"] + seconds["adapt_second"]) / seconds["plain"], 3)
            rounds.append(seconds)
            print(f"{pages} pages, round {r + 1}: build {seconds['plain']} s, with --adapt "
                  f"{seconds['adapt_first']} (fit {seconds['fit']} s) + {seconds['adapt_second']} s "
                  f"({seconds['cost']}x)", flush=True)
        cost = round(sum(r["adapt_first"] + r["adapt_second"] for r in rounds) / sum(r["plain"] for r in rounds), 3)
        cpu = {name: round(sum(v), 2) for name, v in CPU_SECONDS.items()}
        cpu_cost = round((cpu["adapt"] + cpu["adapt_second"]) / cpu["plain"], 3)
        print(f"{pages} pages ({','.join(languages)}): --adapt costs {cost}x over {len(rounds)} rounds ({cpu_cost}x in CPU seconds, {cpu}); "
              f"peak memory {PEAK_MIB} MiB; nothing new: "
              f"{rounds[0]['plain_noop']} / {rounds[0]['adapt_noop']} s", flush=True)
        hand = hand_status(cli, adapt, env)

        wrapper = os.path.join(tmp, "adapting-cli")
        with open(wrapper, "w") as f:
            f.write(WRAPPER.format(cli=cli))
        os.chmod(wrapper, 0o755)
        real = {}
        for mode, engine in (("no_adapt", cli), ("adapt", wrapper)):
            out = os.path.join(tmp, f"real-{mode}.json")
            subprocess.run([sys.executable, os.path.join(shared, "tools", "eval", "real_words.py"), engine,
                            os.path.join(shared, "realnotes"), os.path.join(shared, "realnotes", "truth.json"),
                            "--json", out], check=True, stdout=subprocess.DEVNULL)
            real[mode] = json.load(open(out))
        found = {mode: real[mode]["found"] for mode in real}
        print(f"real notebooks: {found['no_adapt']} -> {found['adapt']} words found", flush=True)
        figures = {"pages": pages, "languages": languages, "fits": fits, "build_seconds": rounds, "adapt_cost": cost,
                   "peak_mib": PEAK_MIB, "cpu_seconds": CPU_SECONDS, "adapt_cpu_cost": cpu_cost,
                   "real_found_no_adapt": found["no_adapt"], "real_found_adapt": found["adapt"],
                   "real_words": real["no_adapt"]["words"], "hand": hand,
                   "settings": {k: v for k, v in sorted(os.environ.items()) if k.startswith("NBI_")}}
        print("wrote", results.record("adapt-archive", figures,
                                      command=" ".join(["Benchmarks/adapt_archive.py"] + sys.argv[1:])))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
