// Isolated-character accuracy of the CJK character recognizer on real online characters (JSON
// lines, uncompressed: `label`, `set`, `strokes` as lists of [x, y]), for each normalisation of
// `CharacterNormalization`: the right character first (top-1) and among the first three (top-3),
// per sample set, with Zinnia's Chinese and Japanese models together, as `--language zh,ja`
// reads. Run by `make bench-cjk` (Benchmarks/bench-cjk.sh) on ../shared/data/cjk/dev-chars.
//
//     cjk-bench chars.jsonl [--limit N] [--network FILE] [--engines-only]
//         (FILE: that character network alone instead of the bundled pair; --engines-only: the network and
//         its combinations with Zinnia only, with the network's shares of $CJK_NETWORK_SHARES, default 0.3,0.5,0.7)
//     cjk-bench pages DIR [zh,ja]        (PageBench: the pages of make_cjk_pages.py, CER per writer)
//     cjk-bench latin FILE...            (English pages read with en,zh,ja: lines read as CJK)
//     cjk-bench spans DIR OUT.tsv        (SpanDump: the mixed reader's doubtful parts of card pages)
//     cjk-bench runs DIR OUT.tsv         (RunDump: doubtful runs of Latin lines, ScriptGate's shapes, their cost)
//     cjk-bench misses DIR [en,zh,ja]   (MissReport: card or English pages' words not found, and what was read)
//     cjk-bench layout DIR               (LayoutProfile: card pages' lines against their words and characters)
import BenchSupport
import DrawingModel
import Foundation
import Recognition

let args = CommandLine.arguments
guard args.count >= 2 else {
    FileHandle.standardError.write(
        Data("usage: cjk-bench chars.jsonl [--limit N] | cjk-bench pages DIR [zh,ja]\n".utf8))
    exit(2)
}
if args[1] == "latin", args.count >= 3 {
    try PageBench.latinLines(files: Array(args.dropFirst(2)), languages: ["en", "zh", "ja"])
    exit(0)
}
if args[1] == "spans", args.count >= 4 {
    try SpanDump.run(directory: args[2], output: args[3])
    exit(0)
}
if args[1] == "runs", args.count >= 4 {
    try RunDump.run(directory: args[2], output: args[3])
    exit(0)
}
if args[1] == "misses", args.count >= 3 {
    try MissReport.run(
        directory: args[2], languages: (args.count >= 4 ? args[3] : "en,zh,ja").split(separator: ",").map(String.init))
    exit(0)
}
if args[1] == "layout", args.count >= 3 {
    try LayoutProfile.run(directory: args[2])
    exit(0)
}
if args[1] == "pages", args.count >= 3 {
    try PageBench.run(
        directory: args[2], languages: (args.count >= 4 ? args[3] : "zh,ja").split(separator: ",").map(String.init))
    exit(0)
}
let limit = args.firstIndex(of: "--limit").flatMap { args.indices.contains($0 + 1) ? Int(args[$0 + 1]) : nil } ?? .max
let samples = try InkSample.load(args[1], limit: limit) { $0.strokes.contains { $0.count > 1 } }
// the languages with a Zinnia model (Traditional Chinese and Korean have the second network alone)
let zinniaCodes = ["zh", "ja"]
let models: [ZinniaModel]
do {
    models = try zinniaCodes.map { code throws(ModelError) in try ZinniaModel(language: code) }
} catch {
    FileHandle.standardError.write(Data("cjk-bench: \(error)\n".utf8))
    exit(2)
}

var network: CharacterNetwork
do {
    if let at = args.firstIndex(of: "--network"), args.indices.contains(at + 1) {
        network = try CharacterNetwork(data: try Data(contentsOf: URL(fileURLWithPath: args[at + 1])))
    } else {
        network = try CharacterNetwork.bundled()
    }
} catch {
    FileHandle.standardError.write(Data("cjk-bench: \(error)\n".utf8))
    exit(2)
}
if let views = ProcessInfo.processInfo.environment["CJK_VIEWS"] {
    network.views = views.split(separator: ";").map { view in
        let v = view.split(separator: ",").compactMap { Double($0) }
        return (v[0], v[1])
    }
}
let zinnia = models.map { CJKCharacterClassifier(model: $0) }
let neural = NetworkCharacterClassifier(network: network, languages: zinniaCodes)
let shares =
    ProcessInfo.processInfo.environment["CJK_NETWORK_SHARES"].map {
        $0.split(separator: ",").compactMap { Double($0) }
    } ?? [0.3, 0.5, 0.7]
let engines: [(String, [any CharacterClassifying])] =
    [("character network", [neural])]
    + shares.map { share in
        (
            "character network \(share) + zinnia raw \((100 - 100 * share).rounded() / 100)",
            [CombinedCharacterClassifier(network: neural, zinnia: zinnia, networkShare: share)]
        )
    }
let onlyEngines = args.contains("--engines-only")
let configurations: [(String, CharacterNormalization, Bool)] = [
    ("zinnia raw (written order)", .init(), false),
    ("strokes sorted", .init(ordersStrokes: true), false),
    ("corners split", .init(splitsCorners: true), false),
    ("both orders, best score", .init(), true),
    ("both orders + corners split", .init(splitsCorners: true), true),
]
let sets = Array(Set(samples.map(\.set))).sorted()
print("\(samples.count) samples; models: \(models.map(\.path).joined(separator: ", "))")
let runs: [(String, [any CharacterClassifying])] =
    (onlyEngines ? [] : configurations).map { name, normalization, both in
        (
            name,
            models.map { CJKCharacterClassifier(model: $0, normalization: normalization, triesBothOrders: both) }
        )
    } + engines
for (name, classifiers) in runs {
    var top1: [String: Int] = [:], top3: [String: Int] = [:], count: [String: Int] = [:]
    let start = Date()
    for sample in samples {
        var best: [String: Double] = [:]
        for classifier in classifiers {
            for c in classifier.classify(sample.strokes, count: 10) {
                best[c.character] = max(best[c.character] ?? -.infinity, c.score)
            }
        }
        let ranked = best.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        count[sample.set, default: 0] += 1
        if ranked.first == sample.label { top1[sample.set, default: 0] += 1 }
        if ranked.prefix(3).contains(sample.label) { top3[sample.set, default: 0] += 1 }
    }
    let ms = 1000 * Date().timeIntervalSince(start) / Double(max(samples.count, 1))
    let parts = sets.map { set in
        let n = Double(max(count[set] ?? 0, 1))
        return String(
            format: "%@ top-1 %.1f %% top-3 %.1f %%", set, 100 * Double(top1[set] ?? 0) / n,
            100 * Double(top3[set] ?? 0) / n)
    }
    print("\(name): \(parts.joined(separator: "; ")); \(String(format: "%.1f", ms)) ms/char")
}
