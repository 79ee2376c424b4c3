#!/usr/bin/env python3
"""Latency of `notebook-index serve`'s search page on an existing index: p50, p90, p99 and max.

Starts `serve --index INDEX --port 0` with the release binary, asks it once to warm the page
cache, then asks `/search?q=WORD` (the page with its pictures, as a browser gets it; or
`--path /api/search`, the JSON) for QUERIES words drawn as `make bench-index` draws them
(bench_index.query_words: words of SampleNotebooks' lines, seed 11), one request at a time on a
fresh connection, and times each from connecting to the last byte. With --pictures it also
fetches each page's pictures (`/picture`, the hits' pages and lines) six at a time, as a browser
does, and times the page with all its pictures as well. The target of issue 49 is
p99 <= 100 ms for `/search` on the 50,000-page bench index (`make bench-index` leaves it in its
WORK folder; its notebooks must exist on disk for the pictures to be drawn, as after that run).

Writes the figures as JSON to Benchmarks/results/serve-latency-DATE[-N].json (or --json OUT) with the
commit, machine, date and command, and prints them.

Usage: serve_latency.py INDEX [--cli .build/release/notebook-index] [--queries 200]
                              [--path /search] [--extra "full-words=1"] [--pictures] [--json OUT]
"""
import argparse
import concurrent.futures
import datetime
import html
import http.client
import json
import os
import platform
import re
import signal
import subprocess
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_index  # noqa: E402
import results  # noqa: E402


def machine():
    model = "?"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            model = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), "?")
    except OSError:
        pass
    return f"{platform.node()}: {model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def commit():
    result = subprocess.run(["git", "-C", bench_index.ROOT, "rev-parse", "HEAD"], capture_output=True, text=True)
    return result.stdout.strip() or "?"


def ask(port, target):
    """Milliseconds from connecting to the last byte, the status and the body's size."""
    start = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("GET", target)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return (time.perf_counter() - start) * 1000, response.status, body


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("index")
    ap.add_argument("--cli", default=os.path.join(bench_index.ROOT, ".build", "release", "notebook-index"))
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--path", default="/search", help="/search (default) or /api/search")
    ap.add_argument("--extra", default="", help="more of the query string, such as full-words=1")
    ap.add_argument("--pictures", action="store_true", help="also fetch each page's pictures, six at a time")
    ap.add_argument("--json", help="where to write the figures (default: Benchmarks/results/serve-latency-DATE.json)")
    args = ap.parse_args()
    if not os.access(args.cli, os.X_OK):
        raise SystemExit(f"{args.cli}: not built (run 'make build')")
    status = json.loads(subprocess.run([args.cli, "status", "--index", args.index, "--json"],
                                       capture_output=True, text=True, check=True).stdout)
    server = subprocess.Popen([args.cli, "serve", "--index", args.index, "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().strip()
        port = urllib.parse.urlparse(url).port
        if not port:
            raise SystemExit(f"serve printed {url!r}, not its URL: {server.stderr.read()[-300:]}")
        words = bench_index.query_words(args.queries, 11)
        extra = f"&{args.extra}" if args.extra else ""
        ask(port, f"{args.path}?q={urllib.parse.quote(words[0])}{extra}")  # warm the page cache
        timings, with_pictures = [], []
        pool = concurrent.futures.ThreadPoolExecutor(6)
        for word in words:
            start = time.perf_counter()
            ms, code, body = ask(port, f"{args.path}?q={urllib.parse.quote(word)}{extra}")
            if code != 200:
                raise SystemExit(f"{args.path}?q={word}: HTTP {code}")
            hits = body.count(b'<article class="hit"') if args.path == "/search" else \
                len(json.loads(body)["results"])
            timings.append((ms, word, hits, len(body)))
            if args.pictures:
                sources = [html.unescape(u) for u in re.findall(r'src="(/picture\?[^"]*)"', body.decode())]
                answers = list(pool.map(lambda u: ask(port, u), sources))
                if any(code != 200 for _, code, _ in answers):
                    raise SystemExit(f"a picture of {word!r} did not come")
                total = (time.perf_counter() - start) * 1000
                with_pictures.append((total, word, len(sources), sum(len(b) for _, _, b in answers)))
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    lat = sorted(t[0] for t in timings)
    figures = {
        "requests": len(timings),
        "p50_ms": round(bench_index.percentile(lat, .5), 1),
        "p90_ms": round(bench_index.percentile(lat, .9), 1),
        "p99_ms": round(bench_index.percentile(lat, .99), 1),
        "max_ms": round(lat[-1], 1),
        "with_hits": sum(1 for t in timings if t[2] > 0),
        "mean_hits": round(sum(t[2] for t in timings) / len(timings), 1),
        "mean_kb": round(sum(t[3] for t in timings) / len(timings) / 1024, 1),
    }
    if with_pictures:
        whole = sorted(t[0] for t in with_pictures)
        figures["with_pictures"] = {
            "p50_ms": round(bench_index.percentile(whole, .5), 1),
            "p90_ms": round(bench_index.percentile(whole, .9), 1),
            "p99_ms": round(bench_index.percentile(whole, .99), 1),
            "max_ms": round(whole[-1], 1),
            "mean_pictures": round(sum(t[2] for t in with_pictures) / len(with_pictures), 1),
            "mean_picture_kb": round(sum(t[3] for t in with_pictures) / len(with_pictures) / 1024, 1),
        }
    date = datetime.datetime.now(datetime.timezone.utc)
    result = {
        "benchmark": "serve-latency",
        "commit": commit(),
        "machine": machine(),
        "date": date.isoformat(timespec="seconds"),
        "command": " ".join([os.path.relpath(sys.argv[0], bench_index.ROOT)] + sys.argv[1:]),
        "index": {"path": args.index, "files": status["files"], "pages": status["pages"]},
        "path": args.path + (f"?…{extra}" if extra else ""),
        "figures": figures,
        "slowest": [{"ms": round(ms, 1), "word": w, "hits": h, "kb": round(b / 1024, 1)}
                    for ms, w, h, b in sorted(timings, reverse=True)[:8]],
    }
    if args.json:
        out = args.json
        with open(out, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=2)
            f.write("\n")
    else:  # the next free name of the day, as every benchmark's result
        out = results.record("serve-latency", {**figures, "index": result["index"], "path": result["path"],
                                               "slowest": result["slowest"]}, command=result["command"])
    for entry in result["slowest"]:
        print(f"{entry['ms']:8.1f} ms  {entry['word']!r}  {entry['hits']} hits  {entry['kb']} KB")
    print(f"{figures['requests']} requests of {args.path} on {status['pages']} pages: p50 {figures['p50_ms']} ms, "
          f"p90 {figures['p90_ms']} ms, p99 {figures['p99_ms']} ms, max {figures['max_ms']} ms "
          f"({figures['mean_hits']} hits and {figures['mean_kb']} KB a page on average) -> {out}")
    if with_pictures:
        w = figures["with_pictures"]
        print(f"with its pictures ({w['mean_pictures']} of {w['mean_picture_kb']} KB on average): p50 {w['p50_ms']} ms, "
              f"p90 {w['p90_ms']} ms, p99 {w['p99_ms']} ms, max {w['max_ms']} ms")


if __name__ == "__main__":
    main()
