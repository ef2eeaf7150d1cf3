import Foundation

/// A pan that starts at an edge of the window (E7).
///
/// Its first touch must come down within ``Thresholds/screenEdgeMargin`` of one of ``edges``, or it
/// fails at once; every touch after the first is ignored. ``edges`` is empty by default, so it never
/// fires until set.
@MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    override class var kitClass: UIGestureRecognizer.Type { UIScreenEdgePanGestureRecognizer.self }

    /// An edge pan begins with a touch at a screen edge, which a scroll does not have: it takes no
    /// scrolling, whatever its mask (chosen; U3).
    override func admission(of input: PointerInput) -> PointerAdmission { .notForThisKind }

    /// The edges the gesture may start from. Empty by default.
    open var edges: UIRectEdge = []

    private var sawFirstTouch = false

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if sawFirstTouch {
            for touch in touches { ignore(touch, for: event) }
            return
        }
        sawFirstTouch = true
        let first = touches.sorted { $0.finger < $1.finger }
        for touch in first.dropFirst() { ignore(touch, for: event) }
        guard let touch = first.first, let window = touch.window else { return }
        let point = touch.locationInWindow
        let bounds = window.bounds
        let margin = thresholds.screenEdgeMargin
        let near = (edges.contains(.left) && point.x - bounds.minX <= margin)
            || (edges.contains(.right) && bounds.maxX - point.x <= margin)
            || (edges.contains(.top) && point.y - bounds.minY <= margin)
            || (edges.contains(.bottom) && bounds.maxY - point.y <= margin)
        guard near else {
            return setState(.failed, because: edges.isEmpty ? .noEdges : .beganAwayFromEdge(margin: margin))
        }
        super.touchesBegan([touch], with: event)
    }

    open override func reset() {
        super.reset()
        sawFirstTouch = false
    }
}
