// Nested scroll views: the inner one gets the first chance; a drag along an axis it cannot scroll
// goes to the outer one; no handoff in the middle of a drag.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct ScrollViewNestedTests {

    /// A horizontal pager of three vertical lists.
    @MainActor struct Pager {
        let scene = Scene()
        let pager = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        var lists: [UIScrollView] = []

        init() {
            pager.isPagingEnabled = true
            pager.contentSize = CGSize(width: 960, height: 480)
            scene.window.addSubview(pager)
            for index in 0..<3 {
                let list = UIScrollView(frame: CGRect(x: CGFloat(index) * 320, y: 0, width: 320, height: 480))
                list.contentSize = CGSize(width: 320, height: 2000)
                pager.addSubview(list)
                list.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 2000)))
                lists.append(list)
            }
        }

        func drag(by delta: CGPoint, from start: CGPoint = CGPoint(x: 160, y: 300), lift: Bool = true) {
            scene.sim.touchDown(1, at: start)
            for step in 1...6 {
                scene.sim.advance(by: 1.0 / 60)
                let f = CGFloat(step) / 6
                scene.sim.touchMove(1, to: CGPoint(x: start.x + delta.x * f, y: start.y + delta.y * f))
            }
            if lift { scene.sim.touchUp(1) }
        }
    }

    @Test func aVerticalDragScrollsTheInnerListNotThePager() {
        let p = Pager()
        p.drag(by: CGPoint(x: 10, y: -150), lift: false)
        #expect(p.lists[0].isDragging && !p.pager.isDragging)
        // 150 pt less the pan's hysteresis (R21).
        #expect(p.lists[0].contentOffset.y == 140 && p.pager.contentOffset == .zero)
    }

    @Test func aHorizontalDragTurnsThePagerNotTheList() {
        let p = Pager()
        p.drag(by: CGPoint(x: -200, y: 10))
        #expect(!p.lists[0].isDragging)
        #expect(p.lists[0].contentOffset == .zero)
        p.scene.sim.advance(by: 3)
        #expect(p.pager.contentOffset == CGPoint(x: 320, y: 0))
        // and the list on the second page scrolls vertically
        p.drag(by: CGPoint(x: 0, y: -100), lift: false)
        #expect(p.lists[1].contentOffset.y == 90 && p.pager.contentOffset.x == 320)
    }

    @Test func aHorizontalDragWhoseFirstStepIsTheHysteresisTurnsThePager() {
        let p = Pager()
        // Steps of 10 pt: the pan begins with a translation of (0, 0) (R21); the drag went sideways.
        p.drag(by: CGPoint(x: -60, y: 0), lift: false)
        #expect(p.pager.isDragging && !p.lists[0].isDragging)
        #expect(p.pager.contentOffset == CGPoint(x: 50, y: 0))
        p.scene.sim.touchUp(1)
    }

    @Test func aListAtItsEndDoesNotHandOverInTheMiddleOfADrag() {
        let p = Pager()
        p.drag(by: CGPoint(x: 0, y: 100), lift: false)                 // pulls the list down past its top
        #expect(p.lists[0].isDragging && p.lists[0].contentOffset.y < 0)
        for step in 1...6 {                                               // then sideways: still the list's drag
            p.scene.sim.advance(by: 1.0 / 60)
            p.scene.sim.touchMove(1, to: CGPoint(x: 160 - CGFloat(step) * 40, y: 400))
        }
        #expect(p.pager.contentOffset == .zero && !p.pager.isDragging)
        p.scene.sim.touchUp(1)
    }

    @Test func anInnerVerticalListInsideAVerticalListScrollsFirst() {
        let s = ListScene()
        let inner = UIScrollView(frame: CGRect(x: 0, y: 100, width: 320, height: 200))
        inner.contentSize = CGSize(width: 320, height: 1000)
        s.content.addSubview(inner)
        s.fling(from: CGPoint(x: 100, y: 250), by: CGPoint(x: 0, y: -100), steps: 5, lift: false)
        #expect(inner.contentOffset.y == 90 && s.list.contentOffset == .zero)
    }
}
