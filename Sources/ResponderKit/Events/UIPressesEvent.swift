import Foundation

/// An event about physical button presses.
@MainActor
open class UIPressesEvent: UIEvent {
    /// The presses that are down, in the order they began (read by every reset of a recognizer, edited
    /// in place).
    var pressList: [UIPress] {
        _read { yield fencedPresses.list }
        _modify { yield &fencedPresses.list }
    }
    /// Fenced storage (see ``FencedStorage``).
    #if DEBUG
    private final var fencedPresses = Presses()
    #else
    @exclusivity(unchecked) private final var fencedPresses = Presses()
    #endif

    private struct Presses: FencedStorage {
        var list: [UIPress] = []
    }

    init(timestamp: TimeInterval) {
        super.init(type: .presses, subtype: .none, timestamp: timestamp)
    }

    /// Every press currently down, including those that did not change in this event.
    open var allPresses: Set<UIPress> { Set(pressList) }

    /// The presses delivered to `gesture`.
    open func presses(for gesture: UIGestureRecognizer) -> Set<UIPress> {
        Set(pressList.lazy.filter { press in press.arbitration.receivers.contains { $0 === gesture } })
    }
}
