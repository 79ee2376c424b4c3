import DrawingModel
import Foundation
import TextMatching

/// A search over a transcript's candidates, as `StrokeRecognizer.search` defines it, folding text
/// as the index does (`TextFolding`): case, accents and ligatures ignored and "ue" standing for
/// "ü", or, when case must match, the text exactly as written (accents too).
struct TranscriptQuery {
    /// The query's words, folded.
    let tokens: [String]
    let fullWordsOnly: Bool
    let caseMatchingOnly: Bool

    /// nil when `text` has no words. Each CJK character of the query is a word of its own, as
    /// each handwritten one is in a transcript ("学习" matches two consecutive characters).
    init?(_ text: String, fullWordsOnly: Bool, caseMatchingOnly: Bool) {
        self.fullWordsOnly = fullWordsOnly
        self.caseMatchingOnly = caseMatchingOnly
        let words = text.split(whereSeparator: \.isWhitespace).flatMap { word in
            CJKText.parts(of: word).map { String(word[$0]) }
        }
        guard !words.isEmpty else { return nil }
        tokens = words.map { caseMatchingOnly ? TextFolding.exact($0) : TextFolding.fold($0) }
    }

    /// The forms of a reading that a query word is compared with.
    private func forms(of reading: String) -> [String] {
        caseMatchingOnly
            ? [TextFolding.exact(reading)] : TextFolding.indexForms(reading).split(separator: " ").map(String.init)
    }

    /// Every match, line by line, left to right.
    func results(in transcript: Transcript) -> [StrokeRecognizer.SearchResult] {
        var results: [StrokeRecognizer.SearchResult] = []
        for line in transcript.lines where line.words.count >= tokens.count {
            for start in 0...(line.words.count - tokens.count) {
                var matched: [String] = []
                for (k, token) in tokens.enumerated() {
                    guard let text = match(token, at: k, line.words[start + k]) else { break }
                    matched.append(text)
                }
                guard matched.count == tokens.count else { continue }
                let words = line.words[start..<(start + tokens.count)]
                let bounds = words.dropFirst().reduce(words[start].bounds) { $0.union($1.bounds) }
                let strokes = words.reduce(into: Set<UUID>()) { $0.formUnion($1.strokeIDs) }
                results.append(.init(strokeIDs: strokes, bounds: bounds, text: matched.joined(separator: " ")))
            }
        }
        return results
    }

    /// The first candidate of `word` matching query word number `position`, if any.
    private func match(_ token: String, at position: Int, _ word: RecognizedWord) -> String? {
        word.candidates.first { candidate in
            forms(of: candidate.text).contains { text in
                if fullWordsOnly { return text == token || Self.trimmed(text) == Self.trimmed(token) }
                let isFirst = position == 0, isLast = position == tokens.count - 1
                switch (isFirst, isLast) {
                case (true, true): return text.contains(token)
                case (true, false): return text.hasSuffix(token) || Self.trimmed(text).hasSuffix(token)
                case (false, true): return text.hasPrefix(token) || Self.trimmed(text).hasPrefix(token)
                case (false, false): return text == token || Self.trimmed(text) == Self.trimmed(token)
                }
            }
        }?.text
    }

    /// Without punctuation at either end ("word," → "word"); unchanged when that leaves nothing.
    static func trimmed(_ text: String) -> String {
        let core = text.drop { $0.isPunctuation }.reversed().drop { $0.isPunctuation }.reversed()
        return core.isEmpty ? text : String(core)
    }
}

extension Transcript {
    /// Where `text` is written in this transcript, by the rules of `StrokeRecognizer.search`, for
    /// callers that recognized a drawing themselves (the command line's `render --highlight`).
    /// - Returns: one result per match, in reading order; empty for an empty query.
    package func matches(
        of text: String, fullWordsOnly: Bool = false, caseMatchingOnly: Bool = false
    )
        -> [StrokeRecognizer.SearchResult]
    {
        TranscriptQuery(text, fullWordsOnly: fullWordsOnly, caseMatchingOnly: caseMatchingOnly)?.results(in: self) ?? []
    }
}
