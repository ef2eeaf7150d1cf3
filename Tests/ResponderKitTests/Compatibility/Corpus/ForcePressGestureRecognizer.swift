import ResponderKit

/// Recognizes a deep press: one finger pressing harder than `threshold`, a fraction of the greatest
/// force the screen reports, without moving.
///
/// Discrete: it is recognized the moment the force passes the threshold. It fails if the finger lifts
/// first, moves more than `allowableMovement`, if a second finger comes down, or on a screen that does
/// not report force. `peakForce` is the strongest force seen, as a fraction of the maximum.
class ForcePressGestureRecognizer: UIGestureRecognizer {
    /// The fraction of the maximum force that recognizes the press.
    var threshold: CGFloat = 0.75
    /// How far the finger may move, in points.
    var allowableMovement: CGFloat = 10
    /// The strongest force seen in this press, as a fraction of the maximum.
    private(set) var peakForce: CGFloat = 0

    private var startLocation = CGPoint.zero

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard touches.count == 1, numberOfTouches == 1, let touch = touches.first,
              touch.maximumPossibleForce > 0 else {
            state = .failed
            return
        }
        startLocation = touch.location(in: view)
        examine(touch)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard let touch = touches.first else { return }
        let location = touch.location(in: view)
        if hypot(location.x - startLocation.x, location.y - startLocation.y) > allowableMovement {
            state = .failed
            return
        }
        examine(touch)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        if state == .possible { state = .failed }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        state = .failed
    }

    override func reset() {
        super.reset()
        peakForce = 0
    }

    private func examine(_ touch: UITouch) {
        let fraction = touch.force / touch.maximumPossibleForce
        peakForce = max(peakForce, fraction)
        if state == .possible, fraction >= threshold {
            state = .recognized
        }
    }
}
