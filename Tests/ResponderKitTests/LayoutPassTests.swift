// The layout pass: layoutSubviews runs from layoutIfNeeded for the views that need it, which
// setNeedsLayout, a change of size and adding a subview mark.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct LayoutPassTests {

    final class Counting: UIView {
        var passes = 0
        var onLayout: (() -> Void)?
        override func layoutSubviews() {
            super.layoutSubviews()
            passes += 1
            onLayout?()
        }
    }

    @Test func aNewViewIsLaidOutOnItsFirstPassAndNotAgainUntilMarked() {
        let view = Counting(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.layoutIfNeeded()
        view.layoutIfNeeded()
        #expect(view.passes == 1)
        view.setNeedsLayout()
        #expect(view.passes == 1)                   // marking alone lays out nothing
        view.layoutIfNeeded()
        #expect(view.passes == 2)
    }

    @Test func aChangeOfSizeMarksTheViewAndAMoveDoesNot() {
        let view = Counting(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.layoutIfNeeded()
        view.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        view.center = CGPoint(x: 10, y: 10)
        view.layoutIfNeeded()
        #expect(view.passes == 1)
        view.frame.size.width = 120
        view.layoutIfNeeded()
        #expect(view.passes == 2)
        view.bounds.size.height = 20
        view.layoutIfNeeded()
        #expect(view.passes == 3)
        view.bounds.origin.y = 30                   // scrolling the content is no change of size
        view.layoutIfNeeded()
        #expect(view.passes == 3)
    }

    @Test func layoutIfNeededOnAnAncestorLaysOutTheMarkedDescendantsParentsFirst() {
        let root = Counting(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let middle = Counting(frame: .zero)
        let leaf = Counting(frame: .zero)
        var order: [String] = []
        root.onLayout = { order.append("root") }
        middle.onLayout = { order.append("middle") }
        leaf.onLayout = { order.append("leaf") }
        root.addSubview(middle)
        middle.addSubview(leaf)
        root.layoutIfNeeded()
        #expect(order == ["root", "middle", "leaf"])
        order = []
        leaf.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(order == ["leaf"])                  // only the marked view, found through its ancestors
        order = []
        middle.layoutIfNeeded()
        #expect(order.isEmpty)
    }

    @Test func addingASubviewLaysOutBothItAndItsNewSuperview() {
        let root = Counting(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = Counting(frame: .zero)
        root.layoutIfNeeded()
        child.layoutIfNeeded()
        root.addSubview(child)
        root.layoutIfNeeded()
        #expect(root.passes == 2 && child.passes == 2)
        child.removeFromSuperview()
        root.layoutIfNeeded()
        #expect(root.passes == 3)
    }

    @Test func aViewMarkedDuringItsOwnLayoutIsLaidOutOnTheNextPass() {
        let view = Counting(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.onLayout = { if view.passes == 1 { view.setNeedsLayout() } }
        view.layoutIfNeeded()
        #expect(view.passes == 1)
        view.layoutIfNeeded()
        #expect(view.passes == 2)
    }
}
