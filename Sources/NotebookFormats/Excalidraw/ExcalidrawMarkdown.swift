/// Finds the scene in an Obsidian Excalidraw note (`.excalidraw.md`, docs/formats.md#excalidraw-file):
///
/// ````
/// ---
/// excalidraw-plugin: parsed
/// ---
/// # Excalidraw Data
/// ## Text Elements
/// Hello ^a1B2c3
/// %%
/// ## Drawing
/// ```compressed-json
/// N4KAkARALgngDgUwgLgAQQQwMYEM…      (lz-string base64, broken into lines)
/// ```
/// %%
/// ````
/// The block after the `# Drawing` or `## Drawing` heading is either ```` ```json ```` (the scene
/// as it is) or ```` ```compressed-json ```` (`LZString`). The `Text Elements` list repeats the
/// scene's text elements and is not read twice.
enum ExcalidrawMarkdown {
    /// Whether the front matter at the start of `head` marks an Excalidraw plugin note.
    static func isPluginNote(_ head: String) -> Bool {
        let lines = head.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        for line in lines.prefix(200) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "---" { return false }
            if trimmed.hasPrefix("excalidraw-plugin:") { return true }
        }
        return false
    }

    /// The scene JSON of the note's drawing block.
    static func sceneJSON(_ contents: [UInt8], limit: Int) throws(ReadError) -> [UInt8] {
        let text = String(decoding: contents, as: UTF8.self)
        guard isPluginNote(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text) else {
            throw ReadError("not an Excalidraw drawing (no excalidraw-plugin front matter)")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
        guard let heading = lines.lastIndex(where: { $0 == "# Drawing" || $0 == "## Drawing" }) else {
            throw ReadError("Excalidraw note has no '## Drawing' section")
        }
        guard let fence = lines[(heading + 1)...].firstIndex(where: { $0.hasPrefix("```") }) else {
            throw ReadError("Excalidraw note's drawing section has no ``` block")
        }
        let language = lines[fence].dropFirst(3).trimmingCharacters(in: .whitespaces)
        guard let close = lines[(fence + 1)...].firstIndex(where: { $0.hasPrefix("```") }) else {
            throw ReadError("Excalidraw note's drawing block is not closed")
        }
        let body = lines[(fence + 1)..<close]
        switch language {
        case "json":
            let json = Array(body.joined(separator: "\n").utf8)
            guard json.count <= limit else {
                throw ReadError("scene is \(describeByteCount(json.count)), over the \(describeByteCount(limit)) limit")
            }
            return json
        case "compressed-json":
            let joined = body.flatMap(\.utf8)
            let allowed = ReadLimits.expansionLimit(compressedSize: joined.count, cap: limit)
            let units = try LZString.decompressBase64(joined, limit: allowed / 2)
            let json = Array(String(decoding: units, as: UTF16.self).utf8)
            guard json.count <= limit else {
                throw ReadError("scene is \(describeByteCount(json.count)), over the \(describeByteCount(limit)) limit")
            }
            return json
        default:
            throw ReadError("Excalidraw note's drawing block is '\(language.prefix(40))', not json or compressed-json")
        }
    }
}
