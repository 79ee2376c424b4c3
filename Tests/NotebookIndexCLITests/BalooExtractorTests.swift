import Foundation
import Testing

/// KDE Baloo's external-extractor protocol end to end, as KFileMetaData's `ExternalExtractor`
/// runs it: the program `contrib/baloo/manifest.json` names is started without arguments, gets
/// `{"path", "mimetype"}` on standard input (then end of file), and must print one JSON object,
/// `{"properties": {"text": …}, "status": "OK"}`, within 30 seconds. Runs the built binary with
/// the real recognizer on a sample (the slow lane: `make test-all`, which builds the release
/// binary first: a debug build, on a loaded machine, does not read a page inside Baloo's limit).
@Suite struct BalooExtractorTests {
    static let contrib = DesktopSearchTests.contrib.appendingPathComponent("baloo")

    /// The release binary where `make build` made it, else the one beside the tests.
    static let binary: URL? = {
        let release = RenderCommandTests.samples.deletingLastPathComponent()
            .appendingPathComponent(".build/release/notebook-index")
        return FileManager.default.isExecutableFile(atPath: release.path) ? release : CommandRunner.binary
    }()

    /// Starts the manifest's program with `request` on standard input; its output and seconds.
    func extract(
        _ request: Data, binary: URL
    ) throws -> (status: Int32, stdout: String, stderr: String, seconds: Double) {
        let manifestData = try Data(contentsOf: Self.contrib.appendingPathComponent("manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: manifestData) as? [String: Any])
        let main = try #require(manifest["main"] as? String)
        let process = Process()
        process.executableURL = Self.contrib.appendingPathComponent(main)
        process.arguments = []
        var environment = ProcessInfo.processInfo.environment
        environment["NOTEBOOK_INDEX_BIN"] = binary.path
        environment["NOTEBOOK_INDEX_LANGUAGES"] = "en"
        process.environment = environment
        let input = Pipe(), out = Pipe(), err = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        let started = Date()
        try process.run()
        input.fileHandleForWriting.write(request)
        try input.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self),
            Date().timeIntervalSince(started)
        )
    }

    @Test(.enabled(if: Self.binary != nil))
    func theExtractorAnswersBalooWithTheHandwritingWithinItsTimeLimit() throws {
        let binary = try #require(Self.binary)
        let sample = RenderCommandTests.samples.appendingPathComponent("inkml/meeting-notes-2.inkml").path
        // as Qt's QJsonDocument::toJson writes it: indented, over several lines
        let request = try JSONSerialization.data(
            withJSONObject: ["path": sample, "mimetype": "application/inkml+xml"], options: .prettyPrinted)
        let result = try extract(request, binary: binary)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.seconds < 30, "Baloo waits 30 s")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(answer["status"] as? String == "OK")
        let properties = try #require(answer["properties"] as? [String: Any])
        let text = try #require(properties["text"] as? String)
        let words = text.split(whereSeparator: \.isWhitespace).filter { $0.contains(where: \.isLetter) }
        #expect(words.count >= 20, "the page's handwriting, read: \(text)")
        #expect(properties["pageCount"] as? Int == 1)
    }

    @Test(.enabled(if: Self.binary != nil))
    func aFileThatCannotBeReadGetsAStatusAndAnError() throws {
        let binary = try #require(Self.binary)
        let request = Data("{\"path\": \"/nonexistent/notes.xopp\", \"mimetype\": \"application/x-xopp\"}".utf8)
        let result = try extract(request, binary: binary)
        #expect(result.status == 1)
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(answer["status"] as? String == "Failed")
        #expect(answer["error"] as? String == "/nonexistent/notes.xopp: no such file")
    }
}
