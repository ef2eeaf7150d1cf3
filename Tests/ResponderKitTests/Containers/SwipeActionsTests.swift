// T6: a horizontal swipe on a row reveals its actions and the table edits; a tap on an action calls its
// handler, whose completion hides them; a touch elsewhere only hides them; a vertical drag scrolls; a
// full swipe performs the first action; a pan of the app's on the cell arbitrates with the swipe.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct SwipeActionsTests {

    /// Records each handler call: the action's title and the view it was given.
    @MainActor
    final class Handlers {
        var calls: [String] = []
        var sources: [UIView] = []
        /// Whether handlers call their completion at once (true) or keep it for later.
        var completesAtOnce = true
        var kept: [(Bool) -> Void] = []

        func actions(_ titles: String..., fullSwipe: Bool = true) -> UISwipeActionsConfiguration {
            let actions = titles.map { title in
                UIContextualAction(style: title == "Delete" ? .destructive : .normal, title: title) { [unowned self] action, view, completion in
                    calls.append(action.title ?? "")
                    sources.append(view)
                    if completesAtOnce { completion(true) } else { kept.append(completion) }
                }
            }
            let configuration = UISwipeActionsConfiguration(actions: actions)
            configuration.performsFirstActionWithFullSwipe = fullSwipe
            return configuration
        }
    }

    /// A table whose rows have trailing actions "Archive", "Delete" (no full swipe unless asked).
    private func scene(fullSwipe: Bool = false) -> (TableScene, Handlers) {
        let handlers = Handlers()
        let rows = RowLog()
        rows.trailing = { _ in handlers.actions("Archive", "Delete", fullSwipe: fullSwipe) }
        return (TableScene(rows: rows), handlers)
    }

    private func swipe(_ s: TableScene, row: Int, by dx: CGFloat, from x: CGFloat = 300) {
        s.drag(from: CGPoint(x: x, y: s.centre(of: row).y), by: CGPoint(x: dx, y: 0), steps: 10)
    }

    private func button(_ s: TableScene, _ title: String) -> UIButton? {
        func find(_ view: UIView) -> UIButton? {
            if let button = view as? UIButton, button.accessibilityIdentifier == title { return button }
            for sub in view.subviews { if let found = find(sub) { return found } }
            return nil
        }
        return find(s.table)
    }

    @Test func theThresholdsHaveTheirDefaults() {
        #expect(Thresholds.standard.swipeActionButtonWidth == 74)
        #expect(Thresholds.standard.swipeActionOpenFraction == 0.5)
        #expect(Thresholds.standard.swipeActionFullSwipeFraction == 0.6)
    }

    @Test func aLeftwardSwipeOpensTheTrailingActionsBesideTheCellAndTheTableEdits() throws {
        let (s, handlers) = scene()
        swipe(s, row: 3, by: -120)
        #expect(s.rows.selectionCalls == ["willBeginEditing 3"])
        #expect(s.table.isEditing)
        #expect(s.cell(3)?.frame == CGRect(x: -148, y: 132, width: 320, height: 44))
        let archive = try #require(button(s, "Archive")), delete = try #require(button(s, "Delete"))
        // The first action at the outer edge.
        #expect(archive.convert(archive.bounds, to: s.table) == CGRect(x: 246, y: 132, width: 74, height: 44))
        #expect(delete.convert(delete.bounds, to: s.table) == CGRect(x: 172, y: 132, width: 74, height: 44))
        #expect(handlers.calls.isEmpty)
        #expect(s.table.contentOffset == .zero)
    }

    @Test func aTapOnAnActionCallsItsHandlerWhoseCompletionHidesTheActions() throws {
        let (s, handlers) = scene()
        swipe(s, row: 3, by: -120)
        s.rows.calls = []
        s.sim.tap(at: CGPoint(x: 200, y: s.centre(of: 3).y))         // "Delete"
        #expect(handlers.calls == ["Delete"])
        #expect(handlers.sources.first?.accessibilityIdentifier == "Delete")
        #expect(s.rows.calls == ["didEndEditing 3"])
        #expect(!s.table.isEditing)
        #expect(s.cell(3)?.frame.minX == 0)
        #expect(button(s, "Delete") == nil)
        #expect(s.table.indexPathForSelectedRow == nil)
    }

    @Test func untilTheHandlerCompletesTheActionsStayAndASecondCompletionDoesNothing() throws {
        let (s, handlers) = scene()
        handlers.completesAtOnce = false
        swipe(s, row: 3, by: -120)
        s.sim.tap(at: CGPoint(x: 280, y: s.centre(of: 3).y))         // "Archive"
        #expect(handlers.calls == ["Archive"] && s.table.isEditing)
        s.sim.tap(at: CGPoint(x: 280, y: s.centre(of: 3).y))
        #expect(handlers.calls == ["Archive"])                      // one handler at a time
        s.rows.calls = []
        handlers.kept.first?(false)
        #expect(!s.table.isEditing && s.rows.calls == ["didEndEditing 3"])
        handlers.kept.first?(true)
        #expect(s.rows.calls == ["didEndEditing 3"])
    }

    @Test func aTouchElsewhereOnlyHidesTheActions() {
        let (s, handlers) = scene()
        swipe(s, row: 3, by: -120)
        s.rows.calls = []
        s.sim.touchDown(1, at: s.centre(of: 6))
        #expect(s.rows.calls == ["didEndEditing 3"])
        s.sim.advance(by: 0.3)
        s.sim.touchUp(1)
        #expect(s.rows.calls == ["didEndEditing 3"])                // no highlight, no selection of row 6
        #expect(s.table.indexPathForSelectedRow == nil && handlers.calls.isEmpty)
        s.sim.tap(at: s.centre(of: 6))                               // the next tap selects again
        #expect(s.table.indexPathForSelectedRow == IndexPath(row: 6, section: 0))
    }

    @Test func aTapOnTheSwipedRowHidesItsActionsWithoutSelectingIt() {
        let (s, _) = scene()
        swipe(s, row: 3, by: -120)
        s.rows.calls = []
        s.sim.tap(at: CGPoint(x: 60, y: s.centre(of: 3).y))
        #expect(s.rows.calls == ["didEndEditing 3"])
        #expect(s.table.indexPathForSelectedRow == nil)
    }

    @Test func aShortSwipeSpringsBackShut() {
        let (s, _) = scene()
        let trace = s.scene.record()
        swipe(s, row: 3, by: -50)
        #expect(s.rows.selectionCalls == ["willBeginEditing 3", "didEndEditing 3"])
        #expect(!s.table.isEditing && s.cell(3)?.frame.minX == 0)
        #expect(trace.records.contains { $0.columns.detail.hasPrefix("row 3 actions hidden: lifted with") })
    }

    @Test func swipingAnOpenRowBackShutsIt() {
        let (s, _) = scene()
        swipe(s, row: 3, by: -120)
        s.rows.calls = []
        swipe(s, row: 3, by: 150, from: 100)
        #expect(s.rows.calls == ["didEndEditing 3"])
        #expect(s.cell(3)?.frame.minX == 0)
    }

    @Test func aVerticalDragScrollsAndShowsNoActions() {
        let (s, _) = scene()
        let trace = s.scene.record()
        s.drag(from: s.centre(of: 6), by: CGPoint(x: -20, y: -150), steps: 10)
        #expect(!s.rows.calls.contains { $0.hasPrefix("willBeginEditing") })
        #expect(s.table.contentOffset.y > 80)
        #expect(trace.records.contains { $0.columns.detail == "row 6 no swipe: the drag began mostly vertical (the table's to scroll)" })
    }

    @Test func scrollingHidesTheActions() {
        let (s, _) = scene()
        swipe(s, row: 3, by: -120)
        s.rows.calls = []
        s.drag(from: CGPoint(x: 300, y: s.centre(of: 3).y), by: CGPoint(x: 0, y: -150), steps: 10)   // from the actions
        #expect(s.rows.calls.contains("didEndEditing 3"))
        #expect(!s.table.isEditing && s.table.contentOffset.y > 80)
    }

    @Test func aFullSwipePerformsTheFirstActionWhenTheConfigurationAllowsIt() {
        let (s, handlers) = scene(fullSwipe: true)
        swipe(s, row: 3, by: -260)
        #expect(handlers.calls == ["Archive"])
        #expect(s.rows.selectionCalls == ["willBeginEditing 3", "didEndEditing 3"])
        let (t, others) = scene(fullSwipe: false)
        swipe(t, row: 3, by: -260)
        #expect(others.calls.isEmpty && t.table.isEditing)
        #expect(t.cell(3)?.frame.minX == -148)
    }

    @Test func aRightwardSwipeShowsTheLeadingActionsAndNoneWhenThereAreNone() throws {
        let (s, handlers) = scene()
        let trace = s.scene.record()
        swipe(s, row: 2, by: 120, from: 20)
        #expect(!s.table.isEditing)
        #expect(trace.records.contains { $0.columns.detail == "row 2 no swipe: the delegate gives no leading actions" })
        s.rows.leading = { _ in handlers.actions("Pin") }
        swipe(s, row: 2, by: 120, from: 20)
        #expect(s.table.isEditing && s.cell(2)?.frame.minX == 74)
        let pin = try #require(button(s, "Pin"))
        #expect(pin.convert(pin.bounds, to: s.table) == CGRect(x: 0, y: 88, width: 74, height: 44))
    }

    @Test func theOpenThresholdCanBeChangedPerTable() {
        let (s, _) = scene()
        s.table.gestureRecognizers?.forEach { $0.thresholds.swipeActionOpenFraction = 2 }
        swipe(s, row: 3, by: -200)                                   // 200 of the 296 pt now needed
        #expect(!s.table.isEditing)
    }

    @Test func aPanOnTheCellKeepsTheSwipeFromBeginning() {
        @MainActor final class Drags { var states: [UIGestureRecognizer.State] = []; func moved(_ pan: UIPanGestureRecognizer) { states.append(pan.state) } }
        let (s, _) = scene()
        let drags = Drags()
        s.rows.configure = { cell, indexPath in
            cell.gestureRecognizers?.forEach { cell.removeGestureRecognizer($0) }
            if indexPath.row == 3 { cell.addGestureRecognizer(UIPanGestureRecognizer(target: drags, action: Drags.moved)) }
        }
        s.table.reloadData()
        s.table.layoutIfNeeded()
        swipe(s, row: 3, by: -120)
        #expect(!s.table.isEditing)
        #expect(drags.states.first == .began)
    }

    @Test func aCellPanThatDeclinesHorizontalDragsLetsTheSwipeThrough() {
        @MainActor final class VerticalOnly: NSObject, UIGestureRecognizerDelegate {
            func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
                guard let pan = gestureRecognizer as? UIPanGestureRecognizer else { return true }
                let t = pan.translation(in: pan.view)
                return abs(t.y) > abs(t.x)
            }
        }
        let (s, _) = scene()
        let vertical = VerticalOnly()
        s.rows.configure = { cell, indexPath in
            cell.gestureRecognizers?.forEach { cell.removeGestureRecognizer($0) }
            let pan = UIPanGestureRecognizer()
            pan.delegate = vertical
            cell.addGestureRecognizer(pan)
        }
        s.table.reloadData()
        s.table.layoutIfNeeded()
        swipe(s, row: 3, by: -120)
        #expect(s.table.isEditing)
    }

    @Test func setEditingAndReloadingHideTheActions() {
        let (s, _) = scene()
        swipe(s, row: 3, by: -120)
        s.table.setEditing(true, animated: false)
        #expect(s.table.isEditing && s.rows.calls.last == "didEndEditing 3")
        #expect(s.cell(3)?.frame.minX == 0)
        s.table.setEditing(false, animated: false)
        swipe(s, row: 4, by: -120)
        s.table.reloadData()
        #expect(!s.table.isEditing && s.rows.calls.last == "didEndEditing 4")
    }

    @Test func whileEditingByCodeRowsDoNotSwipe() {
        let (s, _) = scene()
        s.table.setEditing(true, animated: false)
        swipe(s, row: 3, by: -120)
        #expect(!s.rows.calls.contains("willBeginEditing 3"))
    }

    @Test func theTraceFollowsTheActionsFromTheSwipeToTheirCompletion() {
        let (s, _) = scene()
        let trace = s.scene.record()
        swipe(s, row: 3, by: -120)
        s.sim.tap(at: CGPoint(x: 280, y: s.centre(of: 3).y))
        let swipes = trace.records.compactMap { record -> String? in
            guard case .swipeActions = record.kind else { return nil }
            return record.columns.detail
        }
        #expect(swipes == [
            "row 3 swipe began: its trailing actions (Archive, Delete) show; willBeginEditingRowAt, the table is editing",
            "row 3 actions open, 148 pt showing",
            "row 3 'Archive' tapped: its handler is called",
            "row 3 'Archive' completed(true)",
            "row 3 actions hidden: the action's handler completed; didEndEditingRowAt",
        ])
    }
}
