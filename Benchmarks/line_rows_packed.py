"""Schema 13's `lines` rows (PackedLine, Sources/SearchIndex/Store/PackedLine.swift) taken apart and
put together again in Python, for the benchmark tools that rewrite words (replicate_index.py).

A line row holds consecutive words of one drawing: `candidates` (and `folded`, `reading_buckets`)
each word's text separated by U+001F, `scores` each word's packed scores (one after the other when all are Float32s, one a reading; else each behind a varint length),
`confidences` (word index varint, little-endian double) pairs where the scores do not give the
confidence, NULL for none; `reading_buckets` NULL where every word's is the top bucket alone (an
empty list stands for it too).
"""
import json
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stroke_list  # noqa: E402

SEPARATOR = "\x1f"
TOP_BUCKET = "1023"


def varint(value):
    out = bytearray()
    stroke_list.write_varint(value, out)
    return bytes(out)


def read_varint(data, offset):
    """The varint at `offset` and the offset past it; (None, end) when it is cut short."""
    try:
        return stroke_list.read_varint(data, offset)
    except IndexError:
        return None, len(data)


def word_count(candidates):
    return candidates.count(SEPARATOR) + 1


def word_scores(scores, candidates):
    """Each word's packed scores (PackedColumns): one after the other when the column is four
    bytes for each reading of the line (all Float32s), else each behind its length."""
    counts = [word.count("\n") + 1 for word in candidates.split(SEPARATOR)]
    if len(scores) == 4 * sum(counts):
        blobs, offset = [], 0
        for n in counts:
            blobs.append(bytes(scores[offset:offset + 4 * n]))
            offset += 4 * n
        return blobs
    count = len(counts)
    blobs, offset = [], 0
    while len(blobs) < count:
        length, offset = read_varint(scores, offset)
        if length is None or offset + length > len(scores):
            break
        blobs.append(bytes(scores[offset:offset + length]))
        offset += length
    return blobs + [b""] * (count - len(blobs))


def stored_confidences(blob):
    """{word index: confidence} of a `confidences` column."""
    pairs, offset = {}, 0
    while blob and offset < len(blob):
        index, offset = read_varint(blob, offset)
        if index is None or offset + 8 > len(blob):
            break
        pairs[index] = struct.unpack("<d", blob[offset:offset + 8])[0]
        offset += 8
    return pairs


def pack_confidences(pairs):
    """A `confidences` column from {word index: confidence}; None for none."""
    if not pairs:
        return None
    return b"".join(varint(index) + struct.pack("<d", value) for index, value in sorted(pairs.items()))


def word_buckets(buckets, count):
    """Each word's `reading_buckets`, the top bucket where none is stored."""
    if buckets is None:
        return [TOP_BUCKET] * count
    return [b or TOP_BUCKET for b in buckets.split(SEPARATOR)] + [TOP_BUCKET] * (count - buckets.count(SEPARATOR) - 1)


def untie_info(candidates, scores, confidences, buckets, derived_confidence, untie_margin):
    """JSON of each word's (stored confidence or None, confidence, margin, scores as hex), which
    `untied_confidences` lowers for a copy."""
    count = word_count(candidates)
    stored = stored_confidences(confidences)
    words = []
    for index, (blob, bucket_list) in enumerate(zip(word_scores(scores, candidates), word_buckets(buckets, count))):
        confidence = stored.get(index, derived_confidence(blob))
        words.append([stored.get(index), confidence, untie_margin(confidence, blob, bucket_list), blob.hex()])
    return json.dumps(words)


def untied_confidences(info, fraction, implied_confidence):
    """A line's `confidences` for a copy whose confidences are lowered by `fraction` of each
    word's margin (`replicate_index.py --untie`)."""
    pairs = {}
    for index, (stored, confidence, margin, scores) in enumerate(json.loads(info)):
        if fraction * margin == 0:
            value = stored
        else:
            value = implied_confidence(confidence * (1 - fraction * margin), bytes.fromhex(scores))
        if value is not None:
            pairs[index] = value
    return pack_confidences(pairs)


def words_of_lines(rows, derived_confidence):
    """(word id, confidence, scores, reading_buckets) of each word of `rows` (id, candidates,
    scores, confidences, reading_buckets)."""
    for line_id, candidates, scores, confidences, buckets in rows:
        count = word_count(candidates)
        stored = stored_confidences(confidences)
        for index, (blob, bucket_list) in enumerate(zip(word_scores(scores, candidates), word_buckets(buckets, count))):
            yield line_id + index, stored.get(index, derived_confidence(blob)), blob, bucket_list
