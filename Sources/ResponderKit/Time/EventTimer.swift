import Foundation

/// A one-shot timer on the application's ``EventClock``.
@MainActor
final class EventTimer {
    let fireTime: TimeInterval
    let sequence: Int
    /// The loop modes the timer may fire in. The engine's own timers (double-tap windows, long press,
    /// delayed touches, a scroll view's deceleration frames) run in both: they must keep firing while a
    /// scroll view tracks.
    var modes: LoopModes
    private var action: (@MainActor () -> Void)?

    init(fireTime: TimeInterval, sequence: Int, modes: LoopModes = .common, action: @escaping @MainActor () -> Void) {
        self.fireTime = fireTime
        self.sequence = sequence
        self.modes = modes
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
