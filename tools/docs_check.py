#!/usr/bin/env python3
"""Runs the command examples of the README and docs/ and checks their output (make docs-check).

An example is a code block (indented by four spaces, or fenced) whose first line starts with
`$ notebook-index`. Each `$ ` line is a command, run by the shell from the repository root with
the binary under test first on PATH and a fresh throwaway index (NOTEBOOK_INDEX); the lines after
it, up to the next command, are the start of what it prints on standard output. An ellipsis `…`
in a shown line stands for any text (the absolute path of the checkout, say). Every example of a
file shares one index, in order, so a `build` example serves the `query` examples after it.

usage: docs_check.py BINARY [FILE.md ...]   (default: README.md, CONTRIBUTING.md, docs/*.md)
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROMPT = "$ "


def code_blocks(lines):
    """(first line number, lines) of each indented or fenced block."""
    block, start, fenced = [], 0, False
    for number, line in enumerate(lines, 1):
        if line.startswith("```"):
            if fenced:
                yield start, block
                block = []
            fenced, start = not fenced, number + 1
        elif fenced:
            block.append(line)
        elif line.startswith("    "):
            if not block:
                start = number
            block.append(line[4:])
        elif block and line.strip() == "":
            block.append("")
        elif block:
            yield start, block
            block = []
    if block:
        yield start, block


def examples(path):
    """(line number, command, shown output lines) of each example in a Markdown file."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    for start, block in code_blocks(lines):
        while block and block[-1] == "":
            block.pop()
        if not block or not block[0].startswith(PROMPT + "notebook-index"):
            continue
        for offset, line in enumerate(block):
            if line.startswith(PROMPT):
                shown = []
                for later in block[offset + 1:]:
                    if later.startswith(PROMPT):
                        break
                    shown.append(later)
                yield start + offset, line[len(PROMPT):], shown


def matches(shown, actual):
    pattern = "^" + ".*".join(re.escape(part) for part in shown.rstrip().split("…")) + "$"
    return re.match(pattern, actual.rstrip()) is not None


def check(path, binary_dir, index):
    env = dict(os.environ, PATH=binary_dir + os.pathsep + os.environ["PATH"], NOTEBOOK_INDEX=index)
    env.pop("NOTEBOOK_INDEX_LANGUAGES", None)
    failures, count = [], 0
    for number, command, shown in examples(path):
        count += 1
        result = subprocess.run(command, shell=True, cwd=ROOT, env=env, capture_output=True, text=True)
        where = f"{os.path.relpath(path, ROOT)}:{number}: {command}"
        if result.returncode != 0:
            failures.append(f"{where}: exit status {result.returncode}: {result.stderr.strip()[:300]}")
            continue
        actual = result.stdout.splitlines()
        for i, line in enumerate(shown):
            got = actual[i] if i < len(actual) else "(no more output)"
            if not matches(line, got):
                failures.append(f"{where}: output line {i + 1} shows\n    {line}\n  but the command printed\n    {got}")
                break
    return count, failures


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    binary = os.path.abspath(sys.argv[1])
    if not os.access(binary, os.X_OK):
        sys.exit(f"docs_check: {binary}: not an executable (run `make build` first)")
    files = sys.argv[2:] or [os.path.join(ROOT, name) for name in ("README.md", "CONTRIBUTING.md")] + sorted(
        glob.glob(os.path.join(ROOT, "docs", "*.md")))
    # `notebook-index` in the examples must be the binary under test
    with tempfile.TemporaryDirectory() as scratch:
        link_dir = os.path.join(scratch, "bin")
        os.mkdir(link_dir)
        os.symlink(binary, os.path.join(link_dir, "notebook-index"))
        total, failures = 0, []
        for path in files:
            count, failed = check(path, link_dir, os.path.join(scratch, os.path.basename(path) + ".sqlite"))
            total += count
            failures += failed
    for failure in failures:
        print(failure)
    print(f"docs-check: {total - len(failures)} of {total} examples print what the docs show")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
