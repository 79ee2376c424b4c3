import DrawingModel
import Foundation
import Recognition
import SeededRandom
import Testing
import TextMatching

@testable import SearchIndex

@Suite struct IndexStoreTests {
    func sampleFile(path: String) -> IndexedFile {
        let word = IndexedWord(
            source: .handwriting, line: 0, position: 0,
            candidates: [WordCandidate(text: "Café", score: -0.5), WordCandidate(text: "cafe", score: -1.5)],
            confidence: 0.75, strokeIDs: [UUID(), UUID()].sorted { $0.uuidString < $1.uuidString },
            bounds: Rect(x: 1.5, y: 2, width: 30, height: 10))
        let typed = IndexedWord(
            source: .typedText, line: 0, position: 0, candidates: [WordCandidate(text: "Title", score: 0)],
            confidence: 1, strokeIDs: [], bounds: nil)
        return IndexedFile(
            path: path, fingerprint: FileFingerprint(size: 10, modificationTime: 20, contentHash: "abc"), format: "tnb",
            title: nil,
            drawings: [IndexedDrawing(page: 0, key: "k0", strokeCount: 2, recognitionVersion: 7, words: [word, typed])])
    }

    @Test func storedWordsRoundTrip() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try IndexStore(path: folder.index, access: .write)
        let file = sampleFile(path: "/x/a.tnb")
        try store.replace(file)
        try store.replace(file)  // replacing is idempotent
        let stored = try store.storedDrawings(path: "/x/a.tnb")
        #expect(stored["k0"] == file.drawings[0])
        let records = try store.fileRecords(recognitionVersion: 7)
        #expect(records["/x/a.tnb"]?.fingerprint == file.fingerprint)
        #expect(records["/x/a.tnb"]?.hasStaleDrawings == false)
        let status = try store.status(currentRecognitionVersion: 7)
        #expect(status.files == 1 && status.pages == 1 && status.drawings == 1 && status.words == 2)
        try store.removeFiles(["/x/a.tnb"])
        #expect(try store.status(currentRecognitionVersion: 7).words == 0)
        #expect(try store.database.integer("SELECT count(*) FROM readings_fts WHERE readings_fts MATCH 'cafe'") == 0)
        #expect(try store.database.integer("SELECT count(*) FROM readings_fts") == 0)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func accentsAndCaseFoldForMatchingButCaseSensitiveKeepsCase() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try IndexStore(path: folder.index, access: .write)
        try store.replace(sampleFile(path: "/x/a.tnb"))
        #expect(try store.search(SearchQuery("CAFE")).map(\.text) == ["Café"])
        #expect(try store.search(SearchQuery("caf", options: SearchOptions(fullWordsOnly: true))).isEmpty)
        let exact = try store.search(SearchQuery("cafe", options: SearchOptions(caseSensitive: true)))
        #expect(exact.map(\.text) == ["cafe"])
        #expect(exact.first.map { $0.score < 0.75 } == true)  // an alternative reading scores lower
        #expect(try store.search(SearchQuery("CAFE", options: SearchOptions(caseSensitive: true))).isEmpty)
    }

    /// `top` is as long as it can be, sorted, and its worst hit is in the same score bucket
    /// as the `limit`-th best of `all` or better.
    func expectBestUpToNearTies(_ top: [SearchHit], all: [SearchHit], limit: Int) {
        #expect(top.count == min(limit, all.count))
        #expect(top.map(\.score) == top.map(\.score).sorted(by: >))
        if let worst = top.last, all.count >= limit {
            #expect(worst.score >= ReadingID.floor(ofBucket: ReadingID.bucket(all[limit - 1].score)))
        }
    }

    /// Single-word queries stop reading once the best `limit` are certain: same as ranking all.
    @Test func limitedSingleWordQueryKeepsTheExactBest() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try IndexStore(path: folder.index, access: .write)
        var random = SplitMix64(seed: 7)
        let words = (0..<200).map { i in
            let confidence = Double(random.next() % 1000) / 1000
            let alternative = random.next() % 3 == 0
            let candidates =
                alternative
                ? [
                    WordCandidate(text: "pear", score: 0),
                    WordCandidate(text: "apple", score: -Double(random.next() % 30) / 10),
                ]
                : [WordCandidate(text: "apples", score: 0)]
            return IndexedWord(
                source: .handwriting, line: i, position: 0, candidates: candidates, confidence: confidence,
                strokeIDs: [],
                bounds: nil)
        }
        try store.replace(IndexedFile.oneDrawing(path: "/x/many.tnb", words: words))
        let all = try store.search(SearchQuery("apple", options: SearchOptions(limit: 1000)))
        #expect(all.count == words.count)
        for limit in [1, 3, 10, 50] {
            let top = try store.search(SearchQuery("apple", options: SearchOptions(limit: limit)))
            expectBestUpToNearTies(top, all: all, limit: limit)
            for minimum in [0.1, 0.5, 0.9] {
                let kept = try store.search(
                    SearchQuery("apple", options: SearchOptions(limit: limit, minimumScore: minimum)))
                expectBestUpToNearTies(kept, all: all.filter { $0.score >= minimum }, limit: limit)
                #expect(kept.allSatisfy { $0.score >= minimum })
            }
        }
    }

    /// A word is ranked by its first matching reading, whichever row found it, and `--min-score`
    /// keeps what it keeps when reading stops early: readings here need not score in rank order
    /// (a recognizer gives "buth." and "burth." one score, "birth." a lower one).
    @Test func minimumScoreKeepsWhatRankingEveryMatchKeeps() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try IndexStore(path: folder.index, access: .write)
        var random = SplitMix64(seed: 11)
        let words = (0..<300).map { i in
            let best = -Double(random.next() % 40) / 10
            let candidates = [
                WordCandidate(text: "buth.", score: best),
                WordCandidate(text: "birth.", score: best - Double(random.next() % 30) / 10),
                WordCandidate(text: "buth,", score: best), WordCandidate(text: "burth.", score: best),
            ]
            return IndexedWord(
                source: .handwriting, line: i, position: 0, candidates: Array(candidates.prefix(i % 3 == 0 ? 4 : 2)),
                confidence: Double(random.next() % 1000) / 1000, strokeIDs: [], bounds: nil)
        }
        try store.replace(IndexedFile.oneDrawing(path: "/x/ties.tnb", words: words))
        for fuzzy in [false, true] {
            let all = try store.search(SearchQuery("birth", options: SearchOptions(limit: 1000, fuzzy: fuzzy)))
            #expect(all.count == words.count && all.allSatisfy { $0.text == "birth." })
            for minimum in [0.05, 0.1, 0.3] {
                let kept = try store.search(
                    SearchQuery("birth", options: SearchOptions(limit: 1000, minimumScore: minimum, fuzzy: fuzzy)))
                #expect(kept.map(\.line).sorted() == all.filter { $0.score >= minimum }.map(\.line).sorted())
                let top = try store.search(
                    SearchQuery("birth", options: SearchOptions(limit: 20, minimumScore: minimum, fuzzy: fuzzy)))
                expectBestUpToNearTies(top, all: all.filter { $0.score >= minimum }, limit: 20)
            }
        }
    }

    /// Phrases stop reading early too: the best `limit` are those of ranking every match.
    @Test func limitedPhraseQueryKeepsTheExactBest() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try IndexStore(path: folder.index, access: .write)
        var random = SplitMix64(seed: 9)
        let words = (0..<150).flatMap { line in
            ["big", line % 4 == 0 ? "pear" : "apple"].enumerated().map { position, text in
                IndexedWord(
                    source: .handwriting, line: line, position: position,
                    candidates: [WordCandidate(text: text, score: 0)],
                    confidence: Double(random.next() % 1000) / 1000, strokeIDs: [], bounds: nil)
            }
        }
        try store.replace(IndexedFile.oneDrawing(path: "/x/lines.tnb", words: words))
        for text in ["big apple", "big app"] {
            let all = try store.search(SearchQuery(text, options: SearchOptions(limit: 1000)))
            #expect(all.count == 150 - 38)
            for limit in [1, 5, 40] {
                let top = try store.search(SearchQuery(text, options: SearchOptions(limit: limit)))
                expectBestUpToNearTies(top, all: all, limit: limit)
            }
        }
    }

    /// Indexes of versions 1 and 2 are upgraded by `build`: words renumbered, every reading
    /// indexed, control characters gone from the stored readings; queries refuse them until then.
    @Test(arguments: [1, 2]) func olderIndexIsMigrated(version: Int) throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        try LegacyIndex.write(path: folder.index, version: version)
        #expect(throws: IndexStoreError.self) { try IndexStore(path: folder.index, access: .read) }

        let store = try IndexStore(path: folder.index, access: .write)
        #expect(try store.database.integer("PRAGMA user_version") == IndexSchema.version)
        var ids: [Int64] = []
        try store.database.statement("SELECT id FROM words ORDER BY id").forEachRow { ids.append($0.int64(0)) }
        #expect(ids == (0..<3).map { 1 << 20 | Int64($0) })
        #expect(try store.search(SearchQuery("cafe")).map(\.text) == ["Café"])
        #expect(try store.search(SearchQuery("itl")).map(\.text) == ["Title"])
        #expect(
            try store.search(SearchQuery("here", options: SearchOptions(fullWordsOnly: true))).map(\.text) == [
                "tab\there"
            ])
        #expect(try store.database.integer("SELECT count(*) FROM readings") == 4)
        var folded: [String] = []
        try store.forEachWord(from: 0, through: WordID.mask) { word in
            if word.readings.hasPrefix("tab") { folded.append(word.folded) }
            return true
        }
        #expect(folded == ["tab here"])
        #expect(try store.database.text("INSERT INTO readings_fts(readings_fts) VALUES ('integrity-check')") == nil)
        #expect(try store.integrityCheck() == "ok")
    }

    /// Readings are stored one per line and indexed through JSON, which allows no control
    /// characters: the writer stores them as spaces, and the word stays searchable.
    @Test func controlCharactersInReadingsBecomeSpaces() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try IndexStore(path: folder.index, access: .write)
        let word = IndexedWord(
            source: .typedText, line: 0, position: 0, candidates: [WordCandidate(text: "tab\there\u{1}", score: 0)],
            confidence: 1, strokeIDs: [], bounds: nil)
        try store.replace(IndexedFile.oneDrawing(path: "/x/typed.tnb", words: [word]))
        #expect(
            try store.database.text("SELECT candidates || '|' || coalesce(folded, candidates) FROM lines")
                == "tab here |tab here ")
        #expect(try store.search(SearchQuery("here", options: SearchOptions(fullWordsOnly: true))).count == 1)
    }

    @Test func readingIDsSortByScoreAndStayUnique() throws {
        var random = SplitMix64(seed: 11)
        var seen = Set<Int64>()
        for _ in 0..<2000 {
            let score = Double(random.next() % 10_001) / 10_000
            let drawing = Int64(random.next() % UInt64(WordID.maxDrawingID + 1))
            let number = Int(random.next() % UInt64(WordID.maxWordsPerDrawing))
            let word = try WordID.make(drawingID: drawing, wordNumber: number)
            let rank = Int(random.next() % UInt64(ReadingID.indexedReadings))
            let id = ReadingID.make(wordID: word, rank: rank, score: score)
            #expect(id > 0)
            #expect((id >> 3) & WordID.mask == word)  // as the search's join takes it apart
            let bucket = ReadingID.bucket(score)
            #expect(ReadingID.scoreCeiling(id) >= score)
            #expect(ReadingID.floor(ofBucket: bucket) <= score + 1e-12)
            if bucket < ReadingID.buckets - 1 {
                #expect(ReadingID.ceiling(ofBucket: bucket) <= ReadingID.floor(ofBucket: bucket + 1) + 1e-9)
            }
            seen.insert(id)
            let better = min(1, score + 0.01)
            if ReadingID.bucket(better) > ReadingID.bucket(score) {  // a likelier reading comes before any ID above
                #expect(ReadingID.make(wordID: WordID.mask, rank: ReadingID.indexedReadings - 1, score: better) < id)
            }
        }
        #expect(seen.count == 2000)
        #expect(throws: IndexStoreError.self) { try WordID.make(drawingID: 1 << 30, wordNumber: 0) }
        #expect(throws: IndexStoreError.self) { try WordID.make(drawingID: 1, wordNumber: 1 << 20) }
    }

    /// The schema's `readings` view computes the IDs `ReadingID` does, from what the writer stored.
    @Test func readingsViewAgreesWithReadingID() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try IndexStore(path: folder.index, access: .write)
        let file = sampleFile(path: "/x/a.tnb")
        try store.replace(file)
        var rows: [Int64: String] = [:]
        try store.database.statement("SELECT id, folded FROM readings").forEachRow { rows[$0.int64(0)] = $0.string(1) }
        let drawing = try #require(try store.database.integer("SELECT id FROM drawings"))
        var expected: [Int64: String] = [:]
        for (number, word) in file.drawings[0].words.enumerated() {
            let best = word.candidates[0].score
            for (rank, candidate) in word.candidates.enumerated() {
                let score = ReadingID.score(confidence: word.confidence, best: best, chosen: candidate.score)
                let id = ReadingID.make(
                    wordID: try WordID.make(drawingID: Int64(drawing), wordNumber: number), rank: rank, score: score)
                expected[id] = TextFolding.fold(candidate.text)
            }
        }
        #expect(rows == expected)
    }

    @Test func newerSchemaIsRefused() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        _ = try IndexStore(path: folder.index, access: .write)
        try Database(path: folder.index).execute("PRAGMA user_version = 99")
        #expect {
            try IndexStore(path: folder.index, access: .read)
        } throws: { error in
            (error as? IndexStoreError)?.description.contains("schema version 99 is newer") == true
        }
    }

    @Test func otherSQLiteFilesAreRefused() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        try FileManager.default.createDirectory(atPath: folder.path + "/index", withIntermediateDirectories: true)
        try Database(path: folder.index).execute("CREATE TABLE t(x)")
        #expect(throws: IndexStoreError.self) { try IndexStore(path: folder.index, access: .write) }
    }

    @Test func missingIndexIsNotCreatedByReaders() {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        #expect(throws: IndexStoreError.self) { try IndexStore(path: folder.index, access: .read) }
        #expect(!FileManager.default.fileExists(atPath: folder.index))
    }

    @Test func errorsNameTheSQLButNeverTheValues() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t(x TEXT NOT NULL)")
        do {
            try database.run("INSERT INTO t(x) VALUES (?)", DatabaseValue.null)
            Issue.record("expected a constraint error")
        } catch {
            #expect(error.description.contains("INSERT INTO t(x) VALUES (?)"))
            #expect(error.primaryCode == 19)  // SQLITE_CONSTRAINT
        }
        do {
            try database.run("INSERT INTO nowhere VALUES (?)", "secret note text")
        } catch {
            #expect(error.description.contains("no such table"))
            #expect(!error.description.contains("secret"))
        }
    }

    @Test func recognizerVersionIsReadableFromTheSQLiteShell() throws {
        let shell = "/usr/bin/sqlite3"
        guard FileManager.default.isExecutableFile(atPath: shell) else { return }
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try IndexStore(path: folder.index, access: .write)
        try store.setRecognitionVersion(5)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = [folder.index, "SELECT value FROM meta WHERE key = 'recognition_version'"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "5")
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func sha256MatchesKnownDigests(input: String, digest: String) {
        var hash = SHA256()
        hash.update(Array(input.utf8))
        #expect(hash.finalizeHex() == digest)
    }

    /// Bytes fed in pieces of every size around a block's 64 hash as they do whole, and as
    /// coreutils' `sha256sum` hashes them.
    @Test func sha256OfPiecesIsTheSameAsOfTheWhole() throws {
        var random = SplitMix64(seed: 256)
        let bytes = (0..<5_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        var whole = SHA256()
        whole.update(bytes)
        let digest = whole.finalizeHex()
        for piece in [1, 3, 63, 64, 65, 127, 1000] {
            var hash = SHA256()
            var start = 0
            while start < bytes.count {
                hash.update(Array(bytes[start..<min(bytes.count, start + piece)]))
                start += piece
            }
            #expect(hash.finalizeHex() == digest, "pieces of \(piece)")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sha256-\(UUID().uuidString)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(output.split(separator: " ").first.map(String.init) == digest)
    }
}
