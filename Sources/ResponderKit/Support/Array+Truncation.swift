/// Emptying the dispatch path's short lists without the generic range replacement.
///
/// `removeAll(keepingCapacity:)`, `removeSubrange(_:)` and `removeLast(_:)` all go through the
/// generic `replaceSubrange(_:with:)`. In a release build that costs over a hundred instructions even
/// for an empty array, and about a thousand to drop the one touch of a tap. The engine empties a few
/// such lists on every event (the spares it borrows, the recognizers' records, the input queue), each
/// holding a handful of elements at most, so it pops them one by one instead: the same contents and
/// the same storage afterwards.
extension Array {
    /// Removes the elements from `newCount` on, keeping the storage.
    @inline(__always)
    mutating func truncate(to newCount: Int) {
        while count > newCount { removeLast() }
    }

    /// Removes every element, keeping the storage.
    @inline(__always)
    mutating func removeAllKeepingStorage() {
        while !isEmpty { removeLast() }
    }
}
