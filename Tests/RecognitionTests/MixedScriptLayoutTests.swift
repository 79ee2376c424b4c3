import DrawingModel
import Foundation
import Testing

@testable import Recognition

/// `MixedScriptLayout.rows`: what the Latin lines of a mixed page leave is laid out at the CJK
/// size row by row, so that two rows of characters written close together stay two lines.
@Suite struct MixedScriptLayoutTests {
    static func trace(_ box: Rect, order: Int) -> InkTrace {
        LocalSizeTests.trace(box, order: order)
    }

    /// The first mixed layout laid the leftovers of every row out together at the CJK size, whose
    /// writing size spans the gap between rows: a row's characters joined the next row's.
    @Test func leftoversOfTwoRowsAreNotJoined() {
        // two rows 30 points apart, a character of three strokes in each, and a dot the Latin
        // layout left out beside the first row
        let traces = [
            Self.trace(Rect(x: 0, y: 0, width: 20, height: 2), order: 0),
            Self.trace(Rect(x: 9, y: 0, width: 2, height: 20), order: 1),
            Self.trace(Rect(x: 0, y: 18, width: 20, height: 2), order: 2),
            Self.trace(Rect(x: 0, y: 30, width: 20, height: 2), order: 3),
            Self.trace(Rect(x: 9, y: 30, width: 2, height: 20), order: 4),
            Self.trace(Rect(x: 0, y: 48, width: 20, height: 2), order: 5),
            Self.trace(Rect(x: 24, y: 8, width: 1, height: 1), order: 6),
        ]
        let rows = MixedScriptLayout.rows(of: Array(0..<7), traces, lines: [[0, 1, 2], [3, 4, 5]])
        #expect(rows.map { Set($0) } == [[0, 1, 2, 6], [3, 4, 5]])
    }

    /// Lines side by side in one row (the Latin layout cut a row at a character it took for a box
    /// drawn around words) are one row again; ink near no row is a row of its own.
    @Test func linesSideBySideAreOneRow() {
        let traces = [
            Self.trace(Rect(x: 0, y: 0, width: 20, height: 20), order: 0),
            Self.trace(Rect(x: 25, y: 2, width: 20, height: 18), order: 1),
            Self.trace(Rect(x: 300, y: 300, width: 10, height: 10), order: 2),
        ]
        let rows = MixedScriptLayout.rows(of: [0, 1, 2], traces, lines: [[0], [1]])
        #expect(rows.map { Set($0) } == [[0, 1], [2]])
    }
}
