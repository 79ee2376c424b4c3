"""Writes the trained network in the binary format the Swift side loads, plus golden test data.

    python3 export.py [--checkpoint checkpoints/latest.npz] [--out ../Sources/Recognition/Resources/recognizer.nbm]
    python3 export.py --sepconv checkpoints/gen3/sepconv192.pt [--float16] [--out ...] [--golden ...]
    python3 export.py --sepconv-fixture    (a small random separable network and its golden data,
                                            float32 and float16, for the Swift tests of that architecture)

Generation 3's separable network (bakeoff.py's SeparableNet, architecture "sepconv-bilstm-ctc")
is written from its averaged weights in the same file format, each tensor in the layout the Swift
kernels take: convolutions kernel × in × out, depthwise taps kernel × channels, matrices in × out,
an LSTM direction's two biases summed.

File layout (little-endian), read by Sources/Recognition/Network/ModelFile.swift:
    magic    8 bytes  "NBIXRNN\\0"
    version  u32      file-format version (1)
    metaLen  u32      then metaLen bytes of UTF-8 JSON: model and feature configuration, alphabet
    count    u32      number of tensors, then for each:
        nameLen u16, name (UTF-8), dtype u8 (0 = float32), rank u8, dims u32 × rank, data
"""
import argparse
import gzip
import json
import os
import struct

import numpy as np

import alphabet
import ink
import model

ROOT = os.path.dirname(os.path.abspath(__file__))
MAGIC = b"NBIXRNN\0"
FORMAT_VERSION = 1


def write_model(params, meta, path, half=()):
    """The model file; the tensors named in `half` as float16 (dtype 1), the rest float32."""
    blob = json.dumps(meta, sort_keys=True).encode()
    with open(path, "wb") as f:
        f.write(MAGIC)
        f.write(struct.pack("<II", FORMAT_VERSION, len(blob)))
        f.write(blob)
        f.write(struct.pack("<I", len(params)))
        for name in sorted(params):
            dtype = 1 if name in half else 0
            a = np.ascontiguousarray(np.asarray(params[name], dtype="<f2" if dtype else "<f4"))
            nb = name.encode()
            f.write(struct.pack("<H", len(nb)) + nb)
            f.write(struct.pack("<BB", dtype, a.ndim))
            f.write(struct.pack("<" + "I" * a.ndim, *a.shape))
            f.write(a.tobytes())


def read_model(path):
    """The metadata and tensors (float32) of a file `write_model` wrote."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == MAGIC, f"{path} is not a model file"
    version, size = struct.unpack_from("<II", data, 8)
    assert version == FORMAT_VERSION, version
    at = 16 + size
    meta = json.loads(data[16:at])
    (count,) = struct.unpack_from("<I", data, at)
    at += 4
    tensors = {}
    for _ in range(count):
        (length,) = struct.unpack_from("<H", data, at)
        name = data[at + 2:at + 2 + length].decode()
        at += 2 + length
        dtype, rank = struct.unpack_from("<BB", data, at)
        shape = struct.unpack_from("<" + "I" * rank, data, at + 2)
        at += 2 + 4 * rank
        kind = "<f2" if dtype == 1 else "<f4"
        n = int(np.prod(shape))
        tensors[name] = np.frombuffer(data, dtype=kind, count=n, offset=at).reshape(shape).astype(np.float32)
        at += n * np.dtype(kind).itemsize
    return meta, tensors


def golden(path, log_probabilities, count=3):
    """A few real dev samples with the features and the log-probabilities (frames x classes) that
    `log_probabilities(features)` computes with the trainer's own forward pass."""
    src = os.path.join(os.path.dirname(ink.__file__), "..", "..", "shared", "data", "unipen", "dev-words.jsonl.gz")
    cases = []
    with gzip.open(src, "rt") as f:
        for line in f:
            r = json.loads(line)
            if sum(len(s) for s in r["strokes"]) < 60:
                continue
            feats, _ = ink.features([np.asarray(s, np.float64) for s in r["strokes"]])
            logp = np.asarray(log_probabilities(feats), np.float64)
            cases.append({"id": r["id"], "label": r["label"], "strokes": r["strokes"],
                          "features": np.round(feats.astype(np.float64), 6).tolist(),
                          "logProbabilities": np.round(logp, 5).tolist()})
            if len(cases) == count:
                break
    with open(path, "w") as f:
        json.dump({"source": "UNIPEN train_r01_v07 dev writers, CC BY 4.0", "cases": cases}, f)


def conv3_log_probabilities(params, cfg):
    import jax.numpy as jnp

    def run(feats):
        logp, flen = model.forward(params, jnp.asarray(feats[None]), jnp.asarray([len(feats)]), cfg)
        return logp[0, : int(flen[0])]
    return run


def sepconv_log_probabilities(net):
    import torch
    net.eval()

    def run(feats):
        with torch.no_grad():
            logp, flen = net(torch.from_numpy(feats.astype(np.float32)[None]), torch.tensor([len(feats)]))
        return logp[0, : int(flen[0])].numpy()
    return run


def metadata(architecture, cfg, step):
    return {
        "architecture": architecture,
        "config": cfg,
        "featureVersion": ink.FEATURE_VERSION,
        "features": {"step": ink.STEP, "jumpClip": ink.JUMP_CLIP, "yClip": ink.Y_CLIP,
                     "minUnitFraction": ink.MIN_UNIT_FRACTION, "count": ink.N_FEATURES},
        "alphabet": alphabet.CHARS,
        "trainingStep": step,
        "data": "UNIPEN train_r01_v07 train writers (CC BY 4.0), with accents composed from their own marks",
    }


def sepconv_tensors(net):
    """SeparableNet's weights in the model file's names and layouts."""
    sd = {k: v.detach().cpu().numpy().astype(np.float32) for k, v in net.state_dict().items()}
    t = {"stem.w": sd["stem.weight"].transpose(2, 1, 0), "stem.b": sd["stem.bias"],
         "out.w": sd["out.weight"].T, "out.b": sd["out.bias"]}
    for i in range(len(net.strides)):
        t[f"block{i}.dw.w"] = sd[f"depthwise.{i}.weight"][:, 0, :].T
        t[f"block{i}.dw.b"] = sd[f"depthwise.{i}.bias"]
        t[f"block{i}.pw.w"] = sd[f"pointwise.{i}.weight"][:, :, 0].T
        t[f"block{i}.pw.b"] = sd[f"pointwise.{i}.bias"]
    for layer in range(net.cfg["layers"]):
        for d in ("fwd", "bwd"):
            pre = f"lstms.{layer}.{d}."
            t[f"lstm{layer}.{d}.wx"] = sd[pre + "weight_ih_l0"].T
            t[f"lstm{layer}.{d}.wh"] = sd[pre + "weight_hh_l0"].T
            t[f"lstm{layer}.{d}.b"] = sd[pre + "bias_ih_l0"] + sd[pre + "bias_hh_l0"]
    return {k: np.ascontiguousarray(v) for k, v in t.items()}


def round_weights_to_float16(net):
    """Rounds the network's weight matrices (not its biases) to float16 in place, so the golden
    outputs are those of the weights the file holds; the names of those tensors in the file."""
    import torch
    with torch.no_grad():
        for name, p in net.named_parameters():
            if "weight" in name:
                p.copy_(p.half().float())
    return {k for k in sepconv_tensors(net) if k.endswith((".w", ".wx", ".wh"))}


def export_sepconv(net, out, golden_path, step, count=3, float16=False):
    cfg = {"channels": net.cfg["channels"], "hidden": net.cfg["hidden"], "layers": net.cfg["layers"],
           "kernel": 5, "block_strides": net.cfg["block_strides"]}
    half = round_weights_to_float16(net) if float16 else set()
    write_model(sepconv_tensors(net), metadata("sepconv-bilstm-ctc", cfg, step), out, half)
    golden(golden_path, sepconv_log_probabilities(net), count)
    print(f"wrote {out} ({os.path.getsize(out)} bytes) and {golden_path}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sepconv", help="a bakeoff.py state of sepconv192 (its averaged weights are written)")
    ap.add_argument("--sepconv-fixture", action="store_true")
    ap.add_argument("--float16", action="store_true", help="weight matrices as float16 (half the file)")
    ap.add_argument("--checkpoint", default=os.path.join(ROOT, "checkpoints", "phase11.npz"))
    ap.add_argument("--out", default=os.path.join(ROOT, "..", "Sources", "Recognition", "Resources", "recognizer.nbm"))
    ap.add_argument("--golden", default=os.path.join(ROOT, "..", "Tests", "Fixtures", "recognizer-golden.json"))
    args = ap.parse_args()
    if args.sepconv or args.sepconv_fixture:
        import torch
        import bakeoff
        if args.sepconv_fixture:
            fixtures = os.path.join(ROOT, "..", "Tests", "Fixtures")
            for name, half in (("sepconv-small", False), ("sepconv-small-half", True)):
                torch.manual_seed(7)
                net = bakeoff.SeparableNet({"channels": 8, "hidden": 8, "layers": 2, "block_strides": [2, 2, 1]})
                export_sepconv(net, os.path.join(fixtures, name + ".nbm"),
                               os.path.join(fixtures, name + "-golden.json"), 0, count=2, float16=half)
            return
        state = torch.load(args.sepconv, weights_only=False, map_location="cpu")
        net = bakeoff.candidate_specs(os.path.join(ROOT, "checkpoints", "phase11.npz"))["sepconv192"][0]()
        net.load_state_dict({k: v.float() for k, v in state["ema"].items()})
        export_sepconv(net, args.out, args.golden, int(state["steps"]), float16=args.float16)
        return
    z = np.load(args.checkpoint)
    params = {k[2:]: z[k] for k in z.files if k.startswith("p:")}
    # phase_train.py's checkpoints carry their configuration; the CPU trainer's is model.CONFIG
    cfg = json.loads(str(z["config"])) if "config" in z.files else model.CONFIG
    meta = metadata("conv3-bilstm-ctc", cfg, int(z["step"]))
    write_model(params, meta, args.out)
    golden(args.golden, conv3_log_probabilities(params, cfg))
    print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes) and {args.golden}")


if __name__ == "__main__":
    main()
