import Foundation

/// The touch a table or collection view follows on one of its rows or items, from the moment the touch
/// reaches it (after the content-touch delay) to its end: which row, and what it may still do.
@MainActor
struct ItemTouch {
    /// The touch, held through its link (see ``WeakLink``).
    let touch: WeakLink<UITouch>
    /// The row or item under the touch when it reached the container.
    let indexPath: IndexPath
    /// Whether the row or item is highlighted for this touch.
    var isHighlighted = false
    /// Why lifting the finger will select nothing, once highlighting was refused or the touch left the
    /// row or item; nil while it may still select.
    var selectionRefusal: TraceRecord.SelectionDecision.SelectionRefusal?

    init(_ touch: UITouch, on indexPath: IndexPath) {
        self.touch = touch.link
        self.indexPath = indexPath
    }

    /// Whether `touches` include this touch.
    func isAmong(_ touches: Set<UITouch>) -> Bool {
        guard let touch = touch.object else { return false }
        return touches.contains(touch)
    }

    /// The touch among `touches` a container follows: the one of the lowest finger (the same one each
    /// time, whatever the set's order).
    static func first(of touches: Set<UITouch>) -> UITouch? {
        var first: UITouch?
        for touch in touches where first == nil || touch.finger < first!.finger { first = touch }
        return first
    }
}
