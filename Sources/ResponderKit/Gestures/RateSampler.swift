import Foundation

/// The rate of change of a value sampled on each move: a pinch's scale, a rotation's angle. (A pan
/// samples a point, not a value, so it keeps its own.)
struct RateSampler {
    private var last: (value: CGFloat, time: TimeInterval)?

    /// Takes `value` at `time`; returns its rate of change since the previous sample, or nil when there
    /// is none or no time has passed.
    mutating func sample(_ value: CGFloat, at time: TimeInterval) -> CGFloat? {
        defer { last = (value, time) }
        guard let last, time > last.time else { return nil }
        return (value - last.value) / CGFloat(time - last.time)
    }

    /// Forgets the previous sample.
    mutating func reset() { last = nil }
}
