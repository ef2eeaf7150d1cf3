import Foundation

extension UIView {
    /// The recognizers attached to the view, in the order they were added; nil when there are none.
    /// Setting it replaces them.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedRecognizers.isEmpty ? nil : attachedRecognizers }
        set {
            for recognizer in attachedRecognizers { removeGestureRecognizer(recognizer) }
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches a recognizer, taking it from the view it was attached to, if any. It sees the touches
    /// that begin from now on in this view or its subviews.
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if gestureRecognizer.view === self { return }
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        attachedRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// Detaches a recognizer. A gesture it was in the middle of is abandoned: it is reset without
    /// sending actions, and the touches it held back from views are released.
    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard gestureRecognizer.view === self else { return }
        attachedRecognizers.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.arbiter?.forget(gestureRecognizer)
        gestureRecognizer.view = nil
    }
}
