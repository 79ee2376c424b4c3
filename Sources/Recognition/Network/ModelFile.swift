import Foundation

/// The line recognizer's weights file: a `ModelContainer` whose metadata holds the network's
/// configuration, its feature settings and its alphabet (`Training/export.py`'s `metadata`).
struct ModelFile: Sendable {
    struct Metadata: Decodable, Sendable {
        struct Config: Decodable, Sendable {
            var channels: Int
            var hidden: Int
            var layers: Int
            var kernel: Int
            /// The first LSTM layer that adds its input to its output (layers grown on a trained
            /// network); nil when none does.
            var residualFrom: Int?
            /// The separable front end's blocks, by stride ("sepconv-bilstm-ctc" only).
            var blockStrides: [Int]?

            enum CodingKeys: String, CodingKey {
                case channels, hidden, layers, kernel
                case residualFrom = "residual_from"
                case blockStrides = "block_strides"
            }
        }

        struct FeatureSettings: Decodable, Sendable {
            var step: Double
            var jumpClip: Double
            var yClip: Double
            var minUnitFraction: Double
            var count: Int
        }

        var architecture: String
        var config: Config
        var featureVersion: Int
        var features: FeatureSettings
        var alphabet: String
        var trainingStep: Int
    }

    var metadata: Metadata
    var container: ModelContainer

    /// The tensors by name (a network grown in a test adds some).
    var tensors: [String: ModelContainer.Tensor] {
        get { container.tensors }
        set { container.tensors = newValue }
    }

    init(data: Data) throws(ModelError) {
        container = try ModelContainer(data: data)
        metadata = try container.metadata(Metadata.self)
    }

    /// The tensor called `name`, checked to have `shape`.
    func tensor(_ name: String, shape: [Int]) throws(ModelError) -> [Float] {
        try container.tensor(name, shape: shape)
    }
}
