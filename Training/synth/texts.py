"""What the synthetic writers write: words and lines as notes hold them.

Words come from the UNIPEN `train` labels (so common words come at their real rate), from the
decoder's word lists of every language it reads, and are sometimes
capitalized, written in capitals, glued into identifiers ("songName", "udp_port", "sqlite3") or
followed by punctuation; lines hold 2-7 such tokens with codes among them (styles.code_text:
numbers, dates, versions, brackets). Accented letters are written plain, so that the marks the
network learns are all real writers' (accents.py draws them from UNIPEN's); font marks measured no
worse or better on the accented dev words (Training/README.md, the long branch).
"""
import os

import numpy as np

import accents
import alphabet
import styles

RESOURCES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources", "Recognition", "Resources")
LANGUAGES = ("en", "fr", "de", "es", "it", "pt", "nl")


class TextSource:
    def __init__(self, train_samples, rng):
        self.rng = rng
        drawable = set(alphabet.CHARS)
        plain = str.maketrans({ch: base for ch, (base, _) in accents.ACCENTS.items()})
        self.unipen = [w for s in train_samples if s[2] in ("words", "lines")
                       for w in s[1].split() if set(w) <= drawable]
        self.lists = {}
        for lang in LANGUAGES:
            with open(os.path.join(RESOURCES, f"words-{lang}.txt"), encoding="utf-8") as f:
                self.lists[lang] = [w.translate(plain) for w in f.read().split() if set(w) <= drawable]

    def word(self):
        rng = self.rng
        r = rng.random()
        if r < 0.45:
            w = self.unipen[rng.integers(len(self.unipen))]
        elif r < 0.70:
            w = self.lists["en"][rng.integers(len(self.lists["en"]))]
        else:
            lang = LANGUAGES[1 + rng.integers(len(LANGUAGES) - 1)]
            w = self.lists[lang][rng.integers(len(self.lists[lang]))]
        r = rng.random()
        if r < 0.12:
            w = w[:1].upper() + w[1:]
        elif r < 0.15:
            w = w.upper()
        elif r < 0.20:  # identifiers and jargon as notes have them
            other = self.lists["en"][rng.integers(len(self.lists["en"]))]
            glue = rng.integers(4)
            w = (w + other.capitalize() if glue == 0 else w + "_" + other if glue == 1
                 else w + str(rng.integers(0, 100)) if glue == 2 else w + other)
        if rng.random() < 0.08:
            w += str(rng.choice(list(".,:;!?)")))
        return w

    def text(self, tokens):
        """`tokens` tokens: words, and from two tokens on a code now and then."""
        rng = self.rng
        out = []
        for _ in range(tokens):
            out.append(styles.code_text(rng) if tokens > 1 and rng.random() < 0.15 else self.word())
        return " ".join(out)

    def sample_text(self):
        """A word (two fifths of samples) or a line of 2-7 tokens."""
        rng = self.rng
        return self.text(1 if rng.random() < 0.4 else int(rng.integers(2, 8)))
