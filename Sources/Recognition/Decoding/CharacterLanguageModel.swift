/// A character n-gram model (Witten–Bell interpolation) over a small symbol set: the 26 letters
/// (case folded), the apostrophe, a word boundary, one class for digits and one for every other
/// character. It scores how English-like a spelling is, so the beam search prefers "the" to "tbe"
/// while still reading names, codes and numbers it has never seen.
struct CharacterLanguageModel: Sendable {
    static let order = 5
    static let symbolCount = 30
    static let boundary: UInt8 = 0
    private static let bitsPerSymbol: UInt64 = 5

    /// The last `order - 1` symbols, newest in the low bits.
    struct Context: Hashable, Sendable {
        var packed: UInt64 = 0
        var length: Int = 0

        func appending(_ s: UInt8) -> Context {
            let keep = CharacterLanguageModel.order - 1
            let mask: UInt64 = (1 << (CharacterLanguageModel.bitsPerSymbol * UInt64(keep))) - 1
            return Context(packed: ((packed << CharacterLanguageModel.bitsPerSymbol) | UInt64(s)) & mask,
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

    private struct ContextStats {
        var total: UInt32 = 0
        var distinct: UInt32 = 0
        var counts = [UInt32](repeating: 0, count: CharacterLanguageModel.symbolCount)
    }

    private var stats: [Context: ContextStats] = [:]

    /// The symbol of a character.
    static func symbol(_ c: UInt8) -> UInt8 {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return c - UInt8(ascii: "a") + 1
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return c - UInt8(ascii: "A") + 1
        case UInt8(ascii: "'"): return 27
        case UInt8(ascii: " "): return boundary
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return 28
        default: return 29
        }
    }

    /// Counts every n-gram of the texts; each text is read as if preceded and followed by a boundary.
    init<S: Sequence>(texts: S) where S.Element == String {
        for text in texts {
            var context = Context.start
            for c in text.utf8 + [UInt8(ascii: " ")] {
                let s = Self.symbol(c)
                for n in 0...context.length {
                    let h = context.suffix(n)
                    var st = stats[h, default: ContextStats()]
                    if st.counts[Int(s)] == 0 { st.distinct += 1 }
                    st.counts[Int(s)] += 1
                    st.total += 1
                    stats[h] = st
                }
                context = context.appending(s)
            }
        }
    }

    /// Natural-log probability of `symbol` after `context`.
    func logProbability(_ symbol: UInt8, after context: Context) -> Float {
        var p = 1.0 / Double(Self.symbolCount)
        for n in 0...context.length {
            guard let st = stats[context.suffix(n)] else { break }
            let t = Double(st.distinct), c = Double(st.total)
            p = (Double(st.counts[Int(symbol)]) + t * p) / (c + t)
        }
        return Float(log(p))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
