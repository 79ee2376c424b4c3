import Foundation

/// Adam's moment estimates for one array of values (Kingma and Ba's optimizer, with bias
/// correction), as `HandAdapter` steps its part's weights and bias.
struct Adam {
    var m: [Float], v: [Float]
    var t = 0

    init(count: Int) {
        m = [Float](repeating: 0, count: count)
        v = [Float](repeating: 0, count: count)
    }

    mutating func step(_ values: inout [Float], gradient: [Float], rate: Float) {
        t += 1
        let b1: Float = 0.9, b2: Float = 0.999
        let c1 = 1 - pow(b1, Float(t)), c2 = 1 - pow(b2, Float(t))
        for i in values.indices {
            m[i] = b1 * m[i] + (1 - b1) * gradient[i]
            v[i] = b2 * v[i] + (1 - b2) * gradient[i] * gradient[i]
            values[i] -= rate * (m[i] / c1) / ((v[i] / c2).squareRoot() + 1e-8)
        }
    }
}
