"""score_curve.py --cjk: search recall and precision of CJK queries for each minimum hit score, to
choose `query`'s default floor for a query holding a CJK character
(SearchOptions.defaultCJKMinimumScore) on dev ink.

The queries are every character written on the pages and every two neighbouring characters of a
line (a two-character word), each run once with `--min-score 0`, so one pass gives the whole curve.
A hit is right when it lies where the query is written, and each written place is found once:
  - pages of make_card_pages.py carry each character's box: the hit and the box (the two boxes
    joined, for a pair) each at least half inside the other, as mixed_eval.py judges cards;
  - pages of make_cjk_pages.py carry only each page's lines: the hit's middle lies in the band of a
    line that holds the query (lines sit SIZE * 1.9 apart from TOP, as make_cjk_pages.py lays them).
Every other hit is a chance hit, which precision counts against.

`query` without --min-score spares a term's best reading from the default floor
(SearchOptions.floorSparesBestReadings), so each query is also run without --min-score under the
binary's default (DEFAULT_FLOOR); its hits under that floor are the spared ones, and the "default
rule" curve keeps them under every lower floor too. Floors above DEFAULT_FLOOR are given as plain
--min-score floors only.
"""
import json
import os
import subprocess
from collections import defaultdict

import mixed_eval

# make_cjk_pages.py's layout: the first line's top, the character height and the line pitch.
TOP, SIZE, PITCH = 60.0, 26.0, 26.0 * 1.9
# The CJK default floor of the binary measured (SearchOptions.defaultCJKMinimumScore).
DEFAULT_FLOOR = 0.1


def card_places(truth):
    """term → [(path, page, test of a hit box)] from make_card_pages.py's character boxes."""
    places = defaultdict(list)
    for p in truth:
        chars = [i for i in p["items"] if i["script"] == "cjk"]
        for item in chars:
            places[item["label"]].append((p["path"], 0, lambda b, box=item["box"]: mixed_eval.covers(box, b)))
        for a, b in zip(chars, chars[1:]):
            same_row = abs((a["box"][1] + a["box"][3] / 2) - (b["box"][1] + b["box"][3] / 2)) < SIZE / 2
            if same_row and b["box"][0] > a["box"][0]:
                x, y = min(a["box"][0], b["box"][0]), min(a["box"][1], b["box"][1])
                joined = [x, y, max(a["box"][0] + a["box"][2], b["box"][0] + b["box"][2]) - x,
                          max(a["box"][1] + a["box"][3], b["box"][1] + b["box"][3]) - y]
                places[a["label"] + b["label"]].append((p["path"], 0, lambda h, box=joined: mixed_eval.covers(box, h)))
    return places


def line_places(truth):
    """term → [(path, page, test of a hit box)] from make_cjk_pages.py's lines, one per place written."""
    places = defaultdict(list)
    for p in truth:
        for n, line in enumerate(p["lines"]):
            def in_band(b, n=n):
                middle = b[1] + b[3] / 2
                return TOP + n * PITCH - 4 <= middle <= TOP + n * PITCH + SIZE + 4
            for i, ch in enumerate(line):
                places[ch].append((p["path"], 0, in_band))
                if i + 1 < len(line):
                    places[line[i:i + 2]].append((p["path"], 0, in_band))
    return places


def main(pages_dir, cli, index, thresholds, claimed):
    """The curves, printed and returned; `claimed` counts one query's right hits (score_curve.py)."""
    truth = json.load(open(os.path.join(pages_dir, "truth.json"), encoding="utf-8"))["pages"]
    places = card_places(truth) if truth and "items" in truth[0] else line_places(truth)
    hits_of, spared_of = {}, {}
    for term in sorted(places):
        hits_of[term] = hits(cli, index, term, ["--min-score", "0"])
        spared_of[term] = {h for h in hits(cli, index, term, []) if h[2] < DEFAULT_FLOOR}

    def counts(floor, terms, spare):
        """(places found, hits kept that are right, hits kept) with this floor."""
        found = good = returned = 0
        for term in terms:
            kept = [(path, page, box) for path, page, score, box in hits_of[term]
                    if score >= floor or (spare and (path, page, score, box) in spared_of[term])]
            right = claimed(kept, places[term])
            found, good, returned = found + right, good + right, returned + len(kept)
        return found, good, returned

    curves = {}
    for name, length in (("single characters", 1), ("two characters", 2)):
        terms = [t for t in places if len(t) == length]
        total = sum(len(places[t]) for t in terms)
        for rule, spare in (("--min-score", False), ("default rule", True)):
            print(f"\n{name}, {rule}: {len(terms)} queries, {total} places written")
            print(f"{'min score':>10}  {'recall':>6}  {'precision':>9}  {'hits':>5}  chance hits")
            for floor in thresholds:
                if spare and floor > DEFAULT_FLOOR:
                    break
                found, good, kept = counts(floor, terms, spare)
                print(f"{floor:>10}  {found / max(total, 1):6.3f}  {good / max(kept, 1):9.3f}  {kept:>5}  {kept - good}")
                curves.setdefault(f"{name}, {rule}", []).append(
                    {"min_score": floor, "recall": round(found / max(total, 1), 4),
                     "precision": round(good / max(kept, 1), 4), "hits": kept, "chance_hits": kept - good,
                     "places": total})
    return curves


def hits(cli, index, term, floor_args):
    """The hits of `query TERM` as (path, page, score, box)."""
    r = subprocess.run([cli, "query", term, "--json", "--limit", "1000", "--index", index] + floor_args,
                       capture_output=True, text=True)
    found = json.loads(r.stdout)["results"] if r.returncode == 0 and r.stdout.strip() else []
    return [(os.path.abspath(h["path"]), h["page"], h["score"],
             (h["bounds"]["x"], h["bounds"]["y"], h["bounds"]["width"], h["bounds"]["height"])) for h in found]
