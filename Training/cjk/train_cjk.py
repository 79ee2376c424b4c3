"""Trains the CJK character network on synthetic characters (`synth.py` over `glyphs.py`'s
skeletons and strokes) and measures it on the real dev characters, which it never trains on.

    python cjk/train_cjk.py --glyphs G.npz --out checkpoints/cjk [--cpu-minutes M] [--threads N]
        [--init MODEL.nbm] [--dev D.jsonl.gz ...] [--minutes M]

Resumes from OUT/cjk.pt when it exists; saves every --save-every wall seconds and at the end;
logs to OUT/log.txt (dev top-1 and top-3 every --eval-every batches, for each --dev set).

`--init` starts a new run from an exported network (`export_cjk.py`'s file) instead of from
nothing: its convolutions and hidden layer, and the output rows of the characters both class sets
have (`warm_start`), so a second network over other characters begins with the strokes' features
the first one learned.
"""
import argparse
import gzip
import json
import math
import os
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import synth  # noqa: E402

sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # export.py, after cjk/ (synth)
import export  # noqa: E402

# channels of the 3×3 convolutions; "P" is a 2×2 max pool
LAYERS = [32, "P", 64, "P", 128, 128, "P", 256, "P"]
HIDDEN = 256


class CharacterNet(nn.Module):
    def __init__(self, classes):
        super().__init__()
        blocks, c = [], 1
        for spec in LAYERS:
            if spec == "P":
                blocks.append(nn.MaxPool2d(2))
            else:
                blocks += [nn.Conv2d(c, spec, 3, padding=1, bias=False), nn.BatchNorm2d(spec), nn.ReLU()]
                c = spec
        self.features = nn.Sequential(*blocks)
        side = synth.SIDE // 2 ** LAYERS.count("P")
        self.hidden = nn.Linear(c * side * side, HIDDEN)
        self.out = nn.Linear(HIDDEN, classes)
        self.drop = nn.Dropout(0.2)

    def forward(self, x):
        x = self.features(x).flatten(1)
        return self.out(self.drop(F.relu(self.hidden(x))))


class Synthetic(torch.utils.data.IterableDataset):
    """Endless batches: a uniform class, then a font face's skeleton or (a `stroke_share` of the
    time, where KanjiVG has the character) its strokes, a `casual` share of them hurried."""

    def __init__(self, glyphs, batch, seed, start=0, curriculum=0, casual=0.0, stroke_share=0.2):
        g = np.load(glyphs)
        self.offsets, self.points, self.owners = g["offsets"], g["points"], g["owners"]
        self.line_offsets, self.lines, self.line_owner = g["line_offsets"], g["lines"], g["line_owner"]
        self.classes = len(g["chars"])
        self.batch, self.seed = batch, seed
        self.start, self.curriculum = start, curriculum
        self.casual, self.stroke_share = casual, stroke_share

    def __iter__(self):
        info = torch.utils.data.get_worker_info()
        rng = np.random.default_rng([self.seed, self.start, info.id if info else 0])
        faces = [[] for _ in range(self.classes)]
        for i, (k, _) in enumerate(self.owners):
            if k < self.classes:
                faces[k].append(i)
        strokes = {int(k): i for i, k in enumerate(self.line_owner) if k < self.classes}
        # over the first `curriculum` batches the classes drawn grow from a random 300 to all: with
        # thousands of classes from the start, each seen a few times, the loss sat near ln(classes)
        # for thousands of batches, while a few hundred classes teach the strokes' features at once
        order = np.random.default_rng(self.seed).permutation(self.classes)
        step = self.start
        while True:
            grown = 1.0 if step >= self.curriculum else step / self.curriculum
            drawn = min(self.classes, int(300 + (self.classes - 300) * grown))
            step += 1
            xs, ys = np.zeros((self.batch, 1, synth.SIDE, synth.SIDE), np.float32), np.zeros(self.batch, np.int64)
            for b in range(self.batch):
                k = int(order[rng.integers(drawn)])
                if k in strokes and (not faces[k] or rng.random() < self.stroke_share):
                    i = strokes[k]
                    xs[b, 0] = synth.from_lines(self.lines[self.line_offsets[i]:self.line_offsets[i + 1]], rng,
                                                self.casual)
                else:
                    i = faces[k][int(rng.integers(len(faces[k])))]
                    xs[b, 0] = synth.from_skeleton(self.points[self.offsets[i]:self.offsets[i + 1]], rng,
                                                   self.casual)
                ys[b] = k
            yield torch.from_numpy(xs), torch.from_numpy(ys)


def warm_start(model, path, chars, batch):
    """Loads the network of the model file `path` into `model` (over classes `chars`): the
    convolutions and the hidden layer, and the output row of each class the file also has (the
    others keep their random start). The file's convolutions have batch norm folded in; unfolding
    it sets each norm to undo, on `batch`, the statistics it will divide by, so that in training
    mode the network computes what the file's network computes."""
    meta, t = export.read_model(path)
    convs = [m for m in model.features if isinstance(m, nn.Conv2d)]
    assert meta["layers"] == [0 if s == "P" else s for s in LAYERS] and meta["hidden"] == HIDDEN
    with torch.no_grad():
        x, i, mods = batch, 0, list(model.features)
        for j, m in enumerate(mods):
            if isinstance(m, nn.Conv2d):
                w = torch.from_numpy(t[f"conv{i}.weight"]).reshape(3, 3, m.in_channels, m.out_channels)
                m.weight.copy_(w.permute(3, 2, 0, 1))
                y = m(x)
                mean, var = y.mean(dim=(0, 2, 3)), y.var(dim=(0, 2, 3), unbiased=False)
                bn = mods[j + 1]
                bn.running_mean.copy_(mean)
                bn.running_var.copy_(var)
                bn.weight.copy_(torch.sqrt(var + bn.eps))
                bn.bias.copy_(mean + torch.from_numpy(t[f"conv{i}.bias"]))
                i += 1
                x = y
            else:
                m.eval()
                x = m(x)
        assert i == len(convs)
        c = convs[-1].out_channels
        side = synth.SIDE // 2 ** LAYERS.count("P")
        h = torch.from_numpy(t["hidden.weight"]).reshape(side, side, c, HIDDEN).permute(3, 2, 0, 1)
        model.hidden.weight.copy_(h.reshape(HIDDEN, -1))
        model.hidden.bias.copy_(torch.from_numpy(t["hidden.bias"]))
        old = {ch: k for k, ch in enumerate(meta["characters"])}
        shared = [(k, old[ch]) for k, ch in enumerate(chars) if ch in old]
        if shared:
            new, was = map(list, zip(*shared))
            model.out.weight[new] = torch.from_numpy(t["out.weight"]).t()[was]
            model.out.bias[new] = torch.from_numpy(t["out.bias"])[was]
    return [k for k in range(len(chars)) if chars[k] not in old]


def imprint(model, glyphs, classes, per_class=4, seed=3):
    """Output rows for `classes` (new to the network) from the hidden activations of their glyphs
    (weight imprinting): each row the mean activation of up to `per_class` of its faces' skeletons
    drawn plainly, less the mean of all of them (activations after a ReLU all point one way, so
    uncentred rows outscored the trained ones), scaled to the trained rows' mean length, with their
    mean bias at the mean activation. Random rows outscored the trained ones too (every dev
    character read wrong before the first batch)."""
    g = np.load(glyphs)
    owners, offsets, points = g["owners"], g["offsets"], g["points"]  # an npz reads an array at each access
    rng = np.random.default_rng(seed)
    wanted = set(classes)
    by_class = {}
    for i, (k, _) in enumerate(owners):
        if int(k) in wanted:
            by_class.setdefault(int(k), []).append(i)
    trained = torch.ones(model.out.out_features, dtype=torch.bool)
    trained[list(classes)] = False
    model.eval()
    with torch.no_grad():
        length = model.out.weight[trained].norm(dim=1).mean()
        bias = model.out.bias[trained].mean()
        ks, means = sorted(by_class), []
        for at in range(0, len(ks), 128):
            images, owner = [], []
            for k in ks[at:at + 128]:
                picks = rng.permutation(by_class[k])[:per_class]
                for i in picks:
                    images.append(synth.raster([points[offsets[i]:offsets[i + 1]].astype(np.float64)], dots=True))
                    owner.append(k)
            h = F.relu(model.hidden(model.features(torch.from_numpy(np.array(images)[:, None])).flatten(1)))
            means.append(torch.stack([h[torch.tensor(owner) == k].mean(dim=0) for k in ks[at:at + 128]]))
        means = torch.cat(means)
        centre = means.mean(dim=0)
        rows = means - centre
        rows = rows / rows.norm(dim=1, keepdim=True).clamp_min(1e-6) * length
        model.out.weight[ks] = rows
        model.out.bias[ks] = bias - rows @ centre
    model.train()


def dev_set(path, chars):
    index = {c: k for k, c in enumerate(chars)}
    xs, ys = [], []
    for line in gzip.open(path, "rt"):
        row = json.loads(line)
        strokes = [np.array(s, dtype=np.float64) for s in row["strokes"] if len(s)]
        if not strokes:
            continue
        xs.append(synth.raster(strokes))
        ys.append(index.get(row["label"], -1))  # -1: outside the class set, always wrong
    return torch.from_numpy(np.array(xs)[:, None]), torch.tensor(ys)


def evaluate(model, dev):
    model.eval()
    with torch.no_grad():
        top = model(dev[0]).topk(3, dim=1).indices
    model.train()
    hit = top == dev[1][:, None]
    return hit[:, 0].float().mean().item(), hit.any(dim=1).float().mean().item()


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser()
    ap.add_argument("--glyphs", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--dev", action="append", help="real characters to measure on (default: the shared dev set)")
    ap.add_argument("--init", help="an exported network to start from (warm_start)")
    ap.add_argument("--backbone-lr", type=float, default=0.1, help="with --init: the rate of all but the output layer, times --lr")
    ap.add_argument("--freeze-features", action="store_true",
                    help="train the hidden and output layers only (a third of the arithmetic a batch)")
    ap.add_argument("--warmup", type=int, default=0, help="batches over which the rate rises from 0")
    ap.add_argument("--minutes", type=float, default=0, help="stop (and save) after this much wall time")
    ap.add_argument("--batches", type=int, default=12000, help="length of the schedule (cosine decay to 5 %)")
    ap.add_argument("--cpu-minutes", type=float, default=0, help="stop (and save) after this much CPU time")
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--curriculum", type=int, default=3000, help="batches over which the classes drawn grow to all")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--eval-every", type=int, default=500)
    ap.add_argument("--save-every", type=float, default=1200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--casual", type=float, default=0.0,
                    help="share of samples drawn by a hurried hand (strokes short, left out, joined)")
    ap.add_argument("--stroke-share", type=float, default=0.2,
                    help="share of samples drawn from KanjiVG's strokes where it has the character")
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    os.makedirs(args.out, exist_ok=True)
    chars = [str(c) for c in np.load(args.glyphs)["chars"]]
    model = CharacterNet(len(chars))
    # with --init the convolutions and hidden layer are trained, not new: a full learning rate's
    # first Adam steps (each weight moved by about the rate) undid them within 40 batches
    backbone = [p for n, p in model.named_parameters() if not n.startswith("out.")]
    opt = torch.optim.AdamW([{"params": backbone, "scale": args.backbone_lr if args.init else 1.0},
                             {"params": model.out.parameters(), "scale": 1.0}], lr=args.lr, weight_decay=1e-4)
    state_path = os.path.join(args.out, "cjk.pt")
    step, cpu = 0, 0.0
    if args.init and not os.path.exists(state_path):
        probe = next(iter(Synthetic(args.glyphs, 512, args.seed + 1000)))[0]
        new = warm_start(model, args.init, chars, probe)
        if new:  # none when the classes are the file's own
            imprint(model, args.glyphs, new)
        print(f"{len(chars) - len(new)} classes' output rows from {args.init}, {len(new)} imprinted")
    if os.path.exists(state_path):
        state = torch.load(state_path, weights_only=False)
        model.load_state_dict(state["model"])
        opt.load_state_dict(state["opt"])
        step, cpu = state["step"], state["cpu"]
    log = open(os.path.join(args.out, "log.txt"), "a")

    def say(text):
        line = f"{time.strftime('%Y-%m-%d %H:%M:%S')} {text}"
        print(line, flush=True)
        log.write(line + "\n")
        log.flush()

    def save():
        torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "step": step, "cpu": cpu,
                    "chars": "".join(chars), "layers": LAYERS, "hidden": HIDDEN}, state_path + ".tmp")
        os.replace(state_path + ".tmp", state_path)
        say(f"saved at batch {step}, {cpu / 60:.1f} CPU min")

    devs = {os.path.basename(p): dev_set(p, chars)
            for p in args.dev or [os.path.join(here, "..", "..", "shared", "data", "cjk", "dev-chars.jsonl.gz")]}
    for name, dev in devs.items():
        say(f"{sum(p.numel() for p in model.parameters()):,} parameters, {len(chars)} classes, {name}: "
            f"{len(dev[1])} dev samples ({int((dev[1] < 0).sum())} outside the classes), from batch {step}")
    loader = torch.utils.data.DataLoader(Synthetic(args.glyphs, args.batch, args.seed, step, args.curriculum,
                                                     args.casual, args.stroke_share), batch_size=None,
                                         num_workers=1, prefetch_factor=4)
    if step == 0 and args.init:  # where the warm start begins
        say("before training: " + " ".join(
            f"{name} top-1 {100 * a:.1f} % top-3 {100 * b:.1f} %" for name, (a, b) in
            ((name, evaluate(model, dev)) for name, dev in devs.items())))
    started, last_save, losses = time.time(), time.time(), []
    for x, y in loader:
        if step >= args.batches or (args.cpu_minutes and cpu >= args.cpu_minutes * 60):
            break
        if args.minutes and time.time() - started >= args.minutes * 60:
            break
        lr = args.lr * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * min(step / args.batches, 1))))
        lr *= min(1.0, (step + 1) / args.warmup) if args.warmup else 1.0
        for group in opt.param_groups:
            group["lr"] = lr * group["scale"]
        t = time.process_time()
        if args.freeze_features:
            model.features.eval()
            with torch.no_grad():
                features = model.features(x).flatten(1)
            logits = model.out(model.drop(F.relu(model.hidden(features))))
        else:
            logits = model(x)
        loss = F.cross_entropy(logits, y, label_smoothing=0.1)
        opt.zero_grad()
        loss.backward()
        opt.step()
        cpu += max(time.process_time() - t, 0)
        step += 1
        losses.append(loss.item())
        if step % args.eval_every == 0:
            figures = []
            for name, dev in devs.items():
                top1, top3 = evaluate(model, dev)
                figures.append(f"{'dev' if len(devs) == 1 else name} top-1 {100 * top1:.1f} % top-3 {100 * top3:.1f} %")
            say(f"batch {step} {cpu / 60:.1f} CPU min lr {lr:.2e} loss {np.mean(losses):.3f} " + " ".join(figures))
            losses = []
        if time.time() - last_save > args.save_every:
            save()
            last_save = time.time()
    save()


if __name__ == "__main__":
    main()
