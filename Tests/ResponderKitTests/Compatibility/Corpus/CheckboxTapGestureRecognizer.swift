import ResponderKit

/// A checkbox's press: it begins as soon as a finger comes down, so that the box can show it is being
/// pressed, changes as the finger moves, and ends when the finger lifts inside the view, which toggles
/// the box.
///
/// Continuous. A finger that lifts outside the view fails it: the box stays as it was, and the target,
/// which heard `.began`, is not called again. `isInside` tells whether the finger is over the view.
class CheckboxTapGestureRecognizer: UIGestureRecognizer {
    /// Whether the finger is over the view.
    private(set) var isInside = false

    private var trackedTouch: UITouch?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard trackedTouch == nil, let touch = touches.first else {
            for touch in touches where touch != trackedTouch { ignore(touch, for: event) }
            return
        }
        trackedTouch = touch
        isInside = true
        state = .began
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard let touch = trackedTouch, touches.contains(touch), let view = view else { return }
        isInside = view.bounds.contains(touch.location(in: view))
        state = .changed
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        guard let touch = trackedTouch, touches.contains(touch), let view = view else { return }
        isInside = view.bounds.contains(touch.location(in: view))
        state = isInside ? .ended : .failed
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        state = .cancelled
    }

    override func reset() {
        super.reset()
        trackedTouch = nil
        isInside = false
    }
}
