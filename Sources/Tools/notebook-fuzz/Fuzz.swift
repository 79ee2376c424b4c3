import DrawingModel
import Foundation
import NotebookFormats
import Recognition
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

    /// - Parameters:
    ///   - recognizeEvery: every this many cases that read (and every tenth of that among those
    ///     whose numbers were made absurd, the ones aimed at ink), one page of the notebook, chosen
    ///     by the case's generator, also goes through the shipped recognizer, where hostile ink
    ///     costs time and memory; 0 reads only.
    ///   - maxMegabytes: a case that raises the process's peak memory past this fails.
    static func run(
        files: [Inputs.Item], cases: Int, seed: UInt64, maxSeconds: Double, recognizeEvery: Int = 0,
        maxMegabytes: Int = 1024, only: (format: String, index: Int)? = nil
    ) -> Int32 {
        installCrashReporter()
        let recognizer: HandwritingRecognizer?
        do {
            recognizer = recognizeEvery > 0 ? try HandwritingRecognizer.makeDefault() : nil
        } catch {
            print("notebook-fuzz: cannot load the recognizer: \(error)")
            return 2
        }
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
                seeds[reader.formatName, default: []].append(
                    Seed(name: name + " (expanded)", fileExtension: fileExtension, bytes: expanded))
            }
        }
        var failures = 0
        print("format  seeds    cases  refused  read  recognized  failures  seconds")
        let fuzzStarted = Date()
        for (format, inputs) in seeds.sorted(by: { $0.key < $1.key }) where only == nil || only?.format == format {
            var refused = 0, read = 0, absurdRead = 0, recognized = 0, slow = 0
            let started = Date()
            let range = only.map { $0.index..<($0.index + 1) } ?? 0..<max(cases, 0)
            for k in range {
                var rng = SplitMix64(seed: seed &* 0x1000_0000 &+ UInt64(k) &+ UInt64(format.hashValue & 0))
                let input = inputs[k % inputs.count]
                let mutation = Mutation.allCases.randomElement(using: &rng) ?? .truncate
                var bytes = mutation.apply(to: input.bytes, using: &rng)
                if k % 7 == 0 {
                    bytes = Mutation.allCases.randomElement(using: &rng)?.apply(to: bytes, using: &rng) ?? bytes
                }
                remember("format \(format) case \(k) seed \(seed): \(mutation) of \(input.name)")
                let start = DispatchTime.now().uptimeNanoseconds
                do {
                    let notebook = try NotebookFormats.read(contents: bytes, fileExtension: input.fileExtension)
                    read += 1
                    if mutation == .absurdNumber { absurdRead += 1 }
                    let chosen =
                        read % max(recognizeEvery, 1) == 0
                        || (mutation == .absurdNumber && absurdRead % max(recognizeEvery / 10, 1) == 0)
                    if let recognizer, chosen, !notebook.pages.isEmpty {
                        let page = Int(rng.next() % UInt64(notebook.pages.count))
                        _ = recognizer.transcribe(notebook.pages[page].drawing)
                        recognized += 1
                    }
                } catch {
                    refused += 1
                }
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                let megabytes = peakMegabytes()
                if seconds > maxSeconds || megabytes > maxMegabytes {
                    slow += 1
                    print(
                        "over budget (\(String(format: "%.2f", seconds)) s, peak \(megabytes) MB): format \(format) case \(k) seed \(seed): \(mutation) of \(input.name)"
                    )
                    if megabytes > maxMegabytes { break }
                }
            }
            failures += slow
            print(
                format.padding(toLength: 6, withPad: " ", startingAt: 0)
                    + String(
                        format: " %6d %8d %8d %5d %11d %9d %8.1f", inputs.count, range.count, refused, read, recognized,
                        slow,
                        Date().timeIntervalSince(started)))
        }
        print(String(format: "%.1f s, peak memory %d MB", Date().timeIntervalSince(fuzzStarted), peakMegabytes()))
        print(failures == 0 ? "no failures" : "\(failures) failures")
        return failures == 0 ? 0 : 1
    }

    /// The process's peak resident memory so far.
    private static func peakMegabytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
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
