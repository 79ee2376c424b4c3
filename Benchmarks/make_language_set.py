#!/usr/bin/env python3
"""Per-language test sets of accented words and lines, made only from UNIPEN `dev` writers' ink.

    python3 Benchmarks/make_language_set.py OUT_DIR [--unipen DIR]

No online handwriting with French, German, Spanish, Italian, Portuguese, Dutch or the other
Latin-script languages' labels can be had under a licence we can use, so the recognizer's accuracy in those languages is measured on real
dev words that are also words of a language once accented: "cafe" is French "café". Phase 5's
model (Training/checkpoints/phase5.npz, kept fixed so that every recognizer version is measured
on the same set) locates each letter by CTC alignment, and the mark is
drawn from the dev writers' own accent samples exactly as training draws them (Training/accents.py),
so no training writer's ink is in the set. A sample gets accents only where the model reads it
exactly unaccented (else its letters are not located).

Writes OUT_DIR/<code>-words.jsonl.gz and <code>-lines.jsonl.gz (lines of 2-4 of one writer's
accented words, data.synthetic_line) in the UNIPEN schema, for recognizer-bench and the shared
eval's make_pages.py. Deterministic: fixed seeds, samples in file order.
"""
import argparse
import gzip
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "Training"))
os.environ.setdefault("JAX_PLATFORMS", "cpu")  # model.py imports JAX for its configuration only

import numpy as np  # noqa: E402
import torch  # noqa: E402

import accents  # noqa: E402
import alphabet  # noqa: E402
import data  # noqa: E402
from phase_train import Net, _features, align  # noqa: E402

LANGUAGES = ["fr", "de", "es", "it", "pt", "nl", "pl", "cs", "sk", "sv", "da", "nb", "hu", "ro", "tr", "hr", "sr",
             "sl", "ca", "lt", "lv", "et"]
SEED = 20261201


def fold(word):
    """Lowercase, accents stripped, letter for letter (so positions match the unaccented label)."""
    return "".join(accents.ACCENTS.get(ch, (ch,))[0] for ch in word.lower())


def accented_forms(code):
    """{folded form: the first accented word of the list with it}. The lists are sorted
    alphabetically, not by frequency, so "first" is the only deterministic choice they allow."""
    out = {}
    path = os.path.join(ROOT, "Sources", "Recognition", "Resources", f"words-{code}.txt")
    with open(path, encoding="utf-8") as f:
        for line in f:
            w = line.strip()
            # letters the alphabet has (ß, œ ... are not, and would not fold letter for letter)
            if w and w != fold(w) and all(ch in accents.ACCENTS or ch.isascii() for ch in w):
                out.setdefault(fold(w), w)
    return out


def with_case_of(sample_label, word):
    """`word` in the sample's case pattern ("Cafe", "café" -> "Café"); None where a capital has no
    accented form in the alphabet (ÿ)."""
    out = "".join(w.upper() if s.isupper() else w for s, w in zip(sample_label, word))
    return out if all(ch in alphabet.INDEX for ch in out) else None


def load(path):
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def record(rid, label, strokes, like, level):
    return {"id": rid, "category": ["7"], "contributor": like["contributor"], "writer": like["writer"],
            "level": level, "label": label, "quality": like.get("quality", "OK"), "style": like.get("style"),
            "dpi": like.get("dpi"),
            "strokes": [[[int(round(x)), int(round(y))] for x, y in s] for s in strokes]}


def write(path, records):
    # mtime 0: the same set gives the same bytes
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:
        for r in records:
            f.write((json.dumps(r, ensure_ascii=False) + "\n").encode("utf-8"))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--unipen", default=data.UNIPEN)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    torch.manual_seed(SEED)
    torch.set_num_threads(max(1, min(2, os.cpu_count() or 1)))

    words = [r for r in load(os.path.join(args.unipen, "dev-words.jsonl.gz"))
             if r.get("n_lines", 1) <= 1 and r["label"].strip() and " " not in r["label"].strip()]
    chars = load(os.path.join(args.unipen, "dev-chars.jsonl.gz"))
    lib = accents.MarkLibrary([([np.asarray(s, np.float64) for s in r["strokes"] if s], r["label"], "chars",
                                (r["contributor"], r["writer"])) for r in chars])
    forms = {code: accented_forms(code) for code in LANGUAGES}

    # align only the samples some language can accent: the model is the costly part on 2 cores
    wanted = [r for r in words if any(fold(r["label"].strip()) in forms[c] for c in LANGUAGES)]
    samples = [([np.asarray(s, np.float64) for s in r["strokes"] if s], r["label"].strip()) for r in wanted]
    keep = [k for k, (st, lab) in enumerate(samples) if st and alphabet.encode(lab)]
    wanted, samples = [wanted[k] for k in keep], [samples[k] for k in keep]
    net = Net.from_phase(os.path.join(ROOT, "Training", "checkpoints", "phase5.npz"))
    char_x = align(net, samples, [_features(s) for s in samples], torch.device("cpu"), 2)
    print(f"{len(wanted)} dev words have an accented form in some language; "
          f"the model reads {len(char_x)} of them exactly and locates their letters")

    print(f"{'lang':5} {'words':>6} {'lines':>6} {'writers':>8} {'distinct':>9}  examples")
    for li, code in enumerate(LANGUAGES):
        rng = np.random.default_rng(SEED + li)
        out, by_writer = [], {}
        for k in sorted(char_x):
            r, (strokes, label) = wanted[k], samples[k]
            target = forms[code].get(fold(label))
            target = target and with_case_of(label, target)
            made = target and accents.accent_to(strokes, label, target, char_x[k], (r["contributor"], r["writer"]),
                                                lib, rng)
            if not made:
                continue
            out.append(record(f"{code}/{r['id']}", made[1], made[0], r, "WORD"))
            by_writer.setdefault((r["contributor"], r["writer"]), []).append((made[0], made[1], r))
        lines = []
        for writer in sorted(by_writer):
            pool = by_writer[writer]
            order = rng.permutation(len(pool))
            # 2-4 words a line: chunks of 4 (the last one may be shorter), synthetic_line takes 2..chunk
            for start in range(0, len(pool) - 1, 4):
                chunk = [pool[i] for i in order[start:start + 4]]
                if len(chunk) < 2:
                    break
                strokes, label = data.synthetic_line([(st, lab) for st, lab, _ in chunk], rng)
                lines.append(record(f"{code}/line/{writer[0]}/{writer[1]}#{start // 4}", label, strokes,
                                    chunk[0][2], "TEXT"))
        write(os.path.join(args.out, f"{code}-words.jsonl.gz"), out)
        write(os.path.join(args.out, f"{code}-lines.jsonl.gz"), lines)
        distinct = sorted({r["label"] for r in out})
        print(f"{code:5} {len(out):6d} {len(lines):6d} {len(by_writer):8d} {len(distinct):9d}  "
              f"{' '.join(distinct[:8])}", flush=True)


if __name__ == "__main__":
    main()
