"""Writes the CJK character network in the recognizer's model-file format (export.py's
`write_model`, architecture "cjk-cnn"), with golden data for the Swift tests.

    python cjk/export_cjk.py STATE.pt --out ../Sources/Recognition/Resources/cjk-characters.nbm \
        [--golden ../Tests/Fixtures/cjk-characters-golden.json] [--float16]

The class set (`charset.py`: "cjk" or "hant-ko") is the one whose characters the state has; its
`languages` go into the metadata.

Tensors, each in the layout the Swift side multiplies (Sources/Recognition/CJK/CharacterNetwork.swift),
batch norm folded into the convolution before it:
    conv{i}.weight  (9·in) × out, row (ky·3 + kx)·in + c    conv{i}.bias  out
    hidden.weight   (side·side·channels) × hidden, row (y·side + x)·channels + c, hidden.bias
    out.weight      hidden × classes, out.bias
Metadata: layers (channels of each 3×3 convolution, 0 for a 2×2 max pool), hidden, side, inner,
super, radius (the raster of synth.py), characters (the classes in order), languages (the
characters each language code reads), training_step.
"""
import argparse
import json
import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.append(os.path.dirname(HERE))  # export.py; after cjk/, whose synth.py is not ../synth/
import export  # noqa: E402
import charset  # noqa: E402
import synth  # noqa: E402
from train_cjk import CharacterNet  # noqa: E402


def swift_tensors(net):
    out, i = {}, 0
    mods = list(net.features)
    for j, m in enumerate(mods):
        if isinstance(m, torch.nn.Conv2d):
            bn = mods[j + 1]
            scale = bn.weight / torch.sqrt(bn.running_var + bn.eps)
            w = m.weight * scale[:, None, None, None]
            b = bn.bias - bn.running_mean * scale
            out[f"conv{i}.weight"] = w.permute(2, 3, 1, 0).reshape(-1, w.shape[0])
            out[f"conv{i}.bias"] = b
            i += 1
    c = [m for m in mods if isinstance(m, torch.nn.Conv2d)][-1].out_channels
    side = synth.SIDE // 2 ** sum(isinstance(m, torch.nn.MaxPool2d) for m in mods)
    h = net.hidden.weight.reshape(-1, c, side, side).permute(2, 3, 1, 0).reshape(c * side * side, -1)
    out["hidden.weight"], out["hidden.bias"] = h, net.hidden.bias
    out["out.weight"], out["out.bias"] = net.out.weight.t(), net.out.bias
    return {k: v.detach().numpy().astype(np.float32) for k, v in out.items()}


def class_set(chars):
    """The name of `charset`'s set whose classes are `chars`, in order."""
    for name in ("cjk", "hant-ko"):
        if charset.characters(name) == chars:
            return name
    raise SystemExit("the state's classes are none of charset.py's sets")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("state")
    ap.add_argument("--out", required=True)
    ap.add_argument("--golden")
    ap.add_argument("--float16", action="store_true", help="weight matrices as float16 (half the file)")
    args = ap.parse_args()
    state = torch.load(args.state, weights_only=False)
    chars = list(state["chars"])
    net = CharacterNet(len(chars))
    net.load_state_dict(state["model"])
    net.eval()
    tensors = swift_tensors(net)
    half = set()
    if args.float16:
        half = {k for k in tensors if k.endswith(".weight")}
        for k in half:
            tensors[k] = tensors[k].astype(np.float16).astype(np.float32)
    meta = {"architecture": "cjk-cnn", "layers": [0 if s == "P" else s for s in state["layers"]],
            "hidden": state["hidden"], "side": synth.SIDE, "inner": synth.INNER, "super": synth.SUPER,
            "radius": synth.RADIUS, "characters": "".join(chars),
            "languages": charset.languages(class_set(chars)), "training_step": int(state["step"])}
    export.write_model(tensors, meta, args.out, half=half)
    print(f"wrote {args.out} ({os.path.getsize(args.out) / 2**20:.1f} MiB, {len(chars)} classes)")
    # the file's layout, checked against the trainer's own forward pass (float32 weights only)
    if not args.float16:
        probe = synth.raster([np.array([[0, 0], [10, 30], [30, 5]]), np.array([[5, 20], [25, 20]])])
        with torch.no_grad():
            expected = net(torch.from_numpy(probe[None, None])).numpy()[0]
        got = forward_from_tensors(tensors, meta, probe)
        assert np.abs(got - expected).max() < 1e-3, np.abs(got - expected).max()
    if args.golden:
        with open(args.golden, "w") as f:
            json.dump({"model": os.path.basename(args.out), "cases": golden_from_file(tensors, meta)}, f)
        print(f"wrote {args.golden}")


def forward_from_tensors(t, meta, image):
    """The forward pass exactly as the Swift side does it (HWC layout, folded weights), in numpy."""
    x = image[:, :, None].astype(np.float64)  # H × W × C
    i = 0
    for spec in meta["layers"]:
        if spec == 0:
            h, w, c = x.shape
            x = x.reshape(h // 2, 2, w // 2, 2, c).max(axis=(1, 3))
            continue
        h, w, c = x.shape
        p = np.pad(x, ((1, 1), (1, 1), (0, 0)))
        cols = np.concatenate([p[ky:ky + h, kx:kx + w] for ky in range(3) for kx in range(3)], axis=2)
        x = np.maximum(cols.reshape(h * w, -1) @ t[f"conv{i}.weight"] + t[f"conv{i}.bias"], 0).reshape(h, w, -1)
        i += 1
    v = np.maximum(x.reshape(-1) @ t["hidden.weight"] + t["hidden.bias"], 0)
    return v @ t["out.weight"] + t["out.bias"]


def golden_from_file(t, meta, count=3, seed=5):
    """Made-up ink (random pen paths, so no dataset's samples are copied into the tests), its
    raster and the logits of the file's weights: the Swift raster and forward pass must agree."""
    rng = np.random.default_rng(seed)
    cases = []
    for _ in range(count):
        strokes = [(np.cumsum(rng.normal(0, 8, size=(int(rng.integers(2, 9)), 2)), axis=0)
                    + rng.uniform(0, 100, 2)).round(3) for _ in range(int(rng.integers(1, 7)))]
        image = synth.raster(strokes)
        logits = forward_from_tensors(t, meta, image)
        top = np.argsort(-logits)[:5]
        cases.append({"strokes": [s.tolist() for s in strokes], "raster": image.flatten().tolist(),
                      "top": top.tolist(), "logits": logits[top].tolist()})
    return cases


if __name__ == "__main__":
    main()
