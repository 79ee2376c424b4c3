"""Measures stroke-classifier weight files in the release binary, one after the other: each is put
in place of the shipped one among the binary's resources (no rebuild), then `make bench-layout`'s
measure (Benchmarks/bench_layout.py), `make bench-real`'s and `make bench-fresh`'s
(real_words.py) run on it; the shipped weights are put back at the end. The figures of every file,
with the real and fresh words each one misses, are recorded together through Benchmarks/results.py.

    python3 Training/layout/measure_weights.py --name layout-straight v27=/tmp/v27.txt straight=build/straight.txt

Run from the repository root after `make build`; the layout code measured is the binary's.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import results  # noqa: E402

# the weights are put beside the binary measured, among its resources
RESOURCE = "notebook-index_Recognition.resources/Resources/stroke-classifier.txt"
DEBUG_RESOURCE = ".build/debug/notebook-index_Recognition.resources/Resources/stroke-classifier.txt"
# the layout's tests on synthetic and UNIPEN ink, run with each file (--tests)
SUITES = ("LayoutAnalyzerTests", "MarkedWordsTests", "DiagramTests")
SHIPPED = "Sources/Recognition/Resources/stroke-classifier.txt"


def words_found(binary, shared, notes, truth):
    """How many words of `truth` are found, and the ones missed as `file:word`."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        subprocess.run([sys.executable, os.path.join(shared, "tools/eval/real_words.py"), binary, notes, truth,
                        "--json", out.name], check=True, capture_output=True)
        result = json.load(open(out.name))
        return result["found"], " ".join(f"{f['file']}:{w}" for f in result["files"] for w in f["missed"])


def failing_tests(suite):
    """Names of `suite`'s tests that fail with the weights in the debug build's resources
    (`swift build --build-tests` first); a known issue that no longer occurs counts as failing."""
    run = subprocess.run(["swift", "test", "--skip-build", "--filter", suite], capture_output=True, text=True)
    return sorted({line.split("Test ", 1)[1].split("(")[0] for line in (run.stdout + run.stderr).splitlines()
                   if line.startswith("✘ Test ") and not line.startswith("✘ Test run ") and " failed after " in line})


def fresh_notes(shared, into):
    """The fresh notebooks linked into a folder, as Benchmarks/bench-fresh.sh does."""
    truth = os.path.join(ROOT, "Benchmarks/fresh-notes/truth.json")
    for name in json.load(open(truth))["handwriting"]:
        target = os.path.join(into, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        os.symlink(os.path.join(os.path.abspath(shared), "corpus", name), target)
    return truth


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("weights", nargs="+", metavar="NAME=FILE")
    ap.add_argument("--name", required=True, help="the result's benchmark name")
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    ap.add_argument("--bin", default=".build/release/notebook-index")
    ap.add_argument("--tests", action="store_true", help="also count the layout's failing tests (" + ", ".join(SUITES) + ")")
    ap.add_argument("--verdict", nargs="+", metavar="NAME=T", default=[],
                    help="measure each file once per reader's verdict threshold (NBI_READER_VERDICT; T 'off': "
                         "without it), each recorded as FILE'S NAME+NAME")
    args = ap.parse_args()
    os.chdir(ROOT)
    figures = {}
    resource = os.path.join(os.path.dirname(args.bin), RESOURCE)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            truth = fresh_notes(args.shared, tmp)
            runs = [(w, v) for w in args.weights for v in (args.verdict or [None])]
            for item, verdict in runs:
                name, path = item.split("=", 1)
                os.environ.pop("NBI_READER_VERDICT", None)
                if verdict:
                    vname, threshold = verdict.split("=", 1)
                    name += "+" + vname
                    if threshold != "off":
                        os.environ["NBI_READER_VERDICT"] = threshold
                shutil.copyfile(path, resource)
                if args.tests:
                    shutil.copyfile(path, DEBUG_RESOURCE)
                    for suite in SUITES:
                        failing = failing_tests(suite)
                        figures[f"{name}:{suite}_failing"] = len(failing)
                        if failing:
                            figures[f"{name}:{suite}_failing_names"] = " ".join(failing)
                run = subprocess.run([sys.executable, "Benchmarks/bench_layout.py", "--bin", args.bin, "--shared",
                                      args.shared], check=True, capture_output=True, text=True)
                out = run.stdout + run.stderr
                recorded = [line.split(": ", 1)[1] for line in out.splitlines() if line.startswith("results: ")][-1]
                layout = json.load(open(recorded))["figures"]
                os.remove(recorded)  # a candidate's figures go into this script's record only
                for key in ("stroke_accuracy", "writing_read", "drawing_read", "markup_read", "lines_grouped", "lines_exact"):
                    figures[f"{name}:{key}"] = layout[key]
                figures[f"{name}:real_found"], real_missed = words_found(
                    args.bin, args.shared, os.path.join(args.shared, "realnotes"),
                    os.path.join(args.shared, "realnotes/truth.json"))
                figures[f"{name}:fresh_found"], fresh_missed = words_found(args.bin, args.shared, tmp, truth)
                print(name, {k.split(":", 1)[1]: v for k, v in figures.items() if k.startswith(name + ":")}, flush=True)
                # the words themselves, to compare with another run's (bench-real's and bench-fresh's files)
                figures[f"{name}:real_missed"], figures[f"{name}:fresh_missed"] = real_missed, fresh_missed
    finally:
        shutil.copyfile(SHIPPED, resource)
        if args.tests:
            shutil.copyfile(SHIPPED, DEBUG_RESOURCE)
    path = results.record(args.name, figures, command="python3 Training/layout/measure_weights.py --name "
                          + args.name + " " + " ".join(args.weights)
                          + (" --verdict " + " ".join(args.verdict) if args.verdict else ""))
    print("results:", path)


if __name__ == "__main__":
    main()
