import Foundation
import Testing

@testable import NotebookFormats

/// Files of the new formats are recognised by content when their extension is missing.
@Suite struct InkAppsDetectionTests {
    @Test(arguments: [
        ("rnote-0-15-infinite.rnote", "rnote"), ("saber-v9.sbn", "saber"), ("saber-v19.sbn2", "saber"),
        ("uim-3-0.uim", "uim"), ("wacom-uim__special_ink.uim", "uim"), ("wacom-will__apple.will", "will"),
    ])
    func detectsByContent(_ file: String, _ format: String) throws {
        let bytes = try FormatFixtures.bytes(file)
        #expect(NotebookFormats.detect(contents: bytes, fileExtension: "")?.formatName == format)
        #expect(try NotebookFormats.read(contents: bytes, fileExtension: "").format == format)
    }
}
