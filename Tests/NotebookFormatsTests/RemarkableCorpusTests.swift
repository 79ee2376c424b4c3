import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

/// Every reMarkable file of `../shared/corpus/rm` against the upstream readers' stroke counts.
///
/// Expected counts: v6 pages — the live lines rmscene 0.8.0 finds walking the scene tree
/// (highlighter and shader lines counted, deleted lines not). v3/v5 pages — the strokes
/// lines-are-rusty reads, minus eraser (tool 6) and erase-area (tool 8) strokes, which become masks
/// here; highlighters counted. Skipped when the corpus is absent.
@Suite struct RemarkableCorpusTests {
    static let expectedStrokes: [String: Int] = [
        "rmapi__test_v3.rm": 55,
        "rmapi__test_v5.rm": 16,
        "rmc__abcd.strokes.rm": 4,
        "rmc__abcd.text.rm": 0,
        "rmc__dot.stroke.rm": 1,
        "rmc__erasers.rm": 288,
        "rmc__extended.stroke.rm": 34,
        "rmc__fullpage.rm": 23,
        "rmc__keyboard-checkboxes-and-bullets.rm": 0,
        "rmc__layers.stroke.rm": 21,
        "rmc__pen_size_test.strokes.rm": 174,
        "rmc__text_and_strokes.rm": 12,
        "rmc__text_multiple_lines.rm": 0,
        "rmc__writing_tools.rm": 116,
        "rmc__writing_tools_with_text.rm": 116,
        "rmscene-ts__paper-pro-empty.rm": 0,
        "rmscene-ts__paper-pro-shader-nested-extra.rm": 63,
        "rmscene-ts__paper-pro-text-formatting.rm": 91,
        "rmscene-ts__paper-pro-text-highlighter-overflow.rm": 154,
        "rmscene__Bold_Heading_Bullet_Normal.rm": 0,
        "rmscene__Color_and_tool_v3.14.4.rm": 25,
        "rmscene__Lines_v2.rm": 10,
        "rmscene__Lines_v2_updated.rm": 10,
        "rmscene__More_color_highlight_shader_v3.15.4.2.rm": 23,
        "rmscene__Normal_AB.rm": 0,
        "rmscene__Normal_A_stroke_2_layers.rm": 2,
        "rmscene__Normal_A_stroke_2_layers_v3.2.2.rm": 3,
        "rmscene__Normal_A_stroke_2_layers_v3.3.2.rm": 9,
        "rmscene__Wikipedia_highlighted_p1.rm": 0,
        "rmscene__Wikipedia_highlighted_p2.rm": 0,
        "rmscene__With_SceneInfo_Block.rm": 13,
        "rmscene__test-crdt-ordering.rm": 0,
        "lines-are-rusty__v5_notebook/b46bbfdd-aeb0-42d7-9c5d-7443132bdfe3/0.rm": 444,  // 445 − 1 eraser
        "remarks__on-computable-numbers_pdf_annotations/d3954b55-8429-4220-a2d5-64f1daab9727/3e38ed38-08b7-42d2-8bbe-fa8b936b4a45.rm":
            18,
        "remarks__on-computable-numbers_pdf_annotations/d3954b55-8429-4220-a2d5-64f1daab9727/a8cee983-7203-4218-a1af-e2f4fcf3d073.rm":
            3,
        "remarks__on-computable-numbers_pdf_annotations/d3954b55-8429-4220-a2d5-64f1daab9727/bd1287ac-b54f-4024-a117-020194385543.rm":
            13,
        "remarks__v2_notebook_complex/bce041cf-ce31-4ede-ad11-2e53db0f6c77/1f1e3cbb-3774-46c3-b94b-0c6086622271.rm":
            228,  // 230 − 2 erasers
        "remarks__v2_notebook_complex/bce041cf-ce31-4ede-ad11-2e53db0f6c77/e411a942-054b-4d32-9be3-e224a800b84e.rm":
            219,
        "remarks__v2_notebook_complex/bce041cf-ce31-4ede-ad11-2e53db0f6c77/fcff2a80-6e4c-4b3d-b881-a2814b24104e.rm":
            1089,  // 1123 − 19 − 15
        "remarks__v3_annotated_notebook/1f830c35-1e0d-4ba1-80aa-5acc85d8859a/e19dd33a-5b98-4b03-9ea9-e93a0bb336ad.rm":
            3,
        "remarks__v3_coords_notebook/84099c77-bd7b-4a0d-9e06-a11c89e2bca4/0c220082-a11a-4c53-8d60-ab9217aef034.rm": 6,
        "remarks__v3_coords_notebook/84099c77-bd7b-4a0d-9e06-a11c89e2bca4/199fb186-cd1b-4fd6-94c1-7689a7e42605.rm": 5,
        "remarks__v3_coords_notebook/84099c77-bd7b-4a0d-9e06-a11c89e2bca4/381e5d1b-d228-483e-9af1-54573272fec6.rm": 0,
        "remarks__v3_coords_notebook/84099c77-bd7b-4a0d-9e06-a11c89e2bca4/c5ae6db6-aa4a-4744-a43a-2f1928796449.rm": 10,
        "remarks__v3_coords_notebook/84099c77-bd7b-4a0d-9e06-a11c89e2bca4/f397734a-15bf-4a69-894d-81b0e2ba50d1.rm": 4,
        "remarks__v3_simple_notebook/f8000ca5-cc1f-42eb-bf9e-3ca1145c38d6/2e86bec3-bbd1-412e-84c2-e84d90efffaf.rm": 5,
    ]

    /// Notebook folders: title and strokes per page in `.content` order.
    static let expectedFolders: [String: (title: String?, strokes: [Int])] = [
        "lines-are-rusty__v5_notebook": (nil, [444]),
        "remarks__on-computable-numbers_pdf_annotations": (
            "1936 On Computable Numbers, with an Application to the Entscheidungsproblem - A. M. Turing",
            [13, 18] + [Int](repeating: 0, count: 25) + [3] + [Int](repeating: 0, count: 8)
        ),
        "remarks__v2_notebook_complex": ("Gosper", [219, 228, 1089]),
        "remarks__v3_annotated_notebook": ("V3 sample", [3]),
        "remarks__v3_coords_notebook": ("V3coords", [4, 10, 0, 5, 0, 6]),
        "remarks__v3_simple_notebook": ("Beta3nb", [5]),
    ]

    static func rmFiles(under root: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".rm") }.sorted()
    }

    @Test(.enabled(if: RemarkableTestFiles.corpus != nil, "../shared/corpus is absent"))
    func everyCorpusPageHasTheUpstreamStrokeCount() throws {
        let corpus = try #require(RemarkableTestFiles.corpus)
        let files = Self.rmFiles(under: corpus)
        #expect(Set(files) == Set(Self.expectedStrokes.keys))
        for file in files {
            let notebook = try RemarkableReader.read(at: corpus.appendingPathComponent(file))
            #expect(notebook.pages.count == 1, "\(file)")
            #expect(notebook.pages.first?.drawing.strokes.count == Self.expectedStrokes[file], "\(file)")
        }
    }

    @Test(.enabled(if: RemarkableTestFiles.corpus != nil, "../shared/corpus is absent"))
    func everyCorpusNotebookFolderReads() throws {
        let corpus = try #require(RemarkableTestFiles.corpus)
        for (folder, expected) in Self.expectedFolders {
            let url = corpus.appendingPathComponent(folder)
            #expect(RemarkableReader.claims(directory: url), "\(folder)")
            let notebook = try RemarkableReader.read(at: url)
            #expect(notebook.title == expected.title, "\(folder)")
            #expect(notebook.pages.map(\.drawing.strokes.count) == expected.strokes, "\(folder)")
        }
    }

    @Test(.enabled(if: RemarkableTestFiles.corpus != nil, "../shared/corpus is absent"))
    func corpusTypedTextMatchesRmscene() throws {
        let corpus = try #require(RemarkableTestFiles.corpus)
        func texts(_ name: String) throws -> [String] {
            try RemarkableReader.read(at: corpus.appendingPathComponent(name)).pages[0].texts.map(\.text)
        }
        #expect(
            try texts("rmc__text_multiple_lines.rm") == [
                "text 1", "text 2", "text 3", "        text 4", "text 5", "text 8", "text 13",
            ])
        #expect(try texts("rmscene__With_SceneInfo_Block.rm") == ["TEST TEXT", "Test text from keyboard"])
        #expect(try texts("rmscene__Wikipedia_highlighted_p2.rm").contains("also"))
        #expect(
            try texts(
                "remarks__v3_coords_notebook/84099c77-bd7b-4a0d-9e06-a11c89e2bca4/381e5d1b-d228-483e-9af1-54573272fec6.rm"
            )
                == ["hello world. this is a test. how does this render"])
    }
}
