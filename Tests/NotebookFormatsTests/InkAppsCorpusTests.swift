import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

/// The Rnote, Saber and Wacom files of `../shared/corpus` give what their own apps show: the
/// stroke and text counts below were taken from the files' JSON with Python (Rnote: live brush and
/// shape strokes; Saber: the strokes of every page) and, for Wacom's files, from Wacom's
/// universal-ink-library 2.1.2 (`UIMParser`, `WILL2Parser`: strokes, spline points, the first
/// stroke's UUID). Skipped when the corpus is absent.
@Suite(.enabled(if: FormatFixtures.corpus != nil, "../shared/corpus is absent"))
struct InkAppsCorpusTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        var file: String
        var pages: Int
        var strokes: Int
        var points: Int?
        var highlighters = 0
        var texts: [String] = []
        var firstID: String?
        var testDescription: String { file }
    }

    static let expected: [Expected] = [
        Expected(file: "rnote/rnote__v0-5-5-test.rnote", pages: 7, strokes: 1105),
        Expected(file: "rnote/rnote__v0-5-13-test.rnote", pages: 3, strokes: 404, highlighters: 1, texts: ["Rnote!"]),
        Expected(file: "rnote/rnote__v0-9-0-test.rnote", pages: 1, strokes: 410, highlighters: 1, texts: ["Rnote!"]),
        Expected(file: "rnote/rnote__v0-15-0-test.rnote", pages: 1, strokes: 410, highlighters: 1, texts: ["Rnote!"]),
        Expected(file: "rnote/rnote__lecture_note_1.rnote", pages: 1, strokes: 501),
        Expected(file: "rnote/rnote__lecture_note_2.rnote", pages: 3, strokes: 601),
        Expected(file: "saber/saber__v9_single_stroke.sbn", pages: 2, strokes: 1, points: 3),
        Expected(file: "saber/saber__v9_low_point_count.sbn", pages: 1, strokes: 3, points: 6),
        Expected(file: "saber/saber__v9_quill.sbn", pages: 1, strokes: 0, texts: ["h1", "h2", "h3", "n"]),
        Expected(file: "saber/saber__v11_image_svg.sbn", pages: 1, strokes: 0),
        Expected(
            file: "other/wacom-uim__2_Digital_Ink_is_processable_1_v3.0.0.uim", pages: 1, strokes: 177, points: 3672,
            firstID: "7B57E6E4-6817-43CA-B69D-CBCBC30475E1"),
        Expected(
            file: "other/wacom-uim__6_Different_Input_Providers_v3.1.0.uim", pages: 1, strokes: 16, points: 1136,
            firstID: "35A6A8EB-5148-4DDF-A6F4-DF0CC32C065C"),
        Expected(
            file: "other/wacom-uim__special_ink.uim", pages: 1, strokes: 4, points: 888,
            firstID: "8DE2774A-861B-4C6E-9CA5-AC10D10D29B3"),
        Expected(file: "other/wacom-will__apple.will", pages: 1, strokes: 10, points: 380),
        Expected(file: "other/wacom-will__coffee.will", pages: 1, strokes: 13, points: 621),
    ]

    @Test(arguments: expected)
    func readsWhatTheAppShows(_ expected: Expected) throws {
        let corpus = try #require(FormatFixtures.corpus)
        let notebook = try NotebookFormats.read(at: corpus.appendingPathComponent(expected.file))
        let strokes = notebook.pages.flatMap(\.drawing.strokes)
        #expect(notebook.pages.count == expected.pages)
        #expect(strokes.count == expected.strokes)
        if let points = expected.points { #expect(strokes.reduce(0) { $0 + $1.path.count } == points) }
        #expect(strokes.filter { $0.ink.kind == .highlighter }.count == expected.highlighters)
        #expect(notebook.pages.flatMap(\.texts).map(\.text) == expected.texts)
        if let firstID = expected.firstID { #expect(strokes.first?.id.uuidString == firstID) }
        // Every stroke lies on its page (a pen width of slack), in the page's own coordinates.
        for page in notebook.pages {
            let size = try #require(
                page.size
                    ?? (notebook.format == "uim" || notebook.format == "will" ? Size(width: 2000, height: 2000) : nil))
            for stroke in page.drawing.strokes {
                let box = try #require(stroke.pathBounds)
                let x = box.x + box.width / 2, y = box.y + box.height / 2
                #expect(x >= 0 && y >= 0 && x <= size.width && y <= size.height, "\(expected.file)")
            }
        }
    }

    /// Rnote's paper colour was dropped, so `render` drew the white ink of a notebook written on
    /// black paper (`rnote__v0-5-5-test`) on white paper: a blank page.
    @Test func rnotePaperColourWasDropped() throws {
        let corpus = try #require(FormatFixtures.corpus)
        let black = try NotebookFormats.read(at: corpus.appendingPathComponent("rnote/rnote__v0-5-5-test.rnote"))
        #expect(black.pages.allSatisfy { $0.background == Ink.Color(red: 0, green: 0, blue: 0) })
        let dark = try NotebookFormats.read(at: corpus.appendingPathComponent("rnote/rnote__lecture_note_1.rnote"))
        #expect(dark.pages.first?.background == Ink.Color(red: 0.093, green: 0.093, blue: 0.093))
        let white = try NotebookFormats.read(at: corpus.appendingPathComponent("rnote/rnote__v0-15-0-test.rnote"))
        #expect(white.pages.first?.background == Ink.Color(red: 1, green: 1, blue: 1))
    }
}
