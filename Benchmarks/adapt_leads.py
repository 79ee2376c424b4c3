#!/usr/bin/env python3
"""Which reading should lead a word the writer's hand read again (issue 47)?

The hand (`build --adapt`) reads a page's unsure words again and, where it is surer, its reading
leads the word: that is the best reading `text` prints and the CER counts. For some writers the
surer adapted readings are wrong more often than the shipped ones they displace. This script
lays out each UNIPEN dev writer with at least --min-samples samples as one notebook (as
bench_adapt.py does), indexes it with `build` and with `build --adapt` twice, and reads both
indexes' stored words: every word whose adapted reading leads is judged under several rules for
when it may lead (the others keep the shipped reading first), and the CER of the best readings
(run_eval.py's measure: the words whose centres lie in each sample's box) is reported per writer
and rule. Search is not judged: every rule keeps the same readings, only their order changes.

Each writer is read in the language of its labels' words (`writer_languages.py`, as bench_adapt.py
reads it), through NOTEBOOK_INDEX_LANGUAGES, and the lexicon rules look its words up in that
language's list.

Rules:
  shipped         the shipped reading always leads (no adaptation of the best reading)
  adapted         the surer adapted reading leads (as build --adapt did before)
  among_shipped   it leads only where the shipped reader had it among its readings
  lexicon         it leads only where it is a word of the writer's language's word list
  lexicon_or_odd  it leads where it is a listed word or the shipped reading is not
  shipped_below_T it leads only where the shipped reading's confidence is below T (build --adapt
                  now: at most 0.3, `HandReading.handLeadsAtMost`)
  sure            it leads only where the hand reads it at least as surely as a sure word (0.9)
  sure_or_shipped_below_0.3, sure_and_shipped_below_0.5  the two together
  margin_M        it leads only where it is surer than the shipped reading by M or more

The rules are judged on what the binary stores, so --cli must be one whose hand leads every word it
reads more surely: built before `HandReading.handLeadsAtMost` (commit 48dab8f or earlier; with a
later one, "adapted" measures the rule shipped). --keep DIR keeps the indexes there and reuses those it finds, so rules are compared in seconds.

Writes Benchmarks/results/adapt-leads-<date>.json through results.py.

Usage: adapt_leads.py --cli .build/release/notebook-index [--shared ../shared] [--writers w006,w007]
                      [--keep DIR]
"""
import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import line_rows_packed  # noqa: E402
import replicate_index  # noqa: E402
import word_place  # noqa: E402
import results  # noqa: E402
import writer_languages  # noqa: E402

RULES = ("shipped", "adapted", "among_shipped", "lexicon", "lexicon_or_odd", "shipped_below_0.2",
         "shipped_below_0.3", "shipped_below_0.4", "shipped_below_0.5", "shipped_below_0.7", "sure",
         "sure_or_shipped_below_0.3", "sure_and_shipped_below_0.5", "margin_0.2", "margin_0.4")


def stored_words(index):
    """{(page, x100, y100, w100, h100): (readings, confidence)} of an index's handwritten words."""
    db = sqlite3.connect(index)
    pages = dict(db.execute("SELECT id, page FROM drawings"))
    # schema 13 keeps a line's words in a row of `lines` (line_rows_packed reads either)
    rows = [(pages[w["drawing_id"]], w["place"], w["candidates"], w["confidence"], w["scores"])
            for w in line_rows_packed.stored_words(db) if w["source"] == 0]
    db.close()
    # schema 10 leaves a confidence its scores give NULL (ImpliedColumns); schema 11 packs the
    # bounds into `place` (word_place)
    return {(r[0],) + (word_place.decode(r[1])[2] or (None,) * 4):
            (r[2].split("\n"), r[3] if r[3] is not None else replicate_index.derived_confidence(r[4]))
            for r in rows}


def leads(rule, shipped, merged, lexicon):
    """The best reading of a word under `rule`: shipped and merged are (readings, confidence)."""
    if merged[1] <= shipped[1] or merged[0][0] == shipped[0][0]:
        return shipped[0][0]
    adapted = merged[0][0]

    def listed(text):
        return text.lower().strip(".,;:!?'\"()") in lexicon

    if rule == "sure_or_shipped_below_0.3":
        return adapted if merged[1] >= 0.9 or shipped[1] < 0.3 else shipped[0][0]
    if rule == "sure_and_shipped_below_0.5":
        return adapted if merged[1] >= 0.9 and shipped[1] < 0.5 else shipped[0][0]
    if rule.startswith("shipped_below_"):
        return adapted if shipped[1] < float(rule.split("_")[-1]) else shipped[0][0]
    if rule.startswith("margin_"):
        return adapted if merged[1] >= shipped[1] + float(rule.split("_")[-1]) else shipped[0][0]
    ok = {
        "sure": merged[1] >= 0.9,
        "shipped": False,
        "adapted": True,
        "among_shipped": adapted in shipped[0],
        "lexicon": listed(adapted),
        "lexicon_or_odd": listed(adapted) or not listed(shipped[0][0]),
    }[rule]
    return adapted if ok else shipped[0][0]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--shared", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared"))
    ap.add_argument("--writers", default="", help="comma-separated make_pages.py names (default: all)")
    ap.add_argument("--min-samples", type=int, default=150)
    ap.add_argument("--keep", help="keep the indexes in this folder, and reuse those found there")
    args = ap.parse_args()
    # the evaluator's own measures: the same CER as bench_adapt.py's run_eval.py
    sys.path.insert(0, os.path.join(os.path.abspath(args.shared), "tools", "eval"))
    global norm_text, edit_distance, center_inside
    from run_eval import center_inside, edit_distance, norm_text
    lists = writer_languages.word_lists()
    cli = os.path.abspath(args.cli)
    shared = os.path.abspath(args.shared)
    unipen = os.path.join(shared, "data", "unipen")
    tmp = tempfile.mkdtemp(prefix="adapt-leads-")
    try:
        pages = os.path.join(tmp, "pages")
        subprocess.run([sys.executable, os.path.join(shared, "tools", "eval", "make_pages.py"), pages,
                        os.path.join(unipen, "dev-words.jsonl.gz"), os.path.join(unipen, "dev-lines.jsonl.gz"),
                        "--writers", "0", "--min-samples", str(args.min_samples), "--pages-per-writer", "1000",
                        "--formats", "xopp"], check=True, stdout=subprocess.DEVNULL)
        truth = json.load(open(os.path.join(pages, "truth.json")))
        notebooks = sorted({loc["path"] for it in truth["items"] for loc in it["locations"]})
        languages = writer_languages.by_notebook(shared, args.min_samples, notebooks, truth)
        wanted = [w for w in args.writers.split(",") if w]
        rows = []
        for notebook in notebooks:
            name = os.path.splitext(os.path.basename(notebook))[0]
            if wanted and name not in wanted:
                continue
            writer, codes = languages[name]
            lexicon = {w.lower() for code in codes for w in lists[code]}
            kept = args.keep or tmp
            os.makedirs(kept, exist_ok=True)
            plain, adapt = os.path.join(kept, name + "-plain.sqlite"), os.path.join(kept, name + "-adapt.sqlite")
            # an index kept by a run that read the writer in other languages is built again
            done = os.path.join(kept, name + ".done")
            if os.path.exists(done) and open(done).read() != ",".join(codes):
                os.remove(done)
            if not os.path.exists(done):
                for path in (plain, adapt):
                    if os.path.exists(path):
                        os.remove(path)
                # the indexes name the notebook by path: lay it out where a later run finds it
                folder = os.path.join(kept, name)
                os.makedirs(folder, exist_ok=True)
                shutil.copy(notebook, folder)
                quiet = dict(check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             env=dict(os.environ, NOTEBOOK_INDEX_LANGUAGES=",".join(codes)))
                subprocess.run([cli, "build", folder, "--index", plain], **quiet)
                for _ in range(2):
                    subprocess.run([cli, "build", folder, "--index", adapt, "--adapt"], **quiet)
                with open(done, "w") as f:
                    f.write(",".join(codes))
            shipped, merged = stored_words(plain), stored_words(adapt)
            led = sum(1 for k in merged if k in shipped and leads("adapted", shipped[k], merged[k], lexicon)
                      != shipped[k][0][0])
            row = {"notebook": name, "writer": writer, "languages": codes, "words_led_by_hand": led}
            for rule in RULES:
                best = {k: leads(rule, shipped[k], merged.get(k, shipped[k]), lexicon) for k in shipped}
                errors = total = 0
                for it in truth["items"]:
                    for loc in it["locations"]:
                        if loc["path"] != notebook:
                            continue
                        inside = sorted((k[1], best[k]) for k in best if k[0] == loc["page"] and center_inside(
                            it["box"], (k[1] / 100, k[2] / 100, k[3] / 100, k[4] / 100)))
                        got = norm_text(" ".join(t for _, t in inside)).replace(" ", "")
                        want = norm_text(it["label"]).replace(" ", "")
                        errors += edit_distance(got, want)
                        total += len(want)
                row[rule] = round(errors / max(total, 1), 4)
            rows.append(row)
            print(f"{name} ({','.join(codes)})", " ".join(f"{r} {row[r]:.4f}" for r in RULES), f"led {led}", flush=True)
        average = {r: round(sum(row[r] for row in rows) / max(len(rows), 1), 4) for r in RULES}
        worse = {r: [row["notebook"] for row in rows if row[r] > row["shipped"] + 0.001] for r in RULES}
        print("average", " ".join(f"{r} {average[r]:.4f}" for r in RULES))
        results.record("adapt-leads", {"writers": rows, "average_cer": average, "cer_worse_than_shipped": worse},
                       command=" ".join(["Benchmarks/adapt_leads.py"] + sys.argv[1:]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
