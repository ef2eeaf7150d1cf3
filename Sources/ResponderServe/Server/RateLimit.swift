import Foundation

/// A token bucket, applied to each message as it arrives, before it is read any further: `rate`
/// messages a second on average, up to `burst` at once. Control frames (pings) count like messages. A
/// message over the limit is dropped; the page is told how many were dropped, at most once a second,
/// and every drop is in exactly one report (a drop at the end of a burst is reported a second later).
struct RateLimit {
    /// Messages a second a page may send on average (twice that in a burst): ten fingers at 120 Hz,
    /// each in its own message, fit with room to spare.
    static let defaultRate = 2_000

    let rate: Double
    let burst: Double
    private var tokens: Double
    private var last: TimeInterval
    /// Messages dropped and not yet reported.
    private(set) var unreported = 0
    private var lastReport: TimeInterval = -.infinity

    init(rate: Double, burst: Double, now: TimeInterval) {
        self.rate = rate
        self.burst = burst
        tokens = burst
        last = now
    }

    /// Whether the message arriving `now` is taken; a message not taken is counted for the next report.
    mutating func admit(now: TimeInterval) -> Bool {
        tokens = min(burst, tokens + max(0, now - last) * rate)
        last = now
        if tokens >= 1 {
            tokens -= 1
            return true
        }
        unreported += 1
        return false
    }

    /// The drops to report now, if there are any and the last report is a second old.
    mutating func report(now: TimeInterval) -> Int? {
        guard unreported > 0, now - lastReport >= 1 else { return nil }
        lastReport = now
        defer { unreported = 0 }
        return unreported
    }

    /// When the next report is due, or nil when no drop waits for one.
    var nextReport: TimeInterval? { unreported > 0 ? lastReport + 1 : nil }
}
