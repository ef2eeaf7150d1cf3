import Foundation

/// Recognizes two fingers pinching or spreading: continuous (E4).
///
/// It begins once the distance between the fingers has changed by more than
/// ``Thresholds/pinchHysteresis`` since the second finger came down, and ends when both fingers have
/// lifted. ``scale`` is the distance between the fingers divided by their distance when the pinch
/// began, so it is 1 at `.began` and the travel before recognition does not count (R21, observed on
/// UIKit): fingers spreading from 20 pt to 200 pt apart end near 7, not 10. Fingers beyond two are
/// ignored.
///
/// A pinch on a trackpad drives it too (U2), as a `.transform` event when the application supports
/// indirect input events: it begins with the first change of scale, and ``scale`` is the trackpad's scale
/// since its fingers began (its touch properties then read no touch).
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
            if let input = arbitration.trackedPointer, newValue != 0 { referenceScale = input.scale / newValue }
        }
    }

    /// How fast the scale changes, in scale factor per second.
    open var velocity: CGFloat { measured.velocity }

    private var measured = MeasuredValue(rest: 1)
    /// The span ``scale`` is measured from: the span when the pinch began (or as ``scale`` was set).
    private var referenceSpan: CGFloat?
    /// The span when the second finger came down: the hysteresis is measured from it.
    private var startSpan: CGFloat?
    /// The trackpad's scale ``scale`` is measured from: 1, or as ``scale`` was set (U2).
    private var referenceScale: CGFloat = 1

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

    // MARK: Trackpad (U2)

    override func admission(of input: PointerInput) -> PointerAdmission {
        guard input.kind == .transform else { return .notForThisKind }
        guard allowedTouchTypes.contains(.indirectPointer) else { return .refused(.touchTypeNotAllowed(.indirectPointer)) }
        return .accepted
    }

    override func pointerChanged(_ input: PointerInput, with event: UIEvent) {
        stepContinuousGesture({
            guard input.scale != 1 else { return nil }
            measured.begin(at: input.beganAt)
            measured.move(to: input.scale / referenceScale, at: input.timestamp)
            return .pinchedOnTrackpad(scale: input.scale)
        }, changing: {
            measured.move(to: input.scale / referenceScale, at: input.timestamp)
            return true
        })
    }

    override func pointerEnded(_ input: PointerInput, with event: UIEvent) {
        switch state {
        case .began, .changed: state = .ended
        case .possible: setState(.failed, because: .transformEndedWithoutChange)
        default: break
        }
    }

    override func pointerCancelled(_ input: PointerInput, with event: UIEvent) {
        cancelContinuousGesture()
    }

    open override func reset() {
        super.reset()
        measured.reset()
        referenceSpan = nil
        startSpan = nil
        referenceScale = 1
    }
}
