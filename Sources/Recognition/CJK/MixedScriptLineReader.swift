import Foundation

/// Reads each line with the Latin network, the CJK character reader, or both, as the chosen
/// languages ask: with both, the line is read both ways and the reading whose characters are
/// the surer (mean confidence over the line's ink, each word weighted by its points) is kept,
/// so a page of `en,zh` notes reads its English lines and its Chinese lines each their own way.
public struct MixedScriptLineReader: LineReading {
    public let latin: (any LineReading)?
    public let cjk: (any LineReading)?
    /// How much surer (in mean confidence, 0 … 1) the CJK reading must be to win over the Latin one.
    public var cjkMargin = 0.0

    public init(latin: (any LineReading)?, cjk: (any LineReading)?) {
        self.latin = latin
        self.cjk = cjk
    }

    public func read(_ line: LineInk) -> [DecodedWord] {
        read(lines: [line])[0]
    }

    /// The words join the Latin reader's lists (CJK reading has no word lists).
    public func addingWords(_ words: [String]) -> any LineReading {
        var reader = MixedScriptLineReader(latin: latin?.addingWords(words), cjk: cjk)
        reader.cjkMargin = cjkMargin
        return reader
    }

    public func read(lines: [LineInk]) -> [[DecodedWord]] {
        guard let cjk else { return latin?.read(lines: lines) ?? lines.map { _ in [] } }
        guard let latin else { return cjk.read(lines: lines) }
        return zip(latin.read(lines: lines), cjk.read(lines: lines)).map { western, eastern in
            Self.meanConfidence(eastern) > Self.meanConfidence(western) + cjkMargin ? eastern : western
        }
    }

    /// The words' confidences averaged over their points; 0 for no words.
    static func meanConfidence(_ words: [DecodedWord]) -> Double {
        var sum = 0.0, weight = 0.0
        for word in words {
            let points = Double(word.pointIndices?.count ?? word.pointRange.count)
            sum += word.confidence * points
            weight += points
        }
        return weight > 0 ? sum / weight : 0
    }
}
