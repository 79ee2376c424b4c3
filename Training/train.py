"""Trains the recognizer on the UNIPEN train writers, validating on dev; resumes from a checkpoint.

    python3 train.py [--hours H] [--steps N]      (make train)

Deterministic for a given seed and step budget apart from thread scheduling. Checkpoints go to
checkpoints/latest.npz every few minutes (and at the end), so a cut-off session loses little; the
next run resumes from there, including the optimizer state and the data order.
"""
import argparse
import signal
import multiprocessing as mp
import os
import pickle
import sys
import time

os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=true")
import jax
import jax.numpy as jnp
import numpy as np
import optax

import alphabet
import data
import model

ROOT = os.path.dirname(os.path.abspath(__file__))
CKPT = os.path.join(ROOT, "checkpoints", "latest.npz")
LOG = os.path.join(ROOT, "checkpoints", "train.log")
SEED = 20261129
PEAK_LR = 2e-3
# Two phases of warmup and cosine decay; phase 2 adds synthetic lines made of one writer's words.
# (The shipped model's phase 1 ran with feature version 1, whose size floor shrank long lines.)
PHASE2_START = 4500
PHASE2_PEAK_LR = 1e-3
# Phase 3 restarts a shorter warm-up and cosine where the shipped phase 2 stopped (step 10,204,
# dev error still falling), on the same data as phase 2.
PHASE3_START = 10204
PHASE3_PEAK_LR = 5e-4
TOTAL_STEPS = 15000
SYNTHETIC_LINES_PER_EPOCH = 12000


def schedule():
    phase1 = optax.warmup_cosine_decay_schedule(0.0, PEAK_LR, 800, PHASE2_START, PEAK_LR * 0.03)
    # phase 2 decays as if it ran to step 11,000, as the shipped run did
    phase2 = optax.warmup_cosine_decay_schedule(PEAK_LR * 0.03, PHASE2_PEAK_LR, 300,
                                                11000 - PHASE2_START, PHASE2_PEAK_LR * 0.03)
    phase3 = optax.warmup_cosine_decay_schedule(PHASE2_PEAK_LR * 0.07, PHASE3_PEAK_LR, 200,
                                                TOTAL_STEPS - PHASE3_START, PHASE3_PEAK_LR * 0.03)
    return optax.join_schedules([phase1, phase2, phase3], [PHASE2_START, PHASE3_START])


def make_optimizer():
    return optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(schedule(), weight_decay=1e-4))


def loss_fn(params, x, lengths, labels, lpad, weight):
    logp, flen = model.forward(params, jnp.asarray(x), jnp.asarray(lengths))
    t = logp.shape[1]
    ppad = (jnp.arange(t)[None, :] >= flen[:, None]).astype(jnp.float32)
    per = optax.ctc_loss(logp, ppad, labels, lpad, blank_id=alphabet.BLANK)
    nlab = jnp.maximum((1.0 - lpad).sum(axis=1), 1.0)
    return (per / nlab * weight).sum() / jnp.maximum(weight.sum(), 1.0)


@jax.jit
def train_step(params, opt_state, x, lengths, labels, lpad, weight):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, lengths, labels, lpad, weight)
    updates, opt_state = make_optimizer().update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


@jax.jit
def predict(params, x, lengths):
    return model.forward(params, x, lengths)


def greedy(logp, n):
    ids = np.argmax(logp[:n], axis=-1)
    out, prev = [], 0
    for i in ids:
        if i != prev and i != 0:
            out.append(int(i))
        prev = i
    return alphabet.decode(out)


def edit_distance(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def evaluate(params, dev):
    """Greedy CER per group on a fixed dev subset."""
    errs, chars = {}, {}
    for batch_items, groups in dev:
        x, lengths, _, _, w = batch_items
        logp, flen = predict(params, jnp.asarray(x), jnp.asarray(lengths))
        logp, flen = np.asarray(logp), np.asarray(flen)
        for i, (label, g) in enumerate(groups):
            hyp = greedy(logp[i], flen[i])
            errs[g] = errs.get(g, 0) + edit_distance(hyp, label)
            chars[g] = chars.get(g, 0) + len(label)
    return {g: errs[g] / max(chars[g], 1) for g in errs}


def dev_batches(limit_per_group=400, seed=7):
    rng = np.random.default_rng(seed)
    samples = data.load("dev", ("words", "lines"))
    by_group = {}
    for s in samples:
        by_group.setdefault(s[2], []).append(s)
    chosen = []
    for g, items in sorted(by_group.items()):
        idx = rng.permutation(len(items))[:limit_per_group]
        chosen += [items[i] for i in idx]
    out = []
    pend = {}
    for strokes, label, g, _ in chosen:
        import ink
        f, _ = ink.features(strokes)
        b = data.bucket_of(len(f))
        if b is None:
            continue
        pend.setdefault(b, []).append((f, alphabet.encode(label), label, g))
        if len(pend[b]) == data.POINTS_PER_BATCH // b:
            items = pend.pop(b)
            out.append((data.make_batch([(f, i) for f, i, _, _ in items], b), [(l, g) for _, _, l, g in items]))
    for b, items in pend.items():
        out.append((data.make_batch([(f, i) for f, i, _, _ in items], b), [(l, g) for _, _, l, g in items]))
    return out


def producer(queue, epoch, seed, synthetic_lines):
    samples = data.load("train")
    while True:
        rng = np.random.default_rng([seed, epoch])
        for batch in data.epoch_batches(samples, rng, synthetic_lines=synthetic_lines):
            queue.put((epoch, batch))
        epoch += 1


def start_producer(step, epoch):
    """A process that feeds batches of the training phase `step` is in, from `epoch` on."""
    phase = 2 if step >= PHASE2_START else 1
    synthetic = SYNTHETIC_LINES_PER_EPOCH if phase == 2 else 0
    queue = mp.get_context("fork").Queue(maxsize=64)
    proc = mp.get_context("fork").Process(target=producer, args=(queue, epoch, SEED, synthetic), daemon=True)
    proc.phase = phase
    proc.start()
    return queue, proc


def save(params, opt_state, step, epoch):
    os.makedirs(os.path.dirname(CKPT), exist_ok=True)
    leaves, _ = jax.tree_util.tree_flatten(opt_state)
    arrays = {"p:" + k: np.asarray(v) for k, v in params.items()}
    arrays.update({f"o:{i}": np.asarray(v) for i, v in enumerate(leaves)})
    tmp = CKPT + ".tmp.npz"
    np.savez(tmp, step=step, epoch=epoch, **arrays)
    os.replace(tmp, CKPT)


def restore():
    params = model.init_params(jax.random.PRNGKey(SEED))
    opt_state = make_optimizer().init(params)
    if not os.path.exists(CKPT):
        return params, opt_state, 0, 0
    z = np.load(CKPT)
    params = {k: jnp.asarray(z["p:" + k]) for k in params}
    leaves, tree = jax.tree_util.tree_flatten(opt_state)
    leaves = [jnp.asarray(z[f"o:{i}"]) for i in range(len(leaves))]
    return params, jax.tree_util.tree_unflatten(tree, leaves), int(z["step"]), int(z["epoch"])


def log(msg):
    line = time.strftime("%H:%M:%S ") + msg
    print(line, flush=True)
    with open(LOG, "a") as f:
        f.write(line + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hours", type=float, default=1e9, help="stop after this much wall time")
    ap.add_argument("--steps", type=int, default=TOTAL_STEPS, help="stop at this step")
    ap.add_argument("--eval-every", type=int, default=1000)
    ap.add_argument("--save-minutes", type=float, default=10.0)
    args = ap.parse_args()

    params, opt_state, step, epoch = restore()
    os.makedirs(os.path.dirname(LOG), exist_ok=True)
    log(f"start step {step} epoch {epoch} params {sum(v.size for v in params.values())}")
    dev = dev_batches()
    # the data order restarts from the checkpoint's epoch; within an epoch a resumed run reshuffles
    queue, proc = start_producer(step, epoch)
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(True))  # finish the step, save, exit
    t0 = time.time()
    last_save = time.time()
    losses = []
    t_window = time.time()
    while not stop and step < args.steps and time.time() - t0 < args.hours * 3600:
        if step == PHASE2_START and proc.phase == 1:
            proc.terminate()
            queue, proc = start_producer(step, epoch + 1)
        epoch, (x, lengths, labels, lpad, weight) = queue.get()
        params, opt_state, loss = train_step(params, opt_state, x, lengths, labels, lpad, weight)
        step += 1
        losses.append(float(loss))
        if step % 100 == 0:
            log(f"step {step} epoch {epoch} loss {np.mean(losses):.3f} lr {float(schedule()(step)):.2e} "
                f"{(time.time() - t_window) / len(losses):.2f}s/step")
            losses = []
            t_window = time.time()
        if step % args.eval_every == 0:
            cer = evaluate(params, dev)
            log("dev greedy CER " + " ".join(f"{g} {v:.4f}" for g, v in sorted(cer.items())))
        if time.time() - last_save > args.save_minutes * 60:
            save(params, opt_state, step, epoch)
            last_save = time.time()
    save(params, opt_state, step, epoch)
    cer = evaluate(params, dev)
    log(f"stop at step {step}; dev greedy CER " + " ".join(f"{g} {v:.4f}" for g, v in sorted(cer.items())))
    proc.terminate()


if __name__ == "__main__":
    main()
