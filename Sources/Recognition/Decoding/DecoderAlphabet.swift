import TextMatching

/// The decoder's one byte per character, a code of its own: printable ASCII at its own values,
/// and in the other byte values the non-ASCII characters the network writes or the word lists
/// spell: the model's punctuation (¡ ¿ « » „ “ ” ‘ ’ €) from 0x80, then every accented letter of
/// the Latin-script languages read (and ß œ æ), from 0x8A to 0xFF and on from 0x01. No other
/// character has a byte. The beam search, the word list and the character model compare and
/// index single bytes on their hottest paths, so text is turned into these bytes once, where it
/// enters them, and back where readings leave. Nothing stores these bytes: the model file holds
/// its alphabet as text, so the code can grow with the alphabet.
enum DecoderAlphabet {
    /// The punctuation, at 0x80 up.
    private static let punctuation = "¡¿«»„“”‘’€"
    /// The letters, at 0x8A up to 0xFF and then from 0x01: lower case, then upper case.
    private static let letters =
        "àáâãäçèéêëìíîïñòóôõöùúûüýÿœæß"
        + "ąćęłńśźżčďěňřšťůžĺľŕåøőűășțğışđėįųūāēģīķļņ"
        + "ÀÁÂÃÄÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝŸŒÆ"
        + "ĄĆĘŁŃŚŹŻČĎĚŇŘŠŤŮŽĹĽŔÅØŐŰĂȘȚĞİŞĐĖĮŲŪĀĒĢĪĶĻŅ"
    private static let firstLetter: UInt8 = 0x8A
    /// The last byte value holding a letter below 0x80 (the letters that do not fit from 0x8A on).
    private static let lastLowLetter = UInt8(Array(letters.unicodeScalars).count - (0x100 - 0x8A))

    /// The character of every byte value; U+FFFD where the code has none.
    private static let scalars: [Unicode.Scalar] = {
        var table = [Unicode.Scalar](repeating: "\u{FFFD}", count: 256)
        for v in 0x20...0x7E { table[v] = Unicode.Scalar(UInt8(v)) }
        for (k, scalar) in punctuation.unicodeScalars.enumerated() { table[0x80 + k] = scalar }
        for (k, scalar) in letters.unicodeScalars.enumerated() {
            let b = Int(firstLetter) + k
            table[b <= 0xFF ? b : b - 0xFF] = scalar
        }
        return table
    }()

    private static let bytesOfScalars: [Unicode.Scalar: UInt8] = {
        var map: [Unicode.Scalar: UInt8] = [:]
        for (b, scalar) in scalars.enumerated() where scalar != "\u{FFFD}" && !scalar.isASCII { map[scalar] = UInt8(b) }
        return map
    }()

    /// The lower-case byte of each byte: a letter's lower-case form (its mapping's first
    /// character: İ is i), anything else itself.
    private static let lowerCase: [UInt8] = (0...255).map { b in
        let byte = UInt8(b)
        guard isAccentedLetter(byte), let lower = scalars[b].properties.lowercaseMapping.unicodeScalars.first,
            let lowerByte = DecoderAlphabet.byte(of: lower)
        else { return byte }
        return lowerByte
    }

    /// The byte of a character, nil when the code has none.
    static func byte(of scalar: Unicode.Scalar) -> UInt8? {
        if (0x20...0x7E).contains(scalar.value) { return UInt8(scalar.value) }
        return bytesOfScalars[scalar]
    }

    /// The bytes of `text`, nil when a character has none.
    static func bytes(of text: some StringProtocol) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            guard let b = byte(of: scalar) else { return nil }
            out.append(b)
        }
        return out
    }

    static func scalar(of byte: UInt8) -> Unicode.Scalar {
        scalars[Int(byte)]
    }

    static func string(of bytes: some Sequence<UInt8>) -> String {
        var s = String.UnicodeScalarView()
        for b in bytes { s.append(scalar(of: b)) }
        return String(s)
    }

    /// Whether a byte is a letter with a diacritic (or ß, œ, æ, ı): every non-ASCII letter.
    static func isAccentedLetter(_ b: UInt8) -> Bool {
        b >= firstLetter || (1...lastLowLetter).contains(b)
    }

    /// The lower-case form of a letter's byte (Turkish İ's is i; ß and ı have no capital here).
    static func lowercased(_ b: UInt8) -> UInt8 {
        lowerCase[Int(b)]
    }

    /// Per byte, the ASCII letter an accented letter is written on, its case kept (é → e, Ø → O,
    /// ł → l); any other byte itself.
    private static let bare: [UInt8] = (0...255).map { b in
        let byte = UInt8(b)
        guard isAccentedLetter(byte) else { return byte }
        let scalar = scalars[b]
        // letters Unicode does not decompose (ł ø ı) and ß œ æ: the first letter search spells them with
        let base =
            TextFolding.spelledOut[Character(scalar)]?.unicodeScalars.first
            ?? String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first ?? scalar
        return base.isASCII ? UInt8(base.value) : byte
    }

    /// The ASCII letter an accented letter's byte is written on (ő → o); any other byte itself.
    static func bareLetter(_ b: UInt8) -> UInt8 {
        bare[Int(b)]
    }
}
