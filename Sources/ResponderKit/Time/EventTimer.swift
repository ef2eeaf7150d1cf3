import Foundation

/// A one-shot timer on the application's ``EventClock``. The clock can schedule it again once it has
/// fired (``EventClock/reschedule(_:after:modes:_:)``): a timer that runs every frame reuses one object.
@MainActor
final class EventTimer {
    private(set) var fireTime: TimeInterval
    private(set) var sequence: Int
    /// The loop modes the timer may fire in. The engine's own timers (double-tap windows, long press,
    /// delayed touches, a scroll view's deceleration frames) run in both: they must keep firing while a
    /// scroll view tracks.
    var modes: LoopModes
    /// Whether the clock holds the timer in its list or its park (it may be invalid and not yet dropped).
    /// Only the clock sets it.
    var isListed = false
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

    /// Makes the timer pending again with a new fire time and order (the clock lists it).
    func rearm(fireTime: TimeInterval, sequence: Int, modes: LoopModes, action: @escaping @MainActor () -> Void) {
        self.fireTime = fireTime
        self.sequence = sequence
        self.modes = modes
        self.action = action
    }

    func fire() {
        guard let action else { return }
        self.action = nil
        action()
    }
}
