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

/// The value a two-finger gesture reports, a pinch's scale or a rotation's angle: measured from when
/// the gesture began, where it is at rest (R21), with how fast it changes. What the two recognizers
/// share, besides ``UIGestureRecognizer/stepContinuousGesture(_:changing:)`` and how they end.
struct MeasuredValue {
    /// The value, from when the gesture began.
    private(set) var value: CGFloat
    /// How fast the value changes, per second.
    private(set) var velocity: CGFloat = 0
    /// The value when the gesture begins: 1 for a scale, 0 for an angle.
    private let rest: CGFloat
    private var rate = RateSampler()

    init(rest: CGFloat) {
        self.rest = rest
        value = rest
    }

    /// The gesture begins: the value is at rest, and its rate is measured from now.
    mutating func begin(at time: TimeInterval) {
        value = rest
        rate.reset()
        _ = rate.sample(value, at: time)
    }

    /// The fingers moved the value to `newValue` at `time`.
    mutating func move(to newValue: CGFloat, at time: TimeInterval) {
        value = newValue
        if let rate = rate.sample(value, at: time) { velocity = rate }
    }

    /// The app set the value (to rebase it): the velocity starts again from 0.
    mutating func set(_ newValue: CGFloat) {
        value = newValue
        velocity = 0
    }

    /// Back to rest, at the gesture's reset.
    mutating func reset() {
        value = rest
        velocity = 0
        rate.reset()
    }
}
