import NetworkKernels

/// The layers of the character network (`CharacterNetwork`) before its dense ones: a
/// `side × side` image, one channel, through 3×3 convolutions (padding 1, bias, ReLU) and 2×2 max
/// pools, flattened. Activations are height × width × channels; a convolution is one matrix
/// product of the image's 3×3 patches (im2col, a patch's row `(ky · 3 + kx) · channels + c`)
/// with the weights.
///
/// Most of a character's image is blank paper, and a box of one narrow stroke group is mostly
/// margin. A pixel whose 3×3 neighbourhood holds what an image without ink holds there has that
/// image's output there exactly: its row of patches is the same row, and a row's products do not
/// depend on the other rows (each row is quantized by its own scale and the integer kernels' sums
/// are exact; the float kernels sum each row in one order). So each layer computes only the
/// pixels whose neighbourhood differs from the blank image's and copies the rest from the blank
/// image's activations, made once when the network loads: the same numbers, to the bit, for the
/// share of the products the ink reaches.
struct CharacterConvolutions: Sendable {
    /// One step of the layers.
    enum Layer: Sendable {
        /// 3×3 convolution, padding 1, then bias and ReLU; `weights` is `(9 · inputs) × outputs`.
        case convolution(weights: WeightMatrix, bias: [Float], inputs: Int, outputs: Int)
        /// 2×2 max pool, stride 2.
        case maxPool
    }

    let layers: [Layer]
    /// Pixels on each side of the input image.
    let side: Int
    let kernels: KernelSet
    /// Each layer's output for the image without ink (all zeros).
    private var blank: [[Float]] = []

    /// - Precondition: every pool halves an even side.
    init(layers: [Layer], side: Int, kernels: KernelSet) {
        self.layers = layers
        self.side = side
        self.kernels = kernels
        blank = activations(of: [Float](repeating: 0, count: side * side), skippingBlank: false)
    }

    /// The last layer's output for one `side × side` image, flattened.
    /// - Parameter skippingBlank: false computes every pixel of every layer (what the blank
    ///   image's activations are made by, and what tests hold the skipping to).
    func features(of image: [Float], skippingBlank: Bool = true) -> [Float] {
        activations(of: image, skippingBlank: skippingBlank).last ?? image
    }

    /// Every layer's output for one image, in order.
    private func activations(of image: [Float], skippingBlank: Bool) -> [[Float]] {
        precondition(image.count == side * side, "the image must be side × side")
        var x = image, size = side, channels = 1
        // which pixels of `x` may differ from the blank image's (nil: not followed, all computed)
        var differs: [Bool]? = skippingBlank && !blank.isEmpty ? image.map { $0 != 0 } : nil
        var outputs: [[Float]] = []
        for (l, layer) in layers.enumerated() {
            switch layer {
            case .maxPool:
                x = Kernels.maxPooled(x, size: size, channels: channels)
                differs = differs.map { Self.pooled($0, size: size) }
                size /= 2
            case .convolution(let weights, let bias, let inputs, let width):
                if let changed = differs {
                    let near = Self.grown(changed, size: size)
                    let pixels = near.indices.filter { near[$0] }
                    var computed = kernels.product(
                        Self.patches(x, size: size, channels: inputs, at: pixels), rows: pixels.count, times: weights,
                        bias: bias)
                    Kernels.relu(&computed)
                    x = blank[l]
                    x.withUnsafeMutableBufferPointer { out in
                        computed.withUnsafeBufferPointer { rows in
                            for (row, pixel) in pixels.enumerated() {
                                (out.baseAddress! + pixel * width).update(
                                    from: rows.baseAddress! + row * width, count: width)
                            }
                        }
                    }
                    differs = near
                } else {
                    x = kernels.product(
                        Self.patches(x, size: size, channels: inputs, at: Array(0..<size * size)), rows: size * size,
                        times: weights, bias: bias)
                    Kernels.relu(&x)
                }
                channels = width
            }
            outputs.append(x)
        }
        return outputs
    }

    /// The pixels of a `size × size` map with a flagged pixel in their 3×3 neighbourhood.
    static func grown(_ flags: [Bool], size n: Int) -> [Bool] {
        var out = [Bool](repeating: false, count: n * n)
        for y in 0..<n {
            for x in 0..<n where flags[y * n + x] {
                for yy in max(0, y - 1)...min(n - 1, y + 1) {
                    for xx in max(0, x - 1)...min(n - 1, x + 1) { out[yy * n + xx] = true }
                }
            }
        }
        return out
    }

    /// The pixels of the 2×2-pooled map (`size` even) with a flagged pixel among their four.
    static func pooled(_ flags: [Bool], size n: Int) -> [Bool] {
        let half = n / 2
        return (0..<half * half).map { i in
            let top = 2 * (i / half) * n + 2 * (i % half)
            return flags[top] || flags[top + 1] || flags[top + n] || flags[top + n + 1]
        }
    }

    /// im2col of some pixels of a `size × size × channels` image: for each of `pixels` (indices
    /// `y · size + x`), its 3×3 neighbourhood as one row of `9 · channels` values
    /// (`(ky · 3 + kx) · channels + c`), zeros outside the image. Each value is written once (the
    /// zeros only where a neighbour lies outside the image), not zeroed first and then copied over.
    static func patches(_ x: [Float], size n: Int, channels c: Int, at pixels: [Int]) -> [Float] {
        let width = 9 * c
        return [Float](unsafeUninitializedCapacity: pixels.count * width) { cp, count in
            x.withUnsafeBufferPointer { xp in
                for (r, pixel) in pixels.enumerated() {
                    let y = pixel / n, x = pixel % n
                    let row = cp.baseAddress! + r * width
                    for ky in 0..<3 {
                        for kx in 0..<3 {
                            let part = row + (ky * 3 + kx) * c
                            let (yy, xx) = (y + ky - 1, x + kx - 1)
                            if yy >= 0, yy < n, xx >= 0, xx < n {
                                part.initialize(from: xp.baseAddress! + (yy * n + xx) * c, count: c)
                            } else {
                                part.initialize(repeating: 0, count: c)
                            }
                        }
                    }
                }
            }
            count = pixels.count * width
        }
    }
}

extension KernelSet {
    /// `a (rows × k) · weights (k × bias.count) + bias`, row-major. The product starts every row
    /// from the bias and writes all of it, so the result is not zeroed first.
    func product(_ a: [Float], rows m: Int, times weights: WeightMatrix, bias: [Float]) -> [Float] {
        [Float](unsafeUninitializedCapacity: m * bias.count) { cp, count in
            if m > 0 {
                a.withUnsafeBufferPointer { ap in
                    bias.withUnsafeBufferPointer { bp in
                        matmul(ap.baseAddress!, rows: m, times: weights, into: cp.baseAddress!, bias: bp.baseAddress!)
                    }
                }
            }
            count = m * bias.count
        }
    }
}
