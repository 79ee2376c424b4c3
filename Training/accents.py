"""Accented letters and European punctuation composed from real UNIPEN ink.

The marks: the acute, grave, circumflex, tilde, diaeresis and cedilla of French, German, Spanish,
Italian, Portuguese and Dutch, and the ogonek, caron, ring, double acute, breve, dot, macron, comma,
stroke (ł, đ, ø) and dotless i the other Latin-script languages add (alphabet.MORE_LOWER), each
drawn from the character samples that look like it (a caron from a 'v', a ring from an 'o').

No online-handwriting set with accented labels can be had under a licence we can use, so training
makes its own: UNIPEN's isolated characters hold the marks people draw (' ` ^ ~ " , . by 67-162
writers each), and the current model's CTC alignment says where each letter of a word or line
sits. A letter gets its accent drawn above it (a cedilla below), an 'i' losing its dot; quotes,
guillemets, inverted marks and the euro sign are drawn around words from the same characters.
Marks come from the sample's own writer when that writer drew them, else from any writer.
"""
import numpy as np

import alphabet
import ink

# accented letter -> (base letter, mark)
ACCENTS = {}
for base, marks in {
    "a": "àgrave áacute âcircumflex ãtilde ädiaeresis", "e": "ègrave éacute êcircumflex ëdiaeresis",
    "i": "ìgrave íacute îcircumflex ïdiaeresis", "o": "ògrave óacute ôcircumflex õtilde ödiaeresis",
    "u": "ùgrave úacute ûcircumflex üdiaeresis", "c": "çcedilla", "n": "ñtilde", "y": "ýacute ÿdiaeresis",
}.items():
    for item in marks.split():
        ACCENTS[item[0]] = (base, item[1:])
        if item[0].upper() != item[0] and item[0] != "ÿ":
            ACCENTS[item[0].upper()] = (base.upper(), item[1:])
# the letters of the other Latin-script languages (alphabet.MORE_LOWER); a capital takes its small
# letter's mark unless listed in CAPITAL_MARKS (Ď and Ť carry a caron where ď and ť carry a stroke
# like an apostrophe, Ģ a comma below where ģ has one above)
MORE = {
    "a": "ąogonek ăbreve åring āmacron", "e": "ęogonek ěcaron ėdot ēmacron", "i": "įogonek īmacron",
    "o": "ődacute øslash", "u": "ůring űdacute ųogonek ūmacron", "c": "ćacute čcaron",
    "n": "ńacute ňcaron ņcommabelow", "s": "śacute šcaron șcommabelow şcedilla",
    "z": "źacute żdot žcaron", "l": "łstroke ĺacute ľapostrophe ļcommabelow", "r": "řcaron ŕacute",
    "d": "ďapostrophe đbar", "t": "ťapostrophe țcommabelow", "g": "ğbreve ģcommaabove",
    "k": "ķcommabelow",
}
CAPITAL_MARKS = {"Ď": "caron", "Ť": "caron", "Ģ": "commabelow"}
for base, marks in MORE.items():
    for item in marks.split():
        ACCENTS[item[0]] = (base, item[1:])
        ACCENTS[item[0].upper()] = (base.upper(), CAPITAL_MARKS.get(item[0].upper(), item[1:]))
# Turkish: dotless ı is an i losing its dot; İ is an I gaining one
ACCENTS["ı"] = ("i", "dotless")
ACCENTS["İ"] = ("I", "dot")
VARIANTS = {}
for accented, (base, _) in ACCENTS.items():
    VARIANTS.setdefault(base, []).append(accented)
# how often a variant is picked: the common ones of the six languages more often, and the added
# letters (alphabet.MORE_LOWER) by ADDED_WEIGHT, which a run teaching them raises (bakeoff.py)
COMMON = set("éèàüöäçñóáíúãõâêôîû")
ADDED = set(alphabet.MORE_LOWER)
ADDED_WEIGHT = 1.0

# the character samples each mark is drawn from
MARK_SOURCES = {"acute": "'`", "grave": "'`", "circumflex": "^", "tilde": "~", "diaeresis": "\".",
                "cedilla": ",", "comma": ",", "quote": "'", "dquote": "\"", "less": "<", "greater": ">",
                "exclamation": "!", "question": "?", "c": "Cc", "dash": "-",
                "caron": "v^", "ring": "o0", "dacute": "\"'", "breve": "uU", "dot": ".", "macron": "-",
                "ogonek": ",", "commabelow": ",", "commaabove": "',", "apostrophe": "'", "stroke": "/-",
                "bar": "-/", "slash": "/-", "dotless": ""}
# where a mark sits: under the letter, through it, beside its top, or (any other) above it
BELOW = {"cedilla", "ogonek", "commabelow"}
THROUGH = {"stroke", "bar", "slash"}


class MarkLibrary:
    """Character samples by label and writer, for drawing marks."""

    def __init__(self, char_samples):
        wanted = set("".join(MARK_SOURCES.values()))
        self.by_label = {}
        for strokes, label, _, writer in char_samples:
            if label in wanted and sum(len(s) for s in strokes) >= 1:
                self.by_label.setdefault(label, {}).setdefault(writer, []).append(strokes)
        self.all = {lab: [s for v in w.values() for s in v] for lab, w in self.by_label.items()}

    def has(self, kind):
        return kind == "dotless" or any(lab in self.all for lab in MARK_SOURCES[kind])

    def pick(self, kind, writer, rng):
        labels = [lab for lab in MARK_SOURCES[kind] if lab in self.all]
        label = labels[rng.integers(len(labels))]
        own = self.by_label[label].get(writer)
        pool = own if own and rng.random() < 0.8 else self.all[label]
        return label, [np.asarray(s, np.float64) for s in pool[rng.integers(len(pool))]]


def _fit(strokes, height=None, width=None):
    """The mark moved to its bounding box's centre and scaled to `height` (or `width`)."""
    allp = np.concatenate(strokes)
    lo, hi = allp.min(axis=0), allp.max(axis=0)
    centre = (lo + hi) / 2
    extent = hi - lo
    if height is not None:
        scale = height / max(extent[1], extent[0] * 0.3, 1e-6)
    else:
        scale = width / max(extent[0], extent[1] * 0.3, 1e-6)
    return [(s - centre) * scale for s in strokes]


def _mark(kind, writer, u, lib, rng):
    """Strokes of one mark centred on (0, 0), sized for letters of size unit u."""
    label, st = lib.pick(kind, writer, rng)
    if kind in ("acute", "grave"):
        st = _fit(st, height=u * rng.uniform(0.6, 1.1))
        slant = rng.uniform(0.5, 1.4) * (1 if kind == "acute" else -1)
        # y grows downward: an acute rises to the right
        st = [np.stack([s[:, 0] - slant * s[:, 1], s[:, 1]], axis=1) for s in st]
    elif kind == "circumflex":
        st = _fit(st, width=u * rng.uniform(0.7, 1.2))
    elif kind == "tilde":
        st = _fit(st, width=u * rng.uniform(0.8, 1.3))
    elif kind == "diaeresis":
        if label == ".":
            gap = u * rng.uniform(0.25, 0.45)
            one = _fit(st, height=u * rng.uniform(0.05, 0.2))
            two = _fit(st, height=u * rng.uniform(0.05, 0.2))
            st = [s + [-gap, 0] for s in one] + [s + [gap, 0] for s in two]
        else:
            st = _fit(st, width=u * rng.uniform(0.5, 0.9))
    elif kind == "cedilla":
        st = _fit(st, height=u * rng.uniform(0.5, 0.9))
    elif kind == "caron":
        if label == "^":
            st = [s * [1, -1] for s in st]
        st = _fit(st, width=u * rng.uniform(0.5, 0.9))
    elif kind == "ring":
        st = _fit(st, height=u * rng.uniform(0.25, 0.45))
    elif kind == "dacute":
        if label == "'":
            st = _pair("quote", writer, u, lib, rng, rng.uniform(0.5, 0.9), u * rng.uniform(0.3, 0.5))
        else:
            st = _fit(st, height=u * rng.uniform(0.5, 0.9))
        slant = rng.uniform(0.3, 1.0)
        st = [np.stack([s[:, 0] - slant * s[:, 1], s[:, 1]], axis=1) for s in st]
    elif kind == "breve":
        st = _fit(st, width=u * rng.uniform(0.5, 0.9))
    elif kind == "dot":
        st = _fit(st, height=u * rng.uniform(0.05, 0.2))
    elif kind == "macron":
        st = _fit(st, width=u * rng.uniform(0.6, 1.1))
    elif kind in ("ogonek", "commabelow", "commaabove", "apostrophe"):
        st = _fit(st, height=u * rng.uniform(0.5, 0.9))
        if kind == "ogonek":  # a comma's hook turned the other way
            st = [s * [-1, 1] for s in st]
        elif kind == "commaabove" and label == ",":
            st = [s * [-1, -1] for s in st]
    elif kind in THROUGH:
        # a line drawn at its own angle: ł's stroke rises gently, ø's slash steeply, đ's bar is level
        low, high, length = {"stroke": (20, 50, (0.7, 1.1)), "slash": (45, 70, (1.3, 1.7)),
                             "bar": (-8, 8, (0.6, 1.0))}[kind]
        st = _along(st, np.radians(rng.uniform(low, high)), u * rng.uniform(*length))
    return st


def _along(strokes, angle, length):
    """The strokes of a line-like mark turned so that their main axis rises at `angle` (radians,
    y growing downward) and scaled to `length` along it, centred on (0, 0)."""
    allp = np.concatenate(strokes)
    centre = allp.mean(axis=0)
    centred = [s - centre for s in strokes]
    flat = np.concatenate(centred)
    _, _, axes = np.linalg.svd(flat, full_matrices=False)
    direction = axes[0] if axes[0][0] >= 0 else -axes[0]
    turn = np.arctan2(-direction[1], direction[0]) - angle
    c, s_ = np.cos(turn), np.sin(turn)
    # rotating by `turn` in screen coordinates (y down) brings the axis onto the wanted angle
    rotation = np.array([[c, -s_], [s_, c]])
    turned = [p @ rotation.T for p in centred]
    span = np.ptp(np.concatenate(turned) @ np.array([np.cos(angle), -np.sin(angle)]))
    return [p * (length / max(span, 1e-6)) for p in turned]


def _top_and_bottom(points, x, u):
    near = points[np.abs(points[:, 0] - x) < 0.45 * u]
    if len(near) < 2:
        near = points
    return np.percentile(near[:, 1], 12), np.percentile(near[:, 1], 88)


def _remove_dot(strokes, x, u, top):
    """Index of the i's dot near x above the letter, or None."""
    best, best_d = None, 1e9
    for i, s in enumerate(strokes):
        lo, hi = s.min(axis=0), s.max(axis=0)
        cx, cy = (lo + hi) / 2
        if max(hi - lo) < 0.7 * u and abs(cx - x) < 0.7 * u and cy < top + 0.2 * u:
            d = abs(cx - x)
            if d < best_d:
                best, best_d = i, d
    return best


def add_accents(strokes, label, char_x, writer, lib, rng, max_count=3):
    """Accents `1..max_count` aligned letters that have accented forms. char_x[i] is the x of label
    character i in the ink, or NaN where unknown. Returns (strokes, label)."""
    usable = {base: [v for v in variants if lib.has(ACCENTS[v][1])] for base, variants in VARIANTS.items()}
    spots = [i for i, ch in enumerate(label) if usable.get(ch) and np.isfinite(char_x[i])]
    if not spots:
        return strokes, label
    count = min(len(spots), int(rng.integers(1, max_count + 1)))
    chosen = sorted(rng.choice(spots, size=count, replace=False).tolist())
    u, _ = ink.size_and_centre(strokes)
    strokes = list(strokes)
    chars = list(label)
    for i in chosen:
        variants = usable[chars[i]]
        weights = np.array([3.0 if v.lower() in COMMON else ADDED_WEIGHT if v.lower() in ADDED or v == "İ" else 1.0
                            for v in variants])
        chars[i] = variants[rng.choice(len(variants), p=weights / weights.sum())]
        _draw_accent(strokes, chars[i], char_x[i], u, writer, lib, rng)
    return strokes, "".join(chars)


def accent_to(strokes, label, target, char_x, writer, lib, rng):
    """Draws the accents that turn `label` into `target` (the same letters, some accented: "Cafe"
    -> "Café"), for a test set of real words. Returns (strokes, target), or None where a letter to
    accent is not aligned, is no accented form of the label's letter, or has no mark samples."""
    spots = [i for i, (a, b) in enumerate(zip(label, target)) if a != b]
    if len(label) != len(target) or not all(
            target[i] in ACCENTS and ACCENTS[target[i]][0] == label[i] and np.isfinite(char_x[i])
            and lib.has(ACCENTS[target[i]][1]) for i in spots):
        return None
    u, _ = ink.size_and_centre(strokes)
    strokes = list(strokes)
    for i in spots:
        _draw_accent(strokes, target[i], char_x[i], u, writer, lib, rng)
    return strokes, target


def _draw_accent(strokes, accented, char_x, u, writer, lib, rng):
    """Draws the mark of letter `accented` over (a cedilla under) the letter at x `char_x` of
    `strokes` (changed in place), an i losing its dot."""
    base, kind = ACCENTS[accented]
    points = np.concatenate(strokes)
    x = char_x + rng.normal(0, 0.12) * u
    top, bottom = _top_and_bottom(points, x, u)
    if base == "i" and kind not in BELOW:
        dot = _remove_dot(strokes, x, u, top)
        if dot is not None:
            del strokes[dot]
            points = np.concatenate(strokes)
            top, bottom = _top_and_bottom(points, x, u)
    if kind == "dotless":
        return
    mark = _mark(kind, writer, u, lib, rng)
    mp = np.concatenate(mark)
    if kind in BELOW:
        dy = bottom + rng.uniform(-0.1, 0.2) * u - mp[:, 1].min()
        if kind == "ogonek":  # hangs from the letter's right foot
            x += rng.uniform(0.15, 0.4) * u
    elif kind in THROUGH:
        # ł's stroke and ø's slash cross the letter's middle, đ's bar its ascender
        middle = top + (0.3 if kind == "bar" else 0.5) * (bottom - top)
        dy = middle - (mp[:, 1].min() + mp[:, 1].max()) / 2
        if kind == "bar":
            x += rng.uniform(0.1, 0.35) * u
    elif kind == "apostrophe":
        dy = top - rng.uniform(-0.1, 0.2) * u - mp[:, 1].min()
        x += rng.uniform(0.4, 0.7) * u
    else:
        dy = top - rng.uniform(0.15, 0.6) * u - mp[:, 1].max()
    mark = [s + [x, dy] for s in mark]
    # drawn right after the nearest stroke (as one writes) or after the whole word (as dots are)
    if rng.random() < 0.6:
        nearest = int(np.argmin([np.min(np.abs(s[:, 0] - x)) for s in strokes]))
        strokes[nearest + 1:nearest + 1] = mark
    else:
        strokes += mark


def _mark_raw(kind, writer, lib, rng):
    return lib.pick(kind, writer, rng)[1]


def _euro(writer, u, lib, rng):
    c = _fit(_mark_raw("c", writer, lib, rng), height=u * rng.uniform(2.0, 3.0))
    allp = np.concatenate(c)
    lo, hi = allp.min(axis=0), allp.max(axis=0)
    bars = []
    for frac in (0.4, 0.6):
        y = lo[1] + (hi[1] - lo[1]) * frac + rng.normal(0, 0.05) * u
        x0, x1 = lo[0] - rng.uniform(0.2, 0.5) * u, lo[0] + (hi[0] - lo[0]) * rng.uniform(0.6, 0.9)
        n = 8
        bars.append(np.stack([np.linspace(x0, x1, n), y + rng.normal(0, 0.03 * u, n)], axis=1))
    return c + bars


def _pair(kind, writer, u, lib, rng, height, gap):
    one = _fit(_mark_raw(kind, writer, lib, rng), height=u * height)
    two = _fit(_mark_raw(kind, writer, lib, rng), height=u * height)
    return [s - [gap / 2, 0] for s in one] + [s + [gap / 2, 0] for s in two]


def add_punctuation(strokes, label, writer, lib, rng):
    """Wraps a word or line in quotes or guillemets, or puts an inverted mark or a euro sign before
    or after it. Returns (strokes, label)."""
    u, yc = ink.size_and_centre(strokes)
    points = np.concatenate(strokes)
    left, right = points[:, 0].min(), points[:, 0].max()
    top, bottom = np.percentile(points[:, 1], 5), np.percentile(points[:, 1], 95)
    base = yc + 1.0 * u  # about the baseline
    choice = rng.integers(6)
    gap = lambda: rng.uniform(0.5, 1.5) * u
    if choice <= 3:
        opening, closing = [("«", "»"), ("„", "“"), ("“", "”"), ("‘", "’")][choice]

        def draw(ch):
            if ch in "«»":
                g = _pair("less" if ch == "«" else "greater", writer, u, lib, rng, rng.uniform(0.6, 1.0), 0.5 * u)
                return [s + [0, yc] for s in g]
            if ch == "„":
                g = _pair("comma", writer, u, lib, rng, rng.uniform(0.5, 0.8), 0.45 * u)
                return [s + [0, base + 0.2 * u] for s in g]
            if ch in "“”":
                g = _pair("quote", writer, u, lib, rng, rng.uniform(0.5, 0.8), 0.4 * u) if rng.random() < 0.5 \
                    else _fit(_mark_raw("dquote", writer, lib, rng), height=u * rng.uniform(0.5, 0.8))
                return [s + [0, top] for s in g]
            g = _fit(_mark_raw("quote", writer, lib, rng), height=u * rng.uniform(0.5, 0.8))
            return [s + [0, top] for s in g]

        before = draw(opening)
        bw = np.concatenate(before)
        before = [s + [left - gap() - bw[:, 0].max(), 0] for s in before]
        after = draw(closing)
        aw = np.concatenate(after)
        after = [s + [right + gap() - aw[:, 0].min(), 0] for s in after]
        return before + list(strokes) + after, opening + label + closing
    if choice == 4:
        kind = "exclamation" if rng.random() < 0.4 else "question"
        g = _fit(_mark_raw(kind, writer, lib, rng), height=u * rng.uniform(2.0, 3.0))
        g = [np.stack([-s[:, 0], -s[:, 1]], axis=1) for s in g]  # turned upside down
        gp = np.concatenate(g)
        g = [s + [left - gap() - gp[:, 0].max(), base + 0.5 * u - gp[:, 1].min() - 2.0 * u] for s in g]
        return g + list(strokes), ("¡" if kind == "exclamation" else "¿") + label
    e = _euro(writer, u, lib, rng)
    ep = np.concatenate(e)
    dy = base - ep[:, 1].max()
    if rng.random() < 0.5:
        e = [s + [right + gap() - ep[:, 0].min(), dy] for s in e]
        return list(strokes) + e, label + "€"
    e = [s + [left - gap() - ep[:, 0].max(), dy] for s in e]
    return e + list(strokes), "€" + label
