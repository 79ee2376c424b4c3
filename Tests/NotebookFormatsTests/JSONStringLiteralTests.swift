import Foundation
import NotebookFormats
import Testing

struct JSONStringLiteralTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("café €5", #""café €5""#),
        ("say \"hi\"", #""say \"hi\"""#),
        ("a\\b", #""a\\b""#),
        ("two\nlines\ttab\r", #""two\nlines\ttab\r""#),
        ("bell\u{7}", #""bell\u0007""#),
        ("del\u{7F} and c1\u{85}\u{9F}, not ° or §", #""del\u007f and c1\u0085\u009f, not ° or §""#),
        ("end\u{2028}of\u{2029}line", #""end\u2028of\u2029line""#),
        ("", #""""#),
    ])
    func quotesAsJSON(text: String, expected: String) throws {
        #expect(JSONStringLiteral.quoted(text) == expected)
        let decoded = try JSONDecoder().decode(String.self, from: Data(JSONStringLiteral.quoted(text).utf8))
        #expect(decoded == text)
    }
}
