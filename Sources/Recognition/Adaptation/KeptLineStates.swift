import Foundation
import Synchronization

/// The last LSTM layer's states of the lines a build read that hold an unsure word, kept so that
/// the writer's hand the build learns at its end reads those lines again through its adapted
/// output layer and the line decoder without running the network again
/// (`NeuralLineReader.keepingLineStates(in:)`). A hand changes only the output layer
/// (`HandAdaptation`), so the states below it are the ones the shipped reading computed.
///
/// A line is found by its network input (`InkFeatures`): the same points in the same order give
/// the same input, and the network's states for it do not depend on the lines read beside it
/// (`RecognizerNetwork.logProbabilities(lines:)`), so states found here are the ones the network
/// would compute, kept as 32-bit floats so that the readings are the same too. A line whose input
/// differs (laid out otherwise when read on its own) is not found and goes through the network.
///
/// The states go to an unlinked temporary file (`ScratchFile`): a 1,000-page archive's unsure
/// lines hold more of them than the 100 MB more that the issue allows a build with the hand.
/// Bounded in bytes all the same: past `capacity` no more lines are kept. Only the table of where
/// each line's states are stays in memory. Shared by every task of a build.
package final class KeptLineStates: Sendable {
    /// A line's network input: its rows and a hash of its values (another input with both equal
    /// is a chance of one in 2^64).
    private struct Key: Hashable {
        var rows: Int
        var hash: Int
    }

    private struct Place {
        var offset: Int
        var count: Int
    }

    private struct Table {
        var places: [Key: Place] = [:]
        var bytes = 0
        var found = 0
        var missed = 0
    }

    /// The bytes of states kept by default.
    package static let defaultCapacity = 1 << 30

    package let capacity: Int
    let file: ScratchFile?
    private let table = Mutex(Table())

    package init(capacity: Int = defaultCapacity) {
        self.capacity = capacity
        file = ScratchFile()
    }

    /// The bytes of states kept.
    package var bytes: Int { table.withLock { $0.bytes } }
    /// Lines whose states were asked for and found, and not found.
    package var found: Int { table.withLock { $0.found } }
    package var missed: Int { table.withLock { $0.missed } }

    /// The states kept for the line whose network input is `input` (`rows` rows), nil when none
    /// are (or they cannot be read back from the file).
    func states(of input: [Float], rows: Int) -> [Float]? {
        let key = Self.key(of: input, rows: rows)
        let place = table.withLock { $0.places[key] }
        let states = place.flatMap { file?.read(Float.self, offset: $0.offset, count: $0.count) }
        table.withLock { table in
            if states == nil { table.missed += 1 } else { table.found += 1 }
        }
        return states
    }

    /// Keeps `states` for the line whose network input is `input`, unless it is kept already or
    /// they would pass `capacity`.
    func keep(_ states: [Float], of input: [Float], rows: Int) {
        let key = Self.key(of: input, rows: rows)
        let size = states.count * MemoryLayout<Float>.stride
        guard let file, !states.isEmpty else { return }
        // the bytes are counted before the write, so that lines kept at once stay within `capacity`
        let reserved = table.withLock { table -> Bool in
            guard table.places[key] == nil, table.bytes + size <= capacity else { return false }
            table.bytes += size
            return true
        }
        guard reserved else { return }
        let offset = file.append(states)
        table.withLock {
            if let offset, $0.places[key] == nil {
                $0.places[key] = Place(offset: offset, count: states.count)
            } else {
                $0.bytes -= size
            }
        }
    }

    private static func key(of input: [Float], rows: Int) -> Key {
        var hasher = Hasher()
        input.withUnsafeBytes { hasher.combine(bytes: $0) }
        return Key(rows: rows, hash: hasher.finalize())
    }
}
