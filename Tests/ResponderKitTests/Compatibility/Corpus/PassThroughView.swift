import ResponderKit

/// A transparent overlay that lets touches through to the views behind it, while its own subviews
/// (a floating button, a badge) still take the touches that land on them.
///
/// It hit-tests as usual, and answers nil where the answer would be itself.
class PassThroughView: UIView {
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let view = super.hitTest(point, with: event)
        return view == self ? nil : view
    }
}
