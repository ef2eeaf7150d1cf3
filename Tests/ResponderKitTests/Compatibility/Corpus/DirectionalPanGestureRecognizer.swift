import ResponderKit

/// A pan that drags along one axis only, for a sheet that slides up and down inside something that
/// scrolls sideways, or the reverse.
///
/// It is a `UIPanGestureRecognizer`; but when the pan begins, it looks at where the fingers went: if
/// they went more across its axis than along it, it fails at once, so that the gesture is left to the
/// recognizers around it and its target never hears of it. `translation(in:)` reports the movement
/// along the axis only.
class DirectionalPanGestureRecognizer: UIPanGestureRecognizer {
    enum Axis {
        case horizontal
        case vertical
    }

    /// The axis the pan drags along.
    let axis: Axis

    init(axis: Axis, target: Any?, action: Selector?) {
        self.axis = axis
        super.init(target: target, action: action)
    }

    override init(target: Any?, action: Selector?) {
        axis = .vertical
        super.init(target: target, action: action)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard state == .began else { return }
        let moved = super.translation(in: view)
        let along = axis == .vertical ? abs(moved.y) : abs(moved.x)
        let across = axis == .vertical ? abs(moved.x) : abs(moved.y)
        if across > along {
            state = .failed
        }
    }

    override func translation(in view: UIView?) -> CGPoint {
        let moved = super.translation(in: view)
        switch axis {
        case .horizontal: return CGPoint(x: moved.x, y: 0)
        case .vertical: return CGPoint(x: 0, y: moved.y)
        }
    }
}
