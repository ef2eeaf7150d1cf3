import Foundation

/// The touch a table or collection view follows on one of its rows or items, from the moment the touch
/// reaches it (after the content-touch delay) to its end: which row, and what it may still do.
@MainActor
struct ItemTouch {
    /// The touch, by identity: it is compared, never read through (a link would be made, and allocated,
    /// for every new touch). The container forgets it when the touch's end comes up the responder chain,
    /// or else when the touch leaves the application's event (see ``UITouch/itemFollower``): before the
    /// touch can be freed, so the identity cannot be taken by a later touch meanwhile.
    let touch: ObjectIdentifier
    /// The row or item under the touch when it reached the container.
    let indexPath: IndexPath
    /// Whether the row or item is highlighted for this touch.
    var isHighlighted = false
    /// Why lifting the finger will select nothing, once highlighting was refused or the touch left the
    /// row or item; nil while it may still select.
    var selectionRefusal: TraceRecord.SelectionDecision.SelectionRefusal?

    init(_ touch: UITouch, on indexPath: IndexPath) {
        self.touch = ObjectIdentifier(touch)
        self.indexPath = indexPath
    }

    /// This touch, if `touches` include it.
    func find(in touches: Set<UITouch>) -> UITouch? {
        for candidate in touches where ObjectIdentifier(candidate) == touch { return candidate }
        return nil
    }

    /// The touch among `touches` a container follows: the one of the lowest finger (the same one each
    /// time, whatever the set's order).
    static func first(of touches: Set<UITouch>) -> UITouch? {
        var first: UITouch?
        for touch in touches where first == nil || touch.finger < first!.finger { first = touch }
        return first
    }
}
