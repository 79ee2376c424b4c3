import DrawingModel
import Foundation
import Recognition
import SearchIndex

/// The one place the command creates its recognizer.
enum TranscriberFactory {
    static var recognitionVersion: Int { HandwritingRecognizer.recognitionVersion }

    /// Checks the installed model now (a damaged install fails the command at once), but builds
    /// the recognizer only when a page needs reading: a no-op rebuild never pays for it.
    @Sendable static func make() throws -> any DrawingTranscriber {
        try HandwritingRecognizer.checkResources()
        return DeferredRecognizer()
    }
}

/// The shipped recognizer, loaded on first use and then shared by every thread.
struct DeferredRecognizer: DrawingTranscriber {
    var recognitionVersion: Int { HandwritingRecognizer.recognitionVersion }

    func transcribe(_ drawing: Drawing) -> Transcript {
        Self.shared.transcribe(drawing)
    }

    private static let shared: HandwritingRecognizer = {
        do {
            return try HandwritingRecognizer.makeDefault()
        } catch {
            // checkResources() passed, so only a file changed under us can get here
            FileHandle.standardError.write(Data("notebook-index: \(error)\n".utf8))
            exit(2)
        }
    }()
}
