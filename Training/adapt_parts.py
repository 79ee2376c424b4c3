"""Which part of the recognizer network can learn a writer's hand (issue 47), and how far.

The index adapts a logit map on the output layer to the words it read surely; adapting it on every
word of a writer (oracle labels) lowered the CER only about 6 % relative in `make adapt-harness`. This
measures the upper bound of other parts of the shipped network (checkpoints/gen4/v34.pt) with the
same split as `adapt-bench`: each UNIPEN `dev` writer with at least 150 usable samples, in file order
(words, then lines), learns from its even samples and is read on its odd ones, which no fit sees.

Parts, each fitted by full-batch Adam to the mean CTC loss per word plus L2 towards the shipped
values (`PARTS` gives each one's steps, rate and pull):
  logit_map      a classes x classes map of the logits and a bias (what the index ships)
  output_layer   the output layer's weights and bias
  lstm_bias      the last LSTM layer's biases (both directions) and the output bias (the network has
                 no normalization layers; these are its per-unit offsets)
  lora           rank-8 changes to the last LSTM layer's input and recurrent weights and to the output
                 layer's weights, with the output bias
  last_layers    every weight of the last LSTM layer and of the output layer (the ceiling of the
                 parts above, which all lie in it)
  input_affine   a 6 x 6 map and a bias of the ink features per writer (a learned normalization of
                 slant, size and speed; the whole network below is run for each step)
  deslant        no learning: the writer's ink sheared so that its mean slant (learning half, by
                 stroke segments) is the median writer's, the statistics-only normalization
Targets, per writer:
  oracle   every learning sample with its label;
  sure     only the learning samples whose every word the shipped reader (in Swift, in the writer's
           language: `adapt-bench --readings`) read with confidence >= 0.9 (the user vocabulary's
           and the hand's threshold), its reading as the target, as an index would have them.
  sure+…   the sure words and more, for the words the sure ones leave out (`word_sources`):
           listedF  a word read at F or more whose best reading is a listed word;
           alone    a word whose ink read alone and narrowed (`adapt-bench --readings`) reads the same;
           lexicon  where the best reading is not listed, its best listed candidate;
           path     a sample the network's best path reads as the decoder did.
           Each source's labels are counted against the samples' own (`labels` in the results).
Every fifth target is held out of the fit, and a fit is kept only when the held-out words are likelier
and their best paths miss no more letters than the shipped network's (the index's guard); a
rejected fit reads as shipped.

The CER is the best path's (greedy, no word lists or language model), summed over a writer's reading
half, averaged over writers: the index's decoder reads better than this, so these figures compare
parts with each other and with the logit map, not with `make bench-adapt`.

    adapt-bench dev-words.jsonl dev-lines.jsonl --languages L.json --readings readings.json
    python3 adapt_parts.py --readings readings.json [--parts logit_map,lora] [--writers K] [--name NAME]

Writes ../Benchmarks/results/NAME-<date>.json (Benchmarks/results.py).
"""
import argparse
import gzip
import json
import os
import sys
import time

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "2")
os.environ.setdefault("JAX_PLATFORMS", "cpu")  # model.py imports JAX for its configuration only
import numpy as np
import torch
import torch.nn.functional as F

import alphabet
import bakeoff
import ink
from train import edit_distance

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Benchmarks"))
import results  # noqa: E402

SHIPPED = os.path.join(HERE, "checkpoints", "gen4", "v34.pt")
SHIPPED_CONFIG = {"channels": 128, "hidden": 192, "layers": 2, "block_strides": [2, 2, 1]}
SURE = 0.9
HELD_OUT_EVERY = 5
# (steps, Adam rate, L2 weight of ½‖θ − θ₀‖² beside the mean loss per word)
PARTS = {
    "logit_map": (40, 0.0015, 1.0),      # HandAdapter.Settings(part: .logitMap)
    "output_layer": (60, 0.003, 0.01),
    # the parts that run the last LSTM layer at every step: 40 steps, at rates a little higher than
    # the output layer's, so that all sixteen writers fit in this machine's time
    "lstm_bias": (40, 0.015, 0.01),
    "lora": (40, 0.004, 0.01),
    "last_layers": (40, 0.0015, 0.01),
    "input_affine": (30, 0.003, 0.01),
    "deslant": (0, 0.0, 0.0),
}
LORA_RANK = 8


# ---- the writers' samples ------------------------------------------------------------------

def usable(record):
    """As adapt-bench (and make_pages.py) keep them: one line, a letter or digit, four points or more."""
    label = record.get("label")
    strokes = [[p for p in s if len(p) >= 2] for s in record.get("strokes") or []]
    return (isinstance(label, str) and record.get("n_lines", 1) == 1 and any(c.isalnum() for c in label)
            and any(strokes) and sum(len(s) for s in strokes) >= 4)


def writer_samples(shared, readings):
    """{writer: [(strokes, label, shipped words [(text, confidence)])]} in adapt-bench's order, for
    the writers `readings` holds; the labels must match the readings' one for one."""
    unipen = os.path.join(shared, "data", "unipen")
    by_writer = {}
    for group in ("words", "lines"):
        with gzip.open(os.path.join(unipen, f"dev-{group}.jsonl.gz"), "rt", encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                if not usable(r) or "contributor" not in r or "writer" not in r:
                    continue
                strokes = [np.asarray([p[:2] for p in s if len(p) >= 2], np.float64) for s in r["strokes"]]
                by_writer.setdefault(f"{r['contributor']}/{r['writer']}", []).append(
                    ([s for s in strokes if len(s)], r["label"]))
    out = {}
    for writer, entry in sorted(readings.items()):
        mine = by_writer.get(writer, [])
        read = entry["samples"]
        if len(mine) != len(read) or any(m[1] != r["label"] for m, r in zip(mine, read)):
            sys.exit(f"adapt_parts.py: the readings of {writer} do not match its samples in ../shared")
        out[writer] = [(s, lab, r["words"]) for (s, lab), r in zip(mine, read)]
    return out


# ---- where a word's label comes from --------------------------------------------------------
# Each source labels a word of the shipped reading (a dict of `adapt-bench --readings`: text,
# confidence, candidates [[text, score]], listed [bool per candidate], and for an unsure word
# `alone`, its ink read again alone and narrowed), or leaves it unlabelled (None). A sure word is
# labelled by every source with its reading; a sample is a target when every word is labelled.

def sure_label(word):
    return word["text"] if word["confidence"] >= SURE else None


def listed_label(floor):
    """The best reading of a word read at `floor` or more whose best reading is a listed word."""
    def label(word):
        return word["text"] if word["confidence"] >= floor and word["listed"][:1] == [True] else None
    return label


def alone_label(word):
    """The best reading, where the word's ink read alone and narrowed reads the same."""
    alone = word.get("alone")
    return word["text"] if alone and alone["text"] == word["text"] else None


def lexicon_label(word):
    """Where the best reading is not a listed word, the best candidate that is (lexicon correction)."""
    if word["listed"][:1] == [True]:
        return None
    return next((c[0] for c, listed in zip(word["candidates"], word["listed"]) if listed), None)


def word_sources(kind):
    """The per-word labellers of a target kind: `sure`, or sure joined by `+` to any of `listedF`
    (F the floor, e.g. listed0.5), `alone`, `lexicon`; the first that labels a word gives its label."""
    out = [sure_label]
    for name in kind.split("+"):
        if name == "sure":
            continue
        if name.startswith("listed"):
            out.append(listed_label(float(name[len("listed"):] or 0)))
        elif name == "alone":
            out.append(alone_label)
        elif name == "lexicon":
            out.append(lexicon_label)
        elif name != "path":
            sys.exit(f"adapt_parts.py: unknown target kind {kind}")
    return out


def usable_target(text):
    return text if text and any(ch.isalpha() for ch in text) and alphabet.encode(text) else None


def sample_target(words, labellers, best_path=None):
    """A sample's target: its words' labels joined, when every word has one; with `best_path` (the
    `path` source), the shipped reading where the network's best path reads the sample the same."""
    if not words:
        return None
    labels = [next((l for f in labellers if (l := f(w)) is not None), None) for w in words]
    if all(l is not None for l in labels):
        return usable_target(" ".join(labels))
    reading = " ".join(w["text"] for w in words)
    if best_path is not None and " ".join(best_path.split()) == reading:
        return usable_target(reading)
    return None


def sure_target(words):
    """The shipped reading of a sample whose every word is sure, with a letter in it; else None."""
    return sample_target(words, [sure_label])


def writer_slant(samples):
    """The ink's mean slant dx/dy over stroke segments steeper than 45 degrees, by their lengths."""
    num = den = 0.0
    for strokes, *_ in samples:
        for s in strokes:
            d = np.diff(s, axis=0)
            steep = np.abs(d[:, 1]) > np.abs(d[:, 0])
            if steep.any():
                dx, dy = d[steep, 0], d[steep, 1]
                sign = np.sign(dy)
                num += float((dx * sign).sum())
                den += float(np.abs(dy).sum())
    return num / den if den else 0.0


def sheared(strokes, shear):
    out = []
    for s in strokes:
        t = s.copy()
        t[:, 0] = s[:, 0] - shear * (s[:, 1] - s[:, 1].mean())
        out.append(t)
    return out


# ---- the network, split below and above its last LSTM layer -----------------------------------

def shipped_network():
    net = bakeoff.SeparableNet(SHIPPED_CONFIG)
    net.load_state_dict(bakeoff.grown_averaged_weights(torch.load(SHIPPED, weights_only=False, map_location="cpu"), net))
    net.eval()
    for p in net.parameters():
        p.requires_grad_(False)
    return net


def padded(features, affine=None):
    t = max(max(len(f) for f in features), 1)
    x = torch.zeros(len(features), t, ink.N_FEATURES)
    for i, f in enumerate(features):
        x[i, :len(f)] = torch.as_tensor(f)
    lengths = torch.as_tensor([max(len(f), 1) for f in features])
    if affine is not None:
        mask = (torch.arange(t)[None, :] < lengths[:, None]).float()[:, :, None]
        x = (x @ affine[0] + affine[1]) * mask
    return x, lengths


def below_last(net, x, lengths):
    """SeparableNet.forward up to the last LSTM layer's input: (B, T', 2H), frame lengths."""
    y, flen, _ = net.front(x, lengths)
    for directions in list(net.lstms)[:-1]:
        y = shipped_layer(directions, y, flen)
    return y, flen


def shipped_layer(directions, y, flen):
    """A frozen bidirectional layer on PyTorch's own LSTM (as SeparableNet.forward runs it)."""
    frames = torch.arange(y.shape[1])[None, :]
    back = flen[:, None] - 1 - frames
    back = torch.where(back >= 0, back, frames)[:, :, None]
    fwd, _ = directions["fwd"](y)
    bwd, _ = directions["bwd"](torch.gather(y, 1, back.expand(-1, -1, y.shape[2])))
    bwd = torch.gather(bwd, 1, back.expand(-1, -1, bwd.shape[2]))
    return torch.cat([fwd, bwd], dim=-1) * (frames < flen[:, None]).float()[:, :, None]


def lstm_weights(lstm):
    return [lstm.weight_ih_l0, lstm.weight_hh_l0, lstm.bias_ih_l0 + lstm.bias_hh_l0]


def run_lstm(x, w_ih, w_hh, b):
    """One LSTM direction over (B, T, I) with these weights (PyTorch's own kernel, as nn.LSTM
    calls it, so that the gradient reaches the weights given)."""
    zeros = x.new_zeros(1, x.shape[0], w_hh.shape[1])
    out, _, _ = torch._VF.lstm(x, (zeros, zeros), [w_ih, w_hh, b, torch.zeros_like(b)], True, 1, 0.0, False,
                               False, True)
    return out


def bidirectional(y, flen, weights):
    """A bidirectional layer as SeparableNet runs it: the backward direction on each sequence
    reversed within its length, activations beyond it zeroed."""
    frames = torch.arange(y.shape[1])[None, :]
    back = flen[:, None] - 1 - frames
    back = torch.where(back >= 0, back, frames)[:, :, None]
    fwd = run_lstm(y, *weights["fwd"])
    bwd = run_lstm(torch.gather(y, 1, back.expand(-1, -1, y.shape[2])), *weights["bwd"])
    bwd = torch.gather(bwd, 1, back.expand(-1, -1, bwd.shape[2]))
    fmask = (frames < flen[:, None]).float()[:, :, None]
    return torch.cat([fwd, bwd], dim=-1) * fmask


class Part:
    """An adaptable part: its parameters (θ, starting at θ₀) and the log-probabilities it gives."""

    def __init__(self, name, net):
        self.name, self.net = name, net
        last = net.lstms[-1]
        k = alphabet.NUM_CLASSES
        self.shipped_last = {d: [w.detach().clone() for w in lstm_weights(last[d])] for d in ("fwd", "bwd")}
        self.w_out, self.b_out = net.out.weight.detach().clone(), net.out.bias.detach().clone()
        g = torch.Generator().manual_seed(5)
        start = {}
        if name == "logit_map":
            start = {"map": torch.eye(k), "bias": torch.zeros(k)}
        elif name == "output_layer":
            start = {"w_out": self.w_out.clone(), "b_out": self.b_out.clone()}
        elif name == "lstm_bias":
            start = {f"b_{d}": self.shipped_last[d][2].clone() for d in ("fwd", "bwd")}
            start["b_out"] = self.b_out.clone()
        elif name == "lora":
            for d in ("fwd", "bwd"):
                w_ih, w_hh, _ = self.shipped_last[d]
                for m, w in (("ih", w_ih), ("hh", w_hh)):
                    # one factor zero, so the adapter starts as the shipped network
                    start[f"a_{m}_{d}"] = torch.zeros(w.shape[0], LORA_RANK)
                    start[f"b_{m}_{d}"] = torch.randn(LORA_RANK, w.shape[1], generator=g) / np.sqrt(w.shape[1])
            start["a_out"] = torch.zeros(k, LORA_RANK)
            start["b_outr"] = torch.randn(LORA_RANK, self.w_out.shape[1], generator=g) / np.sqrt(self.w_out.shape[1])
            start["b_out"] = self.b_out.clone()
        elif name == "last_layers":
            for d in ("fwd", "bwd"):
                for m, w in zip(("ih", "hh", "b"), self.shipped_last[d]):
                    start[f"{m}_{d}"] = w.clone()
            start["w_out"], start["b_out"] = self.w_out.clone(), self.b_out.clone()
        elif name == "input_affine":
            start = {"affine": torch.eye(ink.N_FEATURES), "shift": torch.zeros(ink.N_FEATURES)}
        self.start = start
        self.theta = {n: v.clone().requires_grad_(True) for n, v in start.items()}
        # the layers below the part run once per word where the part lies above them
        self.below_cached = name != "input_affine"
        self.above_lstm = name in ("logit_map", "output_layer")

    def l2(self):
        return 0.5 * sum(((self.theta[n] - self.start[n]) ** 2).sum() for n in self.theta)

    def last_weights(self):
        t = self.theta
        out = {}
        for d in ("fwd", "bwd"):
            w_ih, w_hh, b = self.shipped_last[d]
            if self.name == "lstm_bias":
                b = t[f"b_{d}"]
            elif self.name == "lora":
                w_ih = w_ih + t[f"a_ih_{d}"] @ t[f"b_ih_{d}"]
                w_hh = w_hh + t[f"a_hh_{d}"] @ t[f"b_hh_{d}"]
            elif self.name == "last_layers":
                w_ih, w_hh, b = t[f"ih_{d}"], t[f"hh_{d}"], t[f"b_{d}"]
            out[d] = [w_ih, w_hh, b]
        return out

    def log_probs(self, batch):
        """batch: cached (top states or last-layer inputs, frame lengths), or (features list)."""
        t = self.theta
        if self.name == "input_affine":
            x, lengths = padded(batch, (t["affine"], t["shift"]))
            y, flen = below_last(self.net, x, lengths)
            top = bidirectional(y, flen, self.last_weights())
        elif self.above_lstm:
            top, flen = batch
        else:
            y, flen = batch
            top = bidirectional(y, flen, self.last_weights())
        w_out, b_out = self.w_out, self.b_out
        if self.name in ("output_layer", "last_layers"):
            w_out, b_out = t["w_out"], t["b_out"]
        elif self.name == "lora":
            w_out, b_out = self.w_out + t["a_out"] @ t["b_outr"], t["b_out"]
        elif self.name == "lstm_bias":
            b_out = t["b_out"]
        logits = top @ w_out.t() + b_out
        if self.name == "logit_map":
            logits = logits @ t["map"] + t["bias"]
        return F.log_softmax(logits, dim=-1), flen


# ---- fitting and judging ---------------------------------------------------------------------

def batches(net, features, part_name, size=64):
    """Inputs of a part, in length-sorted batches of at most `size`: [(indices, input)]."""
    order = np.argsort([len(f) for f in features])
    out = []
    for i in range(0, len(order), size):
        idx = order[i:i + size]
        feats = [features[k] for k in idx]
        if part_name == "input_affine":
            out.append((idx, feats))
            continue
        with torch.no_grad():
            y, flen = below_last(net, *padded(feats))
            if part_name in ("logit_map", "output_layer"):
                top = shipped_layer(net.lstms[-1], y, flen)
                out.append((idx, (top, flen)))
            else:
                out.append((idx, (y, flen)))
    return out


def ctc_mean(part, prepared, targets):
    """Mean CTC loss per word over prepared batches."""
    total = 0.0
    count = 0
    for idx, inp in prepared:
        logp, flen = part.log_probs(inp)
        labels = [torch.as_tensor(alphabet.encode(targets[k])) for k in idx]
        loss = F.ctc_loss(logp.transpose(0, 1), torch.cat(labels), flen, torch.as_tensor([len(l) for l in labels]),
                          blank=0, reduction="sum", zero_infinity=True)
        total = total + loss
        count += len(idx)
    return total / max(count, 1)


def greedy_texts(part, prepared, n):
    texts = [""] * n
    with torch.no_grad():
        for idx, inp in prepared:
            logp, flen = part.log_probs(inp)
            ids = logp.argmax(-1).numpy()
            for r, k in enumerate(idx):
                path, prev, out = ids[r, :int(flen[r])], 0, []
                for c in path:
                    if c != prev and c != 0:
                        out.append(int(c))
                    prev = c
                texts[k] = alphabet.decode(out)
    return texts


def char_errors(texts, targets):
    return sum(edit_distance(" ".join(t.split()), " ".join(g.split())) for t, g in zip(texts, targets))


def fit(part, features, targets, steps, rate, l2, judges=None):
    """Adam on the part; returns the held-out judgement (the index's guard) and whether it passed.
    `judges` (a bool per target, all by default) marks the targets that may be held out: every
    fifth of them is, the rest are learned from."""
    judges = judges or [True] * len(targets)
    eligible = [i for i in range(len(targets)) if judges[i]]
    held = set(eligible[HELD_OUT_EVERY - 1::HELD_OUT_EVERY])
    train = [i for i in range(len(targets)) if i not in held]
    held = sorted(held)
    tr_in = batches(part.net, [features[i] for i in train], part.name)
    ho_in = batches(part.net, [features[i] for i in held], part.name)
    tr_t, ho_t = [targets[i] for i in train], [targets[i] for i in held]
    with torch.no_grad():
        before = (float(ctc_mean(part, ho_in, ho_t)), char_errors(greedy_texts(part, ho_in, len(held)), ho_t))
    opt = torch.optim.Adam(list(part.theta.values()), lr=rate)
    for _ in range(steps):
        opt.zero_grad()
        loss = ctc_mean(part, tr_in, tr_t) + l2 * part.l2()
        loss.backward()
        opt.step()
    with torch.no_grad():
        after = (float(ctc_mean(part, ho_in, ho_t)), char_errors(greedy_texts(part, ho_in, len(held)), ho_t))
    kept = after[0] < before[0] and after[1] <= before[1]
    return {"train_words": len(train), "held_out_words": len(held), "held_out_loss": [round(before[0], 4),
            round(after[0], 4)], "held_out_char_errors": [before[1], after[1]], "kept": kept}


def label_counts(learn, chosen, paths):
    """How many learning samples a source labels and how many of those labels are right (the
    sample's own label); of the samples the shipped reader misread, and of those the network's best
    path misreads (what the fit can mend), how many it labels and labels right."""
    mine = dict(chosen)
    out = {"targets": len(chosen), "right": sum(1 for i, t in chosen if t == learn[i][1])}
    misread = {
        "misread": [i for i, (_, lab, words) in enumerate(learn) if " ".join(w["text"] for w in words) != lab],
        "path_misread": [i for i, (_, lab, _) in enumerate(learn) if " ".join(paths[i].split()) != " ".join(lab.split())],
    }
    for name, wrong in misread.items():
        out[f"{name}_samples"] = len(wrong)
        out[f"{name}_labelled"] = sum(1 for i in wrong if i in mine)
        out[f"{name}_right"] = sum(1 for i in wrong if mine.get(i) == learn[i][1])
    return out


def cer_of(part, features, labels):
    texts = greedy_texts(part, batches(part.net, features, part.name), len(features))
    return char_errors(texts, labels), sum(len(" ".join(g.split())) for g in labels)


def averaged(rows):
    """The writers' average CER per part and targets, and the labels of each source summed."""
    n = max(len(rows), 1)
    average = {"shipped_cer": round(sum(r["shipped_cer"] for r in rows) / n, 4)}
    keys = sorted({k for r in rows for k in r if "/" in k or k == "deslant"})
    for key in keys:
        have = [r for r in rows if key in r]
        avg = {"cer": round(sum(r[key]["cer"] for r in have) / len(have), 4), "writers": len(have)}
        if key != "deslant":
            avg["cer_unguarded"] = round(sum(r[key].get("cer_unguarded", r[key]["cer"]) for r in have) / len(have), 4)
            avg["kept"] = sum(1 for r in have if r[key].get("kept"))
            avg["worse"] = sum(1 for r in have if r[key]["cer"] > r["shipped_cer"] + 1e-9)
        avg["relative_gain"] = round(1 - avg["cer"] / max(average["shipped_cer"], 1e-9), 4)
        average[key] = avg
        print(f"{key}: CER {average['shipped_cer']:.4f} -> {avg['cer']:.4f} ({100 * avg['relative_gain']:+.1f} %"
              f" relative; {avg})", flush=True)
    labelled = {}
    for r in rows:
        for kind, counts in r.get("labels", {}).items():
            total = labelled.setdefault(kind, dict.fromkeys(counts, 0))
            for k, v in counts.items():
                total[k] += v
    for kind, total in labelled.items():
        print(f"labels {kind}: {total}", flush=True)
    average["labels"] = labelled
    return average


def merged(paths, name):
    """One result of several runs over disjoint writers (`--from`/`--writers` run side by side)."""
    runs = [json.load(open(p))["figures"] for p in paths]
    rows = sorted((r for f in runs for r in f["writers"]), key=lambda r: r["writer"])
    if len({r["writer"] for r in rows}) != len(rows):
        sys.exit("adapt_parts.py: --merge: the runs share a writer")
    figures = {**runs[0], "writers": rows, "average": averaged(rows), "merged_from": [os.path.basename(p) for p in paths]}
    figures.pop("reference_slant", None)  # each run's own writers' median
    print("wrote", results.record(name, figures, command=" ".join(["Training/adapt_parts.py"] + sys.argv[1:])))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--readings", help="adapt-bench --readings output (required but with --merge)")
    ap.add_argument("--shared", default=os.path.join(HERE, "..", "..", "shared"))
    ap.add_argument("--parts", default=",".join(PARTS))
    ap.add_argument("--targets", default="oracle,sure")
    ap.add_argument("--writers", type=int, default=0, help="only the first K writers (0: all)")
    ap.add_argument("--from", dest="first", type=int, default=0, help="from the N-th writer in name order")
    ap.add_argument("--max-words", type=int, default=0,
                    help="fit at most this many targets per writer, the first in order (0: all)")
    ap.add_argument("--name", default="adapt-parts")
    ap.add_argument("--held-out-sure", action="store_true",
                    help="hold out only sure targets, so that other label sources never judge a fit")
    ap.add_argument("--merge", help="comma-separated results of runs over disjoint writers: write them as one")
    args = ap.parse_args()
    if args.merge:
        return merged(args.merge.split(","), args.name)
    torch.set_num_threads(int(os.environ["OMP_NUM_THREADS"]))
    torch.manual_seed(5)
    if not args.readings:
        ap.error("--readings is required")
    readings = json.load(open(args.readings))
    samples = writer_samples(os.path.abspath(args.shared), readings)
    writers = sorted(samples)[args.first:][: args.writers or None]
    parts = [p for p in args.parts.split(",") if p]
    net = shipped_network()
    slants = {w: writer_slant(samples[w][0::2]) for w in writers}
    reference_slant = float(np.median(list(slants.values())))
    rows = []
    for writer in writers:
        learn, test = samples[writer][0::2], samples[writer][1::2]
        test_feats = [ink.features(s)[0] for s, _, _ in test]
        test_labels = [lab for _, lab, _ in test]
        shipped = Part("output_layer", net)  # at its start: the shipped network
        errors, chars = cer_of(shipped, test_feats, test_labels)
        row = {"writer": writer, "languages": readings[writer]["languages"], "learning_samples": len(learn),
               "reading_samples": len(test), "shipped_cer": round(errors / chars, 4)}
        learn_feats = [ink.features(s)[0] for s, _, _ in learn]
        kinds = [k for k in args.targets.split(",") if k]
        paths = greedy_texts(shipped, batches(net, learn_feats, "output_layer"), len(learn))
        targets = {"oracle": [(i, lab) for i, (_, lab, _) in enumerate(learn) if alphabet.encode(lab)]}
        row["labels"] = {}
        for kind in kinds:
            if kind == "oracle":
                continue
            labellers = word_sources(kind)
            with_path = "path" in kind.split("+")
            targets[kind] = [(i, t) for i, (_, _, words) in enumerate(learn)
                             if (t := sample_target(words, labellers, paths[i] if with_path else None))]
            row["labels"][kind] = label_counts(learn, targets[kind], paths)
        row["sure_words"] = len([1 for _, _, w in learn if sure_target(w)])
        row["sure_right"] = sum(1 for _, lab, w in learn if (t := sure_target(w)) and t == lab)
        for name in parts:
            for kind in kinds:
                key = f"{name}/{kind}"
                started = time.process_time()
                if name == "deslant":
                    if kind != "oracle":
                        continue  # needs no labels: measured once
                    shear = slants[writer] - reference_slant
                    feats = [ink.features(sheared(s, shear))[0] for s, _, _ in test]
                    e, c = cer_of(shipped, feats, test_labels)
                    row[f"deslant"] = {"shear": round(shear, 4), "cer": round(e / c, 4)}
                    continue
                chosen = targets[kind][: args.max_words or None]
                if len(chosen) < 2 * HELD_OUT_EVERY:
                    row[key] = {"cer": row["shipped_cer"], "kept": False, "too_few": len(chosen)}
                    continue
                part = Part(name, net)
                steps, rate, l2 = PARTS[name]
                judges = [sure_target(learn[i][2]) is not None for i, _ in chosen] if args.held_out_sure else None
                judged = fit(part, [learn_feats[i] for i, _ in chosen], [t for _, t in chosen], steps, rate, l2, judges)
                e, c = cer_of(part, test_feats, test_labels)
                judged["cer_unguarded"] = round(e / c, 4)
                judged["cer"] = judged["cer_unguarded"] if judged["kept"] else row["shipped_cer"]
                judged["cpu_seconds"] = round(time.process_time() - started, 1)
                row[key] = judged
                print(f"  {writer} {key}: CER {row['shipped_cer']:.4f} -> {judged['cer_unguarded']:.4f} "
                      f"({'kept' if judged['kept'] else 'rejected'}; {judged['cpu_seconds']} CPU s)", flush=True)
        rows.append(row)
        print(f"{writer}: {len(learn)} learning samples, {row['sure_words']} sure ({row['sure_right']} right), "
              f"shipped CER {row['shipped_cer']:.4f}", flush=True)
    average = averaged(rows)
    figures = {"writers": rows, "max_words": args.max_words, "held_out_sure": args.held_out_sure, "average": average, "parts": {p: PARTS[p] for p in parts}, "network": SHIPPED,
               "reference_slant": reference_slant, "sure_confidence": SURE, "held_out_every": HELD_OUT_EVERY,
               "lora_rank": LORA_RANK}
    print("wrote", results.record(args.name, figures, command=" ".join(["Training/adapt_parts.py"] + sys.argv[1:])))


if __name__ == "__main__":
    main()
