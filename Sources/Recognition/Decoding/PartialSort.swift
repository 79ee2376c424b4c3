extension MutableCollection where Self: RandomAccessCollection, Index == Int {
    /// Puts the `k` first elements of the sorted order at the front, sorted, and the others after
    /// them in no particular order: the beam search keeps a few dozen of hundreds of beams a
    /// frame, every frame, so a full sort of them is a noticeable share of `build`'s time.
    /// Quickselect (Lomuto partitions around
    /// the median of three), then a sort of the front alone. `areInIncreasingOrder` must be a
    /// strict total order, so that the front is the same as a full sort's.
    mutating func sortPrefix(_ k: Int, by areInIncreasingOrder: (Element, Element) -> Bool) {
        let k = Swift.min(k, count)
        guard k > 0 else { return }
        var low = startIndex, high = endIndex - 1
        while low < high {
            let middle = low + (high - low) / 2
            // the median of three, moved to `high` as the pivot
            if areInIncreasingOrder(self[middle], self[low]) { swapAt(middle, low) }
            if areInIncreasingOrder(self[high], self[low]) { swapAt(high, low) }
            if areInIncreasingOrder(self[middle], self[high]) { swapAt(middle, high) }
            var store = low
            for i in low..<high where areInIncreasingOrder(self[i], self[high]) {
                swapAt(i, store)
                store += 1
            }
            swapAt(store, high)
            // the pivot is now where a full sort would put it
            if store == startIndex + k - 1 || store == startIndex + k { break }
            if store < startIndex + k { low = store + 1 } else { high = store - 1 }
        }
        self[startIndex..<(startIndex + k)].sort(by: areInIncreasingOrder)
    }
}
