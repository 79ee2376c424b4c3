"""Greedy CER of saved generation-3 networks on the dev subsets the bake-off watches, so that a
branch (a data change, a decay) can be set beside the shipped network on the same samples.

    python3 measure.py checkpoints/gen3/v21.pt /tmp/branch/sepconv192.pt
    python3 measure.py --writers checkpoints/gen3/v23.pt

Reads the subsets from the bake-off's cache (checkpoints/prepared-25000-0.pkl, made by the first
bakeoff.py run); a state file's averaged weights are measured, as the export ships them.
`--writers` measures instead 600 words and 600 lines of the `train` writers beside as many of the
`dev` writers, drawn alike and unaugmented: how much of the error is writers it has never seen.
"""
import argparse
import json
import os
import pickle
import sys

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
import numpy as np
import torch

import bakeoff
import pack
import phase_train

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("states", nargs="+", help="bakeoff.py state files or weights-only files (sepconv192)")
    ap.add_argument("--sets", default=os.path.join(HERE, "checkpoints", "prepared-25000-0.pkl"))
    ap.add_argument("--writers", action="store_true", help="train writers' samples beside dev writers'")
    ap.add_argument("--packed", default=os.path.join(HERE, "packed", "unipen.npz"))
    args = ap.parse_args()
    torch.set_num_threads(1)
    if args.writers:
        sets = writer_sets(args.packed)
    else:
        with open(args.sets, "rb") as f:
            _, sets = pickle.load(f)
    make = bakeoff.candidate_specs(os.path.join(HERE, "checkpoints", "phase11.npz"))["sepconv192"][0]
    for path in args.states:
        state = torch.load(path, weights_only=False, map_location="cpu")
        net = make()
        net.load_state_dict({k: v.float() if v.is_floating_point() else v for k, v in state["ema"].items()})
        net.eval()
        row = {g: round(phase_train.cer(net, v, torch.device("cpu")), 4) for g, v in sets.items()}
        print(json.dumps({"state": path, "steps": state.get("steps"), **row}), flush=True)


def writer_sets(packed, count=600):
    """{"train words", "train lines", "dev words", "dev lines"} -> [(features, label)]: `count` of
    each, drawn with one seed from each split."""
    z = np.load(packed)
    sets = {}
    for split in ("train", "dev"):
        samples = pack.unpack(z, f"{split}:")
        for kind in ("words", "lines"):
            pool = [s for s in samples if s[2] == kind]
            picked = [pool[i] for i in np.random.default_rng(5).permutation(len(pool))[:count]]
            sets[f"{split} {kind}"] = [(phase_train._features(s)[0], s[1]) for s in picked]
    return sets


if __name__ == "__main__":
    sys.exit(main())
