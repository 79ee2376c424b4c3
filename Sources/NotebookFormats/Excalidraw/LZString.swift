/// Decodes lz-string's `compressToBase64` (pieroxy/lz-string, the format Obsidian's Excalidraw
/// plugin writes in its `compressed-json` blocks) back to the text it compressed.
///
/// The stream is LZW-like over UTF-16 code units, read as bits most significant first from base64
/// characters (6 bits each). Codes are `numBits` wide (3 at the start, one more bit each time
/// the dictionary doubles): 0 and 1 introduce a literal of 8 or 16 bits (added to the
/// dictionary), 2 ends the stream, any other code is a dictionary entry, or the entry being
/// defined (the previous entry plus its own first unit). After each entry, the previous entry
/// plus the new one's first unit is added.
///
/// Every dictionary entry is a run of the output already written (the previous entry and the unit
/// after it are adjacent there), so entries are stored as ranges into the output and the memory
/// used stays proportional to the output, which is capped by `limit`.
enum LZString {
    static func decompressBase64(_ text: some Collection<UInt8>, limit: Int) throws(ReadError) -> [UInt16] {
        var values: [UInt8] = []
        values.reserveCapacity(text.count)
        for byte in text {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(byte - 65)
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(byte - 97 + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte - 48 + 52)
            case UInt8(ascii: "+"): values.append(62)
            case UInt8(ascii: "/"): values.append(63)
            case UInt8(ascii: "="), 0x20, 0x0A, 0x0D, 0x09: continue
            default: throw ReadError("compressed drawing has a character that is not base64")
            }
        }
        var reader = BitReader(values: values)
        var output: [UInt16] = []
        var dictionary: [Range<Int>] = [0..<0, 0..<0, 0..<0]  // codes 0, 1, 2 are not entries
        var numBits = 3
        var enlargeIn = 4
        func literal(_ kind: Int) throws(ReadError) -> Range<Int>? {
            switch kind {
            case 0, 1:
                output.append(UInt16(try reader.bits(kind == 0 ? 8 : 16)))
                return (output.count - 1)..<output.count
            default: return nil
            }
        }
        guard let first = try literal(try reader.bits(2)) else {
            throw ReadError("compressed drawing is empty or does not start with a literal")
        }
        dictionary.append(first)
        var previous = first
        while true {
            let code = try reader.bits(numBits)
            var entry: Range<Int>
            if code == 2 { return output }
            if let added = try literal(code) {
                dictionary.append(added)
                entry = added
                enlargeIn -= 1
                if enlargeIn == 0 {
                    enlargeIn = 1 << numBits
                    numBits += 1
                }
            } else if code < dictionary.count {
                let source = dictionary[code]
                let start = output.count
                output.append(contentsOf: output[source])
                entry = start..<output.count
            } else if code == dictionary.count {
                let start = output.count
                output.append(contentsOf: output[previous])
                output.append(output[previous.lowerBound])
                entry = start..<output.count
            } else {
                throw ReadError("compressed drawing refers to code \(code) before it exists")
            }
            guard output.count <= limit else {
                throw ReadError("compressed drawing expands past the \(describeByteCount(limit * 2)) limit")
            }
            // The previous entry and the first unit of this one lie side by side in the output.
            dictionary.append(previous.lowerBound..<(previous.upperBound + 1))
            enlargeIn -= 1
            previous = entry
            if enlargeIn == 0 {
                enlargeIn = 1 << numBits
                numBits += 1
            }
            guard numBits <= 32 else { throw ReadError("compressed drawing has codes wider than 32 bits") }
        }
    }

    private struct BitReader {
        let values: [UInt8]
        var index = 0
        var mask: UInt8 = 32

        /// `count` bits, the first read as the least significant (lz-string's order).
        mutating func bits(_ count: Int) throws(ReadError) -> Int {
            var result = 0
            for k in 0..<count {
                guard index < values.count else { throw ReadError("compressed drawing is truncated") }
                if values[index] & mask != 0 { result |= 1 << k }
                mask >>= 1
                if mask == 0 {
                    mask = 32
                    index += 1
                }
            }
            return result
        }
    }
}
