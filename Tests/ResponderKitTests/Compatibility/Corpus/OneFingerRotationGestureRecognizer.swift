import ResponderKit

/// Recognizes one finger circling the center of its view, as on a jog wheel, and reports the angle it
/// has turned.
///
/// Continuous: it begins once the finger has turned more than `minimumRotation` radians around the
/// view's center, changes with every move after that, and ends when the finger lifts. `rotation` is
/// the angle turned since the finger came down, clockwise positive (y points down). A finger that comes
/// down within `innerRadius` of the center, where the angle jumps about, fails it; a second finger is
/// ignored.
class OneFingerRotationGestureRecognizer: UIGestureRecognizer {
    /// The angle, in radians, the finger has turned around the view's center since it came down.
    private(set) var rotation: CGFloat = 0
    /// How far the finger must turn before the gesture begins, in radians.
    var minimumRotation: CGFloat = 0.05
    /// Touches closer than this to the center fail the gesture.
    var innerRadius: CGFloat = 12

    private var trackedTouch: UITouch?
    private var previousAngle: CGFloat = 0

    override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard trackedTouch == nil, let touch = touches.first else {
            for touch in touches where touch != trackedTouch { ignore(touch, for: event) }
            return
        }
        guard let angle = angle(of: touch) else {
            state = .failed
            return
        }
        trackedTouch = touch
        previousAngle = angle
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard let touch = trackedTouch, touches.contains(touch), let angle = angle(of: touch) else { return }
        var delta = angle - previousAngle
        if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
        previousAngle = angle
        rotation += delta
        if state == .possible {
            if abs(rotation) > minimumRotation { state = .began }
        } else {
            state = .changed
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        state = state == .possible ? .failed : .ended
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        state = state == .possible ? .failed : .cancelled
    }

    override func reset() {
        super.reset()
        rotation = 0
        previousAngle = 0
        trackedTouch = nil
    }

    /// The angle of the touch around the view's center, or nil when it is too close to the center.
    private func angle(of touch: UITouch) -> CGFloat? {
        guard let view = view else { return nil }
        let center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        let point = touch.location(in: view)
        let dx = point.x - center.x, dy = point.y - center.y
        guard hypot(dx, dy) >= innerRadius else { return nil }
        return atan2(dy, dx)
    }
}
