import Testing

@testable import NotebookFormats

@Suite struct XMLPullParserTests {
    /// All events of a document, as short strings: "<a k=v>", "</a>", "'text'".
    static func events(_ text: String, lenient: Bool = false) throws -> [String] {
        var parser = XMLPullParser(Array(text.utf8), lenientEnd: lenient)
        var out: [String] = []
        while let event = try parser.next() {
            switch event {
            case .start(let tag):
                out.append(
                    "<" + ([tag.name] + tag.attributes.map { "\($0.name)=\($0.value)" }).joined(separator: " ") + ">")
            case .end(let name): out.append("</\(name)>")
            case .text(let text): out.append("'\(text)'")
            }
        }
        return out
    }

    static func error(_ text: String) -> XMLError? {
        do {
            _ = try events(text)
            return nil
        } catch {
            return error as? XMLError
        }
    }

    @Test func elementsAttributesAndText() throws {
        let got = try Self.events(
            "<?xml version='1.0'?>\n<!-- c --><a x=\"1\" y='two'><b/>hi<![CDATA[<raw>&amp;]]></a>")
        #expect(got == ["<a x=1 y=two>", "<b>", "</b>", "'hi'", "'<raw>&amp;'", "</a>"])
    }

    @Test func predefinedEntitiesAndCharacterReferences() throws {
        let got = try Self.events("<a t=\"&lt;&#65;&#x42;&#10;\tz\">&amp;&quot;&apos;&gt;&#x1F600;</a>")
        #expect(got == ["<a t=<AB\n z>", "'&\"'>😀'", "</a>"])
    }

    @Test func neverExpandsDeclaredEntities() throws {
        let bomb = """
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
            <a>&lol2;&nbsp;&#0;</a>
            """
        #expect(try Self.events(bomb) == ["<a>", "'&lol2;&nbsp;\u{fffd}'", "</a>"])
    }

    @Test func mismatchedTagNamesTheLine() {
        let error = Self.error("<a>\n<b>\n</a>")
        #expect(error?.line == 3)
        #expect(error?.message.contains("expected </b>") == true)
    }

    @Test(arguments: [
        ("<a>", "unexpected end of data inside <a>"),
        ("<a x=1/>", "not quoted"),
        ("text<a/>", "text before the root element"),
        ("", "no root element"),
        ("<a></a><b/>", ""),
        ("<a x='1'y='2'/>", "expected a space"),
        ("</a>", "without a start tag"),
        ("<a><!-- open", "unexpected end of data inside a comment"),
    ])
    func malformedInput(_ input: String, _ message: String) {
        let error = Self.error(input)
        if message.isEmpty {
            #expect(error == nil)  // content after the root element is ignored
        } else {
            #expect(error?.message.contains(message) == true, "\(String(describing: error))")
        }
    }

    @Test func depthIsLimited() {
        let deep = String(repeating: "<a>", count: ReadLimits.maxXMLDepth + 1)
        #expect(Self.error(deep)?.message.contains("nested deeper") == true)
    }

    @Test func lenientEndClosesOpenElements() throws {
        #expect(
            try Self.events("<a><b x='1'>text<c y=", lenient: true) == ["<a>", "<b x=1>", "'text'", "</b>", "</a>"])
    }

    @Test func skipAndReadText() throws {
        var parser = XMLPullParser(Array("<r><img>QUJD<x>y</x></img><t>one<i>two</i></t><e/></r>".utf8))
        _ = try parser.next()
        _ = try parser.next()  // <img>
        try parser.skipElement()
        guard case .start(let t)? = try parser.next() else { throw XMLError(line: 0, message: "no <t>") }
        #expect(t.name == "t")
        #expect(try parser.readText() == "onetwo")
        guard case .start(let e)? = try parser.next() else { throw XMLError(line: 0, message: "no <e>") }
        #expect(e.name == "e")
        try parser.skipElement()
        guard case .end(let r)? = try parser.next() else { throw XMLError(line: 0, message: "no </r>") }
        #expect(r == "r")
    }

    @Test func utf16WithBOMIsTranscoded() throws {
        var bytes: [UInt8] = [0xff, 0xfe]
        for unit in "<a>é</a>".utf16 { bytes += [UInt8(unit & 0xff), UInt8(unit >> 8)] }
        var parser = XMLPullParser(bytes)
        _ = try parser.next()
        #expect(try parser.readText() == "é")
    }
}
