import DrawingModel
import Recognition
import SearchIndex

/// The one place the command creates its recognizer.
enum TranscriberFactory {
    static var recognitionVersion: Int { HandwritingRecognizer.recognitionVersion }

    @Sendable static func make() throws -> any DrawingTranscriber {
        try HandwritingRecognizer.makeDefault()
    }
}
