"""Greedy CER of saved generation-3 networks on the dev subsets the bake-off watches, so that a
branch (a data change, a decay) can be set beside the shipped network on the same samples.

    python3 measure.py checkpoints/gen3/v21.pt /tmp/branch/sepconv192.pt
    python3 measure.py --writers checkpoints/gen3/v23.pt

Reads the subsets from the bake-off's cache (checkpoints/prepared-25000-0.pkl, made by the first
bakeoff.py run); a state file's averaged weights are measured, as the export ships them.
`--writers` measures instead 600 words and 600 lines of the `train` writers beside as many of the
`dev` writers, drawn alike and unaugmented: how much of the error is writers it has never seen.
`--letters` measures the letters the grown alphabet added (alphabet.MORE_LOWER): about 1,000 `dev`
words, each given one of them with the dev writers' own marks (accents.accent_to, letters located
by phase 11's alignment), read greedily: CER, and the share whose added letter is read as written.
A network of the shorter alphabet is grown first (its new letters read as their base letters).
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

import accents
import alphabet
import bakeoff
import pack
import phase_train

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("states", nargs="+", help="bakeoff.py state files or weights-only files (sepconv192)")
    ap.add_argument("--sets", default=os.path.join(HERE, "checkpoints", "prepared-25000-0.pkl"))
    ap.add_argument("--writers", action="store_true", help="train writers' samples beside dev writers'")
    ap.add_argument("--letters", action="store_true", help="dev words given one of the added letters")
    ap.add_argument("--packed", default=os.path.join(HERE, "packed", "unipen.npz"))
    args = ap.parse_args()
    torch.set_num_threads(1)
    if args.writers:
        sets = writer_sets(args.packed)
    elif args.letters:
        sets = {"letters": letter_set(args.packed)}
    else:
        with open(args.sets, "rb") as f:
            _, sets = pickle.load(f)
    make = bakeoff.candidate_specs(os.path.join(HERE, "checkpoints", "phase11.npz"))["sepconv192"][0]
    for path in args.states:
        state = torch.load(path, weights_only=False, map_location="cpu")
        net = make()
        net.load_state_dict(bakeoff.grown_averaged_weights(state, net))
        net.eval()
        row = {g: round(phase_train.cer(net, v, torch.device("cpu")), 4) for g, v in sets.items()}
        if args.letters:
            row["letter_read"] = round(letters_read(net, sets["letters"]), 4)
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


def letter_set(packed, count=1500):
    """[(features, label)]: the first `count` `dev` words that phase 11 reads exactly, each with
    one letter that has an added accented form given it (the form drawn at random)."""
    z = np.load(packed)
    dev = pack.unpack(z, "dev:")
    reference = phase_train.Net.from_phase(os.path.join(HERE, "checkpoints", "phase11.npz"))
    words = [s for s in dev if s[2] == "words"][:count]
    aligned = phase_train.align(reference, words, [phase_train._features(s) for s in words], torch.device("cpu"), 2)
    marks = accents.MarkLibrary([s for s in dev if s[2] == "chars"])
    added = alphabet.MORE_LOWER + alphabet.MORE_UPPER
    forms = {}
    for ch in added:
        forms.setdefault(accents.ACCENTS[ch][0], []).append(ch)
    rng = np.random.default_rng(5)
    out = []
    for k in sorted(aligned):
        strokes, label, _, writer = words[k]
        spots = [i for i, c in enumerate(label) if c in forms and np.isfinite(aligned[k][i])]
        if not spots:
            continue
        i = spots[rng.integers(len(spots))]
        target = label[:i] + forms[label[i]][rng.integers(len(forms[label[i]]))] + label[i + 1:]
        made = accents.accent_to(strokes, label, target, aligned[k], writer, marks, rng)
        if made:
            out.append((phase_train._features((made[0],))[0], made[1]))
    return out


def letters_read(net, letter_items):
    """The share of `letter_items` whose greedy reading holds the added letter its label has."""
    paths = phase_train.run_batches(net, [f for f, _ in letter_items], torch.device("cpu"))
    added = set(alphabet.MORE_LOWER + alphabet.MORE_UPPER)
    hits = 0
    for path, (_, label) in zip(paths, letter_items):
        reading = alphabet.decode([c for c, _ in phase_train.greedy_runs(path)])
        hits += all(c in reading for c in label if c in added)
    return hits / max(len(letter_items), 1)


if __name__ == "__main__":
    sys.exit(main())
