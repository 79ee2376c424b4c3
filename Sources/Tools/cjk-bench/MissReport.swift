import DrawingModel
import Foundation
import NotebookFormats
import Recognition
import TextMatching

/// `cjk-bench misses DIR [LANGUAGES]`: the words and characters of some pages that a recognizer
/// does not find at their ink, and what it read there instead, for finding why a layout or a
/// script decision loses them. DIR is either `Benchmarks/make_card_pages.py`'s output or
/// `make_pages.py`'s (English dev pages); both keep a truth.json with each item's label and box.
/// An item is found when a word (or a CJK character of a word) has its label among its readings
/// (letters only, case folded) and its box and the item's each lie at least half inside the
/// other, as `Benchmarks/mixed_eval.py` judges a search hit. Prints the share found per kind of
/// page and script, then (`CJK_MISSES=1`) each miss with the words read over its ink and their
/// lines. The recognizer is `PageBench.recognizer`, so `CJK_WHOLE_PAGE=1` gives the whole-page
/// CJK layout of version 26 for comparison. `CJK_MISS_TSV=FILE` writes every item with why it is
/// missed (`MissCause`), which `Benchmarks/card_misses.py` tallies.
enum MissReport {
    struct Item {
        var label: String
        var latin: Bool
        var box: Rect
        var kind: String
    }

    static func run(directory: String, languages: [String]) throws {
        let pages = try items(directory)
        let recognizer = try PageBench.recognizer(languages: languages)
        let verbose = ProcessInfo.processInfo.environment["CJK_MISSES"] != nil
        let causes = try ProcessInfo.processInfo.environment["CJK_MISS_TSV"].map {
            try MissCause(recognizer: recognizer, languages: languages, file: $0)
        }
        var hedged = 0  // words read both as Latin and as a character (`MixedScriptLineReader.hedged`)
        var tally: [String: (items: Int, found: Int)] = [:]
        let start = Date()
        for (path, items) in pages.sorted(by: { $0.key < $1.key }) {
            let notebook = try NotebookFormats.read(at: URL(fileURLWithPath: path))
            let transcript = notebook.pages.first.map { recognizer.transcribe($0.drawing) } ?? Transcript(lines: [])
            let words = transcript.lines.flatMap { line in
                line.words.flatMap { $0.characters.isEmpty ? [$0] : $0.characters }
            }
            hedged +=
                words.filter { word in
                    Set(word.candidates.map { MissCause.isCJK($0.text) }).count == 2
                }.count
            for item in items {
                let key = "\(item.kind)\t\(item.latin ? "latin" : "cjk")"
                let found = words.contains { Self.found(item, in: $0) }
                tally[key, default: (0, 0)].items += 1
                tally[key, default: (0, 0)].found += found ? 1 : 0
                if let causes, let page = notebook.pages.first {
                    causes.record(item, path: path, found: found, among: items, transcript, page.drawing)
                }
                guard verbose, !found else { continue }
                let over = transcript.lines.filter { overlap($0.bounds, item.box) > 0 }
                let texts = over.map { line in
                    line.words.map { word in
                        let mark = overlap(word.bounds, item.box) > 0 ? "*" : ""
                        return mark + word.text + String(format: "(%.2f)", word.confidence)
                    }.joined(separator: " ")
                        + String(
                            format: " @%.0f,%.0f %.0fx%.0f", line.bounds.minX, line.bounds.minY,
                            line.bounds.width, line.bounds.height)
                }
                let name = URL(fileURLWithPath: path).lastPathComponent
                print(
                    "MISS \(name) \(item.kind) \(item.label) "
                        + String(format: "@%.0f,%.0f: ", item.box.minX, item.box.minY)
                        + (texts.isEmpty ? "(no line)" : texts.joined(separator: " | ")))
            }
        }
        print("kind\tscript\titems\tfound")
        for key in tally.keys.sorted() {
            let t = tally[key]!
            print("\(key)\t\(t.items)\t" + String(format: "%.3f", Double(t.found) / Double(max(t.items, 1))))
        }
        print("\(hedged) words with Latin and CJK readings")
        print(String(format: "%.2f s a page (one core)", Date().timeIntervalSince(start) / Double(max(pages.count, 1))))
    }

    /// The truth's items by page file, from either truth format.
    static func items(_ directory: String) throws -> [String: [Item]] {
        let truth = try CardTruth.read(directory)
        var result: [String: [Item]] = [:]
        func box(_ raw: Any?) -> Rect? {
            guard let b = raw as? [Double], b.count == 4 else { return nil }
            return Rect(x: b[0], y: b[1], width: b[2], height: b[3])
        }
        if let pages = truth["pages"] as? [[String: Any]] {
            for page in pages {
                guard let path = page["path"] as? String, let kind = page["kind"] as? String else { continue }
                result[path] = (page["items"] as? [[String: Any]] ?? []).compactMap { item in
                    guard let label = item["label"] as? String, let box = box(item["box"]) else { return nil }
                    return Item(label: label, latin: item["script"] as? String == "latin", box: box, kind: kind)
                }
            }
        } else if let items = truth["items"] as? [[String: Any]] {
            for item in items {
                guard let label = item["label"] as? String, let box = box(item["box"]),
                    let location = (item["locations"] as? [[String: Any]])?.first,
                    let path = location["path"] as? String, location["page"] as? Int == 0,
                    label.filter(\.isLetter).count >= 3
                else { continue }
                result[path, default: []].append(Item(label: label, latin: true, box: box, kind: "english"))
            }
        }
        return result
    }

    static func found(_ item: Item, in word: RecognizedWord) -> Bool {
        covers(word.bounds, item.box) && reads(item, word)
    }

    /// Whether a box and an item's box each lie at least half inside the other.
    static func covers(_ box: Rect, _ itemBox: Rect) -> Bool {
        overlap(box, itemBox) / area(itemBox) >= 0.5 && overlap(box, itemBox) / area(box) >= 0.5
    }

    /// Whether the item's label is among the word's readings (letters only, case folded).
    static func reads(_ item: Item, _ word: RecognizedWord) -> Bool {
        let fold = { (s: String) in s.lowercased().filter { $0.isLetter } }
        return word.candidates.contains { fold($0.text) == fold(item.label) }
    }

    static func area(_ r: Rect) -> Double { max(r.width * r.height, 1e-9) }

    static func overlap(_ a: Rect, _ b: Rect) -> Double {
        max(0, min(a.maxX, b.maxX) - max(a.minX, b.minX)) * max(0, min(a.maxY, b.maxY) - max(a.minY, b.minY))
    }
}
