import Foundation

/// Highlight and selection (T1–T4), in the order Apple's collection view guide gives, and selection by
/// code.
extension UICollectionView: ItemTouchFollowing {

    // MARK: Selection by code (T4: the delegate is not told)

    /// The selected items, in order (empty when none is).
    public var indexPathsForSelectedItems: [IndexPath]? {
        selectedItems.sorted()
    }

    /// Selects the item at `indexPath` (nil clears the selection), deselecting the others unless several
    /// may be selected, and scrolls it to `scrollPosition` (empty: no scrolling). The delegate hears
    /// nothing of it (T4).
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for item in selectedItems.sorted() { deselectSilently(item) }
            return
        }
        guard contains(indexPath) else { return }
        if !allowsMultipleSelection {
            for item in selectedItems.sorted() where item != indexPath { deselectSilently(item) }
        }
        selectedItems.insert(indexPath)
        cellForItem(at: indexPath)?.isSelected = true
        traceSelection(indexPath, .selected(byCode: true))
        scrollToItem(at: indexPath, at: scrollPosition, animated: animated)
    }

    /// Deselects the item at `indexPath`. The delegate hears nothing of it (T4).
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        deselectSilently(indexPath)
    }

    private func deselectSilently(_ indexPath: IndexPath) {
        guard selectedItems.remove(indexPath) != nil else { return }
        cellForItem(at: indexPath)?.isSelected = false
        traceSelection(indexPath, .deselected(cause: .code))
    }

    // MARK: Touches on items

    /// A touch reached the collection view (after the content-touch delay, T1): `shouldHighlightItemAt`,
    /// then the cell's `isHighlighted` and `didHighlightItemAt`. False bypasses the selection (T2).
    func itemTouchBegan(_ touches: Set<UITouch>) {
        guard followedTouch == nil, let touch = ItemTouch.first(of: touches),
              let indexPath = indexPathForItem(at: touch.location(in: self)) else { return }
        guard allowsSelection else {
            traceSelection(indexPath, .notHighlighted(finger: touch.finger, reason: .selectionDisabled))
            return
        }
        var tracked = ItemTouch(touch, on: indexPath)
        let delegate = collectionDelegate
        guard delegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true else {
            tracked.selectionRefusal = .notHighlighted
            follow(tracked, of: touch)
            traceSelection(indexPath, .notHighlighted(finger: touch.finger, reason: .delegateDeclined))
            return
        }
        tracked.isHighlighted = true
        follow(tracked, of: touch)
        cellForItem(at: indexPath)?.isHighlighted = true
        traceSelection(indexPath, .highlighted(finger: touch.finger, heldFor: timeSinceContentTouchDown, onLift: touch.phase == .ended))
        delegate?.collectionView(self, didHighlightItemAt: indexPath)
    }

    func frameOfFollowedItem(at indexPath: IndexPath) -> CGRect? { layoutAttributesForItem(at: indexPath)?.frame }

    func unhighlightFollowedItem(at indexPath: IndexPath, because reason: TraceRecord.SelectionDecision.UnhighlightReason) {
        cellForItem(at: indexPath)?.isHighlighted = false
        traceSelection(indexPath, .unhighlighted(reason: reason))
        collectionDelegate?.collectionView(self, didUnhighlightItemAt: indexPath)
    }

    /// With multiple selection, a tap on a selected item asks `shouldDeselectItemAt` and deselects it.
    /// Otherwise `shouldSelectItemAt`; the item selected before is deselected (`didDeselectItemAt`,
    /// chosen: not asked `shouldDeselectItemAt`, which is for the user's own deselection), then the cell's
    /// `isSelected` and `didSelectItemAt`. A tap on the selected item of a single selection selects it
    /// again.
    func selectFollowedItemByUser(at indexPath: IndexPath) {
        let delegate = collectionDelegate
        if allowsMultipleSelection, selectedItems.contains(indexPath) {
            guard delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else {
                traceSelection(indexPath, .deselectionRefused(reason: .shouldDeselectDeclined))
                return
            }
            deselectItemByUser(indexPath, because: .tappedAgain)
            return
        }
        guard delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else {
            traceSelection(indexPath, .notSelected(reason: .shouldSelectDeclined))
            return
        }
        if !allowsMultipleSelection {
            if selectedItems.count == 1, let only = selectedItems.first {
                // The usual case, without sorting (which allocates).
                if only != indexPath { deselectItemByUser(only, because: .anotherSelected) }
            } else {
                for other in selectedItems.sorted() where other != indexPath { deselectItemByUser(other, because: .anotherSelected) }
            }
        }
        selectedItems.insert(indexPath)
        cellForItem(at: indexPath)?.isSelected = true
        traceSelection(indexPath, .selected(byCode: false))
        delegate?.collectionView(self, didSelectItemAt: indexPath)
    }

    private func deselectItemByUser(_ indexPath: IndexPath, because cause: TraceRecord.SelectionDecision.DeselectionCause) {
        guard selectedItems.remove(indexPath) != nil else { return }
        cellForItem(at: indexPath)?.isSelected = false
        traceSelection(indexPath, .deselected(cause: cause))
        collectionDelegate?.collectionView(self, didDeselectItemAt: indexPath)
    }

    func traceSelection(_ indexPath: IndexPath, _ decision: TraceRecord.SelectionDecision) {
        guard let application = window?.application ?? lastApplication, application.tracer != nil else { return }
        application.report(.selection(container: traceSubject, item: indexPath, decision: decision))
    }
}
