#!/usr/bin/env python3
"""Draws a training run's curve, greedy CER on the fixed `dev` subsets against CPU minutes, as an
SVG with no plotting library (the training venv has none, and the figure must be remade by
anyone from the committed `curves.json`).

Usage: plot_curves.py CURVES.json OUT.svg [--candidate NAME] [--reference CURVES.json:NAME]
                     [--label TEXT] [--since MINUTES] [--ceiling CER]
  CURVES.json  one JSON object a line, as bakeoff.py writes them (cpu_minutes, words, lines, ...)
  --candidate  the run to draw (default: the first one in the file)
  --reference  another run drawn as flat dashed lines at its mean (e.g. the warm phase 11)
  --label      the run's name in the title (default: the candidate's)
  --reference-label  the reference's name in the legend (default: its candidate's)
  --since      the minute the x axis starts at, for a branch grown from a long run
  --ceiling    the CER the y axis stops at
"""
import argparse
import json
from pathlib import Path

SUBSETS = [("words", "#1f77b4"), ("lines", "#d62728"), ("accented", "#2ca02c"), ("mixed", "#9467bd")]
WIDTH, HEIGHT = 760, 420
LEFT, RIGHT, TOP, BOTTOM = 60, 150, 30, 50
# CER above this is the CTC blank plateau of the first minutes: clipped so the part that matters
# (10-20 %) is not squeezed into the bottom tenth of the plot
DEFAULT_CER_CEILING = 0.40


def load(path, candidate):
    rows = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
    name = candidate or rows[0]["candidate"]
    picked = sorted((r for r in rows if r["candidate"] == name), key=lambda r: r["cpu_minutes"])
    if not picked:
        raise SystemExit(f"{path}: no rows for candidate {name}")
    return name, picked


def polyline(points, color, dashed=False):
    coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    dash = ' stroke-dasharray="6 4"' if dashed else ""
    return f'<polyline fill="none" stroke="{color}" stroke-width="1.8"{dash} points="{coords}"/>'


def draw(name, rows, reference, since=0.0, ceiling=DEFAULT_CER_CEILING):
    max_minutes = max(r["cpu_minutes"] for r in rows)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(minutes):
        return LEFT + plot_w * (minutes - since) / (max_minutes - since)

    def y(cer):
        return TOP + plot_h * (1 - min(cer, ceiling) / ceiling)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{LEFT}" y="18" font-size="14">{name}: greedy CER on the dev subsets by CPU minutes '
        f"(clipped at {ceiling:.0%})</text>",
    ]
    for tick in range(0, int(ceiling * 100) + 1, 5 if ceiling > 0.2 else 1):
        ty = y(tick / 100)
        out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{ty:.1f}" y2="{ty:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 8}" y="{ty + 4:.1f}" text-anchor="end">{tick} %</text>')
    step = 100 if max_minutes - since > 300 else 20 if max_minutes - since > 60 else 10
    for minutes in range(int(since) + (-int(since)) % step, int(max_minutes) + 1, step):
        tx = x(minutes)
        out.append(f'<line x1="{tx:.1f}" x2="{tx:.1f}" y1="{TOP}" y2="{TOP + plot_h}" stroke="#eee"/>')
        out.append(f'<text x="{tx:.1f}" y="{TOP + plot_h + 18}" text-anchor="middle">{minutes}</text>')
    out.append(
        f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 10}" text-anchor="middle">CPU minutes of training</text>'
    )
    legend_y = TOP + 10
    for subset, color in SUBSETS:
        points = [(x(r["cpu_minutes"]), y(r[subset])) for r in rows if subset in r]
        if not points:
            continue
        out.append(polyline(points, color))
        last = [r for r in rows if subset in r][-1]
        out.append(
            f'<text x="{LEFT + plot_w + 10}" y="{legend_y}" fill="{color}">{subset} {last[subset]:.1%}</text>'
        )
        legend_y += 18
        if reference and subset in reference[1][0]:
            ref_name, ref_rows = reference
            mean = sum(r[subset] for r in ref_rows) / len(ref_rows)
            out.append(polyline([(x(since), y(mean)), (x(max_minutes), y(mean))], color, dashed=True))
    if reference:
        out.append(
            f'<text x="{LEFT + plot_w + 10}" y="{legend_y + 8}" fill="#555">dashed: {reference[0]}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("curves")
    parser.add_argument("out")
    parser.add_argument("--candidate")
    parser.add_argument("--reference", help="CURVES.json:NAME")
    parser.add_argument("--label")
    parser.add_argument("--reference-label")
    parser.add_argument("--since", type=float, default=0.0)
    parser.add_argument("--ceiling", type=float, default=DEFAULT_CER_CEILING)
    args = parser.parse_args()
    name, rows = load(args.curves, args.candidate)
    name = args.label or name
    reference = None
    if args.reference:
        path, _, ref_name = args.reference.rpartition(":")
        reference = load(path, ref_name)
        if args.reference_label:
            reference = (args.reference_label, reference[1])
    Path(args.out).write_text(draw(name, rows, reference, args.since, args.ceiling))
    print(f"{args.out}: {len(rows)} points of {name}, {rows[-1]['cpu_minutes']:.0f} CPU minutes")


if __name__ == "__main__":
    main()
