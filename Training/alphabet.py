"""The output alphabet: index 0 is the CTC blank, then space and printable ASCII (the indices of
recognizer versions up to 5), then the accented letters and punctuation of French, German, Spanish,
Italian, Portuguese and Dutch.

Left out on purpose: 'ß', 'œ' and 'Œ'. Handwritten 'œ' is the ink of 'oe' and UNIPEN has no 'ß' to
compose one from; search folds 'ß' to 'ss' and 'œ' to 'oe', so words with them are found either way.
"""
ASCII = "".join(chr(c) for c in range(32, 127))
ACCENTED_LOWER = "àáâãäçèéêëìíîïñòóôõöùúûüýÿ"
ACCENTED_UPPER = "ÀÁÂÃÄÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝ"
PUNCTUATION = "¡¿«»„“”‘’€"
CHARS = ASCII + ACCENTED_LOWER + ACCENTED_UPPER + PUNCTUATION
BLANK = 0
NUM_CLASSES = len(CHARS) + 1
INDEX = {ch: i + 1 for i, ch in enumerate(CHARS)}


def encode(label):
    return [INDEX[c] for c in label if c in INDEX]


def decode(ids):
    return "".join(CHARS[i - 1] for i in ids if 0 < i <= len(CHARS))
