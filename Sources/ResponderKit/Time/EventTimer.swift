import Foundation

/// A one-shot timer on the application's ``EventClock``.
@MainActor
final class EventTimer {
    let fireTime: TimeInterval
    let sequence: Int
    private var action: (@MainActor () -> Void)?

    init(fireTime: TimeInterval, sequence: Int, action: @escaping @MainActor () -> Void) {
        self.fireTime = fireTime
        self.sequence = sequence
        self.action = action
    }

    /// Whether the timer has neither fired nor been invalidated.
    var isValid: Bool { action != nil }

    /// Stops the timer from firing; releases its action at once.
    func invalidate() { action = nil }

    func fire() {
        guard let action else { return }
        self.action = nil
        action()
    }
}
