import Foundation
import Testing

@testable import NotebookFormats

@Suite struct ContainerTests {
    @Test func gzipInflatesAndCapsTheExpandedSize() throws {
        let bomb = try FormatFixtures.bytes("zeros-1mb.gz")
        #expect(try Gzip.decompress(bomb).count == 1 << 20)
        #expect(throws: ReadError.self) { try Gzip.decompress(bomb, limit: 100_000) }
        do {
            _ = try Gzip.decompress(bomb, limit: 100_000)
        } catch {
            #expect(error.description.contains("limit"))
        }
    }

    @Test func gzipRefusesTruncationAndGarbage() throws {
        let data = try FormatFixtures.bytes("pressure-eraser-text.xopp")
        #expect(throws: ReadError.self) { try Gzip.decompress(Array(data.prefix(data.count - 9))) }
        #expect(throws: ReadError.self) { try Gzip.decompress(data + [1, 2, 3]) }
        #expect(try Gzip.decompress(data + [0, 0]).count == (try Gzip.decompress(data)).count)
        #expect(try Gzip.decompress(data + data).count == 2 * (try Gzip.decompress(data)).count)
    }

    @Test func zipReadsStoredAndDeflatedEntries() throws {
        let archive = try ZipArchive(try FormatFixtures.bytes("packaged.xopp"))
        #expect(archive.entries.map(\.name) == ["mimetype", "META-INF/version", "content.xml"])
        let mimetype = try #require(archive.entry(named: "mimetype"))
        #expect(String(decoding: try archive.contents(of: mimetype), as: UTF8.self) == " application/xournal++\n")
        let content = try #require(archive.entry(named: "content.xml"))
        #expect(content.method == 8)
        #expect(String(decoding: try archive.contents(of: content), as: UTF8.self).contains("<xournal"))
        #expect(throws: ReadError.self) { try archive.contents(of: content, limit: 100) }
    }

    /// 65,535 entries is the most a plain archive holds, not a sign of zip64.
    @Test func zipOf65535EntriesIsNotZip64() throws {
        var local: [UInt8] = [], directory: [UInt8] = []
        func u16(_ v: Int, _ out: inout [UInt8]) { out += [UInt8(v & 0xff), UInt8(v >> 8 & 0xff)] }
        func u32(_ v: Int, _ out: inout [UInt8]) {
            u16(v & 0xffff, &out)
            u16(v >> 16, &out)
        }
        for i in 0..<65_535 {
            let name = Array("e\(i)".utf8)
            let offset = local.count
            u32(0x0403_4b50, &local)
            u16(20, &local)
            u16(0, &local)
            u16(0, &local)
            u32(0, &local)
            u32(0, &local)
            u32(0, &local)
            u32(0, &local)
            u16(name.count, &local)
            u16(0, &local)
            local += name
            u32(0x0201_4b50, &directory)
            u16(20, &directory)
            u16(20, &directory)
            u16(0, &directory)
            u16(0, &directory)
            u32(0, &directory)
            u32(0, &directory)
            u32(0, &directory)
            u32(0, &directory)
            u16(name.count, &directory)
            u16(0, &directory)
            u16(0, &directory)
            u16(0, &directory)
            u16(0, &directory)
            u32(0, &directory)
            u32(offset, &directory)
            directory += name
        }
        var end: [UInt8] = []
        u32(0x0605_4b50, &end)
        u16(0, &end)
        u16(0, &end)
        u16(65_535, &end)
        u16(65_535, &end)
        u32(directory.count, &end)
        u32(local.count, &end)
        u16(0, &end)
        let archive = try ZipArchive(local + directory + end)
        #expect(archive.entries.count == 65_535)
    }

    @Test func zipRefusesDamage() throws {
        let bytes = try FormatFixtures.bytes("packaged.xopp")
        #expect(throws: ReadError.self) { try ZipArchive(Array(bytes.prefix(bytes.count - 30))) }
        var lying = bytes
        // Central directory offset (end record + 16) pointing past the end.
        let end = bytes.count - 22
        lying[end + 16] = 0xff
        lying[end + 17] = 0xff
        #expect(throws: ReadError.self) { try ZipArchive(lying) }
    }

    @Test func stableIDsAreVersion5AndDeterministic() {
        let a = StableStrokeID(fileContents: Array("abc".utf8))
        #expect(a.fileDigest.map { String(format: "%02x", $0) }.joined() == "a9993e364706816aba3e25717850c26c9cd0d89d")
        let id = a.id(page: 0, layer: 1, index: 2)
        #expect(id == StableStrokeID(fileContents: Array("abc".utf8)).id(page: 0, layer: 1, index: 2))
        #expect(id != a.id(page: 0, layer: 1, index: 3))
        #expect(id.uuidString.dropFirst(14).first == "5")
        // RFC 4122 appendix B-style check against a known v5 value (DNS namespace, "python.org").
        let dns = UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8")!
        #expect(
            StableStrokeID.uuidV5(namespace: dns, name: Array("python.org".utf8)).uuidString
                == "886313E1-3B8A-5372-9B90-0C9AEE199E5D")
    }

    @Test func detectionByExtensionThenContent() throws {
        let xopp = try FormatFixtures.bytes("pressure-eraser-text.xopp")
        #expect(NotebookFormats.detect(contents: xopp, fileExtension: "bin")?.formatName == "xopp")
        #expect(
            NotebookFormats.detect(contents: try FormatFixtures.bytes("packaged.xopp"), fileExtension: "")?.formatName
                == "xopp")
        #expect(
            NotebookFormats.detect(
                contents: try FormatFixtures.bytes("brushes-differences.inkml"), fileExtension: "xml")?.formatName
                == "inkml")
        #expect(
            NotebookFormats.detect(contents: try FormatFixtures.bytes("write-pages.svg"), fileExtension: "")?.formatName
                == "svg")
        #expect(NotebookFormats.detect(contents: Array("hello".utf8), fileExtension: "txt") == nil)
        #expect(throws: ReadError.self) {
            try NotebookFormats.read(contents: Array("hello".utf8), fileExtension: "txt")
        }
    }
}
