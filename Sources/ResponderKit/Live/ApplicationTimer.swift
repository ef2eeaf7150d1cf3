import Foundation

/// A timer on the application's loop, in the modes it was added to: ResponderKit's counterpart of
/// Foundation's `Timer` on the main run loop (I4).
///
/// ```swift
/// // UIKit:        Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in tick() }
/// //               RunLoop.main.add(timer, forMode: .common)
/// // ResponderKit:
/// let timer = application.scheduledTimer(withTimeInterval: 1, repeats: true, forMode: .common) { _ in tick() }
/// ```
///
/// Why not Foundation's own `Timer`: it runs on Foundation's run loop and the wall clock, and the
/// application's loop is not that run loop — on virtual time (``EventSimulator``) time stands still
/// until the simulator moves it, and a host-driven loop (``EventLoop/processEvents()``) never runs
/// Foundation's. So the application schedules its own timers on its own clock, with the same rules:
/// - a timer fires only while the loop runs in one of its modes: one for `.default` waits while a
///   scroll view tracks or decelerates (`.tracking`); one for `.common` fires in both;
/// - a timer that could not fire when due fires once, late, as soon as it can; a repeating timer then
///   keeps its schedule (its next firing is the first multiple of its interval from its first fire date
///   still ahead), so missed firings are skipped, never fired in a burst;
/// - an interval of 0 or less is taken as 0.1 ms; a non-repeating timer's ``timeInterval`` is 0;
/// - the loop holds a scheduled timer until it fires (one-shot) or is invalidated, so keeping the
///   returned handle is optional, but a block that holds the application strongly keeps it alive while
///   a repeating timer runs.
///
/// Departures from `Timer`: times are seconds on the application's clock (``fireDate`` is a
/// `TimeInterval` like `UIEvent.timestamp`, not a `Date`, and it cannot be moved); the fire date is set
/// when the timer is first added to an application, not when it is created; modes are those of the
/// application's loop only (`.default`, `.tracking`, `.common`); and a timer has a ``name`` for traces.
@MainActor
public final class ApplicationTimer {
    /// The time between firings of a repeating timer, in seconds; 0 for a non-repeating timer (as
    /// Foundation's `Timer.timeInterval`).
    public var timeInterval: TimeInterval { repeats ? interval : 0 }

    /// When the timer fires next, in seconds on the application's clock; for a timer that has fired
    /// for the last time, when it last fired. Nil until the timer is added to an application.
    public private(set) var fireDate: TimeInterval?

    /// Whether the timer will still fire: true from creation until it is invalidated or, when it does
    /// not repeat, until its block has run. (As in Foundation, a one-shot timer is still valid during
    /// its own block.)
    public private(set) var isValid = true

    /// The name traces show for the timer (a ResponderKit addition, like a recognizer's `name`); nil
    /// shows as "timer".
    public var name: String?

    /// The interval, already raised to Foundation's 0.1 ms minimum.
    let interval: TimeInterval
    let repeats: Bool
    /// Released when the timer is invalidated (or has fired for the last time), as Foundation releases
    /// a timer's target: what the block captures does not outlive the timer's use.
    private var block: (@MainActor (ApplicationTimer) -> Void)?
    /// The modes the timer was added to.
    private(set) var modes: LoopModes = []
    /// The application whose loop holds the timer (through its link: the timer must not keep it alive).
    @Linked private var application: UIApplication?
    /// The clock's one-shot timer for the next firing. The clock owns it (it keeps the handle alive while
    /// it waits); the handle only needs it to invalidate it.
    private weak var next: EventTimer?

    /// Creates a timer that is not scheduled yet: add it to an application's loop with
    /// ``UIApplication/add(_:forMode:)`` (Foundation's `Timer(timeInterval:repeats:block:)`).
    public init(timeInterval: TimeInterval, repeats: Bool, block: @escaping @MainActor (ApplicationTimer) -> Void) {
        // Foundation: "If interval is less than or equal to 0.0, this method chooses the nonnegative
        // value of 0.0001 seconds instead."
        interval = timeInterval > 0 ? timeInterval : 0.0001
        self.repeats = repeats
        self.block = block
    }

    /// Stops the timer from ever firing again; the loop and the timer release its block at once.
    public func invalidate() {
        isValid = false
        block = nil
        next?.invalidate()
        next = nil
    }

    /// Adds the timer to `application`'s loop for `mode`; the first time, schedules its first firing one
    /// interval from now.
    func add(to application: UIApplication, mode: RunLoop.Mode) {
        let added = mode.loopModes
        if let owner = self.application {
            precondition(owner === application, "a timer belongs to one application's loop: it was added to another one")
        }
        guard isValid else { return }
        modes.formUnion(added)
        if let next {
            next.modes = modes
            application.clock.releaseParkedTimers()
            return
        }
        self.application = application
        schedule(at: application.clock.now + interval, on: application.clock)
    }

    private func schedule(at time: TimeInterval, on clock: EventClock) {
        fireDate = time
        next = clock.schedule(at: time, modes: modes) { [self] in fire() }
    }

    /// One firing, from the loop: traced, the block run, then the next firing scheduled (or the timer
    /// invalidated when it does not repeat), as Foundation's run loop does.
    private func fire() {
        guard isValid, let block, let application, let due = fireDate else { return }
        let clock = application.clock
        let now = clock.now
        application.report(.runLoopMode(.timerFired(timer: name ?? "timer", mode: modes.runLoopMode,
                                                    due: clock.traceTime(of: due), late: max(0, now - due))))
        application.deferringInput { block(self) }
        guard isValid else { return }
        guard repeats else {
            invalidate()
            return
        }
        // The first multiple of the interval after `now`, counted from the fire date: firings missed
        // while the timer waited are skipped, not made up.
        var following = due + interval
        if following <= now {
            following = due + ((now - due) / interval).rounded(.down) * interval + interval
            if following <= now { following += interval }
        }
        schedule(at: following, on: clock)
    }
}

// Compared and hashed by identity, as UIKit's and Foundation's `NSObject` subclasses are: two references
// are equal when they are the same object, so `view == self`, `Set<UIView>` and dictionary keys work as
// they do there. Not isolated (like `UITouch`'s): they read nothing but the reference. The engine itself
// compares with `===`, so nothing on the dispatch path goes through them.
extension ApplicationTimer: Hashable {
    /// Whether the two are the same object.
    nonisolated public static func == (lhs: ApplicationTimer, rhs: ApplicationTimer) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
