import Foundation

/// Writes small PDFs for tests: numbered objects, a classic xref table and trailer, so that each
/// test states the structure it needs (rotation, crop box, broken offsets) in a few lines.
struct TestPDFWriter {
    private(set) var objects: [String] = []

    /// Adds an object's body ("<< … >>") and returns its number.
    @discardableResult
    mutating func add(_ body: String) -> Int {
        objects.append(body)
        return objects.count
    }

    /// The file, with `root` as the catalog; `startxrefShift` moves the startxref offset (to break it).
    func bytes(root: Int = 1, startxrefShift: Int = 0, trailerExtra: String = "") -> [UInt8] {
        var out = Array("%PDF-1.7\n%\u{E2}\u{E3}\n".utf8)
        var offsets: [Int] = []
        for (k, body) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(k + 1) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let xref = out.count
        var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(format: "%010d 00000 n \n", offset) }
        table += "trailer\n<< /Size \(objects.count + 1) /Root \(root) 0 R \(trailerExtra)>>\n"
        table += "startxref\n\(xref + startxrefShift)\n%%EOF\n"
        return out + Array(table.utf8)
    }

    /// A catalog (object 1), a page tree (2) and one page (3) with `pageExtra` in its dictionary
    /// and the annotations given as object bodies (4, 5, …).
    static func onePage(_ pageExtra: String, annotations: [String]) -> TestPDFWriter {
        var pdf = TestPDFWriter()
        pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add("<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 600 800] >>")
        let refs = annotations.indices.map { "\($0 + 4) 0 R" }.joined(separator: " ")
        pdf.add("<< /Type /Page /Parent 2 0 R \(pageExtra) /Annots [\(refs)] >>")
        for annotation in annotations { pdf.add(annotation) }
        return pdf
    }
}
