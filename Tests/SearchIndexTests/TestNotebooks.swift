import DrawingModel
import Foundation
import NotebookFormats
import Recognition
import SearchIndex
import Synchronization

/// A plain-text notebook format for tests (`.tnb`): pages separated by `---`, one handwritten
/// line per text line, `typed: ...` lines as typed text, and a file starting with `BROKEN` refused.
///
/// Each word becomes one stroke whose control points carry the word's characters in `force`
/// (one point per character), so `WordTranscriber` can read it back exactly: a test double for
/// real readers and a real recognizer.
struct TextNotebookSource: NotebookSource {
    func isNotebookFile(_ url: URL) -> Bool { url.pathExtension == "tnb" }
    func isNotebookFolder(_ url: URL) -> Bool { url.pathExtension == "tnbdir" }

    func read(at url: URL) throws -> Notebook {
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        let file = isFolder.boolValue ? url.appendingPathComponent("content.tnb") : url
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { throw ReadError("cannot read") }
        if text.hasPrefix("BROKEN") { throw ReadError("broken test notebook") }
        let pages = text.components(separatedBy: "---\n").map { Self.page($0) }
        return Notebook(format: "tnb", pages: pages)
    }

    static func page(_ text: String) -> Page {
        var strokes: [Stroke] = []
        var texts: [TextElement] = []
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("typed: ") {
                texts.append(
                    TextElement(text: String(line.dropFirst(7)), bounds: Rect(x: 0, y: 900, width: 200, height: 20)))
                continue
            }
            for (position, word) in line.split(separator: " ").enumerated() {
                let points = word.unicodeScalars.enumerated().map { k, scalar in
                    StrokePoint(
                        location: Point(x: Double(100 * position + 10 * k), y: Double(50 * lineNumber)),
                        timeOffset: Double(k), size: Size(width: 1, height: 1), opacity: 1,
                        force: Double(scalar.value), azimuth: 0, altitude: 0)
                }
                strokes.append(
                    Stroke(
                        id: strokeID(line: lineNumber, position: position, word: String(word)),
                        path: StrokePath(controlPoints: points)))
            }
            lineNumber += 1
        }
        return Page(drawing: Drawing(strokes: strokes), texts: texts)
    }

    /// Deterministic IDs from the word's place and text.
    static func strokeID(line: Int, position: Int, word: String) -> UUID {
        var h: UInt64 = 1_469_598_103_934_665_603
        for byte in word.utf8 { h = (h ^ UInt64(byte)) &* 1_099_511_628_211 }
        let text = String(format: "%08X-%04X-4000-8000-%012llX", line, position, h & 0xFFFF_FFFF_FFFF)
        return UUID(uuidString: text)!
    }
}

/// Reads the strokes `TextNotebookSource` writes: every stroke is a word, lines by y, words by x.
/// Candidates: the word, then its upper-case form; confidence 0.9. Counts its calls, and keeps
/// the user vocabularies it was asked to favour.
final class WordTranscriber: DrawingTranscriber {
    let recognitionVersion: Int
    let recognitionLanguages: [Locale.Language]
    private let callCount = Mutex(0)
    private let favoured = Mutex<[UserVocabulary]>([])

    init(version: Int = 1, languages: [String] = ["en"]) {
        recognitionVersion = version
        recognitionLanguages = languages.map { Locale.Language(identifier: $0) }
    }

    var calls: Int { callCount.withLock { $0 } }
    var vocabularies: [UserVocabulary] { favoured.withLock { $0 } }

    func transcriber(favouring vocabulary: UserVocabulary) throws -> any DrawingTranscriber {
        favoured.withLock { $0.append(vocabulary) }
        return self
    }

    func transcribe(_ drawing: Drawing) -> Transcript {
        callCount.withLock { $0 += 1 }
        var lines: [Int: [(x: Double, word: RecognizedWord)]] = [:]
        for stroke in drawing.strokes {
            guard let first = stroke.path.controlPoints.first else { continue }
            let text = String(
                String.UnicodeScalarView(stroke.path.controlPoints.compactMap { Unicode.Scalar(UInt32($0.force)) }))
            var candidates = [WordCandidate(text: text, score: 0)]
            if text.uppercased() != text { candidates.append(WordCandidate(text: text.uppercased(), score: -1)) }
            let xs = stroke.path.controlPoints.map(\.location.x)
            let bounds = Rect(x: xs.min()!, y: first.location.y, width: xs.max()! - xs.min()! + 8, height: 30)
            let word = RecognizedWord(candidates: candidates, strokeIDs: [stroke.id], bounds: bounds, confidence: 0.9)
            lines[Int(first.location.y / 50), default: []].append((first.location.x, word))
        }
        return Transcript(
            lines: lines.keys.sorted().map { key in
                let words = lines[key]!.sorted { $0.x < $1.x }.map(\.word)
                return RecognizedLine(
                    words: words, bounds: words.dropFirst().reduce(words[0].bounds) { $0.union($1.bounds) })
            })
    }
}

/// A fresh temporary folder, removed by `cleanUp()`.
struct TemporaryFolder {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("h4-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func write(_ relative: String, _ text: String) {
        let full = path + "/" + relative
        try? FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(text.utf8))
    }

    /// Sets a file's modification time (seconds since 1970).
    func setModificationTime(_ relative: String, _ seconds: Double) {
        try? FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: path + "/" + relative)
    }

    func remove(_ relative: String) { try? FileManager.default.removeItem(atPath: path + "/" + relative) }
    func cleanUp() { try? FileManager.default.removeItem(atPath: path) }
    var index: String { path + "/index/index.sqlite" }
}

/// Opens a writable store in `folder` and builds `paths` with a `WordTranscriber`.
func build(
    _ folder: TemporaryFolder, _ paths: [String]? = nil, transcriber: WordTranscriber = WordTranscriber()
) async throws -> BuildReport {
    let store = try IndexStore(path: folder.index, access: .write)
    let indexer = Indexer(store: store, source: TextNotebookSource(), transcriber: transcriber)
    return try await indexer.build(paths: paths ?? [folder.path + "/notes"], jobs: 2)
}

func search(_ folder: TemporaryFolder, _ text: String, options: SearchOptions = SearchOptions()) throws -> [SearchHit] {
    try IndexStore(path: folder.index, access: .read).search(SearchQuery(text, options: options))
}

extension IndexedFile {
    /// A file of one page holding `words`.
    static func oneDrawing(path: String, words: [IndexedWord]) -> IndexedFile {
        IndexedFile(
            path: path, fingerprint: FileFingerprint(size: 1, modificationTime: 1), format: "tnb", title: nil,
            drawings: [IndexedDrawing(page: 0, key: "k", strokeCount: 0, recognitionVersion: 1, words: words)])
    }
}
