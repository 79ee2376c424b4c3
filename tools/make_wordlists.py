#!/usr/bin/env python3
"""Make Sources/Recognition/Resources/words-<code>.txt for the recognizer's non-English languages.

Reads the word lists Debian ships in /usr/share/dict and, where Debian has no plain list, the
Hunspell dictionaries in /usr/share/hunspell with every form their affix rules make (one level:
a stem with each of its suffixes and prefixes and, where the rules allow, both; no compounds).
The packages (only needed to remake the lists, which are committed):

    apt-get install wfrench wngerman wspanish witalian wportuguese wdutch \
        wpolish wswedish wdanish wnorwegian wcatalan myspell-et hunspell-cs hunspell-sk \
        hunspell-hu hunspell-ro hunspell-hr hunspell-tr hunspell-sl hunspell-lt hunspell-lv \
        hunspell-id hunspell-sr

Finnish has no list in Debian (voikko-fi is a morphology, not a list), so it is not made.

Writes, per language:

    words-<code>.txt       one word per line, UTF-8, lowercased, deduplicated, sorted by code point
    words-<code>.LICENSE   the Debian package's copyright file, verbatim; for the Hunspell
                           packages (one copyright file for all of LibreOffice's dictionaries) its
                           header and the paragraphs of that dictionary and of their licences

Kept: words made only of the recognizer's letters: ASCII letters, the apostrophe, the accented
letters of Training/alphabet.py, and ß and œ. The first six lists (fr de es it pt nl) keep only
the accented letters àáâãäçèéêëìíîïñòóôõöùúûüýÿ they were made with. In the other lists æ is
spelled ae (the network writes it so), Romanian ş ţ (cedilla) are ș ț (comma below), and Turkish
is lowercased the Turkish way (I → ı, İ → i). Words with a hyphen, a digit, a period, Catalan's
middle dot (col·legi) or any other letter are dropped, as are abbreviations written in capitals
(two or more letters, all capitals). Words are lowercased like words-en.txt.

Cap: a list with more than its cap (--cap, 150,000, for the first six; --new-cap, 45,000, for
the others, whose affix forms run to millions) keeps every word of up to --short letters (6):
the lists have no frequencies, and short words are the frequent ones (Zipf's law of
abbreviation). The rest of the cap is filled from the longer words in the order of their SHA-1, an
even sample that keeps long words and compounds in proportion and favours no initial letter. What
is cut (mostly rare inflections) the decoder still reads letter by letter. Deterministic: the same
lists give byte-identical files.

Usage: tools/make_wordlists.py [--dict /usr/share/dict] [--hunspell /usr/share/hunspell]
                               [--doc /usr/share/doc] [--out Sources/Recognition/Resources]
                               [--cap 150000] [--new-cap 45000] [--short 6] [CODE ...]
"""
import argparse
import hashlib
import os
import re
import sys

# code -> (Debian package, file under /usr/share/dict)
LISTS = {
    "fr": ("wfrench", "french"),
    "de": ("wngerman", "ngerman"),
    "es": ("wspanish", "spanish"),
    "it": ("witalian", "italian"),
    "pt": ("wportuguese", "portuguese"),
    "nl": ("wdutch", "dutch"),
    "pl": ("wpolish", "polish"),
    "sv": ("wswedish", "swedish"),
    "da": ("wdanish", "danish"),
    "nb": ("wnorwegian", "bokmaal"),
    "ca": ("wcatalan", "catalan"),
}

# code -> (Debian package, dictionary under /usr/share/hunspell, its folder in the copyright file)
HUNSPELL = {
    "cs": ("hunspell-cs", "cs_CZ", "dictionaries/cs_CZ/"),
    "sk": ("hunspell-sk", "sk_SK", "dictionaries/sk_SK/"),
    "hu": ("hunspell-hu", "hu_HU", "dictionaries/hu_HU/"),
    "ro": ("hunspell-ro", "ro_RO", "dictionaries/ro/"),
    "hr": ("hunspell-hr", "hr_HR", "dictionaries/hr_HR/"),
    "tr": ("hunspell-tr", "tr_TR", "dictionaries/tr_TR/"),
    "sl": ("hunspell-sl", "sl_SI", "dictionaries/sl_SI/"),
    "lt": ("hunspell-lt", "lt_LT", "dictionaries/lt_LT/"),
    "lv": ("hunspell-lv", "lv_LV", None),
    "et": ("myspell-et", "et_EE", None),
    "id": ("hunspell-id", "id_ID", "dictionaries/id/"),
    "sr": ("hunspell-sr", "sr_Latn_RS", "dictionaries/sr/"),
}

# the languages of the first lists, made with the letters of the first alphabet
FIRST = {"fr", "de", "es", "it", "pt", "nl"}

ACCENTED = "àáâãäçèéêëìíîïñòóôõöùúûüýÿ"
LETTERS = set("abcdefghijklmnopqrstuvwxyz'" + ACCENTED + "ßœ")
# Training/alphabet.py's MORE_LOWER: the letters the other Latin-script languages add
MORE = "ąćęłńśźżčďěňřšťůžĺľŕåøőűășțğışđėįųūāēģīķļņ"
MORE_LETTERS = LETTERS | set(MORE)
SPELLED = {"æ": "ae", "Æ": "AE", "ş": "ș", "ţ": "ț", "Ş": "Ș", "Ţ": "Ț"}


def keep(word, letters=LETTERS, code=None):
    """The lowercased word when every letter is one of ours and it is not an abbreviation."""
    if len(word) >= 2 and word.isupper():
        return None
    if letters is MORE_LETTERS:
        if code == "ro":
            word = "".join(SPELLED.get(c, c) for c in word)
        elif any(c in "æÆ" for c in word):
            word = word.replace("æ", "ae").replace("Æ", "AE")
        if code == "tr":
            word = word.replace("I", "ı").replace("İ", "i")
    lower = word.lower()
    if not lower or lower.startswith("'") or not set(lower) <= letters:
        return None
    # "ss".lower() aside, str.lower maps ẞ and a few others to more than one letter; recheck.
    return lower if all(c in letters for c in lower) else None


def select(words, cap, short, stems=None):
    """At most `cap` of `words`, sorted. The first lists (stems None) keep their words of up to
    `short` letters, then the others by SHA-1. The others keep the Hunspell stems first (the
    dictionary's own entries, mostly the forms a word is cited in, so where they fill the cap the
    list is stems only), and their short words only up
    to half the cap, shortening `short` as needed, so that a list of millions of inflected forms
    is not all words of six letters."""
    words = sorted(set(words))
    if len(words) <= cap:
        return words
    if stems is not None:
        while short > 1 and sum(len(w) <= short for w in words) > cap // 2:
            short -= 1
    stems = stems or set()
    def rank(w):
        return (w not in stems, len(w) > short, hashlib.sha1(w.encode("utf-8")).digest())
    return sorted(sorted(words, key=rank)[:cap])


# ---- Hunspell: stems and the forms their affix rules make --------------------------------------

def split_flags(text, kind):
    """The flags of a flag field: one character each, two (long), or comma-separated numbers."""
    if kind == "long":
        return [text[i:i + 2] for i in range(0, len(text), 2)]
    if kind == "num":
        return [f for f in text.split(",") if f]
    return list(text)


def condition(pattern, suffix):
    """A Hunspell affix condition ('.', [abc], [^abc], letters) as a regular expression."""
    if pattern == ".":
        return None
    parts, i = [], 0
    while i < len(pattern):
        if pattern[i] == "[":
            j = pattern.index("]", i)
            inner = pattern[i + 1:j]
            neg = inner.startswith("^")
            body = "".join(re.escape(c) for c in (inner[1:] if neg else inner))
            parts.append(f"[{'^' if neg else ''}{body}]")
            i = j + 1
        else:
            parts.append("." if pattern[i] == "." else re.escape(pattern[i]))
            i += 1
    return re.compile("".join(parts) + "$" if suffix else "^" + "".join(parts))


def read_affixes(path, encoding):
    """(flag kind, aliases, {flag: (is suffix, cross product, rules)}, the flags of words never
    listed, the flags of stems listed only with an affix)."""
    kind, aliases, affixes, never, affixed = "char", None, {}, set(), set()
    pending = {}  # flag -> rules still to come
    with open(path, encoding=encoding, errors="replace") as f:
        for line in f:
            parts = line.split()
            if not parts or parts[0].startswith("#"):
                continue
            if parts[0] == "FLAG" and len(parts) > 1:
                kind = parts[1]
            elif parts[0] == "AF" and len(parts) > 1:
                # the first AF line is the count, the others the flag sets numbered from 1
                aliases = [] if aliases is None else aliases + [parts[1]]
            elif parts[0] in ("ONLYINCOMPOUND", "FORBIDDENWORD") and len(parts) > 1:
                never.add(parts[1])
            elif parts[0] in ("NEEDAFFIX", "PSEUDOROOT") and len(parts) > 1:
                affixed.add(parts[1])
            elif parts[0] in ("SFX", "PFX") and len(parts) >= 4:
                flag = parts[1]
                if pending.get(flag, 0) == 0:
                    affixes.setdefault(flag, (parts[0] == "SFX", parts[2] == "Y", []))
                    pending[flag] = int(parts[3]) if parts[3].isdigit() else 0
                    continue
                suffix = affixes[flag][0]
                strip = "" if parts[2] == "0" else parts[2]
                add = parts[3].split("/")[0]
                add = "" if add == "0" else add
                affixes[flag][2].append((strip, add, condition(parts[4] if len(parts) > 4 else ".", suffix)))
                pending[flag] -= 1
    return kind, aliases or [], affixes, never, affixed


def hunspell_words(dic, aff, forms=True):
    """Every stem of the dictionary not marked as never standing alone, and (with `forms`) each
    form one of its affixes (or a prefix with a suffix, where both allow it) makes."""
    encoding = "utf-8"
    with open(aff, encoding="latin-1") as f:
        for line in f:
            if line.startswith("SET "):
                encoding = line.split()[1].lower().replace("microsoft-", "")
                break
    kind, aliases, affixes, never, affixed = read_affixes(aff, encoding)

    def apply(word, flag):
        suffix, _, rules = affixes[flag]
        for strip, add, cond in rules:
            if suffix:
                if word.endswith(strip) and (cond is None or cond.search(word)):
                    yield word[:len(word) - len(strip)] + add
            elif word.startswith(strip) and (cond is None or cond.search(word)):
                yield add + word[len(strip):]

    with open(dic, encoding=encoding, errors="replace") as f:
        next(f, None)  # the count
        for line in f:
            entry = line.strip().split("\t")[0].split(" ")[0]
            if not entry:
                continue
            word, _, field = entry.partition("/")
            if aliases and field.isdigit():
                field = aliases[int(field) - 1] if 0 < int(field) <= len(aliases) else ""
            flags = split_flags(field, kind)
            if any(f in never for f in flags):
                continue
            if not any(f in affixed for f in flags):
                yield word, True
            if not forms:
                continue
            known = [f for f in flags if f in affixes]
            for flag in known:
                for form in apply(word, flag):
                    yield form, False
                    if affixes[flag][0] and affixes[flag][1]:
                        for other in known:
                            if not affixes[other][0] and affixes[other][1]:
                                yield from ((w, False) for w in apply(form, other))


def copyright_paragraphs(path, folder):
    """The header of a machine-readable Debian copyright file, the paragraphs of the files under
    `folder` and the licence paragraphs they name."""
    with open(path, encoding="utf-8") as f:
        paragraphs = f.read().split("\n\n")
    chosen = [paragraphs[0]]
    names = set()
    for p in paragraphs[1:]:
        if p.startswith("Files:") and folder in p.split("\n")[0]:
            chosen.append(p)
            for line in p.split("\n"):
                if line.startswith("License:"):
                    names |= {n.strip() for n in re.split(r" or | and |,", line[len("License:"):])}
    for p in paragraphs[1:]:
        if p.startswith("License:") and p.split("\n")[0][len("License:"):].strip() in names:
            chosen.append(p)
    return "\n\n".join(chosen) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dict", default="/usr/share/dict")
    parser.add_argument("--hunspell", default="/usr/share/hunspell")
    parser.add_argument("--doc", default="/usr/share/doc")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--out", default=os.path.join(root, "Sources", "Recognition", "Resources"))
    parser.add_argument("--cap", type=int, default=150_000)
    parser.add_argument("--new-cap", type=int, default=45_000)
    parser.add_argument("--short", type=int, default=6)
    parser.add_argument("codes", nargs="*", help="the languages to make (default: all)")
    args = parser.parse_args()

    for code in args.codes or list(LISTS) + list(HUNSPELL):
        if code in LISTS:
            package, name = LISTS[code]
            path = os.path.join(args.dict, name)
            sources = [path]
        elif code in HUNSPELL:
            package, name, folder = HUNSPELL[code]
            path = os.path.join(args.hunspell, name + ".dic")
            sources = [path, os.path.join(args.hunspell, name + ".aff")]
        else:
            sys.exit(f"{code}: no list for this language")
        copyright_path = os.path.join(args.doc, package, "copyright")
        if not all(map(os.path.exists, sources + [copyright_path])):
            sys.exit(f"{path}: missing; apt-get install {package}")
        letters = LETTERS if code in FIRST else MORE_LETTERS
        stems = None if code in FIRST else set()
        if code in LISTS:
            with open(path, "rb") as f:
                data = f.read()
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:  # wswedish and wnorwegian are ISO-8859-1
                text = data.decode("latin-1")
            raw = [line.strip() for line in text.split("\n") if line.strip()]
        else:
            # stems come first in the cap: when they fill it, the forms need not be made
            raw = [word for word, _ in hunspell_words(*sources, forms=False)]
            stems = {w for w in (keep(r, letters, code) for r in raw) if w}
            if len(stems) < args.new_cap:
                raw = [word for word, _ in hunspell_words(*sources)]
        kept = [w for w in (keep(r, letters, code) for r in raw) if w]
        words = select(kept, args.cap if code in FIRST else args.new_cap, args.short, stems)
        with open(os.path.join(args.out, f"words-{code}.txt"), "w", encoding="utf-8", newline="\n") as f:
            f.write("".join(w + "\n" for w in words))
        with open(copyright_path, encoding="utf-8") as src:
            licence = src.read()
        if code in HUNSPELL and HUNSPELL[code][2]:
            licence = copyright_paragraphs(copyright_path, HUNSPELL[code][2])
        with open(os.path.join(args.out, f"words-{code}.LICENSE"), "w", encoding="utf-8") as dst:
            dst.write(licence)
        longest = max(map(len, words))
        print(f"words-{code}.txt: {len(words)} words (of {len(raw)} in {package}, {len(set(kept))} usable), "
              f"longest {longest} letters", flush=True)


if __name__ == "__main__":
    main()
