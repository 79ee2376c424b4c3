/// Decodes the text of an InkML `<trace>` into points of channel values (REC §3.2.1).
///
/// Grammar handled: points separated by `,`; values in channel order separated by white space or
/// by nothing where unambiguous (`41-60-923`, `'-29'35`); per-channel prefixes `!` (explicit
/// value), `'` (first difference: previous value + delta) and `"` (second difference: the delta
/// changes by this amount), each sticky until the next prefix on that channel; `T`/`F` for
/// booleans; `?` and `*` (unknown / same as before) repeat the previous value. Intermittent
/// channels missing at the end of a point take their default. Values after the last channel of a
/// point are ignored.
struct InkMLTraceDecoder {
    private enum Mode {
        case explicit, firstDifference, secondDifference
    }

    private let format: InkMLTraceFormat
    private var modes: [Mode]
    private var values: [Double]
    private var deltas: [Double]

    init(format: InkMLTraceFormat) {
        self.format = format
        let count = format.all.count
        modes = Array(repeating: .explicit, count: count)
        values = Array(repeating: 0, count: count)
        deltas = Array(repeating: 0, count: count)
    }

    /// Points as flat rows of `format.all.count` values.
    /// - Throws: `ReadError` for a value that cannot be read or more than
    ///   `ReadLimits.maxPointsPerStroke` points.
    mutating func decode(_ text: String) throws(ReadError) -> [Double] {
        let channels = format.all
        let regularCount = format.regular.count
        guard !channels.isEmpty else { throw ReadError("trace format has no channels") }
        var lexer = NumberLexer(text)
        var rows: [Double] = []
        var pointCount = 0
        while true {
            lexer.skipSpace()
            if lexer.isAtEnd { break }
            var channel = 0
            while channel < channels.count {
                lexer.skipSpace()
                guard let byte = lexer.current, byte != UInt8(ascii: ",") else { break }
                switch byte {
                case UInt8(ascii: "!"):
                    modes[channel] = .explicit
                    lexer.position += 1
                case UInt8(ascii: "'"):
                    modes[channel] = .firstDifference
                    lexer.position += 1
                case UInt8(ascii: "\""):
                    modes[channel] = .secondDifference
                    lexer.position += 1
                default: break
                }
                lexer.skipSpace()
                if let number = lexer.number() {
                    apply(number, channel)
                } else if let byte = lexer.current, byte == UInt8(ascii: "T") || byte == UInt8(ascii: "F") {
                    lexer.position += 1
                    apply(byte == UInt8(ascii: "T") ? 1 : 0, channel)
                } else if let byte = lexer.current, byte == UInt8(ascii: "?") || byte == UInt8(ascii: "*") {
                    lexer.position += 1  // value unknown or unchanged: keep the previous one
                } else {
                    let shown = lexer.current.map { String(UnicodeScalar($0)) } ?? "end of trace"
                    throw ReadError(
                        "point \(pointCount + 1): unexpected '\(shown)' where a value of channel \(channels[channel].name) was expected"
                    )
                }
                channel += 1
            }
            if channel == 0, lexer.current == UInt8(ascii: ",") {
                lexer.position += 1  // empty point: ",," — skipped
                continue
            }
            // Regular channels missing from a point keep their previous values (lenient);
            // missing intermittent channels take their defaults.
            for missing in channel..<channels.count where missing >= regularCount {
                values[missing] = channels[missing].defaultValue
            }
            guard pointCount < ReadLimits.maxPointsPerStroke, rows.count + values.count <= ReadLimits.maxValuesPerTrace
            else {
                throw ReadError(
                    "more than \(min(ReadLimits.maxPointsPerStroke, ReadLimits.maxValuesPerTrace / channels.count)) points"
                )
            }
            rows.append(contentsOf: values)
            pointCount += 1
            // Skip anything after the last channel up to the next point.
            while let byte = lexer.current, byte != UInt8(ascii: ",") { lexer.position += 1 }
            if lexer.current == UInt8(ascii: ",") { lexer.position += 1 }
        }
        return rows
    }

    private mutating func apply(_ number: Double, _ channel: Int) {
        let previous = values[channel]
        switch modes[channel] {
        case .explicit:
            deltas[channel] = number - previous
            values[channel] = number
        case .firstDifference:
            deltas[channel] = number
            values[channel] = previous + number
        case .secondDifference:
            deltas[channel] += number
            values[channel] = previous + deltas[channel]
        }
    }
}
