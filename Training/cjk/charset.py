"""The characters the CJK character network knows: the level-1 hanzi of GB 2312 (the 3,755
commonest in Simplified Chinese), the level-1 kanji of JIS X 0208 (the 2,965 commonest in
Japanese), and hiragana and katakana. Standard lists, so the class set was never chosen from the
dev samples; `make bench-cjk` reports how many dev labels fall outside it."""


def gb2312_level1():
    # rows 16-55 of GB 2312 (EUC bytes 0xB0-0xD7), row 55 ends at cell 89
    out = []
    for lead in range(0xB0, 0xD8):
        for trail in range(0xA1, 0xFF):
            try:
                out.append(bytes([lead, trail]).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    return out


def jis_level1():
    # rows 16-47 of JIS X 0208 (EUC-JP bytes 0xB0-0xCF)
    out = []
    for lead in range(0xB0, 0xD0):
        for trail in range(0xA1, 0xFF):
            try:
                out.append(bytes([lead, trail]).decode("euc_jp"))
            except UnicodeDecodeError:
                pass
    return out


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
