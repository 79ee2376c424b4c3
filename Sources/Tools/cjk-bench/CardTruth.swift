import DrawingModel
import Foundation
import Recognition

/// What the dump tools share: the truth.json the page makers write beside their pages
/// (`make_card_pages.py`, `make_pages.py`), the boxes of a card page's CJK items, and the mixed
/// reader (`en,zh,ja`) with its two halves.
enum CardTruth {
    /// DIR/truth.json as a JSON object.
    static func read(_ directory: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent("truth.json"))
        guard let truth = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ModelError.invalid("\(directory)/truth.json: not a truth file")
        }
        return truth
    }

    /// The boxes of a page's CJK items, 2 units wider on every side.
    static func cjkBoxes(_ items: [[String: Any]]) -> [Rect] {
        items.compactMap { item -> Rect? in
            guard item["script"] as? String == "cjk", let b = item["box"] as? [Double], b.count == 4 else {
                return nil
            }
            return Rect(x: b[0] - 2, y: b[1] - 2, width: b[2] + 4, height: b[3] + 4)
        }
    }

    /// The recognizer for `en,zh,ja` and its mixed reader's Latin and CJK readers.
    static func mixedReader() throws -> (
        recognizer: HandwritingRecognizer, mixed: MixedScriptLineReader, latin: any LineReading, cjk: any LineReading
    ) {
        let recognizer = try PageBench.recognizer(languages: ["en", "zh", "ja"])
        guard let mixed = recognizer.lineReader as? MixedScriptLineReader, let latin = mixed.latin,
            let cjk = mixed.cjk
        else { throw ModelError.invalid("no mixed reader for en,zh,ja") }
        return (recognizer, mixed, latin, cjk)
    }
}
