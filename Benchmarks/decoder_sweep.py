#!/usr/bin/env python3
"""Decoder settings tried on the dev writers' pages as a user's index would read them: `make eval`'s
judge (../shared/tools/eval/run_eval.py) once per setting, the command reading with the `NBI_`
variables given (`DecoderSettings.fromEnvironment`), and recall, precision and CER side by side.

    python3 Benchmarks/decoder_sweep.py [--pages /tmp/dev-pages] [--bin B] "" "NBI_MARGIN=6" \
        "NBI_MARGIN=6 NBI_CANDIDATES=8" ...

"" is the shipped settings. Settings are chosen here, on `dev`, never on the real notebooks.
Figures go to Benchmarks/results/decoder-sweep-*.json.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import results  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("settings", nargs="+", help='"NAME=VALUE ..." per run; "" for the shipped settings')
ap.add_argument("--pages", default="/tmp/dev-pages")
ap.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "notebook-index"))
ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
a = ap.parse_args()
runs = []
with tempfile.TemporaryDirectory(prefix="decoder-sweep-") as scratch:
    for n, setting in enumerate(a.settings):
        env = dict(kv.split("=", 1) for kv in setting.split())
        out = os.path.join(scratch, f"{n}.json")
        subprocess.run([sys.executable, os.path.join(a.shared, "tools", "eval", "run_eval.py"), a.pages, "--engine", "cli",
                        "--cli", os.path.abspath(a.bin), "--json", out], env={**os.environ, **env}, check=True,
                       stdout=subprocess.DEVNULL)
        f = json.load(open(out))
        runs.append({"settings": setting or "shipped", "search_recall": f["search_recall"],
                     "search_precision": f["search_precision"], "cer": f["cer"], "wer": f["wer"]})
        r = runs[-1]
        print(f"{r['settings']:<40} recall {r['search_recall']:.4f} precision {r['search_precision']:.4f} "
              f"CER {100 * r['cer']:.2f} %", flush=True)
results.record("decoder-sweep", {"pages": os.path.basename(a.pages.rstrip("/")), "runs": runs},
               command="python3 Benchmarks/decoder_sweep.py " + " ".join(f'"{s}"' for s in a.settings))
