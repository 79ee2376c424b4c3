/// One shard of a build split over several machines (`build --shard K/N`): the notebooks whose
/// path, relative to the build's root, hashes to `number` of `count`.
///
/// The hash is 64-bit FNV-1a over the relative path's UTF-8 bytes, reduced modulo `count`: fixed
/// by this file, unlike Swift's `Hasher` (seeded per process), so every machine and every run puts
/// a notebook in the same shard, wherever the archive is mounted.
package struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// From 1 to `count`.
    package let number: Int
    package let count: Int

    package init?(number: Int, count: Int) {
        guard count >= 1, (1...count).contains(number) else { return nil }
        self.number = number
        self.count = count
    }

    /// `K/N` with 1 ≤ K ≤ N, as `--shard` takes it; nil for anything else.
    package init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let number = Int(parts[0]), let count = Int(parts[1])
        else { return nil }
        self.init(number: number, count: count)
    }

    package var description: String { "\(number)/\(count)" }

    /// The shard, 1 to `count`, that a notebook at `relativePath` belongs to.
    package static func number(ofRelativePath relativePath: String, count: Int) -> Int {
        Int(fnv1a(relativePath) % UInt64(max(1, count))) + 1
    }

    /// Whether the notebook at `relativePath` (below its build root) is in this shard.
    package func contains(relativePath: String) -> Bool {
        Self.number(ofRelativePath: relativePath, count: count) == number
    }

    /// Whether the notebook at the absolute `path`, found under one of `roots` (the paths given
    /// to `build`, absolute), is in this shard. It is hashed by its path below the deepest root
    /// holding it; a root that is itself the notebook counts by its name.
    package func contains(path: String, roots: [String]) -> Bool {
        contains(relativePath: Self.relativePath(path, roots: roots))
    }

    /// `path` below the deepest of `roots` that holds it; its last component when a root is the
    /// path itself or none holds it.
    package static func relativePath(_ path: String, roots: [String]) -> String {
        let holding = roots.filter { $0 != path && Crawler.path(path, isWithin: $0) }
        guard let root = holding.max(by: { $0.count < $1.count }) else {
            return path.split(separator: "/").last.map(String.init) ?? path
        }
        return String(path.dropFirst(root == "/" ? 1 : root.count + 1))
    }

    /// 64-bit FNV-1a (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
