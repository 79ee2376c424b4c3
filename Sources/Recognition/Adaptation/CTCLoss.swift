import Foundation

/// The connectionist temporal classification loss of one target over a span of frames, and its
/// gradient with respect to the frames' logits: what a writer's adaptation (`HandAdapter`)
/// descends.
///
/// The loss is −log p(target | frames), p summed over every alignment of the target to the
/// frames (blank = class 0 between and around the letters, a letter repeated only with a blank
/// between). Forward (α) and backward (β) variables are kept in log space, so long spans do not
/// underflow. The gradient with respect to the logits z (before the log-softmax) is
/// `softmax(z) − γ`, γ the posterior share of each class at each frame.
enum CTCLoss {
    /// The loss and its gradient.
    struct Result {
        /// −log p(target | frames); finite.
        var loss: Double
        /// `frames × classCount`, row-major: ∂loss/∂logit.
        var gradient: [Float]
    }

    /// The loss of `target` (classes 1 ..< classCount, never blank) over `logits`
    /// (`frames × classCount`, row-major, unnormalized).
    /// - Returns: nil when no alignment fits (fewer frames than the target needs) or the target
    ///   is empty.
    /// - Complexity: O(frames × (classCount + target.count)).
    static func evaluate(
        logits: [Float], classCount k: Int, target: [Int], gradient wantsGradient: Bool = true
    )
        -> Result?
    {
        let frames = logits.count / k
        guard !target.isEmpty, frames > 0, target.allSatisfy({ (1..<k).contains($0) }) else { return nil }
        var logp = logits
        for f in 0..<frames {
            var m = -Float.infinity
            for j in 0..<k { m = max(m, logp[f * k + j]) }
            var sum: Float = 0
            for j in 0..<k { sum += expf(logp[f * k + j] - m) }
            let lse = m + logf(sum)
            for j in 0..<k { logp[f * k + j] -= lse }
        }
        // the target with blanks around and between its letters
        var extended = [0]
        for c in target { extended += [c, 0] }
        let s = extended.count
        // a step may skip the blank before a letter unless it repeats the letter before it
        let mayskip = (0..<s).map { $0 >= 2 && extended[$0] != 0 && extended[$0] != extended[$0 - 2] }
        let none = -Double.infinity
        var alpha = [Double](repeating: none, count: frames * s)
        alpha[0] = Double(logp[extended[0]])
        if s > 1 { alpha[1] = Double(logp[extended[1]]) }
        for f in 1..<max(frames, 1) {
            for i in 0..<s {
                var a = alpha[(f - 1) * s + i]
                if i >= 1 { a = logAdd(a, alpha[(f - 1) * s + i - 1]) }
                if mayskip[i] { a = logAdd(a, alpha[(f - 1) * s + i - 2]) }
                alpha[f * s + i] = a == none ? none : a + Double(logp[f * k + extended[i]])
            }
        }
        let last = (frames - 1) * s
        let total = logAdd(alpha[last + s - 1], s > 1 ? alpha[last + s - 2] : none)
        guard total.isFinite else { return nil }
        guard wantsGradient else { return Result(loss: -total, gradient: []) }

        var beta = [Double](repeating: none, count: frames * s)
        beta[last + s - 1] = Double(logp[(frames - 1) * k + extended[s - 1]])
        if s > 1 { beta[last + s - 2] = Double(logp[(frames - 1) * k + extended[s - 2]]) }
        for f in stride(from: frames - 2, through: 0, by: -1) {
            for i in 0..<s {
                var b = beta[(f + 1) * s + i]
                if i + 1 < s { b = logAdd(b, beta[(f + 1) * s + i + 1]) }
                if i + 2 < s, mayskip[i + 2] { b = logAdd(b, beta[(f + 1) * s + i + 2]) }
                beta[f * s + i] = b == none ? none : b + Double(logp[f * k + extended[i]])
            }
        }
        var gradient = [Float](repeating: 0, count: frames * k)
        for f in 0..<frames {
            for j in 0..<k { gradient[f * k + j] = expf(logp[f * k + j]) }
            for i in 0..<s {
                let both = alpha[f * s + i] + beta[f * s + i]
                guard both > none else { continue }
                // α and β both hold this frame's own probability: take it out once
                let share = exp(both - Double(logp[f * k + extended[i]]) - total)
                gradient[f * k + extended[i]] -= Float(share)
            }
        }
        return Result(loss: -total, gradient: gradient)
    }

    /// log(eᵃ + eᵇ) without overflow; −∞ stands for zero.
    @inline(__always)
    static func logAdd(_ a: Double, _ b: Double) -> Double {
        if a == -.infinity { return b }
        if b == -.infinity { return a }
        return a > b ? a + log1p(exp(b - a)) : b + log1p(exp(a - b))
    }
}
