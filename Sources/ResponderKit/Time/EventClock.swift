import Foundation

/// The application's clock and its timers (R18, R26).
///
/// Every timestamp (touches, presses, events) and every timer (long press, multi-tap, swipe duration)
/// reads this clock. In real mode it reads a time source — by default the system uptime, as UIKit
/// timestamps do — and due timers fire when the application's loop turns (``EventLoop``), never from
/// a dispatch queue the host may not service (R26). In virtual mode, which ``EventSimulator``
/// switches on, time stands still until ``advance(by:)`` moves it, and due timers fire in time order
/// as it passes them: every test is deterministic and none sleeps.
///
/// Both modes keep one list of timers sorted by fire time, then by creation order; a new timer finds
/// its place by binary search, so scheduling stays logarithmic in comparisons however many wait.
///
/// The clock also knows the mode the application's loop runs in (I4): `.default`, or `.tracking` while
/// a scroll view tracks or decelerates. A timer fires only in the modes it belongs to. One that reaches
/// the front of the list in a mode it does not run in is parked aside, out of the way of those that
/// can fire; when the loop returns to its mode, it goes back into the list with its own fire time, so
/// it fires at the loop's next turn, late, in fire-time order with the others.
@MainActor
final class EventClock {
    /// The clock's state, read on every event: fenced storage (see ``FencedStorage``), read and written
    /// through the properties below, none of whose edits calls out of the clock.
    #if DEBUG
    private var fenced = Fields()
    #else
    @exclusivity(unchecked) private var fenced = Fields()
    #endif

    private struct Fields: FencedStorage {
        var isVirtual = false
        var virtualNow: TimeInterval = 0
        var pending: [EventTimer] = []
        var mode: LoopModes = .default
        var parked: [EventTimer] = []
    }

    private(set) var isVirtual: Bool {
        get { fenced.isVirtual }
        set { fenced.isVirtual = newValue }
    }
    private var virtualNow: TimeInterval {
        get { fenced.virtualNow }
        set { fenced.virtualNow = newValue }
    }
    /// Pending timers, kept sorted by fire time, then by creation order.
    private var pending: [EventTimer] {
        _read { yield fenced.pending }
        _modify { yield &fenced.pending }
    }
    /// The mode the application's loop runs in: `.default` or `.tracking`, never both.
    private(set) var mode: LoopModes {
        get { fenced.mode }
        set { fenced.mode = newValue }
    }
    /// How many enters of the tracking mode are not yet matched by an exit (nested scroll views nest).
    var trackingDepth = 0
    /// Timers that came to the front of ``pending`` in a mode they do not run in, in that order (read
    /// on every turn of the loop).
    private var parked: [EventTimer] {
        _read { yield fenced.parked }
        _modify { yield &fenced.parked }
    }
    /// Whether timers left the park since the loop last fired what was due (see ``takeReleasedTimers()``).
    private var releasedTimers = false
    private var nextSequence = 0
    /// Called just before each timer fires, in both modes (the application traces the loop stage).
    var willFireTimer: ((_ fireTime: TimeInterval) -> Void)?
    /// Where real time comes from; tests inject a source they move by hand, so nothing sleeps.
    private(set) var realTime: @Sendable () -> TimeInterval
    /// The real time that live traces count from, so they read 0.000, 0.016… rather than raw uptime.
    private(set) var traceOrigin: TimeInterval

    /// Creates a real-time clock reading `realTime` (the system uptime by default).
    init(realTime: @escaping @Sendable () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }) {
        self.realTime = realTime
        traceOrigin = realTime()
    }

    /// The current time, in seconds.
    var now: TimeInterval { isVirtual ? virtualNow : realTime() }

    /// The time a trace record shows: virtual time as it is, real time relative to ``traceOrigin``.
    var traceTime: TimeInterval { isVirtual ? virtualNow : realTime() - traceOrigin }

    /// Reads real time from `source` from now on; live traces count from its present reading.
    func useRealTimeSource(_ source: @escaping @Sendable () -> TimeInterval) {
        realTime = source
        traceOrigin = source()
    }

    /// A time on this clock as a trace shows it (see ``traceTime``).
    func traceTime(of time: TimeInterval) -> TimeInterval { isVirtual ? time : time - traceOrigin }

    /// Makes live traces count from now (a loop that starts running calls it).
    func restartTraceTime() {
        if !isVirtual { traceOrigin = realTime() }
    }

    /// Switches to virtual time, starting at `start`. Timers already scheduled keep their fire times.
    func useVirtualTime(startingAt start: TimeInterval) {
        isVirtual = true
        virtualNow = start
    }

    /// Runs `action` once, `delay` seconds from now, unless the returned timer is invalidated first.
    /// The engine's own timers run in the common modes: they keep firing while a scroll view tracks.
    @discardableResult
    func schedule(after delay: TimeInterval, modes: LoopModes = .common,
                  _ action: @escaping @MainActor () -> Void) -> EventTimer {
        schedule(at: now + max(0, delay), modes: modes, action)
    }

    /// Runs `action` once at `fireTime` on this clock (at once, at the next firing, if it has passed).
    @discardableResult
    func schedule(at fireTime: TimeInterval, modes: LoopModes,
                  _ action: @escaping @MainActor () -> Void) -> EventTimer {
        nextSequence += 1
        let timer = EventTimer(fireTime: fireTime, sequence: nextSequence, modes: modes, action: action)
        list(timer)
        return timer
    }

    /// Runs `action` once, `delay` seconds from now, on `timer`, which this clock made: one that fired or
    /// was invalidated is armed again, one still waiting moves to its new time. A timer that fires every
    /// frame (a scroll view's deceleration) reuses one object this way, so a frame allocates nothing.
    func reschedule(_ timer: EventTimer, after delay: TimeInterval, modes: LoopModes = .common,
                    _ action: @escaping @MainActor () -> Void) {
        if timer.isListed { unlist(timer) }
        nextSequence += 1
        timer.rearm(fireTime: now + max(0, delay), sequence: nextSequence, modes: modes, action: action)
        list(timer)
    }

    /// Puts `timer` into the pending list at its place.
    private func list(_ timer: EventTimer) {
        timer.isListed = true
        // Usually the list is empty or the timer goes last: appending skips the generic insertion.
        let index = insertionIndex(for: timer)
        if index == pending.count { pending.append(timer) } else { pending.insert(timer, at: index) }
    }

    /// Takes `timer` out of the pending list or the park.
    private func unlist(_ timer: EventTimer) {
        // Its fire time and order have not changed since it was listed: it sits just before the first
        // timer that fires strictly after it.
        let index = insertionIndex(for: timer) - 1
        if index >= 0, pending[index] === timer {
            pending.remove(at: index)
        } else if let index = pending.firstIndex(where: { $0 === timer }) {
            pending.remove(at: index)
        } else {
            parked.removeAll { $0 === timer }
        }
        timer.isListed = false
    }

    /// Switches the loop's mode to `.default` or `.tracking`. Parked timers that run in the new mode go
    /// back into the list with their own fire times; returns how many did.
    @discardableResult
    func switchMode(to newMode: LoopModes) -> Int {
        precondition(newMode == .default || newMode == .tracking, "the loop runs in one mode at a time")
        mode = newMode
        return releaseParkedTimers()
    }

    /// Puts back into the list the parked timers that may run in the current mode (a mode switch, or a
    /// timer added to another mode); returns how many.
    @discardableResult
    func releaseParkedTimers() -> Int {
        guard !parked.isEmpty else { return 0 }
        // By index, each access to the clock's storage on its own: releasing a timer edits the list of
        // pending ones, which a closure handed to `parked.removeAll(where:)` did while `parked` was
        // being edited.
        var released = 0, kept = 0, index = 0
        while index < parked.count {
            let timer = parked[index]
            index += 1
            if !timer.isValid {
                timer.isListed = false
            } else if timer.modes.contains(mode) {
                pending.insert(timer, at: insertionIndex(for: timer))
                released += 1
            } else {
                parked[kept] = timer
                kept += 1
            }
        }
        parked.truncate(to: kept)
        if released > 0 { releasedTimers = true }
        return released
    }

    /// Whether timers left the park since the last call: on virtual time the loop's turn then fires
    /// what is due, as a real loop's turn does. Clears the flag.
    func takeReleasedTimers() -> Bool {
        defer { releasedTimers = false }
        return releasedTimers
    }

    /// Takes the first timer due by `time` that may fire in the current mode, parking those on the way
    /// that may not and dropping invalidated ones.
    private func takeNextTimer(dueBy time: TimeInterval) -> EventTimer? {
        while let first = pending.first, first.fireTime <= time {
            pending.removeFirst()
            guard first.isValid else { first.isListed = false; continue }
            guard first.modes.contains(mode) else { parked.append(first); continue }
            first.isListed = false
            return first
        }
        return nil
    }

    /// The first index whose timer fires strictly after `timer` (equal fire times keep creation order).
    private func insertionIndex(for timer: EventTimer) -> Int {
        var low = pending.startIndex, high = pending.endIndex
        while low < high {
            let middle = (low + high) / 2
            if (pending[middle].fireTime, pending[middle].sequence) > (timer.fireTime, timer.sequence) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }

    /// Moves virtual time forward by `interval`, firing every timer that falls due on the way, each at
    /// its own time and in order. A timer scheduled by a firing timer fires too if it falls within the interval.
    func advance(by interval: TimeInterval) {
        precondition(isVirtual, "advance(by:) needs virtual time: create an EventSimulator for the application first")
        precondition(interval >= 0 && interval.isFinite, "advance(by:) takes a finite, non-negative interval, not \(interval)")
        let end = virtualNow + interval
        while let first = takeNextTimer(dueBy: end) {
            virtualNow = max(virtualNow, first.fireTime)
            willFireTimer?(first.fireTime)
            first.fire()
        }
        dropInvalidTimers()
        virtualNow = end
        // What left the park on the way has fired with the rest.
        releasedTimers = false
    }

    /// Fires, in order, every timer due by `time` (real mode: the loop's turn). A timer scheduled by a
    /// firing timer fires too if it is already due. Returns how many fired.
    @discardableResult
    func fireTimers(dueBy time: TimeInterval) -> Int {
        var fired = 0
        while let first = takeNextTimer(dueBy: time) {
            fired += 1
            willFireTimer?(first.fireTime)
            first.fire()
        }
        return fired
    }

    /// When the earliest timer that may fire in the current mode falls due, on this clock; nil when none
    /// waits. (Timers of another mode are parked on the way, so a loop never wakes for them.)
    var nextFireTime: TimeInterval? {
        while let first = pending.first, !first.isValid || !first.modes.contains(mode) {
            pending.removeFirst()
            if first.isValid { parked.append(first) } else { first.isListed = false }
        }
        return pending.first?.fireTime
    }

    /// Drops invalidated timers (a plain scan first: usually there are none to drop).
    private func dropInvalidTimers() {
        var hasInvalid = false
        for timer in pending where !timer.isValid { hasInvalid = true; break }
        if hasInvalid { Self.dropInvalid(from: &pending) }
        if !parked.isEmpty { Self.dropInvalid(from: &parked) }
    }

    /// Drops the invalid timers of `list`, marking them unlisted, and keeps the others in order. A plain
    /// loop: `removeAll(where:)` goes through the generic partition and range replacement (about 400
    /// instructions for the one timer a tap leaves behind).
    private static func dropInvalid(from list: inout [EventTimer]) {
        var kept = 0
        for index in list.indices {
            let timer = list[index]
            guard timer.isValid else {
                timer.isListed = false
                continue
            }
            if kept != index { list[kept] = timer }
            kept += 1
        }
        list.truncate(to: kept)
    }

    /// The number of timers still waiting to fire, parked ones included (for tests of state left behind).
    var pendingTimerCount: Int { pending.lazy.filter(\.isValid).count + parked.lazy.filter(\.isValid).count }

    /// The number of timers waiting for the loop to return to a mode they run in.
    var parkedTimerCount: Int { parked.lazy.filter(\.isValid).count }
}
