import Foundation

/// An event about physical button presses.
@MainActor
open class UIPressesEvent: UIEvent {
    /// (Read by every reset of a recognizer; `@exclusivity(unchecked)` for the reason given on
    /// ``UITouch``'s dispatch state.)
    @exclusivity(unchecked) var pressList: [UIPress] = []

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
