import Recognition

/// The program's version, written here and nowhere else: `notebook-index --version` prints it
/// with the recognizer's version (which says when stored pages are read again), and packaging
/// reads it from that output.
enum ProgramVersion {
    static let number = "0.1.0"

    /// What `--version` prints: the program, then the recognizer.
    static var text: String {
        "notebook-index \(number)\nrecognizer version \(HandwritingRecognizer.recognitionVersion)\n"
    }
}
