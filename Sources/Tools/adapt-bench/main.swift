// Which adaptation of the recognizer to a writer's hand works (issue 47): for each UNIPEN `dev`
// writer with enough samples, the writer's samples in file order are split in two, alternately.
// The first half is read as an index would read its owner's notes, its sure words collected
// (`AdaptationCollector`); each variant of `HandAdapter` is fitted to them, and the second half,
// ink the fit never saw, is read with the shipped network and with each adaptation that was
// accepted. Run by `Benchmarks/adapt-harness.sh`.
//
// With `--languages FILE` (a JSON object, "contributor/writer": ["de"], as
// `Benchmarks/writer_languages.py --json` writes it), each writer is read in its languages, the
// others in English.
//
// With `--pooled`, the fit's cost as an archive pays it: the first halves of all the writers are
// read into one collector (as one index of many pages keeps its sure words), and each variant
// is fitted to them, with its CPU seconds, steps and held-out figures; nothing is read again.
//
//     adapt-bench WORDS.jsonl LINES.jsonl [--from N] [--writers K] [--min-samples N] [--variants V,...]
//                 [--languages FILE] [--pooled] [--readings FILE] [--json FILE]
//
// (writers in name order, from the N-th, K of them; all by default)
//
// With `--readings FILE`, each writer's samples (in the order above, both halves) are only read
// with the shipped network, and their words written as JSON (confidence, candidates, which of
// them the writer's lists hold, and an unsure word's ink read alone), so that an experiment
// outside Swift (Training/adapt_parts.py) learns from the words an index would label.
//
// A variant is `part:steps:rate:l2[:words[:check]]` (part bias, logit-map or output-layer; words:
// the most sure words fitted and held out, `HandAdapter.Settings.maximumWords`; check: measure
// the held-out loss every this many steps and stop when it stops falling, `checkEvery`), e.g.
// `logit-map:60:0.01:0.01` or `logit-map:60:0.001:1:300:10`.
import BenchSupport
import Dispatch
import DrawingModel
import Foundation
import Recognition

/// A line on standard output at once (not buffered until the end, as print's is into a file).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("adapt-bench: \(message)\n".utf8))
    exit(2)
}

let args = CommandLine.arguments
guard args.count >= 3 else {
    fail("usage: adapt-bench WORDS.jsonl LINES.jsonl [--writers K] [--min-samples N] [--variants V,...] [--json FILE]")
}
func option(_ name: String) -> String? {
    args.firstIndex(of: name).flatMap { $0 + 1 < args.count ? args[$0 + 1] : nil }
}
let writerLimit = option("--writers").flatMap(Int.init) ?? 0
let firstWriter = option("--from").flatMap(Int.init) ?? 0
let minimumSamples = option("--min-samples").flatMap(Int.init) ?? 150
let variantSpecs = (option("--variants") ?? "bias:60:0.01:0.01,logit-map:60:0.01:0.01,output-layer:60:0.003:0.01")
    .split(separator: ",").map(String.init)

struct Variant {
    var name: String
    var settings: HandAdapter.Settings
}
let variants = variantSpecs.map { spec -> Variant in
    let f = spec.split(separator: ":").map(String.init)
    guard (4...6).contains(f.count), let part = HandAdaptation.Part.allCases.first(where: { $0.name == f[0] }),
        let steps = Int(f[1]), let rate = Float(f[2]), let l2 = Float(f[3]),
        let words = f.count > 4 ? Int(f[4]) : HandAdapter.Settings.defaultMaximumWords,
        let check = f.count > 5 ? Int(f[5]) : 0
    else { fail("bad variant \(spec) (part:steps:rate:l2[:words[:check]])") }
    var s = HandAdapter.Settings(part: part)
    s.steps = steps
    s.learningRate = rate
    s.l2 = l2
    s.maximumWords = words
    s.checkEvery = check
    return Variant(name: spec, settings: s)
}

/// User and system CPU seconds of this process so far.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// As make_pages.py keeps them: one line, a letter or digit, four points or more.
func usable(_ s: InkSample) -> Bool {
    s.lineCount == 1 && s.label.contains { $0.isLetter || $0.isNumber } && s.strokes.reduce(0) { $0 + $1.count } >= 4
}
let samples = try InkSample.load(args[1], where: usable) + InkSample.load(args[2], where: usable)
var byWriter: [String: [InkSample]] = [:]
for s in samples { byWriter[s.writer, default: []].append(s) }
var writers = byWriter.keys.filter { byWriter[$0]!.count >= minimumSamples }.sorted()
writers = Array(writers.dropFirst(firstWriter))
if writerLimit > 0 { writers = Array(writers.prefix(writerLimit)) }

let languagesByWriter: [String: [String]] =
    try option("--languages").map { path in
        guard
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
                as? [String: [String]]
        else { fail("\(path): not an object of writers' language lists") }
        return object
    } ?? [:]

let base = try HandwritingRecognizer.makeDefault()

/// The shipped recognizer for a writer's languages (`--languages`), English when none is given.
func recognizer(for writer: String) throws -> HandwritingRecognizer {
    guard let codes = languagesByWriter[writer], codes != ["en"] else { return base }
    return try HandwritingRecognizer.make(languages: codes.map { Locale.Language(identifier: $0) })
}

/// One value per slot, filled from many threads.
final class LockedSlots<Value>: @unchecked Sendable {
    var values: [Value?]
    let lock = NSLock()
    init(_ n: Int) { values = Array(repeating: nil, count: n) }
}

/// What `take` makes of each sample's transcript, the samples read on every core.
func transcribed<Value>(
    _ samples: [InkSample], with recognizer: HandwritingRecognizer,
    _ take: @escaping @Sendable (Transcript, InkSample) -> Value
) -> [Value] {
    let results = LockedSlots<Value>(samples.count)
    let cores = ProcessInfo.processInfo.activeProcessorCount
    DispatchQueue.concurrentPerform(iterations: cores) { k in
        for i in stride(from: k, to: samples.count, by: cores) {
            let value = take(recognizer.transcribe(samples[i].drawing), samples[i])
            results.lock.lock()
            results.values[i] = value
            results.lock.unlock()
        }
    }
    return results.values.map { $0! }
}

/// The samples' best readings, read on every core.
func read(_ samples: [InkSample], with recognizer: HandwritingRecognizer) -> [String] {
    transcribed(samples, with: recognizer) { transcript, _ in
        transcript.text.replacingOccurrences(of: "\n", with: " ")
    }
}

struct Score: Codable {
    var charErrors = 0, chars = 0, wordsRight = 0, samples = 0
    var cer: Double { Double(charErrors) / Double(max(chars, 1)) }
    var accuracy: Double { Double(wordsRight) / Double(max(samples, 1)) }

    init(_ readings: [String], _ samples: [InkSample]) {
        for (text, sample) in zip(readings, samples) {
            let ref = sample.label.split(separator: " ").joined(separator: " ")
            let hyp = text.split(separator: " ").joined(separator: " ")
            charErrors += editDistance(Array(hyp), Array(ref))
            chars += ref.count
            if hyp == ref { wordsRight += 1 }
            self.samples += 1
        }
    }
}

/// What a fit did, as a line's words and as figures.
func described(_ report: HandAdapter.Report, kept: Bool) -> (text: String, figures: [String: Any]) {
    let text = String(
        format:
            "%@ after %d steps, held-out loss %.3f -> %.3f, agreement %d -> %d, letters missed %d -> %d of %d words",
        kept ? "accepted" : "rejected", report.steps, report.heldOutLossBefore, report.heldOutLossAfter,
        report.heldOutAgreementBefore, report.heldOutAgreementAfter, report.heldOutCharErrorsBefore,
        report.heldOutCharErrorsAfter, report.heldOutWords)
    let figures: [String: Any] = [
        "accepted": kept, "steps": report.steps,
        "held_out_loss_before": report.heldOutLossBefore, "held_out_loss_after": report.heldOutLossAfter,
        "held_out_agreement_before": report.heldOutAgreementBefore,
        "held_out_agreement_after": report.heldOutAgreementAfter,
        "held_out_char_errors_before": report.heldOutCharErrorsBefore,
        "held_out_char_errors_after": report.heldOutCharErrorsAfter,
        "training_words": report.trainingWords, "held_out_words": report.heldOutWords,
    ]
    return (text, figures)
}

/// `--pooled`: every variant fitted to the sure words of all the writers' first halves.
@MainActor func pooledFits() throws -> [String: Any] {
    let collector = AdaptationCollector(
        capacity: variants.map(\.settings.maximumWords).max() ?? 0, listedFloor: HandAdapter.Settings().listedFloor)
    for writer in writers {
        let learn = byWriter[writer]!.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        _ = read(learn, with: try recognizer(for: writer).collecting(into: collector))
    }
    let sure = collector.samples
    say("\(writers.count) writers: \(collector.offered) sure words offered, \(sure.count) kept")
    var fits: [String: Any] = [:]
    for variant in variants {
        let cpu = cpuSeconds()
        guard let (adaptation, report) = base.learnHand(from: sure, settings: variant.settings) else {
            fail("the recognizer has no network to adapt")
        }
        let seconds = cpuSeconds() - cpu
        let fit = described(report, kept: adaptation != nil)
        say(String(format: "    %@: %@; fit %.2f CPU s, %.2f s", variant.name, fit.text, seconds, report.seconds))
        fits[variant.name] = fit.figures.merging(["cpu_seconds": seconds, "seconds": report.seconds]) { a, _ in a }
    }
    return ["pooled": ["writers": writers.count, "sure_words_offered": collector.offered, "fits": fits]]
}

/// How much a word's ink is narrowed for its reading alone (`--readings`): the second look reads a
/// doubtful word alone and widened, and its reading is joined into the candidates already, so the
/// extra view is narrowed, to err differently from both readings the word has.
let aloneNarrowing = 0.85

/// The strokes of `ids` of `sample` as a drawing of their own, narrowed about their middle.
@Sendable func narrowedInk(of ids: Set<UUID>, in sample: InkSample) -> Drawing {
    var drawing = Drawing()
    let strokes = sample.drawing.strokes.filter { ids.contains($0.id) }
    let xs = strokes.flatMap { $0.path.controlPoints.map(\.location.x) }
    guard let low = xs.min(), let high = xs.max() else { return drawing }
    let middle = (low + high) / 2
    for stroke in strokes {
        var narrowed = stroke
        narrowed.path = StrokePath(
            controlPoints: stroke.path.controlPoints.map { point in
                var p = point
                p.location.x = middle + (p.location.x - middle) * aloneNarrowing
                return p
            })
        drawing.strokes.append(narrowed)
    }
    return drawing
}

/// A word as `--readings` writes it: its best reading and confidence, its candidates with their
/// scores and whether the writer's word lists hold each (edge punctuation aside), and, for a
/// word under the sure threshold, its own ink read alone and narrowed (a second view).
@Sendable func readingRow(
    _ word: RecognizedWord, of sample: InkSample, languages: [String], recognizer: HandwritingRecognizer
) -> [String: Any] {
    var row: [String: Any] = [
        "text": word.text, "confidence": word.confidence,
        "candidates": word.candidates.map { [$0.text, $0.score] as [Any] },
        "listed": word.candidates.map { candidate in
            let core = candidate.text.trimmingCharacters(in: CharacterSet.alphanumerics.inverted)
            return ListedWords.contains(core, languages: languages)
        },
    ]
    if word.confidence < UserVocabulary.minimumConfidence {
        let alone = recognizer.transcribe(narrowedInk(of: word.strokeIDs, in: sample)).lines.flatMap(\.words)
        let text = alone.map(\.text).joined(separator: " ")
        row["alone"] = ["text": text, "confidence": alone.map(\.confidence).min() ?? 0] as [String: Any]
    }
    return row
}

/// `--readings`: every writer's samples as the shipped network reads them, word by word.
@MainActor func shippedReadings() throws -> [String: Any] {
    var out: [String: Any] = [:]
    for writer in writers {
        let all = byWriter[writer]!
        let languages = languagesByWriter[writer] ?? ["en"]
        let reader = try recognizer(for: writer)
        let words = transcribed(all, with: reader) { transcript, sample in
            transcript.lines.flatMap(\.words).map {
                readingRow($0, of: sample, languages: languages, recognizer: reader)
            }
        }
        let rows: [[String: Any]] = zip(all, words).map { sample, words in
            ["label": sample.label, "words": words]
        }
        out[writer] = ["languages": languagesByWriter[writer] ?? ["en"], "samples": rows]
        say("\(writer): \(all.count) samples read")
    }
    return out
}

if let path = option("--readings") {
    try JSONSerialization.data(withJSONObject: try shippedReadings(), options: [.sortedKeys])
        .write(to: URL(fileURLWithPath: path))
    exit(0)
}

if args.contains("--pooled") {
    let object = try pooledFits().merging(["variants": variantSpecs]) { a, _ in a }
    if let path = option("--json") {
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            .write(to: URL(fileURLWithPath: path))
    }
    exit(0)
}

var results: [[String: Any]] = []
var totals: [String: (cer: Double, accuracy: Double, accepted: Int)] = [:]
var baseTotals = (cer: 0.0, accuracy: 0.0)
for writer in writers {
    let all = byWriter[writer]!
    let learn = all.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
    let test = all.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    let collector = AdaptationCollector(listedFloor: HandAdapter.Settings().listedFloor)
    let shippedReader = try recognizer(for: writer)
    let learnReadings = read(learn, with: shippedReader.collecting(into: collector))
    let sure = collector.samples
    let sureRight = zip(learnReadings, learn).filter { $0.0 == $0.1.label }.count
    let shipped = Score(read(test, with: shippedReader), test)
    baseTotals.cer += shipped.cer
    baseTotals.accuracy += shipped.accuracy
    say(
        String(
            format:
                "%@ (%@)  %d samples, %d sure words (%d learning samples read right)  shipped: CER %.2f %%  words %.1f %%",
            writer, (languagesByWriter[writer] ?? ["en"]).joined(separator: ","), all.count, sure.count, sureRight,
            100 * shipped.cer, 100 * shipped.accuracy))
    var row: [String: Any] = [
        "writer": writer, "languages": languagesByWriter[writer] ?? ["en"], "samples": all.count,
        "sure_words": sure.count,
        "shipped": ["cer": shipped.cer, "word_accuracy": shipped.accuracy],
    ]
    var perVariant: [String: Any] = [:]
    for variant in variants {
        let start = Date()
        guard let (adaptation, report) = shippedReader.learnHand(from: sure, settings: variant.settings) else {
            fail("the recognizer has no network to adapt")
        }
        let seconds = Date().timeIntervalSince(start)
        let score = adaptation.map { Score(read(test, with: shippedReader.adapted(by: $0)), test) } ?? shipped
        totals[variant.name, default: (0, 0, 0)].cer += score.cer
        totals[variant.name, default: (0, 0, 0)].accuracy += score.accuracy
        if adaptation != nil { totals[variant.name, default: (0, 0, 0)].accepted += 1 }
        let fit = described(report, kept: adaptation != nil)
        say(
            String(
                format: "    %@: %@, fit %.1f s;  CER %.2f %%  words %.1f %%", variant.name, fit.text, seconds,
                100 * score.cer, 100 * score.accuracy))
        perVariant[variant.name] = fit.figures.merging([
            "cer": score.cer, "word_accuracy": score.accuracy, "fit_seconds": seconds,
        ]) { a, _ in a }
    }
    row["variants"] = perVariant
    results.append(row)
}
let n = Double(max(writers.count, 1))
say(
    String(
        format: "average over %d writers: shipped CER %.2f %%  words %.1f %%", writers.count,
        100 * baseTotals.cer / n, 100 * baseTotals.accuracy / n))
var averages: [String: Any] = ["shipped": ["cer": baseTotals.cer / n, "word_accuracy": baseTotals.accuracy / n]]
for variant in variants {
    let t = totals[variant.name] ?? (0, 0, 0)
    say(
        String(
            format: "    %@: CER %.2f %%  words %.1f %%  accepted for %d", variant.name, 100 * t.cer / n,
            100 * t.accuracy / n, t.accepted))
    averages[variant.name] = ["cer": t.cer / n, "word_accuracy": t.accuracy / n, "accepted": t.accepted]
}
if let path = option("--json") {
    let object: [String: Any] = ["writers": results, "average": averages, "variants": variantSpecs]
    try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        .write(to: URL(fileURLWithPath: path))
}
