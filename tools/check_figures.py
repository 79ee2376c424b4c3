#!/usr/bin/env python3
"""Checks the README's current figures against the newest benchmark results.

The table under README.md's "## Figures" heading has a last column naming, for each row, the
figures its value shows: `benchmark:path` (`eval:search_recall`, `bench-index:build/pages_per_second`),
several separated by commas. The figure is read from the newest result file of that benchmark in
Benchmarks/results/ (Benchmarks/results.py writes them); a list figure stands for a range (two
numbers). Every number of the value column must equal the figures in order, rounded to the
decimals the README shows, with `%` after a number meaning a percentage (a figure whose name does
not end in `_percent` is a fraction then). Exits 1 and names each difference when one differs.

    tools/check_figures.py [README.md]
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import results  # noqa: E402

NUMBER = re.compile(r"(\d[\d,]*(?:\.\d+)?)(\s*%)?")


def table_rows(readme):
    """The rows of the first table after the "## Figures" heading, as lists of cells."""
    rows, inside = [], False
    for line in readme.splitlines():
        if line.startswith("## "):
            if inside and rows:
                break
            inside = line.strip() == "## Figures"
            continue
        if inside and line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not all(set(c) <= set("-: ") for c in cells):
                rows.append(cells)
        elif inside and rows:
            break
    return rows[1:]  # the header is not a figure


def numbers(cell):
    """The numbers of a value cell, each with whether it is a percentage."""
    return [(float(n.replace(",", "")), n.replace(",", ""), bool(p)) for n, p in NUMBER.findall(cell.replace("**", ""))]


def figure(result, path):
    value = result["figures"]
    for key in path.split("/"):
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


def check(readme_path):
    problems = []
    rows = table_rows(open(readme_path, encoding="utf-8").read())
    if not rows:
        return [f"{readme_path}: no table under '## Figures'"]
    for cells in rows:
        name, value, sources = cells[0], cells[1], cells[-1]
        wanted = []
        for source in re.findall(r"`([^`]+)`", sources):
            benchmark, _, path = source.partition(":")
            result = results.newest(benchmark)
            if result is None:
                problems.append(f"{name}: no result of {benchmark} in Benchmarks/results")
                continue
            found = figure(result, path)
            if found is None:
                problems.append(f"{name}: {os.path.basename(result['path'])} has no figure {path}")
                continue
            for item in found if isinstance(found, list) else [found]:
                wanted.append((source, item, path.endswith("_percent")))
        shown = numbers(value)
        if not wanted:
            problems.append(f"{name}: no figure named in its last column")
        elif len(shown) != len(wanted):
            problems.append(f"{name}: the README shows {len(shown)} numbers for {len(wanted)} figures")
        else:
            for (number, text, percent), (source, item, is_percent) in zip(shown, wanted):
                scaled = item * 100 if percent and not is_percent else item
                decimals = len(text.partition(".")[2])
                if round(scaled, decimals) != round(number, decimals):
                    problems.append(f"{name}: README {text}{' %' if percent else ''}, newest {source} {item}")
    return problems


def main():
    readme = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "README.md")
    problems = check(readme)
    for problem in problems:
        print(f"check-figures: {problem}", file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"check-figures: {len(table_rows(open(readme, encoding='utf-8').read()))} rows match the newest results")


if __name__ == "__main__":
    main()
