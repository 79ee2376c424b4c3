/// Which characters are written as CJK characters (each one a word of its own in a transcript).
public enum CJKText {
    /// Whether `c` is a CJK ideograph (the unified blocks, extension A, compatibility) or a kana.
    public static func isCJK(_ c: Character) -> Bool {
        guard let scalar = c.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x3041...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }

    /// `word` cut so that each CJK character stands alone and the runs between them stay whole:
    /// "PencilKit手写" → ["PencilKit", "手", "写"]; a word without CJK characters is itself.
    public static func splitCharacters(_ word: String) -> [String] {
        var pieces: [String] = []
        var run = ""
        for c in word {
            if isCJK(c) {
                if !run.isEmpty { pieces.append(run) }
                run = ""
                pieces.append(String(c))
            } else {
                run.append(c)
            }
        }
        if !run.isEmpty { pieces.append(run) }
        return pieces
    }
}
