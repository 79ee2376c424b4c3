import DrawingModel
import Foundation
import TextMatching

/// Reads each line, and each part of a line, in its own script: Latin with the network, Chinese
/// and Japanese with the character reader (`CJKLineReader`).
///
/// With both, the network reads every line first (it is cheap); the parts of a line it cannot
/// vouch for (`ScriptSpans`: words read unsurely, or packing many traces into little width, as a
/// character does) are read again, alone, by the character reader, and each such part keeps the
/// reading its evidence favours: the surety of each reading (mean confidence over the part's ink,
/// each word weighted by its points) and how densely the part packs its traces (`traceDensity`).
/// So "water 水" reads as `water` and `水`, a line of Chinese as characters, and an English page
/// costs the character reader only its doubtful words.
package struct MixedScriptLineReader: LineReading {
    package internal(set) var latin: (any LineReading)?
    package let cjk: (any LineReading)?
    /// A part's characters are kept when `confidenceWeight` × (their mean confidence − the
    /// Latin words') + `densityWeight` × ln(`traceDensity`) + `scoreWeight` × their mean score
    /// (nats) + `bias` > 0. A logistic fit on the doubtful parts of card and notes pages from dev
    /// ink (`cjk-bench spans` on `make_card_pages.py --seed 11`, not the benchmark's pages), the
    /// English parts weighted 3 to 1, since an English word read as CJK is lost to search.
    package var confidenceWeight = 2.62
    package var densityWeight = 3.52
    package var scoreWeight = 3.96
    package var bias = 10.69
    /// A line whose doubtful parts hold at least this share of its points is read whole as
    /// characters, and kept so when `lineConfidenceWeight` × (the mean confidence of its
    /// characters − its Latin words') + `lineDensityWeight` × ln(its `traceDensity`) +
    /// `lineBias` > 0: the logistic fit of whole lines on the dev pages (183 CJK lines of
    /// `make_cjk_pages.py`, 506 English lines of 20 UNIPEN `dev` pages, the English lines weighted
    /// 9 to 1); otherwise its parts are weighed one by one.
    package var wholeLineShare = 0.6
    package var lineConfidenceWeight = 11.4
    package var lineDensityWeight = 5.2
    package var lineBias = -7.4
    /// A line mostly doubtful is weighed whole (`lineEvidence`) when it is one part, or at least
    /// this many; one of two, an English word beside a character (a vocabulary card's
    /// "you 你"), is weighed part by part. `lineEvidence` was fitted on rows of characters and
    /// lines of English, and on a card's line it carried the word away with its character even
    /// where the word's own part favoured Latin (a line of one part is the same ink either way).
    /// Chosen on seed-11 cards, notes, Japanese and English pages (`CJK_LINE_PARTS=N cjk-bench
    /// misses`), not the benchmark's: 3 keeps one more English word and changes nothing else; 4
    /// costs Japanese characters.
    package var linePartsAtLeast = 3
    /// Which Latin words the character reader reads again.
    package var spans = ScriptSpans()
    /// Which of their runs could be characters at all; nil: every run not sparse.
    package var gate: ScriptGate? = ScriptGate()
    /// A run the gate lets through is read in full as characters only when its rough reading
    /// (the character network's first pass alone, `LineReading.roughRead`) comes within this
    /// many units of `evidence` (and `lineEvidence`) of being kept; nil: every run in full. The
    /// rough reading errs low on characters (by up to about 5 units where the full reading keeps
    /// them): the smallest whole margin under which no run the full reading keeps went unread on
    /// pages of other seeds than the benchmark's (`make_card_pages.py --seed 11`, `make_pages.py
    /// --seed 11`).
    package var roughMargin: Double? = 5
    /// A part of one Latin word and one character whose `evidence` falls short of keeping the
    /// character by less than this keeps the Latin word with the character's readings among its
    /// own (`hedged`): the decision is unsure there, and a search should find either. The
    /// character network is seldom sure of a simple character (二, 上, 目) even when right, so
    /// right characters of vocabulary cards lose to a Latin reading of one or two letters. 0:
    /// none kept. Chosen on cards and English pages of seed 11 (`cjk-bench misses`), not the
    /// benchmark's: the characters found rise up to a margin of 6 and barely after, while the
    /// English words hedged keep rising.
    package var hedgeMargin = 6.0
    /// How many of the Latin word's readings come before the character's in a hedged word: its
    /// best, which stays its reading, and the character's next (the index keeps a word's first
    /// few readings only).
    package var hedgedLatinReadings = 1
    /// How many of the character's readings a hedged word takes.
    package var hedgedCharacterReadings = 3

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
        return zip(lines, latin.read(lines: lines)).map { line, western in
            mixed(line, western: western, cjk: cjk)
        }
    }

    /// A line the network read as several words, of which characters leave one Latin word (a
    /// vocabulary card's "self 自己"), with that word's readings ranked as a word alone in its
    /// line (`LineReading.rankedAsLoneWord`): the network read the characters' ink as words
    /// beside it, so the commonness prior that tells a card's `self` from `surf` never reached it.
    static func loneLatinWordRanked(
        _ words: [DecodedWord], western: [DecodedWord], latin: (any LineReading)?
    ) -> [DecodedWord] {
        guard let latin, western.count > 1 else { return words }
        let latinPlaces = words.indices.filter { !CJKText.containsCJK(words[$0].candidates.first?.text ?? "") }
        guard latinPlaces.count == 1, words.count > 1, let place = latinPlaces.first else { return words }
        var ranked = words
        ranked[place] = latin.rankedAsLoneWord(words[place])
        return ranked
    }

    /// The line's Latin words, each doubtful one replaced by the characters read in its ink
    /// where the evidence favours them; a lone Latin word left among characters ranked as one
    /// (`loneLatinWordRanked`).
    func mixed(_ line: LineInk, western: [DecodedWord], cjk: any LineReading) -> [DecodedWord] {
        Self.loneLatinWordRanked(doubtfulPartsDecided(line, western: western, cjk: cjk), western: western, latin: latin)
    }

    /// `mixed(_:western:cjk:)` before a lone Latin word is ranked.
    private func doubtfulPartsDecided(_ line: LineInk, western: [DecodedWord], cjk: any LineReading) -> [DecodedWord] {
        guard let lineBox = Rect(enclosing: line.points.lazy.map(\.location)), lineBox.height > 0 else {
            return western
        }
        let height = lineBox.height
        let runs = spans.doubtfulRuns(western, in: line, lineHeight: height)
        let doubtfulPoints = runs.map(\.ink.indices.count).reduce(0, +)
        let whole = Self.wholeRun(of: line, western: western)
        if !western.isEmpty, Double(doubtfulPoints) >= wholeLineShare * Double(line.points.count),
            admitsLine(whole, of: western, lineHeight: height)
        {
            // mostly doubtful: a line of characters, perhaps with a word or two of English, is
            // read whole as characters once, and first weighed whole against the Latin reading
            // (a line the gate turns away has its runs weighed one by one, as a line of Latin
            // writing has)
            guard
                let characters = characters(of: whole, western, in: line, cjk: cjk, lineHeight: height, wholeLine: true)
            else { return western }
            let parts = Self.parts(of: whole, western: western, in: line, characters: characters, lineHeight: height)
            let eastern = parts.flatMap(\.eastern)
            let weighedWhole = parts.count == 1 || parts.count >= linePartsAtLeast
            if weighedWhole, lineEvidence(eastern: eastern, western: western, in: line) > 0 {
                return eastern.sorted { $0.pointRange.lowerBound < $1.pointRange.lowerBound }
            }
            return parts.flatMap(decided)
        }
        var words: [DecodedWord] = []
        var next = 0
        for run in runs {
            words += western[next..<run.words.lowerBound]
            next = run.words.upperBound
            for piece in pieces(of: run, western, in: line, lineHeight: height) {
                guard piece.admitted, !spans.isSparse(piece.run, of: western, lineHeight: height) else {
                    words += western[piece.run.words]
                    continue
                }
                guard
                    let characters = characters(
                        of: piece.run, western, in: line, cjk: cjk, lineHeight: height, wholeLine: false)
                else {
                    words += western[piece.run.words]
                    continue
                }
                for part in Self.parts(
                    of: piece.run, western: western, in: line, characters: characters, lineHeight: height)
                {
                    words += decided(part)
                }
            }
        }
        return words + western[next...]
    }

    /// The characters `cjk` reads in a run's ink (their points the line's), or nil when its rough
    /// reading (`LineReading.roughRead`) falls short of being kept by more than `roughMargin` in
    /// every part (and, for a line read whole, as a line): the run keeps its Latin words without
    /// the full reading, which costs several times as much.
    func characters(
        of run: ScriptSpans.Run, _ western: [DecodedWord], in line: LineInk, cjk: any LineReading, lineHeight: Double,
        wholeLine: Bool
    ) -> [DecodedWord]? {
        guard let roughMargin, let rough = cjk.roughRead(run.ink.ink, lineHeight: lineHeight) else {
            return cjk.read(run.ink.ink, lineHeight: lineHeight).map { run.ink.inLine($0) }
        }
        let parts = Self.parts(
            of: run, western: western, in: line, characters: rough.words.map { run.ink.inLine($0) },
            lineHeight: lineHeight)
        var best = parts.map(evidence).max() ?? -.infinity
        if wholeLine { best = max(best, lineEvidence(eastern: parts.flatMap(\.eastern), western: western, in: line)) }
        return best < -roughMargin ? nil : rough.full().map { run.ink.inLine($0) }
    }

    /// A line's Latin words and all its ink, as one run.
    package static func wholeRun(of line: LineInk, western: [DecodedWord]) -> ScriptSpans.Run {
        ScriptSpans.Run(words: western.indices, ink: LinePart(line, traces: line.traceRanges.filter { !$0.isEmpty }))
    }

    /// Above 0 when a line mostly doubtful is the better read whole as its characters `eastern`.
    package func lineEvidence(eastern: [DecodedWord], western: [DecodedWord], in line: LineInk) -> Double {
        lineConfidenceWeight * (Self.meanConfidence(eastern) - Self.meanConfidence(western))
            + lineDensityWeight * log(max(Self.traceDensity(line), 0.1)) + lineBias
    }

    /// A doubtful run cut where `gate` changes its mind: pieces of consecutive words it lets the
    /// character reader read, and pieces it keeps Latin; the whole run, let, without a gate.
    func pieces(
        of run: ScriptSpans.Run, _ words: [DecodedWord], in line: LineInk, lineHeight: Double
    ) -> [(run: ScriptSpans.Run, admitted: Bool)] {
        guard let gate else { return [(run, true)] }
        return ScriptSpans.pieces(of: run, words, in: line) { word in
            gate.admits(ScriptGate.shape(of: word, in: words, lineHeight: lineHeight, knows: knows))
        }
    }

    /// Whether `gate` lets the character reader read a line mostly doubtful whole.
    package func admitsLine(_ whole: ScriptSpans.Run, of words: [DecodedWord], lineHeight: Double) -> Bool {
        guard let gate else { return true }
        return gate.admitsLine(ScriptGate.shape(of: whole, in: words, lineHeight: lineHeight, knows: knows))
    }

    /// Whether the Latin reader's word lists hold `word` (CJK reading has no word lists).
    package func knows(_ word: String) -> Bool {
        latin?.knows(word) ?? false
    }

    /// Some doubtful Latin words and the characters read in their ink, overlapping each other.
    package struct Part {
        package var western: [DecodedWord]
        package var eastern: [DecodedWord]
        /// Traces per line height of the part's ink.
        package var density: Double
    }

    /// The run read by the character reader, cut where no character straddles two Latin words:
    /// the words and characters whose points overlap are one part (a character the network read
    /// as two words joins them), so each part's ink is read one way or the other, never both.
    package static func parts(
        of run: ScriptSpans.Run, western: [DecodedWord], in line: LineInk, cjk: any LineReading, lineHeight: Double
    ) -> [Part] {
        parts(
            of: run, western: western, in: line,
            characters: cjk.read(run.ink.ink, lineHeight: lineHeight).map { run.ink.inLine($0) },
            lineHeight: lineHeight)
    }

    /// `parts(of:western:in:cjk:lineHeight:)` with the run's characters read already (`characters`,
    /// their points the line's).
    package static func parts(
        of run: ScriptSpans.Run, western: [DecodedWord], in line: LineInk, characters eastern: [DecodedWord],
        lineHeight: Double
    ) -> [Part] {
        let words = Array(western[run.words])
        // the last word each character reaches, from which the words it joins follow (in order)
        var joinedUpTo = Array(words.indices)
        var owner: [Int] = []
        for character in eastern {
            let points = character.pointIndices ?? Array(character.pointRange)
            let touched = words.indices.filter { w in points.contains { words[w].pointRange.contains($0) } }
            let middle = Double(points.reduce(0, +)) / Double(max(points.count, 1))
            let first =
                touched.first ?? words.indices.min { a, b in
                    distance(middle, words[a].pointRange) < distance(middle, words[b].pointRange)
                } ?? 0
            let last = touched.last ?? first
            joinedUpTo[first] = max(joinedUpTo[first], last)
            owner.append(first)
        }
        var parts: [Part] = []
        var w = 0
        while w < words.count {
            var end = w
            var k = w
            while k <= end {
                end = max(end, joinedUpTo[k])
                k += 1
            }
            let ink = LinePart(
                line, traces: line.traceRanges.filter { r in words[w...end].contains { $0.pointRange.overlaps(r) } })
            let own = eastern.indices.filter { (w...end).contains(owner[$0]) }.map { eastern[$0] }
            parts.append(
                Part(
                    western: Array(words[w...end]), eastern: own,
                    density: traceDensity(ink.ink, lineHeight: lineHeight)))
            w = end + 1
        }
        return parts
    }

    private static func distance(_ x: Double, _ range: Range<Int>) -> Double {
        x < Double(range.lowerBound) ? Double(range.lowerBound) - x : max(0, x - Double(range.upperBound))
    }

    /// The part's characters where `evidence` keeps them, else its Latin words, hedged when
    /// the decision was close.
    func decided(_ part: Part) -> [DecodedWord] {
        let weight = evidence(part)
        if weight > 0 { return part.eastern }
        guard weight > -hedgeMargin, part.western.count == 1, let character = part.eastern.first,
            part.eastern.count == 1
        else { return part.western }
        return [hedged(part.western[0], with: character)]
    }

    /// A Latin word that also reads as `character`: its first `hedgedLatinReadings` readings,
    /// then the character's first `hedgedCharacterReadings`, then its other readings; its ink
    /// and confidence unchanged. The character's readings score as the last Latin reading before
    /// them less how far each lies below the character's best: a search ranks a reading by its
    /// score against the word's best, and the character's scores (nats of the character
    /// readers) do not compare with the Latin network's. The readings after them score no
    /// higher than the last of them, so the readings stay in the order of their scores, which
    /// the index relies on.
    func hedged(_ word: DecodedWord, with character: DecodedWord) -> DecodedWord {
        let own = word.candidates
        let before = Array(own.prefix(hedgedLatinReadings))
        let anchor = before.last?.score ?? 0
        let best = character.candidates.first?.score ?? 0
        let added = character.candidates.prefix(hedgedCharacterReadings)
            .filter { c in !own.contains { $0.text == c.text } }
            .map { WordCandidate(text: $0.text, score: anchor + min(0, $0.score - best)) }
        let floor = added.last?.score ?? anchor
        let after = own.dropFirst(hedgedLatinReadings).map { WordCandidate(text: $0.text, score: min($0.score, floor)) }
        var hedged = word
        hedged.candidates = before + added + after
        return hedged
    }

    /// Above 0 when the part's characters are the better reading.
    package func evidence(_ part: Part) -> Double {
        guard !part.eastern.isEmpty else { return -.infinity }
        let score = part.eastern.map { $0.candidates.first?.score ?? 0 }.reduce(0, +) / Double(part.eastern.count)
        return confidenceWeight * (Self.meanConfidence(part.eastern) - Self.meanConfidence(part.western))
            + densityWeight * log(max(part.density, 0.1)) + scoreWeight * score + bias
    }

    /// Traces per line height along the line: a CJK character packs several strokes into a
    /// square about as wide as the line is high; Latin letters take one or two strokes each, and
    /// joined writing fewer.
    package static func traceDensity(_ line: LineInk) -> Double {
        guard let box = Rect(enclosing: line.points.lazy.map(\.location)) else { return 0 }
        return traceDensity(line, lineHeight: box.height)
    }

    /// Traces per `lineHeight` along some ink (a part of a line whose height is `lineHeight`).
    package static func traceDensity(_ line: LineInk, lineHeight: Double) -> Double {
        guard let box = Rect(enclosing: line.points.lazy.map(\.location)), lineHeight > 0 else { return 0 }
        return Double(line.traceRanges.filter { !$0.isEmpty }.count) / max(box.width / lineHeight, 1)
    }

    /// The words' confidences averaged over their points; 0 for no words.
    package static func meanConfidence(_ words: some Collection<DecodedWord>) -> Double {
        var sum = 0.0, weight = 0.0
        for word in words {
            let points = Double(word.pointIndices?.count ?? word.pointRange.count)
            sum += word.confidence * points
            weight += points
        }
        return weight > 0 ? sum / weight : 0
    }
}
