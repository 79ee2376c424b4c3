import Foundation

/// A Zinnia model's weights, arranged to score a character by its features in one pass over the
/// weights those features meet, with the very sums Zinnia makes.
///
/// Zinnia scores each character of its model by walking the model's sparse weight vector beside
/// the character's sparse features (a merge of two sorted lists, thousands of times per reading,
/// most steps a comparison that matches nothing). Here the weights are kept by feature instead:
/// for each feature index, the characters whose vectors hold it and their weights. A reading
/// visits only the weights its features meet, and adds each character's products in the order
/// of the feature indices, in the same precisions as Zinnia (a `Float` product added to a
/// `Double` sum, the bias added last and the score rounded to `Float`), so the scores are
/// Zinnia's to the bit; `ZinniaModel` checks that when it opens a model.
///
/// The model file, as Zinnia writes it (little-endian): a `UInt32` magic, a `UInt32` version
/// (1), a `UInt32` count of characters; then per character its UTF-8 name in 16 bytes
/// (NUL-padded), a `Float32` bias and its weights as (`Int32` feature index, `Float32` value)
/// pairs in ascending index, closed by index -1. Nothing follows the last character.
///
/// Immutable after loading: one instance serves every thread.
package struct ZinniaWeights: Sendable {
    /// One of Zinnia's features of a character: index and value.
    package typealias Feature = (index: Int32, value: Float)

    /// The characters, in the file's order.
    package let characters: [String]
    private let biases: [Float]
    /// For each feature index `i`, `starts[i]..<starts[i + 1]` is the range of `owners` and
    /// `values` holding its weights (feature indices are small: Zinnia's reach about two million);
    /// empty for a feature of `columnOf`.
    private let starts: [UInt32]
    /// The features most characters weigh (a few hundred, most of the weights): each one's
    /// weight for every character, 0 where it has none, `characters.count` a column in `columns`,
    /// added over all characters at once (adding a product with 0 leaves a sum as it was).
    private let columnOf: [Int32: Int]
    private let columns: [Float]
    /// The character (index into `characters`) of each weight, ascending within a feature.
    private let owners: [UInt16]
    private let values: [Float]

    /// Reads a Zinnia model file's bytes; nil when they are not one this type can score exactly
    /// (truncated, trailing bytes, another version, weights out of index order, or more
    /// characters than 65,535).
    package init?(data: Data) {
        var characters: [String] = [], biases: [Float] = []
        // each character's weights as a range of the flat lists, in file order
        var indices: [Int32] = [], weights: [Float] = [], spans: [Range<Int>] = []
        let parsed = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            var at = 0
            func word() -> UInt32? {
                guard at + 4 <= raw.count else { return nil }
                defer { at += 4 }
                return raw.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian
            }
            guard word() != nil, word() == 1, let count = word(), count <= UInt32(UInt16.max) else { return false }
            indices.reserveCapacity(raw.count / 8)
            weights.reserveCapacity(raw.count / 8)
            for _ in 0..<count {
                guard at + 20 <= raw.count else { return false }
                let name = raw[at..<at + 16].prefix { $0 != 0 }
                characters.append(String(decoding: name, as: UTF8.self))
                at += 16
                guard let bias = word() else { return false }
                biases.append(Float(bitPattern: bias))
                let start = indices.count
                var last: Int32 = -1
                while true {
                    guard let rawIndex = word(), let value = word() else { return false }
                    let index = Int32(bitPattern: rawIndex)
                    if index == -1 { break }
                    // Zinnia's merge reads a vector in ascending index: another order sums otherwise
                    guard index > last, index <= Self.maximumFeatureIndex else { return false }
                    last = index
                    indices.append(index)
                    weights.append(Float(bitPattern: value))
                }
                spans.append(start..<indices.count)
            }
            return at == raw.count
        }
        guard parsed else { return nil }
        // by feature, each feature's characters in file order (a counting sort)
        let width = Int(indices.max() ?? 0) + 2
        var counts = [UInt32](repeating: 0, count: width)
        for index in indices { counts[Int(index)] += 1 }
        // a feature more than a quarter of the characters weigh is a column: no more memory than
        // its list, and added in vector registers
        var columnOf: [Int32: Int] = [:]
        // the same by index, for the pass over every weight below
        var column = [Int32](repeating: -1, count: width)
        for i in counts.indices where Int(counts[i]) * 4 > characters.count {
            column[i] = Int32(columnOf.count)
            columnOf[Int32(i)] = columnOf.count
            counts[i] = 0
        }
        var starts = [UInt32](repeating: 0, count: width)
        for i in 1..<width { starts[i] = starts[i - 1] + counts[i - 1] }
        var next = starts
        let listed = Int(starts[width - 1] + counts[width - 1])
        var owners = [UInt16](repeating: 0, count: listed), values = [Float](repeating: 0, count: listed)
        var columns = [Float](repeating: 0, count: columnOf.count * characters.count)
        for (c, span) in spans.enumerated() {
            for k in span {
                let i = Int(indices[k])
                if column[i] >= 0 {
                    columns[Int(column[i]) * characters.count + c] = weights[k]
                    continue
                }
                let slot = Int(next[i])
                owners[slot] = UInt16(c)
                values[slot] = weights[k]
                next[i] += 1
            }
        }
        self.characters = characters
        self.biases = biases
        self.columnOf = columnOf
        self.columns = columns
        self.starts = starts
        self.owners = owners
        self.values = values
    }

    /// The largest feature index accepted (Zinnia's stop near 2,000,000).
    static let maximumFeatureIndex: Int32 = 1 << 24

    /// The `count` best characters for `features` (Zinnia's, ascending in index), best first,
    /// with Zinnia's scores; among equal scores the later character first, as Zinnia ranks them.
    package func classify(_ features: [Feature], count: Int) -> [CharacterCandidate] {
        guard count > 0, !characters.isEmpty else { return [] }
        var sums = [Double](repeating: 0, count: characters.count)
        let classes = characters.count
        sums.withUnsafeMutableBufferPointer { sum in
            owners.withUnsafeBufferPointer { owner in
                values.withUnsafeBufferPointer { value in
                    var previous: Int32?
                    for feature in features where feature.index != previous {
                        // a repeated index meets no weight in Zinnia's merge: only its first counts
                        previous = feature.index
                        if let column = columnOf[feature.index] {
                            columns.withUnsafeBufferPointer { all in
                                let weight = all.baseAddress! + column * classes
                                for c in 0..<classes { sum[c] += Double(feature.value * weight[c]) }
                            }
                            continue
                        }
                        let i = Int(feature.index)
                        guard i >= 0, i + 1 < starts.count else { continue }
                        for k in Int(starts[i])..<Int(starts[i + 1]) {
                            sum[Int(owner[k])] += Double(feature.value * value[k])
                        }
                    }
                }
            }
        }
        var scores = [Float](repeating: 0, count: characters.count)
        for c in scores.indices { scores[c] = Float(Double(biases[c]) + sums[c]) }
        // the best `count`, by score and then by the later character
        var top: [Int] = []
        top.reserveCapacity(count + 1)
        for c in scores.indices {
            if top.count == count, let last = top.last, !Self.ranks(c, above: last, scores) { continue }
            let at = top.firstIndex { Self.ranks(c, above: $0, scores) } ?? top.count
            top.insert(c, at: at)
            if top.count > count { top.removeLast() }
        }
        return top.map { CharacterCandidate(character: characters[$0], score: Double(scores[$0])) }
    }

    private static func ranks(_ a: Int, above b: Int, _ scores: [Float]) -> Bool {
        scores[a] != scores[b] ? scores[a] > scores[b] : a > b
    }
}
