"""The output alphabet: index 0 is the CTC blank, then space and printable ASCII."""
CHARS = "".join(chr(c) for c in range(32, 127))
BLANK = 0
NUM_CLASSES = len(CHARS) + 1
INDEX = {ch: i + 1 for i, ch in enumerate(CHARS)}


def encode(label):
    return [INDEX[c] for c in label if c in INDEX]


def decode(ids):
    return "".join(CHARS[i - 1] for i in ids if 0 < i <= len(CHARS))
