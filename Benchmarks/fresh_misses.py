#!/usr/bin/env python3
"""Why the words read by eye on real notebooks are missed: every word `make bench-fresh` and
`make bench-real` do not find, classified as a user could see it through the command line.

    python3 Benchmarks/fresh_misses.py [--bin B] [--shared DIR] [--sets fresh,real] [--no-record]

Per set, an index is built as the benchmarks build it and each word is searched as they search it
(`query WORD --full-words`, a hit on ink in its own file). A missed word gets the first class that
applies, judged on the readings `export --ndjson` prints for its file (case and accents folded as
search folds them):

  query side   a reading the index holds is the word, yet the search did not find it (a reading
               other than the best one, scoring under `query`'s floor for its length);
  layout       the word is read split into neighbouring words of a line ("song name") or inside a
               longer word ("progressives"): its ink was not one word;
  dropped      a second index read with every reading its beam found (`NBI_MARGIN=1000
               NBI_CANDIDATES=8`, `DecoderSettings.fromEnvironment`) holds it: the network and the
               search made it, and the candidate margin or the count of readings cut it;
  penalized    a third index read so, without the word-list and mixed-case penalties
               (`NBI_OOV_PENALTY=0 NBI_CASE_PENALTY=0`), holds it: the penalties kept it out of the beam;
  network      not among those either: the network and the beam never read it.

Words are also counted apart when they look like identifiers (letters and digits, capitals inside,
or not in the English word list yet two listed words joined: `udpport`, `sqlite3`, `songname`) and
when they are outside the English word list at all. Then `build --rebuild` reads the notebooks
again with the user vocabulary the first build gathered, and the words it then finds are counted
(what the user vocabulary gives). Figures go to Benchmarks/results/fresh-misses-*.json.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import unicodedata
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import results  # noqa: E402

CLASSES = ["query side", "layout", "dropped", "penalized", "network"]
WIDE = {"NBI_MARGIN": "1000", "NBI_CANDIDATES": "8"}
UNPENALIZED = {**WIDE, "NBI_OOV_PENALTY": "0", "NBI_CASE_PENALTY": "0"}


def fold(s):
    s = unicodedata.normalize("NFKD", s.casefold())
    return "".join(c for c in s if c.isalnum())


def word_list():
    path = os.path.join(ROOT, "Sources", "Recognition", "Resources", "words-en.txt")
    return {fold(w) for w in open(path, encoding="utf-8").read().split()}


def identifier_like(word, listed):
    """Letters and digits, a capital after the first letter, or two listed words of three or more
    letters joined."""
    letters = [c for c in word if c.isalpha()]
    if letters and any(c.isdigit() for c in word):
        return True
    if any(c.isupper() for c in word[1:]):
        return True
    w = fold(word)
    if w in listed or not w.isalpha():
        return False
    return any(w[:i] in listed and w[i:] in listed for i in range(3, len(w) - 2))


def run(cmd, env=None):
    return subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, **(env or {})})


def build(binary, notes, index, env=None, rebuild=False):
    b = run([binary, "build", notes, "--index", index] + (["--rebuild"] if rebuild else []), env)
    if b.returncode not in (0, 1):
        sys.exit(f"build exited {b.returncode}: {b.stderr.strip()[-300:]}")


def in_file(path, target):
    return path == target or path.startswith(target + "/")


def missed_words(binary, notes, truth, index):
    """{file: [word]} of the words a search as real_words.py's does not find."""
    missed = {}
    for name, words in sorted(truth.items()):
        target = os.path.join(notes, name)
        for w in words:
            q = run([binary, "query", w, "--full-words", "--json", "--limit", "200", "--index", index])
            hits = json.loads(q.stdout)["results"] if q.returncode == 0 and q.stdout.strip() else []
            if not any(h.get("strokeIDs") and in_file(h["path"], target) for h in hits):
                missed.setdefault(name, []).append(w)
    return missed


def readings(binary, index):
    """Every reading of ink the index searches: [(path, text, line text, reading rank, score)]."""
    e = run([binary, "export", "--ndjson", "--index", index])
    rows = []
    for line in e.stdout.splitlines():
        d = json.loads(line)
        if d.get("strokeIDs"):
            rows.append((d["path"], d["text"], (d.get("line") or {}).get("text", ""), d.get("reading"), d.get("score")))
    return rows


def split_or_joined(word, lines, texts):
    """The word read as 2-3 neighbouring words of one line, or inside a longer reading."""
    w = fold(word)
    for line in lines:
        parts = [fold(p) for p in line.split()]
        for i in range(len(parts)):
            for n in (2, 3):
                if i + n <= len(parts) and "".join(parts[i:i + n]) == w:
                    return True
    return len(w) >= 4 and any(w in t and t != w for t in texts)


def classify_set(label, binary, notes, truth, listed, scratch):
    index = os.path.join(scratch, f"{label}.sqlite")
    build(binary, notes, index)
    missed = missed_words(binary, notes, truth, index)
    shipped = readings(binary, index)
    wide_index = os.path.join(scratch, f"{label}-wide.sqlite")
    build(binary, notes, wide_index, env=WIDE)
    wide = readings(binary, wide_index)
    free_index = os.path.join(scratch, f"{label}-unpenalized.sqlite")
    build(binary, notes, free_index, env=UNPENALIZED)
    free = readings(binary, free_index)
    build(binary, notes, index, rebuild=True)
    status = json.loads(run([binary, "status", "--json", "--index", index]).stdout or "{}")
    after = missed_words(binary, notes, truth, index)
    rows = []
    for name, words in sorted(missed.items()):
        target = os.path.join(notes, name)
        mine = [(fold(t), line) for p, t, line, _, _ in shipped if in_file(p, target)]
        held = {}  # the best-scoring reading of each text: (score, rank)
        for p, t, _, rank, score in shipped:
            if in_file(p, target) and (fold(t) not in held or (score or 0) > held[fold(t)][0]):
                held[fold(t)] = (score or 0, rank)
        mine_wide = {fold(t) for p, t, *_ in wide if in_file(p, target)}
        mine_free = {fold(t) for p, t, *_ in free if in_file(p, target)}
        lines = sorted({line for _, line in mine})
        for w in words:
            f = fold(w)
            if f in {t for t, _ in mine}:
                cls = "query side"
            elif split_or_joined(w, lines, [t for t, _ in mine]):
                cls = "layout"
            elif f in mine_wide:
                cls = "dropped"
            elif f in mine_free:
                cls = "penalized"
            else:
                cls = "network"
            score, rank = held.get(f, (None, None)) if cls == "query side" else (None, None)
            rows.append({"file": name, "word": w, "class": cls, "identifier": identifier_like(w, listed),
                         "held_score": score, "held_rank": rank,
                         "outside_list": f not in listed, "found_after_rebuild": w not in after.get(name, [])})
    total = sum(len(v) for v in truth.values())
    return rows, total, status.get("userWords")


def figures(rows, total, user_words):
    def counts(sel):
        c = Counter(r["class"] for r in sel)
        return {k: c[k] for k in CLASSES}
    ident = [r for r in rows if r["identifier"]]
    outside = [r for r in rows if r["outside_list"]]
    return {"words": total, "missed": len(rows), "classes": counts(rows),
            "identifier_missed": len(ident), "identifier_classes": counts(ident),
            "outside_list_missed": len(outside), "outside_list_classes": counts(outside),
            "found_after_rebuild": sum(r["found_after_rebuild"] for r in rows), "user_words": user_words}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "notebook-index"))
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    ap.add_argument("--sets", default="fresh,real")
    ap.add_argument("--no-record", action="store_true")
    a = ap.parse_args()
    binary = os.path.abspath(a.bin)
    shared = os.path.abspath(a.shared)
    listed = word_list()
    out = {}
    words = []
    with tempfile.TemporaryDirectory(prefix="fresh-misses-") as scratch:
        for label in a.sets.split(","):
            if label == "fresh":
                truth = json.load(open(os.path.join(ROOT, "Benchmarks", "fresh-notes", "truth.json")))["handwriting"]
                notes = os.path.join(scratch, "notes")
                for name in truth:  # only the listed files, as bench-fresh.sh links them
                    os.makedirs(os.path.dirname(os.path.join(notes, name)), exist_ok=True)
                    os.symlink(os.path.join(shared, "corpus", name), os.path.join(notes, name))
            else:
                notes = os.path.join(shared, "realnotes")
                truth = json.load(open(os.path.join(notes, "truth.json")))["handwriting"]
            rows, total, user_words = classify_set(label, binary, notes, truth, listed, scratch)
            out[label] = figures(rows, total, user_words)
            words += [{"set": label, **r} for r in rows]
            print(f"{label}: {total - len(rows)}/{total} found; missed by class {out[label]['classes']}; "
                  f"identifier-like {out[label]['identifier_classes']}; "
                  f"found after --rebuild with {user_words} user words: {out[label]['found_after_rebuild']}")
            for r in rows:
                print(f"  {r['class']:<11} {'id ' if r['identifier'] else '   '}{'oov ' if r['outside_list'] else '    '}"
                      f"{r['word']}  ({r['file']})"
                  + (f"  held as reading {r['held_rank']}, score {r['held_score']}" if r["held_score"] is not None else ""))
    out["words"] = words
    if not a.no_record:
        print(results.record("fresh-misses", out, command="make fresh-misses"))


if __name__ == "__main__":
    main()
