import Foundation

/// A container that follows one touch on its rows or items (a table, a collection view): what the touch
/// does once it has highlighted, or been refused, is the same for both (T2, T3); what differs is how a
/// row or item is found, unhighlighted and selected, which each container gives.
@MainActor
protocol ItemTouchFollowing: UIScrollView {
    /// The touch followed, from the moment it reached the container to its end.
    var followedTouch: ItemTouch? { get set }
    /// Where the row or item at `indexPath` is, in the container's coordinates (nil: not laid out).
    func frameOfFollowedItem(at indexPath: IndexPath) -> CGRect?
    /// The highlight goes: the cell's, then the trace, then the delegate's `didUnhighlight`.
    func unhighlightFollowedItem(at indexPath: IndexPath, because reason: TraceRecord.SelectionDecision.UnhighlightReason)
    /// The finger lifted on the row or item: the delegate's questions and the selection (T2, T3).
    func selectFollowedItemByUser(at indexPath: IndexPath)
    /// Reports a highlight or selection decision.
    func traceSelection(_ indexPath: IndexPath, _ decision: TraceRecord.SelectionDecision)
}

extension ItemTouchFollowing {
    /// Starts following `touch` on the row or item of `tracked`. The touch keeps a link back, so that the
    /// container hears of its end even when the end does not come up the responder chain to it; an end
    /// that does come up takes the link away, so that the application has nothing to do for that touch.
    func follow(_ tracked: ItemTouch, of touch: UITouch) {
        followedTouch = tracked
        touch.itemFollower = self
    }

    /// The data was reloaded, or the touch's row or item went away: the touch is forgotten, and the end
    /// of a highlight it made is traced (its cell is taken back; the delegate is not told, as of the
    /// selection a reload clears).
    func forgetFollowedTouch() {
        guard let tracked = followedTouch else { return }
        followedTouch = nil
        if tracked.isHighlighted { traceSelection(tracked.indexPath, .unhighlighted(reason: .reloaded)) }
    }

    /// The touch moved off its row or item: the highlight goes, and lifting will select nothing (chosen:
    /// UIKit's scroll usually takes such a touch first; a container that cannot scroll keeps it).
    func followedTouchMoved(_ touches: Set<UITouch>) {
        guard var tracked = followedTouch, tracked.selectionRefusal == nil,
              let touch = tracked.find(in: touches), let frame = frameOfFollowedItem(at: tracked.indexPath),
              !frame.contains(touch.location(in: self)) else { return }
        tracked.selectionRefusal = .movedOff
        let wasHighlighted = tracked.isHighlighted
        tracked.isHighlighted = false
        followedTouch = tracked
        if wasHighlighted { unhighlightFollowedItem(at: tracked.indexPath, because: .movedOff) }
    }

    /// The finger lifted: the highlight goes, then the row or item is selected (T2).
    func followedTouchEnded(_ touches: Set<UITouch>) {
        guard let tracked = followedTouch, let touch = tracked.find(in: touches) else { return }
        followedTouch = nil
        touch.itemFollower = nil
        if tracked.isHighlighted { unhighlightFollowedItem(at: tracked.indexPath, because: .lifted) }
        if let refusal = tracked.selectionRefusal {
            traceSelection(tracked.indexPath, .notSelected(reason: refusal))
            return
        }
        selectFollowedItemByUser(at: tracked.indexPath)
    }

    /// The touch ended or was cancelled and its end never came up the responder chain to the container:
    /// its view left the row or item for another superview, or a responder on the way did not pass the
    /// end on. The application tells the container as the touch leaves the event. UIKit does not say what
    /// its containers do then; chosen: as for a cancelled touch, the highlight goes and nothing is
    /// selected, so that a row is never left highlighted and the next touch is followed.
    func followedTouchLeftUnheard(_ touch: UITouch) {
        guard let tracked = followedTouch, tracked.touch == ObjectIdentifier(touch) else { return }
        followedTouch = nil
        if tracked.isHighlighted { unhighlightFollowedItem(at: tracked.indexPath, because: .endNotHeard) }
        if tracked.selectionRefusal == nil { traceSelection(tracked.indexPath, .notSelected(reason: .endNotHeard)) }
    }

    /// The touch was cancelled (a scroll, a recognizer): the highlight goes, nothing is selected (T3).
    func followedTouchCancelled(_ touches: Set<UITouch>) {
        guard let tracked = followedTouch, let touch = tracked.find(in: touches) else { return }
        followedTouch = nil
        touch.itemFollower = nil
        if tracked.isHighlighted { unhighlightFollowedItem(at: tracked.indexPath, because: .touchCancelled) }
        if tracked.selectionRefusal == nil { traceSelection(tracked.indexPath, .notSelected(reason: .touchCancelled)) }
    }
}
