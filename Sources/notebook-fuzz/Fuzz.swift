import DrawingModel
import Foundation
import NotebookFormats
import SeededRandom

#if canImport(Glibc)
import Glibc
#endif

/// The case being run, kept in a fixed buffer so that a signal handler can print it if a reader
/// crashes (Swift runtime traps arrive as SIGILL/SIGTRAP).
nonisolated(unsafe) private let currentCase: UnsafeMutablePointer<CChar> = {
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: 1024)
    buffer.initialize(repeating: 0, count: 1024)
    return buffer
}()

/// `notebook-fuzz fuzz`: mutated fixtures through every reader via the registry.
enum Fuzz {
    private struct Seed {
        var name: String
        var fileExtension: String
        var bytes: [UInt8]
    }

    static func run(files: [Inputs.Item], cases: Int, seed: UInt64, maxSeconds: Double, only: (format: String, index: Int)? = nil) -> Int32 {
        installCrashReporter()
        // Group seed inputs by the format that reads them; gzip inputs also give their expanded
        // document as a seed, so that mutations reach the XML parser and not just the CRC check.
        var seeds: [String: [Seed]] = [:]
        for item in files where !item.isFolder {
            guard let data = try? Data(contentsOf: item.url), data.count <= 512 << 10 else { continue }
            let bytes = [UInt8](data)
            let fileExtension = item.url.pathExtension.lowercased()
            guard let reader = NotebookFormats.detect(contents: bytes, fileExtension: fileExtension) else { continue }
            let name = item.url.lastPathComponent
            seeds[reader.formatName, default: []].append(Seed(name: name, fileExtension: fileExtension, bytes: bytes))
            if let expanded = NotebookFormats.expandedContents(bytes) {
                seeds[reader.formatName, default: []].append(Seed(name: name + " (expanded)", fileExtension: fileExtension, bytes: expanded))
            }
        }
        var failures = 0
        print("format  seeds    cases  refused  read  failures  seconds")
        for (format, inputs) in seeds.sorted(by: { $0.key < $1.key }) where only == nil || only?.format == format {
            var refused = 0, read = 0, slow = 0
            let started = Date()
            let range = only.map { $0.index..<($0.index + 1) } ?? 0..<max(cases, 0)
            for k in range {
                var rng = SplitMix64(seed: seed &* 0x1000_0000 &+ UInt64(k) &+ UInt64(format.hashValue & 0))
                let input = inputs[k % inputs.count]
                let mutation = Mutation.allCases.randomElement(using: &rng) ?? .truncate
                var bytes = mutation.apply(to: input.bytes, using: &rng)
                if k % 7 == 0 { bytes = Mutation.allCases.randomElement(using: &rng)?.apply(to: bytes, using: &rng) ?? bytes }
                remember("format \(format) case \(k) seed \(seed): \(mutation) of \(input.name)")
                let start = DispatchTime.now().uptimeNanoseconds
                do {
                    _ = try NotebookFormats.read(contents: bytes, fileExtension: input.fileExtension)
                    read += 1
                } catch {
                    refused += 1
                }
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if seconds > maxSeconds {
                    slow += 1
                    print("slow (\(String(format: "%.2f", seconds)) s): format \(format) case \(k) seed \(seed): \(mutation) of \(input.name)")
                }
            }
            failures += slow
            print(
                format.padding(toLength: 6, withPad: " ", startingAt: 0)
                    + String(format: " %6d %8d %8d %5d %9d %8.1f", inputs.count, range.count, refused, read, slow, Date().timeIntervalSince(started)))
        }
        print(failures == 0 ? "no failures" : "\(failures) failures")
        return failures == 0 ? 0 : 1
    }

    private static func remember(_ text: String) {
        let bytes = Array(text.utf8.prefix(1000))
        for (i, byte) in bytes.enumerated() { currentCase[i] = CChar(bitPattern: byte) }
        currentCase[bytes.count] = 0
    }

    private static func installCrashReporter() {
        for signal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT] {
            _ = Glibc.signal(signal) { number in
                let prefix = "\nnotebook-fuzz: crashed (signal \(number)) on "
                _ = prefix.withCString { write(2, $0, strlen($0)) }
                _ = write(2, currentCase, strlen(currentCase))
                _ = write(2, "\n", 1)
                _exit(3)
            }
        }
    }
}
