"""The synthetic writer: any text as online ink, in a hand drawn at random from the glyph bank.

A `Hand` is one made-up writer: a main face (a single-line font, a Hershey face, a thinned
handwriting font, or a UNIPEN `train` writer's own single characters), sometimes a second face
for a share of its letters, and the habits that make a hand its own: slant, width, letter and
word spacing, size and baseline wobble from letter to letter, how often it joins letters where
its face is joined, pen lifts, and whether it dots its i's and crosses its t's after the word.
`Hand.write(text)` draws one sample with fresh per-sample noise: a smooth elastic warp of the
trajectory, a wandering baseline, and timing from a lognormal speed profile per stroke (slow at
the ends and in tight turns) sampled at a tablet's rate, so that the points are dense where the
pen is slow, as tablets record them.

Coordinates: y down, the baseline at y = 0, x-height about 1 (scaled to tablet units at the end).
"""
import math
import os
import pickle

import numpy as np

# Characters a UNIPEN character writer's glyph is placed by (styles.CENTRE: no baseline there)
import styles

TABLET_UNITS = 60.0  # tablet units an x-height: UNIPEN words are 40-120 units tall
SAMPLE_RATE = 200.0  # points a second, as pen tablets report them
GLYPH_BANK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "packed", "latin-glyphs.pkl")


def load_faces(path=GLYPH_BANK):
    """The glyph bank's faces (synth/glyphbank.py writes it: `make -C Training packed/latin-glyphs.pkl`)."""
    with open(path, "rb") as f:
        return pickle.load(f)


class Hand:
    def __init__(self, faces, unipen_bank, rng):
        self.rng = rng
        self.bank = unipen_bank
        use_unipen = unipen_bank is not None and rng.random() < 0.15
        self.face = None if use_unipen else faces[rng.integers(len(faces))]
        self.unipen_writer = unipen_bank.writers[rng.integers(len(unipen_bank.writers))] if unipen_bank else None
        # a second face for some letters: people mix print and script
        self.second = faces[rng.integers(len(faces))]
        self.p_second = rng.uniform(0.0, 0.25) if rng.random() < 0.4 else 0.0
        self.slant = float(np.clip(rng.normal(0.15, 0.18), -0.25, 0.6))
        self.width = float(np.exp(rng.normal(0.0, 0.13)))
        self.tracking = rng.uniform(-0.12, 0.25)  # extra space between letters, in x-heights
        self.word_gap = rng.uniform(0.5, 1.5)
        self.size_wobble = rng.uniform(0.0, 0.08)
        self.base_wobble = rng.uniform(0.0, 0.06)
        self.turn_wobble = rng.uniform(0.0, 0.06)
        joined = self.face is not None and self.face["joined"]
        self.p_join = rng.uniform(0.5, 1.0) if joined else rng.uniform(0.0, 0.3)
        self.join_reach = rng.uniform(0.25, 0.7)  # how far apart an exit and an entry may be to be joined
        self.p_delay = rng.uniform(0.0, 0.9)  # dots and bars after the word
        self.speed = rng.uniform(4.0, 10.0)  # x-heights a second at the peak
        self.elastic = rng.uniform(0.01, 0.07)
        self.caps = rng.uniform(1.2, 1.6)  # the unipen glyphs' cap height in x-heights

    def label(self, text):
        """What this hand writes for `text`: in capitals where its face has no lowercase (None when
        a capital is outside the alphabet)."""
        if self.face is not None and self.face["caps_only"]:
            upper = text.upper()
            return upper if len(upper) == len(text) and set(upper) <= self.face["glyphs"].keys() | {" "} else None
        return text

    # ---- letters -----------------------------------------------------------------------------

    def glyph(self, ch):
        """(strokes, advance) of one character in this hand, or None when it cannot draw it."""
        if self.face is None or (self.rng.random() < 0.1 and self.bank is not None):
            g = self._unipen_glyph(ch)
            if g is not None or self.face is None:
                return g
        face = self.second if self.rng.random() < self.p_second else self.face
        g = face["glyphs"].get(ch) or self.face["glyphs"].get(ch)
        return g

    def _unipen_glyph(self, ch):
        if self.bank is None or ch not in styles.CENTRE:
            return None
        g = self.bank.glyph(self.unipen_writer, ch, self.caps, self.rng)
        if g is None:
            return None
        lo = min(s[:, 0].min() for s in g)
        hi = max(s[:, 0].max() for s in g)
        return [s - [lo, 0.0] for s in g], (hi - lo) + 0.15

    def line(self, text):
        """Strokes of `text` laid out letter by letter, with joins, before per-sample noise; None
        when a character cannot be drawn."""
        rng = self.rng
        strokes, delayed = [], []
        x = 0.0
        word_start = 0
        prev_joinable = False
        for ch in text:
            if ch == " ":
                x += self.word_gap * rng.uniform(0.8, 1.25)
                strokes += delayed
                delayed, prev_joinable = [], False
                word_start = len(strokes)
                continue
            g = self.glyph(ch)
            if g is None:
                return None
            st, adv = g
            scale = 1.0 + rng.normal(0.0, self.size_wobble)
            dy = rng.normal(0.0, self.base_wobble)
            turn = rng.normal(0.0, self.turn_wobble)
            c, s = math.cos(turn), math.sin(turn)
            placed = []
            for p in st:
                q = np.array(p, np.float64) * scale
                q = q @ np.array([[c, s], [-s, c]])
                q[:, 0] = q[:, 0] * self.width - self.slant * q[:, 1]
                placed.append(q + [x, dy])
            if not placed:  # a glyph with no ink (a space-like character)
                x += adv * self.width * scale
                continue
            # small strokes drawn last in a word: dots, bars, accents (kept apart when joining)
            main, small = self._split_small(placed)
            if small and rng.random() < self.p_delay:
                delayed += small
                placed = main
            if prev_joinable and placed and len(strokes) > word_start and rng.random() < self.p_join:
                end, start = strokes[-1][-1], placed[0][0]
                if np.hypot(*(end - start)) < self.join_reach + 0.3:
                    bridge = np.linspace(end, start, 4)[1:-1]
                    strokes[-1] = np.concatenate([strokes[-1], bridge, placed[0]])
                    placed = placed[1:]
            strokes += placed
            prev_joinable = ch.isalpha()
            x += (adv * scale + self.tracking * rng.uniform(0.6, 1.4)) * self.width
        strokes += delayed
        return strokes or None

    @staticmethod
    def _split_small(placed):
        if len(placed) < 2:
            return placed, []
        sizes = [float(np.ptp(p, axis=0).max()) for p in placed]
        big = max(sizes)
        main = [p for p, z in zip(placed, sizes) if z >= 0.3 * big]
        small = [p for p, z in zip(placed, sizes) if z < 0.3 * big]
        return main, small

    # ---- the pen -----------------------------------------------------------------------------

    def write(self, text):
        """One sample of `text` as tablet strokes (int arrays of x, y), or None. A hand whose
        face has capitals only writes `text.upper()`: the caller takes the label from
        `label(text)`."""
        text = self.label(text)
        if text is None:
            return None
        strokes = self.line(text)
        if strokes is None:
            return None
        width = float(np.ptp(np.concatenate(strokes)[:, 0]))
        if not 0.2 * len(text) <= width <= 3.5 * len(text) + 2:  # a broken glyph would mislabel the ink
            return None
        rng = self.rng
        strokes = styles.elastic(strokes, 1.0, rng, self.elastic)
        if " " in text:
            strokes = styles.baseline_wander(strokes, 1.0, rng)
        out = []
        for s in strokes:
            timed = self.timed(s)
            if len(timed):
                out.append(np.round(timed * TABLET_UNITS).astype(np.int32))
        return out or None

    def timed(self, stroke):
        """The stroke as a tablet samples it: points at SAMPLE_RATE along a speed profile that is a
        lognormal bump over the stroke, slowed where the path turns sharply, with sensor noise."""
        rng = self.rng
        pts = _densified(np.asarray(stroke, np.float64), 0.02)
        if len(pts) < 2:
            return pts
        seg = np.hypot(*np.diff(pts, axis=0).T)
        s = np.concatenate([[0.0], np.cumsum(seg)])
        length = s[-1]
        if length <= 1e-9:
            return pts[:1]
        u = np.clip(s / length, 1e-3, 1 - 1e-3)
        sigma = rng.uniform(0.25, 0.45)
        bump = np.exp(-(np.log(u / 0.4)) ** 2 / (2 * sigma ** 2))
        turn = np.zeros(len(pts))
        if len(pts) > 2:
            d = np.diff(pts, axis=0)
            ang = np.abs(np.angle(np.exp(1j * (np.arctan2(d[1:, 1], d[1:, 0]) - np.arctan2(d[:-1, 1], d[:-1, 0])))))
            turn[1:-1] = ang
        speed = self.speed * min(1.0, 0.5 + length) * (0.08 + bump) / (1.0 + 8.0 * turn)
        dt = np.diff(s) / np.maximum((speed[1:] + speed[:-1]) / 2, 1e-3)
        t = np.concatenate([[0.0], np.cumsum(dt)])
        ts = np.arange(0.0, t[-1], 1.0 / SAMPLE_RATE)
        if len(ts) == 0 or ts[-1] < t[-1]:
            ts = np.append(ts, t[-1])
        out = np.stack([np.interp(ts, t, pts[:, 0]), np.interp(ts, t, pts[:, 1])], axis=1)
        return out + rng.normal(0.0, 0.004, out.shape)


def _densified(points, step):
    """The polyline with points at most `step` apart (so timing can slow it anywhere)."""
    out = [points[:1]]
    for a, b in zip(points[:-1], points[1:]):
        n = max(int(math.ceil(np.hypot(*(b - a)) / step)), 1)
        out.append(a + (b - a) * (np.arange(1, n + 1)[:, None] / n))
    return np.concatenate(out)
