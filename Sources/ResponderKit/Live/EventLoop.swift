import Foundation

/// The application's main loop: it wakes on the ``UIApplication/inputPort``, takes what was posted into
/// the FIFO queue, fires the timers that fell due and dispatches (I1, I4, R26).
///
/// Run it one of two ways:
/// - **Self-driven**, as `UIApplicationMain` does: ``run(until:)`` turns the loop on the calling (main)
///   thread, sleeping until input is posted or the next timer falls due, until ``stop()`` is called.
/// - **Host-driven**, for a toolkit that owns the loop (SDL, GLib, a game loop): call
///   ``processEvents()`` once each time round the host's loop. It handles what is due and returns how
///   long the host may sleep before the next timer; set a wake handler on the port
///   (``InputPort/setWakeHandler(_:)``) to be woken when input arrives in the meantime.
///
/// In both modes every timer (long press, multi-tap windows, swipe limits, delayed touches) fires from
/// the loop itself, so a host that never services the main dispatch queue still gets its gestures
/// (R26). Each turn runs on the main actor; input posted from other threads is only ever delivered there.
///
/// A turn is bounded: it ends once it has worked for ``turnBudget``, after the event or timer in hand,
/// and leaves the rest for the next turn. So a source that posts faster than the application handles
/// input never keeps the host from its own work: the host gets control back every turn, ``stop()``
/// takes effect within a turn, and ``run(until:)`` returns on time. The port is bounded too
/// (``InputPort/capacity``): what cannot wait is coalesced or dropped, and reported.
///
/// See <doc:LivePath>.
@MainActor
public final class EventLoop {
    /// The application the loop runs.
    public let application: UIApplication
    private var isStopped = false
    private var isRunning = false

    /// The longest one turn works before it hands control back, in seconds of the application's real
    /// clock: 8 ms by default, half a 60 Hz frame (chosen), so a host that draws each frame keeps half
    /// of it. A turn ends after the event or timer during which the budget ran out; one event's own cost
    /// is the application's. Must be positive.
    public var turnBudget: TimeInterval = 0.008 {
        didSet { precondition(turnBudget > 0 && turnBudget.isFinite, "turnBudget must be a positive number of seconds, not \(turnBudget)") }
    }

    /// Creates the loop of `application`. Live trace times count from here.
    public init(application: UIApplication = .shared) {
        self.application = application
        application.clock.restartTraceTime()
    }

    /// One turn, for a host-driven loop: handles what was posted and the timers due, for at most
    /// ``turnBudget``, then returns the time until the next timer falls due, in seconds: 0 when one is
    /// already due or the turn left input waiting (call again at once, after the host's own work), nil
    /// when nothing waits. Sleep at most that long, or until the port's wake handler is called.
    @discardableResult
    public func processEvents() -> TimeInterval? {
        turn(endingBy: application.clock.now + turnBudget)
    }

    /// One turn that ends by `deadline` (application clock); returns what ``processEvents()`` does.
    private func turn(endingBy deadline: TimeInterval) -> TimeInterval? {
        let budget = TurnBudget(deadline: deadline, isStopped: { [unowned self] in isRunning && isStopped })
        guard application.drainInputQueue(within: budget) else { return 0 }
        // The loop is about to wait: UIKit lays out here (its display frame's commit).
        application.layOutPendingViews()
        return timeUntilNextTimer
    }

    /// The time until the next timer falls due, in seconds (0 when one is due now); nil when none waits.
    /// Only timers of the loop's current mode count: while a scroll view tracks
    /// (``UIApplication/currentRunLoopMode`` is `.tracking`), default-mode timers wait and never wake it.
    public var timeUntilNextTimer: TimeInterval? {
        guard let fireTime = application.clock.nextFireTime else { return nil }
        return max(0, fireTime - application.clock.now)
    }

    /// Runs the loop on the calling thread, as `UIApplicationMain` does, until ``stop()`` is called (by a
    /// handler, a timer's action…) or `limit` passes. Between turns it sleeps until input is posted or
    /// the next timer falls due. Each turn ends by `limit` (and within ``turnBudget``), so under any
    /// flood of input the call returns at `limit`, late by at most the event or timer in hand.
    public func run(until limit: Date = .distantFuture) {
        precondition(!application.clock.isVirtual,
                     "run(until:) sleeps on the real clock; on virtual time, EventSimulator.advance(by:) turns the loop")
        isStopped = false
        isRunning = true
        defer { isRunning = false }
        while !isStopped {
            let now = application.clock.now
            let wait = turn(endingBy: min(now + turnBudget, now + max(0, limit.timeIntervalSinceNow)))
            if isStopped || Date() >= limit { break }
            var wake = limit
            if let wait { wake = min(wake, Date(timeIntervalSinceNow: wait)) }
            application.inputPort.waitForInput(until: wake)
        }
    }

    /// Makes ``run(until:)`` return once the event or timer in hand is handled, without finishing the turn.
    public func stop() {
        isStopped = true
    }
}
