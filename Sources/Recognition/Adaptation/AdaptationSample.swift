import Foundation

/// One surely read word as a writer's adaptation learns from it: what the network's output
/// layer saw over the word's frames (the last LSTM layer's states, taken from the reading of
/// its line, so the word is learned in the context it is read in) and the classes of its best
/// reading, the target.
package struct AdaptationSample: Sendable {
    /// `frames × width` hidden states, row-major, halved to 16 bits (an index keeps up to
    /// `AdaptationCollector.defaultCapacity` of them while it builds).
    var hidden: [Float16]
    var width: Int
    /// Classes 1 ..< classCount of the best reading.
    var target: [Int]
    /// The best reading.
    package var text: String
    /// Orders samples the same however the build's tasks ran (`AdaptationCollector`).
    var key: UInt64

    var frames: Int { hidden.count / max(width, 1) }

    package init(hidden: ArraySlice<Float>, width: Int, target: [Int], text: String) {
        self.hidden = hidden.map { Float16($0) }
        self.width = width
        self.target = target
        self.text = text
        key = Self.key(text: text, hidden: hidden)
    }

    /// The key of the sample these would make, without making it: a hash of the text and of the
    /// first 64 states halved.
    static func key(text: String, hidden: ArraySlice<Float>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        for v in hidden.prefix(64) { hash = (hash ^ UInt64(Float16(v).bitPattern)) &* 0x100_0000_01b3 }
        return hash
    }
}

/// Gathers the sure words of a build, from every task that reads (thread-safe), keeping at most
/// `capacity` of them: those with the lowest keys, so the same pages give the same samples
/// whatever order they were read in.
///
/// With a `pseudoLabelFloor`, it also gathers, apart and as many again, the candidates for
/// pseudo-labels: words read less surely than a sure word but at least that surely, whose best
/// reading is a word the reader's lists know (`HandAdapter` keeps those the readers agree on).
package final class AdaptationCollector: @unchecked Sendable {
    /// As many as the adaptation fits (`HandAdapter.Settings.maximumWords`).
    package static let defaultCapacity = HandAdapter.Settings.defaultMaximumWords

    package let capacity: Int
    /// The lowest confidence of a pseudo-label's candidate; nil: none is gathered.
    package let pseudoLabelFloor: Double?
    private let lock = NSLock()
    private var sure = Pool()
    private var unsure = Pool()

    /// Samples kept by lowest key, up to the collector's capacity.
    private struct Pool {
        var kept: [AdaptationSample] = []
        var seen = 0
        /// Once full, the highest key kept: no sample with a higher key can be kept any more
        /// (the kept keys only fall), so none need be made.
        var threshold = UInt64.max

        mutating func trim(to capacity: Int) {
            kept.sort { $0.key != $1.key ? $0.key < $1.key : $0.text < $1.text }
            if kept.count > capacity { kept.removeLast(kept.count - capacity) }
            if kept.count == capacity, let last = kept.last { threshold = last.key }
        }
    }

    package init(capacity: Int = AdaptationCollector.defaultCapacity, pseudoLabelFloor: Double? = nil) {
        self.capacity = capacity
        self.pseudoLabelFloor = pseudoLabelFloor
    }

    /// Adds `samples`, of `offered` sure words (all of them by default; the others were not made
    /// because `mayKeep` said no).
    package func add(_ samples: [AdaptationSample], offered: Int? = nil) {
        lock.lock()
        defer { lock.unlock() }
        sure.seen += offered ?? samples.count
        sure.kept += samples
        if sure.kept.count >= 2 * capacity { sure.trim(to: capacity) }
    }

    /// Adds candidates for pseudo-labels (`pseudoLabelFloor`).
    package func addUnsure(_ samples: [AdaptationSample], offered: Int? = nil) {
        lock.lock()
        defer { lock.unlock() }
        unsure.seen += offered ?? samples.count
        unsure.kept += samples
        if unsure.kept.count >= 2 * capacity { unsure.trim(to: capacity) }
    }

    /// Whether a sample with this key could still be kept (among the sure words, or among the
    /// pseudo-labels' candidates): the states of a word that could not need not be copied.
    func mayKeep(_ key: UInt64, unsure isUnsure: Bool = false) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return key <= (isUnsure ? unsure.threshold : sure.threshold)
    }

    /// Sure words offered so far, kept or not.
    package var offered: Int {
        lock.lock()
        defer { lock.unlock() }
        return sure.seen
    }

    /// The sure samples kept, in key order.
    package var samples: [AdaptationSample] {
        lock.lock()
        defer { lock.unlock() }
        sure.trim(to: capacity)
        return sure.kept
    }

    /// The pseudo-labels' candidates kept, in key order.
    package var unsureSamples: [AdaptationSample] {
        lock.lock()
        defer { lock.unlock() }
        unsure.trim(to: capacity)
        return unsure.kept
    }
}
