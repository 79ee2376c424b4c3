/// One of the network's weight matrices (`rows × columns`): its float values, row-major, or,
/// where its kernels multiply in integers, only its 16-bit copy in their layout (the floats would
/// never be read again).
struct WeightMatrix: Sendable {
    enum Storage: Sendable {
        case floats([Float])
        case integers(IntegerWeights)
    }

    let storage: Storage
    let rows: Int
    let columns: Int

    init(_ values: [Float], rows: Int, columns: Int, for kernels: KernelSet) {
        precondition(values.count == rows * columns, "a \(rows) × \(columns) matrix needs \(rows * columns) values")
        self.rows = rows
        self.columns = columns
        storage =
            kernels.multipliesInIntegers
            ? .integers(IntegerWeights(values, rows: rows, columns: columns)) : .floats(values)
    }

    /// The integer copy, where the kernels multiply in integers.
    var integer: IntegerWeights? {
        if case .integers(let weights) = storage { weights } else { nil }
    }
}

/// A weight matrix as `IntegerKernels` multiplies it: each column scaled to `±levels` by its own
/// scale and rounded, rows taken in pairs (`w[2q][j], w[2q + 1][j]` side by side), columns padded
/// to a multiple of 16 with zeros.
struct IntegerWeights: Sendable {
    /// The largest magnitude of a value, here and in the activations it multiplies.
    let levels: Int
    let pairs: Int
    let paddedWidth: Int
    let values: [Int16]  // pairs × paddedWidth × 2
    let columnScales: [Float]  // paddedWidth; 0 for the padding

    init(_ w: [Float], rows: Int, columns: Int) {
        levels = Self.levels(forSumsOf: rows)
        pairs = (rows + 1) / 2
        paddedWidth = (columns + 15) / 16 * 16
        // each column's largest magnitude, row by row (the order a maximum is taken in changes nothing)
        var largest = [Float](repeating: 0, count: columns)
        w.withUnsafeBufferPointer { values in
            largest.withUnsafeMutableBufferPointer { top in
                for p in 0..<rows {
                    for j in 0..<columns { top[j] = max(top[j], abs(values[p * columns + j])) }
                }
            }
        }
        var scales = [Float](repeating: 0, count: paddedWidth)
        for j in 0..<columns { scales[j] = largest[j] / Float(levels) }
        var quantized = [Int16](repeating: 0, count: pairs * paddedWidth * 2)
        for p in 0..<rows {
            for j in 0..<columns where scales[j] > 0 {
                let value = (w[p * columns + j] / scales[j]).rounded(.toNearestOrEven)
                quantized[((p / 2) * paddedWidth + j) * 2 + p % 2] = Int16(
                    max(-Float(levels), min(Float(levels), value)))
            }
        }
        values = quantized
        columnScales = scales
    }

    /// The largest `levels` for sums of `k` products (`k` rounded up to even): `k · levels²`
    /// stays within `Int32.max`, so the kernels' 32-bit sums never overflow.
    static func levels(forSumsOf k: Int) -> Int {
        let terms = max(2, (k + 1) / 2 * 2)
        var levels = min(Int(Int16.max), Int((Double(Int32.max) / Double(terms)).squareRoot()))
        while terms * levels * levels > Int(Int32.max) { levels -= 1 }
        return levels
    }
}
