import Foundation

/// Recognizes two fingers pinching or spreading: continuous (E4).
///
/// It begins once the distance between the fingers has changed by more than
/// ``Thresholds/pinchHysteresis`` since the second finger came down, and ends when both fingers have
/// lifted. ``scale`` is the distance between the fingers divided by their distance when the pinch
/// began, so it is 1 at `.began` and the travel before recognition does not count (R21, observed on
/// UIKit): fingers spreading from 20 pt to 200 pt apart end near 7, not 10. Fingers beyond two are
/// ignored.
@MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    override class var kitClass: UIGestureRecognizer.Type { UIPinchGestureRecognizer.self }
    override class var defaultAllowedPressTypes: [UIPress.PressType] { [] }

    /// The scale factor relative to the fingers' distance when the pinch began. Setting it (to 1, say,
    /// for incremental scaling) rebases it and resets ``velocity``.
    open var scale: CGFloat {
        get { measured.value }
        set {
            measured.set(newValue)
            if let span = currentSpan, newValue != 0 { referenceSpan = span / newValue }
        }
    }

    /// How fast the scale changes, in scale factor per second.
    open var velocity: CGFloat { measured.velocity }

    private var measured = MeasuredValue(rest: 1)
    /// The span ``scale`` is measured from: the span when the pinch began (or as ``scale`` was set).
    private var referenceSpan: CGFloat?
    /// The span when the second finger came down: the hysteresis is measured from it.
    private var startSpan: CGFloat?

    private var currentSpan: CGFloat? {
        let live = liveTouches
        guard live.count >= 2 else { return nil }
        return distance(live[0].locationInWindow, live[1].locationInWindow)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        keepAtMost(2, of: touches, event: event)
        if startSpan == nil, let span = currentSpan, span > 0 {
            startSpan = span
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let span = currentSpan, let start = startSpan else { return }
        stepContinuousGesture({
            let change = abs(span - start)
            guard change > thresholds.pinchHysteresis else { return nil }
            // R21: the scale is measured from the span now, as the pinch begins (observed on UIKit: a
            // pinch from 20 to 200 pt over a scroll view with a maximum zoom of 10 ended near 7).
            referenceSpan = span
            measured.begin(at: now)
            return .spanChanged(distance: change, hysteresis: thresholds.pinchHysteresis)
        }, changing: {
            guard let reference = referenceSpan else { return false }
            measured.move(to: span / reference, at: now)
            return true
        })
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        endContinuousGesture(failure: startSpan == nil ? .neverHadTwoFingers : .liftedBeforePinching)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        cancelContinuousGesture()
    }

    open override func reset() {
        super.reset()
        measured.reset()
        referenceSpan = nil
        startSpan = nil
    }
}
