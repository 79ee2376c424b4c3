import DrawingModel
import Foundation
import NotebookFormats
import Recognition

/// `cjk-bench spans DIR OUT.tsv`: on the pages of `Benchmarks/make_card_pages.py` (DIR/truth.json),
/// every part of a line that the mixed reader (`en,zh,ja`) hands to the character reader, with
/// what its decision weighs (each reading's mean confidence and best scores, the part's trace
/// density, the Latin reading's length) and what the part truly is (the share of its points inside
/// the truth's CJK boxes): the data its script decision is fitted on. Each row also names its page,
/// its line's top and the decision's evidence; `CJK_SPAN_LAYOUT=latin` takes the lines of the Latin
/// layout, which a mixed page is read with first (`MixedScriptLayout`).
enum SpanDump {
    static func run(directory: String, output: String) throws {
        guard let pages = try CardTruth.read(directory)["pages"] as? [[String: Any]] else {
            throw ModelError.invalid("\(directory)/truth.json: not a truth file")
        }
        let (recognizer, mixed, latin, cjk) = try CardTruth.mixedReader()
        var rows =
            "page\ty\tevidence\tkind\tcjk_share\tlatin_conf\tcjk_conf\tcjk_score\tdensity\tletters\ttraces\tlatin\tcjk\n"
        for page in pages {
            guard let path = page["path"] as? String, let items = page["items"] as? [[String: Any]] else { continue }
            let boxes = CardTruth.cjkBoxes(items)
            for drawing in try NotebookFormats.read(at: URL(fileURLWithPath: path)).pages.map(\.drawing) {
                // CJK_SPAN_LAYOUT=latin: the lines of the Latin layout, which mixed pages read first
                let layout =
                    ProcessInfo.processInfo.environment["CJK_SPAN_LAYOUT"] == "latin"
                    ? (recognizer.latinLayout ?? recognizer.layout) : recognizer.layout
                for line in layout.lines(in: drawing) {
                    guard let box = Rect(enclosing: line.ink.points.lazy.map(\.location)) else { continue }
                    let western = latin.read(line.ink)
                    for run in mixed.spans.doubtfulRuns(western, in: line.ink, lineHeight: box.height) {
                        for part in MixedScriptLineReader.parts(
                            of: run, western: western, in: line.ink, cjk: cjk, lineHeight: box.height)
                        {
                            let points = part.western.flatMap { Array($0.pointRange) }
                            let inside = points.filter { i in
                                boxes.contains { $0.contains(line.ink.points[i].location) }
                            }
                            let scores = part.eastern.compactMap { $0.candidates.first?.score }
                            rows +=
                                [
                                    URL(fileURLWithPath: path).lastPathComponent, String(format: "%.0f", box.minY),
                                    String(format: "%.2f", mixed.evidence(part)),
                                    page["kind"] as? String ?? "?",
                                    String(format: "%.3f", Double(inside.count) / Double(max(points.count, 1))),
                                    String(format: "%.4f", MixedScriptLineReader.meanConfidence(part.western)),
                                    String(format: "%.4f", MixedScriptLineReader.meanConfidence(part.eastern)),
                                    String(
                                        format: "%.4f",
                                        scores.isEmpty ? -20 : scores.reduce(0, +) / Double(scores.count)),
                                    String(format: "%.4f", part.density),
                                    "\(part.western.map { $0.candidates.first?.text.count ?? 0 }.reduce(0, +))",
                                    "\(points.filter { line.ink.points[$0].startsTrace }.count)",
                                    part.western.map { $0.candidates.first?.text ?? "" }.joined(separator: " "),
                                    part.eastern.map { $0.candidates.first?.text ?? "" }.joined(),
                                ].joined(separator: "\t") + "\n"
                        }
                    }
                }
            }
        }
        try rows.write(toFile: output, atomically: true, encoding: .utf8)
    }
}
