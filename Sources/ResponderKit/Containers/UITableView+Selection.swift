import Foundation

/// Highlight and selection (T1–T4): what a touch on a row does, in UIKit's order, and selection by code.
extension UITableView: ItemTouchFollowing {

    // MARK: Selection by code (T4: the delegate is not told)

    /// The selected row (the first, when several are), or nil.
    public var indexPathForSelectedRow: IndexPath? {
        selectedRows.min()
    }

    /// The selected rows in order, or nil when none is selected.
    public var indexPathsForSelectedRows: [IndexPath]? {
        selectedRows.isEmpty ? nil : selectedRows.sorted()
    }

    /// Selects the row at `indexPath` (nil clears the selection), deselecting the others unless several
    /// may be selected, and scrolls it to `scrollPosition` (`.none`: no scrolling, as documented). The
    /// delegate hears nothing of it (T4).
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for row in selectedRows.sorted() { deselectSilently(row, animated: animated) }
            return
        }
        loadRowsIfNeeded()
        guard geometry.contains(indexPath) else { return }
        if !multipleSelectionApplies {
            for row in selectedRows.sorted() where row != indexPath { deselectSilently(row, animated: animated) }
        }
        selectedRows.insert(indexPath)
        cellForRow(at: indexPath)?.setSelected(true, animated: animated)
        traceSelection(indexPath, .selected(byCode: true))
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the row at `indexPath`. The delegate hears nothing of it (T4).
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        deselectSilently(indexPath, animated: animated)
    }

    private func deselectSilently(_ indexPath: IndexPath, animated: Bool) {
        guard selectedRows.remove(indexPath) != nil else { return }
        cellForRow(at: indexPath)?.setSelected(false, animated: animated)
        traceSelection(indexPath, .deselected(cause: .code))
    }

    /// The data is reloaded: nothing stays selected, and a touch on a row is forgotten.
    func clearSelectionForReload() {
        selectedRows.removeAll()
        forgetFollowedTouch()
    }

    /// Whether several rows may be selected now (editing has its own setting).
    private var multipleSelectionApplies: Bool {
        storedIsEditing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection
    }

    // MARK: Touches on rows

    /// A touch reached the table (after the content-touch delay, T1): the row under it highlights,
    /// unless selection is off or the delegate declines.
    func rowTouchBegan(_ touches: Set<UITouch>) {
        guard followedTouch == nil, let touch = ItemTouch.first(of: touches),
              let indexPath = indexPathForRow(at: touch.location(in: self)) else { return }
        if !allowsSelection || (storedIsEditing && !allowsSelectionDuringEditing) {
            traceSelection(indexPath, .notHighlighted(finger: touch.finger, reason: allowsSelection ? .editing : .selectionDisabled))
            return
        }
        var tracked = ItemTouch(touch, on: indexPath)
        let delegate = tableDelegate
        guard delegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true else {
            tracked.selectionRefusal = .notHighlighted
            follow(tracked, of: touch)
            traceSelection(indexPath, .notHighlighted(finger: touch.finger, reason: .delegateDeclined))
            return
        }
        tracked.isHighlighted = true
        follow(tracked, of: touch)
        cellForRow(at: indexPath)?.setHighlighted(true, animated: false)
        traceSelection(indexPath, .highlighted(finger: touch.finger, heldFor: timeSinceContentTouchDown, onLift: touch.phase == .ended))
        delegate?.tableView(self, didHighlightRowAt: indexPath)
    }

    func frameOfFollowedItem(at indexPath: IndexPath) -> CGRect? { rectForRow(at: indexPath) }

    func unhighlightFollowedItem(at indexPath: IndexPath, because reason: TraceRecord.SelectionDecision.UnhighlightReason) {
        cellForRow(at: indexPath)?.setHighlighted(false, animated: false)
        traceSelection(indexPath, .unhighlighted(reason: reason))
        tableDelegate?.tableView(self, didUnhighlightRowAt: indexPath)
    }

    /// T2: `willSelectRowAt` (which may choose another row or none), then the deselection of the row
    /// selected before (unless several may be), then `didSelectRowAt`. With multiple selection, a tap on
    /// a selected row deselects it instead (T3); otherwise it stays selected and is selected again.
    func selectFollowedItemByUser(at indexPath: IndexPath) {
        let delegate = tableDelegate
        var target = indexPath
        if let delegate {
            guard let chosen = delegate.tableView(self, willSelectRowAt: indexPath) else {
                traceSelection(indexPath, .notSelected(reason: .willSelectReturnedNil))
                return
            }
            if chosen != indexPath {
                traceSelection(indexPath, .redirected(to: chosen))
                guard geometry.contains(chosen) else { return }
                target = chosen
            }
        }
        let multiple = multipleSelectionApplies
        if multiple, selectedRows.contains(target) {
            deselectRowByUser(target, because: .tappedAgain)
            return
        }
        if !multiple { deselectOthers(than: target) }
        selectedRows.insert(target)
        cellForRow(at: target)?.setSelected(true, animated: false)
        traceSelection(target, .selected(byCode: false))
        delegate?.tableView(self, didSelectRowAt: target)
    }

    /// Deselects every selected row but `target`, in row order (the user selected `target` and several
    /// may not be selected). One row is the usual case, found without sorting (sorting allocates).
    private func deselectOthers(than target: IndexPath) {
        if selectedRows.count == 1, let only = selectedRows.first {
            if only != target { deselectRowByUser(only, because: .anotherSelected) }
            return
        }
        guard selectedRows.count > 1 else { return }
        for other in selectedRows.sorted() where other != target { deselectRowByUser(other, because: .anotherSelected) }
    }

    /// `willDeselectRowAt` (which may choose another row, or nil to keep it), then `didDeselectRowAt`.
    private func deselectRowByUser(_ indexPath: IndexPath, because cause: TraceRecord.SelectionDecision.DeselectionCause) {
        var target = indexPath
        if let delegate = tableDelegate {
            guard let chosen = delegate.tableView(self, willDeselectRowAt: indexPath) else {
                traceSelection(indexPath, .deselectionRefused(reason: .willDeselectReturnedNil))
                return
            }
            target = chosen
        }
        guard selectedRows.remove(target) != nil else { return }
        cellForRow(at: target)?.setSelected(false, animated: false)
        traceSelection(target, .deselected(cause: cause))
        tableDelegate?.tableView(self, didDeselectRowAt: target)
    }

    // MARK: Tracing

    func traceSelection(_ indexPath: IndexPath, _ decision: TraceRecord.SelectionDecision) {
        guard let application = window?.application ?? lastApplication, application.tracer != nil else { return }
        application.report(.selection(container: traceSubject, item: indexPath, decision: decision))
    }
}
