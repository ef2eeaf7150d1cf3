import ResponderKit

/// A view that the finger drags around its superview: each move of the touch moves the view's center
/// by as much, kept within the superview's bounds. While dragged, `isBeingDragged` is true.
class DraggableView: UIView {
    private(set) var isBeingDragged = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        isMultipleTouchEnabled = false
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        isBeingDragged = true
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, let superview = superview else { return }
        let location = touch.location(in: superview)
        let previous = touch.previousLocation(in: superview)
        var newCenter = CGPoint(x: center.x + location.x - previous.x, y: center.y + location.y - previous.y)
        let limits = superview.bounds.insetBy(dx: bounds.width / 2, dy: bounds.height / 2)
        newCenter.x = min(max(newCenter.x, limits.minX), limits.maxX)
        newCenter.y = min(max(newCenter.y, limits.minY), limits.maxY)
        center = newCenter
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        isBeingDragged = false
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        isBeingDragged = false
    }
}
