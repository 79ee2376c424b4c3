import Foundation

/// A character bigram model of Chinese or Japanese, read from `cjk-<code>.txt`
/// (`tools/make_cjk_models.py`: characters and pairs of neighbouring characters inside the words
/// of jieba's dictionary or of mecab-ipadic, weighted by their frequencies).
///
/// File format, UTF-8, one entry a line, `#` lines are comments: `U<TAB>total`, then
/// `字<TAB>weight` for a character and `字字<TAB>weight` for a pair. Weights are positive integers.
package struct CJKLanguageModel: Sendable {
    // keyed by Unicode scalar (a pair: the first scalar's value shifted by 32 bits, or-ed with the
    // second's): every character of the models is one scalar, and scalars hash and parse many
    // times faster than `Character`s, which made loading the models a large share of a short build
    private var unigram: [UInt32: Double] = [:]
    private var bigram: [UInt64: Double] = [:]
    private var followers: [UInt32: Double] = [:]
    private var total = 1.0
    /// log P of a character the model never saw.
    let unseen: Double
    /// Weight of the pair's estimate against the character's own (interpolated).
    package var pairWeight = 0.3

    /// Parses a model file.
    /// - Throws: `ModelError.invalid` naming the line that is not `text<TAB>positive number`.
    package init(text: String, name: String) throws(ModelError) {
        var text = text
        var failure: (line: Int, why: String)?
        var unigram: [UInt32: Double] = [:], bigram: [UInt64: Double] = [:], followers: [UInt32: Double] = [:]
        var total = 1.0
        text.withUTF8 { bytes in
            var number = 0
            var start = 0
            while start <= bytes.count, failure == nil {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                defer { start = end + 1 }
                number += 1
                let line = bytes[start..<end]
                if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
                guard let tab = line.firstIndex(of: UInt8(ascii: "\t")),
                    !line[(tab + 1)...].contains(UInt8(ascii: "\t")),
                    let weight = Self.number(line[(tab + 1)...]), weight > 0, weight.isFinite
                else {
                    failure = (number, "expected text, a tab and a positive weight")
                    continue
                }
                let key = line[..<tab]
                if key.elementsEqual("U".utf8) {
                    total = weight
                    continue
                }
                var scalars: [UInt32] = []
                var iterator = key.makeIterator()
                var decoder = UTF8()
                decoding: while true {
                    switch decoder.decode(&iterator) {
                    case .scalarValue(let scalar): scalars.append(scalar.value)
                    case .emptyInput: break decoding
                    case .error:
                        scalars = []
                        break decoding
                    }
                }
                if scalars.count == 1 {
                    unigram[scalars[0]] = weight
                } else if scalars.count == 2 {
                    bigram[UInt64(scalars[0]) << 32 | UInt64(scalars[1])] = weight
                    followers[scalars[0], default: 0] += weight
                } else {
                    failure = (number, "expected one or two characters")
                }
            }
        }
        if let failure { throw .invalid("\(name): line \(failure.line): \(failure.why)") }
        (self.unigram, self.bigram, self.followers, self.total) = (unigram, bigram, followers, total)
        unseen = log(0.5 / total)
    }

    /// A weight's text as a number: digits read directly, anything else as `Double` reads it.
    private static func number(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Double? {
        guard !text.isEmpty else { return nil }
        var value = 0.0
        for byte in text {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                return Double(String(decoding: text, as: UTF8.self))
            }
            value = value * 10 + Double(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// A character's scalar value; nil for a character of several scalars (none in the models).
    private static func scalar(_ c: Character) -> UInt32? {
        let scalars = c.unicodeScalars
        guard let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else {
            return nil
        }
        return first.value
    }

    /// log P(c | previous): the character's own probability interpolated with the pair's
    /// (`pairWeight`), so a character never seen after `previous` still has its own.
    package func logProbability(of c: Character, after previous: Character?) -> Double {
        let scalar = Self.scalar(c)
        let own = scalar.flatMap { unigram[$0] }.map { $0 / total } ?? exp(unseen)
        guard let before = previous.flatMap(Self.scalar), let out = followers[before], out > 0 else {
            return log(own)
        }
        let pair = (scalar.flatMap { bigram[UInt64(before) << 32 | UInt64($0)] } ?? 0) / out
        return log((1 - pairWeight) * own + pairWeight * pair)
    }

    /// Whether the model knows `c`.
    package func contains(_ c: Character) -> Bool { Self.scalar(c).map { unigram[$0] != nil } ?? false }
}
