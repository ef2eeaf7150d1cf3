import Foundation

/// The cells a table or collection view keeps for reuse: how to make a new cell for each registered
/// identifier, and the cells waiting to be handed out again.
///
/// Bounded: a cell is queued only when its row leaves the screen, so a queue never holds more cells than
/// were on screen at once (plus the cells handed out by `dequeue…` outside the data source and given
/// back); ``limit`` caps each queue anyway, and a cell beyond it is let go.
@MainActor
struct CellReusePool<Cell: UIView> {
    /// Makes a new cell for an identifier.
    typealias Factory = @MainActor (String) -> Cell

    /// The most cells one identifier's queue keeps.
    static var limit: Int { 256 }

    private var factories: [String: Factory] = [:]
    private var queues: [String: [Cell]] = [:]

    /// Registers (or, with nil, unregisters) the way to make cells for `identifier`. Queued cells of an
    /// earlier registration stay queued, as in UIKit.
    mutating func register(_ factory: Factory?, for identifier: String) {
        factories[identifier] = factory
    }

    /// Whether cells of `identifier` can be made.
    func isRegistered(_ identifier: String) -> Bool { factories[identifier] != nil }

    /// A queued cell of `identifier`, or nil.
    mutating func takeQueued(_ identifier: String) -> Cell? {
        // Modified in place: the queue keeps its storage, so a scroll frame allocates nothing.
        queues[identifier]?.popLast()
    }

    /// A new cell of `identifier`, or nil when none is registered.
    func make(_ identifier: String) -> Cell? {
        factories[identifier].map { $0(identifier) }
    }

    /// Queues `cell` for reuse under `identifier`.
    mutating func enqueue(_ cell: Cell, as identifier: String) {
        if queues[identifier] == nil { queues[identifier] = [] }
        guard queues[identifier]!.count < Self.limit else { return }
        queues[identifier]!.append(cell)
    }

    /// The number of queued cells, for tests.
    var queuedCount: Int { queues.values.reduce(0) { $0 + $1.count } }
}
