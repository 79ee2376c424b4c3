import BenchSupport
import DrawingModel
import Foundation
import NotebookFormats
import Recognition
import TextMatching

/// `cjk-bench pages DIR`: the pages `make_cjk_pages.py` wrote (DIR/truth.json) recognized in
/// process, character error rate against their lines (spaces ignored), per writer set; the
/// lattice's settings and the layout's `sizeScale` from the environment (`CJK_*`), to choose them on dev pages;
/// `CJK_VERBOSE` prints each page's truth, reading and lines.
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
        number("CJK_WIDE_PENALTY") { s.widePenalty = $0 }
        number("CJK_WIDE_WIDTH") { s.wideWidth = $0 }
        number("CJK_CANDIDATES") { s.candidatesPerCharacter = Int($0) }
        number("CJK_CANDIDATE_MARGIN") { s.candidateMargin = $0 }
        number("CJK_SURE") { s.sureProbability = $0 }
        number("CJK_AGREED") { s.agreedProbability = $0 }
        number("CJK_COMPANION_VIEWS") { s.companionViews = Int($0) }
        return s
    }

    /// The recognizer for `languages` with the settings of the environment: the character engine
    /// (`CJK_ENGINE`: zinnia, network or combined), the lattice's, the
    /// layout's `sizeScale` (`CJK_SIZE_SCALE`) and the mixed reader's script decision
    /// (`CJK_SCRIPT_WEIGHTS`: confidence, density and score weights, bias; `CJK_HEDGE_MARGIN`:
    /// `MixedScriptLineReader.hedgeMargin`; `CJK_LINE_PARTS`: its `linePartsAtLeast`);
    /// `CJK_WHOLE_PAGE` lays
    /// a mixed page out whole at the CJK size, as version 26 did.
    static func recognizer(languages: [String]) throws -> HandwritingRecognizer {
        let env = ProcessInfo.processInfo.environment
        let made = try HandwritingRecognizer.make(
            settings: DecoderSettings(), languages: languages, cjkSettings: latticeSettings(),
            cjkEngine: env["CJK_ENGINE"].flatMap(CJKCharacterEngine.init(rawValue:)) ?? .combined)
        var reader = made.lineReader
        if var mixed = reader as? MixedScriptLineReader,
            let weights = env["CJK_SCRIPT_WEIGHTS"]?.split(separator: ",").compactMap({ Double($0) }),
            weights.count == 4
        {
            (mixed.confidenceWeight, mixed.densityWeight, mixed.scoreWeight, mixed.bias) = (
                weights[0], weights[1], weights[2], weights[3]
            )
            reader = mixed
        }
        if var mixed = reader as? MixedScriptLineReader, let margin = env["CJK_HEDGE_MARGIN"].flatMap(Double.init) {
            mixed.hedgeMargin = margin
            reader = mixed
        }
        if var mixed = reader as? MixedScriptLineReader, let parts = env["CJK_LINE_PARTS"].flatMap(Int.init) {
            mixed.linePartsAtLeast = parts
            reader = mixed
        }
        let scale = env["CJK_SIZE_SCALE"].flatMap(Double.init)
        return HandwritingRecognizer(
            lineReader: reader, layout: scale.map { LayoutAnalyzer(sizeScale: $0) } ?? made.layout,
            latinLayout: env["CJK_WHOLE_PAGE"] == nil ? made.latinLayout : nil)
    }

    /// `CJK_DENSITY`: the trace densities of the lines of some pages (percentiles), as the CJK
    /// layout finds them; with `CJK_SCRIPT_DUMP=FILE` also each line's Latin and CJK mean
    /// confidences and density, one line each (the data the mixed reader's decision was fitted on).
    static func densities(_ name: String, _ files: [String]) throws {
        let layout = LayoutAnalyzer(sizeScale: LayoutAnalyzer.cjkSizeScale)
        var readers: (latin: any LineReading, cjk: any LineReading)?
        if ProcessInfo.processInfo.environment["CJK_SCRIPT_DUMP"] != nil,
            let mixed = try recognizer(languages: ["en", "zh", "ja"]).lineReader as? MixedScriptLineReader,
            let latin = mixed.latin, let cjk = mixed.cjk
        {
            readers = (latin, cjk)
        }
        var d: [Double] = [], rows = ""
        for file in files {
            for page in try NotebookFormats.read(at: URL(fileURLWithPath: file)).pages {
                for line in layout.lines(in: page.drawing) {
                    let density = MixedScriptLineReader.traceDensity(line.ink)
                    d.append(density)
                    guard let readers else { continue }
                    let w = MixedScriptLineReader.meanConfidence(readers.latin.read(line.ink))
                    let e = MixedScriptLineReader.meanConfidence(readers.cjk.read(line.ink))
                    rows += "\(name)\t\(w)\t\(e)\t\(density)\n"
                }
            }
        }
        if let dump = ProcessInfo.processInfo.environment["CJK_SCRIPT_DUMP"] {
            try rows.write(toFile: dump, atomically: true, encoding: .utf8)
        }
        guard !d.isEmpty else {
            print("\(name): no lines")
            return
        }
        d.sort()
        let q = [0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99].map {
            String(format: "%.2f", d[Int($0 * Double(d.count - 1))])
        }
        print("\(name) densities \(d.count) lines: \(q.joined(separator: " "))")
    }

    /// `cjk-bench latin FILE...`: the share of the lines of Latin-script pages that the mixed
    /// reader reads as CJK (any CJK character in the line's best reading), for choosing its script
    /// decision; `CJK_DENSITY` measures the lines' densities instead (`densities`).
    static func latinLines(files: [String], languages: [String]) throws {
        if ProcessInfo.processInfo.environment["CJK_DENSITY"] != nil {
            try densities("latin", files)
            return
        }
        let recognizer = try recognizer(languages: languages)
        var lines = 0, cjk = 0
        for file in files {
            for page in try NotebookFormats.read(at: URL(fileURLWithPath: file)).pages {
                for line in recognizer.transcribe(page.drawing).lines {
                    lines += 1
                    cjk += CJKText.containsCJK(line.text) ? 1 : 0
                }
            }
        }
        print("\(cjk) of \(lines) lines read as CJK (\(languages.joined(separator: ",")))")
    }

    static func run(directory: String, languages: [String]) throws {
        let truthData = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent("truth.json"))
        guard let truth = try JSONSerialization.jsonObject(with: truthData) as? [String: Any],
            let pages = truth["pages"] as? [[String: Any]]
        else { throw ModelError.invalid("\(directory)/truth.json: not a truth file") }
        if ProcessInfo.processInfo.environment["CJK_DENSITY"] != nil {
            try densities("cjk", pages.compactMap { $0["path"] as? String })
            return
        }
        let recognizer = try recognizer(languages: languages)
        var errors: [String: Int] = [:], characters: [String: Int] = [:]
        var pairs: [String: Int] = [:], found: [String: Int] = [:]
        var absentPairs = 0, falseHits = 0
        let start = Date()
        for page in pages {
            guard let path = page["path"] as? String, let lines = page["lines"] as? [String] else { continue }
            let writer = page["writer"] as? String ?? "?"
            let notebook = try NotebookFormats.read(at: URL(fileURLWithPath: path))
            let transcripts = notebook.pages.map { recognizer.transcribe($0.drawing) }
            let read = transcripts.map(\.text).joined()
            // every pair of neighbouring characters of a line, searched as a user would (cjk_eval.py);
            // and pairs of the page's characters two apart, written nowhere on it, whose hits are false
            for line in lines {
                let chars = Array(line)
                for i in chars.indices.dropLast() {
                    pairs[writer, default: 0] += 1
                    let query = String(chars[i...(i + 1)])
                    if transcripts.contains(where: { !$0.matches(of: query).isEmpty }) {
                        found[writer, default: 0] += 1
                    }
                    guard i + 2 < chars.count else { continue }
                    let absent = String([chars[i], chars[i + 2]])
                    guard !lines.contains(where: { $0.contains(absent) }) else { continue }
                    absentPairs += 1
                    if transcripts.contains(where: { !$0.matches(of: absent).isEmpty }) { falseHits += 1 }
                }
            }
            let want = Array(lines.joined().filter { !$0.isWhitespace })
            let got = Array(read.filter { !$0.isWhitespace })
            errors[writer, default: 0] += editDistance(want, got)
            characters[writer, default: 0] += want.count
            if ProcessInfo.processInfo.environment["CJK_VERBOSE"] != nil {
                print("\(URL(fileURLWithPath: path).lastPathComponent):\n  want \(String(want))\n  read \(String(got))")
                // the lines found, to tell misread characters from lines lost or merged
                for line in transcripts.flatMap(\.lines) {
                    let box = line.bounds
                    print(
                        String(
                            format: "  line at (%.0f, %.0f), %.0f × %.0f: ", box.minX, box.minY, box.width, box.height)
                            + line.text)
                }
            }
        }
        let seconds = Date().timeIntervalSince(start)
        func line(_ name: String, _ errors: Int, _ characters: Int, _ found: Int, _ pairs: Int) -> String {
            String(
                format: "%@: CER %.1f %% over %d characters; two-character search recall %.3f over %d pairs", name,
                100 * Double(errors) / Double(max(characters, 1)), characters, Double(found) / Double(max(pairs, 1)),
                pairs)
        }
        for writer in characters.keys.sorted() {
            print(
                line(writer, errors[writer] ?? 0, characters[writer] ?? 0, found[writer] ?? 0, pairs[writer] ?? 0))
        }
        let sum = { (counts: [String: Int]) in counts.values.reduce(0, +) }
        print(
            line("all", sum(errors), sum(characters), sum(found), sum(pairs))
                + String(format: "; %.1f s a page (one core)", seconds / Double(max(pages.count, 1))))
        print(
            String(
                format: "pairs written nowhere on their page: %d of %d found (%.3f)", falseHits, absentPairs,
                Double(falseHits) / Double(max(absentPairs, 1))))
    }
}
