#!/usr/bin/env python3
"""Make Tests/Fixtures/formats/onenote-package.one, a small OneNote section of our own.

The two OneNote sections of ../shared/corpus are MPL-2.0 files of 264 and 872 KB; this one is
written from the structure they have (docs/formats.md#onenote-file): the packaged
form (an FSSHTTPB data element package) with a section of one page, the page in two revisions
(the newer one renames the title), a title, an outline with typed text and a hyperlink field,
an ink container with a pen stroke and a highlighter stroke, and OneNote's recognition of the
pen stroke (two alternates, the ink it read). The reader's tests check each of these.

Deterministic: running it again gives byte-identical files.

Usage: tools/make_onenote_fixture.py [--out Tests/Fixtures/formats]
"""
import argparse
import os
import struct
import uuid

SECTION_TYPE = "7B5C52E4-D88C-4DA7-AEB1-5378D02996D3"
PACKAGE_FORMAT = "638DE92F-A6D4-4BC1-9A36-B3FC2511A5B7"
SECTION_SCHEMA = "1F937CB4-B26F-445F-B9F8-17E20160E461"
DEFAULT_CONTEXT = ("84DEFAB9-AAA3-4A0D-A3A8-520C77AC7073", 1)
DATA_ROOT = ("84DEFAB9-AAA3-4A0D-A3A8-520C77AC7073", 2)
ROOT_ROLE = "4A3717F8-1C14-49E7-9526-81D942DE1741"
X_DIMENSION = "598A6A8F-52C0-4BA0-93AF-AF357411A561"
Y_DIMENSION = "B53F9F75-04E0-4498-A7EE-C30DBB5A9011"
OURS = "0A7E5EC7-0000-4000-8000-00000000000"  # + one hex digit: our GUIDs


def guid(text):
    return uuid.UUID(text).bytes_le


def ours(k):
    return OURS + "%x" % k


def compact(n):
    """A compact unsigned number, as the smallest width holds it."""
    if n == 0:
        return b"\0"
    for width in range(1, 8):
        if n < 1 << (7 * width):
            return ((n << width) | (1 << (width - 1))).to_bytes(width, "little")
    return b"\x80" + n.to_bytes(8, "little")


def exguid(ex):
    text, n = ex
    if n < 32:
        return bytes([(n << 3) | 4]) + guid(text)
    return b"\x80" + struct.pack("<I", n) + guid(text)


def cell(context, space):
    return exguid(context) + exguid(space)


def start16(kind, compound=False, length=0):
    return struct.pack("<H", (kind << 3) | (4 if compound else 0) | (min(length, 127) << 9))


def start32(kind, compound=False, length=0):
    return struct.pack("<I", 2 | (4 if compound else 0) | (kind << 3) | (min(length, 0x7FFE) << 17))


def end8(kind):
    return bytes([(kind << 2) | 1])


def data_element(ex, kind, body):
    return start16(0x01, True) + exguid(ex) + b"\0" + compact(kind) + body + end8(0x01)


def multibyte(values):
    out = bytearray()
    for v in values:
        u = (-v << 1) | 1 if v < 0 else v << 1
        while True:
            out.append((u & 0x7F) | (0x80 if u > 0x7F else 0))
            u >>= 7
            if not u:
                break
    return bytes(out)


def ink_path(xs, ys):
    deltas = []
    for channel in (xs, ys):
        deltas += [channel[0]] + [b - a for a, b in zip(channel, channel[1:])]
    return multibyte([len(deltas)] + deltas)


def utf16(text):
    return text.encode("utf-16-le")


class Objects:
    """The objects of one object group: JCID and property set, with the IDs they refer to."""

    def __init__(self):
        self.items = []

    def add(self, ex, jcid, props, cells=()):
        """props: (property id, value) pairs; a value is bytes (type 7), an int (types 3-6), a
        bool (type 2), or a list of ExGUIDs (types 8, one, and 9; a None is a zero compact ID, as
        the corpus has) or CellIDs (type 0xB)."""
        ids, data, refs, osids, stream, ostream = [], b"", [], [], [], []
        for pid, value in props:
            kind = pid >> 26 & 0x1F
            if kind == 2:
                ids.append(pid | (1 << 31 if value else 0))
                continue
            ids.append(pid)
            if kind == 7:
                data += struct.pack("<I", len(value)) + value
            elif kind in (3, 4, 5, 6):
                data += value.to_bytes({3: 1, 4: 2, 5: 4, 6: 8}[kind], "little")
            elif kind in (8, 9):
                if kind == 9:
                    data += struct.pack("<I", len(value))
                for v in value:
                    stream.append(0 if v is None else len(stream) + 0x100)
                    if v is not None:
                        refs.append(v)
            elif kind == 0xB:
                data += struct.pack("<I", len(value))
                ostream += [len(ostream) + 0x100 for _ in value]
                osids += value
        props_bytes = struct.pack("<I", len(stream) | (0 if ostream else 1 << 31))
        props_bytes += b"".join(struct.pack("<I", c) for c in stream)
        if ostream:
            props_bytes += struct.pack("<I", len(ostream)) + b"".join(struct.pack("<I", c) for c in ostream)
        props_bytes += struct.pack("<H", len(ids)) + b"".join(struct.pack("<I", i) for i in ids) + data
        self.items.append((ex, 4, struct.pack("<I", jcid), [], []))
        self.items.append((ex, 1, props_bytes, refs, list(osids) + list(cells)))

    def group(self):
        body = start16(0x1D, True)
        for ex, partition, data, _, _ in self.items:
            body += start16(0x18) + exguid(ex) + compact(partition) + compact(len(data)) + compact(0) + compact(0)
        body += end8(0x1D) + start16(0x1E, True)
        for _, _, data, refs, cells in self.items:
            body += start16(0x16)
            body += compact(len(refs)) + b"".join(exguid(r) for r in refs)
            body += compact(len(cells)) + b"".join(cell(*c) for c in cells)
            body += compact(len(data)) + data
        return body + end8(0x1E)


def f32(value):
    return struct.unpack("<I", struct.pack("<f", value))[0]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(here), "Tests", "Fixtures", "formats"))
    out = ap.parse_args().out

    section_space, page_space = (ours(1), 1), (ours(2), 1)
    o = lambda n: (ours(3), n)  # noqa: E731 (object IDs of both spaces)

    section = Objects()
    section.add(o(1), 0x00060007, [(0x1C00349B, utf16("Fixture section\0")), (0x24001C20, [o(2)])])
    section.add(o(2), 0x00060008, [(0x2C001D63, [(DEFAULT_CONTEXT, page_space)])])

    old_page = Objects()  # the first revision of the page: its title is replaced by the second
    old_page.add(o(10), 0x00060037, [(0x24001C1F, [o(11)])])
    old_page.add(o(13), 0x0006000E, [(0x1C001C22, utf16("Old title\0"))])
    pen_x, pen_y = [2540, 2794, 3048, 3302], [5080, 5080, 5334, 5080]
    old_page.add(o(11), 0x0006000B, [
        (0x24001D5F, [o(12)]), (0x24001C20, [o(14), o(20)]), (0x200035D7, [o(30)])])
    old_page.add(o(12), 0x0006002C, [(0x24001C20, [o(13)])])
    old_page.add(o(14), 0x0006000C, [
        (0x14001C14, f32(2.0)), (0x14001C15, f32(4.0)), (0x24001C20, [o(15)])])
    old_page.add(o(15), 0x0006000E, [(0x1C001C22, utf16(
        'See \ufddfHYPERLINK "https://example.com"the notes\0'))])
    old_page.add(o(20), 0x00060014, [(0x14001C46, f32(1.0)), (0x20003415, [o(21)])])
    old_page.add(o(21), 0x0002003B, [(0x24003416, [o(22), o(24)])])
    dims = b"".join(guid(d) + struct.pack("<iiIf", -(1 << 31), (1 << 31) - 1, 2, 1000.0)
                    for d in (X_DIMENSION, Y_DIMENSION))
    old_page.add(o(22), 0x00020047, [(0x1C00340B, ink_path(pen_x, pen_y)), (0x20003409, [o(23)])])
    old_page.add(o(23), 0x00120048, [
        (0x1C00340A, dims), (0x1400340D, f32(70.0)), (0x1400340C, f32(70.0)), (0x1400340F, 0x0000FF)])
    old_page.add(o(24), 0x00020047, [
        (0x1C00340B, ink_path([2540, 5080], [7620, 7620])), (0x20003409, [o(25)]), (0x24001E13, [None])])
    old_page.add(o(25), 0x00120048, [(0x1C00340A, dims), (0x1400340D, f32(56.0)), (0x1400340C, f32(400.0)),
                                     (0x0C003413, 9), (0x0C003414, 127), (0x1400340F, 0x00FFFF)])
    old_page.add(o(30), 0x00020054, [(0x240035D9, [o(31)])])
    old_page.add(o(31), 0x00020055, [(0x240035D9, [o(32)])])
    old_page.add(o(32), 0x00020056, [(0x240035D9, [o(33), o(34)])])
    refs = b"".join(guid(g) + struct.pack("<I", n) for g, n in (o(20), o(22)))
    old_page.add(o(33), 0x00020057, [(0x1C0035DA, utf16("Fixture\0Fixtura\0\0")), (0x1C0035DF, refs)])
    old_page.add(o(34), 0x00020057, [(0x1C0035DA, utf16(".\0,\0\0")), (0x1C0035DF, refs)])

    new_page = Objects()
    new_page.add(o(13), 0x0006000E, [(0x1C001C22, utf16("Fixture page\0"))])

    cm_section, cm_page = (ours(4), 1), (ours(4), 2)
    rev_section, rev_page_old, rev_page = (ours(5), 1), (ours(5), 2), (ours(5), 3)
    rm_section, rm_page_old, rm_page = (ours(6), 1), (ours(6), 2), (ours(6), 3)
    groups = [(ours(7), 1), (ours(7), 2), (ours(7), 3)]

    def revision(rm, rev, base, root, group):
        body = start16(0x1A) + exguid(rev) + (exguid(base) if base else b"\0")
        if root:
            body += start16(0x0A) + exguid((ROOT_ROLE, 1)) + exguid(root)
        return data_element(rm, 4, body + start16(0x19) + exguid(group))

    elements = data_element((ours(8), 1), 2, start16(0x0C) + guid(SECTION_SCHEMA) + start16(0x07) +
                            exguid(DATA_ROOT) + cell(DEFAULT_CONTEXT, section_space))
    index = b""
    for space, manifest in ((section_space, cm_section), (page_space, cm_page)):
        index += start16(0x0E) + cell(DEFAULT_CONTEXT, space) + exguid(manifest) + b"\0"
    for rev, rm in ((rev_section, rm_section), (rev_page_old, rm_page_old), (rev_page, rm_page)):
        index += start16(0x0D) + exguid(rev) + exguid(rm) + b"\0"
    elements += data_element((ours(9), 1), 1, index)
    elements += data_element(cm_section, 3, start16(0x0B) + exguid(rev_section))
    elements += data_element(cm_page, 3, start16(0x0B) + exguid(rev_page))
    elements += revision(rm_section, rev_section, None, o(1), groups[0])
    elements += revision(rm_page_old, rev_page_old, None, o(10), groups[1])
    elements += revision(rm_page, rev_page, rev_page_old, None, groups[2])
    for ex, objects in zip(groups, (section, old_page, new_page)):
        elements += data_element(ex, 5, objects.group())

    package = start16(0x15, True, 1) + b"\0" + elements + end8(0x15)
    body = start32(0x7A, True) + exguid((ours(0), 1)) + guid(SECTION_SCHEMA) + package
    header = guid(SECTION_TYPE) + guid(ours(0)) + guid(ours(0)) + guid(PACKAGE_FORMAT) + b"\0\0\0\0"
    with open(os.path.join(out, "onenote-package.one"), "wb") as f:
        f.write(header + body + struct.pack("<H", (0x7A << 2) | 3))


if __name__ == "__main__":
    main()
