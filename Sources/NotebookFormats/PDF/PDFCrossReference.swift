/// Where each object of a PDF lies (ISO 32000-1 §7.5.4–7.5.8): the newest cross-reference section
/// found from `startxref`, then the older ones its `/Prev` (and a hybrid file's `/XRefStm`) name,
/// newest entries winning, so that incremental updates (macOS Preview's "AppendMode") read as their
/// last revision. Sections are classic `xref` tables or cross-reference streams (`/W` field
/// widths, `/Index` ranges; type 1 = byte offset, type 2 = inside an object stream).
///
/// When that chain is broken (no `startxref`, an offset into nowhere, a malformed section),
/// `scanned(_:)` rebuilds the table the way repair tools do: every `n g obj` header in the file,
/// the last one of each number winning, and the objects inside every object stream found so.
struct PDFCrossReference {
    enum Entry: Equatable {
        case offset(Int)
        case compressed(stream: Int, index: Int)
        /// Deleted in this revision: older sections' entries for the number no longer count.
        case free
    }

    /// Most object numbers one file may declare.
    static let maxObjects = 2_000_000
    /// Most sections followed through `/Prev`.
    static let maxSections = 512

    var entries: [Int: Entry] = [:]
    var trailer: [String: PDFObject] = [:]
    /// Whether the table was rebuilt by scanning rather than read from the file's sections.
    var isScanned = false

    /// Reads the chain of sections from the last `startxref`.
    /// - Parameter stream: decodes a cross-reference stream object found at an offset.
    static func read(
        _ bytes: [UInt8], budget: PDFBudget, stream: (Int) throws(ReadError) -> ([String: PDFObject], [UInt8])
    ) throws(ReadError) -> PDFCrossReference {
        guard let start = startOffset(bytes) else { throw ReadError("PDF has no startxref") }
        var table = PDFCrossReference()
        var pending = [start]
        var seen: Set<Int> = []
        var first = true
        while let offset = pending.popLast() {
            guard seen.insert(offset).inserted else { continue }
            guard seen.count <= maxSections else { throw ReadError("PDF has more than \(maxSections) xref sections") }
            guard offset >= 0, offset < bytes.count else {
                throw ReadError("PDF xref offset \(offset) is outside the file")
            }
            var parser = PDFParser(bytes, at: offset, budget: budget)
            let trailer: [String: PDFObject]
            if parser.take("xref") {
                trailer = try table.readTable(&parser)
            } else {
                let (dictionary, data) = try stream(offset)
                guard dictionary["Type"]?.name == "XRef" else {
                    throw ReadError("PDF xref offset \(offset) points at neither a table nor an xref stream")
                }
                try table.readStream(dictionary, data: data)
                trailer = dictionary
            }
            if first {
                table.trailer = trailer
                first = false
            }
            // /Prev is older than /XRefStm, which belongs with this section: read it first.
            if let previous = trailer["Prev"]?.integer { pending.append(previous) }
            if let hybrid = trailer["XRefStm"]?.integer { pending.append(hybrid) }
        }
        return table
    }

    /// The offset after the last `startxref` keyword (searched in the file's last 4 KB, then in all of it).
    static func startOffset(_ bytes: [UInt8]) -> Int? {
        let keyword = Array("startxref".utf8)
        var at = bytes.count - keyword.count
        while at >= 0 {
            if bytes[at] == keyword[0], bytes[at..<(at + keyword.count)].elementsEqual(keyword) {
                var parser = PDFParser(bytes, at: at + keyword.count, budget: PDFBudget(limit: 4))
                return parser.unsignedInteger()
            }
            at -= 1
        }
        return nil
    }

    /// Sets `entry` for `number` unless a newer section already did.
    private mutating func set(_ number: Int, _ entry: Entry?) throws(ReadError) {
        guard number >= 0, number < Self.maxObjects else {
            throw ReadError("PDF declares object number \(number), beyond the \(Self.maxObjects) read")
        }
        if entries[number] == nil, let entry { entries[number] = entry }
    }

    /// A classic table after its `xref` keyword, through its trailer dictionary.
    private mutating func readTable(_ parser: inout PDFParser) throws(ReadError) -> [String: PDFObject] {
        var declared = 0
        while !parser.take("trailer") {
            guard let first = parser.unsignedInteger(), let count = parser.unsignedInteger() else {
                throw ReadError("PDF xref table has a malformed subsection header at byte \(parser.position)")
            }
            declared += count
            guard declared <= Self.maxObjects else {
                throw ReadError("PDF xref table declares more than \(Self.maxObjects) objects")
            }
            for k in 0..<count {
                guard let offset = parser.unsignedInteger(), parser.unsignedInteger() != nil else {
                    throw ReadError("PDF xref table entry \(first + k) is malformed (byte \(parser.position))")
                }
                let kind = parser.word()
                if kind.elementsEqual("n".utf8) {
                    // Offset 0 (no object) leaves older sections' entries in place.
                    try set(first + k, offset > 0 ? .offset(offset) : nil)
                } else if kind.elementsEqual("f".utf8) {
                    // Object 0 heads the free list in every table; other free entries delete.
                    try set(first + k, first + k == 0 ? nil : .free)
                } else {
                    throw ReadError("PDF xref table entry \(first + k) is neither 'n' nor 'f'")
                }
            }
        }
        parser.skipSpace()
        guard parser.current == UInt8(ascii: "<"), case .dictionary(let trailer) = try parser.object() else {
            throw ReadError("PDF trailer is not a dictionary")
        }
        return trailer
    }

    /// A cross-reference stream's decoded data.
    private mutating func readStream(_ dictionary: [String: PDFObject], data: [UInt8]) throws(ReadError) {
        guard let widths = dictionary["W"]?.array?.compactMap(\.integer), widths.count == 3,
            widths.allSatisfy({ (0...8).contains($0) }), widths[1] > 0
        else { throw ReadError("PDF xref stream has no valid /W") }
        let entrySize = widths.reduce(0, +)
        let size = dictionary["Size"]?.integer ?? 0
        var ranges: [(first: Int, count: Int)] = []
        if let index = dictionary["Index"]?.array?.compactMap(\.integer) {
            guard index.count % 2 == 0 else { throw ReadError("PDF xref stream /Index has an odd length") }
            ranges = stride(from: 0, to: index.count, by: 2).map { (index[$0], index[$0 + 1]) }
        } else {
            ranges = [(0, size)]
        }
        var at = 0
        func field(_ width: Int, default value: Int) -> Int {
            guard width > 0 else { return value }
            var result = 0
            for _ in 0..<width {
                result = result << 8 | Int(data[at])
                at += 1
            }
            return result
        }
        for (first, count) in ranges {
            guard count >= 0, first >= 0, count <= Self.maxObjects else {
                throw ReadError("PDF xref stream /Index range is out of bounds")
            }
            for k in 0..<count {
                guard at + entrySize <= data.count else { return }  // short data: the entries there are
                let type = field(widths[0], default: 1)
                let second = field(widths[1], default: 0)
                let third = field(widths[2], default: 0)
                switch type {
                case 1: try set(first + k, second > 0 ? .offset(second) : nil)
                case 2: try set(first + k, .compressed(stream: second, index: third))
                case 0: try set(first + k, first + k == 0 ? nil : .free)
                default: try set(first + k, nil)
                }
            }
        }
    }

    /// The table rebuilt from every `n g obj` header in `bytes` (see the type's overview); the
    /// trailer is the last `trailer` dictionary, or the last xref stream's dictionary.
    static func scanned(_ bytes: [UInt8], budget: PDFBudget) throws(ReadError) -> PDFCrossReference {
        var table = PDFCrossReference()
        table.isScanned = true
        let n = bytes.count
        var at = 0
        while at + 3 <= n {
            defer { at += 1 }
            guard bytes[at] == UInt8(ascii: "o"), bytes[at + 1] == UInt8(ascii: "b"),
                bytes[at + 2] == UInt8(ascii: "j"),
                at + 3 == n || !PDFParser.isRegular(bytes[at + 3])
            else {
                if bytes[at] == UInt8(ascii: "t"), let trailer = trailerDictionary(bytes, at: at, budget: budget) {
                    table.trailer = trailer
                }
                continue
            }
            // Back over "<number> <generation> ".
            var k = at - 1
            func backOver(_ test: (UInt8) -> Bool) -> Int {
                let end = k
                while k >= 0, test(bytes[k]) { k -= 1 }
                return end - k
            }
            guard backOver(PDFParser.isWhitespace) > 0, backOver({ $0 >= 0x30 && $0 <= 0x39 }) > 0,
                backOver(PDFParser.isWhitespace) > 0, backOver({ $0 >= 0x30 && $0 <= 0x39 }) > 0,
                k < 0 || !PDFParser.isRegular(bytes[k])
            else { continue }
            var parser = PDFParser(bytes, at: k + 1, budget: PDFBudget(limit: 4))
            guard let number = parser.unsignedInteger(), number < maxObjects else { continue }
            table.entries[number] = .offset(k + 1)
        }
        return table
    }

    /// The dictionary after a `trailer` keyword at `at`, if there is one.
    private static func trailerDictionary(_ bytes: [UInt8], at: Int, budget: PDFBudget) -> [String: PDFObject]? {
        let keyword = Array("trailer".utf8)
        guard at + keyword.count < bytes.count, bytes[at..<(at + keyword.count)].elementsEqual(keyword),
            at == 0 || !PDFParser.isRegular(bytes[at - 1])
        else { return nil }
        var parser = PDFParser(bytes, at: at + keyword.count, budget: budget)
        parser.skipSpace()
        guard parser.current == UInt8(ascii: "<"), case .dictionary(let trailer)? = try? parser.object() else {
            return nil
        }
        return trailer
    }
}
