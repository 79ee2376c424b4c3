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


def schema12_place(zigzag_line, word_part):
    """A word's part of `lines.place` (PackedPlace.wordBytes) with its line's number (as stored,
    zigzag-encoded) as schema 12's `words.place`, which word_place.py decodes."""
    head, offset = read_varint(word_part, 0)
    if head is None:
        return varint(zigzag_line << 1)
    return varint(zigzag_line << 1 | head & 1) + varint(head >> 1) + bytes(word_part[offset:])


def stored_words(db):
    """Each word of an index of schema 11 or later, in ID order, as a dict as schema 12's `words`
    held it: id, drawing_id, source, text (the best reading), candidates, scores, confidence (None
    where the scores give it) and place (word_place.py decodes it)."""
    if db.execute("PRAGMA user_version").fetchone()[0] < 13:
        for row in db.execute("SELECT id, source, candidates, scores, confidence, place FROM words ORDER BY id"):
            yield {"id": row[0], "drawing_id": row[0] >> 20, "source": row[1], "text": row[2].split("\n")[0],
                   "candidates": row[2], "scores": row[3], "confidence": row[4], "place": row[5]}
        return
    for line_id, source, candidates, scores, confidences, place in db.execute(
            "SELECT id, source, candidates, scores, confidences, place FROM lines ORDER BY id"):
        count = word_count(candidates)
        stored = stored_confidences(confidences)
        zigzag_line, offset = read_varint(place, 0)
        parts = []
        while len(parts) < count:
            length, offset = read_varint(place, offset)
            if length is None:
                break
            parts.append(bytes(place[offset:offset + length]))
            offset += length
        parts += [b""] * (count - len(parts))
        for index, (text, blob) in enumerate(zip(candidates.split(SEPARATOR), word_scores(scores, candidates))):
            yield {"id": line_id + index, "drawing_id": line_id >> 20, "source": source,
                   "text": text.split("\n")[0], "candidates": text, "scores": blob,
                   "confidence": stored.get(index), "place": schema12_place(zigzag_line or 0, parts[index])}
