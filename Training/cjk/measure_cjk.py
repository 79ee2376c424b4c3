"""Measures the second character network (Traditional Chinese and Korean) on what it never
trained on, each language read among its own classes as the reader reads it (`languages`):

- held-out fonts (`glyphs.py --set hant-ko --held-out`): every glyph of two Traditional and two
  Korean faces, thinned to its skeleton and drawn two ways: "clean" (the pen of recognition time,
  no distortion) and "redrawn" (`synth.from_skeleton`: warped and a random pen, as handwriting
  would be; a fixed seed, so the same images every run);
- Omniglot's Korean (real strokes, 20 drawers, mostly with a mouse): 40 jamo, labelled in
  `omniglot-korean.tsv`; read among the Korean classes and among the jamo alone;
- the shared dev characters (real casual writing) whose character is Traditional Chinese: those
  the first network does not have (such as 國, 學, 說, read as nothing until now), and all those in
  Big5's level 1.

    python cjk/measure_cjk.py MODEL --held-out packed/hant-ko-held-out.npz [--record NAME]
    python cjk/measure_cjk.py --omniglot-jsonl OUT.jsonl.gz   (the Korean drawings as dev samples)
    python cjk/measure_cjk.py --render OUT.png                (each character's first drawing)
    python cjk/measure_cjk.py --fixtures ../Tests/Fixtures/cjk  (the Swift tests' real strokes)

MODEL is a training state (`train_cjk.py`'s cjk.pt) or an exported model file (.nbm). With
`--record`, the figures go to Benchmarks/results/ through Benchmarks/results.py.
"""
import argparse
import glob
import gzip
import io
import json
import os
import sys
import zipfile

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import charset  # noqa: E402
import synth  # noqa: E402
from train_cjk import CharacterNet, warm_start  # noqa: E402

SHARED = os.path.join(ROOT, "..", "shared", "data")
OMNIGLOT = os.path.join(SHARED, "strokefonts", "omniglot", "strokes_background_small1.zip")
DEV = os.path.join(SHARED, "cjk", "dev-chars.jsonl.gz")


def omniglot_korean():
    """(label, strokes) of every Korean drawing: x right, y down, in the file's order (each
    character's 20 drawers in turn)."""
    labels = {}
    for line in open(os.path.join(HERE, "omniglot-korean.tsv"), encoding="utf-8"):
        if line.strip() and not line.startswith("#"):
            folder, label = line.rstrip("\n").split("\t")
            labels[folder] = label
    out = []
    with zipfile.ZipFile(OMNIGLOT) as z:
        names = sorted(n for n in z.namelist() if "/Korean/" in n and n.endswith(".txt") and "__MACOSX" not in n)
        for name in names:
            strokes, current = [], []
            for row in io.TextIOWrapper(z.open(name), encoding="utf-8"):
                row = row.strip()
                if row in ("START", "BREAK"):
                    if current:
                        strokes.append(np.array(current))
                    current = []
                elif row:
                    x, y, _ = map(float, row.split(","))
                    current.append((x, -y))
            if current:
                strokes.append(np.array(current))
            out.append((labels[name.split("/")[-2]], strokes))
    return out


def load(path):
    """The network and its classes, from a training state or an exported file."""
    if path.endswith(".pt"):
        state = torch.load(path, weights_only=False)
        chars = list(state["chars"])
        net = CharacterNet(len(chars))
        net.load_state_dict({k: v.float() for k, v in state["model"].items()})
    else:
        sys.path.insert(0, os.path.dirname(HERE))
        import export

        chars = [c for c in export.read_model(path)[0]["characters"]]
        net = CharacterNet(len(chars))
        warm_start(net, path, chars, torch.zeros(2, 1, synth.SIDE, synth.SIDE))
    net.eval()
    return net, chars


def scores(net, images, allowed):
    """Top-1 and top-3 hit rates of `images` (labels as class indices) among classes `allowed`."""
    xs, ys = images
    mask = torch.full((net.out.out_features,), -1e9)
    mask[sorted(allowed)] = 0
    hits = []
    with torch.no_grad():
        for i in range(0, len(xs), 512):
            logits = net(torch.from_numpy(np.array(xs[i:i + 512])[:, None])) + mask
            hits.append(logits.topk(3, dim=1).indices == torch.tensor(ys[i:i + 512])[:, None])
    hit = torch.cat(hits)
    return {"samples": len(ys), "top1": round(hit[:, 0].float().mean().item(), 4),
            "top3": round(hit.any(dim=1).float().mean().item(), 4)}


def held_out(net, chars, path):
    """Figures of each language's held-out faces, clean and redrawn."""
    g = np.load(path)
    assert [str(c) for c in g["chars"]] == chars, "held-out glyphs of another class set"
    owners, offsets, every = g["owners"], g["offsets"], g["points"]  # an npz reads an array at each access
    languages = charset.languages("hant-ko")
    index = {c: k for k, c in enumerate(chars)}
    out = {}
    for code, text in languages.items():
        allowed = {index[c] for c in text}
        clean, redrawn, labels = [], [], []
        rng = np.random.default_rng(11)
        for i, (k, _) in enumerate(owners):
            if k not in allowed:
                continue
            points = every[offsets[i]:offsets[i + 1]]
            clean.append(synth.raster([points.astype(np.float64)], dots=True))
            redrawn.append(synth.from_skeleton(points, rng))
            labels.append(int(k))
        out[code] = {"clean": scores(net, (clean, labels), allowed), "redrawn": scores(net, (redrawn, labels), allowed)}
    return out


def real(net, chars):
    index = {c: k for k, c in enumerate(chars)}
    languages = charset.languages("hant-ko")
    korean = {index[c] for c in languages["ko"]}
    jamo = {index[c] for c in charset.hangul_jamo()}
    drawings = omniglot_korean()
    images = ([synth.raster(s) for _, s in drawings], [index[c] for c, _ in drawings])
    out = {"omniglot_korean": scores(net, images, korean), "omniglot_korean_among_jamo": scores(net, images, jamo)}
    hant = {index[c] for c in languages["zh-Hant"]}
    first = set(charset.characters("cjk"))
    new, every = ([], []), ([], [])
    for line in gzip.open(DEV, "rt"):
        row = json.loads(line)
        c = row["label"]
        strokes = [np.array(s, dtype=np.float64) for s in row["strokes"] if len(s)]
        if c not in index or index[c] not in hant or not strokes:
            continue
        for target in ([every, new] if c not in first else [every]):
            target[0].append(synth.raster(strokes))
            target[1].append(index[c])
    out["dev_traditional_new"] = scores(net, new, hant)
    out["dev_in_big5"] = scores(net, every, hant)
    out["dev_traditional_new_characters"] = "".join(sorted({chars[k] for k in new[1]}))
    return out


# Traditional words whose characters are all in Big5's level 1 and in KanjiVG, most of them
# outside GB 2312 (so the first network has no class for them)
TRADITIONAL_LINES = ["臺灣國語", "讀書學習", "寫筆記"]


def fixtures(directory):
    """The Swift tests' real strokes: the first drawer's drawing of each of Omniglot's 40 Korean
    jamo (MIT), and KanjiVG's strokes of a few Traditional words (CC BY-SA 3.0, as
    tools/make_cjk_fixture.py writes the Japanese ones)."""
    seen, samples = set(), []
    for label, strokes in omniglot_korean():
        if label not in seen:
            seen.add(label)
            samples.append({"label": label, "strokes": [s.round().astype(int).tolist() for s in strokes]})
    with open(os.path.join(directory, "omniglot-korean.json"), "w", encoding="utf-8") as f:
        json.dump({"source": "Omniglot (Brenden M. Lake et al.), github.com/brendenlake/omniglot @ 057f034baf2e, "
                   "python/strokes_background_small1.zip, Korean, each character's first drawer; labels by eye "
                   "(Training/cjk/omniglot-korean.tsv)", "licence": "MIT, Copyright (c) 2015 Brenden Lake",
                   "samples": samples}, f, ensure_ascii=False)
    data = json.load(open("/usr/lib/python3/dist-packages/kanjidraw/data.json", encoding="utf-8"))
    strokes = {c: s for group in data.values() for c, s in group.items()}
    chars = sorted({c for line in TRADITIONAL_LINES for c in line})
    with open(os.path.join(directory, "kanjivg-traditional.json"), "w", encoding="utf-8") as f:
        json.dump({"source": "KanjiVG strokes as shipped in Debian's python3-kanjidraw (kanjidraw/data.json)",
                   "licence": "CC BY-SA 3.0, KanjiVG (Ulrich Apel and contributors), https://kanjivg.tagaini.net",
                   "lines": TRADITIONAL_LINES, "characters": {c: strokes[c] for c in chars}}, f, ensure_ascii=False)


def render(path):
    from PIL import Image, ImageDraw

    firsts = {}
    for label, strokes in omniglot_korean():
        firsts.setdefault(label, strokes)
    cell = 120
    img = Image.new("L", (cell * 8, cell * 5), 255)
    draw = ImageDraw.Draw(img)
    for n, strokes in enumerate(firsts.values()):
        every = np.concatenate(strokes)
        lo = every.min(axis=0)
        scale = 90 / max(np.ptp(every, axis=0).max(), 1)
        for s in strokes:
            p = (s - lo) * scale + [(n % 8) * cell + 15, (n // 8) * cell + 20]
            draw.line([tuple(q) for q in p], fill=0, width=3)
        draw.text(((n % 8) * cell + 2, (n // 8) * cell + 2), f"{n + 1}", fill=0)
    img.save(path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model", nargs="?")
    ap.add_argument("--held-out", help="glyphs.py --held-out's file")
    ap.add_argument("--record", help="benchmark name to record the figures under")
    ap.add_argument("--omniglot-jsonl")
    ap.add_argument("--render")
    ap.add_argument("--fixtures")
    args = ap.parse_args()
    if args.fixtures:
        fixtures(args.fixtures)
    if args.render:
        render(args.render)
    if args.omniglot_jsonl:
        with gzip.open(args.omniglot_jsonl, "wt") as f:
            for label, strokes in omniglot_korean():
                f.write(json.dumps({"label": label, "strokes": [s.round(2).tolist() for s in strokes]}) + "\n")
    if not args.model:
        return
    torch.set_num_threads(1)
    net, chars = load(args.model)
    figures = real(net, chars)
    if args.held_out:
        figures["held_out_fonts"] = held_out(net, chars, args.held_out)
    print(json.dumps(figures, indent=1, ensure_ascii=False))
    if args.record:
        import results

        results.record(args.record, figures, command="python3 Training/cjk/measure_cjk.py " + " ".join(sys.argv[1:]))


if __name__ == "__main__":
    main()
