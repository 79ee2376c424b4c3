"""A drawing's stroke list as schema 9 stores it (Sources/SearchIndex/Store/StrokeList.swift), in Python.

`drawings.stroke_ids` holds the IDs stored whole (16 bytes each); `drawings.stroke_keys` (NULL or
empty: none derived) the S sources (file digest, key prefix) and runs of strokes: a varint h, of
kind h mod (S + 1) (0: stored IDs, s: derived from source s) and h / (S + 1) + 1 strokes long, a
derived run followed by its first key's number less the source's last one, as a zigzag varint. A derived ID is
`StableStrokeID`'s: a UUID version 5 of the project's namespace and the digest followed by the key.
"""
import hashlib

NAMESPACE = bytes.fromhex("6B0D5C1E3A8F4E529C612F7A1D4B8E90")  # StableStrokeID.namespace


def read_varint(data, offset):
    value = shift = 0
    while True:
        byte = data[offset]
        offset += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, offset


def write_varint(value, out):
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)


def parse(keys):
    """(sources, entries): sources a list of (digest, prefix bytes); entries the raw rest."""
    count, offset = read_varint(keys, 0)
    sources = []
    for _ in range(count):
        n, offset = read_varint(keys, offset)
        digest = bytes(keys[offset:offset + n])
        offset += n
        n, offset = read_varint(keys, offset)
        prefix = bytes(keys[offset:offset + n])
        offset += n
        sources.append((digest, prefix))
    return sources, bytes(keys[offset:])


def serialize(sources, entries):
    out = bytearray()
    write_varint(len(sources), out)
    for digest, prefix in sources:
        write_varint(len(digest), out)
        out.extend(digest)
        write_varint(len(prefix), out)
        out.extend(prefix)
    return bytes(out) + entries


def derived_id(digest, key):
    h = bytearray(hashlib.sha1(NAMESPACE + digest + key).digest()[:16])
    h[6] = h[6] & 0x0F | 0x50
    h[8] = h[8] & 0x3F | 0x80
    return bytes(h)


def ids(stored, keys):
    """Every stroke ID of the list, 16 bytes each, in list order."""
    whole = [bytes(stored[i:i + 16]) for i in range(0, len(stored) - 15, 16)]
    if not keys:
        return whole
    sources, runs = parse(keys)
    kinds = len(sources) + 1
    numbers = [0] * len(sources)
    out, offset, next_stored = [], 0, 0
    while offset < len(runs):
        head, offset = read_varint(runs, offset)
        tag, length = head % kinds, head // kinds + 1
        if tag == 0:
            out.extend(whole[next_stored:next_stored + length])
            next_stored += length
            continue
        delta, offset = read_varint(runs, offset)
        first = numbers[tag - 1] + ((delta >> 1) ^ -(delta & 1))
        digest, prefix = sources[tag - 1]
        out.extend(derived_id(digest, prefix + str(first + k).encode()) for k in range(length))
        numbers[tag - 1] = first + length - 1
    return out
