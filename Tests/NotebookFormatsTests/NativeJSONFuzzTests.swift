import DrawingModel
import Foundation
import SeededRandom
import Testing

@testable import NotebookFormats

/// Damaged native JSON: the reader throws `ReadError` (typed, so nothing else can escape), never
/// traps or hangs.
@Suite struct NativeJSONFuzzTests {
    private func sample() throws -> [UInt8] {
        var rng = SplitMix64(seed: 77)
        return try NativeJSONWriter.encode(rng.notebook(pages: 2...2, strokes: 2...3))
    }

    @Test func truncationAtEveryOffsetIsRefusedCleanly() throws {
        let bytes = try sample()
        var refused = 0
        for end in 0..<bytes.count {
            do {
                _ = try NativeJSONReader.read(Array(bytes[..<end]))
            } catch {
                refused += 1
            }
        }
        // Only cuts in the trailing whitespace leave a complete document.
        #expect(refused >= bytes.count - 1)
    }

    @Test func seededByteDamageNeverTraps() throws {
        let bytes = try sample()
        var rng = SplitMix64(seed: 1234)
        let structural = Array("{}[]\",:-0e.\\u \n".utf8)
        var outcomes = (read: 0, refused: 0)
        for _ in 0..<400 {
            var damaged = bytes
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = Int.random(in: 0..<damaged.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: damaged[at] ^= UInt8(1) << UInt8.random(in: 0...7, using: &rng)
                case 1: damaged[at] = structural.randomElement(using: &rng)!
                default: damaged.removeSubrange(at..<min(damaged.count, at + Int.random(in: 1...40, using: &rng)))
                }
                if damaged.isEmpty { damaged = [0x7B] }
            }
            do {
                _ = try NativeJSONReader.read(damaged)
                outcomes.read += 1
            } catch {
                #expect(!error.description.isEmpty && !error.description.contains("\n"))
                outcomes.refused += 1
            }
        }
        #expect(outcomes.refused > 200)
    }

    @Test func absurdInputsAreRefused() {
        let deep = Array(
            ("{\"format\":\"notebook-index\",\"version\":1,\"pages\":" + String(repeating: "[", count: 100_000)).utf8)
        #expect(throws: ReadError.self) { try NativeJSONReader.read(deep) }
        let huge = [UInt8](repeating: 0x20, count: NativeJSONReader.maxFileSize + 1)
        #expect(throws: ReadError("file is 128 MB, over the 128 MB limit of notebook-index JSON")) {
            try NativeJSONReader.read(huge)
        }
        let manyPages =
            "{\"format\":\"notebook-index\",\"version\":1,\"pages\":["
            + Array(repeating: "{}", count: ReadLimits.maxPages + 1).joined(separator: ",") + "]}"
        #expect(throws: ReadError("more than \(ReadLimits.maxPages) pages")) {
            try NativeJSONReader.read(Array(manyPages.utf8))
        }
        let longNumber =
            "{\"format\":\"notebook-index\",\"version\":1,\"pages\":[" + String(repeating: "1", count: 1000) + "]}"
        #expect(throws: ReadError.self) { try NativeJSONReader.read(Array(longNumber.utf8)) }
        for text in [
            "", " ", "{", "\u{FEFF}", "nul",
            "{\"format\":\"notebook-index\",\"version\":1,\"pages\":[{\"texts\":[{\"text\":\"\\ud800\"}]}]}",
        ] {
            #expect(throws: ReadError.self) { try NativeJSONReader.read(Array(text.utf8)) }
        }
    }
}
