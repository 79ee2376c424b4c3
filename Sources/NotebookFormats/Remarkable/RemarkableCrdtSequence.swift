/// Ordering of reMarkable v6 CRDT sequences (group children, characters of the root text).
///
/// Each item says it sits after `left` and before `right`; END `(0, 0)` or an id absent from the
/// sequence means "start" on the left and "end" on the right. The order is a topological sort
/// (Kahn's algorithm) in which, among items ready at the same time (concurrent inserts), the higher
/// author index comes first, then the lower counter — the tie-break rmscene 0.8 uses and that
/// `test-crdt-ordering.rm` ("A12_Z") pins down. Items caught in a cycle (only in damaged files) are
/// appended in the same key order instead of being lost. O(n log n).

/// One entry of a CRDT sequence: its id, its neighbours and a value (nil for a deleted item).
struct RemarkableCrdtItem<Value> {
    var id: RemarkableCrdtID
    var left: RemarkableCrdtID
    var right: RemarkableCrdtID
    var deletedLength: UInt32
    var value: Value?
}

enum RemarkableCrdtSequence {
    /// The indices of the items in sequence order, given as parallel arrays of ids and
    /// neighbours. Later duplicates of an id are left out.
    static func order(
        ids: [RemarkableCrdtID], lefts: [RemarkableCrdtID], rights: [RemarkableCrdtID]
    ) -> [Int] {
        var indexOf: [RemarkableCrdtID: Int] = [:]
        indexOf.reserveCapacity(ids.count)
        var included = [Bool](repeating: false, count: ids.count)
        for i in ids.indices where ids[i] != .end && indexOf[ids[i]] == nil {
            indexOf[ids[i]] = i
            included[i] = true
        }
        func node(_ id: RemarkableCrdtID) -> Int? { id == .end ? nil : indexOf[id] }
        return order(keys: ids, lefts: lefts.map(node), rights: rights.map(node), included: included)
    }

    /// The core: nodes `0..<keys.count` with resolved neighbours (nil: start on the left, end on
    /// the right); `keys` break ties. Nodes not `included` are left out.
    static func order(keys: [RemarkableCrdtID], lefts: [Int?], rights: [Int?], included: [Bool]? = nil) -> [Int] {
        let count = keys.count
        guard count > 0 else { return [] }
        let included = included ?? [Bool](repeating: true, count: count)
        // Node numbering: items 0..<count, start = count, end = count + 1.
        let start = count, end = count + 1
        var inDegree = [Int](repeating: 0, count: count + 2)
        var dependents = [[Int]](repeating: [], count: count + 2)
        for i in 0..<count where included[i] {
            let l = lefts[i].flatMap { included[$0] ? $0 : nil } ?? start
            let r = rights[i].flatMap { included[$0] ? $0 : nil } ?? end
            inDegree[i] += 1
            dependents[l].append(i)
            inDegree[r] += 1
            dependents[i].append(r)
        }
        // Sort key: start first, then items by (author descending, counter ascending), end last.
        func precedes(_ a: Int, _ b: Int) -> Bool {
            func rank(_ n: Int) -> Int { n == start ? 0 : (n == end ? 2 : 1) }
            let ra = rank(a), rb = rank(b)
            if ra != rb { return ra < rb }
            if ra != 1 { return false }
            if keys[a].author != keys[b].author { return keys[a].author > keys[b].author }
            if keys[a].counter != keys[b].counter { return keys[a].counter < keys[b].counter }
            return a < b
        }
        var heap = RemarkableMinHeap(precedes: precedes)
        heap.push(start)
        var result: [Int] = []
        result.reserveCapacity(count)
        var emitted = [Bool](repeating: false, count: count)
        while let n = heap.pop() {
            if n == end { break }
            if n < count {
                result.append(n)
                emitted[n] = true
            }
            for d in dependents[n] {
                inDegree[d] -= 1
                if inDegree[d] == 0 { heap.push(d) }
            }
        }
        let rest = (0..<count).filter { included[$0] && !emitted[$0] }
        if !rest.isEmpty { result.append(contentsOf: rest.sorted(by: precedes)) }
        return result
    }
}

/// A binary min-heap of node numbers under a caller-given order.
struct RemarkableMinHeap {
    private var storage: [Int] = []
    let precedes: (Int, Int) -> Bool

    init(precedes: @escaping (Int, Int) -> Bool) {
        self.precedes = precedes
    }

    mutating func push(_ value: Int) {
        storage.append(value)
        var child = storage.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(storage[child], storage[parent]) else { break }
            storage.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Int? {
        guard let first = storage.first else { return nil }
        let last = storage.removeLast()
        if !storage.isEmpty {
            storage[0] = last
            var parent = 0
            while true {
                let l = 2 * parent + 1, r = l + 1
                var best = parent
                if l < storage.count, precedes(storage[l], storage[best]) { best = l }
                if r < storage.count, precedes(storage[r], storage[best]) { best = r }
                if best == parent { break }
                storage.swapAt(parent, best)
                parent = best
            }
        }
        return first
    }
}
