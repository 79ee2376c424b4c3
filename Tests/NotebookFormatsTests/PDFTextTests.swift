import Testing
import TextMatching

@testable import NotebookFormats

/// `PDFText`: the PDF's text in WinAnsi bytes, with the documented fallback, escaped as literals.
@Suite struct PDFTextTests {
    @Test(arguments: [
        ("apple", "apple"), ("café", "café"), ("Übung", "Übung"), ("€5 – “quoted”", "€5 – “quoted”"),
        // no Windows-1252 byte: the base letter where there is one, else "?", a character each
        ("Łódź", "?ódz"), ("e\u{301}te\u{301}", "été"), ("ő", "o"), ("学习", "??"), ("Ωmega", "?mega"),
        ("tab\there", "tab here"), ("👍🏽", "?"),
    ])
    func charactersBecomeWinAnsiBytesOrTheFallback(text: String, shown: String) {
        let bytes = PDFText.bytes(text)
        #expect(String(String.UnicodeScalarView(bytes.map(Windows1252.scalar))) == shown)
        #expect(bytes.count == shown.count)
    }

    @Test(arguments: [
        ([UInt8]("a(b)c\\".utf8), "(a\\(b\\)c\\\\)"), ([0xE9, 0x41, 0x0A, 0x80], "(\\351A\\012\\200)"), ([], "()"),
    ])
    func literalsEscapeDelimitersAndStayASCII(bytes: [UInt8], literal: String) {
        #expect(PDFText.literal(bytes) == literal)
    }

    @Test func theTitleIsUTF16WithItsByteOrderMark() {
        #expect(PDFText.textString("Tï😀") == "<FEFF005400EFD83DDE00>")
    }
}
