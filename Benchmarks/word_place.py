"""Schema 11's `words.place` (Sources/SearchIndex/Store/PackedPlace.swift), decoded in Python for the
benchmarks that read a word's line, position, bounds or stroke positions.

    line      zigzag(line) << 1 | 1 when bounds follow, a LEB128 varint
    position  zigzag(position), a varint
    bounds    when flagged: a byte of four 2-bit size codes (1, 2, 3 or 8 bytes), then x, y, width
              and height in hundredths of a point, zigzag-encoded, little-endian, in those sizes
    strokes   the rest: the word's stroke positions (PackedColumns)
"""

SIZES = (1, 2, 3, 8)


def _varint(data, offset):
    value = shift = 0
    while offset < len(data):
        byte = data[offset]
        offset += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, offset
        shift += 7
    return 0, len(data)


def _unzigzag(value):
    return (value >> 1) ^ -(value & 1)


def decode(place):
    """(line, position, (x100, y100, width100, height100) or None, stroke positions as bytes)."""
    data = bytes(place)
    head, offset = _varint(data, 0)
    position, offset = _varint(data, offset)
    bounds = None
    if head & 1 and offset < len(data):
        codes = data[offset]
        offset += 1
        values = []
        for index in range(4):
            size = SIZES[(codes >> (2 * index)) & 3]
            values.append(_unzigzag(int.from_bytes(data[offset:offset + size], "little")))
            offset += size
        bounds = tuple(values)
    return _unzigzag(head >> 1), _unzigzag(position), bounds, data[offset:]
