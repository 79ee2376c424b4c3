"""Issue 24, item 3: variety that one writer's samples do not give.

- `restyle`: the same ink as another hand or pen might draw it: a smooth elastic warp, a wandering
  baseline, pen lifts added inside strokes or taken out between them, and small delayed strokes
  (i dots, t bars, accents) moved to the end as many people write them.
- `mixed_line`: lines that mix one writer's words with codes built from single-character samples
  (digits, capitals, punctuation) as notes hold them: "File2", "x = 3", "v3.1", "(see p. 4)".
  UNIPEN's lines hold few digits and fewer codes, so the network reads "v3.1" as a word.
"""
import numpy as np

import ink

# Where each character sits, in cap heights above the baseline (the centre of its box): single
# character samples carry no baseline, so a code's glyphs are placed by class.
CENTRE = {}
for _chars, _centre in (("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZbdfhklt!?%$#&@", 0.5),
                        ("acemnorsuvwxz", 0.3), ("gpqy", 0.1), ("j", 0.25), ("i", 0.4),
                        (".", 0.05), (",", -0.05), (":;", 0.3), ("-~", 0.45), ("=+<>*", 0.45),
                        ("()[]{}|/\\", 0.45), ("\"'`^", 0.9), ("_", -0.05)):
    for _c in _chars:
        CENTRE[_c] = _centre
DIGITS = "0123456789"
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _size(strokes):
    return float(max(np.ptp(np.concatenate(strokes)[:, 1]), 1e-6))


def elastic(strokes, unit, rng, amount=0.05):
    """A smooth random displacement field (three plane waves a coordinate, wavelengths of 1-4
    units) moving every point by up to about `amount` units."""
    allp = np.concatenate(strokes)
    out = [np.array(s, np.float64) for s in strokes]
    for axis in (0, 1):
        for _ in range(3):
            angle = rng.uniform(0, np.pi)
            k = 2 * np.pi / (rng.uniform(1.0, 4.0) * unit)
            phase = rng.uniform(0, 2 * np.pi)
            a = rng.uniform(0, amount) * unit
            direction = np.array([np.cos(angle), np.sin(angle)])
            for s in out:
                s[:, axis] += a * np.sin(k * ((s - allp.min(axis=0)) @ direction) + phase)
    return out


def baseline_wander(strokes, unit, rng):
    """The line's baseline bent by a slow wave (wavelength 6-20 units, up to 0.15 units high)."""
    k = 2 * np.pi / (rng.uniform(6.0, 20.0) * unit)
    a = rng.uniform(0.0, 0.15) * unit
    phase = rng.uniform(0, 2 * np.pi)
    return [np.stack([s[:, 0], s[:, 1] + a * np.sin(k * s[:, 0] + phase)], axis=1) for s in strokes]


def pen_lifts(strokes, unit, rng, p_split=0.08, p_join=0.15):
    """Pen lifts added inside long strokes (a point or two dropped where the pen left the
    surface) and removed between strokes that end close to where the next begins."""
    out = []
    for s in strokes:
        if len(s) >= 12 and rng.random() < p_split:
            cut = int(rng.integers(4, len(s) - 4))
            gap = int(rng.integers(0, 3))
            out += [s[:cut], s[cut + gap:]]
        else:
            out.append(s)
    joined = [out[0]]
    for s in out[1:]:
        if np.hypot(*(s[0] - joined[-1][-1])) < 0.3 * unit and rng.random() < p_join:
            joined[-1] = np.concatenate([joined[-1], s])
        else:
            joined.append(s)
    return joined


def delay_small_strokes(strokes, unit):
    """Strokes smaller than a fifth of a unit (dots, bars, accents) moved after all the others."""
    small = [s for s in strokes if max(np.ptp(s[:, 0]), np.ptp(s[:, 1])) < 0.2 * unit]
    if not small or len(small) == len(strokes):
        return strokes
    return [s for s in strokes if max(np.ptp(s[:, 0]), np.ptp(s[:, 1])) >= 0.2 * unit] + small


def restyle(strokes, rng):
    """One random restyling of a sample; each change is drawn on its own."""
    unit, _ = ink.size_and_centre(strokes)
    strokes = [np.asarray(s, np.float64) for s in strokes]
    if rng.random() < 0.7:
        strokes = elastic(strokes, unit, rng)
    if rng.random() < 0.5:
        strokes = baseline_wander(strokes, unit, rng)
    if rng.random() < 0.5:
        strokes = pen_lifts(strokes, unit, rng)
    if rng.random() < 0.2:
        strokes = delay_small_strokes(strokes, unit)
    return strokes


class CharBank:
    """Single-character samples by writer and label, with each writer's cap height (the median
    height of their digits and capitals), to draw codes in one consistent hand."""

    def __init__(self, char_samples):
        self.by_writer = {}
        for strokes, label, _, writer in char_samples:
            if label in CENTRE and sum(len(s) for s in strokes) >= 1:
                self.by_writer.setdefault(writer, {}).setdefault(label, []).append(strokes)
        self.cap = {}
        for writer, labels in self.by_writer.items():
            heights = [_size(st) for lab, v in labels.items() if lab in DIGITS or lab.isupper() for st in v]
            if len(heights) >= 5 and all(d in labels for d in DIGITS):
                self.cap[writer] = float(np.median(heights))
        self.writers = sorted(self.cap)

    def glyph(self, writer, ch, cap, rng):
        """Strokes of `ch` in `writer`'s hand, scaled to cap height `cap`, its box centred
        horizontally on 0 and vertically where its class sits above a baseline at y = 0 (y down)."""
        pool = self.by_writer[writer].get(ch)
        if not pool:
            return None
        st = [np.asarray(s, np.float64) for s in pool[rng.integers(len(pool))]]
        allp = np.concatenate(st)
        lo, hi = allp.min(axis=0), allp.max(axis=0)
        scale = cap / self.cap[writer]
        centre = (lo + hi) / 2
        return [(s - centre) * scale + [0.0, -CENTRE[ch] * cap] for s in st]


def code_text(rng):
    """The text of one code token as notes hold them."""
    kind = int(rng.integers(9))
    digits = lambda lo, hi: "".join(DIGITS[i] for i in rng.integers(0, 10, int(rng.integers(lo, hi + 1))))
    if kind == 0:
        return digits(1, 4)
    if kind == 1:
        return digits(1, 2) + str(rng.choice(list(".,:/-"))) + digits(1, 2)
    if kind == 2:
        return digits(1, 2) + "/" + digits(1, 2) + "/" + digits(2, 2)
    if kind == 3:
        return str(rng.choice(list("vpx#$"))) + digits(1, 2) + ("." + digits(1, 1) if rng.random() < 0.5 else "")
    if kind == 4:
        return "(" + digits(1, 3) + ")"
    if kind == 5:
        return digits(1, 3) + str(rng.choice(list("%.,:;!?)")))
    if kind == 6:
        return str(rng.choice(list("=+-<>*/&")))
    if kind == 7:
        return "".join(rng.choice(list("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), size=int(rng.integers(1, 4)))) + digits(0, 3)
    return LETTERS[rng.integers(26)]


def _draw_code(text, bank, writer, cap, rng):
    """Strokes of `text` drawn glyph by glyph, left edge at x = 0, baseline at y = 0; gaps of
    0.05-0.35 cap heights. None when the writer lacks one of its characters."""
    strokes, x = [], 0.0
    for ch in text:
        g = bank.glyph(writer, ch, cap, rng)
        if g is None:
            return None
        gp = np.concatenate(g)
        g = [s + [x - gp[:, 0].min(), 0.0] for s in g]
        strokes += g
        x = max(s[:, 0].max() for s in g) + rng.uniform(0.05, 0.35) * cap
    return strokes


def mixed_line(words, bank, rng):
    """A line of 2-6 tokens: words of one writer (their centres on the line's middle, sized so the
    median word is 1.2 cap heights tall) and codes in a character writer's hand, some glued to a
    word ("File2", "end."), some in brackets; gaps between tokens of 0.5-1.6 cap heights."""
    cap = 1.0
    char_writer = bank.writers[rng.integers(len(bank.writers))]
    word_scale = 1.2 * cap / float(np.median([_size(st) for st, _ in words]))
    tokens = []
    for _ in range(int(rng.integers(2, 7))):
        if rng.random() < 0.5:
            st, label = words[rng.integers(len(words))]
            allp = np.concatenate(st)
            centre = (allp.min(axis=0) + allp.max(axis=0)) / 2
            strokes = [(np.asarray(s, np.float64) - centre) * word_scale + [0.0, -0.5 * cap] for s in st]
            if rng.random() < 0.25:  # something glued to the word's end: "File2", "see:", "end."
                tail = DIGITS[rng.integers(10)] if rng.random() < 0.5 else str(rng.choice(list(".,:;!?)")))
                extra = _draw_code(tail, bank, char_writer, cap, rng)
                if extra is not None:
                    right = max(s[:, 0].max() for s in strokes)
                    ep = np.concatenate(extra)
                    strokes += [s + [right + rng.uniform(0.05, 0.3) * cap - ep[:, 0].min(), 0.0] for s in extra]
                    label += tail
            tokens.append((strokes, label))
        else:
            text = code_text(rng)
            strokes = _draw_code(text, bank, char_writer, cap, rng)
            if strokes is not None:
                tokens.append((strokes, text))
    if not tokens:
        return None
    out, labels, x = [], [], 0.0
    drift = 0.0
    for strokes, label in tokens:
        tp = np.concatenate(strokes)
        drift += rng.normal(0.0, 0.05)
        out += [s + [x - tp[:, 0].min(), drift * cap] for s in strokes]
        labels.append(label)
        x = max(s[:, 0].max() for s in out) + rng.uniform(0.5, 1.6) * cap
    return out, " ".join(labels)
