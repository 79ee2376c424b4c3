import CZinnia
import DeferredLibraries
import DrawingModel
import Foundation
import Synchronization

/// One reading of a handwritten character: the character and Zinnia's score (an SVM margin:
/// higher is better, about 0 … 1.5 for a good match, negative for a poor one).
package struct CharacterCandidate: Sendable, Hashable {
    package var character: String
    package var score: Double

    package init(character: String, score: Double) {
        self.character = character
        self.score = score
    }
}

/// A Zinnia character model (Debian's `libzinnia` with a Tegaki model file), opened once and
/// shared: Zinnia's `classify` only reads the model, so one instance serves every thread.
///
/// Zinnia computes a character's features and `ZinniaWeights` scores them, the same scores in a
/// fraction of the time Zinnia's own scoring takes. The weights take longer to lay out than a few
/// dozen of Zinnia's own readings (an English page read with `en,zh,ja` may ask for no more), so
/// Zinnia scores the first `readingsBeforeWeights` characters itself and the weights are built
/// then, once; when the two disagree on a test character (another build of libzinnia), Zinnia
/// scores alone.
///
/// The handle is owned by this object and closed in `deinit`.
package final class ZinniaModel: @unchecked Sendable {
    /// Where Debian's `tegaki-zinnia-*` packages install their models.
    package static let defaultDirectory = "/usr/share/tegaki/models/zinnia"
    /// The side of the square canvas characters are drawn on for Zinnia (its models are trained on
    /// characters written in a box of about this size).
    package static let canvas = 1000.0

    /// The model file, and the Debian package that installs it, of each CJK language code.
    package static let models: [String: (file: String, package: String)] = [
        "zh": ("handwriting-zh_CN.model", "tegaki-zinnia-simplified-chinese"),
        "ja": ("handwriting-ja.model", "tegaki-zinnia-japanese"),
    ]

    /// The model file of `code` in `directory` (`$NOTEBOOK_INDEX_ZINNIA_MODELS` else the Debian one).
    package static func path(for code: String, directory: String? = nil) -> String? {
        guard let model = models[code] else { return nil }
        let dir =
            directory ?? ProcessInfo.processInfo.environment["NOTEBOOK_INDEX_ZINNIA_MODELS"].flatMap {
                $0.isEmpty ? nil : $0
            } ?? defaultDirectory
        return (dir as NSString).appendingPathComponent(model.file)
    }

    /// The path the model was opened from.
    package let path: String
    let recognizer: OpaquePointer
    /// How many characters Zinnia scores itself before the weights are built.
    static let readingsBeforeWeights = 32
    /// The characters read so far, and the weights once built (nil inside: Zinnia scores alone).
    private let state = Mutex<(reads: Int, weights: ZinniaWeights??)>((0, nil))

    /// The model's weights by feature, built now if they were not yet; nil when Zinnia scores
    /// alone.
    package var weights: ZinniaWeights? {
        state.withLock { state in
            if case .some(let built) = state.weights { return built }
            let built = Self.checkedWeights(path: path, recognizer: recognizer)
            state.weights = .some(built)
            return built
        }
    }

    /// The weights to score the next character with: nil for the first `readingsBeforeWeights`.
    private func nextWeights() -> ZinniaWeights? {
        state.withLock { state in
            if case .some(let built) = state.weights { return built }
            state.reads += 1
            guard state.reads > Self.readingsBeforeWeights else { return nil }
            let built = Self.checkedWeights(path: path, recognizer: recognizer)
            state.weights = .some(built)
            return built
        }
    }

    /// Opens the model of a CJK language code.
    /// - Throws: `ModelError.missing` in one line naming the file and the Debian package to
    ///   install when it is absent; `.invalid` when Zinnia cannot read it.
    package convenience init(language code: String, directory: String? = nil) throws(ModelError) {
        try self.init(path: Self.installedPath(language: code, directory: directory))
    }

    /// The model file of `code`, checked to exist and open for reading, without reading it (Zinnia
    /// reads the whole model when it opens it).
    /// - Throws: `ModelError.missing` in one line naming the file and the Debian package to
    ///   install when it is absent or unreadable.
    package static func installedPath(language code: String, directory: String? = nil) throws(ModelError) -> String {
        guard let path = path(for: code, directory: directory), let model = models[code] else {
            throw .missing("no character model for language \(code)")
        }
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw .missing("\(path) is missing (install the Debian package \(model.package))")
        }
        try? file.close()
        return path
    }

    private static let opened = Mutex<[String: ZinniaModel]>([:])

    /// The model of `code` (in `$NOTEBOOK_INDEX_ZINNIA_MODELS` else the Debian directory), opened
    /// once a process and then shared by every reader and thread.
    /// - Throws: as `init(language:directory:)`.
    package static func shared(language code: String) throws(ModelError) -> ZinniaModel {
        let path = try installedPath(language: code)
        return try opened.withLock { opened throws(ModelError) -> ZinniaModel in
            if let model = opened[path] { return model }
            let model = try ZinniaModel(path: path)
            opened[path] = model
            return model
        }
    }

    /// Opens the model file at `path`.
    /// - Throws: `ModelError.missing` when libzinnia cannot be opened, `ModelError.invalid` with
    ///   Zinnia's message when the file cannot be read.
    package init(path: String) throws(ModelError) {
        if let failure = nbi_open_zinnia() { throw .missing("the Zinnia library: \(String(cString: failure))") }
        guard let handle = zinnia_recognizer_new() else { throw .invalid("\(path): zinnia could not start") }
        guard zinnia_recognizer_open(handle, path) != 0 else {
            let why = zinnia_recognizer_strerror(handle).map { String(cString: $0) } ?? "unreadable"
            zinnia_recognizer_destroy(handle)
            throw .invalid("\(path): \(why)")
        }
        self.path = path
        self.recognizer = handle
    }

    /// The weights of the model at `path`, when they score the test characters exactly as Zinnia
    /// does (same characters, same order, same scores to the bit); else nil.
    private static func checkedWeights(path: String, recognizer: OpaquePointer) -> ZinniaWeights? {
        guard let data = FileManager.default.contents(atPath: path), let weights = ZinniaWeights(data: data) else {
            return nil
        }
        for strokes in testCharacters {
            let theirs = classify(strokes, count: 20, recognizer: recognizer, weights: nil)
            let ours = classify(strokes, count: 20, recognizer: recognizer, weights: weights)
            guard !theirs.isEmpty, theirs == ours else { return nil }
        }
        return weights
    }

    /// Characters to hold the weights' scores to Zinnia's: a few strokes each, in the canvas.
    static let testCharacters: [[[Point]]] = [
        [[Point(x: 200, y: 300), Point(x: 800, y: 320)], [Point(x: 500, y: 100), Point(x: 510, y: 900)]],
        [
            [Point(x: 150, y: 200), Point(x: 850, y: 200), Point(x: 820, y: 500)],
            [Point(x: 300, y: 450), Point(x: 700, y: 460)],
            [Point(x: 500, y: 150), Point(x: 480, y: 600), Point(x: 200, y: 880)],
            [Point(x: 520, y: 600), Point(x: 860, y: 870)],
            [Point(x: 100, y: 700), Point(x: 300, y: 650), Point(x: 420, y: 800), Point(x: 610, y: 640)],
        ],
    ]

    deinit {
        zinnia_recognizer_destroy(recognizer)
    }

    /// The number of characters the model knows.
    package var characterCount: Int { zinnia_recognizer_size(recognizer) }

    /// The `count` best readings of a character's strokes, best first.
    ///
    /// - Parameter strokes: the character's strokes in the order they are to be read, each its
    ///   points in pen order, in a square canvas of side `canvas` (y down), as `CharacterInk` lays
    ///   them out. Strokes with no point are skipped.
    /// - Returns: empty when there is no ink.
    package func classify(_ strokes: [[Point]], count: Int) -> [CharacterCandidate] {
        Self.classify(strokes, count: count, recognizer: recognizer, weights: nextWeights())
    }

    /// `classify(_:count:)` by `recognizer` alone, or by its features and `weights`.
    static func classify(
        _ strokes: [[Point]], count: Int, recognizer: OpaquePointer, weights: ZinniaWeights?
    ) -> [CharacterCandidate] {
        guard count > 0, let character = zinnia_character_new() else { return [] }
        defer { zinnia_character_destroy(character) }
        zinnia_character_set_width(character, Int(Self.canvas))
        zinnia_character_set_height(character, Int(Self.canvas))
        var id = 0
        for stroke in strokes where !stroke.isEmpty {
            for p in stroke {
                let x = Int32(min(max(p.x.rounded(), 0), Self.canvas))
                let y = Int32(min(max(p.y.rounded(), 0), Self.canvas))
                zinnia_character_add(character, id, x, y)
            }
            id += 1
        }
        guard id > 0 else { return [] }
        if let weights {
            return weights.classify(features(of: character), count: count)
        }
        guard let result = zinnia_recognizer_classify(recognizer, character, count) else { return [] }
        defer { zinnia_result_destroy(result) }
        return (0..<zinnia_result_size(result)).compactMap { i in
            guard let value = zinnia_result_value(result, i) else { return nil }
            return CharacterCandidate(character: String(cString: value), score: Double(zinnia_result_score(result, i)))
        }
    }

    /// Zinnia's features of a character, ascending in index; empty when it has none.
    private static func features(of character: OpaquePointer) -> [ZinniaWeights.Feature] {
        var room = 1024
        while true {
            var nodes = [nbi_zinnia_feature](repeating: nbi_zinnia_feature(), count: room)
            let count = nodes.withUnsafeMutableBufferPointer {
                nbi_zinnia_features(character, $0.baseAddress, room)
            }
            guard count >= 0 else { return [] }
            guard count <= room else {
                room = count
                continue
            }
            return nodes.prefix(count).map { (index: $0.index, value: $0.value) }
        }
    }
}
