import DrawingModel
import Foundation

/// Reads a Supernote `.note` (docs/formats.md#supernote-file, container in `SupernoteFile`): the pen strokes of
/// each page, the device's own handwriting recognition and the keywords.
///
/// ```
/// page block   <PAGESTYLE:…><MAINLAYER:addr><LAYER1:addr>…<TOTALPATH:addr><RECOGNSTATUS:1>
///              <RECOGNTEXT:addr>…<ORIENTATION:1000|1090|1180|1270>
/// TOTALPATH    the trails: strokes, erasers, lasso loops (`SupernoteTrail`)
/// MAINLAYER…   layer blocks whose RATTA_RLE bitmap shows what the page shows (`SupernoteInkMask`)
/// RECOGNTEXT   base64 of MyScript JIIX JSON:
/// {"type": "Raw Content", "elements": [{"type": "Text", "label": "…",
///   "words": [{"label": "Real", "bounding-box": {"x", "y", "width", "height"}}, …]}, …]}
/// keyword      <KEYWORDPAGE:1><KEYWORDRECT:x,y,w,h><KEYWORD:text>…   (pixels)
/// ```
/// Strokes are the trails that are ink, cut to what the layer bitmaps still show, so erased ink is
/// left out (`SupernotePageInk`, `SupernoteVisibility`). Each recognised word is a `TextElement`
/// with its box; JIIX boxes are in millimetres and become pixels at the device's density
/// (`SupernoteDevice`). Keywords are typed text with their rectangle. Titles are bitmaps with no
/// text and are skipped.
///
/// Units: device pixels, pages 1404 × 1872 (Manta 1920 × 2560), turned for the landscape
/// orientations 1090 and 1270.
package struct SupernoteReader: NotebookReader {
    package static let formatName = "supernote"
    package static let displayName = "Supernote"
    package static let fileExtensions = ["note"]
    /// Other apps name files `.note` too: a crawl looks at the signature first.
    package static let extensionIsShared = true
    /// Most recognised words read on one page.
    static let maxWordsPerPage = 200_000

    package static func canRead(_ probe: FormatProbe) -> Bool {
        probe.container == .none && probe.head.starts(with: SupernoteFile.signature)
    }

    package static func read(at url: URL) throws -> Notebook {
        try read(contents: Containers.readFile(at: url), fileExtension: url.pathExtension.lowercased())
    }

    package static func read(contents: [UInt8], fileExtension: String) throws -> Notebook {
        let file = try SupernoteFile(contents)
        let header = try file.footer[first: "FILE_FEATURE"].flatMap(Int.init).map { (address: Int) throws(ReadError) in
            try file.metadata(at: address, what: "header")
        }
        let equipment = header?[first: "APPLY_EQUIPMENT"]
        let layout = PageLayout(
            portrait: SupernoteDevice.portraitSize(equipment: equipment),
            pixelsPerMillimetre: SupernoteDevice.pixelsPerMillimetre(equipment: equipment),
            paletteIDs: file.version < "20230015")
        let ids = StableStrokeID(fileContents: contents)
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
                pages.append(try page(file, at: entry.address, index: k, layout: layout, ids: ids))
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

    /// What every page of a note shares.
    struct PageLayout {
        var portrait: Size
        var pixelsPerMillimetre: Double
        var paletteIDs: Bool
    }

    private static func page(
        _ file: SupernoteFile, at address: Int, index: Int, layout: PageLayout, ids: StableStrokeID
    ) throws(ReadError) -> Page {
        let meta = try file.metadata(at: address, what: "page")
        let landscape = ["1090", "1270"].contains(meta[first: "ORIENTATION"] ?? "")
        let size = landscape ? Size(width: layout.portrait.height, height: layout.portrait.width) : layout.portrait
        let ink = SupernotePageInk(file: file, page: meta, size: size, paletteIDs: layout.paletteIDs)
        var page = Page(drawing: Drawing(strokes: try ink.strokes(pageIndex: index, ids: ids)), size: size)
        if let recognised = meta[first: "RECOGNTEXT"].flatMap(Int.init), recognised > 0 {
            page.texts = try words(file.block(at: recognised, what: "RECOGNTEXT"), scale: layout.pixelsPerMillimetre)
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
