import DrawingModel

/// The pages of a PDF in order (ISO 32000-1 §7.7.3): the `/Pages` tree walked depth first, with
/// the inheritable `/MediaBox`, `/CropBox` and `/Rotate` passed down, a node seen twice (a cycle,
/// or a page listed twice) refused, nesting and page count capped.
struct PDFPageTree {
    /// One page: its dictionary and the box and rotation it shows with.
    struct PageInfo {
        var dictionary: [String: PDFObject]
        /// The visible area in default user space: the crop box clipped to the media box.
        var box: Rect
        /// Clockwise quarter turns the page is shown with (`/Rotate` / 90, modulo 4).
        var quarterTurns: Int
    }

    static let maxDepth = 64
    /// What a page without any `/MediaBox` is taken to be: US Letter, as Acrobat does.
    static let defaultMediaBox = Rect(x: 0, y: 0, width: 612, height: 792)

    static func pages(_ document: PDFDocument) throws(ReadError) -> [PageInfo] {
        guard let catalog = try document.catalog(), let root = catalog["Pages"] else {
            throw ReadError("PDF catalog has no /Pages")
        }
        var pages: [PageInfo] = []
        var seen: Set<PDFReference> = []
        try walk(root, document: document, inherited: [:], depth: 0, seen: &seen, into: &pages)
        return pages
    }

    private static func walk(
        _ node: PDFObject, document: PDFDocument, inherited: [String: PDFObject], depth: Int,
        seen: inout Set<PDFReference>, into pages: inout [PageInfo]
    ) throws(ReadError) {
        guard depth <= maxDepth else { throw ReadError("PDF page tree is deeper than \(maxDepth) levels") }
        if let reference = node.reference {
            guard seen.insert(reference).inserted else {
                throw ReadError("PDF page tree lists \(reference) twice")
            }
        }
        guard let dictionary = try document.resolve(node).dictionary else { return }  // a null kid: skipped
        var passed = inherited
        for key in ["MediaBox", "CropBox", "Rotate"] {
            if let value = dictionary[key] { passed[key] = try document.resolve(value) }
        }
        let kids = try dictionary["Kids"].map { (kids: PDFObject) throws(ReadError) in try document.resolve(kids) }
        if dictionary["Type"]?.name == "Pages" || (dictionary["Type"]?.name != "Page" && kids != nil) {
            for kid in kids?.array ?? [] {
                try walk(kid, document: document, inherited: passed, depth: depth + 1, seen: &seen, into: &pages)
            }
            return
        }
        guard pages.count < ReadLimits.maxPages else {
            throw ReadError("PDF has more than \(ReadLimits.maxPages) pages")
        }
        let media = try box(passed["MediaBox"], document: document) ?? defaultMediaBox
        var visible = try box(passed["CropBox"], document: document).map { clip($0, to: media) } ?? media
        if visible.width <= 0 || visible.height <= 0 { visible = media }
        let rotation = passed["Rotate"]?.integer ?? 0
        let turns = ((rotation / 90) % 4 + 4) % 4
        pages.append(PageInfo(dictionary: dictionary, box: visible, quarterTurns: rotation % 90 == 0 ? turns : 0))
    }

    /// A rectangle `[x1 y1 x2 y2]` (corners in any order), or nil when it is not four numbers.
    static func box(_ value: PDFObject?, document: PDFDocument) throws(ReadError) -> Rect? {
        guard let value, let corners = try document.resolve(value).array, corners.count == 4 else { return nil }
        var numbers: [Double] = []
        for corner in corners {
            guard let number = try document.resolve(corner).number else { return nil }
            numbers.append(number)
        }
        return Rect(enclosing: [Point(x: numbers[0], y: numbers[1]), Point(x: numbers[2], y: numbers[3])])
    }

    private static func clip(_ rect: Rect, to bounds: Rect) -> Rect {
        let x0 = max(rect.minX, bounds.minX), y0 = max(rect.minY, bounds.minY)
        let x1 = min(rect.maxX, bounds.maxX), y1 = min(rect.maxY, bounds.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

extension PDFPageTree.PageInfo {
    /// The page as it is shown: width and height swapped for a quarter turn.
    var shownSize: Size {
        quarterTurns % 2 == 0
            ? Size(width: box.width, height: box.height) : Size(width: box.height, height: box.width)
    }

    /// Maps default user space (points, origin bottom left, y up) to the page as it is shown:
    /// origin at the top left of the visible box, y down, turned by the page's `/Rotate`.
    func shown(_ p: Point) -> Point {
        let u = p.x - box.minX, v = box.maxY - p.y  // unrotated, y down
        switch quarterTurns {
        case 1: return Point(x: box.height - v, y: u)
        case 2: return Point(x: box.width - u, y: box.height - v)
        case 3: return Point(x: v, y: box.width - u)
        default: return Point(x: u, y: v)
        }
    }
}
