import DrawingModel
import Foundation
import Recognition

/// Reading a page with a writer's hand (`HandAdaptation`) without losing what the shipped reader
/// found there.
///
/// A page is read by the shipped reader first (its sure words teach the hand). Only its unsure
/// handwritten words, below `UserVocabulary.minimumConfidence`, are read again, from their
/// strokes alone, by the adapted reader; each word read again that covers one of them
/// (`covers`) and is surer of its reading adds its readings to that word's (`merged`), and
/// nothing else changes. So the
/// adapted reader costs the reading of the unsure ink, not of the page, and a word the shipped
/// reader found stays findable: every shipped reading is kept with the search score it had.
/// The hand's reading leads only a word the shipped reader read no more surely than
/// `handLeadsAtMost` (`mayLead`).
/// The drawings a hand just learned is to read again (those the build that learned it marked,
/// and every page `text --index` reads: `HandBesideShippedTranscriber`) have instead the lines
/// holding an unsure word read again, the hand's reading of each unsure word leading it
/// (`readAgainByLines`).
package enum HandReading {
    /// The sure threshold: words read at least this surely are not read again.
    static let sureConfidence = UserVocabulary.minimumConfidence

    /// The hand's reading leads only a word the shipped reader read at most this surely: above
    /// it, a surer reading of the hand was more often wrong than the shipped one it displaced
    /// (docs/recognizer.md, the writer's hand). It is the highest of `query`'s default floors,
    /// so a hand's reading that does not lead still scores above every default floor, and
    /// search finds what it found when that reading led.
    static let handLeadsAtMost = SearchOptions.defaultMinimumScore(letters: 0)

    /// `words` with each unsure one read as the word of `again` (the hand's reading of the lines
    /// holding them) that covers it best, its shipped readings merged beside (`merged`, the hand's in
    /// the shipped place: replacing them lost right readings); sure words, and unsure ones no
    /// word of `again` covers, stay as they are.
    static func replacingUnsure(_ words: [IndexedWord], with again: [IndexedWord]) -> [IndexedWord] {
        let again = again.filter { $0.bounds != nil }
        var result = words
        for index in unsure(words) {
            guard let bounds = words[index].bounds else { continue }
            let best = again.max { overlap($0.bounds!, bounds) < overlap($1.bounds!, bounds) }
            guard let best, covers(best, words[index]) else { continue }
            var hand = words[index]
            hand.candidates = best.candidates
            hand.confidence = best.confidence
            result[index] = merged(shipped: hand, adapted: words[index])
        }
        return result
    }

    /// `words` (a page's, as the shipped reader or an earlier build left them) with each unsure
    /// word led by `hand`'s reading of its line (`replacingUnsure`): only the lines holding an
    /// unsure word are read, each one's ink alone, as the build laid the page out, so the line
    /// decoder sees a word's neighbours without the cost of the whole drawing. `words` itself
    /// when none is unsure.
    static func readAgainByLines(
        _ words: [IndexedWord], in drawing: Drawing, with hand: any DrawingTranscriber
    ) -> [IndexedWord] {
        let unsure = unsure(words)
        guard !unsure.isEmpty else { return words }
        let again = Set(unsure.map { words[$0].line }).sorted().flatMap { line -> [IndexedWord] in
            let strokes = Set(words.filter { $0.source == .handwriting && $0.line == line }.flatMap(\.strokeIDs))
            let ink = Drawing(strokes: drawing.strokes.filter { strokes.contains($0.id) })
            return IndexedWord.handwriting(hand.transcribe(ink))
        }
        return replacingUnsure(words, with: again)
    }

    /// `transcript` (the shipped reader's) with its unsure words led by `hand`'s reading of
    /// their lines (`readAgainByLines`); `transcript` itself when none is unsure.
    package static func readAgainByLines(
        _ transcript: Transcript, in drawing: Drawing, with hand: any DrawingTranscriber
    ) -> Transcript {
        let (places, words) = handwrittenWords(of: transcript)
        guard !unsure(words).isEmpty else { return transcript }
        let again = readAgainByLines(words, in: drawing, with: hand)
        var result = transcript
        for (place, word) in zip(places, again) {
            result.lines[place.line].words[place.word].candidates = word.candidates
            result.lines[place.line].words[place.word].confidence = word.confidence
        }
        return result
    }

    /// The words of `transcript` read whole (not character by character), with their places.
    private static func handwrittenWords(of transcript: Transcript) -> ([(line: Int, word: Int)], [IndexedWord]) {
        var places: [(line: Int, word: Int)] = []
        var words: [IndexedWord] = []
        for (l, line) in transcript.lines.enumerated() {
            for (w, word) in line.words.enumerated() where word.characters.isEmpty && !word.candidates.isEmpty {
                places.append((l, w))
                words.append(
                    IndexedWord(
                        source: .handwriting, line: l, position: w, candidates: word.candidates,
                        confidence: word.confidence, strokeIDs: word.strokeIDs.sorted(by: UUID.precedesAsString),
                        bounds: word.bounds))
            }
        }
        return (places, words)
    }

    /// Whether the hand's reading of a word may lead it: it is surer than the shipped one, which
    /// was read no more surely than `handLeadsAtMost`.
    static func mayLead(_ adapted: IndexedWord, over shipped: IndexedWord) -> Bool {
        adapted.confidence > shipped.confidence && shipped.confidence <= handLeadsAtMost
    }

    /// The handwritten words of a page read less surely than `sureConfidence`, with ink.
    static func unsure(_ words: [IndexedWord]) -> [Int] {
        words.indices.filter {
            words[$0].source == .handwriting && words[$0].confidence < sureConfidence && !words[$0].strokeIDs.isEmpty
        }
    }

    /// `words` (a page's, as the shipped reader or an earlier build left them) with their unsure
    /// words, but those `skipping` names (read again from their evidence), read again by `hand`
    /// and merged; `words` itself when none is unsure.
    static func readAgain(
        _ words: [IndexedWord], in drawing: Drawing, with hand: any DrawingTranscriber, skipping: Set<Int> = []
    ) -> [IndexedWord] {
        let unsure = unsure(words).filter { !skipping.contains($0) }
        guard !unsure.isEmpty else { return words }
        let strokes = Set(unsure.flatMap { words[$0].strokeIDs })
        let ink = Drawing(strokes: drawing.strokes.filter { strokes.contains($0.id) })
        let again = IndexedWord.handwriting(hand.transcribe(ink)).filter { $0.bounds != nil }
        var result = words
        for index in unsure {
            guard let bounds = words[index].bounds else { continue }
            let best = again.max { overlap($0.bounds!, bounds) < overlap($1.bounds!, bounds) }
            // a reading no surer than the shipped one would add only readings a search may find wrongly
            guard let best, covers(best, words[index]), best.confidence > words[index].confidence else { continue }
            result[index] = merged(shipped: words[index], adapted: best)
        }
        return result
    }

    /// The evidence (`HandEvidence`) the reader kept of `words`' unsure words, by index in
    /// `words` (`IndexedWord.handwriting(transcript)`).
    static func evidence(in transcript: Transcript, of words: [IndexedWord]) -> [Int: HandEvidence] {
        var byIndex: [Int: HandEvidence] = [:]
        let unsure = unsure(words)
        guard !unsure.isEmpty else { return [:] }
        for line in transcript.lines {
            for word in line.words where word.characters.isEmpty {
                guard let evidence = word.handEvidence else { continue }
                let strokes = word.strokeIDs.sorted(by: UUID.precedesAsString)
                if let index = unsure.first(where: {
                    byIndex[$0] == nil && words[$0].bounds == word.bounds && words[$0].strokeIDs == strokes
                        && words[$0].candidates == word.candidates
                }) {
                    byIndex[index] = evidence
                }
            }
        }
        return byIndex
    }

    /// `words` with the unsure ones that have evidence read again from it by `readAgain` (a hand
    /// reading the same frames: `DrawingTranscriber.readAgain`), merged where surer, as
    /// `readAgain(_:in:with:)` merges a reading of their ink.
    static func readAgain(
        _ words: [IndexedWord], evidence: [Int: HandEvidence],
        with readAgain: (HandEvidence) -> (candidates: [WordCandidate], confidence: Double)?
    ) -> [IndexedWord] {
        var result = words
        for (index, evidence) in evidence.sorted(by: { $0.key < $1.key }) where words.indices.contains(index) {
            guard let again = readAgain(evidence), again.confidence > words[index].confidence else { continue }
            var adapted = words[index]
            adapted.candidates = again.candidates
            adapted.confidence = again.confidence
            result[index] = merged(shipped: words[index], adapted: adapted)
        }
        return result
    }

    /// Whether a word read again is the same ink as a stored one: they share a stroke and their
    /// boxes overlap by at least half of their union (a reading of two words joined, or of a
    /// piece of one, adds no alternative to either).
    static func covers(_ again: IndexedWord, _ word: IndexedWord) -> Bool {
        guard let a = again.bounds, let b = word.bounds, !Set(again.strokeIDs).isDisjoint(with: word.strokeIDs) else {
            return false
        }
        return overlap(a, b) >= 0.5
    }

    /// Intersection over union of two boxes (0 when they do not meet).
    static func overlap(_ a: Rect, _ b: Rect) -> Double {
        let width = min(a.maxX, b.maxX) - max(a.minX, b.minX)
        let height = min(a.maxY, b.maxY) - max(a.minY, b.minY)
        guard width > 0, height > 0 else { return 0 }
        let inter = width * height
        return inter / (a.width * a.height + b.width * b.height - inter)
    }

    /// The shipped word with the adapted reading's readings beside its own.
    ///
    /// Where the adapted reading may lead (`mayLead`), the word takes its confidence, else it
    /// keeps the shipped one. Every reading is scored so that its search score (`ReadingID.score`:
    /// confidence times likelihood relative to the best) is the one it had in its own reading,
    /// the higher where both read the same text, but never above the word's confidence. Readings
    /// are ranked by that score, the leading reading's best first; at most
    /// `ReadingID.indexedReadings` are kept, every shipped one among them before any adapted one
    /// is dropped.
    static func merged(shipped: IndexedWord, adapted: IndexedWord) -> IndexedWord {
        guard let shippedBest = shipped.candidates.first?.score, let adaptedBest = adapted.candidates.first?.score
        else { return shipped }
        let confidence = mayLead(adapted, over: shipped) ? adapted.confidence : shipped.confidence
        guard confidence > 0 else { return shipped }
        let top = log(confidence)
        // log of each reading's search score, on the merged word's scale (a best reading's is
        // exactly the log of its confidence, so it ties with a reading capped there)
        func scored(_ word: IndexedWord, best: Double) -> [(text: String, logScore: Double)] {
            word.candidates.map { ($0.text, log(max(word.confidence, 1e-12)) + ($0.score - best)) }
        }
        var order: [String] = []
        var logScores: [String: Double] = [:]
        var fromShipped = Set<String>()
        // no reading scores above the word's confidence: ties keep the shipped best first
        for (text, logScore) in scored(shipped, best: shippedBest) {
            if logScores[text] == nil { order.append(text) }
            logScores[text] = min(top, max(logScores[text] ?? -.infinity, logScore))
            fromShipped.insert(text)
        }
        for (text, logScore) in scored(adapted, best: adaptedBest) where !text.isEmpty {
            if logScores[text] == nil { order.append(text) }
            logScores[text] = min(top, max(logScores[text] ?? -.infinity, logScore))
        }
        // ties keep the shipped order, then the adapted one's
        var ranked = order.enumerated().sorted {
            let (a, b) = (logScores[$0.element]!, logScores[$1.element]!)
            return a != b ? a > b : $0.offset < $1.offset
        }.map(\.element)
        let limit = max(ReadingID.indexedReadings, shipped.candidates.count)
        while ranked.count > limit, let drop = ranked.lastIndex(where: { !fromShipped.contains($0) }) {
            ranked.remove(at: drop)
        }
        var word = shipped
        word.confidence = confidence
        // the best reading keeps the shipped best score; the others sit below it as their search scores say
        word.candidates = ranked.prefix(limit).map {
            WordCandidate(text: $0, score: shippedBest + min(0, logScores[$0]! - top))
        }
        return word
    }
}

/// A transcriber reading as a build with a writer's hand does (`HandReading`): the shipped
/// reader's transcript, the lines holding its unsure words read again by the hand, whose reading
/// of each unsure word leads it (`readAgainByLines`).
package struct HandBesideShippedTranscriber: DrawingTranscriber {
    package let shipped: any DrawingTranscriber
    package let hand: any DrawingTranscriber

    package init(shipped: any DrawingTranscriber, hand: any DrawingTranscriber) {
        self.shipped = shipped
        self.hand = hand
    }

    package var recognitionVersion: Int { shipped.recognitionVersion }
    package var recognitionLanguages: [Locale.Language] { shipped.recognitionLanguages }

    package func transcribe(_ drawing: Drawing) -> Transcript {
        HandReading.readAgainByLines(shipped.transcribe(drawing), in: drawing, with: hand)
    }
}
