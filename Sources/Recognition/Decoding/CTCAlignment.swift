/// Forced alignment: the single most likely frame path that spells a given reading, telling for
/// each of its characters the frames where it was written. This is how words are mapped back to ink.
enum CTCAlignment {
    /// For each character of `classes`, the frames (within `frames`) the best path spends on it.
    /// Frames on blanks are not assigned. Returns nil when the reading cannot fit the frames.
    static func characterFrames(
        _ logProbabilities: [Float], classCount: Int, frames: Range<Int>, classes: [Int]
    ) -> [Range<Int>]? {
        let l = classes.count
        guard l > 0 else { return [] }
        let s = 2 * l + 1
        let t0 = frames.lowerBound
        let tn = frames.count
        guard tn > 0 else { return nil }
        func label(_ i: Int) -> Int { i % 2 == 0 ? 0 : classes[i / 2] }
        var score = [Float](repeating: -.infinity, count: s)
        var back = [Int8](repeating: 0, count: tn * s)  // 0 stay, 1 from i-1, 2 from i-2
        score[0] = logProbabilities[t0 * classCount]
        if s > 1 { score[1] = logProbabilities[t0 * classCount + label(1)] }
        for t in 1..<tn {
            var next = [Float](repeating: -.infinity, count: s)
            let row = (t0 + t) * classCount
            for i in 0..<s {
                var best = score[i], from: Int8 = 0
                if i >= 1, score[i - 1] > best {
                    best = score[i - 1]
                    from = 1
                }
                if i >= 2, label(i) != 0, label(i) != label(i - 2), score[i - 2] > best {
                    best = score[i - 2]
                    from = 2
                }
                if best > -.infinity {
                    next[i] = best + logProbabilities[row + label(i)]
                    back[t * s + i] = from
                }
            }
            score = next
        }
        var i = s - 1
        if s >= 2, score[s - 2] > score[s - 1] { i = s - 2 }
        guard score[i] > -.infinity else { return nil }
        var first = [Int](repeating: Int.max, count: l)
        var last = [Int](repeating: -1, count: l)
        for t in stride(from: tn - 1, through: 0, by: -1) {
            if i % 2 == 1 {
                let k = i / 2
                first[k] = min(first[k], t0 + t)
                last[k] = max(last[k], t0 + t)
            }
            if t > 0 { i -= Int(back[t * s + i]) }
        }
        return (0..<l).map { first[$0]..<(last[$0] + 1) }
    }
}
