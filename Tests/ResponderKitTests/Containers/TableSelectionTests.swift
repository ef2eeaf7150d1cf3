// T1–T4: when a touch highlights a row, what lifting selects, in which order the delegate hears it, what
// a scroll takes away, and selection by code.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct TableSelectionTests {

    @Test func aStillTouchHighlightsItsRowOnlyWhenTheContentDelayPasses() {
        let s = TableScene()
        s.sim.touchDown(1, at: s.centre(of: 3))
        #expect(s.rows.calls.isEmpty)
        s.sim.advance(by: 0.14)
        #expect(s.rows.calls.isEmpty && s.cell(3)?.isHighlighted == false)
        s.sim.advance(by: 0.02)
        #expect(s.rows.calls == ["shouldHighlight 3", "didHighlight 3"])
        #expect(s.cell(3)?.isHighlighted == true)
        s.sim.touchUp(1)
        #expect(s.rows.calls == ["shouldHighlight 3", "didHighlight 3", "didUnhighlight 3", "willSelect 3", "didSelect 3"])
        #expect(s.cell(3)?.states == ["highlighted", "unhighlighted", "selected"])
    }

    @Test func withoutTheDelayTheRowHighlightsAtTouchDown() {
        let s = TableScene()
        s.table.delaysContentTouches = false
        s.sim.touchDown(1, at: s.centre(of: 3))
        #expect(s.rows.calls == ["shouldHighlight 3", "didHighlight 3"])
        s.sim.touchUp(1)
        #expect(s.rows.calls.last == "didSelect 3")
    }

    @Test func aQuickTapStillHighlightsAndSelectsWhenTheFingerLifts() {
        let s = TableScene()
        s.sim.touchDown(1, at: s.centre(of: 3))
        s.sim.advance(by: 0.05)
        s.sim.touchUp(1)
        #expect(s.rows.calls == ["shouldHighlight 3", "didHighlight 3", "didUnhighlight 3", "willSelect 3", "didSelect 3"])
        #expect(s.table.indexPathForSelectedRow == IndexPath(row: 3, section: 0))
    }

    @Test func selectingAnotherRowDeselectsThePreviousOneBetweenWillSelectAndDidSelect() {
        let s = TableScene()
        s.sim.tap(at: s.centre(of: 1))
        s.rows.calls = []
        s.sim.tap(at: s.centre(of: 4))
        #expect(s.rows.calls == ["shouldHighlight 4", "didHighlight 4", "didUnhighlight 4", "willSelect 4",
                                 "willDeselect 1", "didDeselect 1", "didSelect 4"])
        #expect(s.table.indexPathsForSelectedRows == [IndexPath(row: 4, section: 0)])
        #expect(s.cell(1)?.isSelected == false && s.cell(4)?.isSelected == true)
    }

    @Test func tappingTheSelectedRowAgainLeavesItSelected() {
        let s = TableScene()
        s.sim.tap(at: s.centre(of: 2))
        s.rows.calls = []
        s.sim.tap(at: s.centre(of: 2))
        #expect(s.rows.calls == ["shouldHighlight 2", "didHighlight 2", "didUnhighlight 2", "willSelect 2", "didSelect 2"])
        #expect(s.table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
    }

    @Test func withMultipleSelectionATapOnASelectedRowDeselectsIt() {
        let s = TableScene()
        s.table.allowsMultipleSelection = true
        s.sim.tap(at: s.centre(of: 2))
        s.sim.tap(at: s.centre(of: 5))
        #expect(s.table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0), IndexPath(row: 5, section: 0)])
        s.rows.calls = []
        s.sim.tap(at: s.centre(of: 2))
        #expect(s.rows.calls == ["shouldHighlight 2", "didHighlight 2", "didUnhighlight 2", "willSelect 2",
                                 "willDeselect 2", "didDeselect 2"])
        #expect(s.table.indexPathsForSelectedRows == [IndexPath(row: 5, section: 0)])
    }

    @Test func aTouchThatBecomesAScrollUnhighlightsAndSelectsNothing() {
        let s = TableScene()
        s.sim.tap(at: s.centre(of: 1))
        s.rows.calls = []
        s.sim.touchDown(1, at: s.centre(of: 5))
        s.sim.advance(by: 0.2)
        #expect(s.rows.calls == ["shouldHighlight 5", "didHighlight 5"])
        for step in 1...6 {
            s.sim.advance(by: 1.0 / 60)
            s.sim.touchMove(1, to: CGPoint(x: 160, y: s.centre(of: 5).y - CGFloat(step) * 10))
        }
        s.sim.touchUp(1)
        #expect(s.rows.calls == ["shouldHighlight 5", "didHighlight 5", "willBeginDragging", "didUnhighlight 5"])
        #expect(s.table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))     // the previous selection stays
        #expect(s.cell(5)?.isHighlighted == false)
    }

    @Test func aScrollWithinTheDelayNeverHighlights() {
        let s = TableScene()
        s.drag(from: s.centre(of: 5), by: CGPoint(x: 0, y: -120), steps: 6)
        #expect(s.rows.selectionCalls.isEmpty)
        #expect(s.table.contentOffset.y > 50)
    }

    @Test func allowsSelectionOffMeansNoHighlightAndNoSelection() {
        let s = TableScene()
        s.table.allowsSelection = false
        s.sim.touchDown(1, at: s.centre(of: 2))
        s.sim.advance(by: 0.3)
        s.sim.touchUp(1)
        #expect(s.rows.calls.isEmpty)
        #expect(s.table.indexPathForSelectedRow == nil && s.cell(2)?.states.isEmpty == true)
    }

    @Test func whileEditingATapSelectsOnlyWithAllowsSelectionDuringEditing() {
        let s = TableScene()
        s.table.setEditing(true, animated: false)
        s.sim.tap(at: s.centre(of: 2))
        #expect(s.table.indexPathForSelectedRow == nil)
        s.table.allowsSelectionDuringEditing = true
        s.sim.tap(at: s.centre(of: 2))
        #expect(s.table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
    }

    @Test func shouldHighlightFalseKeepsTheRowFromHighlightingAndFromBeingSelected() {
        let s = TableScene()
        s.rows.highlights = false
        s.sim.tap(at: s.centre(of: 2))
        #expect(s.rows.calls == ["shouldHighlight 2"])
        #expect(s.table.indexPathForSelectedRow == nil)
    }

    @Test func willSelectMayChooseAnotherRowOrNone() {
        let s = TableScene()
        s.rows.willSelect = { $0.row == 2 ? IndexPath(row: 7, section: 0) : nil }
        s.sim.tap(at: s.centre(of: 2))
        #expect(s.rows.calls.suffix(2) == ["willSelect 2", "didSelect 7"])
        #expect(s.table.indexPathForSelectedRow == IndexPath(row: 7, section: 0))
        #expect(s.cell(7)?.isSelected == true && s.cell(2)?.isSelected == false)
        s.rows.calls = []
        s.sim.tap(at: s.centre(of: 4))
        #expect(s.rows.calls.last == "willSelect 4")
        #expect(s.table.indexPathForSelectedRow == IndexPath(row: 7, section: 0))
    }

    @Test func willDeselectNilKeepsThePreviousRowSelected() {
        let s = TableScene()
        s.table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        s.rows.willDeselect = { _ in nil }
        s.sim.tap(at: s.centre(of: 3))
        #expect(s.rows.calls.suffix(3) == ["willSelect 3", "willDeselect 1", "didSelect 3"])
        #expect(s.table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0), IndexPath(row: 3, section: 0)])
    }

    @Test func aFingerThatSlidesOffItsRowInATableThatCannotScrollSelectsNothing() {
        let rows = RowLog()
        rows.sections = [3]
        let s = TableScene(rows: rows)
        s.table.delaysContentTouches = false
        s.sim.touchDown(1, at: s.centre(of: 0))
        s.sim.touchMove(1, to: s.centre(of: 1))
        s.sim.touchUp(1)
        #expect(s.rows.calls == ["shouldHighlight 0", "didHighlight 0", "didUnhighlight 0"])
        #expect(s.table.indexPathForSelectedRow == nil)
    }

    @Test func aTapBelowTheLastRowSelectsNothing() {
        let rows = RowLog()
        rows.sections = [2]
        let s = TableScene(rows: rows)
        s.sim.tap(at: CGPoint(x: 160, y: 300))
        #expect(s.rows.calls.isEmpty)
    }

    @Test func aTapRecognizerOnTheTableKeepsRowsFromBeingSelectedUnlessItLetsTouchesThrough() {
        final class Target { var taps = 0; func tapped() { taps += 1 } }
        let s = TableScene()
        let target = Target()
        let tap = UITapGestureRecognizer(target: target, action: Target.tapped)
        s.table.addGestureRecognizer(tap)
        s.sim.tap(at: s.centre(of: 2))
        #expect(target.taps == 1)
        #expect(s.table.indexPathForSelectedRow == nil)
        tap.cancelsTouchesInView = false
        s.sim.tap(at: s.centre(of: 2))
        #expect(target.taps == 2)
        #expect(s.table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
    }

    @Test func selectionByCodeSetsTheCellAndScrollsOnlyWhenAsked() {
        let s = TableScene()
        s.table.selectRow(at: IndexPath(row: 30, section: 0), animated: false, scrollPosition: .middle)
        #expect(s.rows.calls.isEmpty)
        #expect(s.cell(30)?.isSelected == true)
        #expect(s.table.contentOffset.y == 30 * 44 + 22 - 240)
        s.table.deselectRow(at: IndexPath(row: 30, section: 0), animated: true)
        #expect(s.cell(30)?.isSelected == false && s.rows.calls.isEmpty)
    }

    @Test func aSelectedRowScrolledAwayAndBackComesBackSelected() {
        let s = TableScene()
        s.sim.tap(at: s.centre(of: 1))
        s.table.contentOffset = CGPoint(x: 0, y: 800)
        #expect(s.cell(1) == nil)
        #expect(s.table.visibleCells.allSatisfy { !$0.isSelected })       // reused cells come back deselected
        s.table.contentOffset = .zero
        #expect(s.cell(1)?.isSelected == true)
    }

    @Test func theTraceSaysWhyARowHighlightedLateAndWhyNothingWasSelected() {
        let s = TableScene()
        let trace = s.scene.record()
        s.sim.touchDown(1, at: s.centre(of: 3))
        s.sim.advance(by: 0.2)
        s.sim.touchUp(1)
        let texts = trace.records.compactMap { record -> String? in
            guard case .selection = record.kind else { return nil }
            return record.columns.detail
        }
        #expect(texts == [
            "row 3 highlighted for touch #1, 0.15 s after touch-down: the touch was held back until then (delaysContentTouches)",
            "row 3 unhighlighted: the finger lifted",
            "row 3 selected",
        ])
        s.rows.willSelect = { _ in nil }
        s.sim.tap(at: s.centre(of: 4))
        #expect(trace.records.last?.columns.detail == "row 4 not selected: the delegate's willSelectRowAt returned nil")
    }

    @Test func aReloadUnderTheFingerForgetsTheTouchAndTracesTheEndOfItsHighlight() {
        let s = TableScene()
        s.table.delaysContentTouches = false
        let trace = s.scene.record()
        s.sim.touchDown(1, at: s.centre(of: 3))
        s.table.reloadData()
        s.sim.touchUp(1)
        #expect(s.rows.calls == ["shouldHighlight 3", "didHighlight 3"])
        #expect(s.table.indexPathForSelectedRow == nil)
        let texts = trace.records.compactMap { record -> String? in
            guard case .selection = record.kind else { return nil }
            return record.columns.detail
        }
        #expect(texts.last == "row 3 unhighlighted: the data was reloaded under the finger (the delegate is not told)")
    }

    @Test func aTouchWhoseViewLeavesTheRowStillUnhighlightsItWhenItEndsAndTheNextTouchIsFollowed() {
        let s = TableScene()
        s.table.delaysContentTouches = false
        let trace = s.scene.record()
        s.sim.touchDown(1, at: s.centre(of: 3))
        #expect(s.cell(3)?.isHighlighted == true)
        // The touched view moves out of the table: the touch's end goes up its new responder chain.
        let touched = s.cell(3)!.contentView
        s.scene.window.addSubview(touched)
        s.sim.touchUp(1)
        #expect(s.rows.calls == ["shouldHighlight 3", "didHighlight 3", "didUnhighlight 3"])
        #expect(s.cell(3)?.isHighlighted == false)
        #expect(s.table.indexPathForSelectedRow == nil)
        let texts = trace.records.compactMap { record -> String? in
            guard case .selection = record.kind else { return nil }
            return record.columns.detail
        }
        #expect(texts.suffix(2) == [
            "row 3 unhighlighted: the touch ended, and its end never came up the responder chain (its view moved away, or a responder kept it)",
            "row 3 not selected: the touch ended, and its end never came up the responder chain (its view moved away, or a responder kept it)",
        ])
        s.rows.calls = []
        s.sim.tap(at: s.centre(of: 4))
        #expect(s.rows.calls == ["shouldHighlight 4", "didHighlight 4", "didUnhighlight 4", "willSelect 4", "didSelect 4"])
    }

    @Test func aTouchCancelledWhileItsViewIsAwayFromTheTableAlsoEndsItsHighlight() {
        let s = TableScene()
        s.table.delaysContentTouches = false
        let elsewhere = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        s.scene.window.addSubview(elsewhere)
        s.sim.touchDown(1, at: s.centre(of: 2))
        elsewhere.addSubview(s.cell(2)!.contentView)
        s.sim.touchCancel(1)
        #expect(s.rows.calls == ["shouldHighlight 2", "didHighlight 2", "didUnhighlight 2"])
        #expect(s.cell(2)?.isHighlighted == false)
    }
}
