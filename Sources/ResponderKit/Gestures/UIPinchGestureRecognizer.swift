import Foundation

/// Recognizes two fingers pinching or spreading: continuous (E4).
///
/// ``scale`` is the distance between the fingers divided by their distance when the second finger
/// came down, so the travel before recognition counts (R21): spreading from 100 pt to 200 pt ends at 2.
/// It begins once that distance changed by more than ``Thresholds/pinchHysteresis``, and ends when both
/// fingers have lifted. Fingers beyond two are ignored.
@MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    override class var defaultAllowedPressTypes: [UIPress.PressType] { [] }

    /// The scale factor relative to the fingers' starting distance. Setting it (to 1, say, for
    /// incremental scaling) rebases it and resets ``velocity``.
    open var scale: CGFloat {
        get { storedScale }
        set {
            storedScale = newValue
            if let span = currentSpan, newValue != 0 { referenceSpan = span / newValue }
            velocity = 0
        }
    }

    /// How fast the scale changes, in scale factor per second.
    open private(set) var velocity: CGFloat = 0

    private var storedScale: CGFloat = 1
    private var referenceSpan: CGFloat?
    private var startSpan: CGFloat?
    private var rate = RateSampler()

    private var currentSpan: CGFloat? {
        let live = liveTouches
        guard live.count >= 2 else { return nil }
        return distance(live[0].locationInWindow, live[1].locationInWindow)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        keepAtMost(2, of: touches, event: event)
        if startSpan == nil, let span = currentSpan, span > 0 {
            startSpan = span
            referenceSpan = span
            _ = rate.sample(1, at: now)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let span = currentSpan, let reference = referenceSpan, let start = startSpan else { return }
        storedScale = span / reference
        if let rate = rate.sample(storedScale, at: now) { velocity = rate }
        stepContinuousGesture {
            let change = abs(span - start)
            guard change > thresholds.pinchHysteresis else { return nil }
            return .spanChanged(distance: change, hysteresis: thresholds.pinchHysteresis)
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        endContinuousGesture(failure: startSpan == nil ? .neverHadTwoFingers : .liftedBeforePinching)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        cancelContinuousGesture()
    }

    open override func reset() {
        super.reset()
        storedScale = 1
        velocity = 0
        referenceSpan = nil
        startSpan = nil
        rate.reset()
    }
}
