"""Generation-3 bake-off: candidate networks trained on the same batches for the same CPU time.

    python3 bakeoff.py --out checkpoints/bakeoff --candidates phase11,widen128 --cpu-minutes 40

Every candidate steps on every batch of one data stream (phase_train.py's worker and mix, phase 11's
settings, one seed) until its own training has used --cpu-minutes of CPU time (this process's,
with one PyTorch thread, so other work on the machine does not change the budget); cheaper
networks therefore see more batches. Each candidate's averaged weights are measured on fixed
`dev` subsets (greedy CER of 600 words, 600 lines, the accented words and lines, 300 rows of
separate characters and 300 lines mixing words with codes) every
--eval-every CPU minutes; measuring is not counted in the budget. The learning rate warms up over
the first two CPU minutes and then stays constant, so that a curve can be extended by a later
session without changing its past: `--cpu-minutes` may be raised and the run resumed.

State (weights, averaged weights, optimizer, CPU used, curve) is written to OUT/NAME.pt every
--save-every wall seconds and at the end; a run started again with the same OUT resumes each
candidate from there. The data stream of a resumed run is seeded from the batches already drawn,
so it continues with new batches of the same mix rather than repeating the first ones.
The curves go to OUT/curves.json (one row per measurement) for the table in Training/README.md.
"""
import argparse
import json
import multiprocessing as mp
import os
import pickle
import time

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
os.environ.setdefault("JAX_PLATFORMS", "cpu")
import numpy as np
import torch
import torch.nn.functional as F

import accents
import alphabet
import data
import phase_train
import ink
import pack
import styles

HERE = os.path.dirname(os.path.abspath(__file__))
WARMUP_CPU_MINUTES = 2.0
# what is left of the peak learning rate at the end of a --decay-from run
FINAL_LR_SHARE = 0.05


class SeparableNet(torch.nn.Module):
    """A depthwise-separable 1-D convolutional front end that takes the frame rate to a quarter
    (two strided blocks), then bidirectional LSTMs. Each block: depthwise k=5 (stride 1 or 2),
    pointwise C -> C, ReLU, added to its input (subsampled where the block strides)."""

    def __init__(self, cfg):
        super().__init__()
        c, h = cfg["channels"], cfg["hidden"]
        self.cfg = cfg
        self.stem = torch.nn.Conv1d(ink.N_FEATURES, c, 5, padding=2)
        self.strides = cfg["block_strides"]
        self.depthwise = torch.nn.ModuleList(torch.nn.Conv1d(c, c, 5, stride=s, padding=2, groups=c) for s in self.strides)
        self.pointwise = torch.nn.ModuleList(torch.nn.Conv1d(c, c, 1) for _ in self.strides)
        self.lstms = torch.nn.ModuleList(
            torch.nn.ModuleDict({d: torch.nn.LSTM(c if i == 0 else 2 * h, h, batch_first=True) for d in ("fwd", "bwd")})
            for i in range(cfg["layers"]))
        self.out = torch.nn.Linear(2 * h, alphabet.NUM_CLASSES)
        with torch.no_grad():
            for directions in self.lstms:
                for lstm in directions.values():
                    lstm.bias_hh_l0.zero_()
                    lstm.bias_ih_l0.zero_()
                    lstm.bias_ih_l0[h:2 * h] = 1.0

    def front(self, x, lengths):
        """The convolutional front end: (B, T', C) frames, their lengths and their mask (B, T', 1)."""
        t = x.shape[1]
        mask = (torch.arange(t, device=x.device)[None, :] < lengths[:, None]).float()[:, None, :]
        y = F.relu(self.stem(x.transpose(1, 2) * mask)) * mask
        flen = lengths
        for s, dw, pw in zip(self.strides, self.depthwise, self.pointwise):
            z = F.relu(pw(dw(y)))
            if s == 2:
                y = y[:, :, ::2]
                flen = (flen + 1) // 2
            fmask = (torch.arange(y.shape[2], device=x.device)[None, :] < flen[:, None]).float()[:, None, :]
            y = (y + z) * fmask
        return y.transpose(1, 2), flen, fmask.transpose(1, 2)

    def forward(self, x, lengths):
        y, flen, fmask = self.front(x, lengths)
        frames = torch.arange(y.shape[1], device=x.device)[None, :]
        back = flen[:, None] - 1 - frames
        back = torch.where(back >= 0, back, frames)[:, :, None]
        for directions in self.lstms:
            fwd, _ = directions["fwd"](y)
            bwd, _ = directions["bwd"](torch.gather(y, 1, back.expand(-1, -1, y.shape[2])))
            bwd = torch.gather(bwd, 1, back.expand(-1, -1, bwd.shape[2]))
            y = torch.cat([fwd, bwd], dim=-1) * fmask
        return F.log_softmax(self.out(y), dim=-1), flen


def widened(params, cfg, hidden, rng, noise=1e-3):
    """Net2Net widening of every LSTM layer of `params` (model.py names) from cfg["hidden"] to
    `hidden` units a direction, keeping the network's function: each new unit copies the gate rows
    of an existing one, and every consumer of that unit's output (its own recurrence, the next
    layer's input, the residual stream, the output layer) splits the old weight between the two.
    A little noise on the copies lets them drift apart."""
    h = cfg["hidden"]
    extra = rng.integers(0, h, size=hidden - h)
    source = np.concatenate([np.arange(h), extra])           # new unit -> unit it copies
    share = np.bincount(source, minlength=h).astype(np.float32)[source]  # copies of each unit
    # columns of a layer's 2H-wide output (fwd units, then bwd units) in the widened layout
    out_source = np.concatenate([source, h + source])
    out_share = np.concatenate([share, share])
    gates = np.concatenate([g * h + source for g in range(4)])
    p = dict(params)
    for layer in range(cfg["layers"]):
        for d in ("fwd", "bwd"):
            pre = f"lstm{layer}.{d}"
            wx = params[pre + ".wx"]
            if layer > 0:  # its input is the previous layer's widened output
                wx = wx[out_source] / out_share[:, None]
            wh = params[pre + ".wh"][source] / share[:, None]
            p[pre + ".wx"] = (wx[:, gates] + rng.normal(0, noise, (wx.shape[0], 4 * hidden))).astype(np.float32)
            p[pre + ".wh"] = (wh[:, gates] + rng.normal(0, noise, (hidden, 4 * hidden))).astype(np.float32)
            p[pre + ".b"] = params[pre + ".b"][gates].astype(np.float32)
    # residual layers add outputs to the stream unit by unit: a copied unit carries the same
    # value in every layer, so splitting its consumers (above) keeps the sum exact
    p["out.w"] = (params["out.w"][out_source] / out_share[:, None]).astype(np.float32)
    return p, dict(cfg, hidden=hidden)


def candidate_specs(phase11):
    """name -> (network, peak lr, whether it starts from phase 11)."""
    z = np.load(phase11)
    cfg = json.loads(str(z["config"]))
    start = {k[2:]: z[k] for k in z.files if k.startswith("p:")}

    def from_phase11(params, c):
        net = phase_train.Net(c)
        net.load(params, alphabet.CHARS)
        return net

    def widen(hidden):
        params, c = widened(start, cfg, hidden, np.random.default_rng(5))
        return from_phase11(params, c)

    return {
        "phase11": (lambda: from_phase11(start, cfg), 2e-4, True),
        "widen128": (lambda: widen(128), 2e-4, True),
        "wide160q": (lambda: phase_train.Net({"channels": 128, "hidden": 160, "layers": 3, "kernel": 5, "subsample": 4}),
                     1.5e-3, False),
        "sepconv192": (lambda: SeparableNet({"channels": 128, "hidden": 192, "layers": 2, "block_strides": [2, 2, 1]}),
                       1.5e-3, False),
    }


def grow_output(state, net):
    """A saved state of a network with the shorter alphabet (alphabet.BASIC_CLASSES outputs) given
    the output rows of alphabet.CHARS's added letters, in place: each starts as its base letter's row
    ("ł" as "l") with a lower bias, so the grown network reads as before until training tells the
    letters apart. Adam's moments of the new rows start at zero."""
    old = state["net"]["out.weight"].shape[0]
    if old == alphabet.NUM_CLASSES:
        return
    assert old == alphabet.BASIC_CLASSES, f"a state with {old} outputs cannot grow to {alphabet.NUM_CLASSES}"
    base_rows = [alphabet.INDEX[phase_train.base_char(ch)] for ch in alphabet.CHARS[old - 1:]]
    for part in ("net", "ema"):
        w, b = state[part]["out.weight"], state[part]["out.bias"]
        state[part]["out.weight"] = torch.cat([w, w[base_rows]])
        state[part]["out.bias"] = torch.cat([b, b[base_rows] - phase_train.NEW_CLASS_PENALTY])
    names = [name for name, _ in net.named_parameters()]
    for name in ("out.weight", "out.bias"):
        moments = state["opt"]["state"].get(names.index(name), {})
        for key in ("exp_avg", "exp_avg_sq"):
            if key in moments:
                m = moments[key]
                moments[key] = torch.cat([m, torch.zeros((alphabet.NUM_CLASSES - old,) + m.shape[1:], dtype=m.dtype)])


def grown_averaged_weights(state, net):
    """The averaged weights of a saved state (a run's or a shipped weights-only file) as float32,
    grown to alphabet.CHARS (grow_output) for a network like `net`."""
    weights = {k: v.float() if v.is_floating_point() else v for k, v in state["ema"].items()}
    grown = {"net": weights, "ema": dict(weights), "opt": {"state": {}}}
    grow_output(grown, net)
    return grown["ema"]


class Candidate:
    def __init__(self, name, make, peak_lr, warm, out_dir, device, start_weights=None, new_letters_only=False,
                 top_layers=0, distill=0.0):
        self.name, self.peak_lr, self.warm = name, peak_lr, warm
        self.path = os.path.join(out_dir, f"{name}.pt")
        self.net = make().to(device)
        self.ema = make().to(device)
        self.ema.load_state_dict(self.net.state_dict())
        self.ema.eval()
        self.opt = torch.optim.AdamW(self.net.parameters(), lr=peak_lr, weight_decay=1e-4)
        self.steps, self.cpu, self.curve, self.losses = 0, 0.0, [], []
        self.decay = None  # (first batch, batches) of a cosine decay, set by --decay-from
        self.lr = peak_lr
        self.next_eval = 0.0
        if os.path.exists(self.path):
            s = torch.load(self.path, weights_only=False, map_location=device)
            grow_output(s, self.net)
            self.net.load_state_dict(s["net"])
            self.ema.load_state_dict(s["ema"])
            self.opt.load_state_dict(s["opt"])
            self.steps, self.cpu, self.curve, self.next_eval = s["steps"], s["cpu"], s["curve"], s["next_eval"]
        elif start_weights:  # a shipped network's averaged weights, with a new optimizer
            s = torch.load(start_weights, weights_only=False, map_location=device)
            weights = grown_averaged_weights(s, self.net)
            self.net.load_state_dict(weights)
            self.ema.load_state_dict(weights)
            self.steps, self.cpu = s["steps"], s["cpu"]
            self.next_eval = self.cpu / 60
        # Only the added letters' output rows learn: every reading of the old alphabet's letters
        # stays as the start's, but for the share of probability the new letters take.
        self.kept_rows = None
        if new_letters_only:
            for name_, p in self.net.named_parameters():
                p.requires_grad_(name_.startswith("out."))
            old = alphabet.BASIC_CLASSES
            self.kept_rows = (self.net.out.weight[:old].detach().clone(), self.net.out.bias[:old].detach().clone())
        # Only the last `top_layers` LSTM layers and the whole output layer learn: they can move how
        # a mark's frames are read (a hook under a letter read as a comma) without the front end's
        # features changing under every other letter.
        if top_layers:
            top = {f"lstms.{i}." for i in range(len(self.net.lstms) - top_layers, len(self.net.lstms))}
            for name_, p in self.net.named_parameters():
                p.requires_grad_(name_.startswith("out.") or any(name_.startswith(t) for t in top))
        # The start network, frozen, as a teacher for the samples without an added letter: those keep
        # their readings (English and the six older languages) while the added letters are learned.
        self.teacher, self.distill = None, distill
        if distill:
            self.teacher = make().to(device).eval()
            self.teacher.load_state_dict(grown_averaged_weights(
                torch.load(start_weights, weights_only=False, map_location=device), self.teacher))
            for p in self.teacher.parameters():
                p.requires_grad_(False)

    def parameters(self):
        return sum(p.numel() for p in self.net.parameters())

    def step(self, batch):
        x, lengths, labels, label_lengths = batch
        start, wall = time.process_time(), time.time()
        minutes = self.cpu / 60
        lr = self.peak_lr * min(1.0, max(minutes, 0.0) / WARMUP_CPU_MINUTES + 1e-3)
        if self.decay and self.steps > self.decay[0]:
            first, length = self.decay
            done = min(1.0, (self.steps - first) / length)
            lr *= FINAL_LR_SHARE + (1 - FINAL_LR_SHARE) * 0.5 * (1 + np.cos(np.pi * done))
        self.lr = lr
        for g in self.opt.param_groups:
            g["lr"] = lr
        extra = self.distillation(x, lengths, labels, label_lengths) if self.teacher is not None else None
        self.losses.append(phase_train.ctc_step(self.net, self.ema, self.opt, self.steps, x, lengths, labels,
                                                label_lengths, extra))
        if self.kept_rows is not None:
            with torch.no_grad():
                old = alphabet.BASIC_CLASSES
                self.net.out.weight[:old] = self.kept_rows[0]
                self.net.out.bias[:old] = self.kept_rows[1]
        self.steps += 1
        # One training thread uses no more CPU than the wall time it takes. This machine's process
        # clock jumped by minutes both ways, or stood still, in some runs (session 15: negative
        # minutes made the warm-up's learning rate negative); a step whose reading is outside
        # [0, its wall time] is charged its wall time.
        cpu, elapsed = time.process_time() - start, time.time() - wall
        self.cpu += cpu if 0 < cpu <= elapsed else elapsed

    def distillation(self, x, lengths, labels, label_lengths):
        """The loss pulling the student's frame posteriors toward the teacher's (KL, per frame, `distill`
        times) on the batch's samples whose labels hold no added letter."""
        samples = torch.arange(len(label_lengths), device=labels.device)
        sample_of_label = torch.repeat_interleave(samples, label_lengths)
        added = torch.zeros(len(label_lengths), device=labels.device).index_add_(
            0, sample_of_label, (labels >= alphabet.BASIC_CLASSES).float())
        plain = (added == 0).float()
        with torch.no_grad():
            teacher, _ = self.teacher(x, lengths)

        def loss(logp, flen):
            frames = (torch.arange(logp.shape[1], device=logp.device)[None, :] < flen[:, None]).float()
            weight = frames * plain[:, None]
            kl = (teacher.exp() * (teacher - logp)).sum(-1)
            return self.distill * (kl * weight).sum() / weight.sum().clamp(min=1.0)
        return loss

    def save(self):
        """The state a later session resumes from, small enough to commit: the weights in float32
        (training continues from them exactly), the averaged weights in float16 and Adam's moments
        in bfloat16 (both only steer; loading casts them back to float32)."""
        opt = self.opt.state_dict()
        opt["state"] = {i: {k: (v.to("cpu", torch.bfloat16) if k.startswith("exp_avg") else v.cpu())
                            for k, v in st.items()}
                        for i, st in opt["state"].items()}
        ema = {k: v.cpu().half() if v.is_floating_point() else v.cpu() for k, v in self.ema.state_dict().items()}
        net = {k: v.cpu() for k, v in self.net.state_dict().items()}
        tmp = self.path + ".tmp"
        torch.save({"net": net, "ema": ema, "opt": opt,
                    "steps": self.steps, "cpu": self.cpu, "curve": self.curve, "next_eval": self.next_eval}, tmp)
        os.replace(tmp, self.path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--candidates", default="phase11,widen128,wide160q,sepconv192")
    ap.add_argument("--cpu-minutes", type=float, default=60.0, help="training CPU time of each candidate")
    ap.add_argument("--eval-every", type=float, default=10.0, help="CPU minutes between measurements")
    ap.add_argument("--save-every", type=float, default=1200.0, help="wall seconds between saves")
    ap.add_argument("--init", default=os.path.join(HERE, "checkpoints", "phase11.npz"))
    ap.add_argument("--packed", default=os.path.join(HERE, "packed", "unipen.npz"))
    ap.add_argument("--batch-points", type=int, default=16384)
    ap.add_argument("--align-limit", type=int, default=25000)
    ap.add_argument("--limit", type=int, default=0, help="only this many samples per group (smoke test)")
    ap.add_argument("--device", default="cpu", help="cuda on a lent GPU machine (Training/gen3_device.sh)")
    ap.add_argument("--workers", type=int, default=1, help="data processes (more where a GPU waits on them)")
    ap.add_argument("--decay-from", type=int, default=0,
                    help="batch from which the learning rate falls (cosine) to 5 %% of its peak over --decay-batches (0: constant)")
    ap.add_argument("--decay-batches", type=int, default=4000)
    ap.add_argument("--stop-at", type=int, default=0, help="stop (and save) at this batch (0: no limit)")
    ap.add_argument("--mixed-share", type=float, default=0.0,
                    help="share of lines mixing words with codes (styles.mixed_line); the others shrink to fit")
    ap.add_argument("--synth-share", type=float, default=0.0,
                    help="share of samples written by made-up writers from the glyph bank (synth/writer.py)")
    ap.add_argument("--style", type=float, default=0.0, help="share of samples restyled (styles.restyle)")
    ap.add_argument("--p-accent", type=float, default=0.35, help="share of words and lines given accents")
    ap.add_argument("--added-letter-weight", type=float, default=1.0,
                    help="how much more often an added letter is drawn than a rare accented one (accents.ADDED_WEIGHT)")
    ap.add_argument("--peak-lr", type=float, default=0.0, help="the candidates' peak learning rate (0: their own)")
    ap.add_argument("--start-weights", help="averaged weights to start from where OUT holds no state (a shipped network)")
    ap.add_argument("--new-letters-only", action="store_true",
                    help="train only the output rows of the letters the start's alphabet lacks")
    ap.add_argument("--top-layers", type=int, default=0,
                    help="train only the last N LSTM layers and the output layer (0: every layer)")
    ap.add_argument("--distill", type=float, default=0.0,
                    help="weight of a frozen copy of the start as teacher on samples without an added letter")
    ap.add_argument("--wall-minutes", type=float, default=0, help="stop (and save) after training this long (0: no limit)")
    args = ap.parse_args()
    device = torch.device(args.device)
    torch.set_num_threads(1)
    torch.manual_seed(20261201)
    os.makedirs(args.out, exist_ok=True)
    t_start = time.time()
    log_file = open(os.path.join(args.out, "bakeoff-log.txt"), "a")

    def log(msg):
        line = f"{time.strftime('%Y-%m-%d %H:%M:%S')} {msg}"
        print(line, flush=True)
        log_file.write(line + "\n")
        log_file.flush()

    z = np.load(args.packed)
    train, dev = pack.unpack(z, "train:"), pack.unpack(z, "dev:")
    if args.limit:
        train = limited(train, args.limit)
        dev = limited(dev, args.limit)
    specs = candidate_specs(args.init)
    if args.peak_lr:
        specs = {n: (make, args.peak_lr, warm) for n, (make, _, warm) in specs.items()}
    cands = [Candidate(n, *specs[n], args.out, device, args.start_weights, args.new_letters_only,
                       args.top_layers, args.distill)
             for n in args.candidates.split(",")]
    for c in cands:
        log(f"{c.name}: {c.parameters():,} parameters, resumed at {c.cpu / 60:.1f} CPU min, {c.steps} steps")
        if args.decay_from:
            c.decay = (args.decay_from, args.decay_batches)

    # accents need letter positions: phase 11's alignment, as for the phases before; computed once
    # per OUT's parent (candidates run as several processes share it)
    cache = os.path.join(os.path.dirname(os.path.abspath(args.out)), f"prepared-{args.align_limit}-{args.limit}.pkl")
    char_x = sets = None
    if os.path.exists(cache):
        with open(cache, "rb") as f:
            char_x, sets = pickle.load(f)
    if sets is None or "mixed" not in sets:  # (a cache from before the spaced rows or mixed lines gains them)
        if sets is None:
            char_x, sets = prepare(train, dev, args)
        if "spaced" not in sets:
            sets["spaced"] = spaced_dev_rows(dev)
        sets["mixed"] = mixed_dev_lines(dev)
        with open(cache + ".tmp", "wb") as f:
            pickle.dump((char_x, sets), f)
        os.replace(cache + ".tmp", cache)
    log(f"aligned {len(char_x)}; dev subsets: " + ", ".join(f"{g} {len(v)}" for g, v in sets.items()))

    def measure(c):
        figures = {g: round(phase_train.cer(c.ema, v, device), 4) for g, v in sets.items()}
        row = {"candidate": c.name, "cpu_minutes": round(c.cpu / 60, 2), "steps": c.steps, **figures}
        if device.type != "cpu":  # CPU time there is only what launched the device's work
            row["device"] = device.type
        c.curve.append(row)
        log(f"curve {json.dumps(row)}")
        with open(os.path.join(args.out, "curves.json"), "a") as f:
            f.write(json.dumps(row) + "\n")

    # the stream continues where the saved candidates left it, with new batches
    drawn = max(c.steps for c in cands)
    lib = accents.MarkLibrary([s for s in train if s[2] == "chars"])
    shares = {g: v * (1.0 - args.mixed_share - args.synth_share) for g, v in phase_train.spaced_shares(0.3).items()}
    if args.mixed_share:
        shares["mixed"] = args.mixed_share
    if args.synth_share:
        shares["synth"] = args.synth_share
    log(f"mix {json.dumps({g: round(v, 3) for g, v in shares.items()})}, restyled {args.style}")
    accents.ADDED_WEIGHT = args.added_letter_weight  # the forked workers inherit it
    queue = mp.get_context("fork").Queue(maxsize=64)
    # worker k > 0 draws from its own seed; with one worker the stream is the bake-off's
    workers = [mp.get_context("fork").Process(
        target=phase_train.worker, daemon=True,
        args=(queue, 1000 + drawn + 7919 * k, train, char_x, lib, 4, args.p_accent, shares,
              args.batch_points, 0.35, args.style)) for k in range(args.workers)]
    for worker in workers:
        worker.start()
    budget = args.cpu_minutes * 60
    last_save = last_log = train_start = time.time()
    while True:
        active = [c for c in cands if c.cpu < budget and not (args.stop_at and c.steps >= args.stop_at)]
        if not active:
            break
        if args.wall_minutes and time.time() - train_start > 60 * args.wall_minutes:
            log(f"stopped after {args.wall_minutes} wall minutes")
            break
        batch = tuple(torch.as_tensor(a).to(device) for a in queue.get())
        for c in active:
            if c.cpu / 60 >= c.next_eval:
                measure(c)
                c.next_eval += args.eval_every
            c.step(batch)
            if c.cpu >= budget:
                measure(c)
                c.save()
        now = time.time()
        if now - last_log > 60:
            log(" ".join(f"{c.name} {c.cpu / 60:.1f}min/{c.steps} loss {np.mean(c.losses or [0]):.3f} lr {c.lr:.2g}"
                         for c in active))
            for c in active:
                c.losses = []
            last_log = now
        if now - last_save > args.save_every:
            for c in cands:
                c.save()
            log("saved")
            last_save = now
    for worker in workers:
        worker.terminate()
    for c in cands:
        if not c.curve or c.curve[-1]["steps"] != c.steps:
            measure(c)
        c.save()
    log(f"done in {(time.time() - t_start) / 60:.1f} wall minutes")


def prepare(train, dev, args):
    """Letter positions of the aligned `train` samples (for accents) and the `dev` subsets watched."""
    pool = mp.get_context("fork").Pool(1)
    reference = phase_train.Net.from_phase(args.init)
    wl = [i for i, s in enumerate(train) if s[2] in ("words", "lines")]
    wl = sorted(np.random.default_rng(11).permutation(wl)[:args.align_limit].tolist())
    aligned = phase_train.align(reference, [train[i] for i in wl], pool.map(phase_train._features, [train[i] for i in wl], chunksize=64),
                              torch.device("cpu"), 2)
    char_x = {wl[k]: v for k, v in aligned.items()}
    english, accented = phase_train.dev_sets(reference, dev, pool, torch.device("cpu"))
    pool.close()
    del reference
    sets = {g: [v[i] for i in np.random.default_rng(3).permutation(len(v))[:600]] for g, v in english.items()}
    sets["accented"] = accented
    sets["spaced"] = spaced_dev_rows(dev)
    sets["mixed"] = mixed_dev_lines(dev)
    return char_x, sets


def spaced_dev_rows(dev, count=300):
    """Rows of 2-12 separate characters of one `dev` writer, laid out as training's spaced rows
    are (data.spaced_row; gaps of 0.35-2 character heights): the separate letters and digits of
    notes, which the words and lines subsets never show (generation 3 at 100 CPU minutes read dev
    pages' separate characters with CER 77 % against phase 11's 54 %, its words and lines as well)."""
    rng = np.random.default_rng(13)
    chars_of = {}
    for s in dev:
        if s[2] == "chars":
            chars_of.setdefault(s[3], []).append(s)
    writers = sorted(w for w, v in chars_of.items() if len(v) >= 4)
    rows = []
    while len(rows) < count:
        pool = chars_of[writers[rng.integers(len(writers))]]
        chosen = [pool[rng.integers(len(pool))] for _ in range(int(rng.integers(2, 13)))]
        strokes, label = data.spaced_row([(c[0], c[1]) for c in chosen], rng, 0.35)
        try:
            f, _ = ink.features(strokes)
        except (ValueError, IndexError, FloatingPointError):
            continue
        rows.append((f, label))
    return rows


def mixed_dev_lines(dev, count=300):
    """Lines of `dev` writers' words mixed with codes in a `dev` character writer's hand, made as
    training's mixed lines are (styles.mixed_line): digits, dates, versions and brackets among
    words, as notes hold them."""
    rng = np.random.default_rng(17)
    bank = styles.CharBank([s for s in dev if s[2] == "chars"])
    words = data.words_by_writer(dev)
    writers = sorted(words)
    lines = []
    while len(lines) < count:
        pool = words[writers[rng.integers(len(writers))]]
        chosen = [pool[i] for i in rng.choice(len(pool), size=min(12, len(pool)), replace=False)]
        made = styles.mixed_line(chosen, bank, rng)
        if made is None:
            continue
        try:
            f, _ = ink.features(made[0])
        except (ValueError, IndexError, FloatingPointError):
            continue
        lines.append((f, made[1]))
    return lines


def limited(samples, n):
    taken = {}
    return [s for s in samples if taken.setdefault(s[2], []).append(0) or len(taken[s[2]]) <= n]


if __name__ == "__main__":
    main()
