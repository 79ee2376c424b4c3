// Recognizer accuracy and speed on UNIPEN samples (JSON lines, uncompressed), as a user would get
// them: each sample becomes a drawing and goes through the whole pipeline (layout, network, beam
// search, alignment). Run by `make bench-recognizer` (Benchmarks/bench-recognizer.sh).
//
//     recognizer-bench words.jsonl lines.jsonl [--limit N] [--readings OUT.jsonl]
//
// --readings writes each word sample's label, reading, readings in order and how many lines the
// layout found in it as JSON lines, for Benchmarks/language_errors.py to sort its errors by cause,
// and skips the lines and the timings.
//
// The word lists read are those of $NOTEBOOK_INDEX_LANGUAGES ("en,fr"; default en), as `build`
// reads them, so an accented test set (Benchmarks/bench-languages.sh) is read as a user's would be.
import BenchSupport
import Dispatch
import DrawingModel
import Foundation
import Recognition

/// Readings are compared without the labels' spacing around punctuation ("Tx ." == "Tx.").
func normalized(_ s: String) -> String {
    var t = s
    for p in [".", ",", ";", ":", "!", "?", "'", ")"] { t = t.replacingOccurrences(of: " " + p, with: p) }
    t = t.replacingOccurrences(of: "( ", with: "(")
    return t.split(separator: " ").joined(separator: " ")
}

struct Score {
    var charErrors = 0, chars = 0, wordErrors = 0, words = 0, top5 = 0, samples = 0, seconds = 0.0
    var cer: Double { Double(charErrors) / Double(max(chars, 1)) }
    var wer: Double { Double(wordErrors) / Double(max(words, 1)) }
}

/// CPU time of the calling thread: "on one core" even while other processes share the machine.
func threadCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// One word sample as read, for `--readings`.
struct WordReading: Encodable {
    var label: String
    var reading: String
    var candidates: [String]
    /// How many lines the layout found in the word's ink (more than 1: a mark taken for a line).
    var lines: Int
}

func evaluate(
    _ samples: [InkSample], _ recognizer: HandwritingRecognizer, record: ((WordReading) -> Void)? = nil
) -> Score {
    var score = Score()
    for s in samples {
        let drawing = s.drawing
        let start = threadCPUSeconds()
        let transcript = recognizer.transcribe(drawing)
        score.seconds += threadCPUSeconds() - start
        let hyp = normalized(transcript.text.replacingOccurrences(of: "\n", with: " "))
        let ref = normalized(s.label)
        score.charErrors += editDistance(Array(hyp), Array(ref))
        score.chars += ref.count
        let hw = hyp.split(separator: " ").map(String.init), rw = ref.split(separator: " ").map(String.init)
        score.wordErrors += editDistance(hw, rw)
        score.words += rw.count
        let words = transcript.lines.flatMap(\.words)
        let candidates = words.count == 1 ? words[0].candidates.map(\.text) : []
        record?(WordReading(label: ref, reading: hyp, candidates: candidates, lines: transcript.lines.count))
        if words.count == 1, words[0].candidates.prefix(5).contains(where: { normalized($0.text) == ref }) {
            score.top5 += 1
        }
        score.samples += 1
        if verbose, hyp != ref {
            print("  \(ref)  ->  \(hyp)  [\(words.first?.candidates.map(\.text).joined(separator: "|") ?? "")]")
        }
    }
    return score
}

let args = CommandLine.arguments
let verbose = ProcessInfo.processInfo.environment["NBI_VERBOSE"] != nil
guard args.count >= 3 else {
    FileHandle.standardError.write(Data("usage: recognizer-bench WORDS.jsonl LINES.jsonl [--limit N]\n".utf8))
    exit(2)
}
let limit = args.firstIndex(of: "--limit").flatMap { Int(args[$0 + 1]) } ?? Int.max
/// The languages as `build` takes them from the environment (checked the same way), default English.
let languages = try RecognitionLanguage.parse(ProcessInfo.processInfo.environment["NOTEBOOK_INDEX_LANGUAGES"] ?? "en")
let codes = RecognitionLanguage.canonicalCodes(languages)
let recognizer =
    try DecoderSettings.fromEnvironment().map { try HandwritingRecognizer.make(settings: $0, languages: codes) }
    ?? HandwritingRecognizer.make(languages: languages)
// one line per sample, as the targets are stated
let words = try InkSample.load(args[1], limit: limit) { $0.lineCount == 1 }
let lines = try InkSample.load(args[2], limit: limit) { $0.lineCount == 1 }
_ = recognizer.transcribe(words[0].drawing)  // load and warm up outside the timings

if let at = args.firstIndex(of: "--readings"), at + 1 < args.count {
    var out = Data()
    let encoder = JSONEncoder()
    _ = evaluate(words, recognizer) { reading in
        guard let line = try? encoder.encode(reading) else { return }  // strings always encode
        out.append(line)
        out.append(UInt8(ascii: "\n"))
    }
    do {
        try out.write(to: URL(fileURLWithPath: args[at + 1]))
    } catch {
        FileHandle.standardError.write(Data("recognizer-bench: \(args[at + 1]): \(error.localizedDescription)\n".utf8))
        exit(2)
    }
    exit(0)
}
let w = evaluate(words, recognizer)
let l = evaluate(lines, recognizer)
// throughput on every core: samples split across threads, one shared recognizer
let cores = ProcessInfo.processInfo.activeProcessorCount
let wordDrawings = words.map(\.drawing)
let t0 = DispatchTime.now()
DispatchQueue.concurrentPerform(iterations: cores) { k in
    for i in stride(from: k, to: words.count, by: cores) { _ = recognizer.transcribe(wordDrawings[i]) }
}
let parallel = Double(DispatchTime.now().uptimeNanoseconds - t0.uptimeNanoseconds) / 1e9
let modelBytes = HandwritingRecognizer.modelFileSize ?? 0

func pct(_ x: Double) -> String { String(format: "%.2f %%", 100 * x) }
print("recognizer version \(HandwritingRecognizer.recognitionVersion)  languages \(codes.joined(separator: ","))")
print(
    "words (categories 6, 7): \(w.samples) samples  CER \(pct(w.cer))  WER \(pct(w.wer))  top-5 word accuracy \(pct(Double(w.top5) / Double(max(w.samples, 1))))  \(String(format: "%.1f", 1000 * w.seconds / Double(max(w.samples, 1)))) ms/word (one core)"
)
print(
    "lines (category 8):      \(l.samples) samples  CER \(pct(l.cer))  WER \(pct(l.wer))  \(String(format: "%.1f", 1000 * l.seconds / Double(max(l.samples, 1)))) ms/line (one core)"
)
print("throughput: \(String(format: "%.0f", Double(words.count) / parallel)) words/s on \(cores) cores")
print("model size: \(modelBytes) bytes")
