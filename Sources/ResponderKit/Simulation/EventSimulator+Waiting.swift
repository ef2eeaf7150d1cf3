import Foundation

extension EventSimulator {
    /// Moves time forward until `condition` holds, for at most `timeout` seconds of virtual time, and
    /// returns how long that took; throws ``Timeout`` when it still does not hold at the end.
    ///
    /// On virtual time nothing changes between the timers (and, with a ``loopRate``, the loop's frames),
    /// so the condition is checked now, then after each moment one falls due, and once more at the
    /// end: it sees every state the application goes through, and the wait costs one step per timer,
    /// not one per slice of time. A condition that holds now returns 0 at once.
    ///
    /// ```swift
    /// sim.touchDown(1, at: CGPoint(x: 50, y: 50))
    /// let waited = try sim.advance(until: { press.state == .began }, timeout: 2)   // 0.5: the press's minimum duration
    /// ```
    @discardableResult
    public func advance(until condition: () throws -> Bool, timeout: TimeInterval = 5) throws -> TimeInterval {
        precondition(timeout >= 0 && timeout.isFinite, "advance(until:timeout:) takes a finite, non-negative timeout, not \(timeout)")
        let start = now, deadline = start + timeout
        while true {
            if try condition() { return now - start }
            guard now < deadline else { throw Timeout(timeout: timeout, startedAt: start) }
            var next = deadline
            if let due = application.clock.nextFireTime { next = min(next, due) }
            if let rate = loopRate { next = min(next, nextFrame / rate) }
            advance(by: interval(reaching: next))
        }
    }

    /// The condition given to ``advance(until:timeout:)`` still did not hold when the timeout ran out.
    public struct Timeout: Error, Equatable, CustomStringConvertible {
        /// How long the simulator waited, in seconds of virtual time.
        public var timeout: TimeInterval
        /// The virtual time when it started waiting.
        public var startedAt: TimeInterval

        /// Creates the error for a wait of `timeout` seconds that started at `startedAt`.
        public init(timeout: TimeInterval, startedAt: TimeInterval) {
            self.timeout = timeout
            self.startedAt = startedAt
        }

        public var description: String {
            "the condition did not hold within \(TraceRecord.number(timeout)) s of virtual time "
                + "(from \(TraceRecord.number(startedAt)) s to \(TraceRecord.number(startedAt + timeout)) s)"
        }
    }

    /// The interval that takes the clock from now to `time` (or leaves it where it is, if `time` has
    /// passed): `time - now`, one step larger where floating point would stop one step short of `time`
    /// and leave its timer unfired.
    private func interval(reaching time: TimeInterval) -> TimeInterval {
        var interval = max(0, time - now)
        while now + interval < time { interval = interval.nextUp }
        return interval
    }
}
