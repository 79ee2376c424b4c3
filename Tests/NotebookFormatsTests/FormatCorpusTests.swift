import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

/// Every file of `../shared/corpus` is read or refused with a `ReadError`; never a crash. The
/// XML-family files give the stroke counts their upstream readers give (Xournal++'s loader, the
/// InkML trace count, Write's pen paths), counting highlighters and not white-out erasers.
/// Skipped cleanly when the corpus is absent.
@Suite struct FormatCorpusTests {
    static let files: [String] = {
        guard let corpus = FormatFixtures.corpus,
            let walker = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        var files: [String] = []
        while let url = walker.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                files.append(String(url.path.dropFirst(corpus.path.count + 1)))
            }
        }
        // The Rnote, Saber and Wacom files are read once, by InkAppsCorpusTests, which knows their figures.
        let readElsewhere = Set(InkAppsCorpusTests.expected.map(\.file))
        return files.filter { !readElsewhere.contains($0) }.sorted()
    }()

    /// Ink strokes per file (pen + highlighter; Xournal++ white-out strokes are masks, not ink).
    static let expectedStrokes: [String: Int] = [
        "xopp/xournalpp-website__Audio_Note.xopp": 155,
        "xopp/xournalpp-website__Handwrite.xopp": 165,
        "xopp/xournalpp-website__Layers.xopp": 165,
        "xopp/xournalpp-website__LaTeX.xopp": 11,
        "xopp/xournalpp-website__Physics_Problem.xopp": 169,
        "xopp/xournalpp__dev__Setsquare_annotations.xopp": 52,
        "xopp/xournalpp__dev__README-Eraser-and-padded-box.xopp": 6,
        "xopp/xournalpp__load__strokes.xopp": 11,
        "xopp/xournalpp__packaged_xopp__suite.xopp": 7,
        "xopp/xournalpp__packaged_xopp__suite_float_bw_compat.xopp": 7,
        "xopp/xournalpp__packaged_xopp__stroke__old.xopp": 1,
        "xopp/xournalpp__packaged_xopp__stroke__new.xopp": 1,
        "xopp/xournalpp__packaged_xopp__stroke__width_recovery.xopp": 9,
        "xopp/xournalpp__packaged_xopp__audioAttachment__old.xopp": 1,
        "xopp/xournalpp__load__text.xopp": 0,
        "xopp/xournalpp__load__pages.xopp": 0,
        "xoj/xournalpp__load__compatibility__stroke_line_return.xoj": 1,
        "xoj/xournalpp__preview-test2.xoj": 1,
        "xoj/xournalpp__test1.xoj": 0,
        "xoj/xournalpp__test1.unzipped.xoj": 0,
        "inkml/crohme2014-dprl__MfrDB1843.inkml": 23,
        "inkml/crohme2014-dprl__KME1G3_2_sub_10.inkml": 10,
        "inkml/crohme2014-dprl__TrainData2_23_sub_9.inkml": 8,
        "inkml/crohme2014-dprl__001-equation001GT.inkml": 22,
        "inkml/crohme2014-dprl__001-equation001.inkml": 22,
        "inkml/crohme2014-dprl__mroot.inkml": 4,
        "inkml/crohme2014-dprl__RIT_2014_19.inkml": 12,
        "inkml/crohme2014-dprl__27_em_120.inkml": 4,
        "inkml/crohme2014-dprl__515_em_367.inkml": 25,
        "inkml/crohme2014-dprl__23_em_51.inkml": 21,
        "svg/stylus-write__Intro.svg": 2027,
        "svg/stylus-write__scribbletest_test9_ref.html": 60,
        "svg/stylus-write__scribbletest_test13_ref.html": 3,
        // 22 stroke pens + 2 chisel + 1 flat pen, and one unclassed path stroked by its group.
        "svg/stylus-write__scribbletest_test15_ref.html": 26,
        "svg/stylus-write__scribbletest_test1_in.html": 1,
        "svg/stylus-write__scribbletest_test12_in.html": 0,
    ]

    /// Deliberately broken inputs that must be refused.
    static let refused: Set<String> = ["xoj/xournalpp__preview-test-invalid.xoj"]

    @Test(arguments: files)
    func readOrRefuse(_ file: String) throws {
        let corpus = try #require(FormatFixtures.corpus)
        let url = corpus.appendingPathComponent(file)
        let result: Result<Notebook, ReadError>
        do {
            result = .success(try NotebookFormats.read(at: url))
        } catch {
            result = .failure(error)
            #expect(!error.description.isEmpty && !error.description.contains("\n"), "one-line reason: \(error)")
        }
        if let expected = Self.expectedStrokes[file] {
            let strokes = try result.get().pages.reduce(0) { $0 + $1.drawing.strokes.count }
            #expect(strokes == expected, "\(file)")
        }
        if Self.refused.contains(file) {
            #expect(throws: ReadError.self) { try result.get() }
        }
    }

    @Test func writeIntroIsOnePageOfCentrelines() throws {
        let corpus = try #require(FormatFixtures.corpus, "corpus absent")
        let notebook = try NotebookFormats.read(at: corpus.appendingPathComponent("svg/stylus-write__Intro.svg"))
        #expect(notebook.pages.count == 1)
        #expect(notebook.pages[0].size == Size(width: 900, height: 1820))
        // Every stroke lands on the page once its transform is applied.
        let page = Rect(x: -20, y: -20, width: 940, height: 1860)
        for stroke in notebook.pages[0].drawing.strokes {
            let p = try #require(stroke.path.controlPoints.first).location.applying(stroke.transform)
            #expect(page.contains(p))
        }
    }
}
