"""Trains one phase of the recognizer from a checkpoint, with PyTorch, on the CPU or a lent GPU
(cuDNN LSTMs there): phases 4-11 of `make train`.

    python3 phase_train.py --out DIR [--minutes M] [--init checkpoints/latest.npz] [--packed packed/unipen.npz]
    python3 phase_train.py --keep DIR/small.npz checkpoints/phaseN.npz

It trains the network of model.py in two sizes side by side on the same batches, so that one short
lease gives both a fine-tuned and a larger model to choose from on `dev`:
  small  --init's network and weights (model.py's CONFIG for train.py's checkpoint), its output
         layer grown to the new alphabet (a new letter's row starts as its base letter's);
  large  LARGE_CONFIG from scratch: the LSTMs at a quarter of the point rate, wider and deeper, at
         about the small network's cost per line.
With --grow N the small network gains N bidirectional LSTM layers on top of --init's, each adding
its output to its input and starting near the identity (phase 7: more capacity without starting
over, on 2 CPU cores).
Batches come from CPU worker processes: UNIPEN `train` characters, words and lines, lines made of
one writer's words (data.synthetic_line), with --spaced rows of one writer's separate characters
and short words (data.spaced_row; --spaced-share and --spaced-gap: phase 8), accented letters and
European punctuation drawn from real marks (accents.py), all augmented as ink.augment does.
Letters are located for accenting by the starting model's CTC alignment of the unaugmented
samples it reads correctly.

The learning rate follows warm-up and cosine decay over the wall-clock budget (the step rate of a
lent machine is not known in advance), or over --steps batches where a run must be repeatable
(the CPU phases of `make train`); an exponential moving average of the weights is kept and
both are written, in model.py's tensor names, to DIR every few minutes and at the end, with the
dev greedy CER of each, so a cut-off run still returns its latest weights.
"""
import argparse
import json
import multiprocessing as mp
import os
import sys
import time

# worker processes are forked from this one: BLAS and OpenMP thread pools do not survive a fork
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
os.environ.setdefault("JAX_PLATFORMS", "cpu")  # model.py imports JAX for its configuration only
import numpy as np
import torch
import torch.nn.functional as F

import accents
import alphabet
import data
import ink
import model
import pack
import styles
from train import edit_distance
from synth.texts import TextSource
from synth.writer import Hand, load_faces

LARGE_CONFIG = {"channels": 128, "hidden": 112, "layers": 3, "kernel": 5, "subsample": 4}
POINTS_PER_BATCH = 65536
SHARES = {"chars": 0.12, "words": 0.45, "lines": 0.15, "synthetic": 0.28}
# phase 6 (CPU fine-tune) adds rows of separate characters and words (data.spaced_row)
SPACED_SHARES = {"chars": 0.10, "words": 0.40, "lines": 0.15, "synthetic": 0.23, "spaced": 0.12}
P_ACCENT = 0.35
P_PUNCTUATION = 0.04
# where a new class's output row starts: its base character's
PUNCTUATION_BASE = {"¡": "!", "¿": "?", "«": "<", "»": ">", "„": ",", "“": "\"", "”": "\"", "‘": "'", "’": "'", "€": "C"}


def spaced_shares(spaced):
    """SPACED_SHARES with the spaced rows' share set to `spaced`, the others scaled to fill the rest."""
    rest = 1.0 - SPACED_SHARES["spaced"]
    return {g: spaced if g == "spaced" else v * (1.0 - spaced) / rest for g, v in SPACED_SHARES.items()}


def base_char(ch):
    if ch in accents.ACCENTS:
        return accents.ACCENTS[ch][0]
    return PUNCTUATION_BASE.get(ch, ch)


# how much less likely a class new to a grown network starts than the letter it is made from
NEW_CLASS_PENALTY = 3.0


class Net(torch.nn.Module):
    """model.py's network. Each LSTM direction runs over the padded batch, the backward one on
    every sequence reversed within its own length, so frames beyond a sequence's length never
    reach its frames (the same arithmetic as packed sequences, several times faster on a CPU)."""

    def __init__(self, cfg):
        super().__init__()
        c, h, k = cfg["channels"], cfg["hidden"], cfg["kernel"]
        self.cfg = cfg
        self.conv1 = torch.nn.Conv1d(ink.N_FEATURES, c, k, padding=k // 2)
        self.conv2 = torch.nn.Conv1d(c, c, k, stride=2, padding=k // 2)
        self.conv3 = torch.nn.Conv1d(c, c, k, stride=cfg.get("subsample", 2) // 2, padding=k // 2)
        self.layers = torch.nn.ModuleList(
            torch.nn.ModuleDict({d: torch.nn.LSTM(c if layer == 0 else 2 * h, h, batch_first=True) for d in ("fwd", "bwd")})
            for layer in range(cfg["layers"]))
        self.out = torch.nn.Linear(2 * h, alphabet.NUM_CLASSES)
        with torch.no_grad():
            for layer, directions in enumerate(self.layers):
                for lstm in directions.values():
                    lstm.bias_hh_l0.zero_()
                    lstm.bias_ih_l0.zero_()
                    lstm.bias_ih_l0[h:2 * h] = 1.0  # forget gate
                    if layer >= model.residual_from(cfg):
                        # grown on a trained network: the output gate mostly shut, so that the
                        # layer, which adds its output to its input, starts close to the identity
                        lstm.bias_ih_l0[3 * h:] = -2.0

    def layer_weights(self, layer, direction):
        """(weight_ih, weight_hh, bias_ih, bias_hh) of direction "fwd" or "bwd" of LSTM layer `layer`."""
        lstm = self.layers[layer][direction]
        return lstm.weight_ih_l0, lstm.weight_hh_l0, lstm.bias_ih_l0, lstm.bias_hh_l0

    def forward(self, x, lengths):
        t = x.shape[1]
        mask = (torch.arange(t, device=x.device)[None, :] < lengths[:, None]).float()[:, :, None]
        y = F.relu(self.conv1((x * mask).transpose(1, 2))).transpose(1, 2) * mask
        y = F.relu(self.conv2(y.transpose(1, 2))).transpose(1, 2)
        flen = (lengths + 1) // 2
        fmask = (torch.arange(y.shape[1], device=x.device)[None, :] < flen[:, None]).float()[:, :, None]
        y = y * fmask
        z = F.relu(self.conv3(y.transpose(1, 2))).transpose(1, 2)
        if self.cfg.get("subsample", 2) == 4:
            y = y[:, ::2]
            flen = (flen + 1) // 2
            fmask = (torch.arange(y.shape[1], device=x.device)[None, :] < flen[:, None]).float()[:, :, None]
        y = (z + y) * fmask
        # position i of a sequence reversed within its length: index flen - 1 - i (padding stays put)
        frames = torch.arange(y.shape[1], device=x.device)[None, :]
        back = flen[:, None] - 1 - frames
        back = torch.where(back >= 0, back, frames)[:, :, None]
        for layer, directions in enumerate(self.layers):
            fwd, _ = directions["fwd"](y)
            rev = torch.gather(y, 1, back.expand(-1, -1, y.shape[2]))
            bwd, _ = directions["bwd"](rev)
            bwd = torch.gather(bwd, 1, back.expand(-1, -1, bwd.shape[2]))
            out = torch.cat([fwd, bwd], dim=-1) * fmask
            y = y + out if layer >= model.residual_from(self.cfg) else out
        return F.log_softmax(self.out(y), dim=-1), flen

    def export(self):
        """Weights in model.py's names and layouts."""
        p = {}
        for i, conv in enumerate((self.conv1, self.conv2, self.conv3), 1):
            p[f"conv{i}.w"] = conv.weight.detach().permute(2, 1, 0)
            p[f"conv{i}.b"] = conv.bias.detach()
        for layer in range(self.cfg["layers"]):
            for d in ("fwd", "bwd"):
                wx, wh, bx, bh = (w.detach() for w in self.layer_weights(layer, d))
                p[f"lstm{layer}.{d}.wx"] = wx.t()
                p[f"lstm{layer}.{d}.wh"] = wh.t()
                p[f"lstm{layer}.{d}.b"] = bx + bh
        p["out.w"] = self.out.weight.detach().t()
        p["out.b"] = self.out.bias.detach()
        return {k: v.float().cpu().numpy() for k, v in p.items()}

    @classmethod
    def from_phase(cls, path):
        """A committed phase's network (model.py's weights and configuration at `path`, written with
        the first, shorter alphabet), grown to today's alphabet as `load` grows one. The early
        phases serve as fixed references that locate letters by CTC alignment."""
        params = np.load(path)
        net = cls(json.loads(str(params["config"])))
        net.load({k[2:]: v for k, v in params.items() if k.startswith("p:")}, alphabet.CHARS[:alphabet.BASIC_CLASSES - 1])
        return net

    def load(self, params, old_chars):
        """Loads model.py-named weights; output rows of classes `old_chars` lacks start as their
        base character's, less likely; layers `params` lacks (grown) keep their initial weights."""
        with torch.no_grad():
            for i, conv in enumerate((self.conv1, self.conv2, self.conv3), 1):
                conv.weight.copy_(torch.as_tensor(params[f"conv{i}.w"]).permute(2, 1, 0))
                conv.bias.copy_(torch.as_tensor(params[f"conv{i}.b"]))
            for layer in range(self.cfg["layers"]):
                for d in ("fwd", "bwd"):
                    if f"lstm{layer}.{d}.wx" not in params:
                        continue
                    wx, wh, bx, bh = self.layer_weights(layer, d)
                    wx.copy_(torch.as_tensor(params[f"lstm{layer}.{d}.wx"]).t())
                    wh.copy_(torch.as_tensor(params[f"lstm{layer}.{d}.wh"]).t())
                    bx.copy_(torch.as_tensor(params[f"lstm{layer}.{d}.b"]))
                    bh.zero_()
            old_index = {ch: i + 1 for i, ch in enumerate(old_chars)}
            w, b = torch.as_tensor(params["out.w"]), torch.as_tensor(params["out.b"])
            for cls in range(alphabet.NUM_CLASSES):
                ch = alphabet.CHARS[cls - 1] if cls else None
                src = 0 if cls == 0 else old_index.get(ch) or old_index[base_char(ch)]
                self.out.weight[cls] = w[:, src]
                self.out.bias[cls] = b[src] - (0.0 if cls == 0 or ch in old_index else NEW_CLASS_PENALTY)


# ---- batches -------------------------------------------------------------------------------

def batch_arrays(items, bucket):
    """items [(features, label ids)] -> x (B, bucket, F), lengths, flat labels, label lengths."""
    x = np.zeros((len(items), bucket, ink.N_FEATURES), np.float32)
    lengths = np.array([len(f) for f, _ in items], np.int64)
    for i, (f, _) in enumerate(items):
        x[i, :len(f)] = f
    labels = np.concatenate([ids for _, ids in items]).astype(np.int64)
    label_lengths = np.array([len(ids) for _, ids in items], np.int64)
    return x, lengths, labels, label_lengths


def feasible(ids, points, subsample):
    frames = points
    for _ in range(subsample // 2):
        frames = (frames + 1) // 2
    return data.ctc_feasible(ids, frames)


class SampleMaker:
    """Draws augmented training samples (strokes, label) from the mix of SHARES."""

    def __init__(self, train, char_x, lib, rng, p_accent, shares=SHARES, min_gap=0.8):
        self.rng = rng
        self.min_gap = min_gap
        self.p_accent = p_accent
        self.lib = lib
        self.by_group = {}
        for i, s in enumerate(train):
            self.by_group.setdefault(s[2], []).append(i)
        self.train = train
        self.char_x = char_x
        self.words_of = {}
        for i in self.by_group["words"]:
            self.words_of.setdefault(train[i][3], []).append(i)
        self.writers = [w for w, v in self.words_of.items() if len(v) >= 2]
        self.chars_of = {}
        for i in self.by_group["chars"]:
            self.chars_of.setdefault(train[i][3], []).append(i)
        self.char_writers = [w for w, v in self.chars_of.items() if len(v) >= 4]
        # words short enough to stand among single letters in a spaced row
        self.short_words_of = {w: [i for i in v if len(train[i][1]) <= 6] for w, v in self.words_of.items()}
        # codes drawn from single characters, for the "mixed" lines (styles.mixed_line)
        self.bank = styles.CharBank([train[i] for i in self.by_group["chars"]]) if "mixed" in shares or "synth" in shares else None
        # made-up writers from the glyph bank (synth/): any text in hands UNIPEN does not have
        self.faces = load_faces() if "synth" in shares else None
        self.texts = TextSource(train, rng) if "synth" in shares else None
        self.groups = list(shares)
        self.p = np.array([shares[g] for g in self.groups])

    def accented(self, i):
        strokes, label, _, writer = self.train[i]
        x = self.char_x.get(i)
        if x is not None and self.rng.random() < self.p_accent:
            strokes, label = accents.add_accents(strokes, label, x, writer, self.lib, self.rng)
        return strokes, label

    def draw(self):
        rng = self.rng
        group = self.groups[rng.choice(len(self.groups), p=self.p)]
        if group == "synthetic":
            writer = self.writers[rng.integers(len(self.writers))]
            pool = self.words_of[writer]
            chosen = rng.choice(pool, size=min(7, len(pool)), replace=False)
            strokes, label = data.synthetic_line([self.accented(int(i)) for i in chosen], rng)
        elif group == "mixed":
            writer = self.writers[rng.integers(len(self.writers))]
            pool = self.words_of[writer]
            chosen = rng.choice(pool, size=min(12, len(pool)), replace=False)
            made = styles.mixed_line([self.accented(int(i)) for i in chosen], self.bank, rng)
            if made is None:
                return self.draw()
            strokes, label = made
        elif group == "synth":
            hand = Hand(self.faces, self.bank, rng)
            text = self.texts.sample_text()
            strokes = hand.write(text)
            if strokes is None:
                return self.draw()
            return strokes, hand.label(text)
        elif group == "spaced":
            writer = self.char_writers[rng.integers(len(self.char_writers))]
            k = int(rng.integers(2, 13))
            chars = self.chars_of[writer]
            words = self.short_words_of.get(writer, [])
            chosen = [int(words[rng.integers(len(words))]) if words and rng.random() < 0.4
                      else int(chars[rng.integers(len(chars))]) for _ in range(k)]
            strokes, label = data.spaced_row([self.accented(i) for i in chosen], rng, self.min_gap)
        else:
            items = self.by_group[group]
            i = items[rng.integers(len(items))]
            strokes, label = self.accented(i)
            writer = self.train[i][3]
        if group != "chars" and rng.random() < P_PUNCTUATION:
            strokes, label = accents.add_punctuation(strokes, label, writer, self.lib, rng)
        return strokes, label


def worker(queue, seed, train, char_x, lib, subsample, p_accent, shares, points_per_batch, min_gap, p_style=0.0):
    rng = np.random.default_rng(seed)
    maker = SampleMaker(train, char_x, lib, rng, p_accent, shares, min_gap)
    pending = {b: [] for b in data.BUCKETS}
    while True:
        try:
            strokes, label = maker.draw()
            if p_style and rng.random() < p_style:
                strokes = styles.restyle(strokes, rng)
            st, step = ink.augment(strokes, rng)
            f, _ = ink.features(st, step)
        except (ValueError, IndexError, FloatingPointError):
            continue
        ids = alphabet.encode(label)
        b = data.bucket_of(len(f))
        if b is None or not ids or not feasible(ids, len(f), subsample):
            continue
        pending[b].append((f, ids))
        if len(pending[b]) == max(points_per_batch // b, 1):
            queue.put(batch_arrays(pending[b], b))
            pending[b] = []


# ---- alignment and evaluation ----------------------------------------------------------------

def _features(item):
    f, src = ink.features(item[0])
    return f, src


def run_batches(net, feats, device, max_points=200000):
    """log-probabilities (numpy, per sample, trimmed to its frames) for a list of feature arrays."""
    order = np.argsort([len(f) for f in feats])
    out = [None] * len(feats)
    net.eval()
    i = 0
    with torch.no_grad():
        while i < len(order):
            j = i
            while j < len(order) and (j - i + 1) * max(len(feats[order[j]]), 1) <= max_points:
                j += 1
            j = max(j, i + 1)
            idx = order[i:j]
            t = max(max(len(feats[k]) for k in idx), 1)
            x = np.zeros((len(idx), t, ink.N_FEATURES), np.float32)
            for r, k in enumerate(idx):
                x[r, :len(feats[k])] = feats[k]
            lengths = torch.as_tensor([max(len(feats[k]), 1) for k in idx], device=device)
            logp, flen = net(torch.as_tensor(x, device=device), lengths)
            ids = logp.argmax(-1).cpu().numpy()
            flen = flen.cpu().numpy()
            for r, k in enumerate(idx):
                out[k] = ids[r, :flen[r]]
            i = j
    net.train()
    return out


def greedy_runs(path):
    """[(class, first frame)] of a CTC best path."""
    runs, prev = [], 0
    for f, c in enumerate(path):
        if c != prev and c != 0:
            runs.append((int(c), f))
        prev = c
    return runs


def align(net, samples, feats_src, device, rate):
    """{sample index: x of each label character} for samples the net reads exactly."""
    paths = run_batches(net, [f for f, _ in feats_src], device)
    out = {}
    for i, (path, (f, src)) in enumerate(zip(paths, feats_src)):
        strokes, label = samples[i][:2]
        runs = greedy_runs(path)
        if alphabet.decode([c for c, _ in runs]) != label or len(runs) != len(label):
            continue
        xs = np.full(len(label), np.nan)
        for k, (_, frame) in enumerate(runs):
            si, pi = src[min(frame * rate, len(src) - 1)]
            xs[k] = strokes[si][pi, 0]
        out[i] = xs
    return out


def dev_sets(net, dev, pool, device):
    """The `dev` sets watched during training: English words and lines as ({"words", "lines"} ->
    [(features, label)]), and up to 1,500 of those `net` reads exactly, accented by the `dev`
    writers' own marks ([(features, label)])."""
    rng = np.random.default_rng(7)
    dev_lib = accents.MarkLibrary([s for s in dev if s[2] == "chars"])
    dev_wl = [s for s in dev if s[2] in ("words", "lines")]
    dev_feats = pool.map(_features, dev_wl, chunksize=64)
    dev_aligned = align(net, dev_wl, dev_feats, device, 2)
    english = {"words": [], "lines": []}
    for s, (f, _) in zip(dev_wl, dev_feats):
        english[s[2]].append((f, s[1]))
    accented_items = []
    for k in sorted(dev_aligned)[:1500]:
        strokes, label, _, writer = dev_wl[k]
        st, lab = accents.add_accents(strokes, label, dev_aligned[k], writer, dev_lib, rng)
        if lab != label:
            accented_items.append((st, lab))
    features = pool.map(_features, accented_items, chunksize=64)
    return english, [(f, lab) for (f, _), (_, lab) in zip(features, accented_items)]


def cer(net, eval_set, device):
    paths = run_batches(net, [f for f, _ in eval_set], device)
    errors = chars = 0
    for path, (_, label) in zip(paths, eval_set):
        errors += edit_distance(alphabet.decode([c for c, _ in greedy_runs(path)]), label)
        chars += len(label)
    return errors / max(chars, 1)


# ---- training -----------------------------------------------------------------------------

def ctc_step(net, ema, opt, steps, x, lengths, labels, label_lengths, extra_loss=None):
    """One optimizer step of `net` on a batch (CTC loss per label character, plus
    `extra_loss(logp, flen)` where given, gradients clipped), then `ema` moved towards it (`steps`
    batches before this one). Returns the CTC loss."""
    logp, flen = net(x, lengths)
    per = F.ctc_loss(logp.transpose(0, 1), labels, flen, label_lengths, blank=alphabet.BLANK,
                     reduction="none", zero_infinity=True)
    ctc = (per / label_lengths.clamp(min=1)).mean()
    loss = ctc + extra_loss(logp, flen) if extra_loss else ctc
    opt.zero_grad(set_to_none=True)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(net.parameters(), 1.0)
    opt.step()
    decay = min(0.999, (2 + steps) / (11 + steps))
    with torch.no_grad():
        for e, p in zip(ema.parameters(), net.parameters()):
            e.mul_(decay).add_(p, alpha=1 - decay)
    return float(ctc.detach())


class Trainee:
    def __init__(self, name, cfg, device, peak_lr, init=None, old_chars=None):
        self.name = name
        self.net = Net(cfg).to(device)
        if init is not None:
            self.net.load(init, old_chars)
        self.ema = Net(cfg).to(device)
        self.ema.load_state_dict(self.net.state_dict())
        self.ema.eval()
        # layers --init lacks learn from scratch: 4 times the rate of the trained ones
        trained, fresh = [], []
        for name, p in self.net.named_parameters():
            (trained if init is None or self._loaded(name, init) else fresh).append(p)
        self.opt = torch.optim.AdamW([{"params": trained, "scale": 1.0}, {"params": fresh, "scale": 4.0}],
                                     lr=peak_lr, weight_decay=1e-4)
        self.peak_lr = peak_lr
        self.steps = 0
        self.losses = []

    def _loaded(self, name, init):
        """Whether parameter `name` took its value from the checkpoint `init`."""
        if not name.startswith("layers."):
            return True
        return f"lstm{name.split('.')[1]}.fwd.wx" in init

    def step(self, x, lengths, labels, label_lengths, frac):
        warm = 0.04
        lr = self.peak_lr * (frac / warm if frac < warm else
                             0.03 + 0.97 * 0.5 * (1 + np.cos(np.pi * min((frac - warm) / (1 - warm), 1.0))))
        for g in self.opt.param_groups:
            g["lr"] = lr * g["scale"]
        self.losses.append(ctc_step(self.net, self.ema, self.opt, self.steps, x, lengths, labels, label_lengths))
        self.steps += 1
        return lr


def save(trainee, out_dir, figures):
    arrays = {"p:" + k: v for k, v in trainee.ema.export().items()}
    arrays.update({"raw:" + k: v for k, v in trainee.net.export().items()})
    arrays["step"] = np.array(trainee.steps)
    arrays["config"] = np.array(json.dumps(trainee.net.cfg))
    arrays["figures"] = np.array(json.dumps(figures))
    tmp = os.path.join(out_dir, f"{trainee.name}.tmp.npz")
    np.savez(tmp, **arrays)
    os.replace(tmp, os.path.join(out_dir, f"{trainee.name}.npz"))


def keep(src, dst):
    """Keeps the averaged weights of a run's output as a checkpoint export.py and --init read."""
    z = np.load(src)
    np.savez(dst, step=z["step"], config=z["config"], figures=z["figures"],
             **{k: z[k] for k in z.files if k.startswith("p:")})


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--keep":
        keep(sys.argv[2], sys.argv[3])
        return
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--out", required=True)
    ap.add_argument("--minutes", type=float, default=6.0, help="training wall time")
    ap.add_argument("--steps", type=int, default=0, help="train this many batches instead (0: by --minutes)")
    ap.add_argument("--init", default=os.path.join(here, "checkpoints", "latest.npz"))
    ap.add_argument("--packed", default=os.path.join(here, "packed", "unipen.npz"))
    ap.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--models", default="small,large", help="which of the two to train")
    ap.add_argument("--p-accent", type=float, default=P_ACCENT)
    ap.add_argument("--peak-lr", type=float, default=7e-4, help="of the small network")
    ap.add_argument("--grow", type=int, default=0, help="residual LSTM layers added on top of --init's (phase 7)")
    ap.add_argument("--spaced", action="store_true", help="add rows of separate characters (phase 6)")
    ap.add_argument("--spaced-share", type=float, default=SPACED_SHARES["spaced"],
                    help="with --spaced: their share of the mix (the other groups keep their proportions)")
    ap.add_argument("--spaced-gap", type=float, default=0.8,
                    help="with --spaced: the narrowest gap between a row's items, in character heights")
    ap.add_argument("--batch-points", type=int, default=POINTS_PER_BATCH, help="points per batch (smaller on a CPU)")
    ap.add_argument("--align-limit", type=int, default=0, help="accent only this many aligned samples (0: all)")
    ap.add_argument("--limit", type=int, default=0, help="use only this many samples per group (smoke test)")
    ap.add_argument("--save-every", type=float, default=120.0, help="seconds")
    ap.add_argument("--deadline", type=float, default=1e9,
                    help="seconds from the start by which training ends, however long the set-up took")
    args = ap.parse_args()
    t_start = time.time()
    os.makedirs(args.out, exist_ok=True)
    log_file = open(os.path.join(args.out, "train-log.txt"), "a")

    def log(msg):
        line = f"{time.time() - t_start:7.1f}s {msg}"
        print(line, flush=True)
        log_file.write(line + "\n")
        log_file.flush()

    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(20261130)
    torch.backends.cuda.matmul.allow_tf32 = True
    torch.backends.cudnn.allow_tf32 = True
    z = np.load(args.packed)
    train = pack.unpack(z, "train:")
    dev = pack.unpack(z, "dev:")
    if args.limit:
        taken = {}
        train = [s for s in train if taken.setdefault(s[2], []).append(0) or len(taken[s[2]]) <= args.limit]
        taken = {}
        dev = [s for s in dev if taken.setdefault(s[2], []).append(0) or len(taken[s[2]]) <= args.limit]
    log(f"device {device}; {len(train)} train samples, {len(dev)} dev; {args.workers} workers")

    init = np.load(args.init)
    start = {k[2:]: init[k] for k in init.files if k.startswith("p:")}
    # a checkpoint of this script has the whole alphabet; the CPU trainer's has ASCII only
    cfg = json.loads(str(init["config"])) if "config" in init.files else dict(model.CONFIG, subsample=2)
    if args.grow:
        cfg = dict(cfg, layers=cfg["layers"] + args.grow, residual_from=model.residual_from(cfg))
    small = Trainee("small", cfg, device, args.peak_lr, start,
                    alphabet.CHARS if "config" in init.files else alphabet.ASCII)
    trainees = [small]
    if "large" in args.models.split(","):
        trainees.append(Trainee("large", LARGE_CONFIG, device, 2.5e-3))

    # letters located by the starting model's alignment of the unaugmented words and lines
    pool = mp.get_context("fork").Pool(args.workers)
    wl = [i for i, s in enumerate(train) if s[2] in ("words", "lines")]
    if args.align_limit:  # alignment is minutes of a CPU's time per 10,000 samples
        wl = sorted(np.random.default_rng(11).permutation(wl)[:args.align_limit].tolist())
    feats_src = pool.map(_features, [train[i] for i in wl], chunksize=64)
    aligned = align(small.net, [train[i] for i in wl], feats_src, device, 2)
    char_x = {wl[k]: v for k, v in aligned.items()}
    del feats_src
    log(f"aligned {len(char_x)} of {len(wl)} words and lines")

    english, accented = dev_sets(small.net, dev, pool, device)
    pool.close()
    sub = {g: [v[i] for i in np.random.default_rng(3).permutation(len(v))[:600]] for g, v in english.items()}
    log(f"dev: {len(english['words'])} words, {len(english['lines'])} lines, {len(accented)} accented")

    def figures(t, full=False):
        sets = english if full else sub
        out = {}
        for name, net in (("ema", t.ema), ("raw", t.net)) if full else (("ema", t.ema),):
            out[name] = {g: round(cer(net, v, device), 4) for g, v in sets.items()}
            out[name]["accented"] = round(cer(net, accented, device), 4)
        return out

    for t in trainees:
        log(f"{t.name} before training: {figures(t)}")

    lib = accents.MarkLibrary([s for s in train if s[2] == "chars"])
    shares = spaced_shares(args.spaced_share) if args.spaced else SHARES
    queue = mp.get_context("fork").Queue(maxsize=256)
    procs = [mp.get_context("fork").Process(target=worker, args=(queue, 1000 + i, train, char_x, lib, 4, args.p_accent,
                                                                 shares, args.batch_points, args.spaced_gap),
                                            daemon=True)
             for i in range(args.workers)]
    for p in procs:
        p.start()

    t0 = time.time()
    budget = min(args.minutes * 60, args.deadline - (t0 - t_start))
    log(f"training for {args.steps} batches" if args.steps else f"training for {budget:.0f} s")
    last_save = last_log = t0
    batches = 0
    while True:
        frac = batches / args.steps if args.steps else (time.time() - t0) / budget
        if frac >= 1.0:
            break
        x, lengths, labels, label_lengths = queue.get()
        x = torch.as_tensor(x, device=device)
        lengths = torch.as_tensor(lengths, device=device)
        labels = torch.as_tensor(labels, device=device)
        label_lengths = torch.as_tensor(label_lengths, device=device)
        for t in trainees:
            lr = t.step(x, lengths, labels, label_lengths, frac)
        batches += 1
        now = time.time()
        if now - last_log > 20:
            log(f"batches {batches} queue {queue.qsize()} lr({trainees[-1].name}) {lr:.2e} " +
                " ".join(f"{t.name} loss {np.mean(t.losses):.3f}" for t in trainees))
            for t in trainees:
                t.losses = []
            last_log = now
        if now - last_save > args.save_every:
            for t in trainees:
                f = figures(t)
                log(f"{t.name} step {t.steps}: {f}")
                save(t, args.out, f)
            last_save = time.time()
    for p in procs:
        p.terminate()
    for t in trainees:
        f = figures(t, full=True)
        log(f"{t.name} final step {t.steps}, full dev greedy CER: {f}")
        save(t, args.out, f)
    log("done")


if __name__ == "__main__":
    main()
