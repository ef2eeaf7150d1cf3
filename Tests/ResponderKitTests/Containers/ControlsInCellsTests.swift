// T5: a button in a table cell highlights late like any content, its tap does not select the row, and
// a drag that starts on it scrolls the table.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct ControlsInCellsTests {

    /// A table whose row 2 holds a button at its right end (x 240…320).
    private func scene() -> (TableScene, ControlEventRecorder) {
        let rows = RowLog()
        let recorder = ControlEventRecorder()
        rows.configure = { cell, indexPath in
            cell.contentView.subviews.filter { $0 is UIButton }.forEach { $0.removeFromSuperview() }
            guard indexPath.row == 2 else { return }
            let button = UIButton(frame: CGRect(x: 240, y: 0, width: 80, height: 44))
            button.accessibilityIdentifier = "button"
            recorder.attach(to: button)
            cell.contentView.addSubview(button)
        }
        return (TableScene(rows: rows), recorder)
    }

    private func buttonPoint(_ s: TableScene) -> CGPoint { CGPoint(x: 280, y: s.centre(of: 2).y) }

    @Test func theButtonHighlightsOnlyWhenTheContentDelayPasses() throws {
        let (s, recorder) = scene()
        s.sim.touchDown(1, at: buttonPoint(s))
        let button = try #require(s.cell(2)?.contentView.subviews.last as? UIButton)
        s.sim.advance(by: 0.1)
        #expect(!button.isHighlighted && recorder.events.isEmpty)
        s.sim.advance(by: 0.1)
        #expect(button.isHighlighted && recorder.events == ["touchDown"])
        s.sim.touchUp(1)
        #expect(recorder.events == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    @Test func theButtonsTapNeitherHighlightsNorSelectsTheRow() {
        let (s, recorder) = scene()
        s.sim.tap(at: buttonPoint(s))
        #expect(recorder.events == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        #expect(s.rows.calls.isEmpty)
        #expect(s.table.indexPathForSelectedRow == nil && s.cell(2)?.states.isEmpty == true)
        // The rest of the row still selects.
        s.sim.tap(at: CGPoint(x: 60, y: s.centre(of: 2).y))
        #expect(s.table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
    }

    @Test func aDragThatStartsOnTheButtonAfterItHighlightedScrollsTheTableAndCancelsTheButton() {
        let (s, recorder) = scene()
        #expect(s.table.touchesShouldCancel(in: UIButton(frame: .zero)))
        s.sim.touchDown(1, at: buttonPoint(s))
        s.sim.advance(by: 0.3)
        #expect(recorder.events == ["touchDown"])
        for step in 1...8 {
            s.sim.advance(by: 1.0 / 60)
            s.sim.touchMove(1, to: CGPoint(x: 280, y: buttonPoint(s).y - CGFloat(step) * 10))
        }
        s.sim.touchUp(1)
        #expect(recorder.events.first == "touchDown" && recorder.events.last == "touchCancel")
        #expect(!recorder.events.contains("touchUpInside"))
        #expect(s.table.contentOffset.y > 40)
        #expect(s.rows.calls.first == "willBeginDragging")
    }

    @Test func inAPlainScrollViewTheSameDragLeavesTheButtonItsTouch() {
        let scene = Scene()
        let list = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        list.contentSize = CGSize(width: 320, height: 2000)
        scene.window.addSubview(list)
        let button = UIButton(frame: CGRect(x: 240, y: 100, width: 80, height: 44))
        let recorder = ControlEventRecorder()
        recorder.attach(to: button)
        list.addSubview(button)
        scene.sim.touchDown(1, at: CGPoint(x: 280, y: 122))
        scene.sim.advance(by: 0.3)
        for step in 1...8 {
            scene.sim.advance(by: 1.0 / 60)
            scene.sim.touchMove(1, to: CGPoint(x: 280, y: 122 - CGFloat(step) * 10))
        }
        scene.sim.touchUp(1)
        #expect(list.contentOffset == .zero)
        #expect(!recorder.events.contains("touchCancel"))
    }

    @Test func aQuickDragOnTheButtonScrollsAndTheButtonNeverHearsOfIt() {
        let (s, recorder) = scene()
        s.drag(from: buttonPoint(s), by: CGPoint(x: 0, y: -100), steps: 6)
        #expect(recorder.events.isEmpty)
        #expect(s.table.contentOffset.y > 40)
    }
}
