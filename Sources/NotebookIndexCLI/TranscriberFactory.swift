import DrawingModel
import Recognition
import SearchIndex

/// WIRING POINT: the one place the command creates its recognizer.
///
/// Until the bundled network reader lands, `make()` returns `PendingRecognizer`, which reads no
/// handwriting (typed text is still indexed). Replace both members with the real recognizer, e.g.
/// `HandwritingRecognizer(lineReader: <the network's LineReading>)` and
/// `HandwritingRecognizer.recognitionVersion`.
enum TranscriberFactory {
    static var recognitionVersion: Int { PendingRecognizer.version }

    @Sendable static func make() throws -> any DrawingTranscriber {
        PendingRecognizer()
    }
}

/// Stand-in until the real recognizer is wired in: recognizes nothing, version 0, so every drawing
/// it "read" is re-recognized once a real recognizer (version ≥ 1) runs.
struct PendingRecognizer: DrawingTranscriber {
    static let version = 0
    var recognitionVersion: Int { Self.version }
    func transcribe(_ drawing: Drawing) -> Transcript { Transcript(lines: []) }
}
