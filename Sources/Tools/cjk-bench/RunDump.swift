import DrawingModel
import Foundation
import NotebookFormats
import Recognition

/// `cjk-bench runs DIR OUT.tsv`: every line mostly doubtful and every doubtful word (alone) of the mixed layout's lines that the mixed
/// reader (`en,zh,ja`) would hand to the character reader, with what `ScriptGate` weighs of it,
/// what reading it as characters cost (thread CPU milliseconds), whether the mixed reader keeps
/// any of its characters, and what it truly is (the share of its points inside the truth's CJK
/// boxes; 0 on pages of `make_pages.py`, whose truth has no CJK): the data the gate is chosen on.
enum RunDump {
    static func run(directory: String, output: String) throws {
        let truth = try CardTruth.read(directory)
        // card pages list their items per page; English pages (make_pages.py) are all Latin
        var pages: [(path: String, kind: String, boxes: [Rect])] = []
        if let listed = truth["pages"] as? [[String: Any]] {
            for page in listed {
                guard let path = page["path"] as? String, let items = page["items"] as? [[String: Any]] else {
                    continue
                }
                pages.append((path, page["kind"] as? String ?? "?", CardTruth.cjkBoxes(items)))
            }
        } else {
            let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".xopp") }
            pages = files.sorted().map { ("\(directory)/\($0)", "english", []) }
        }
        let (recognizer, mixed, latin, cjk) = try CardTruth.mixedReader()
        var rows =
            "page\tkind\tcjk_share\tkept\twhole\tms\tletters\ttraces\tconf\tknown\theight\twidth\tturning\tlength\tunit\tlatin\tcjk\n"
        for page in pages {
            for drawing in try NotebookFormats.read(at: URL(fileURLWithPath: page.path)).pages.map(\.drawing) {
                // the lines as the mixed layout finds them: lines of Latin writing (their ink
                // taken back) and the rest laid out at the CJK size
                for line in recognizer.lines(in: drawing) {
                    guard let box = Rect(enclosing: line.ink.points.lazy.map(\.location)), box.height > 0 else {
                        continue
                    }
                    let western = latin.read(line.ink)
                    let runs = mixed.spans.doubtfulRuns(western, in: line.ink, lineHeight: box.height)
                    let doubtful = runs.map(\.ink.ink.points.count).reduce(0, +)
                    let whole =
                        !western.isEmpty && Double(doubtful) >= mixed.wholeLineShare * Double(line.ink.points.count)
                    // the line whole when it is mostly doubtful, and each word of a run not sparse
                    let single = runs.filter { !mixed.spans.isSparse($0, of: western, lineHeight: box.height) }
                        .flatMap { ScriptSpans.wordRuns(of: $0, western, in: line.ink) }
                    let units =
                        (whole ? [(MixedScriptLineReader.wholeRun(of: line.ink, western: western), true)] : [])
                        + single.map { ($0, false) }
                    for (run, isLine) in units {
                        let shape = ScriptGate.shape(
                            of: run, in: western, lineHeight: box.height, knows: latin.knows)
                        let start = threadSeconds()
                        let parts = MixedScriptLineReader.parts(
                            of: run, western: western, in: line.ink, cjk: cjk, lineHeight: box.height)
                        let ms = (threadSeconds() - start) * 1000
                        let eastern = parts.flatMap(\.eastern)
                        let kept =
                            parts.contains { mixed.evidence($0) > 0 }
                            || (isLine && mixed.lineEvidence(eastern: eastern, western: western, in: line.ink) > 0)
                        let points = run.ink.ink.points.map(\.location)
                        let inside = points.filter { p in page.boxes.contains { $0.contains(p) } }
                        rows +=
                            [
                                URL(fileURLWithPath: page.path).lastPathComponent, page.kind,
                                String(format: "%.3f", Double(inside.count) / Double(max(points.count, 1))),
                                kept ? "1" : "0", whole ? "1" : "0",
                                String(format: "%.2f", ms), "\(shape.letters)", "\(shape.traces)",
                                String(format: "%.4f", shape.confidence), shape.known ? "1" : "0",
                                String(format: "%.3f", shape.height), String(format: "%.3f", shape.width),
                                String(format: "%.3f", shape.turning), String(format: "%.3f", shape.traceLength),
                                isLine ? "line" : "word",
                                western[run.words].map { $0.candidates.first?.text ?? "" }.joined(separator: " "),
                                eastern.map { $0.candidates.first?.text ?? "" }.joined(),
                            ].joined(separator: "\t") + "\n"
                    }
                }
            }
        }
        try rows.write(toFile: output, atomically: true, encoding: .utf8)
    }

    /// CPU seconds of the calling thread.
    private static func threadSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
