import Foundation
import SearchIndex

/// The build's progress line on a terminal: files, pages, pages per second and time left.
/// Redrawn in place at most ten times a second; cleared when the build ends.
final class ProgressBar {
    private let sink: any TextSink
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(sink: any TextSink) {
        self.sink = sink
    }

    func update(_ progress: BuildProgress) {
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.1 || progress.filesDone == progress.filesTotal else { return }
        lastDraw = now
        let width = 24
        let fraction = progress.filesTotal == 0 ? 1 : Double(progress.filesDone) / Double(progress.filesTotal)
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar =
            String(repeating: "=", count: filled) + (filled < width ? ">" : "")
            + String(repeating: " ", count: max(0, width - filled - 1))
        let rate = progress.elapsed > 0 ? Double(progress.pagesDone) / progress.elapsed : 0
        let remaining = fraction > 0 ? progress.elapsed / fraction - progress.elapsed : .infinity
        let line =
            "[\(bar)] \(progress.filesDone)/\(progress.filesTotal) files  \(progress.pagesDone) pages  "
            + String(format: "%.1f pages/s", rate) + "  ETA \(Formatting.duration(remaining))"
        sink.write("\r\u{1B}[2K" + line)
        drawn = true
    }

    func finish() {
        if drawn { sink.write("\r\u{1B}[2K") }
    }
}
