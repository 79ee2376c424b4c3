import DrawingModel
import Foundation
import NotebookFormats
import Recognition

/// `cjk-bench pages DIR`: the pages `make_cjk_pages.py` wrote (DIR/truth.json) recognized in
/// process, character error rate against their lines (spaces ignored), per writer set; the
/// lattice's settings and the layout's `sizeScale` from the environment (`CJK_*`), to choose them on dev pages.
enum PageBench {
    static func latticeSettings() -> CJKLatticeSettings {
        var s = CJKLatticeSettings()
        let env = ProcessInfo.processInfo.environment
        func number(_ name: String, _ apply: (Double) -> Void) {
            if let v = env[name].flatMap(Double.init) { apply(v) }
        }
        number("CJK_MAX_GROUPS") { s.maxGroups = Int($0) }
        number("CJK_MAX_WIDTH") { s.maxWidth = $0 }
        number("CJK_RECOGNITION_WEIGHT") { s.recognitionWeight = $0 }
        number("CJK_LANGUAGE_WEIGHT") { s.languageWeight = $0 }
        number("CJK_CHARACTER_BONUS") { s.characterBonus = $0 }
        number("CJK_NARROW_PENALTY") { s.narrowPenalty = $0 }
        number("CJK_NARROW_WIDTH") { s.narrowWidth = $0 }
        number("CJK_INNER_GAP_PENALTY") { s.innerGapPenalty = $0 }
        return s
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var prev = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var cur = [i + 1]
            for (j, cb) in b.enumerated() { cur.append(min(prev[j + 1] + 1, cur[j] + 1, prev[j] + (ca == cb ? 0 : 1))) }
            prev = cur
        }
        return prev[b.count]
    }

    static func run(directory: String, languages: [String]) throws {
        let truthData = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent("truth.json"))
        guard let truth = try JSONSerialization.jsonObject(with: truthData) as? [String: Any],
            let pages = truth["pages"] as? [[String: Any]]
        else { throw ModelError.invalid("\(directory)/truth.json: not a truth file") }
        let made = try HandwritingRecognizer.make(
            settings: DecoderSettings(), languages: languages, cjkSettings: latticeSettings())
        let scale = ProcessInfo.processInfo.environment["CJK_SIZE_SCALE"].flatMap(Double.init)
        let recognizer = HandwritingRecognizer(
            lineReader: made.lineReader, layout: scale.map { LayoutAnalyzer(sizeScale: $0) } ?? made.layout)
        var errors: [String: Int] = [:], characters: [String: Int] = [:]
        let start = Date()
        for page in pages {
            guard let path = page["path"] as? String, let lines = page["lines"] as? [String] else { continue }
            let writer = page["writer"] as? String ?? "?"
            let notebook = try NotebookFormats.read(at: URL(fileURLWithPath: path))
            let read = notebook.pages.map { recognizer.transcribe($0.drawing).text }.joined()
            let want = Array(lines.joined().filter { !$0.isWhitespace })
            let got = Array(read.filter { !$0.isWhitespace })
            errors[writer, default: 0] += editDistance(want, got)
            characters[writer, default: 0] += want.count
            if ProcessInfo.processInfo.environment["CJK_VERBOSE"] != nil {
                print("\(URL(fileURLWithPath: path).lastPathComponent):\n  want \(String(want))\n  read \(String(got))")
            }
        }
        let seconds = Date().timeIntervalSince(start)
        let total = characters.values.reduce(0, +)
        for writer in characters.keys.sorted() {
            let n = characters[writer] ?? 0
            print(
                String(
                    format: "%@: CER %.1f %% over %d characters", writer,
                    100 * Double(errors[writer] ?? 0) / Double(max(n, 1)), n))
        }
        print(
            String(
                format: "all: CER %.1f %% over %d characters, %.1f s a page (one core)",
                100 * Double(errors.values.reduce(0, +)) / Double(max(total, 1)), total,
                seconds / Double(max(pages.count, 1))))
    }
}
