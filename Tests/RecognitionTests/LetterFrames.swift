import Foundation

@testable import Recognition

/// Decodes made-up network output: one frame per letter, each frame shared by the letters given
/// with their weights, and a blank frame between letters (so doubled letters survive CTC's
/// collapsing). Returns the best single-word reading.
func decodeLetterFrames(_ reader: NeuralLineReader, letters: [[(letter: UInt8, weight: Float)]]) -> String? {
    let alphabet = reader.decoder.alphabet
    let k = alphabet.count + 1
    var logp: [Float] = []
    for options in letters {
        var row = [Float](repeating: 1e-4, count: k)
        for (c, weight) in options { row[alphabet.firstIndex(of: c)! + 1] = weight }
        var blank = [Float](repeating: 1e-4, count: k)
        blank[0] = 1
        for r in [row, blank] {
            let total = r.reduce(0, +)
            logp += r.map { log($0 / total) }
        }
    }
    guard let best = reader.decoder.decode(logp, classCount: k, frames: 0..<(logp.count / k), allowSpace: false).first
    else { return nil }
    return String(decoding: best.classes.map { alphabet[$0 - 1] }, as: UTF8.self)
}
