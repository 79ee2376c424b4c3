/// A character n-gram model (Witten–Bell interpolation) over a small symbol set: the 26 letters
/// (case folded), the apostrophe, a word boundary, one class for digits and one for every other
/// character (in the decoder's bytes, `DecoderAlphabet`). It scores how English-like a spelling
/// is, so the beam search prefers "the" to "tbe" while still reading names, codes and numbers it
/// has never seen.
///
/// A letter with a mark counts as the letter it is written on (å as a, ł as l): the model judges
/// spelling, and whether a mark was drawn is for the ink and the word list to say. With one
/// symbol for every accented letter, that symbol was rare among the chosen lists' words and
/// English sentences, so the model charged each mark the ink showed and the readings without it
/// won (Danish `båd` read `bad`, Dutch `wás` read `was`; `Benchmarks/language_errors.py`).
struct CharacterLanguageModel: Sendable {
    static let order = 5
    /// One more than the symbols used: the accented letters' old symbol, 30, is kept unused so that
    /// interpolation starts from the same uniform share and English, whose texts hold no mark,
    /// reads exactly as before.
    static let symbolCount = 31
    static let boundary: UInt8 = 0
    private static let bitsPerSymbol: UInt64 = 5

    /// The last `order - 1` symbols, newest in the low bits.
    struct Context: Hashable, Sendable {
        var packed: UInt64 = 0
        var length: Int = 0

        func appending(_ s: UInt8) -> Context {
            let keep = CharacterLanguageModel.order - 1
            let mask: UInt64 = (1 << (CharacterLanguageModel.bitsPerSymbol * UInt64(keep))) - 1
            return Context(
                packed: ((packed << CharacterLanguageModel.bitsPerSymbol) | UInt64(s)) & mask,
                length: min(length + 1, keep))
        }

        /// The newest `n` symbols.
        func suffix(_ n: Int) -> Context {
            let mask: UInt64 = n == 0 ? 0 : (1 << (CharacterLanguageModel.bitsPerSymbol * UInt64(n))) - 1
            return Context(packed: packed & mask, length: n)
        }

        /// The context after a word boundary, as at the start of a text.
        static let start = Context().appending(CharacterLanguageModel.boundary)
    }

    /// Where each context's row is, by length and packed symbols: context `c` of length `n` is
    /// entry `rowOffset(n) + c.packed` (−1: never seen). Contexts hold at most 20 bits, so a
    /// direct table (about a million entries) replaces hashing, the beam search's hottest call.
    private var rowOfContext: [Int32]
    /// Per seen context, the interpolated natural-log probability of each symbol after it.
    private var logProbabilities: [Float] = []

    /// The symbol of a character.
    static func symbol(_ c: UInt8) -> UInt8 {
        symbols[Int(c)]
    }

    /// Every byte's symbol, looked up on the beam search's hottest path.
    private static let symbols: [UInt8] = (0...255).map { b in
        let c = DecoderAlphabet.bareLetter(UInt8(b))
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return c - UInt8(ascii: "a") + 1
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return c - UInt8(ascii: "A") + 1
        case UInt8(ascii: "'"): return 27
        case UInt8(ascii: " "): return boundary
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return 28
        default: return 29
        }
    }

    /// The probability of a symbol with nothing seen: where interpolation starts.
    private static let uniform = 1.0 / Double(symbolCount)

    private static func rowOffset(_ length: Int) -> Int {
        // lengths 0..<n take 2^0 + 2^5 + … + 2^(5(n-1)) entries
        (0..<length).reduce(0) { $0 + (1 << (Int(bitsPerSymbol) * $1)) }
    }

    private static func slot(_ context: Context) -> Int { rowOffset(context.length) + Int(context.packed) }

    /// Counts every n-gram of the texts (each read as if preceded and followed by a boundary),
    /// then turns the counts into Witten–Bell interpolated probabilities, shorter contexts first.
    init<S: Sequence>(texts: S) where S.Element == String {
        rowOfContext = [Int32](repeating: -1, count: Self.rowOffset(Self.order))
        var counts: [UInt32] = []  // symbolCount per row
        var contexts: [Context] = []
        for text in texts {
            var context = Context.start
            guard let bytes = DecoderAlphabet.bytes(of: text) else { continue }
            for c in bytes + [UInt8(ascii: " ")] {
                let s = Int(Self.symbol(c))
                for n in 0...context.length {
                    let h = context.suffix(n)
                    var row = rowOfContext[Self.slot(h)]
                    if row < 0 {
                        row = Int32(contexts.count)
                        rowOfContext[Self.slot(h)] = row
                        contexts.append(h)
                        counts.append(contentsOf: repeatElement(0, count: Self.symbolCount))
                    }
                    counts[Int(row) * Self.symbolCount + s] += 1
                }
                context = context.appending(UInt8(s))
            }
        }
        // a context's row needs its parent's (one symbol shorter): fill rows by context length
        let order = contexts.indices.sorted { contexts[$0].length < contexts[$1].length }
        var probabilities = [Double](repeating: 0, count: contexts.count * Self.symbolCount)
        for row in order {
            let context = contexts[row]
            let parent = context.length == 0 ? nil : Int(rowOfContext[Self.slot(context.suffix(context.length - 1))])
            let seen = counts[(row * Self.symbolCount)..<((row + 1) * Self.symbolCount)]
            let total = Double(seen.reduce(0) { $0 + Int($1) })
            let distinct = Double(seen.filter { $0 > 0 }.count)
            for s in 0..<Self.symbolCount {
                let lower = parent.map { probabilities[$0 * Self.symbolCount + s] } ?? Self.uniform
                probabilities[row * Self.symbolCount + s] =
                    (Double(seen[seen.startIndex + s]) + distinct * lower) / (total + distinct)
            }
        }
        logProbabilities = probabilities.map { Float(log($0)) }
    }

    /// Natural-log probability of `symbol` after `context`: the row of its longest seen suffix
    /// (every suffix of a seen context was seen too).
    func logProbability(_ symbol: UInt8, after context: Context) -> Float {
        var n = context.length
        while n >= 0 {
            let row = rowOfContext[Self.slot(context.suffix(n))]
            if row >= 0 { return logProbabilities[Int(row) * Self.symbolCount + Int(symbol)] }
            n -= 1
        }
        return Float(log(Self.uniform))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
