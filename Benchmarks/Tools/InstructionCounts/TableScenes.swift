import Foundation
import BenchmarkScenes
import ResponderKit

/// `table.scrollMove`: a finger drags a table of 10,000 rows; one operation is one move of 3 pt, a 120 Hz
/// frame after the last, so a row leaves and another comes in about every 15 moves (its cell taken back
/// and handed out again). The finger goes down and the drag begins before the operations; it turns back
/// at the content's end.
///
/// `scroll.move`, for comparison: the same drag on a plain `UIScrollView` of the same content size
/// holding 20 plain views of 44 pt, which never change.
@MainActor
final class TableScrollMove: Scene {
    let scene = TableScene(rows: 10_000)
    let plain: UIScrollView?
    let finger: Finger
    @exclusivity(unchecked) var y: CGFloat = 800
    @exclusivity(unchecked) var step: CGFloat = -3

    init(plainScrollView: Bool = false) {
        if plainScrollView {
            let list = UIScrollView(frame: scene.table.frame)
            list.contentSize = scene.table.contentSize
            for row in 0 ..< 20 { list.addSubview(UIView(frame: CGRect(x: 0, y: CGFloat(row) * 44, width: 390, height: 44))) }
            scene.table.removeFromSuperview()
            scene.window.addSubview(list)
            plain = list
        } else {
            plain = nil
        }
        finger = Finger(scene.window.application)
        finger.send(.began, at: CGPoint(x: 200, y: y))

        for _ in 0 ..< 10 { move() }
        if !(plain ?? scene.table).isDragging { fail("the scroll view is not dragging") }
    }

    func move() {
        finger.simulator.advance(by: 1.0 / 120)
        // Back and forth over 780 pt of screen, so the drag never runs out of room.
        if (step < 0 && y <= 20) || (step > 0 && y >= 800) { step = -step }
        y += step
        finger.send(.moved, at: CGPoint(x: 200, y: y))
    }

    func operate(_ count: Int) {
        for _ in 0 ..< count { move() }
    }

    func check(operations: Int) {
        if let plain {
            if !plain.isDragging { fail("the drag ended") }
            return
        }
        let table = scene.table
        if !table.isDragging { fail("the drag ended") }
        let visible = table.indexPathsForVisibleRows ?? []
        if visible.count > 21 || visible.first?.row != Int(max(0, table.contentOffset.y) / 44) {
            fail("the visible rows \(visible.first?.row ?? -1)… do not follow the content offset \(table.contentOffset.y)")
        }
        if scene.source.selections != 0 { fail("a drag selected a row") }
    }
}

/// `table.tap.rows10` and `table.tap.rows10k`: a whole tap (down, then up) on a row of a table of 10 or
/// 10,000 rows, then half a second; each tap selects its row (the rows taken in turn). Both tables are
/// 440 pt high, so both show 10 rows (the long one scrolled to its middle): they differ only in the
/// rows out of view.
@MainActor
final class TableTap: Scene {
    let scene: TableScene
    let finger: Finger
    /// The centres of the rows in view, found once (finding them allocates).
    let centres: [CGPoint]
    @exclusivity(unchecked) var performed = 0

    init(rows: Int) {
        let scene = TableScene(rows: rows, height: 440)
        self.scene = scene
        finger = Finger(scene.window.application)
        // The long table scrolled to its middle, so its rows are far from the first.
        if rows > 10 { scene.table.scrollToRow(at: IndexPath(row: rows / 2, section: 0), at: .top, animated: false) }
        if scene.table.visibleCells.count != 10 { fail("the table shows \(scene.table.visibleCells.count) rows, not 10") }
        let first = scene.table.indexPathsForVisibleRows?.first?.row ?? 0
        centres = (first ..< first + 10).map { [scene] in scene.centre(of: $0) }
    }

    func operate(_ count: Int) {
        for _ in 0 ..< count {
            let location = centres[performed % 10]
            finger.send(.began, at: location)
            finger.send(.ended, at: location)
            finger.simulator.advance(by: 0.5)
            performed += 1
        }
    }

    func check(operations: Int) {
        if scene.source.selections != performed { fail("\(scene.source.selections) selections for \(performed) taps") }
    }
}
