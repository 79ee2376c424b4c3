import DrawingModel
import Foundation

/// Reads what a Supernote `.note` (formats.md §14, container in `SupernoteFile`) holds as text:
/// the device's own handwriting recognition and the keywords. The vector strokes (`TOTALPATH`)
/// are not decoded yet, so pages come without ink; this reader makes notes written with
/// real-time recognition findable by the words the device read.
///
/// ```
/// page block   <PAGESTYLE:…><ORIENTATION:1000|1090|1180|1270><TOTALPATH:addr><RECOGNSTATUS:1>
///              <RECOGNTEXT:addr>…          RECOGNTEXT = base64 of MyScript JIIX JSON:
/// {"type": "Raw Content", "elements": [{"type": "Text", "label": "…",
///   "words": [{"label": "Real", "bounding-box": {"x", "y", "width", "height"}}, …]}, …]}
/// keyword      <KEYWORDPAGE:1><KEYWORDRECT:x,y,w,h><KEYWORD:text>…   (pixels)
/// ```
/// Each recognised word is a `TextElement` with its box; JIIX boxes are in millimetres and
/// become pixels at the device's density (`pixelsPerMillimetre`): 300 ppi for the 7.8-inch A6X
/// and Nomad (N6), 226 ppi for the others. Checked on the A6X note against the device's own PDF
/// export (corpus `pdf/…turkish….pdf`, rendered by poppler): the words' boxes fall within a
/// millimetre of the rendered ink; for A5X and N5 the density only keeps every word on the page.
/// Keywords are typed text with their rectangle. Titles are bitmaps with no text and are skipped.
///
/// Units: device pixels, pages 1404 × 1872 (1872 × 1404 for the landscape orientations 1090 and 1270).
public struct SupernoteReader: NotebookReader {
    public static let formatName = "supernote"
    public static let displayName = "Supernote (recognized text)"
    public static let fileExtensions = ["note"]
    /// Other apps name files `.note` too: a crawl looks at the signature first.
    public static let extensionIsShared = true
    static let portrait = Size(width: 1404, height: 1872)
    /// Most recognised words read on one page.
    static let maxWordsPerPage = 200_000

    public static func canRead(_ probe: FormatProbe) -> Bool {
        probe.container == .none && probe.head.starts(with: SupernoteFile.signature)
    }

    public static func read(at url: URL) throws -> Notebook {
        try read(contents: Containers.readFile(at: url), fileExtension: url.pathExtension.lowercased())
    }

    public static func read(contents: [UInt8], fileExtension: String) throws -> Notebook {
        let file = try SupernoteFile(contents)
        let header = try file.footer[first: "FILE_FEATURE"].flatMap(Int.init).map { (address: Int) throws(ReadError) in
            try file.metadata(at: address, what: "header")
        }
        let scale = pixelsPerMillimetre(equipment: header?[first: "APPLY_EQUIPMENT"])
        let pageAddresses = file.footer.compactMap { entry -> (number: Int, address: Int)? in
            guard entry.key.hasPrefix("PAGE"), let number = Int(entry.key.dropFirst(4)), let address = Int(entry.value)
            else { return nil }
            return (number, address)
        }.sorted { $0.number < $1.number }
        guard pageAddresses.count <= ReadLimits.maxPages else {
            throw ReadError("more than \(ReadLimits.maxPages) pages")
        }
        var pages: [Page] = []
        for (k, entry) in pageAddresses.enumerated() {
            do throws(ReadError) {
                pages.append(try page(file, at: entry.address, scale: scale))
            } catch {
                throw ReadError("page \(k + 1): \(error.description)")
            }
        }
        for entry in file.footer where entry.key.hasPrefix("KEYWORD_") {
            guard let address = Int(entry.value) else { continue }
            let keyword = try file.metadata(at: address, what: "keyword")
            guard let text = keyword[first: "KEYWORD"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty,
                let number = keyword[first: "KEYWORDPAGE"].flatMap(Int.init), pages.indices.contains(number - 1)
            else { continue }
            pages[number - 1].texts.append(TextElement(text: text, bounds: rect(keyword[first: "KEYWORDRECT"])))
        }
        return Notebook(format: formatName, pages: pages)
    }

    /// Pixels per millimetre of the device that wrote the note (see the type's overview).
    static func pixelsPerMillimetre(equipment: String?) -> Double {
        let ppi: Double = ["A6X", "A6X2", "N6"].contains(equipment ?? "") ? 300 : 226
        return ppi / 25.4
    }

    private static func page(_ file: SupernoteFile, at address: Int, scale: Double) throws(ReadError) -> Page {
        let meta = try file.metadata(at: address, what: "page")
        let landscape = ["1090", "1270"].contains(meta[first: "ORIENTATION"] ?? "")
        var page = Page(
            drawing: Drawing(),
            size: landscape ? Size(width: portrait.height, height: portrait.width) : portrait)
        if let recognised = meta[first: "RECOGNTEXT"].flatMap(Int.init), recognised > 0 {
            page.texts = try words(file.block(at: recognised, what: "RECOGNTEXT"), scale: scale)
        }
        return page
    }

    /// The words of a RECOGNTEXT block, boxes in pixels.
    static func words(_ block: ArraySlice<UInt8>, scale: Double) throws(ReadError) -> [TextElement] {
        guard let json = Data(base64Encoded: Data(block), options: .ignoreUnknownCharacters) else {
            throw ReadError("RECOGNTEXT is not base64")
        }
        let document = try JSONTree.parse([UInt8](json))
        var texts: [TextElement] = []
        for element in document["elements"]?.array ?? [] {
            for word in element["words"]?.array ?? [] {
                // Punctuation comes as words of its own ("?", ","): only words with a letter or digit.
                guard let label = word["label"]?.string?.trimmingCharacters(in: .whitespacesAndNewlines),
                    label.unicodeScalars.contains(where: { CharacterSet.alphanumerics.contains($0) })
                else { continue }
                guard texts.count < maxWordsPerPage else {
                    throw ReadError("more than \(maxWordsPerPage) recognised words")
                }
                var bounds: Rect?
                if let box = word["bounding-box"], let x = box["x"]?.number, let y = box["y"]?.number,
                    let width = box["width"]?.number, let height = box["height"]?.number
                {
                    bounds = Rect(
                        x: x * scale, y: y * scale, width: max(width, 0) * scale, height: max(height, 0) * scale)
                }
                texts.append(TextElement(text: label, bounds: bounds))
            }
        }
        return texts
    }

    /// `x,y,w,h` in pixels.
    private static func rect(_ text: String?) -> Rect? {
        let numbers = (text ?? "").split(separator: ",").compactMap { Double($0) }
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite) else { return nil }
        return Rect(x: numbers[0], y: numbers[1], width: max(numbers[2], 0), height: max(numbers[3], 0))
    }
}
