import DrawingModel

/// The channels of an InkML `<traceFormat>` (REC §3.1) in the order their values appear in a point,
/// plus the brush and context definitions that give traces their appearance.
struct InkMLTraceFormat: Sendable {
    struct Channel: Sendable {
        var name: String
        /// `decimal` (default), `integer`, `double` or `boolean`.
        var type: String
        var units: String?
        var max: Double?
        /// Used when an intermittent channel is missing from a point.
        var defaultValue: Double
    }

    /// Channels present in every point.
    var regular: [Channel]
    /// Channels that may be left out at the end of a point (`<intermittentChannels>`).
    var intermittent: [Channel] = []

    /// The format used when a file defines none: X and Y, decimal (REC §3.1.2).
    static let standard = InkMLTraceFormat(regular: [
        Channel(name: "X", type: "decimal", units: nil, max: nil, defaultValue: 0),
        Channel(name: "Y", type: "decimal", units: nil, max: nil, defaultValue: 0),
    ])

    var all: [Channel] { regular + intermittent }

    /// Index of the channel with this name among `all`.
    func index(of name: String) -> Int? {
        all.firstIndex { $0.name == name }
    }
}

/// A `<brush>`: what the reader keeps of it.
struct InkMLBrush: Sendable {
    var width: Double?
    var color: Ink.Color?
    /// `rasterOp="maskPen"` or a transparency: Office's highlighter.
    var isHighlighter = false
}

/// A `<context>`: references to the format and brush traces in it use.
struct InkMLContext: Sendable {
    var format: InkMLTraceFormat?
    var brush: InkMLBrush?
}
