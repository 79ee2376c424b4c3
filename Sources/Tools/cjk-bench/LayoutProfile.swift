import DrawingModel
import Foundation
import NotebookFormats
import Recognition

/// `cjk-bench layout DIR`: how the layouts for `en,zh,ja` cut the pages of
/// `Benchmarks/make_card_pages.py` (DIR/truth.json) into lines, against the truth's words and
/// characters: per kind of page and script, the share of items whose ink lies in one line
/// (`whole`), whose line holds no ink of another row's item (`own_row`: a character under its
/// English word is another row), and, for English words, the share the Latin reader reads right
/// in their line (`read`). Each layout on the same pages: the Latin one (`LayoutAnalyzer()`) and
/// the CJK one (`cjkSizeScale`).
enum LayoutProfile {
    struct Item {
        var label: String
        var latin: Bool
        var box: Rect
        var kind: String
    }

    struct Tally {
        var items = 0, whole = 0, ownRow = 0, read = 0
    }

    static func run(directory: String) throws {
        guard let pages = try CardTruth.read(directory)["pages"] as? [[String: Any]] else {
            throw ModelError.invalid("\(directory)/truth.json: not a truth file")
        }
        let recognizer = try PageBench.recognizer(languages: ["en", "zh", "ja"])
        guard let mixed = recognizer.lineReader as? MixedScriptLineReader, let latin = mixed.latin else {
            throw ModelError.invalid("no mixed reader for en,zh,ja")
        }
        let layouts: [(String, (Drawing) -> [TextLine])] = [
            ("latin", { LayoutAnalyzer().lines(in: $0) }),
            ("cjk", { LayoutAnalyzer(sizeScale: LayoutAnalyzer.cjkSizeScale).lines(in: $0) }),
        ]
        var tallies: [String: Tally] = [:]
        for page in pages {
            guard let path = page["path"] as? String, let kind = page["kind"] as? String,
                let raw = page["items"] as? [[String: Any]]
            else { continue }
            let items = raw.compactMap { item -> Item? in
                guard let b = item["box"] as? [Double], b.count == 4, let label = item["label"] as? String else {
                    return nil
                }
                return Item(
                    label: label, latin: item["script"] as? String == "latin",
                    box: Rect(x: b[0] - 1, y: b[1] - 1, width: b[2] + 2, height: b[3] + 2), kind: kind)
            }
            for drawing in try NotebookFormats.read(at: URL(fileURLWithPath: path)).pages.map(\.drawing) {
                for (name, layout) in layouts {
                    tally(items, lines: layout(drawing), latin: latin, name: name, into: &tallies)
                }
            }
        }
        print("layout\tkind\tscript\titems\twhole\town_row\tread")
        for key in tallies.keys.sorted() {
            let t = tallies[key]!
            let share = { (n: Int) in String(format: "%.3f", Double(n) / Double(max(t.items, 1))) }
            print("\(key)\t\(t.items)\t\(share(t.whole))\t\(share(t.ownRow))\t\(share(t.read))")
        }
    }

    static func tally(
        _ items: [Item], lines: [TextLine], latin: any LineReading, name: String, into tallies: inout [String: Tally]
    ) {
        // the item each point of each line lies in
        let owners = lines.map { line in
            line.ink.points.map { p in items.firstIndex { $0.box.contains(p.location) } }
        }
        for (i, item) in items.enumerated() {
            let key = "\(name)\t\(item.kind)\t\(item.latin ? "latin" : "cjk")"
            var t = tallies[key] ?? Tally()
            t.items += 1
            let counts = owners.map { $0.filter { $0 == i }.count }
            let total = counts.reduce(0, +)
            if let best = counts.indices.max(by: { counts[$0] < counts[$1] }), total > 0 {
                if Double(counts[best]) >= 0.9 * Double(total) { t.whole += 1 }
                let otherRows = Set(owners[best].compactMap { $0 }).contains { j in
                    items[j].box.maxY < item.box.minY || items[j].box.minY > item.box.maxY
                }
                if !otherRows { t.ownRow += 1 }
                if item.latin {
                    let line = lines[best]
                    let words = latin.read(line.ink)
                    let right = words.contains { word in
                        let text = word.candidates.first?.text.lowercased().filter(\.isLetter) ?? ""
                        let inside = word.pointRange.filter { owners[best][$0] == i }.count
                        return text == item.label.lowercased() && 2 * inside >= word.pointRange.count
                    }
                    if right { t.read += 1 }
                }
            }
            tallies[key] = t
        }
    }
}
