import SeededRandom

/// Text for the character model in which words and numbers meet as they do in notes: `File2`,
/// `Page 2`, `3 apples`, `2nd try`. (Tokens built around a lone letter, `x2`, `x = 3`, `v3.1`, made
/// lone letters read as digits and were left out: docs/recognizer.md.)
///
/// The model otherwise learns from word lists (letters only) and UNIPEN's typeset sentences, where
/// a digit after a letter almost never occurs: it charged "Page 2 in File2" 13 nats more than
/// "Pages in filet", though the network read the first with 0.6 of the probability at each digit.
/// These lines give such tokens a share of the model's counts; `DecoderSettings.mixedTokenShare`
/// sets how large (chosen on `dev`, docs/recognizer.md). Deterministic: the same words give the
/// same lines.
enum MixedTokenText {
    /// `count` lines built from the words of `sentences`, each drawn as often as it occurs there
    /// (common words make the labels people number: "page", "file", "step").
    static func lines(count: Int, sentences: [Substring]) -> [String] {
        let common = sentences.flatMap { $0.split { !$0.isLetter } }.filter { $0.count >= 2 }
        guard count > 0, !common.isEmpty else { return [] }
        var random = SplitMix64(seed: 0x6D69_7865_64)
        func word() -> String {
            let w = String(common[Int(random.next() % UInt64(common.count))])
            return random.next() % 3 == 0 ? w.prefix(1).uppercased() + w.dropFirst() : w
        }
        func number() -> String {
            switch random.next() % 10 {
            case 0..<6: String(1 + random.next() % 9)
            case 6..<9: String(10 + random.next() % 90)
            default: String(100 + random.next() % 1900)
            }
        }
        func ordinal() -> String {
            let n = 1 + Int(random.next() % 31)
            let suffix =
                (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10, default: "th"]
            return "\(n)\(suffix)"
        }
        var lines: [String] = []
        lines.reserveCapacity(count)
        while lines.count < count {
            switch random.next() % 6 {
            case 0, 1: lines.append("\(word()) \(number())")  // Page 2, step 3
            case 2, 3: lines.append("\(word())\(number())")  // File2, test1
            case 4: lines.append("\(number()) \(word())")  // 3 apples
            default: lines.append("\(ordinal()) \(word())")  // 2nd try
            }
        }
        return lines
    }
}
