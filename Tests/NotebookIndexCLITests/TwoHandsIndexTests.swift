import DrawingModel
import Foundation
import Recognition
import Testing

@testable import NotebookFormats
@testable import NotebookIndexCLI
@testable import SearchIndex

/// One index holding two writers' hands (`build --adapt` over real ink: two UNIPEN `dev`
/// writers from ../shared, each laid out as a notebook of their own; skipped without it).
///
/// What must hold, with the shipped recognizer:
/// - the hand is learned from both writers' sure words: neither notebook alone holds enough of
///   them for a fit (`HandAdapter.Settings.minimumWords`), the fit uses more than either has;
/// - it is kept by the held-out check (its held-out loss fell), and `status --json` shows its
///   provenance: recognizer version, languages, words fitted and held out, date;
/// - neither writer reads worse than shipped where it counts for search: every sure word (the
///   hand's teachers and judges) reads exactly as shipped, and every reading the shipped reader
///   stored for each writer's words is still stored, so each writer's words are found as before.
@Suite struct TwoHandsIndexTests {
    static let devWords = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/data/unipen/dev-words.jsonl.gz").standardizedFileURL

    /// Two writers of different collections, both read well by the shipped network; the first
    /// `wordsEach` of their words.
    static let writers = ["g9312", "daw11"]
    static let wordsEach = 36

    struct Record: Decodable {
        var writer: String
        var label: String
        var strokes: [[[Double]]]
    }

    /// Each writer's first `wordsEach` words, inflated by the readers' own `Gzip` (only the two
    /// writers' lines are decoded).
    static func words() throws -> [String: [Record]] {
        let data = Data(try Gzip.decompress(Array(Data(contentsOf: devWords))))
        let tags = writers.map { Data("\"writer\":\"\($0)\"".utf8) }
        var found: [String: [Record]] = [:]
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard tags.contains(where: { line.range(of: $0) != nil }) else { continue }
            let record = try JSONDecoder().decode(Record.self, from: Data(line))
            if found[record.writer, default: []].count < wordsEach, record.strokes.count > 0 {
                found[record.writer, default: []].append(record)
            }
        }
        return found
    }

    /// A writer's words as one notebook: every word scaled to 24 points high, six to a row, 64
    /// points between rows, twelve rows to a page.
    static func notebook(_ records: [Record], writer: Int) -> Notebook {
        var pages: [Page] = []
        var strokes: [Stroke] = []
        var x = 40.0, row = 0
        for record in records {
            let points = record.strokes.joined()
            let minX = points.map { $0[0] }.min() ?? 0, minY = points.map { $0[1] }.min() ?? 0
            let height = max((points.map { $0[1] }.max() ?? 0) - minY, 1)
            let width = max((points.map { $0[0] }.max() ?? 0) - minX, 1)
            let scale = min(24 / height, 110 / width)
            if x + width * scale > 560 {
                x = 40
                row += 1
            }
            if row == 12 {
                pages.append(Page(drawing: Drawing(strokes: strokes), size: Size(width: 595, height: 842)))
                strokes = []
                row = 0
            }
            for stroke in record.strokes {
                let id = UUID(uuidString: String(format: "%08x-0000-0000-0000-%012x", writer, strokes.count))!
                let path = StrokePath(
                    controlPoints: stroke.map {
                        StrokePoint(
                            location: Point(
                                x: x + ($0[0] - minX) * scale, y: 60 + 64 * Double(row) + ($0[1] - minY) * scale))
                    })
                strokes.append(Stroke(id: id, path: path))
            }
            x += width * scale + 24
        }
        pages.append(Page(drawing: Drawing(strokes: strokes), size: Size(width: 595, height: 842)))
        return Notebook(format: "json", pages: pages)
    }

    func run(_ arguments: [String]) async -> (status: Int32, stdout: String) {
        let out = StringSink()
        let context = CLIContext(
            environment: [:], standardOutput: out, standardError: StringSink(), source: RegistryNotebookSource(),
            recognitionVersion: TranscriberFactory.recognitionVersion, makeTranscriber: TranscriberFactory.make)
        return (await NotebookIndexCLI.run(arguments, context: context), out.text)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: devWords.path), "../shared/data/unipen is absent"))
    func anIndexOfTwoHandsLearnsFromBothAndLosesNeithersReadings() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let words = try Self.words()
        let notes = runner.folder + "/notes"
        for (n, writer) in Self.writers.enumerated() {
            let records = try #require(words[writer])
            #expect(records.count == Self.wordsEach)
            try NativeJSONWriter.write(
                Self.notebook(records, writer: n), to: URL(fileURLWithPath: "\(notes)/\(writer).json"))
        }
        let shippedIndex = runner.folder + "/shipped.sqlite", handIndex = runner.folder + "/hand.sqlite"
        #expect(await run(["build", notes, "--index", shippedIndex, "--language", "en"]).status == 0)
        #expect(await run(["build", notes, "--index", handIndex, "--language", "en", "--adapt"]).status == 0)

        let shipped = try IndexStore(path: shippedIndex, access: .read)
        let hand = try IndexStore(path: handIndex, access: .read)
        let minimum = HandAdapter.Settings().minimumWords
        var sureWords: [Int] = []
        for writer in Self.writers {
            let path = "\(notes)/\(writer).json"
            let before = try shipped.drawings(path: path).flatMap(\.words).filter { $0.source == .handwriting }
            let after = try hand.drawings(path: path).flatMap(\.words).filter { $0.source == .handwriting }
            try #require(before.count == after.count && !before.isEmpty, "\(writer): words differ in number")
            let sure = before.filter { $0.confidence >= UserVocabulary.minimumConfidence }
            sureWords.append(sure.count)
            for (a, b) in zip(before, after) {
                #expect(a.bounds == b.bounds && a.strokeIDs == b.strokeIDs)
                if a.confidence >= UserVocabulary.minimumConfidence {
                    #expect(a == b, "\(writer): a sure word read otherwise")
                } else {
                    let kept = Set(b.candidates.map(\.text))
                    #expect(a.candidates.allSatisfy { kept.contains($0.text) }, "\(writer): a shipped reading lost")
                    #expect(b.confidence >= a.confidence)
                }
            }
        }
        // neither hand alone could teach the index; together they do
        #expect(sureWords.allSatisfy { $0 < minimum } && sureWords.reduce(0, +) >= minimum, "\(sureWords)")

        let status = await run(["status", "--index", handIndex, "--json"]).stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any])
        let learned = try #require(object["handAdaptation"] as? [String: Any], "no hand kept: \(status)")
        let fitted = try #require(learned["words"] as? Int), heldOut = try #require(learned["heldOut"] as? Int)
        #expect(fitted + heldOut > sureWords.max()!, "the fit used one hand's words only")
        #expect(heldOut > 0 && heldOut * HandAdapter.Settings().heldOutEvery <= fitted + heldOut + 4)
        let lossBefore = try #require(learned["heldOutLossBefore"] as? Double)
        let lossAfter = try #require(learned["heldOutLossAfter"] as? Double)
        #expect(lossAfter < lossBefore)
        #expect(learned["recognitionVersion"] as? Int == TranscriberFactory.recognitionVersion)
        #expect(learned["languages"] as? [String] == ["en"])
        #expect((learned["created"] as? String)?.isEmpty == false)
    }
}
