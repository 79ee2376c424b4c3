import Foundation

/// One word as a writer's adaptation learns from it: what the network's output layer saw over
/// the word's frames (the last LSTM layer's states, taken from the reading of its line, so the
/// word is learned in the context it is read in) and the classes of its best reading, the
/// target. Read surely, or less surely but as a listed word (`AdaptationCollector.listedFloor`).
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
    /// Read at least as surely as the user vocabulary's words: only such words judge a fit
    /// (`HandAdapter`), so that the less sure ones can teach it but never vouch for it.
    package var isSure: Bool

    var frames: Int { hidden.count / max(width, 1) }

    package init(hidden: ArraySlice<Float>, width: Int, target: [Int], text: String, isSure: Bool = true) {
        self.hidden = hidden.map { Float16($0) }
        self.width = width
        self.target = target
        self.text = text
        self.isSure = isSure
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

/// Gathers the words a build learns from, from every task that reads (thread-safe), keeping at
/// most `capacity` of them: those with the lowest keys, so the same pages give the same samples
/// whatever order they were read in.
package final class AdaptationCollector: @unchecked Sendable {
    /// As many as the adaptation fits (`HandAdapter.Settings.maximumWords`).
    package static let defaultCapacity = HandAdapter.Settings.defaultMaximumWords

    package let capacity: Int
    /// The least confidence at which a word not read surely is learned from all the same, when
    /// its best reading is a word of the reader's lists; nil: sure words only. The sure words
    /// are mostly words the reader reads right already, and teach it little; listed words read
    /// less surely are where this hand and the network differ (docs/recognizer.md, the writer's
    /// hand).
    package let listedFloor: Double?
    private let lock = NSLock()
    private var kept: [AdaptationSample] = []
    private var seen = 0
    /// Once `capacity` samples are kept, the highest key among them: no sample with a higher key
    /// can be kept any more (the kept keys only fall), so none need be made.
    private var threshold = UInt64.max

    package init(capacity: Int = AdaptationCollector.defaultCapacity, listedFloor: Double? = nil) {
        self.capacity = capacity
        self.listedFloor = listedFloor
    }

    /// Adds `samples`, of `offered` words to learn from (all of them by default; the others were
    /// not made because `mayKeep` said no).
    package func add(_ samples: [AdaptationSample], offered: Int? = nil) {
        lock.lock()
        defer { lock.unlock() }
        seen += offered ?? samples.count
        kept += samples
        if kept.count >= 2 * capacity { trim() }
    }

    /// Whether a sample with this key could still be kept: the states of a word that could not
    /// need not be copied.
    func mayKeep(_ key: UInt64) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return key <= threshold
    }

    /// Words to learn from offered so far, kept or not.
    package var offered: Int {
        lock.lock()
        defer { lock.unlock() }
        return seen
    }

    /// The samples kept, in key order.
    package var samples: [AdaptationSample] {
        lock.lock()
        defer { lock.unlock() }
        trim()
        return kept
    }

    private func trim() {
        kept.sort { $0.key != $1.key ? $0.key < $1.key : $0.text < $1.text }
        if kept.count > capacity { kept.removeLast(kept.count - capacity) }
        if kept.count == capacity, let last = kept.last { threshold = last.key }
    }
}
