import Foundation

/// The cells a table or collection view keeps for reuse: how to make a new cell for each registered
/// identifier, and the cells waiting to be handed out again.
///
/// Bounded: a cell is queued only when its row leaves the screen, so a queue never holds more cells than
/// were on screen at once (plus the cells handed out by `dequeue…` outside the data source and given
/// back); ``limit`` caps each queue anyway, and a cell beyond it is let go.
///
/// Identifiers are few (one per kind of cell), so they are kept in an array searched in order: a queue
/// is then changed in place through the array's subscript, where a dictionary's would allocate the frame
/// of its accessor on every change, that is on every row that scrolls in or out.
@MainActor
struct CellReusePool<Cell: UIView> {
    /// Makes a new cell for an identifier.
    typealias Factory = @MainActor (String) -> Cell

    /// The most cells one identifier's queue keeps.
    static var limit: Int { 256 }

    private struct Entry {
        let identifier: String
        var factory: Factory?
        var queue: [Cell] = []
    }

    private var entries: [Entry] = []

    private func index(of identifier: String) -> Int? {
        for index in entries.indices where entries[index].identifier == identifier { return index }
        return nil
    }

    /// Registers (or, with nil, unregisters) the way to make cells for `identifier`. Queued cells of an
    /// earlier registration stay queued, as in UIKit.
    mutating func register(_ factory: Factory?, for identifier: String) {
        if let index = index(of: identifier) {
            entries[index].factory = factory
        } else if factory != nil {
            entries.append(Entry(identifier: identifier, factory: factory))
        }
    }

    /// Whether cells of `identifier` can be made.
    func isRegistered(_ identifier: String) -> Bool {
        index(of: identifier).map { entries[$0].factory != nil } ?? false
    }

    /// A queued cell of `identifier`, or nil.
    mutating func takeQueued(_ identifier: String) -> Cell? {
        guard let index = index(of: identifier), !entries[index].queue.isEmpty else { return nil }
        return entries[index].queue.removeLast()
    }

    /// A new cell of `identifier`, or nil when none is registered.
    func make(_ identifier: String) -> Cell? {
        guard let index = index(of: identifier), let factory = entries[index].factory else { return nil }
        return factory(identifier)
    }

    /// Queues `cell` for reuse under `identifier`.
    mutating func enqueue(_ cell: Cell, as identifier: String) {
        let index: Int
        if let found = self.index(of: identifier) {
            index = found
        } else {
            entries.append(Entry(identifier: identifier, factory: nil))
            index = entries.count - 1
        }
        guard entries[index].queue.count < Self.limit else { return }
        entries[index].queue.append(cell)
    }
}
