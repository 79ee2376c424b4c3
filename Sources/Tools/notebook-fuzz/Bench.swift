import DrawingModel
import Foundation
import NotebookFormats

/// `notebook-fuzz bench`: reading throughput per format (MB/s of file bytes, strokes/s), measured
/// in CPU time of the reading thread so that other load on the machine does not distort it.
enum Bench {
    private struct Total {
        var files = 0
        var bytes = 0
        var strokes = 0
        var points = 0
        var seconds = 0.0
    }

    static func run(_ items: [Inputs.Item], repeat passes: Int) -> Int32 {
        var totals: [String: Total] = [:]
        for item in items {
            var best = Double.infinity
            var notebook: Notebook?
            for _ in 0..<max(passes, 1) {
                let start = cpuSeconds()
                notebook = try? NotebookFormats.read(at: item.url)
                best = min(best, cpuSeconds() - start)
            }
            guard let notebook else { continue }
            let strokes = notebook.pages.flatMap(\.drawing.strokes)
            var total = totals[notebook.format] ?? Total()
            total.files += 1
            total.bytes += Inputs.size(item)
            total.strokes += strokes.count
            total.points += strokes.reduce(0) { $0 + $1.path.count }
            total.seconds += best
            totals[notebook.format] = total
        }
        print("format  files       bytes  strokes   points  cpu-seconds     MB/s   strokes/s")
        for (format, t) in totals.sorted(by: { $0.key < $1.key }) {
            let mbps = Double(t.bytes) / 1_048_576 / t.seconds
            let sps = Double(t.strokes) / t.seconds
            print(
                format.padding(toLength: 6, withPad: " ", startingAt: 0)
                    + String(
                        format: " %6d %11d %8d %8d %12.4f %8.1f %11.0f", t.files, t.bytes, t.strokes, t.points,
                        t.seconds, mbps, sps))
        }
        return 0
    }
}

/// CPU time used by the calling thread, in seconds.
private func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
