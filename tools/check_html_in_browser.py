#!/usr/bin/env python3
"""`make check-html`: `query --html` opened in a real browser (headless Chromium).

Indexes SampleNotebooks/ into a temporary index, writes the hits of one query as HTML, then
  * checks the file: no scripts, nothing pointing outside it;
  * loads it in Chromium and checks the DOM the browser built (--dump-dom): a section per hit and
    per page, as many as the command's summary says, every `#anchor` resolving, the crops'
    `<use>` of their page's ink;
  * screenshots it and fails on a page that is blank or broken: nearly all one colour, too few
    dark pixels for text and ink, or no hit outlines (their orange, #e07000) drawn;
  * screenshots it again with the text made transparent and the whole pages hidden, so that the
    dark pixels left are the ink the crops draw through `<use>`, and fails when there are none.
Exit status 0 when everything holds, 1 when a check fails, 2 when it cannot run (no Chromium,
no binary). Needs only Python's standard library and Chromium (`apt-get install -y chromium`).

    tools/check_html_in_browser.py [--cli .build/release/notebook-index] [--query history]
                                   [--screenshot OUT.png] [--window 1200,1600]
"""

import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTLINE = (0xE0, 0x70, 0x00)  # SVGWriter.highlightOutline


def fail(message, status=1):
    print(f"check-html: {message}", file=sys.stderr)
    sys.exit(status)


def find_chromium(explicit):
    for name in [explicit, os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"]:
        if name and shutil.which(name):
            return shutil.which(name)
    fail("no Chromium found (install it: apt-get install -y chromium, or set CHROMIUM)", 2)


def chromium(browser, profile, *arguments):
    command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
               f"--user-data-dir={profile}", *arguments]
    result = subprocess.run(command, capture_output=True, timeout=180)
    if result.returncode != 0:
        fail(f"chromium exited {result.returncode}: {result.stderr.decode(errors='replace')[-500:]}")
    return result.stdout.decode("utf-8", errors="replace")


def read_png(path):
    """Width, height and (r, g, b) pixels of an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path}: not a PNG")
    offset, chunks, header = 8, [], None
    while offset + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        offset += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        fail(f"{path}: PNG layout {depth}-bit colour type {colour} interlace {interlace} not handled")
    channels = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(b"".join(chunks)), width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(line)
        previous = line
    pixels = [tuple(row[x * channels:x * channels + 3]) for row in rows for x in range(width)]
    return width, height, pixels


def dark_share(pixels):
    return sum(1 for r, g, b in pixels if 0.3 * r + 0.59 * g + 0.11 * b < 110) / len(pixels)


def parse_arguments(doc, window):
    """The options of a check in the browser (this one and check_serve_in_browser.py); `window` is
    the default window size, WIDTH,HEIGHT."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--cli", default=os.path.join(ROOT, ".build/release/notebook-index"))
    parser.add_argument("--query", default="history", help="a word written in SampleNotebooks (default: history)")
    parser.add_argument("--screenshot", help="keep the screenshot here (for the README)")
    parser.add_argument("--window", default=window, help=f"browser window WIDTH,HEIGHT (default: {window})")
    parser.add_argument("--chromium", help="the browser (default: $CHROMIUM, else chromium on PATH)")
    return parser.parse_args()


def index_samples(cli, index):
    """Builds `index` from SampleNotebooks; what went wrong, or None."""
    build = subprocess.run([cli, "build", os.path.join(ROOT, "SampleNotebooks"), "--index", index],
                           capture_output=True, text=True)
    return f"build exited {build.returncode}: {build.stderr[-500:]}" if build.returncode != 0 else None


def main():
    args = parse_arguments(__doc__, "1200,1600")
    if not os.access(args.cli, os.X_OK):
        fail(f"{args.cli}: not built (run 'make build')", 2)
    browser = find_chromium(args.chromium)
    width, height = (int(v) for v in args.window.split(","))

    with tempfile.TemporaryDirectory(prefix="check-html-") as tmp:
        index, page, shot = f"{tmp}/index.sqlite", f"{tmp}/hits.html", f"{tmp}/shot.png"
        problem = index_samples(args.cli, index)
        if problem:
            fail(problem)
        query = subprocess.run([args.cli, "query", args.query, "--index", index, "--html", page],
                               capture_output=True, text=True)
        summary = re.fullmatch(r"Wrote .*: (\d+) hits? on (\d+) pages?\n", query.stdout)
        if query.returncode != 0 or not summary:
            fail(f"query exited {query.returncode}: {query.stdout!r} {query.stderr[-500:]!r}")
        hits, pages = int(summary.group(1)), int(summary.group(2))

        with open(page, encoding="utf-8") as f:
            html = f.read()
        if re.search(r"<script", html, re.I):
            fail("the page has a <script>")
        outside = [v for v in re.findall(r'\s(?:href|src)="([^"]*)"', html) if not v.startswith("#")]
        if outside:
            fail(f"the page points outside itself: {outside[:3]}")

        url = "file://" + page
        dom = chromium(browser, f"{tmp}/profile", "--dump-dom", url)
        found = {kind: len(re.findall(rf'<section class="{kind}" id="{kind}-\d+"', dom)) for kind in ("hit", "page")}
        if found != {"hit": hits, "page": pages}:
            fail(f"the browser's DOM has {found}, the summary says {hits} hits on {pages} pages")
        ids = set(re.findall(r'\sid="([^"]+)"', dom))
        dangling = [h for h in re.findall(r'\shref="#([^"]+)"', dom) if h not in ids]
        if dangling:
            fail(f"links to nowhere: {dangling[:5]}")
        crops = len(re.findall(r'<svg class="crop"[^>]*><use href="#ink-\d+"', dom))
        if crops == 0:
            fail("no crop of a line in the DOM")

        chromium(browser, f"{tmp}/profile", "--hide-scrollbars", f"--window-size={width},{height}",
                 f"--screenshot={shot}", url)
        if not os.path.exists(shot) or os.path.getsize(shot) == 0:
            fail("no screenshot")
        w, h, pixels = read_png(shot)
        if (w, h) != (width, height):
            fail(f"the screenshot is {w}×{h}, not {width}×{height}")
        top = Counter(pixels).most_common(1)[0][1] / len(pixels)
        dark = dark_share(pixels)
        outline = sum(1 for p in pixels if sum(abs(a - b) for a, b in zip(p, OUTLINE)) < 90)

        hidden = "<style>*{color:transparent!important}mark{background:none}section.page{display:none}</style>"
        with open(f"{tmp}/ink.html", "w", encoding="utf-8") as f:
            f.write(html.replace("</head>", hidden + "</head>", 1))
        chromium(browser, f"{tmp}/profile", "--hide-scrollbars", f"--window-size={width},{height}",
                 f"--screenshot={tmp}/ink.png", f"file://{tmp}/ink.html")
        ink = dark_share(read_png(f"{tmp}/ink.png")[2])
        print(f"check-html: '{args.query}': {hits} hits on {pages} pages, {crops} crops in the DOM; "
              f"screenshot {w}×{h}: top colour {top:.0%}, dark {dark:.1%}, {outline} outline pixels, "
              f"ink of the crops alone {ink:.2%}")
        if top > 0.95:
            fail("the page is nearly all one colour (blank)")
        if dark < 0.005:
            fail("too few dark pixels: no text or ink drawn")
        if outline < 50:
            fail("no hit outlines drawn")
        if ink < 0.002:
            fail("the crops draw no ink (their <use> of the page's drawing shows nothing)")
        if args.screenshot:
            shutil.copyfile(shot, args.screenshot)
    print("check-html: ok")


if __name__ == "__main__":
    main()
