"""Trains the CJK character network on synthetic characters (`synth.py` over `glyphs.py`'s
skeletons and strokes) and measures it on the real dev characters, which it never trains on.

    python cjk/train_cjk.py --glyphs G.npz --out checkpoints/cjk [--cpu-minutes M] [--threads N]

Resumes from OUT/cjk.pt when it exists; saves every --save-every wall seconds and at the end;
logs to OUT/log.txt (dev top-1 and top-3 every --eval-every batches).
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
    """Endless batches: a uniform class, then a font face's skeleton or (a fifth of the time,
    where KanjiVG has the character) its strokes."""

    def __init__(self, glyphs, batch, seed, start=0, curriculum=0):
        g = np.load(glyphs)
        self.offsets, self.points, self.owners = g["offsets"], g["points"], g["owners"]
        self.line_offsets, self.lines, self.line_owner = g["line_offsets"], g["lines"], g["line_owner"]
        self.classes = len(g["chars"])
        self.batch, self.seed = batch, seed
        self.start, self.curriculum = start, curriculum

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
                if k in strokes and (not faces[k] or rng.random() < 0.2):
                    i = strokes[k]
                    xs[b, 0] = synth.from_lines(self.lines[self.line_offsets[i]:self.line_offsets[i + 1]], rng)
                else:
                    i = faces[k][int(rng.integers(len(faces[k])))]
                    xs[b, 0] = synth.from_skeleton(self.points[self.offsets[i]:self.offsets[i + 1]], rng)
                ys[b] = k
            yield torch.from_numpy(xs), torch.from_numpy(ys)


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
    ap.add_argument("--dev", default=os.path.join(here, "..", "..", "shared", "data", "cjk", "dev-chars.jsonl.gz"))
    ap.add_argument("--batches", type=int, default=12000, help="length of the schedule (cosine decay to 5 %)")
    ap.add_argument("--cpu-minutes", type=float, default=0, help="stop (and save) after this much CPU time")
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--curriculum", type=int, default=3000, help="batches over which the classes drawn grow to all")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--eval-every", type=int, default=500)
    ap.add_argument("--save-every", type=float, default=1200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    os.makedirs(args.out, exist_ok=True)
    chars = [str(c) for c in np.load(args.glyphs)["chars"]]
    model = CharacterNet(len(chars))
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    state_path = os.path.join(args.out, "cjk.pt")
    step, cpu = 0, 0.0
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

    dev = dev_set(args.dev, chars)
    say(f"{sum(p.numel() for p in model.parameters()):,} parameters, {len(chars)} classes, "
        f"{len(dev[1])} dev samples ({int((dev[1] < 0).sum())} outside the classes), from batch {step}")
    loader = torch.utils.data.DataLoader(Synthetic(args.glyphs, args.batch, args.seed, step, args.curriculum), batch_size=None,
                                         num_workers=1, prefetch_factor=4)
    last_save, losses = time.time(), []
    for x, y in loader:
        if step >= args.batches or (args.cpu_minutes and cpu >= args.cpu_minutes * 60):
            break
        lr = args.lr * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * min(step / args.batches, 1))))
        for group in opt.param_groups:
            group["lr"] = lr
        t = time.process_time()
        loss = F.cross_entropy(model(x), y, label_smoothing=0.1)
        opt.zero_grad()
        loss.backward()
        opt.step()
        cpu += max(time.process_time() - t, 0)
        step += 1
        losses.append(loss.item())
        if step % args.eval_every == 0:
            top1, top3 = evaluate(model, dev)
            say(f"batch {step} {cpu / 60:.1f} CPU min lr {lr:.2e} loss {np.mean(losses):.3f} "
                f"dev top-1 {100 * top1:.1f} % top-3 {100 * top3:.1f} %")
            losses = []
        if time.time() - last_save > args.save_every:
            save()
            last_save = time.time()
    save()


if __name__ == "__main__":
    main()
