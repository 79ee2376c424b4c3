import DrawingModel
import Foundation
import NotebookFormats
import SeededRandom
import Testing

@testable import SearchIndex

/// Schema 9 stores a stroke ID a reader derived from the file's digest and a key as that digest
/// and key (`StrokeList`), and derives it again when a query shows it: the IDs it gives back must
/// be the reader's, byte for byte.
@Suite struct StrokeListTests {
    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleNotebooks")

    /// Every page of every sample notebook: its stroke IDs written with the origins its reader
    /// logged come back the same, in the same order, and the formats that derive IDs store them
    /// in far fewer bytes.
    @Test func derivedIDsAreTheReadersOwnOnEverySample() throws {
        let files = try #require(FileManager.default.enumerator(atPath: Self.samples.path)).compactMap { $0 as? String }
            .map { Self.samples.appendingPathComponent($0) }.filter { NotebookFormats.isNotebookFile($0) }
        #expect(files.count >= 8)
        var derivedFormats = Set<String>()
        for file in files {
            let (notebook, origins) = try StrokeKeyLog.recording { try NotebookFormats.read(at: file) }
            for page in notebook.pages {
                var seen = Set<UUID>()
                let ids = page.drawing.strokes.map(\.id).filter { seen.insert($0).inserted }
                let columns = StrokeList.columns(of: ids, origins: origins)
                let list = columns.ids.withUnsafeBytes { stored in
                    (columns.keys ?? []).withUnsafeBytes { StrokeList(ids: stored, keys: $0) }
                }
                #expect(list.ids == ids, "\(file.lastPathComponent)")
                if let keys = columns.keys, ids.count > 8 {
                    derivedFormats.insert(notebook.format)
                    #expect(columns.ids.count + keys.count < 16 * ids.count / 3, "\(file.lastPathComponent)")
                }
            }
        }
        // Xournal++, InkML, SVG, Rnote and Saber derive their IDs
        #expect(derivedFormats.isSuperset(of: ["xopp", "inkml", "svg", "rnote", "saber"]), "\(derivedFormats)")
    }

    @Test func aKeyIsStoredAsAPrefixAndTheNumberItEndsIn() {
        #expect(StrokeList.split("3/0/12")! == ("3/0/", 12))
        #expect(StrokeList.split("rnote/0")! == ("rnote/", 0))
        #expect(StrokeList.split("7")! == ("", 7))
        #expect(StrokeList.split("ü9")! == ("ü", 9))
        // numbers that String(n) would not write back the same way
        for key in ["t07", "x", "", "3/0/", "a1234567890123456789"] { #expect(StrokeList.split(key) == nil) }
    }

    /// An origin that does not give the ID it is logged for (a damaged log, a reader's own bug)
    /// must not change what the index gives back: the drawing's IDs are stored whole.
    @Test func anOriginThatGivesAnotherIDIsNotStored() {
        let digest = Array(repeating: UInt8(7), count: 20)
        let ids = StableStrokeID(fileDigest: digest)
        let right = ids.id(key: "0/0/1")
        let wrong = UUID()
        let origins = [
            right: StrokeKeyLog.Origin(digest: digest, key: "0/0/1"),
            wrong: StrokeKeyLog.Origin(digest: digest, key: "0/0/2"),
        ]
        let good = StrokeList.columns(of: [right], origins: origins)
        #expect(good.ids.isEmpty && good.keys != nil)
        let bad = StrokeList.columns(of: [right, wrong], origins: origins)
        #expect(bad.keys == nil && bad.ids.count == 32)
        #expect(bad.ids.withUnsafeBytes { StrokeList(ids: $0, keys: nil).ids } == [right, wrong])
    }

    /// IDs stored whole and derived ones, interleaved and from two files, keep their order.
    @Test func storedAndDerivedIDsKeepTheListOrder() {
        let a = Array(repeating: UInt8(1), count: 20)
        let b = Array(repeating: UInt8(2), count: 20)
        var origins: [UUID: StrokeKeyLog.Origin] = [:]
        var ids: [UUID] = []
        for (n, digest) in [(5, a), (3, b), (6, a), (-1, a), (4, b), (100, a), (2, a)] {
            guard n >= 0 else {
                ids.append(UUID())
                continue
            }
            let origin = StrokeKeyLog.Origin(digest: digest, key: "1/0/\(n)")
            origins[origin.id] = origin
            ids.append(origin.id)
        }
        let columns = StrokeList.columns(of: ids, origins: origins)
        #expect(columns.ids.count == 16)
        let list = columns.ids.withUnsafeBytes { stored in
            columns.keys!.withUnsafeBytes { StrokeList(ids: stored, keys: $0) }
        }
        #expect(list.ids == ids)
        #expect(list.origins == origins)
    }

    /// Strokes with consecutive keys are one run: a few bytes however long, and a list that
    /// names them out of order still comes back in its own order.
    @Test func consecutiveKeysTakeAFewBytes() {
        let digest = Array(repeating: UInt8(3), count: 20)
        let origins = Dictionary(
            uniqueKeysWithValues: (0..<300).map { n in
                let origin = StrokeKeyLog.Origin(digest: digest, key: "2/0/\(n)")
                return (origin.id, origin)
            })
        let byNumber = (0..<300).map { StrokeKeyLog.Origin(digest: digest, key: "2/0/\($0)").id }
        let header = 1 + 1 + 20 + 1 + 4
        let run = StrokeList.columns(of: byNumber, origins: origins)
        #expect(run.ids.isEmpty && run.keys!.count <= header + 4)
        let shuffled = Array(byNumber[150...] + byNumber[..<150].reversed())
        let columns = StrokeList.columns(of: shuffled, origins: origins)
        let list = columns.keys!.withUnsafeBytes {
            StrokeList(ids: UnsafeRawBufferPointer(start: nil, count: 0), keys: $0)
        }
        #expect(list.ids == shuffled && list.count == 300)
    }

    /// Bytes from a damaged file decode to some list, never a trap.
    @Test func damagedStrokeKeysNeverTrap() {
        let origin = StrokeKeyLog.Origin(digest: Array(repeating: 9, count: 20), key: "0/0/3")
        let columns = StrokeList.columns(of: [UUID(), origin.id], origins: [origin.id: origin])
        let keys = columns.keys!
        for end in 0...keys.count {
            _ = columns.ids.withUnsafeBytes { stored in
                Array(keys[..<end]).withUnsafeBytes { StrokeList(ids: stored, keys: $0).ids }
            }
        }
        var random = SplitMix64(seed: 9)
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 1...40, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            _ = columns.ids.withUnsafeBytes { stored in bytes.withUnsafeBytes { StrokeList(ids: stored, keys: $0).ids }
            }
        }
    }

    /// A build of notebooks whose reader derives its IDs stores their keys, not their IDs, and
    /// a query gives back the reader's IDs; `merge` keeps them derived.
    @Test func aBuildStoresDerivedIDsAndQueriesShowTheReadersOwn() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/a.tnb", "apple pie crusts\n---\nbanana split\n")
        let store = try IndexStore(path: folder.index, access: .write)
        let source = DerivingNotebookSource()
        _ = try await Indexer(store: store, source: source, transcriber: WordTranscriber())
            .build(paths: [folder.path + "/notes"], jobs: 1)
        #expect(try store.database.integer("SELECT count(*) FROM drawings WHERE stroke_keys IS NULL") == 0)
        #expect(try store.database.integer("SELECT sum(length(stroke_ids)) FROM drawings") == 0)
        let notebook = try source.read(at: URL(fileURLWithPath: folder.path + "/notes/a.tnb"))
        for (page, word) in [(0, "crusts"), (1, "banana")] {
            let hit = try #require(try search(folder, word).first)
            let stroke = try #require(
                notebook.pages[page].drawing.strokes.first { $0.path.controlPoints.count == word.count })
            #expect(hit.strokeIDs == [stroke.id])
        }
        let merged = folder.path + "/merged.sqlite"
        let output = try IndexStore(path: merged, access: .write)
        let merge = IndexMerge(
            output: output, outputName: "merged",
            inputs: [.init(name: "a", store: try IndexStore(path: folder.index, access: .read))])
        #expect(try merge.run().copied == 1)
        #expect(try output.database.integer("SELECT count(*) FROM drawings WHERE stroke_keys IS NULL") == 0)
        #expect(
            try output.drawings(path: folder.path + "/notes/a.tnb")
                == store.drawings(path: folder.path + "/notes/a.tnb"))
    }
}

extension StrokeListTests {
    /// An index an older schema wrote holds every stroke ID whole: after the upgrade the next
    /// build reads its notebooks once, without recognizing them, and stores the IDs derived;
    /// queries give back the same IDs, and the build after that reads nothing.
    @Test func theBuildAfterAnUpgradeDerivesTheStoredIDsOnce() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/a.tnb", "apple pie crusts\n---\nbanana split\n")
        folder.write("notes/b.tnb", "cherry tart\n")
        let source = DerivingNotebookSource()
        let transcriber = WordTranscriber()
        func build() async throws -> BuildReport {
            let store = try IndexStore(path: folder.index, access: .write)
            return try await Indexer(store: store, source: source, transcriber: transcriber)
                .build(paths: [folder.path + "/notes"], jobs: 1)
        }
        _ = try await build()
        let before = try ["crusts", "banana", "tart"].map { try search(folder, $0).map(\.strokeIDs) }
        let columns = """
            SELECT (SELECT group_concat(hex(stroke_ids) || '/' || hex(stroke_keys), ',') FROM drawings)
                   || ' ' || (SELECT group_concat(hex(place), ',') FROM lines)
            """
        let built = try IndexStore(path: folder.index, access: .read).database.text(columns)
        // as an upgraded schema-8 index holds them: whole, not looked at
        do {
            let store = try IndexStore(path: folder.index, access: .write)
            var whole: [(Int64, [UInt8])] = []
            try store.database.statement("SELECT id, stroke_ids, stroke_keys FROM drawings").forEachRow { row in
                let ids = row.strokeList(ids: 1, keys: 2).ids
                var bytes: [UInt8] = []
                for id in ids { withUnsafeBytes(of: id.uuid) { bytes.append(contentsOf: $0) } }
                whole.append((row.int64(0), bytes))
            }
            for (id, bytes) in whole {
                try store.database.run("UPDATE drawings SET stroke_ids = ?, stroke_keys = NULL WHERE id = ?", bytes, id)
            }
            try store.setMeta(IndexStore.strokeIDsToDerive, "1")
            #expect(try store.hasStrokeIDsStoredWhole(path: folder.path + "/notes/a.tnb"))
        }
        #expect(try ["crusts", "banana", "tart"].map { try search(folder, $0).map(\.strokeIDs) } == before)
        let calls = transcriber.calls
        let report = try await build()
        #expect(report.unchanged == 2 && transcriber.calls == calls)
        let store = try IndexStore(path: folder.index, access: .read)
        #expect(try store.database.integer("SELECT count(*) FROM drawings WHERE stroke_keys IS NULL") == 0)
        #expect(try store.database.integer("SELECT sum(length(stroke_ids)) FROM drawings") == 0)
        #expect(try !store.hasStrokeIDsToDerive())
        #expect(try ["crusts", "banana", "tart"].map { try search(folder, $0).map(\.strokeIDs) } == before)
        // as the build that first wrote them: the same list order, runs and positions
        #expect(try store.database.text(columns) == built)
    }
}

/// `TextNotebookSource`, its stroke IDs derived from the file's bytes as Xournal++'s reader
/// derives them (`StableStrokeID`, keyed page/layer/index).
struct DerivingNotebookSource: NotebookSource {
    func isNotebookFile(_ url: URL) -> Bool { url.pathExtension == "tnb" }
    func isNotebookFolder(_ url: URL) -> Bool { false }

    func read(at url: URL) throws -> Notebook {
        let plain = try TextNotebookSource().read(at: url)
        let ids = StableStrokeID(fileContents: Array(try Data(contentsOf: url)))
        let pages = plain.pages.enumerated().map { number, page in
            var strokes = page.drawing.strokes
            for index in strokes.indices { strokes[index].id = ids.id(page: number, index: index) }
            return Page(drawing: Drawing(strokes: strokes), texts: page.texts)
        }
        return Notebook(format: "tnb", pages: pages)
    }
}
