import DrawingModel
import Foundation

/// Reads each line with the Latin network, the CJK character reader, or both, as the chosen
/// languages ask: with both, the line is read both ways and one reading is kept by the surety of
/// each (mean confidence over the line's ink, each word weighted by its points) and by how densely
/// the line packs its strokes (`traceDensity`), so a page of `en,zh` notes reads its English lines
/// and its Chinese lines each their own way.
package struct MixedScriptLineReader: LineReading {
    package internal(set) var latin: (any LineReading)?
    package let cjk: (any LineReading)?
    /// The CJK reading is kept when `confidenceWeight` × (its mean confidence − the Latin one's)
    /// + `densityWeight` × ln(`traceDensity`) + `bias` > 0. A logistic fit on the dev pages
    /// (183 CJK lines of `make_cjk_pages.py`, 506 English lines of 20 UNIPEN `dev` pages, the
    /// English lines weighted 9 to 1, since an English line read as CJK is lost to search): at
    /// equal confidence, a line of more than about 4 traces per line height reads as CJK.
    package var confidenceWeight = 11.4
    package var densityWeight = 5.2
    package var bias = -7.4

    package init(latin: (any LineReading)?, cjk: (any LineReading)?) {
        self.latin = latin
        self.cjk = cjk
    }

    package func read(_ line: LineInk) -> [DecodedWord] {
        read(lines: [line])[0]
    }

    /// The words join the Latin reader's lists (CJK reading has no word lists).
    package func addingWords(_ words: [String]) -> any LineReading {
        var reader = self
        reader.latin = latin?.addingWords(words)
        return reader
    }

    package func read(lines: [LineInk]) -> [[DecodedWord]] {
        guard let cjk else { return latin?.read(lines: lines) ?? lines.map { _ in [] } }
        guard let latin else { return cjk.read(lines: lines) }
        return zip(lines, zip(latin.read(lines: lines), cjk.read(lines: lines))).map { line, readings in
            let (western, eastern) = readings
            let evidence =
                confidenceWeight * (Self.meanConfidence(eastern) - Self.meanConfidence(western)) + densityWeight
                * log(max(Self.traceDensity(line), 0.1)) + bias
            return evidence > 0 ? eastern : western
        }
    }

    /// Traces per line height along the line: a CJK character packs several strokes into a
    /// square about as wide as the line is high; Latin letters take one or two strokes each, and
    /// joined writing fewer.
    package static func traceDensity(_ line: LineInk) -> Double {
        guard let box = Rect(enclosing: line.points.lazy.map(\.location)), box.height > 0 else { return 0 }
        return Double(line.traceRanges.filter { !$0.isEmpty }.count) / max(box.width / box.height, 1)
    }

    /// The words' confidences averaged over their points; 0 for no words.
    package static func meanConfidence(_ words: [DecodedWord]) -> Double {
        var sum = 0.0, weight = 0.0
        for word in words {
            let points = Double(word.pointIndices?.count ?? word.pointRange.count)
            sum += word.confidence * points
            weight += points
        }
        return weight > 0 ? sum / weight : 0
    }
}
