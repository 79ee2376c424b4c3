// The rows the reader's verdict is learned from (`Training/layout/verdict.py`): every word the
// recognizer reads on generated note pages, with the verdict's features (`ReaderVerdict`) and how
// many of its points lie in each stroke, so that the pages' stroke labels tell writing from drawing.
//
//     verdict-rows pages.jsonl > rows.jsonl
//
// Each input line is one page as InkSample reads it (`label`, `strokes` as lists of [x, y]; `set`
// names the page); each output line is {"page": set, "words": [{"features": [...], "strokes":
// {"index": points}}]}. Stroke indices count the page's strokes in the file's order.
import BenchSupport
import DrawingModel
import Foundation
import Recognition

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let path = arguments.first else {
    FileHandle.standardError.write(Data("usage: verdict-rows pages.jsonl > rows.jsonl\n".utf8))
    exit(2)
}
do {
    let recognizer = try HandwritingRecognizer.makeDefault()
    let pages = try InkSample.load(path)
    for page in pages {
        let words = recognizer.verdictRows(page.drawing).map { row -> [String: Any] in
            [
                "features": row.features,
                "strokes": Dictionary(uniqueKeysWithValues: row.strokePoints.map { (String($0.key), $0.value) }),
            ]
        }
        let line = try JSONSerialization.data(
            withJSONObject: ["page": page.set, "words": words], options: [.sortedKeys])
        FileHandle.standardOutput.write(line + Data("\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("verdict-rows: \(path): \(error)\n".utf8))
    exit(1)
}
