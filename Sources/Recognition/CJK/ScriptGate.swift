import DrawingModel
import Foundation

/// Whether a doubtful word of a line could be Chinese or Japanese at all, judged from what is
/// known before the character reader runs: the network's reading of it (its letters, its
/// confidence, whether it is a word of the lists) and the shape of its ink (its traces, its
/// height against the line's, how much its traces turn and how long they are). Reading ink as
/// characters costs dozens of the network's line readings (every box of its stroke groups,
/// several views each, and Zinnia), and an English page has many doubtful words ("to" written in
/// two strokes, a name the lists lack), so a word the gate turns away keeps its Latin reading
/// without the character reader (`MixedScriptLineReader` reads the admitted words of a doubtful
/// run, and a line mostly doubtful whole only when the line passes).
///
/// A character is about as tall as the line it sits in and packs straight strokes, or strokes
/// that bend once, into a square, so its Latin reading has few letters for many traces; the
/// doubtful words of English writing turn (loops, joins), are short words in the letters' middle
/// band, or known words.
package struct ScriptGate: Sendable, Hashable {
    /// What the gate weighs of a word (or a line).
    package struct Shape: Sendable, Hashable {
        /// Letters of the run's Latin reading (its words' best readings).
        package var letters: Int
        /// Pen-down traces of the run's ink.
        package var traces: Int
        /// The Latin words' confidence, averaged over their points.
        package var confidence: Double
        /// Whether every word of the reading (letters only, any case) is in the Latin word lists.
        package var known: Bool
        /// The run's ink box against the line's height.
        package var height: Double
        package var width: Double
        /// How much the pen turns along a trace, in turns (2π radians), averaged over the traces:
        /// a character's strokes are straight or bend once, a letter's loop turns whole.
        package var turning: Double
        /// Pen path of a trace against the line's height, averaged over the traces.
        package var traceLength: Double

        package init(
            letters: Int, traces: Int, confidence: Double, known: Bool, height: Double, width: Double,
            turning: Double = 0, traceLength: Double = 0
        ) {
            self.letters = letters
            self.traces = traces
            self.confidence = confidence
            self.known = known
            self.height = height
            self.width = width
            self.turning = turning
            self.traceLength = traceLength
        }
    }

    /// A doubtful word may be characters when `turningWeight` × turning +
    /// `tracesPerLetterWeight` × ln(traces per letter) + `knownWeight` × (the confidence of a
    /// known reading, else 0) + `confidenceWeight` × confidence + `heightWeight` × height +
    /// `traceLengthWeight` × ln(trace length) + `lettersWeight` × ln(letters) + `tracesWeight` ×
    /// ln(traces) + `bias` ≥ 0. A logistic fit (`Benchmarks/fit_script_gate.py`) on the doubtful
    /// words of card, notes, Japanese and English pages from dev ink (`cjk-bench runs` on
    /// `make_card_pages.py --seed 11` and `12` and `make_pages.py --seed 11` and `12`, not the
    /// benchmark's pages): a word inside a character's box against English words weighted by
    /// what reading them as characters cost, the bias set so that 99 % of the words the mixed
    /// reader keeps as characters pass.
    package var turningWeight = -5.181
    package var tracesPerLetterWeight = 3.946
    package var knownWeight = -0.258
    package var confidenceWeight = -6.323
    package var heightWeight = 5.685
    package var traceLengthWeight = 0.831
    package var lettersWeight = -2.907
    package var tracesWeight = -0.081
    package var bias = 2.458

    /// Added to the score of a line mostly doubtful, read whole when it passes: a line of
    /// characters often holds a kana or two that turns like a letter, and a line turned away
    /// still has its runs weighed word by word. Set a little above the fit's allowance for 98 %
    /// of the lines of the same pages that the mixed reader keeps as characters.
    package var lineAllowance = 3.5

    package init() {}

    /// Above 0 when the run may be characters.
    package func score(_ shape: Shape) -> Double {
        let letters = Double(max(shape.letters, 1)), traces = Double(max(shape.traces, 1))
        return turningWeight * shape.turning + tracesPerLetterWeight * log(traces / letters)
            + knownWeight * (shape.known ? shape.confidence : 0) + confidenceWeight * shape.confidence
            + heightWeight * shape.height + traceLengthWeight * log(max(shape.traceLength, 0.05))
            + lettersWeight * log(letters) + tracesWeight * log(traces) + bias
    }

    /// Whether the character reader should read a doubtful word.
    package func admits(_ shape: Shape) -> Bool {
        score(shape) >= 0
    }

    /// Whether the character reader should read a line mostly doubtful whole.
    package func admitsLine(_ shape: Shape) -> Bool {
        score(shape) + lineAllowance >= 0
    }

    /// The shape of a run of `words` read from `line`, whose height is `lineHeight`; `knows`
    /// says whether a word is in the Latin word lists.
    package static func shape(
        of run: ScriptSpans.Run, in words: [DecodedWord], lineHeight: Double, knows: (String) -> Bool
    ) -> Shape {
        let readings = words[run.words].map { $0.candidates.first?.text ?? "" }
        let box = Rect(enclosing: run.ink.ink.points.lazy.map(\.location))
        let height = max(lineHeight, 1e-9)
        let ranges = run.ink.ink.traceRanges.filter { !$0.isEmpty }
        var turning = 0.0, length = 0.0
        for range in ranges {
            let bend = bending(run.ink.ink.points[range].map(\.location), step: height / 20)
            turning += bend.turning
            length += bend.length
        }
        let perTrace = Double(max(ranges.count, 1))
        return Shape(
            letters: readings.map(\.count).reduce(0, +),
            traces: run.ink.ink.traceRanges.filter { !$0.isEmpty }.count,
            confidence: MixedScriptLineReader.meanConfidence(words[run.words]),
            known: readings.allSatisfy { reading in
                let letters = reading.filter(\.isLetter)
                return !letters.isEmpty && knows(letters)
            },
            height: (box?.height ?? 0) / height, width: (box?.width ?? 0) / height,
            turning: turning / perTrace / (2 * .pi), traceLength: length / perTrace / height)
    }

    /// The absolute turning (radians) and path length of a trace, its points taken at least
    /// `step` apart so the pen's jitter does not count as turning.
    static func bending(_ points: [Point], step: Double) -> (turning: Double, length: Double) {
        guard var last = points.first else { return (0, 0) }
        var turning = 0.0, length = 0.0
        var heading: Double?
        for p in points.dropFirst() {
            let (dx, dy) = (p.x - last.x, p.y - last.y)
            let d = (dx * dx + dy * dy).squareRoot()
            guard d >= step else { continue }
            let angle = atan2(dy, dx)
            if let heading {
                var turn = abs(angle - heading)
                if turn > .pi { turn = 2 * .pi - turn }
                turning += turn
            }
            heading = angle
            length += d
            last = p
        }
        return (turning, length)
    }
}
