import Foundation

/// A writer's adaptation of the recognizer: a change to the network's output layer learned from
/// the words an index has read surely in that writer's hand (`HandAdapter`), stored in the index
/// and folded into the network for later readings (`RecognizerNetwork.replacingOutputLayer`), so
/// that reading with it costs nothing more than reading without.
///
/// Three parts can adapt, all on what the output layer sees, the layers below frozen:
/// - `bias`: a bias added to the logits (`classCount` values);
/// - `logitMap`: the logits mapped by a `classCount × classCount` matrix plus a bias, which
///   folds into the output layer as W·M and b·M + c (how each letter's evidence leans towards
///   another, in this hand);
/// - `outputLayer`: the output layer's weights and bias themselves.
///
/// Stored as bytes (little-endian), checked on reading:
/// ```
/// magic    8 bytes  "NBIHAND\0"
/// version  u32      must be 1
/// part     u8       0 bias, 1 logitMap, 2 outputLayer
/// classes  u32      the network's classes (blank included)
/// width    u32      rows of the weights: 0 (bias), classes (logitMap), 2·hidden (outputLayer)
/// weights  f32 × width × classes
/// bias     f32 × classes
/// ```
package struct HandAdaptation: Sendable, Equatable {
    package enum Part: UInt8, Sendable, CaseIterable {
        case bias = 0
        case logitMap = 1
        case outputLayer = 2

        package var name: String {
            switch self {
            case .bias: "bias"
            case .logitMap: "logit-map"
            case .outputLayer: "output-layer"
            }
        }
    }

    package var part: Part
    package var classCount: Int
    /// Rows of `weights` (each `classCount` wide): 0, `classCount` or the hidden width, by part.
    package var width: Int
    package var weights: [Float]
    package var bias: [Float]

    static let magic: [UInt8] = Array("NBIHAND".utf8) + [0]
    static let version: UInt32 = 1

    /// The output layer with this adaptation, from the shipped one (`weights`:
    /// `hiddenWidth × classCount`).
    func outputLayer(
        from shippedWeights: [Float], bias shippedBias: [Float], hiddenWidth: Int
    ) -> (
        weights: [Float], bias: [Float]
    ) {
        let k = classCount
        switch part {
        case .bias:
            return (shippedWeights, zip(shippedBias, bias).map { $0 + $1 })
        case .outputLayer:
            return (weights, bias)
        case .logitMap:
            var w = [Float](repeating: 0, count: hiddenWidth * k)
            DenseMath.multiply(shippedWeights, rows: hiddenWidth, width: k, by: weights, columns: k, into: &w)
            var b = bias
            DenseMath.multiply(shippedBias, rows: 1, width: k, by: weights, columns: k, adding: true, into: &b)
            return (w, b)
        }
    }

    /// `network` read through this adaptation; nil when the adaptation was made for another
    /// shape of network.
    func applied(to network: RecognizerNetwork) -> RecognizerNetwork? {
        guard classCount == network.classCount, width == Self.width(of: part, for: network) else { return nil }
        let layer = outputLayer(
            from: network.outputWeights, bias: network.outputBias, hiddenWidth: network.hiddenWidth)
        return network.replacingOutputLayer(weights: layer.weights, bias: layer.bias)
    }

    /// The rows of a part's weights for `network`.
    static func width(of part: Part, for network: RecognizerNetwork) -> Int {
        switch part {
        case .bias: 0
        case .logitMap: network.classCount
        case .outputLayer: network.hiddenWidth
        }
    }

    /// The stored form.
    package var data: Data {
        var bytes = Self.magic
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
        u32(Self.version)
        bytes.append(part.rawValue)
        u32(UInt32(classCount))
        u32(UInt32(width))
        for v in weights + bias { u32(v.bitPattern) }
        return Data(bytes)
    }

    /// Reads the stored form.
    /// - Throws: `ModelError.invalid` saying what is wrong, for any damage.
    package init(data: Data) throws(ModelError) {
        let bytes = [UInt8](data)
        var offset = 0
        func take(_ n: Int) throws(ModelError) -> ArraySlice<UInt8> {
            guard n >= 0, n <= bytes.count - offset else { throw .invalid("adaptation ends early at byte \(offset)") }
            defer { offset += n }
            return bytes[offset..<offset + n]
        }
        func u32() throws(ModelError) -> UInt32 {
            try take(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
        }
        guard Array(try take(8)) == Self.magic else { throw .invalid("not a hand adaptation (bad magic)") }
        let version = try u32()
        guard version == Self.version else { throw .invalid("adaptation version \(version) is not supported") }
        guard let part = Part(rawValue: try take(1).first ?? 255) else { throw .invalid("unknown adaptation part") }
        let classes = Int(try u32()), width = Int(try u32())
        guard (2...4096).contains(classes), width <= 4096 else { throw .invalid("adaptation has absurd sizes") }
        guard (part == .bias) == (width == 0), part != .logitMap || width == classes else {
            throw .invalid("adaptation's sizes do not fit its part")
        }
        let count = width * classes + classes
        guard bytes.count - offset == 4 * count else { throw .invalid("adaptation holds the wrong number of values") }
        var values = [Float](repeating: 0, count: count)
        for i in 0..<count { values[i] = Float(bitPattern: try u32()) }
        guard values.allSatisfy(\.isFinite) else { throw .invalid("adaptation holds values that are not finite") }
        self.init(
            part: part, classCount: classes, width: width, weights: Array(values[..<(width * classes)]),
            bias: Array(values[(width * classes)...]))
    }

    package init(part: Part, classCount: Int, width: Int, weights: [Float], bias: [Float]) {
        self.part = part
        self.classCount = classCount
        self.width = width
        self.weights = weights
        self.bias = bias
    }
}
