import DrawingModel
import Foundation

/// Recognizes the handwriting of one drawing, in the shape of PencilKit's `PKStrokeRecognizer`:
/// give it a drawing, then ask for its text, its indexable content, or where a word is.
///
/// Recognition runs lazily, once per drawing, on the actor; the results are cached until the next
/// `updateDrawing(_:)`.
public actor StrokeRecognizer {
    /// Where a search matched: the strokes of the matched words and their box.
    public struct SearchResult: Sendable, Hashable {
        /// Strokes with ink in the matched words.
        public var strokeIDs: Set<UUID>
        /// Tight box of the matched words' own points, in drawing coordinates.
        public var bounds: Rect
        /// The candidates that matched, one per word, joined by spaces.
        public var text: String

        package init(strokeIDs: Set<UUID>, bounds: Rect, text: String) {
            self.strokeIDs = strokeIDs
            self.bounds = bounds
            self.text = text
        }
    }

    /// Languages handwriting can be recognized in.
    public static var supportedLanguages: [Locale.Language] { RecognitionLanguage.supported }

    /// Changes whenever recognition of the same drawing can give a different result.
    public static var recognitionVersion: Int { HandwritingRecognizer.recognitionVersion }

    /// The languages this recognizer was asked to prefer, all supported.
    public nonisolated let preferredLanguages: [Locale.Language]
    /// The recognizer doing the work; shared, immutable.
    public nonisolated let recognizer: HandwritingRecognizer

    private var drawing = Drawing()
    private var cached: Transcript?

    /// A recognizer using `recognizer` for the reading.
    ///
    /// - Parameters:
    ///   - recognizer: the shared recognizer.
    ///   - preferredLanguages: languages to prefer; nil for the supported ones.
    /// - Throws: `LanguageError.unsupported` when a preferred language is not supported.
    public init(
        recognizer: HandwritingRecognizer, preferredLanguages: [Locale.Language]? = nil
    )
        throws(LanguageError)
    {
        self.preferredLanguages = try RecognitionLanguage.resolve(preferredLanguages)
        self.recognizer = recognizer
    }

    /// A recognizer using the shipped model, as PencilKit's `PKStrokeRecognizer()`.
    ///
    /// - Parameter preferredLanguages: the languages to read (their word lists together); nil for English.
    /// - Throws: `LanguageError.unsupported` for a language we cannot read (checked first), or
    ///   `ModelError` when the model resources are missing or damaged.
    public init(preferredLanguages: [Locale.Language]? = nil) throws {
        _ = try RecognitionLanguage.resolve(preferredLanguages)
        let recognizer =
            try preferredLanguages.map { languages throws(ModelError) in
                try HandwritingRecognizer.make(languages: languages)
            }
            ?? HandwritingRecognizer.makeDefault()
        try self.init(recognizer: recognizer, preferredLanguages: preferredLanguages)
    }

    /// Replaces the drawing; results are recomputed on the next request.
    public func updateDrawing(_ drawing: Drawing) {
        self.drawing = drawing
        cached = nil
    }

    /// The whole recognition result: lines, words, n-best candidates, strokes and boxes.
    public var transcript: Transcript {
        if let cached { return cached }
        let transcript = recognizer.transcribe(drawing)
        cached = transcript
        return transcript
    }

    /// The best reading of the drawing, or of some of its strokes, lines separated by newlines.
    ///
    /// - Parameter strokeIDs: strokes to read, as if nothing else were drawn; all when nil.
    /// - Returns: nil when nothing recognizable is there.
    public func recognizedText(strokeIDs: Set<UUID>? = nil) -> String? {
        let result = strokeIDs.map { recognizer.transcribe(drawing, strokeIDs: $0) } ?? transcript
        let text = result.text
        return text.allSatisfy(\.isWhitespace) ? nil : text
    }

    /// Every plausible reading of every word, for a full-text index, so that a search for any
    /// candidate ("101" and "lol" alike) finds the drawing: the words' distinct candidates
    /// separated by spaces, lines separated by newlines.
    ///
    /// nil for an empty drawing, or one where nothing was recognized.
    public var indexableContent: String? {
        let lines = transcript.lines.map { line in
            line.words.map { word in
                var seen = Set<String>()
                return word.candidates.map(\.text).filter { !$0.isEmpty && seen.insert($0).inserted }
                    .joined(separator: " ")
            }.joined(separator: " ")
        }
        let content = lines.joined(separator: "\n")
        return content.allSatisfy(\.isWhitespace) ? nil : content
    }

    /// Where `text` is written.
    ///
    /// A query of several words matches consecutive words of one line, any candidate of each
    /// word; each CJK character counts as a word ("学习" is two, read as two characters). Matching folds text as the index does (`TextFolding`): case, diacritics and
    /// ligatures are ignored ("strasse" finds "Straße") and "ue" finds "ü"; with `caseMatchingOnly`
    /// the query matches the reading exactly, case and accents as written (`query --case-sensitive`).
    /// - Parameters:
    ///   - text: words separated by spaces.
    ///   - fullWordsOnly: when false, a one-word query matches inside words ("note" finds
    ///     "notebook"), and a phrase may begin inside its first word and end inside its last.
    ///     When true, words must match whole (punctuation at their edges aside).
    ///   - caseMatchingOnly: match case exactly.
    /// - Returns: one result per match, in reading order; empty for an empty query.
    public func search(
        _ text: String, fullWordsOnly: Bool = false, caseMatchingOnly: Bool = false
    )
        -> [SearchResult]
    {
        transcript.matches(of: text, fullWordsOnly: fullWordsOnly, caseMatchingOnly: caseMatchingOnly)
    }
}
