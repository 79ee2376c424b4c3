import Foundation

/// A PDF read back as a viewer starts reading one: `startxref` gives the cross-reference table,
/// each entry the offset of its object, which must begin `N 0 obj` there; a stream is read by its
/// `/Length` and must end in `endstream` just after. Enough to check the export without poppler.
struct PDFStructure {
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// Each object's text from after `N 0 obj` to `endobj`, by number.
    var objects: [Int: String] = [:]
    /// Each stream's bytes as text, by the number of its object.
    var streams: [Int: String] = [:]
    var trailer = ""

    init(_ bytes: [UInt8]) throws {
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.starts(with: Array("%PDF-1.".utf8)) else { throw Malformed(description: "no %PDF header") }
        guard text.hasSuffix("%%EOF\n"), let startxref = text.range(of: "startxref\n", options: .backwards) else {
            throw Malformed(description: "no startxref at the end")
        }
        let tail = text[startxref.upperBound...].split(separator: "\n")
        guard let xref = tail.first.flatMap({ Int($0) }), xref < bytes.count,
            Self.string(bytes, at: xref, count: 5) == "xref\n"
        else { throw Malformed(description: "startxref does not point at the xref table") }
        guard let lineEnd = bytes[(xref + 5)...].firstIndex(of: 0x0A) else {
            throw Malformed(description: "no xref subsection")
        }
        let header = String(decoding: bytes[(xref + 5)..<lineEnd], as: UTF8.self).split(separator: " ").compactMap {
            Int($0)
        }
        guard header.count == 2, header[0] == 0, lineEnd + 1 + 20 * header[1] <= bytes.count else {
            throw Malformed(description: "xref subsection \(header)")
        }
        for number in 0..<header[1] {
            let entry = Self.string(bytes, at: lineEnd + 1 + 20 * number, count: 20)
            let fields = entry.split(separator: " ")
            guard entry.hasSuffix(" \n"), fields.count == 4, let offset = Int(fields[0]) else {
                throw Malformed(description: "xref entry \(number): \(entry.debugDescription)")
            }
            if number == 0 {
                guard fields[2] == "f" else { throw Malformed(description: "entry 0 is not free") }
                continue
            }
            let head = "\(number) 0 obj\n"
            guard fields[2] == "n", offset + head.utf8.count <= bytes.count,
                Self.string(bytes, at: offset, count: head.utf8.count) == head
            else { throw Malformed(description: "xref entry \(number) (\(offset)) does not point at its object") }
            try read(object: number, at: offset + head.utf8.count, in: bytes)
        }
        guard let trailer = text.range(of: "trailer\n", options: .backwards) else {
            throw Malformed(description: "no trailer")
        }
        self.trailer = String(text[trailer.upperBound..<startxref.lowerBound])
        guard self.trailer.contains("/Size \(header[1])") else { throw Malformed(description: "trailer /Size") }
    }

    private mutating func read(object number: Int, at start: Int, in bytes: [UInt8]) throws {
        let rest = String(decoding: bytes[start...], as: UTF8.self)
        guard let end = rest.range(of: "\nendobj\n") else {
            throw Malformed(description: "object \(number) has no endobj")
        }
        let body = String(rest[..<end.lowerBound])
        objects[number] = body
        guard let marker = body.range(of: ">>\nstream\n") else { return }
        guard let lengthText = body.firstMatch(of: /\/Length (\d+)/)?.1, let length = Int(lengthText) else {
            throw Malformed(description: "stream \(number) has no /Length")
        }
        let dataStart = start + body.utf8.distance(from: body.startIndex, to: marker.upperBound)
        guard dataStart + length <= bytes.count, Self.string(bytes, at: dataStart + length, count: 10) == "\nendstream"
        else { throw Malformed(description: "stream \(number)'s /Length \(length) does not reach endstream") }
        streams[number] = String(decoding: bytes[dataStart..<(dataStart + length)], as: UTF8.self)
    }

    private static func string(_ bytes: [UInt8], at offset: Int, count: Int) -> String {
        guard offset >= 0, offset + count <= bytes.count else { return "" }
        return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
    }

    /// The objects whose dictionary starts with `/Type /Page ` (pages, not the page tree), in order.
    var pages: [String] {
        objects.keys.sorted().compactMap { objects[$0] }.filter { $0.hasPrefix("<< /Type /Page ") }
    }

    /// Invisible text of a content stream: each `Tj` after `3 Tr` with the `Tf`, `Tz` and `Tm`
    /// set before it, its string decoded from the literal's escapes.
    static func hiddenText(_ stream: String) -> [(text: String, size: Double, stretch: Double, x: Double, y: Double)] {
        guard let start = stream.range(of: "BT\n3 Tr\n") else { return [] }
        var runs: [(String, Double, Double, Double, Double)] = []
        let pattern = /\/F2 ([-\d.]+) Tf ([-\d.]+) Tz 1 0 0 1 ([-\d.]+) ([-\d.]+) Tm \(((?:[^()\\]|\\.)*)\) Tj/
        for match in stream[start.upperBound...].matches(of: pattern) {
            let numbers = [match.1, match.2, match.3, match.4].compactMap { Double($0) }
            guard numbers.count == 4 else { continue }
            runs.append((literal(String(match.5)), numbers[0], numbers[1], numbers[2], numbers[3]))
        }
        return runs
    }

    /// A literal string's content, escapes undone (`\(`, `\\`, octal `\351` as Windows-1252).
    static func literal(_ escaped: String) -> String {
        var bytes: [UInt8] = []
        var characters = Array(escaped.utf8)[...]
        while let byte = characters.popFirst() {
            guard byte == UInt8(ascii: "\\"), let next = characters.first else {
                bytes.append(byte)
                continue
            }
            let octal = characters.prefix(3).prefix { (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) }
            if octal.isEmpty {
                bytes.append(next)
                characters.removeFirst()
            } else {
                bytes.append(UInt8(String(decoding: octal, as: UTF8.self), radix: 8) ?? 0)
                characters.removeFirst(octal.count)
            }
        }
        return String(bytes.map { Character(Unicode.Scalar($0 < 0x80 || $0 >= 0xA0 ? $0 : UInt8(ascii: "?"))) })
    }
}
