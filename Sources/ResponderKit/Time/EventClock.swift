import Foundation
import Dispatch

/// The application's clock and its timers (R18).
///
/// Every timestamp (touches, presses, events) and every timer (long press, multi-tap, swipe duration)
/// reads this clock. In real mode it reads the system uptime, as UIKit timestamps do, and timers run
/// on the main queue. In virtual mode, which ``EventSimulator`` switches on, time stands still until
/// ``advance(by:)`` moves it, and due timers fire in time order as it passes them: every test is
/// deterministic and none sleeps.
@MainActor
final class EventClock {
    // Dispatch reads the clock's state on every event. It is marked
    // `@exclusivity(unchecked)`: the runtime's exclusivity check on each access costs more than the
    // access itself, and no access to these properties ever overlaps a mutation of the same property
    // (they are read, assigned, or edited in place by code that does not read them back).

    @exclusivity(unchecked) private(set) var isVirtual = false
    @exclusivity(unchecked) private var virtualNow: TimeInterval = 0
    /// Pending virtual timers, kept sorted by fire time, then by creation order.
    @exclusivity(unchecked) private var pending: [EventTimer] = []
    private var nextSequence = 0

    /// The current time, in seconds.
    var now: TimeInterval { isVirtual ? virtualNow : ProcessInfo.processInfo.systemUptime }

    /// Switches to virtual time, starting at `start`. Timers scheduled in real time keep their real schedule.
    func useVirtualTime(startingAt start: TimeInterval) {
        isVirtual = true
        virtualNow = start
    }

    /// Runs `action` once, `delay` seconds from now, unless the returned timer is invalidated first.
    @discardableResult
    func schedule(after delay: TimeInterval, _ action: @escaping @MainActor () -> Void) -> EventTimer {
        nextSequence += 1
        let timer = EventTimer(fireTime: now + max(0, delay), sequence: nextSequence, action: action)
        if isVirtual {
            // Binary search for the first timer that fires later (a new timer has the highest sequence, so
            // it goes after those due at the same time): fifty fingers landing at once stay linear.
            var low = 0, high = pending.count
            while low < high {
                let middle = (low + high) / 2
                if pending[middle].fireTime <= timer.fireTime { low = middle + 1 } else { high = middle }
            }
            pending.insert(timer, at: low)
        } else {
            DispatchQueue.main.asyncAfter(deadline: .now() + max(0, delay)) {
                MainActor.assumeIsolated { timer.fire() }
            }
        }
        return timer
    }

    /// Moves virtual time forward by `interval`, firing every timer that falls due on the way, each at
    /// its own time and in order. A timer scheduled by a firing timer fires too if it falls within the interval.
    func advance(by interval: TimeInterval) {
        precondition(isVirtual, "advance(by:) needs virtual time: create an EventSimulator for the application first")
        precondition(interval >= 0 && interval.isFinite, "advance(by:) takes a finite, non-negative interval, not \(interval)")
        let end = virtualNow + interval
        while let first = pending.first, first.fireTime <= end {
            pending.removeFirst()
            guard first.isValid else { continue }
            virtualNow = max(virtualNow, first.fireTime)
            first.fire()
        }
        // Drop invalidated timers (a plain scan first: usually there are none to drop).
        var hasInvalid = false
        for timer in pending where !timer.isValid { hasInvalid = true; break }
        if hasInvalid { pending.removeAll { !$0.isValid } }
        virtualNow = end
    }

    /// The number of timers still waiting to fire (for tests of state left behind).
    var pendingTimerCount: Int { pending.lazy.filter(\.isValid).count }
}
