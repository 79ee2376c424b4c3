#!/usr/bin/env python3
"""Where a build's CPU time goes, from `perf record -g` files: the share of samples reading
characters (Zinnia, the character networks and their float kernels, rasters, the lattice), reading
Latin lines (the line network's integer kernels and LSTM, the beam search) and in the kernel.

    profile_shares.py NAME=perf.data ... [--json OUT]

Each NAME=FILE gives one entry: its CPU seconds (perf's event count) and the three shares in
percent, and within character reading the shares of Zinnia (its library and ZinniaWeights), the
network kernels (float and integer products: on pages read with `zh` alone, all the character
networks') and the character raster. Used on English dev pages built with `--language en` and `en,zh,ja`
(`perf record -g -o FILE notebook-index build DIR --index I --language L --jobs 1`).

    profile_shares.py --by-library NAME=perf.data ... [--json OUT] [--record RESULT]

gives instead each entry's shares by where the code lies: the kernel (for a query, mostly its
`pread`s of index pages), SQLite, notebook-index itself (Swift), the C library (allocation,
copies) and the rest. Used on single queries (`perf record -g -o FILE notebook-index query TEXT
--index I --json`). `--record RESULT` also writes Benchmarks/results/RESULT-<date>.json.

    profile_shares.py --by-stage NAME=perf.data ... [--json OUT] [--record RESULT]

gives instead each entry's CPU seconds by stage of the Latin reading: fitting the hand, loading
the model, the network (its front end, LSTM layers, output layer and their kernels), the line
decoder (beam search, character model, word lists, alignment, second look), layout, the
network's input features, reading the notebook files, the index (SQLite), making the words of
a transcript, and the rest. Each sample goes to the stage of the innermost
function on its call stack that belongs to one, so allocation and copies count for the stage
that asked for them; record with `perf record --call-graph dwarf` (used on the `build --adapt`
that reads a writer's unsure lines again, issue 47).
"""
import json
import os
import re
import subprocess
import sys

CHARACTERS = re.compile(r"accumulate(Six|Pair)?_|CharacterNetwork|CharacterRaster|CJKLattice|CJKLanguageModel|"
                        r"StrokeGroups|CharacterInk|CombinedCharacterClassifier")
ZINNIA = re.compile(r"Zinnia(Weights|Model)")
NETWORK_KERNELS = re.compile(r"accumulate(Six|Pair)?_|IntegerB0O|quantizeRows")
RASTER = re.compile(r"CharacterRaster")
LATIN = re.compile(r"VNNI|lstmCell|CTCBeamSearch|RecognizerNetwork|NeuralLineReader|"
                   r"CharacterLanguageModelV14logProb|InkFeatures")


def shares(path):
    out = subprocess.run(["perf", "report", "-i", path, "--no-children", "--sort", "dso,symbol", "-g", "none",
                          "--stdio"], capture_output=True, text=True, check=True).stdout
    seconds = float(re.search(r"Event count \(approx.\): (\d+)", out).group(1)) / 1e9
    characters = latin = kernel = zinnia = kernels = raster = 0.0
    for line in out.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+(\S+)\s+\[(.)\]\s+(.*)", line)
        if not m:
            continue
        percent, dso, space, symbol = float(m[1]), m[2], m[3], m[4]
        if "zinnia" in dso or ZINNIA.search(symbol):
            zinnia += percent
        elif NETWORK_KERNELS.search(symbol) and "lstm" not in symbol.lower():
            kernels += percent
        elif RASTER.search(symbol):
            raster += percent
        if "zinnia" in dso or ZINNIA.search(symbol) or CHARACTERS.search(symbol):
            characters += percent
        elif LATIN.search(symbol):
            latin += percent
        elif space == "k":
            kernel += percent
    return {"cpu_seconds": round(seconds, 3), "character_reading_percent": round(characters, 1),
            "latin_reading_percent": round(latin, 1), "kernel_percent": round(kernel, 1),
            "zinnia_percent": round(zinnia, 1), "network_kernels_percent": round(kernels, 1),
            "character_raster_percent": round(raster, 1)}


LIBRARIES = (("kernel", re.compile(r"^\[kernel")), ("sqlite", re.compile(r"libsqlite3")),
             ("notebook_index", re.compile(r"^notebook-index$")), ("libc", re.compile(r"^libc\.")))


def library_shares(path):
    """The CPU seconds of a perf.data file and the share of its samples in each of `LIBRARIES`."""
    out = subprocess.run(["perf", "report", "-i", path, "--no-children", "--sort", "dso", "-g", "none", "--stdio"],
                         capture_output=True, text=True, check=True).stdout
    seconds = float(re.search(r"Event count \(approx.\): (\d+)", out).group(1)) / 1e9
    found = {name: 0.0 for name, _ in LIBRARIES}
    found["other"] = 0.0
    for line in out.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+(\S+)", line)
        if not m:
            continue
        name = next((name for name, pattern in LIBRARIES if pattern.search(m[2])), "other")
        found[name] += float(m[1])
    return {"cpu_seconds": round(seconds, 3), **{f"{k}_percent": round(v, 1) for k, v in found.items()}}


STAGES = (
    ("fit", re.compile(r"HandAdapter|CTCLoss|DenseMath|AdaptationSample|AdaptationCollector")),
    ("model_loading", re.compile(r"ModelFile|ModelContainer|RecognizerResources|ByteReader|IntegerWeights")),
    ("network", re.compile(r"RecognizerNetwork|BidirectionalLSTM|KernelSet|NetworkKernels|Kernels|lstmCell|"
                           r"matmul|VNNI|AVX2|IntegerB0O|quantizeRows|WeightMatrix")),
    ("decoder", re.compile(r"CTCBeamSearch|CharacterLanguageModel|Lexicon|CTCAlignment|PartialSort|"
                           r"WordCommonness|ListedWords|MarkedLetterLift|DecoderAlphabet|WordGapPrior|"
                           r"SecondLook|MixedTokenText|TextFolding|NeuralLineReader|Alignment")),
    ("layout", re.compile(r"LayoutAnalyzer|LineGrouping|LineOrdering|LocalSize|MarkAttachment|StrokeClassifier|"
                          r"StrokeFeatures|TraceShape|WritingDirection|VisibleInk|InkTrace|TextLine|"
                          r"HighlighterMarkup")),
    ("features", re.compile(r"InkFeatures")),
    ("files", re.compile(r"NotebookFormats|Xournal|XMLParser|inflate|ContentHash|StrokeKeyLog|libz")),
    ("index", re.compile(r"sqlite3|IndexStore|SQLite|Statement")),
    ("words", re.compile(r"HandwritingRecognizer|HandReading|IndexedWord|Transcript|RecognizedWord")),
)


def stage_seconds(path):
    """CPU seconds of a perf.data file (`--call-graph dwarf`) by stage (`STAGES`): each sample
    counts for the innermost frame of its stack that matches one; 'other' when none does."""
    out = subprocess.run(["perf", "script", "-i", path, "-F", "period,ip,sym,dso"], capture_output=True, text=True,
                         check=True).stdout
    found = {name: 0 for name, _ in STAGES}
    found["other"] = 0
    period, stage = None, None

    def finish():
        if period is not None:
            found[stage or "other"] += period

    for line in out.splitlines():
        if not line.strip():
            continue
        if not line.startswith("\t"):  # a sample's period, then its stack innermost first, each frame tabbed
            finish()
            period, stage = int(line.split()[0]), None
            continue
        if stage is None:
            stage = next((name for name, pattern in STAGES if pattern.search(line)), None)
    finish()
    total = sum(found.values())
    return {"cpu_seconds": round(total / 1e9, 3),
            **{f"{k}_seconds": round(v / 1e9, 3) for k, v in found.items()},
            **{f"{k}_percent": round(100 * v / max(total, 1), 1) for k, v in found.items()}}


def option(args, flag):
    """The value after `flag` in `args` (both removed), or None."""
    if flag not in args:
        return None
    at = args.index(flag)
    value = args[at + 1]
    del args[at:at + 2]
    return value


def main():
    args = sys.argv[1:]
    out = option(args, "--json")
    record = option(args, "--record")
    by_library = "--by-library" in args
    by_stage = "--by-stage" in args
    args = [a for a in args if a not in ("--by-library", "--by-stage")]
    if not args:
        sys.exit(__doc__)
    measure = stage_seconds if by_stage else library_shares if by_library else shares
    result = {name: measure(path) for name, path in (a.split("=", 1) for a in args)}
    print(json.dumps(result, indent=1))
    if out:
        json.dump(result, open(out, "w"), indent=1)
    if record:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import results  # noqa: E402
        results.record(record, result, command="Benchmarks/profile_shares.py " + " ".join(sys.argv[1:]))


if __name__ == "__main__":
    main()
