import Foundation

/// A character bigram model of Chinese or Japanese, read from `cjk-<code>.txt`
/// (`tools/make_cjk_models.py`: characters and pairs of neighbouring characters inside the words
/// of jieba's dictionary or of mecab-ipadic, weighted by their frequencies).
///
/// File format, UTF-8, one entry a line, `#` lines are comments: `U<TAB>total`, then
/// `字<TAB>weight` for a character and `字字<TAB>weight` for a pair. Weights are positive integers.
package struct CJKLanguageModel: Sendable {
    private var unigram: [Character: Double] = [:]
    private var bigram: [String: Double] = [:]
    private var followers: [Character: Double] = [:]
    private var total = 1.0
    /// log P of a character the model never saw.
    let unseen: Double
    /// Weight of the pair's estimate against the character's own (interpolated).
    package var pairWeight = 0.3

    /// Parses a model file.
    /// - Throws: `ModelError.invalid` naming the line that is not `text<TAB>positive number`.
    package init(text: String, name: String) throws(ModelError) {
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(separator: "\t")
            guard parts.count == 2, let weight = Double(parts[1]), weight > 0, weight.isFinite else {
                throw .invalid("\(name): line \(number): expected text, a tab and a positive weight")
            }
            let key = parts[0]
            if key == "U" {
                total = weight
            } else if key.count == 1, let c = key.first {
                unigram[c] = weight
            } else if key.count == 2, let c = key.first {
                bigram[String(key)] = weight
                followers[c, default: 0] += weight
            } else {
                throw .invalid("\(name): line \(number): expected one or two characters")
            }
        }
        unseen = log(0.5 / total)
    }

    /// log P(c), floored at `unseen` for characters outside the model (Latin letters, digits,
    /// punctuation, rare characters).
    package func logProbability(of c: Character) -> Double {
        unigram[c].map { log($0 / total) } ?? unseen
    }

    /// log P(c | previous): the character's own probability interpolated with the pair's
    /// (`pairWeight`), so a character never seen after `previous` still has its own.
    package func logProbability(of c: Character, after previous: Character?) -> Double {
        let own = unigram[c].map { $0 / total } ?? exp(unseen)
        guard let previous, let out = followers[previous], out > 0 else { return log(own) }
        let pair = (bigram[String([previous, c])] ?? 0) / out
        return log((1 - pairWeight) * own + pairWeight * pair)
    }

    /// Whether the model knows `c`.
    package func contains(_ c: Character) -> Bool { unigram[c] != nil }
}
