import Foundation

/// A token bucket: `rate` messages a second on average, up to `burst` at once. A message over the
/// limit is dropped and answered with one error a second at most, so a flooding page cannot make the
/// server flood it back.
struct RateLimit {
    let rate: Double
    let burst: Double
    private var tokens: Double
    private var last: TimeInterval
    /// Messages dropped since the last error reply.
    private(set) var dropped = 0
    private var lastComplaint: TimeInterval = -.infinity

    init(rate: Double, burst: Double, now: TimeInterval) {
        self.rate = rate
        self.burst = burst
        tokens = burst
        last = now
    }

    enum Verdict: Equatable {
        case take
        /// Drop it, and tell the page how many were dropped so far.
        case dropAndComplain(Int)
        /// Drop it silently: the page was told less than a second ago.
        case drop
    }

    mutating func admit(now: TimeInterval) -> Verdict {
        tokens = min(burst, tokens + max(0, now - last) * rate)
        last = now
        if tokens >= 1 {
            tokens -= 1
            return .take
        }
        dropped += 1
        guard now - lastComplaint >= 1 else { return .drop }
        lastComplaint = now
        defer { dropped = 0 }
        return .dropAndComplain(dropped)
    }
}
