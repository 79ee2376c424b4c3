import DrawingModel
import Foundation
import Recognition

/// Why `MissReport` misses a word or character of a card page, one cause per miss, each found
/// by what was read over the item's ink and by two counterfactual readings:
///
/// - `not read`: no word read over the item's ink (the layout left it out);
/// - `merged`: the piece read over it also holds most of another item (the line or the word
///   split joined a card's word and its character, or two cards);
/// - `box`: its label is among the readings of a piece over it, but the piece's box and the
///   item's do not each lie half inside the other (cut wider or narrower than the ink);
/// - a character read as Latin that the page read with one of the mixed reader's decisions
///   undone finds, the first of: `sure` (its Latin words were sure enough to be kept: every
///   word doubtful instead), `gate` (without `ScriptGate`), `sparse` (a doubtful run kept Latin
///   as too sparse: `ScriptSpans.isSparse` off), `rough` (the rough reading fell short: read in
///   full always), `decision` (the characters read lost to the Latin words: characters always
///   kept);
/// - `wrong script`: a character read as Latin that none of those finds, or an English word
///   read as characters;
/// - `misread in place`: read in its own script but not as its label, where the item's ink
///   read alone (by that script's line reader) is read right: the cut or the context lost it;
/// - `network`: the same where the ink read alone is not read right either: the network's limit.
///
/// Each row of the TSV: page, kind, script, label, found (0/1), cause ("" when found), and what was
/// read over the item's ink (`readOver`), so that two readings of the same pages can be set side by side.
final class MissCause {
    /// Each of the mixed reader's decisions undone, by name, in the order tried.
    let undone: [(name: String, recognizer: HandwritingRecognizer)]
    let latin: (any LineReading)?
    let cjk: (any LineReading)?
    let output: FileHandle

    init(recognizer: HandwritingRecognizer, languages: [String], file: String) throws {
        let mixed = recognizer.lineReader as? MixedScriptLineReader
        latin = mixed?.latin
        cjk = mixed?.cjk
        let changes: [(String, (inout MixedScriptLineReader) -> Void)] = [
            ("sure", { $0.spans.doubtfulBelowConfidence = 1.01 }),
            ("gate", { $0.gate = nil }),
            ("sparse", { ($0.spans.latinDensity, $0.spans.latinTracesPerLetter) = (0, 0) }),
            ("rough", { $0.roughMargin = nil }),
            ("decision", { ($0.bias, $0.lineBias) = (1e9, 1e9) }),
        ]
        undone =
            mixed.map { reader in
                changes.map { name, change in
                    var open = reader
                    change(&open)
                    return (
                        name,
                        HandwritingRecognizer(
                            lineReader: open, layout: recognizer.layout, latinLayout: recognizer.latinLayout)
                    )
                }
            } ?? []
        guard FileManager.default.createFile(atPath: file, contents: nil),
            let handle = FileHandle(forWritingAtPath: file)
        else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file]) }
        output = handle
        output.write(Data("page\tkind\tscript\tlabel\tfound\tcause\tread\n".utf8))
    }

    /// Each page's transcript by each recognizer of `undone`, read when first asked for.
    private var undoneTranscripts: [String: Transcript] = [:]

    func record(
        _ item: MissReport.Item, path: String, found: Bool, among items: [MissReport.Item],
        _ transcript: Transcript, _ drawing: Drawing
    ) {
        let why = found ? "" : cause(item, path: path, among: items, transcript, drawing)
        let row = [
            URL(fileURLWithPath: path).lastPathComponent, item.kind, item.latin ? "latin" : "cjk", item.label,
            found ? "1" : "0", why, Self.readOver(item, transcript),
        ]
        output.write(Data((row.joined(separator: "\t") + "\n").utf8))
    }

    func cause(
        _ item: MissReport.Item, path: String, among items: [MissReport.Item], _ transcript: Transcript,
        _ drawing: Drawing
    ) -> String {
        let pieces = Self.pieces(transcript).filter { MissReport.overlap($0.bounds, item.box) > 0 }
        guard !pieces.isEmpty else { return "not read" }
        let others = items.filter { $0.box != item.box }
        let main = pieces.max { MissReport.overlap($0.bounds, item.box) < MissReport.overlap($1.bounds, item.box) }!
        if others.contains(where: { MissReport.overlap(main.bounds, $0.box) >= 0.5 * MissReport.area($0.box) }) {
            return "merged"
        }
        if pieces.contains(where: { MissReport.reads(item, $0) }) { return "box" }
        let ownScript = pieces.contains { Self.isCJK($0.text) != item.latin }
        if !ownScript {
            for (name, recognizer) in undone where !item.latin {
                let key = name + "\t" + path
                let open = undoneTranscripts[key] ?? recognizer.transcribe(drawing)
                undoneTranscripts[key] = open
                if Self.pieces(open).contains(where: { MissReport.found(item, in: $0) }) { return name }
            }
            return "wrong script"
        }
        guard let reader = item.latin ? latin : cjk else { return "misread in place" }
        let alone = reader.read(Self.ink(of: item, in: drawing))
        let fold = { (s: String) in s.lowercased().filter { $0.isLetter } }
        let readAlone = alone.contains { word in word.candidates.contains { fold($0.text) == fold(item.label) } }
        return readAlone ? "misread in place" : "network"
    }

    /// The pieces read over the item's ink from left to right, each as its readings joined by `/`
    /// (best first), with `*` before those whose box covers the item's, as a search hit's must.
    static func readOver(_ item: MissReport.Item, _ transcript: Transcript) -> String {
        let over = pieces(transcript).filter { MissReport.overlap($0.bounds, item.box) > 0 }
        return over.sorted { $0.bounds.minX < $1.bounds.minX }.map { piece in
            let readings = piece.candidates.map(\.text)
            return (MissReport.covers(piece.bounds, item.box) ? "*" : "")
                + (readings.count > 1 ? readings.joined(separator: "/") : piece.text)
        }.joined(separator: " ")
    }

    /// Every word read, a CJK word as its characters.
    static func pieces(_ transcript: Transcript) -> [RecognizedWord] {
        transcript.lines.flatMap { line in line.words.flatMap { $0.characters.isEmpty ? [$0] : $0.characters } }
    }

    static func isCJK(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) || (0x3400...0x9FFF).contains($0.value) }
    }

    /// The item's ink as one line: the strokes whose box's centre lies inside the item's box.
    static func ink(of item: MissReport.Item, in drawing: Drawing) -> LineInk {
        var points: [InkPoint] = []
        for (index, stroke) in drawing.strokes.enumerated() {
            let located = stroke.path.controlPoints.map { $0.location.applying(stroke.transform) }
            guard !located.isEmpty else { continue }
            let xs = located.map(\.x), ys = located.map(\.y)
            let centre = Point(x: (xs.min()! + xs.max()!) / 2, y: (ys.min()! + ys.max()!) / 2)
            guard item.box.contains(centre) else { continue }
            points += located.enumerated().map { n, p in
                InkPoint(location: p, strokeIndex: index, startsTrace: n == 0)
            }
        }
        return LineInk(points: points)
    }
}
