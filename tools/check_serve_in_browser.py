#!/usr/bin/env python3
"""`make check-serve`: the search page of `notebook-index serve` used in a real browser (headless Chromium).

Indexes SampleNotebooks/ into a temporary index, starts `serve --port 0` on it, then drives
Chromium through the DevTools protocol (over --remote-debugging-pipe, so no extra package):
  * loads the search page, types a word of the samples key by key into its search box, and waits
    for the hits to appear without the page being loaded again (the script asks /search?partial=1
    as one types): hits grouped by notebook, each with its two pictures (its page small, its line
    large: SVG images from /picture) loaded and drawn, and the address bar following the search;
  * screenshots the page and fails on one nearly all one colour, without dark pixels (text, ink)
    or without the hits' orange outlines (#e07000);
  * loads /search?q=WORD again with scripts disabled: the same hits, from the plain form;
  * stops the server with SIGTERM: it must exit 0.
Exit status 0 when everything holds, 1 when a check fails, 2 when it cannot run (no Chromium,
no binary). Needs only Python's standard library and Chromium (`apt-get install -y chromium`).

    tools/check_serve_in_browser.py [--cli .build/release/notebook-index] [--query history]
                                    [--screenshot docs/serve.png] [--window 1000,1100]
"""

import base64
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_html_in_browser import (OUTLINE, dark_share, find_chromium, index_samples, parse_arguments,  # noqa: E402
                                   read_png)


def fail(message, status=1):
    print(f"check-serve: {message}", file=sys.stderr)
    sys.exit(status)


class Browser:
    """Chromium driven by DevTools messages: JSON objects ending in a NUL byte, written to its
    fd 3 and read from its fd 4."""

    def __init__(self, chromium, profile, width, height):
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def arrange_fds():
            # through fresh copies, so that neither end is overwritten when it already is 3 or 4
            reading, writing = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(reading, 3)
            os.dup2(writing, 4)

        command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                   "--disable-extensions", "--hide-scrollbars", "--remote-debugging-pipe",
                   f"--user-data-dir={profile}", f"--window-size={width},{height}", "about:blank"]
        # close_fds would close 3 and 4 after arrange_fds made them
        self.process = subprocess.Popen(command, close_fds=False, preexec_fn=arrange_fds,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer, self.next_id, self.events, self.session = b"", 0, [], None
        self.width, self.height = width, height

    def send(self, method, params=None, session=True, timeout=60):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while time.time() < deadline:
            reply = self.receive(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    fail(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)
        fail(f"{method}: no answer in {timeout} s")

    def receive(self, deadline):
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                fail("the browser stopped answering")
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                fail("the browser closed its pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def open_page(self):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 session=False)["sessionId"]
        self.send("Page.enable")
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": self.width, "height": self.height, "deviceScaleFactor": 1, "mobile": False})

    def navigate(self, url):
        self.events = [e for e in self.events if e.get("method") != "Page.loadEventFired"]
        self.send("Page.navigate", {"url": url})
        deadline = time.time() + 60
        while not any(e.get("method") == "Page.loadEventFired" for e in self.events):
            self.events.append(self.receive(deadline))

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            fail(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def type(self, text):
        for character in text:
            for kind in ("keyDown", "char", "keyUp"):
                params = {"type": kind, "key": character}
                if kind == "char":
                    params["text"] = character
                self.send("Input.dispatchKeyEvent", params)

    def screenshot(self, path):
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.send("Browser.close", session=False, timeout=10)
        except SystemExit:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


# What the page shows of its hits: how many, in how many notebooks, how many with both pictures
# (the page small, the line large: SVG images from /picture) loaded and drawn.
HITS = """(() => {
  const hits = [...document.querySelectorAll("article.hit")];
  const drawn = (img) => img && img.complete && img.naturalWidth > 0;
  return {
    hits: hits.length,
    notebooks: document.querySelectorAll("section.notebook").length,
    pictured: hits.filter((h) => drawn(h.querySelector("a.thumb img")) && drawn(h.querySelector("img.crop"))).length,
    summary: document.querySelector(".summary")?.textContent ?? "",
    address: location.pathname + location.search,
    marker: window.notebookIndexCheck ?? null,
  };
})()"""


def main():
    args = parse_arguments(__doc__, "1000,1100")
    if not os.access(args.cli, os.X_OK):
        fail(f"{args.cli}: not built (run 'make build')", 2)
    chromium = find_chromium(args.chromium)
    width, height = (int(v) for v in args.window.split(","))

    with tempfile.TemporaryDirectory(prefix="check-serve-") as tmp:
        index = f"{tmp}/index.sqlite"
        problem = index_samples(args.cli, index)
        if problem:
            fail(problem)
        server = subprocess.Popen([args.cli, "serve", "--index", index, "--port", "0"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        browser = None
        try:
            url = server.stdout.readline().strip()
            if not url.startswith("http://127.0.0.1:"):
                fail(f"serve printed {url!r} first, not its URL")
            browser = Browser(chromium, f"{tmp}/profile", width, height)
            browser.open_page()
            browser.navigate(url)
            browser.evaluate("window.notebookIndexCheck = 'not reloaded'")
            browser.evaluate("document.querySelector('input[name=q]').focus()")
            browser.type(args.query)
            deadline, seen = time.time() + 30, {}
            while time.time() < deadline:
                seen = browser.evaluate(HITS)
                if seen["hits"] > 0 and seen["pictured"] == seen["hits"] \
                        and seen["address"].endswith(f"q={args.query}"):
                    break
                time.sleep(0.2)
            time.sleep(0.3)  # the pictures' layout, before the screenshot
            print(f"check-serve: typed '{args.query}': {seen['summary']!r}; {seen['hits']} hits in "
                  f"{seen['notebooks']} notebooks, {seen['pictured']} with both pictures drawn; "
                  f"address {seen['address']}")
            if seen["hits"] == 0:
                fail("no hits appeared while typing")
            if seen["marker"] != "not reloaded":
                fail("the page was loaded again: the hits did not come from the script")
            if seen["pictured"] != seen["hits"]:
                fail("a hit's pictures (its page, its line) were not drawn")
            if not seen["address"].endswith(f"q={args.query}"):
                fail("the address bar does not follow the search")

            shot = f"{tmp}/shot.png"
            browser.screenshot(shot)
            w, h, pixels = read_png(shot)
            top = Counter(pixels).most_common(1)[0][1] / len(pixels)
            dark = dark_share(pixels)
            outline = sum(1 for p in pixels if sum(abs(a - b) for a, b in zip(p, OUTLINE)) < 90)
            print(f"check-serve: screenshot {w}×{h}: top colour {top:.0%}, dark {dark:.1%}, "
                  f"{outline} outline pixels")
            if top > 0.95:
                fail("the page is nearly all one colour (blank)")
            if dark < 0.005:
                fail("too few dark pixels: no text or ink drawn")
            if outline < 50:
                fail("no hit outlines drawn")
            if args.screenshot:
                with open(shot, "rb") as source, open(args.screenshot, "wb") as target:
                    target.write(source.read())

            browser.send("Emulation.setScriptExecutionDisabled", {"value": True})
            browser.navigate(f"{url}search?q={args.query}")
            dom = browser.send("DOM.getDocument", {"depth": 0})
            html = browser.send("DOM.getOuterHTML", {"nodeId": dom["root"]["nodeId"]})["outerHTML"]
            plain = html.count('<article class="hit"')
            print(f"check-serve: without scripts, /search?q={args.query}: {plain} hits")
            if plain != seen["hits"]:
                fail(f"without scripts the page shows {plain} hits, with them {seen['hits']}")
        finally:
            if browser:
                browser.close()
            server.send_signal(signal.SIGTERM)
            try:
                status = server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
                fail("serve did not stop on SIGTERM")
        if status != 0:
            fail(f"serve exited {status} on SIGTERM: {server.stderr.read()[-300:]}")
    print("check-serve: ok")


if __name__ == "__main__":
    main()
