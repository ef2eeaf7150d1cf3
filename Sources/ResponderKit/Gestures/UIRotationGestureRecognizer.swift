import Foundation

/// Recognizes two fingers turning: continuous (E5).
///
/// It begins once the line between the fingers has turned more than ``Thresholds/rotationHysteresis``
/// since the second finger came down, and ends when both have lifted. ``rotation`` is the angle, in
/// radians, the line has turned since the rotation began, so it is 0 at `.began` and the turn before
/// recognition does not count, as a pinch's scale is measured from the span when it began (R21). With
/// the y axis pointing down, clockwise is positive.
///
/// A rotation on a trackpad drives it too (U2), as a `.transform` event when the application supports
/// indirect input events: it begins with the first change of angle, and ``rotation`` is the trackpad's
/// rotation since its fingers began.
@MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    override class var kitClass: UIGestureRecognizer.Type { UIRotationGestureRecognizer.self }
    override class var defaultAllowedPressTypes: [UIPress.PressType] { [] }

    /// The rotation in radians since the rotation began. Setting it rebases it and resets ``velocity``.
    open var rotation: CGFloat {
        get { measured.value }
        set {
            measured.set(newValue)
            if let input = arbitration.trackedPointer { referenceRotation = input.rotation - newValue }
        }
    }

    /// How fast the rotation changes, in radians per second.
    open var velocity: CGFloat { measured.velocity }

    private var measured = MeasuredValue(rest: 0)
    private var lastAngle: CGFloat?
    /// How far the fingers turned before the rotation began: the hysteresis is measured on it.
    private var turned: CGFloat = 0
    /// The trackpad's rotation ``rotation`` is measured from: 0, or as ``rotation`` was set (U2).
    private var referenceRotation: CGFloat = 0

    private var currentAngle: CGFloat? {
        let live = liveTouches
        guard live.count >= 2 else { return nil }
        let a = live[0].locationInWindow, b = live[1].locationInWindow
        return atan2(b.y - a.y, b.x - a.x)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        keepAtMost(2, of: touches, event: event)
        if lastAngle == nil, let angle = currentAngle {
            lastAngle = angle
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let angle = currentAngle, let previous = lastAngle else { return }
        var delta = angle - previous
        // Unwrap across ±π so that a full turn keeps counting.
        while delta > .pi { delta -= 2 * .pi }
        while delta < -.pi { delta += 2 * .pi }
        lastAngle = angle
        stepContinuousGesture({
            turned += delta
            guard abs(turned) > thresholds.rotationHysteresis else { return nil }
            // R21 (chosen, as for the pinch, whose scale UIKit was observed to measure from when it
            // began; Apple's documentation of both values says to apply them to the view's state "when
            // the gesture is first recognized"): the rotation is measured from the angle now.
            measured.begin(at: now)
            return .turned(radians: abs(turned), hysteresis: thresholds.rotationHysteresis)
        }, changing: {
            measured.move(to: measured.value + delta, at: now)
            return true
        })
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        endContinuousGesture(failure: lastAngle == nil ? .neverHadTwoFingers : .liftedBeforeTurning)
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
            guard input.rotation != 0 else { return nil }
            measured.begin(at: input.beganAt)
            measured.move(to: input.rotation - referenceRotation, at: input.timestamp)
            return .rotatedOnTrackpad(radians: input.rotation)
        }, changing: {
            measured.move(to: input.rotation - referenceRotation, at: input.timestamp)
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
        lastAngle = nil
        turned = 0
        referenceRotation = 0
    }
}
