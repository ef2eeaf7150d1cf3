import Foundation

/// Recognizes two fingers turning: continuous (E5).
///
/// ``rotation`` is the angle, in radians, the line between the fingers turned since the second finger
/// came down, so the travel before recognition counts (R21). With the y axis pointing down, clockwise
/// is positive: a quarter turn clockwise ends at π/2. It begins once the fingers turned more than
/// ``Thresholds/rotationHysteresis`` and ends when both have lifted.
@MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    override class var defaultAllowedPressTypes: [UIPress.PressType] { [] }

    /// The rotation in radians. Setting it rebases it and resets ``velocity``.
    open var rotation: CGFloat {
        get { storedRotation }
        set {
            storedRotation = newValue
            velocity = 0
        }
    }

    /// How fast the rotation changes, in radians per second.
    open private(set) var velocity: CGFloat = 0

    private var storedRotation: CGFloat = 0
    private var lastAngle: CGFloat?
    private var turned: CGFloat = 0
    private var rate = RateSampler()

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
            _ = rate.sample(0, at: now)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let angle = currentAngle, let previous = lastAngle else { return }
        var delta = angle - previous
        // Unwrap across ±π so that a full turn keeps counting.
        while delta > .pi { delta -= 2 * .pi }
        while delta < -.pi { delta += 2 * .pi }
        lastAngle = angle
        turned += delta
        storedRotation += delta
        if let rate = rate.sample(storedRotation, at: now) { velocity = rate }
        stepContinuousGesture {
            guard abs(turned) > thresholds.rotationHysteresis else { return nil }
            return .turned(radians: abs(turned), hysteresis: thresholds.rotationHysteresis)
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        endContinuousGesture(failure: lastAngle == nil ? .neverHadTwoFingers : .liftedBeforeTurning)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        cancelContinuousGesture()
    }

    open override func reset() {
        super.reset()
        storedRotation = 0
        velocity = 0
        lastAngle = nil
        turned = 0
        rate.reset()
    }
}
