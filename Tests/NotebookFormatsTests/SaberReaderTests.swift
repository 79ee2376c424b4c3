import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

/// The Saber reader on our own JSON and BSON fixtures, and the BSON decoder on damaged input.
@Suite struct SaberReaderTests {
    @Test func jsonNoteWithOffsetsPressureHighlighterAndText() throws {
        let notebook = try NotebookFormats.read(at: FormatFixtures.url("saber-v9.sbn"))
        #expect(notebook.format == "saber")
        #expect(notebook.pages.count == 2)
        let page = notebook.pages[0]
        #expect(page.size == Size(width: 1000, height: 1400))
        #expect(page.drawing.strokes.map(\.ink.kind) == [.pen, .highlighter])
        // Stored relative to the offset (10, 14); read back where the pen was.
        let first = try #require(page.drawing.strokes[0].path.controlPoints.first)
        #expect(abs(first.location.x - 100) < 1e-9 && abs(first.location.y - 100) < 1e-9)
        #expect(abs(first.force - 0.3) < 1e-9)
        #expect(page.drawing.strokes[1].ink.color.alpha < 0.5)
        #expect(page.texts.map(\.text) == ["Shopping list"])
        #expect(notebook.pages[1].drawing.isEmpty)
    }

    @Test func bsonNoteWithBinaryPoints() throws {
        let notebook = try NotebookFormats.read(at: FormatFixtures.url("saber-v19.sbn2"))
        #expect(notebook.pages.map(\.drawing.strokes.count) == [2, 1])
        #expect(notebook.pages[0].drawing.strokes.map(\.ink.kind) == [.pen, .pencil])
        let first = try #require(notebook.pages[1].drawing.strokes.first?.path.controlPoints.first)
        #expect(abs(first.location.x - 50) < 1e-4 && abs(first.location.y - 50) < 1e-4)
        #expect(notebook.pages[1].texts.map(\.text) == ["page two"])
    }

    @Test func bsonIsRecognisedByContent() throws {
        let bytes = try FormatFixtures.bytes("saber-v19.sbn2")
        #expect(NotebookFormats.detect(contents: bytes, fileExtension: "") == SaberReader.self)
    }

    @Test(
        arguments: [
            ([5, 0, 0, 0, 0], nil),
            ([6, 0, 0, 0, 0], "invalid BSON at byte 0: document size 6 does not fit in the 5 bytes left"),
            ([12, 0, 0, 0, 0x10, 0x61, 0, 1, 0, 0, 0, 0], nil),
            (
                [12, 0, 0, 0, 0x10, 0x61, 0, 1, 0, 0, 0],
                "invalid BSON at byte 0: document size 12 does not fit in the 11 bytes left"
            ),
            (
                [11, 0, 0, 0, 0x02, 0x61, 0, 0x7f, 0, 0, 0],
                "invalid BSON at byte 11: value runs past the end of its document"
            ),
            ([8, 0, 0, 0, 0x42, 0x61, 0, 0], "invalid BSON at byte 7: unsupported element type 0x42"),
            ([6, 0, 0, 0, 0, 0], "invalid BSON at byte 5: document ends 1 bytes before its declared size"),
        ] as [([UInt8], String?)])
    func bsonDecoderBounds(_ bytes: [UInt8], _ reason: String?) {
        do {
            _ = try BSONDecoder.decode(bytes)
            #expect(reason == nil)
        } catch {
            #expect(error.description == reason)
        }
    }

    @Test func bsonNestingIsCapped() {
        // 40 nested documents under key "a".
        var doc: [UInt8] = [5, 0, 0, 0, 0]
        for _ in 0..<40 {
            let size = UInt32(doc.count + 8)
            doc = [UInt8(size & 0xFF), UInt8(size >> 8), 0, 0, 0x03, 0x61, 0] + doc + [0]
        }
        #expect(throws: ReadError.self) { try BSONDecoder.decode(doc) }
    }
}
