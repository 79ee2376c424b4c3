import DrawingModel
import Foundation
import Recognition
import SeededRandom
import Testing

@testable import SearchIndex

/// Schema 10 leaves `folded`, `confidence` and `reading_buckets` NULL where their rule gives them
/// (`ImpliedColumns`): what is read back is always what was written, and the SQL that compared
/// confidences tells the implied ones apart too.
@Suite struct ImpliedColumnsTests {
    func word(_ texts: [String], scores: [Double], confidence: Double, line: Int = 0) -> IndexedWord {
        IndexedWord(
            source: .handwriting, line: line, position: 0,
            candidates: zip(texts, scores).map { WordCandidate(text: $0, score: $1) }, confidence: confidence,
            strokeIDs: [UUID()], bounds: Rect(x: 1, y: 2, width: 3, height: 4))
    }

    func file(_ words: [IndexedWord], path: String = "/x/a.tnb", key: String = "k0") -> IndexedFile {
        IndexedFile(
            path: path, fingerprint: FileFingerprint(size: 1, modificationTime: 2, contentHash: "h"), format: "tnb",
            title: nil,
            drawings: [IndexedDrawing(page: 0, key: key, strokeCount: 1, recognitionVersion: 7, words: words)])
    }

    @Test func foldedIsLeftOutOnlyWhereLowercasingASCIIGivesItByteForByte() {
        #expect(ImpliedColumns.folded("hydra\nhydrae", candidates: "Hydra\nhydrae") == nil)
        #expect(ImpliedColumns.folded("cafe", candidates: "Café") == "cafe")
        // SQLite with ICU would lower "É" as well: such a word keeps its folded text
        #expect(ImpliedColumns.folded("École", candidates: "École") == "École")
        // canonically equal to the candidates, but not the same bytes
        #expect(ImpliedColumns.folded("e\u{301}", candidates: "\u{E9}") == "e\u{301}")
        #expect(ImpliedColumns.folded("中 文", candidates: "中文") == "中 文")
    }

    @Test func confidenceIsLeftOutOnlyWhereTheScoresGiveItBitForBit() {
        let scores = PackedColumns.scores([-0.25, -1.75, -3.5])
        let derived = ImpliedColumns.derivedConfidence(scores: [-0.25, -1.75, -3.5])
        #expect(ImpliedColumns.confidence(derived, packedScores: scores) == nil)
        #expect(ImpliedColumns.confidence(derived.nextDown, packedScores: scores) == derived.nextDown)
        #expect(ImpliedColumns.confidence(1, packedScores: PackedColumns.scores([-2])) == nil)
        #expect(ImpliedColumns.confidence(0.9, packedScores: PackedColumns.scores([-2])) == 0.9)
        #expect(ImpliedColumns.confidence(0, packedScores: PackedColumns.scores([])) == nil)
        #expect(ImpliedColumns.confidence(-0.0, packedScores: PackedColumns.scores([]))?.sign == .minus)
        #expect(ImpliedColumns.buckets("1023") == nil && ImpliedColumns.buckets("1023 40") == "1023 40")
    }

    /// A query derives a confidence from the stored bytes without an array: the same bits.
    @Test func confidenceFromStoredScoresIsTheSameBits() {
        var random = SplitMix64(seed: 10)
        for count in 0..<9 {
            let scores = (0..<count).map { _ in -Double(random.next() % 100_000) / 997 }
            for packed in [PackedColumns.scores(scores), PackedColumns.scores(scores.map { Double(Float($0)) })] {
                let decoded = packed.withUnsafeBytes(PackedColumns.scores)
                let fromBytes = packed.withUnsafeBytes(ImpliedColumns.derivedConfidence(packedScores:))
                #expect(fromBytes.bitPattern == ImpliedColumns.derivedConfidence(scores: decoded).bitPattern)
            }
        }
        #expect([UInt8]([4, 1, 2]).withUnsafeBytes(ImpliedColumns.derivedConfidence(packedScores:)) == 0)
        #expect(Array("Hydra\nLÄB\n".utf8).withUnsafeBytes(ImpliedColumns.lowered) == "hydra\nlÄb\n")
    }

    @Test func wordsReadBackAsWrittenWhicheverColumnsAreLeftOut() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try IndexStore(path: folder.index, access: .write)
        let derived = ImpliedColumns.derivedConfidence(scores: [-0.5, -1.5])
        let words = [
            word(["Luck", "lack"], scores: [-0.5, -1.5], confidence: derived),
            word(["Luck", "lack"], scores: [-0.5, -1.5], confidence: 0.25, line: 1),
            word(["smile"], scores: [-0.1], confidence: 1, line: 2),
            word(["École"], scores: [-0.1], confidence: 0.5, line: 3),
        ]
        try store.replace(file(words))
        #expect(try store.drawings(path: "/x/a.tnb").first?.words == words)
        let nulls = try store.database.text(
            """
            SELECT group_concat((folded IS NULL) || (confidences IS NULL) || (reading_buckets IS NULL), ' ')
            FROM lines ORDER BY id
            """)
        #expect(nulls == "110 100 111 000")
        #expect(try store.database.text("INSERT INTO readings_fts(readings_fts) VALUES ('integrity-check')") == nil)
        // every reading scores as the confidence written says, the implied one included
        let hits = try store.search(SearchQuery("luck", options: SearchOptions(minimumScore: 0)))
        #expect(hits.map(\.score).sorted() == [0.25, derived].sorted())
        #expect(try store.search(SearchQuery("ecole")).map(\.text) == ["École"])
    }

    /// Regression: `markUnsureDrawingsStale` compared `words.confidence` in SQL, which is NULL
    /// where the scores give it, so a drawing whose only unsure word's confidence was implied
    /// was never read again.
    @Test func unsureDrawingsAreMarkedWhenTheirConfidenceIsImplied() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try IndexStore(path: folder.index, access: .write)
        let even = ImpliedColumns.derivedConfidence(scores: [-1, -1])
        #expect(even == 0.5)
        try store.replace(file([word(["fog", "log"], scores: [-1, -1], confidence: even)], path: "/x/unsure.tnb"))
        try store.replace(file([word(["sun"], scores: [-1], confidence: 1)], path: "/x/sure.tnb", key: "k1"))
        #expect(try store.database.integer("SELECT count(*) FROM lines WHERE confidences IS NULL") == 2)
        #expect(try store.markUnsureDrawingsStale(below: 0.9) == 1)
        #expect(
            try store.database.text("SELECT key FROM drawings WHERE recognition_version = ?", IndexStore.markedForHand)
                == "k0")
    }
}
