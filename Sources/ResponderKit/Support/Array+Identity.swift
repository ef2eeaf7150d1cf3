/// Identity searches over arrays of objects, for the dispatch path.
///
/// The engine keeps touches, views and recognizers in small arrays and asks "is this very object in
/// there?" many times per event. Written with `contains(where:)` or `removeAll(where:)` inside the
/// main-actor engine, each predicate call costs an executor check: in Swift 6 mode the compiler guards
/// every main-actor closure it hands to code outside the module. These helpers are not isolated, take
/// no closure, and compare identities only (`===`), so they are plain loops.
extension Array where Element: AnyObject {
    /// Whether the array holds `object` itself.
    @inline(__always)
    func containsObject(_ object: Element) -> Bool {
        for element in self where element === object { return true }
        return false
    }

    /// The index of the first occurrence of `object` itself, or nil.
    @inline(__always)
    func indexOfObject(_ object: Element) -> Int? {
        var index = 0
        while index < count {
            if self[index] === object { return index }
            index += 1
        }
        return nil
    }

    /// Removes every occurrence of `object` itself, keeping the order of the rest.
    mutating func removeObject(_ object: Element) {
        guard let first = indexOfObject(object) else { return }
        var kept = first
        var index = first + 1
        while index < count {
            if self[index] !== object {
                swapAt(kept, index)
                kept += 1
            }
            index += 1
        }
        truncate(to: kept)
    }
}
