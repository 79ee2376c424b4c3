import DrawingModel
import Foundation
import NotebookFormats

/// notebook-fuzz: robustness and speed checks for the notebook readers.
///
///     notebook-fuzz fuzz [--cases N] [--seed S] [--max-seconds T] FILE_OR_DIR...
///         N mutated inputs per format (default 10000) from the given fixtures, each read through
///         NotebookFormats.read(contents:fileExtension:); prints cases and failures per format.
///         A failure is an error that is not a ReadError or a case slower than T seconds
///         (default 2) or raising the peak memory past M MB (default 1024); a crash stops the run
///         and prints the case. With `--recognize-every R`, one page of every R-th notebook read
///         is also recognized. `--format F --case K` replays one case.
///     notebook-fuzz summary FILE_OR_DIR...
///         one line per file: format, pages, strokes, points, texts, or the refusal reason.
///     notebook-fuzz bench [--repeat N] DIR...
///         MB/s and strokes/s per format (best of N passes, default 3).
let usage = """
    usage: notebook-fuzz fuzz [--cases N] [--seed S] [--max-seconds T] [--recognize-every R] [--max-mb M]
                              [--format F --case K] FILE_OR_DIR...
           notebook-fuzz summary FILE_OR_DIR...
           notebook-fuzz bench [--repeat N] DIR...
    """

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
}
arguments.removeFirst()
var options: [String: String] = [:]
var paths: [String] = []
var index = 0
while index < arguments.count {
    let argument = arguments[index]
    if argument.hasPrefix("--"), index + 1 < arguments.count {
        options[String(argument.dropFirst(2))] = arguments[index + 1]
        index += 2
    } else {
        paths.append(argument)
        index += 1
    }
}

switch command {
case "fuzz":
    exit(
        Fuzz.run(
            files: Inputs.items(paths), cases: Int(options["cases"] ?? "") ?? 10_000,
            seed: UInt64(options["seed"] ?? "") ?? 1, maxSeconds: Double(options["max-seconds"] ?? "") ?? 2,
            recognizeEvery: Int(options["recognize-every"] ?? "") ?? 0,
            maxMegabytes: Int(options["max-mb"] ?? "") ?? 1024,
            only: options["format"].flatMap { format in Int(options["case"] ?? "").map { (format, $0) } }))
case "summary":
    exit(Summary.run(paths))
case "bench":
    exit(Bench.run(Inputs.items(paths), repeat: Int(options["repeat"] ?? "") ?? 3))
default:
    FileHandle.standardError.write(Data("Error: unknown command '\(command)'\n\(usage)\n".utf8))
    exit(2)
}
