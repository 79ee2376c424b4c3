"""Greedy CER of saved generation-3 networks on the dev subsets the bake-off watches, so that a
branch (a data change, a decay) can be set beside the shipped network on the same samples.

    python3 measure.py checkpoints/gen3/v21.pt /tmp/branch/sepconv192.pt

Reads the subsets from the bake-off's cache (checkpoints/prepared-25000-0.pkl, made by the first
bakeoff.py run); a state file's averaged weights are measured, as the export ships them.
"""
import argparse
import json
import os
import pickle
import sys

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
import torch

import bakeoff
import phase_train

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("states", nargs="+", help="bakeoff.py state files or weights-only files (sepconv192)")
    ap.add_argument("--sets", default=os.path.join(HERE, "checkpoints", "prepared-25000-0.pkl"))
    args = ap.parse_args()
    torch.set_num_threads(1)
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


if __name__ == "__main__":
    sys.exit(main())
