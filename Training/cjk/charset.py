"""The characters each CJK character network knows, from standard lists only, so no class set
was ever chosen from the dev samples (`train_cjk.py` reports how many dev labels fall outside it).

Set "cjk" (the first network): the level-1 hanzi of GB 2312 (the 3,755 commonest in Simplified
Chinese), the level-1 kanji of JIS X 0208 (the 2,965 commonest in Japanese), hiragana and katakana.
Set "hant-ko" (the second): the level-1 hanzi of Big5 (the 5,401 commonest in Traditional
Chinese), the 2,350 Hangul syllables of KS X 1001 and its 51 modern jamo (a jamo written alone,
as Korean learners and Omniglot's drawers write them).

    python cjk/charset.py [SET]
"""
import sys


def decoded(codec, leads):
    """The characters of the two-byte EUC rows `leads` (cells 0xA1-0xFE) that `codec` defines."""
    out = []
    for lead in leads:
        for trail in range(0xA1, 0xFF):
            try:
                out.append(bytes([lead, trail]).decode(codec))
            except UnicodeDecodeError:
                pass
    return out


def gb2312_level1():
    return decoded("gb2312", range(0xB0, 0xD8))  # rows 16-55 (row 55 ends at cell 89)


def jis_level1():
    return decoded("euc_jp", range(0xB0, 0xD0))  # rows 16-47


def kana():
    hiragana = [chr(c) for c in range(0x3041, 0x3097)]  # ぁ … ゖ
    katakana = [chr(c) for c in range(0x30A1, 0x30F7)] + ["ー"]  # ァ … ヶ, the long-vowel mark
    return hiragana + katakana


def big5_level1():
    """Big5's frequently used hanzi, 0xA440-0xC67E (lead bytes 0xA4-0xC6, trail bytes 0x40-0x7E
    and 0xA1-0xFE; the last row ends at 0x7E)."""
    out = []
    for lead in range(0xA4, 0xC7):
        for trail in list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)):
            if lead == 0xC6 and trail > 0x7E:
                break
            try:
                out.append(bytes([lead, trail]).decode("big5"))
            except UnicodeDecodeError:
                pass
    return out


def hangul_syllables():
    return decoded("euc_kr", range(0xB0, 0xC9))  # KS X 1001 rows 16-40


def hangul_jamo():
    """The modern compatibility jamo of KS X 1001 row 4 (ㄱ … ㅎ, ㅏ … ㅣ)."""
    return [c for c in decoded("euc_kr", [0xA4]) if 0x3131 <= ord(c) <= 0x3163]


def languages(name="cjk"):
    """The classes each language reads: Chinese its hanzi, Japanese its kanji and the kana,
    Traditional Chinese its hanzi, Korean its syllables and jamo."""
    if name == "hant-ko":
        return {"zh-Hant": "".join(big5_level1()), "ko": "".join(hangul_jamo() + hangul_syllables())}
    return {"zh": "".join(gb2312_level1()), "ja": "".join(kana() + jis_level1())}


def characters(name="cjk"):
    """The classes of set `name`, each once, in the order of the languages' lists."""
    seen, out = set(), []
    if name == "hant-ko":
        every = hangul_jamo() + hangul_syllables() + big5_level1()
    else:
        every = kana() + gb2312_level1() + jis_level1()
    for c in every:
        if c not in seen:
            seen.add(c)
            out.append(c)
    return out


if __name__ == "__main__":
    name = sys.argv[1] if len(sys.argv) > 1 else "cjk"
    chars = characters(name)
    print(len(chars), "characters;", {code: len(text) for code, text in languages(name).items()})
