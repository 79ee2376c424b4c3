"""The output alphabet: index 0 is the CTC blank, then space and printable ASCII (the indices of
recognizer versions up to 5), then the accented letters and punctuation of French, German, Spanish,
Italian, Portuguese and Dutch (the indices of recognizer versions up to 24), then the letters
the other Latin-script languages add: Polish, Czech, Slovak, Swedish, Danish, Norwegian, Finnish,
Hungarian, Romanian, Turkish, Croatian, Slovenian, Catalan, Lithuanian, Latvian, Estonian.
A network trained on the shorter alphabet grows to this one by new output rows only.

Left out on purpose: 'ß', 'œ', 'æ' and their capitals. Handwritten 'œ' and 'æ' are the ink of 'oe'
and 'ae', and UNIPEN has no 'ß' to compose one from; search folds 'ß' to 'ss', 'œ' to 'oe' and 'æ'
to 'ae', so words with them are found either way. Turkish dotless 'ı' has 'I' for its capital and
dotted 'İ' is the capital of 'i' there; both are in the lists below.
"""
ASCII = "".join(chr(c) for c in range(32, 127))
ACCENTED_LOWER = "àáâãäçèéêëìíîïñòóôõöùúûüýÿ"
ACCENTED_UPPER = "ÀÁÂÃÄÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝ"
PUNCTUATION = "¡¿«»„“”‘’€"
MORE_LOWER = "ąćęłńśźżčďěňřšťůžĺľŕåøőűășțğışđėįųūāēģīķļņ"
MORE_UPPER = "ĄĆĘŁŃŚŹŻČĎĚŇŘŠŤŮŽĹĽŔÅØŐŰĂȘȚĞİŞĐĖĮŲŪĀĒĢĪĶĻŅ"
CHARS = ASCII + ACCENTED_LOWER + ACCENTED_UPPER + PUNCTUATION + MORE_LOWER + MORE_UPPER
# the alphabet of the networks before the letters above (their output rows are the first ones here)
BASIC_CLASSES = len(ASCII + ACCENTED_LOWER + ACCENTED_UPPER + PUNCTUATION) + 1
BLANK = 0
NUM_CLASSES = len(CHARS) + 1
INDEX = {ch: i + 1 for i, ch in enumerate(CHARS)}


def encode(label):
    return [INDEX[c] for c in label if c in INDEX]


def decode(ids):
    return "".join(CHARS[i - 1] for i in ids if 0 < i <= len(CHARS))
