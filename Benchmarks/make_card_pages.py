#!/usr/bin/env python3
"""Mixed English–Chinese–Japanese pages as people write them, from dev ink only, with the truth.

    make_card_pages.py OUT [--shared ../shared] [--pages 3] [--seed 5]

Made from the UNIPEN `dev` words (../shared/data/unipen/dev-words.jsonl.gz) and the `dev` CJK
characters (../shared/data/cjk/dev-chars.jsonl.gz); never from training ink. Four kinds of page,
`--pages` of each, as Xournal++ notebooks (the conventions of ../shared/tools/eval/make_pages.py
and make_cjk_pages.py):

  card-line   vocabulary cards, one to a line: the English word, then its character ("heart 心")
  card-under  vocabulary cards in three columns: the character under its English word
  notes       English notes (a dev writer's words) with a Chinese word of one or two characters
              among them
  japanese    Japanese lines: hiragana and kanji together

VOCABULARY pairs an English word with a character of the same meaning; only the pairs whose
word has dev ink and whose character has dev ink are used. OUT/truth.json:
{"pages": [{"path", "kind", "items": [{"label", "script": "latin"|"cjk", "box": [x, y, w, h]}]}]},
boxes in page coordinates (points, y down).
"""
import argparse
import gzip
import json
import os
import random
import sys
from collections import defaultdict

# English word → character of the same meaning (Chinese and Japanese share most of them).
VOCABULARY = [
    ("heart", "心"), ("mountain", "山"), ("one", "一"), ("two", "二"), ("three", "三"), ("five", "五"),
    ("six", "六"), ("seven", "七"), ("eight", "八"), ("nine", "九"), ("ten", "十"), ("sun", "日"),
    ("month", "月"), ("year", "年"), ("people", "人"), ("man", "人"), ("big", "大"), ("small", "小"),
    ("up", "上"), ("down", "下"), ("middle", "中"), ("field", "田"), ("hand", "手"), ("eye", "目"),
    ("son", "子"), ("book", "书"), ("time", "时"), ("life", "生"), ("family", "家"), ("country", "国"),
    ("power", "力"), ("new", "新"), ("come", "来"), ("go", "去"), ("good", "好"), ("east", "东"),
    ("open", "開"), ("long", "長"), ("tall", "高"), ("see", "見"), ("not", "不"), ("you", "你"),
    ("he", "他"), ("have", "有"), ("this", "这"), ("many", "多"), ("sky", "天"), ("self", "自"),
    ("world", "世"), ("question", "问"), ("electric", "电"), ("rice", "米"), ("gold", "金"),
    ("talk", "话"), ("think", "想"), ("body", "体"), ("work", "工"), ("city", "市"), ("know", "知"),
    ("stand", "立"), ("use", "用"), ("before", "前"), ("society", "社"), ("morning", "朝"),
]
# Chinese words of two characters written among English notes (all characters in the dev set).
CHINESE_WORDS = ["中国", "学生", "时间", "问题", "电话", "工作", "社会", "自己", "世界", "国家",
                 "生日", "大学", "电子", "天气", "先生", "上下", "日本", "心"]


def load(path):
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def box(strokes):
    xs = [p[0] for s in strokes for p in s]
    ys = [p[1] for s in strokes for p in s]
    return min(xs), min(ys), max(xs), max(ys)


class Ink:
    """The dev ink to draw from: English words by label, CJK characters by label."""

    def __init__(self, shared, rng):
        from make_pages import usable, writer_scale
        self.rng = rng
        by_writer = defaultdict(list)
        for s in load(os.path.join(shared, "data", "unipen", "dev-words.jsonl.gz")):
            if usable(s):
                by_writer[(s.get("contributor", ""), s.get("writer", ""))].append(s)
        self.scale = {w: writer_scale(ss) for w, ss in by_writer.items() if len(ss) >= 12}
        self.words = defaultdict(list)  # lower-case label → [(sample, scale)]
        self.writers = defaultdict(list)
        for w, ss in by_writer.items():
            if w in self.scale:
                for s in ss:
                    self.words[s["label"].lower()].append((s, self.scale[w]))
                    if s["label"].isalpha():
                        self.writers[w].append((s, self.scale[w]))
        self.chars = defaultdict(list)
        for s in load(os.path.join(shared, "data", "cjk", "dev-chars.jsonl.gz")):
            if s["strokes"] and any(len(st) > 1 for st in s["strokes"]):
                self.chars[s["label"]].append(s)
        self.pairs = [(e, c) for e, c in VOCABULARY if self.words.get(e) and self.chars.get(c)]
        self.kana = sorted(c for c in self.chars if "\u3041" <= c <= "\u309f")
        self.kanji = sorted(c for c in self.chars if "\u4e00" <= c <= "\u9fff")

    def word(self, label):
        return self.rng.choice(self.words[label])

    def char(self, label):
        return self.rng.choice(self.chars[label])


class Page:
    def __init__(self, kind):
        self.kind, self.strokes, self.items = kind, [], []

    def put_word(self, sample, scale, x, baseline_top):
        """An English word with its top-left at (x, baseline_top); returns its width."""
        x0, y0, x1, y1 = box(sample["strokes"])
        # a word far taller than its writer's others would cross the lines around it
        scale = min(scale, 1.5 * SIZE / max(y1 - y0, 1e-6))
        self.strokes += [[(x + (px - x0) * scale, baseline_top + (py - y0) * scale) for px, py in st]
                         for st in sample["strokes"]]
        w, h = (x1 - x0) * scale, (y1 - y0) * scale
        self.items.append({"label": sample["label"], "script": "latin", "box": [round(v, 2) for v in (x, baseline_top, w, h)],
                           "strokes": self.strokes[-len(sample["strokes"]):], "origin": sample["id"]})
        return w

    def put_char(self, sample, size, x, top):
        """A character `size` points high (its longer side) at (x, top); returns its width."""
        x0, y0, x1, y1 = box(sample["strokes"])
        k = size / max(y1 - y0, x1 - x0, 1)
        dy = top + (size - (y1 - y0) * k) / 2
        self.strokes += [[(x + (px - x0) * k, dy + (py - y0) * k) for px, py in st] for st in sample["strokes"]]
        w, h = (x1 - x0) * k, (y1 - y0) * k
        self.items.append({"label": sample["label"], "script": "cjk", "box": [round(v, 2) for v in (x, dy, w, h)],
                           "strokes": self.strokes[-len(sample["strokes"]):], "origin": sample["id"]})
        return w


SIZE = 26.0  # a character's height in points, as on a ruled page


def card_line(ink, rng):
    page, y = Page("card-line"), 60.0
    while y < 780:
        x = 50.0 + rng.uniform(0, 12)
        for column in range(2):
            english, character = rng.choice(ink.pairs)
            sample, scale = ink.word(english)
            x += page.put_word(sample, scale, x, y + rng.uniform(-2, 2))
            x += SIZE * rng.uniform(0.6, 1.3)
            x += page.put_char(ink.char(character), SIZE * rng.uniform(0.85, 1.1), x, y + rng.uniform(-2, 2))
            x = 320.0 + rng.uniform(0, 12)
        y += SIZE * 2.0
    return page


def card_under(ink, rng):
    page, y = Page("card-under"), 60.0
    while y < 740:
        for column in range(3):
            english, character = rng.choice(ink.pairs)
            sample, scale = ink.word(english)
            left = 50.0 + column * 175.0 + rng.uniform(0, 10)
            width = page.put_word(sample, scale, left, y + rng.uniform(-2, 2))
            word_bottom = page.items[-1]["box"][1] + page.items[-1]["box"][3]
            size = SIZE * rng.uniform(0.85, 1.1)
            page.put_char(ink.char(character), size, left + max(0, width - size) / 2 + rng.uniform(-4, 4),
                          word_bottom + SIZE * rng.uniform(0.4, 0.8))
        y += SIZE * 3.6
    return page


def notes(ink, rng):
    """One writer's English words on each line, a Chinese word at a random place among them."""
    page, y = Page("notes"), 60.0
    writers = sorted(w for w, ss in ink.writers.items() if len(ss) >= 40)
    pool = ink.writers[rng.choice(writers)]
    chinese = [w for w in CHINESE_WORDS if all(c in ink.chars for c in w)]
    while y < 780:
        words = [rng.choice(pool) for _ in range(rng.randint(3, 5))]
        at = rng.randint(0, len(words))
        x = 50.0 + rng.uniform(0, 12)
        for i in range(len(words) + 1):
            if i == at:
                for c in rng.choice(chinese):
                    x += page.put_char(ink.char(c), SIZE * rng.uniform(0.85, 1.1), x, y + rng.uniform(-2, 2))
                    x += SIZE * rng.uniform(0.15, 0.35)
                x += SIZE * 0.4
            if i < len(words):
                sample, scale = words[i]
                if x + (box(sample["strokes"])[2] - box(sample["strokes"])[0]) * scale > 545:
                    break
                x += page.put_word(sample, scale, x, y + rng.uniform(-2, 2)) + 14.0
        y += SIZE * 2.0
    return page


def japanese(ink, rng):
    """Lines of kana and kanji, about half of each, as a Japanese sentence mixes them."""
    page, y = Page("japanese"), 60.0
    while y < 780:
        x = 50.0 + rng.uniform(0, 10)
        for _ in range(rng.randint(7, 10)):
            c = rng.choice(ink.kana if rng.random() < 0.5 else ink.kanji)
            x += page.put_char(ink.char(c), SIZE * rng.uniform(0.85, 1.1), x, y + rng.uniform(-2, 2))
            x += SIZE * rng.uniform(0.15, 0.45)
        y += SIZE * 1.9
    return page


def row_of_line(item):
    """The row of a card-line or notes page an item is written on."""
    return round(item["box"][1] / (SIZE * 2))


def fixture_item(item):
    """An item as the tests' fixtures keep it: its strokes' points rounded to a tenth of a point."""
    return {k: ([[[round(x, 1), round(y, 1)] for x, y in st] for st in v] if k == "strokes" else v)
            for k, v in item.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--shared", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared"))
    ap.add_argument("--pages", type=int, default=3, help="pages of each kind")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--fixture", help="also write the first --fixture-rows lines of the first card-line and notes pages, "
                    "with their strokes and the ids of the samples they came from, to this JSON file (the tests')")
    ap.add_argument("--fixture-rows", type=int, default=4)
    ap.add_argument("--fixture-words", help="comma-separated English words: --fixture gets instead the rows of every "
                    "card-line page that hold one of them, each page's rows as one page")
    a = ap.parse_args()
    sys.path.insert(0, os.path.join(a.shared, "tools", "eval"))
    from make_pages import write_xopp
    rng = random.Random(a.seed)
    ink = Ink(a.shared, rng)
    os.makedirs(a.out, exist_ok=True)
    pages = []
    for make in (card_line, card_under, notes, japanese):
        for n in range(a.pages):
            page = make(ink, rng)
            path = os.path.abspath(os.path.join(a.out, f"{page.kind}-{n:02d}.xopp"))
            write_xopp(path, [[(None, page.strokes, None)]])
            pages.append({"path": path, "kind": page.kind, "items": page.items})
    if a.fixture and a.fixture_words:
        words = set(a.fixture_words.split(","))
        fixture = []
        for page in (p for p in pages if p["kind"] == "card-line"):
            rows = {row_of_line(i) for i in page["items"] if i["label"] in words}
            if rows:
                fixture.append({"kind": "card-line", "items": [
                    fixture_item(i) for i in page["items"] if row_of_line(i) in rows]})
        json.dump(fixture, open(a.fixture, "w"), ensure_ascii=False, separators=(",", ":"))
    elif a.fixture:
        fixture = []
        for kind in ("card-line", "notes", "card-under"):
            page = next(p for p in pages if p["kind"] == kind)
            # a card-under card is a word and the character under it, 3.6 sizes a row
            row = ((lambda i: int((i["box"][1] - 56) // (SIZE * 3.6))) if kind == "card-under"
                   else row_of_line)
            tops = sorted({row(i) for i in page["items"] if i["script"] == "latin"})
            rows = set(tops[:a.fixture_rows])
            fixture.append({"kind": kind, "items": [fixture_item(i) for i in page["items"] if row(i) in rows]})
        json.dump(fixture, open(a.fixture, "w"), ensure_ascii=False, separators=(",", ":"))
    for p in pages:
        for i in p["items"]:
            del i["strokes"], i["origin"]
    json.dump({"pages": pages, "pairs": len(ink.pairs)}, open(os.path.join(a.out, "truth.json"), "w"),
              ensure_ascii=False, indent=1)
    latin = sum(i["script"] == "latin" for p in pages for i in p["items"])
    print(f"{len(pages)} pages, {latin} English words, {sum(len(p['items']) for p in pages) - latin} characters, "
          f"{len(ink.pairs)} vocabulary pairs")


if __name__ == "__main__":
    main()
