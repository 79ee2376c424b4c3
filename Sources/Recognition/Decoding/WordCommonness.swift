/// How common each word of a word list is, as a class, and the log-probability a class is worth.
///
/// `words-<code>.commonness` (made by tools/make_word_commonness.py from SCOWL's size levels) holds
/// one digit per line, the class of the word list's line at the same place: 0 for the most common
/// words through `rarest` for the rare ones and those no level lists. The list has no counts, so a
/// class's log-probability comes from Zipf's law (a word's probability falls as one over its rank):
/// ranking the classes' words one after another, most common first, a class is worth the mean
/// natural log of its ranks below the rarest class's, which makes `logPrior[rarest]` 0. An isolated
/// word has no sentence around it, so among readings its ink makes about as likely (`surf` and
/// `self`, `keg` and `big`) this is what tells the common word from the rare look-alike.
struct WordCommonness: Sendable, Equatable {
    /// The class of a word no commonness file ranks: the rarest.
    static let rarest: UInt8 = 3

    /// Per line of the word list, its class.
    let classes: [UInt8]
    /// Per class, the natural-log probability above the rarest class.
    let logPrior: [Float]

    /// `classes` valued by `logPrior` (several lists' words, valued by one list's ranking).
    init(classes: [UInt8], logPrior: [Float]) {
        self.classes = classes
        self.logPrior = logPrior
    }

    /// The classes of `text`, a word list's commonness file of `wordCount` lines.
    /// - Throws: `ModelError.invalid` naming `name` when a line is not a class or the count differs.
    init(text: String, wordCount: Int, name: String) throws(ModelError) {
        let body = text.hasSuffix("\n") ? text.dropLast() : Substring(text)
        let lines = body.isEmpty ? [] : body.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == wordCount else {
            throw .invalid("\(name): \(lines.count) classes for a word list of \(wordCount) words")
        }
        var classes: [UInt8] = []
        classes.reserveCapacity(wordCount)
        for (number, line) in lines.enumerated() {
            guard let c = UInt8(line), c <= Self.rarest else {
                throw .invalid("\(name): line \(number + 1): not a commonness class 0-\(Self.rarest)")
            }
            classes.append(c)
        }
        self.classes = classes
        logPrior = Self.zipfLogPrior(classCounts: (0...Self.rarest).map { c in classes.count { $0 == c } })
    }

    /// Per class, its words' mean log rank below the rarest class's, the words ranked class by class.
    static func zipfLogPrior(classCounts: [Int]) -> [Float] {
        // the mean of ln r over ranks [a, b), by the integral of ln: (b ln b - b - (a ln a - a)) / (b - a)
        func meanLogRank(_ a: Double, _ b: Double) -> Double {
            b > a ? (b * log(b) - b - (a * log(a) - a)) / (b - a) : log(a)
        }
        var start = 1.0
        var means: [Double] = []
        for count in classCounts {
            means.append(meanLogRank(start, start + Double(count)))
            start += Double(count)
        }
        guard let rarest = means.last else { return [] }
        return means.map { Float(rarest - $0) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
