import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

/// The UIM and WILL readers on Wacom's own samples (Apache-2.0, copied) and our UIM 3.0 fixture;
/// expected figures are what Wacom's universal-ink-library (2.1.2) reads from the same files.
@Suite struct WacomInkTests {
    @Test(
        arguments: [
            (
                "wacom-uim__6_Different_Input_Providers_v3.1.0.uim", "uim", 16, 1136,
                "35A6A8EB-5148-4DDF-A6F4-DF0CC32C065C", 178.19, 81.32
            ),
            ("wacom-uim__special_ink.uim", "uim", 4, 888, "8DE2774A-861B-4C6E-9CA5-AC10D10D29B3", 277.1012, 183.1118),
            ("uim-3-0.uim", "uim", 2, 28, "9C6AB710-4A08-4720-8EDE-24428A013FDA", 100, 100),
            ("wacom-will__apple.will", "will", 10, 380, nil, 219.5, 228.77),
            ("wacom-will__coffee.will", "will", 13, 621, nil, 98, 69),
        ] as [(String, String, Int, Int, String?, Double, Double)])
    func readsWhatWacomsLibraryReads(
        _ file: String, _ format: String, _ strokes: Int, _ points: Int, _ firstID: String?, _ x: Double, _ y: Double
    ) throws {
        let notebook = try NotebookFormats.read(at: FormatFixtures.url(file))
        #expect(notebook.format == format)
        #expect(notebook.pages.count == 1)
        let drawing = notebook.pages[0].drawing
        #expect(drawing.strokes.count == strokes)
        #expect(drawing.strokes.reduce(0) { $0 + $1.path.count } == points)
        if let firstID { #expect(drawing.strokes.first?.id.uuidString == firstID) }
        let start = try #require(drawing.strokes.first?.path.controlPoints.first?.location)
        #expect(abs(start.x - x) < 1e-3 && abs(start.y - y) < 1e-3)
        // IDs from the file are kept; derived ones are stable and distinct.
        let again = try NotebookFormats.read(at: FormatFixtures.url(file)).pages[0].drawing.strokes.map(\.id)
        #expect(again == drawing.strokes.map(\.id) && Set(again).count == strokes)
    }

    @Test func riffDamageIsRefusedWithAReason() throws {
        let bytes = try FormatFixtures.bytes("wacom-will__apple.will")
        #expect(throws: ReadError("RIFF size 2046 does not fit in the file's 92 bytes (truncated file?)")) {
            try WILLReader.read(contents: Array(bytes.prefix(100)), fileExtension: "will")
        }
        var other = bytes
        other.replaceSubrange(8..<12, with: Array("WAVE".utf8))
        #expect(throws: ReadError("RIFF file is not Universal Ink Model (form type is not UINK)")) {
            try UIMReader.read(contents: other, fileExtension: "uim")
        }
        var version = try FormatFixtures.bytes("uim-3-0.uim")
        version[20] = 4
        #expect(throws: ReadError("unsupported Universal Ink Model version 4.0.0 (this build reads 3.0.0 and 3.1.0)")) {
            try UIMReader.read(contents: version, fileExtension: "uim")
        }
    }

    @Test(
        arguments: [
            ([0x08, 0x96, 0x01], nil),
            ([0x08, 0x96], "m: truncated varint"),
            ([0x0A, 0x05, 0x01], "m: field 1 of 5 bytes runs past the end of its message"),
            ([0x0B], "m: unsupported wire type 3 in field 1"),
            ([0x08] + [UInt8](repeating: 0xFF, count: 11), "m: varint longer than 10 bytes"),
            ([0x00, 0x01], "m: invalid field number 0"),
        ] as [([UInt8], String?)])
    func protobufReaderBounds(_ bytes: [UInt8], _ reason: String?) {
        var reader = ProtobufReader(bytes[...], context: "m")
        do {
            while try reader.next() != nil {}
            #expect(reason == nil)
        } catch {
            #expect(error.description == reason)
        }
    }

    @Test func packedValuesDecode() throws {
        // Field 4, packed sint32 [1, -1, 150]: zigzag 2, 1, 300.
        var reader = ProtobufReader([0x22, 0x04, 0x02, 0x01, 0xAC, 0x02][...], context: "m")
        var values: [Int64] = []
        try reader.forEach { (_, field) throws(ReadError) in
            try field.appendVarints(to: &values, zigzag: true, limit: 10)
        }
        #expect(values == [1, -1, 150])
    }
}
