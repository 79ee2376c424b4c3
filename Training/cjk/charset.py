"""The characters the CJK character network knows: the level-1 hanzi of GB 2312 (the 3,755
commonest in Simplified Chinese), the level-1 kanji of JIS X 0208 (the 2,965 commonest in
Japanese), and hiragana and katakana. Standard lists, so the class set was never chosen from the
dev samples; `train_cjk.py` reports how many dev labels fall outside it."""


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


def characters():
    seen, out = set(), []
    for c in kana() + gb2312_level1() + jis_level1():
        if c not in seen:
            seen.add(c)
            out.append(c)
    return out


def languages():
    """The classes each language reads: Chinese its hanzi, Japanese its kanji and the kana."""
    return {"zh": "".join(gb2312_level1()), "ja": "".join(kana() + jis_level1())}


if __name__ == "__main__":
    chars = characters()
    print(len(chars), "characters;", len(gb2312_level1()), "GB 2312 level 1,", len(jis_level1()), "JIS level 1,",
          len(kana()), "kana")
