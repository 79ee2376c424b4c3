"""Writes the text the decoder's character language model learns word order from:
Sources/Recognition/Resources/lm-text-en.txt, the distinct labels of the UNIPEN `train` text lines.

The labels set punctuation apart ("Questions , call", "' Park ... Road . '"); written notes attach
it to the word before or after. Counted as labelled, a lone "," or "." between spaces looked like a
common word to the model, and the decoder read a letter written on its own as punctuation
('t' as '+', 'r' as '.'). So marks are attached as typeset text has them.

    python3 lm_text.py [--unipen ../../shared/data/unipen] [--out PATH]
"""
import argparse
import gzip
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
CLOSING = ".,;:!?)]}%"
OPENING = "([{$#"


def typeset(label):
    """The label's marks attached to their words; straight double quotes open and close in turn."""
    tokens = label.split()
    out = []
    attach_next = False
    quotes = 0
    for t in tokens:
        if t == '"':
            quotes += 1
            if quotes % 2 == 1:  # opening: joins the next word
                out.append(t)
                attach_next = True
                continue
            if out:
                out[-1] += t
                continue
        if out and (attach_next or (t[0] in CLOSING and re.fullmatch(r"[\W_]+", t) and len(t) <= 3)):
            out[-1] += t
        else:
            out.append(t)
        attach_next = t in OPENING
    return " ".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--unipen", default=os.path.join(HERE, "..", "..", "shared", "data", "unipen"))
    ap.add_argument("--out", default=os.path.join(HERE, "..", "Sources", "Recognition", "Resources", "lm-text-en.txt"))
    args = ap.parse_args()
    labels = set()
    with gzip.open(os.path.join(args.unipen, "train-lines.jsonl.gz"), "rt", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                labels.add(typeset(json.loads(line)["label"]))
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(sorted(labels)) + "\n")
    print(f"{len(labels)} lines written to {args.out}")


if __name__ == "__main__":
    main()
