#!/usr/bin/env python3
"""The writer's hand on whole archives (issue 47): what `build --adapt` costs on about 1,000 pages,
and what it does to the real notebooks' recall with one index for all of them.

Cost: the dev writers' words and lines are laid out by make_pages.py once per seed (each seed
places the same samples elsewhere, so no page repeats another's ink) until --pages pages. Three
timings, each on the same folder:
  plain         `build` into a fresh index, then a second `build` with nothing new (no-op);
  adapt         `build --adapt` into a fresh index (reading and learning), a second
                `build --adapt` (reading again the pages with unsure words, with the learned
                hand), then a third with nothing new.
The cost is (adapt first + adapt second) / plain, and the third build against plain's no-op.

Real notebooks: ../shared/tools/eval/real_words.py over ../shared/realnotes with the binary as
shipped, and with a wrapper that builds twice with --adapt (as bench_adapt.py does per writer).

Usage: adapt_archive.py --cli .build/release/notebook-index [--shared ../shared] [--pages 1000]
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
from bench_adapt import WRAPPER


FIT = re.compile(r"learned the writer's hand from \d+ sure words in ([0-9.]+) s|"
                 r"a fit of the writer's hand to \d+ sure words read its held-out words worse and was dropped")


def timed(cmd, fits=None):
    """Seconds `cmd` took. With `fits`, it runs on a terminal (`script`), where build prints its
    summary, and each fit the summary reports is appended: its seconds, or "dropped"."""
    if fits is not None:
        cmd = ["script", "-qec", " ".join(shlex.quote(c) for c in cmd), "/dev/null"]
    start = time.monotonic()
    run = subprocess.run(cmd, check=True, capture_output=True, text=True)
    seconds = round(time.monotonic() - start, 2)
    if fits is not None:
        for match in FIT.finditer(run.stdout + run.stderr):
            fits.append(float(match.group(1)) if match.group(1) else "dropped")
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
                        "--writers", "0", "--pages-per-writer", "1000", "--formats", "xopp", "--seed", str(seed)],
                       check=True, stdout=subprocess.DEVNULL)
        truth = json.load(open(os.path.join(out, "truth.json")))
        pages += len({(loc["path"], loc["page"]) for it in truth["items"] for loc in it["locations"]})
        for name in os.listdir(out):
            if name.endswith(".xopp"):
                shutil.move(os.path.join(out, name), os.path.join(folder, f"s{seed}-{name}"))
        shutil.rmtree(out)
        seed += 1
    return pages


def hand_status(cli, index):
    status = subprocess.run([cli, "status", "--json", "--index", index], capture_output=True, text=True, check=True)
    return json.loads(status.stdout).get("handAdaptation")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--shared", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared"))
    ap.add_argument("--pages", type=int, default=1000)
    args = ap.parse_args()
    cli = os.path.abspath(args.cli)
    shared = os.path.abspath(args.shared)
    tmp = tempfile.mkdtemp(prefix="adapt-archive-")
    try:
        folder = os.path.join(tmp, "notes")
        pages = lay_out_pages(shared, folder, args.pages)
        plain, adapt = os.path.join(tmp, "plain.sqlite"), os.path.join(tmp, "adapt.sqlite")
        fits = []
        seconds = {
            "plain": timed([cli, "build", folder, "--index", plain]),
            "plain_noop": timed([cli, "build", folder, "--index", plain]),
            "adapt_first": timed([cli, "build", folder, "--index", adapt, "--adapt"], fits),
            "adapt_second": timed([cli, "build", folder, "--index", adapt, "--adapt"], fits),
            "adapt_noop": timed([cli, "build", folder, "--index", adapt, "--adapt"], fits),
        }
        # where --adapt's time goes: the fit (as the build reports it), the rest of the first
        # build (the shipped reading, collecting the sure words), and the second build (the
        # unsure words read again with the hand)
        seconds["fit"] = round(sum(f for f in fits if f != "dropped"), 2)
        cost = round((seconds["adapt_first"] + seconds["adapt_second"]) / seconds["plain"], 3)
        print(f"{pages} pages: build {seconds['plain']} s, with --adapt {seconds['adapt_first']} "
              f"(fit {seconds['fit']} s) + {seconds['adapt_second']} s ({cost}x); "
              f"nothing new: {seconds['plain_noop']} / {seconds['adapt_noop']} s", flush=True)
        hand = hand_status(cli, adapt)

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
        figures = {"pages": pages, "fits": fits, "build_seconds": seconds, "adapt_cost": cost,
                   "real_found_no_adapt": found["no_adapt"], "real_found_adapt": found["adapt"],
                   "real_words": real["no_adapt"]["words"], "hand": hand}
        print("wrote", results.record("adapt-archive", figures,
                                      command=" ".join(["Benchmarks/adapt_archive.py"] + sys.argv[1:])))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
