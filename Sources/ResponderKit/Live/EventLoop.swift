import Foundation

/// The application's main loop: it wakes on the ``UIApplication/inputPort``, drains it into the FIFO
/// queue, fires the timers that fell due and dispatches (I1, I4, R26).
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
/// See <doc:LivePath>.
@MainActor
public final class EventLoop {
    /// The application the loop runs.
    public let application: UIApplication
    private var isStopped = false

    /// Creates the loop of `application`. Live trace times count from here.
    public init(application: UIApplication = .shared) {
        self.application = application
        application.clock.restartTraceTime()
    }

    /// One turn, for a host-driven loop: handles everything posted and every timer due, then returns
    /// the time until the next timer falls due, in seconds (0 when one is already due), or nil when no
    /// timer waits. Sleep at most that long, or until the port's wake handler is called.
    @discardableResult
    public func processEvents() -> TimeInterval? {
        application.drainInputQueue()
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
    /// the next timer falls due.
    public func run(until limit: Date = .distantFuture) {
        precondition(!application.clock.isVirtual,
                     "run(until:) sleeps on the real clock; on virtual time, EventSimulator.advance(by:) turns the loop")
        isStopped = false
        while !isStopped {
            let wait = processEvents()
            if isStopped || Date() >= limit { break }
            var wake = limit
            if let wait { wake = min(wake, Date(timeIntervalSinceNow: wait)) }
            application.inputPort.waitForInput(until: wake)
        }
    }

    /// Makes ``run(until:)`` return after the current turn.
    public func stop() {
        isStopped = true
    }
}
