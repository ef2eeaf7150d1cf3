// Scrolling (S5): the pan moves the content offset, rubber-bands, decelerates on the application's
// clock, pages; the delegate hears it all in UIKit's order.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct ScrollViewScrollingTests {

    @Test func aFlingCallsTheDelegateInUIKitsOrderAndComesToRestInTheContent() {
        let s = ListScene()
        s.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -200))
        #expect(s.list.isDecelerating && !s.list.isDragging && !s.list.isTracking)
        s.sim.advance(by: 10)
        #expect(s.delegate.calls == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(decelerate)",
                                     "willBeginDecelerating", "didScroll", "didEndDecelerating"])
        #expect(!s.list.isDecelerating)
        #expect(s.list.contentOffset.y > 200 && s.list.contentOffset.y <= 1520)
    }

    @Test func theContentFollowsTheFingerOnceThePanBegins() {
        let s = ListScene()
        // 100 pt up: the content moves 90, what the finger travelled past the pan's hysteresis (R21).
        s.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -100), steps: 4, lift: false)
        #expect(s.list.contentOffset == CGPoint(x: 0, y: 90))
        #expect(s.list.bounds.origin == s.list.contentOffset)
        // Hit-testing goes through the offset: a touch at y 100 lands on the content at y 190.
        #expect(s.scene.window.hitTest(CGPoint(x: 10, y: 100), with: nil) === s.content)
        #expect(s.content.convert(CGPoint(x: 10, y: 100), from: s.scene.window) == CGPoint(x: 10, y: 190))
    }

    @Test func theContentDoesNotJumpWhenThePanBegins() {
        let s = ListScene()
        s.sim.touchDown(1, at: CGPoint(x: 100, y: 400))
        s.sim.advance(by: 1.0 / 60)
        s.sim.touchMove(1, to: CGPoint(x: 104, y: 390))   // the hysteresis exactly: the pan begins
        #expect(s.list.isDragging)
        #expect(s.list.contentOffset == .zero)
        s.sim.advance(by: 1.0 / 60)
        s.sim.touchMove(1, to: CGPoint(x: 104, y: 385))
        #expect(s.list.contentOffset == CGPoint(x: 0, y: 5))
        s.sim.touchUp(1)
    }

    @Test func aDragReleasedAtRestDoesNotDecelerate() {
        let s = ListScene()
        s.slowDrag(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -100))
        #expect(s.delegate.calls == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging"])
        #expect(!s.list.isDecelerating)
    }

    @Test func decelerationRunsInFramesOnTheApplicationsClock() {
        let s = ListScene()
        s.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -200))
        let released = s.list.contentOffset
        #expect(s.delegate.scrolls > 0)
        let before = s.delegate.scrolls
        s.sim.advance(by: 1.0 / 120)
        #expect(s.list.contentOffset == released)   // no frame yet
        s.sim.advance(by: 1.0 / 120)
        #expect(s.list.contentOffset.y > released.y)
        #expect(s.delegate.scrolls == before + 1)
    }

    @Test func theFastRateTravelsLessThanTheNormalRate() {
        let normal = ListScene()
        normal.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -120))
        normal.sim.advance(by: 10)
        let fast = ListScene()
        fast.list.decelerationRate = .fast
        fast.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -120))
        fast.sim.advance(by: 10)
        #expect(fast.list.contentOffset.y < normal.list.contentOffset.y)
        #expect(fast.list.contentOffset.y > 120)
    }

    @Test func theDelegateCanChooseWhereTheContentComesToRest() {
        let s = ListScene()
        s.delegate.target = CGPoint(x: 0, y: 700)
        s.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -200))
        s.sim.advance(by: 10)
        #expect(s.list.contentOffset == CGPoint(x: 0, y: 700))
    }

    @Test func aFlingTowardTheEndStopsAtTheEnd() {
        let s = ListScene()
        s.list.contentOffset = CGPoint(x: 0, y: 1400)
        s.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -300), steps: 5)
        s.sim.advance(by: 10)
        #expect(s.list.contentOffset == CGPoint(x: 0, y: 1520))
    }

    @Test func pullingPastTheTopRubberBandsAndSpringsBack() {
        let s = ListScene()
        s.slowDrag(from: CGPoint(x: 100, y: 100), by: CGPoint(x: 0, y: 200))
        #expect(s.delegate.calls.contains("didEndDragging(decelerate)"))   // the spring back is a deceleration
        s.sim.advance(by: 5)
        #expect(s.list.contentOffset == .zero)
        #expect(s.delegate.calls.last == "didEndDecelerating")
    }

    @Test func pastTheEdgeTheContentMovesHalfAsFarAsTheFinger() {
        let s = ListScene()
        // The finger travels 190 pt past the pan's hysteresis (R21): the content moves 95.
        s.fling(from: CGPoint(x: 100, y: 100), by: CGPoint(x: 0, y: 200), steps: 4, lift: false)
        #expect(s.list.contentOffset.y == -95)
    }

    @Test func withoutBouncesTheContentStopsAtTheEdge() {
        let s = ListScene()
        s.list.bounces = false
        s.fling(from: CGPoint(x: 100, y: 100), by: CGPoint(x: 0, y: 200), steps: 4, lift: false)
        #expect(s.list.contentOffset.y == 0)
    }

    @Test func contentThatFitsDoesNotScrollUnlessItAlwaysBounces() {
        let s = ListScene()
        s.list.contentSize = CGSize(width: 320, height: 300)
        s.fling(from: CGPoint(x: 100, y: 100), by: CGPoint(x: 0, y: -100), steps: 4, lift: false)
        #expect(!s.list.isDragging && s.list.contentOffset == .zero)
        s.sim.touchUp(1)
        s.list.alwaysBounceVertical = true
        s.fling(from: CGPoint(x: 100, y: 100), by: CGPoint(x: 0, y: -100), steps: 4, lift: false)
        #expect(s.list.isDragging && s.list.contentOffset.y == 45)   // half of 100 less the hysteresis
        s.sim.touchUp(1)
        s.sim.advance(by: 5)
        #expect(s.list.contentOffset == .zero)
    }

    @Test func scrollingDisabledLeavesTheTouchToTheContent() {
        let s = ListScene()
        s.list.isScrollEnabled = false
        s.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -100))
        #expect(s.list.contentOffset == .zero)
        #expect(s.content.methods.last == "ended")
    }

    @Test func directionalLockKeepsAMostlyVerticalDragVertical() {
        let s = ListScene()
        s.list.contentSize = CGSize(width: 1000, height: 2000)
        s.list.isDirectionalLockEnabled = true
        // Steps of (8, -40): the pan begins on the first, and the hysteresis comes off each axis (R21).
        s.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 40, y: -200), steps: 5, lift: false)
        #expect(s.list.contentOffset.x == 0 && s.list.contentOffset.y == 190)
        s.sim.touchUp(1)
        let free = ListScene()
        free.list.contentSize = CGSize(width: 1000, height: 2000)
        free.fling(from: CGPoint(x: 200, y: 400), by: CGPoint(x: -40, y: -200), steps: 5, lift: false)
        #expect(free.list.contentOffset == CGPoint(x: 32, y: 190))
    }

    @Test func directionalLockFollowsWhereTheDragWentBeforeThePanBegan() {
        let s = ListScene()
        s.list.contentSize = CGSize(width: 1000, height: 2000)
        s.list.isDirectionalLockEnabled = true
        s.sim.touchDown(1, at: CGPoint(x: 100, y: 400))
        s.sim.advance(by: 1.0 / 60)
        // (4, -10): the pan begins with a translation of (0, 0) (R21); the drag went up, and stays vertical.
        s.sim.touchMove(1, to: CGPoint(x: 104, y: 390))
        s.sim.advance(by: 1.0 / 60)
        s.sim.touchMove(1, to: CGPoint(x: 60, y: 300))
        #expect(s.list.contentOffset == CGPoint(x: 0, y: 90))
        s.sim.touchUp(1)
    }

    @Test func pagingRestsOnAPageAndTurnsAtMostOnePage() {
        let s = ListScene()
        s.list.isPagingEnabled = true
        s.list.contentSize = CGSize(width: 320, height: 480 * 4)
        s.slowDrag(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -300))
        s.sim.advance(by: 3)
        #expect(s.list.contentOffset.y == 480)
        s.fling(from: CGPoint(x: 100, y: 450), by: CGPoint(x: 0, y: -400), steps: 4)
        s.sim.advance(by: 3)
        #expect(s.list.contentOffset.y == 960)
        s.slowDrag(from: CGPoint(x: 100, y: 100), by: CGPoint(x: 0, y: 100))
        s.sim.advance(by: 3)
        #expect(s.list.contentOffset.y == 960)
    }

    @Test func anAnimatedOffsetMovesOverTimeAndEndsWithTheAnimationCall() {
        let s = ListScene()
        s.list.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
        #expect(s.list.contentOffset == .zero)
        s.sim.advance(by: 0.1)
        #expect(s.list.contentOffset.y > 0 && s.list.contentOffset.y < 300)
        s.sim.advance(by: 0.3)
        #expect(s.list.contentOffset.y == 300)
        #expect(s.delegate.calls == ["didScroll", "didEndScrollingAnimation"])
    }

    @Test func scrollRectToVisibleScrollsAsLittleAsItCan() {
        let s = ListScene()
        s.list.scrollRectToVisible(CGRect(x: 0, y: 900, width: 10, height: 100), animated: false)
        #expect(s.list.contentOffset.y == 520)
        s.list.scrollRectToVisible(CGRect(x: 0, y: 600, width: 10, height: 100), animated: false)
        #expect(s.list.contentOffset.y == 520)
        s.list.scrollRectToVisible(CGRect(x: 0, y: 1990, width: 10, height: 100), animated: false)
        #expect(s.list.contentOffset.y == 1520)
    }

    @Test func theTraceShowsTheDelegateCallsAndTheDeceleration() {
        let s = ListScene()
        let trace = s.scene.record()
        s.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -200))
        s.sim.advance(by: 10)
        let lines = trace.records.filter { $0.columns.category == "scroll" }.map(\.columns.detail)
        #expect(lines.first == "scrollViewWillBeginDragging")
        #expect(lines.contains { $0.hasPrefix("decelerates from") })
        #expect(lines.contains { $0.hasPrefix("stopped at") && $0.hasSuffix("came to rest") })
        #expect(lines.last == "scrollViewDidEndDecelerating")
    }

    @Test func aTouchThatStopsASpringBackAndLiftsLetsItSpringBackAgain() {
        let s = ListScene()
        s.slowDrag(from: CGPoint(x: 100, y: 100), by: CGPoint(x: 0, y: 200))
        s.sim.advance(by: 0.05)
        #expect(s.list.isDecelerating && s.list.contentOffset.y < 0)
        s.sim.tap(at: CGPoint(x: 100, y: 300))
        #expect(s.list.isDecelerating)
        s.sim.advance(by: 5)
        #expect(s.list.contentOffset == .zero)
        #expect(s.delegate.calls.suffix(4) == ["didEndDecelerating", "willBeginDecelerating", "didScroll", "didEndDecelerating"])
    }

    @Test func aScrollViewRemovedInTheMiddleOfADragStillEndsItsDragAndComesToRest() {
        let s = ListScene()
        s.fling(from: CGPoint(x: 100, y: 100), by: CGPoint(x: 0, y: 100), steps: 4, lift: false)
        #expect(s.list.isDragging)
        s.list.removeFromSuperview()
        #expect(!s.list.isDragging)
        #expect(s.delegate.calls.contains("didEndDragging(decelerate)"))
        s.sim.touchUp(1)
        s.sim.advance(by: 5)
        #expect(s.list.contentOffset == .zero && !s.list.isDecelerating)
        #expect(s.delegate.calls.last == "didEndDecelerating")
    }

    @Test func disablingThePanMidDragEndsTheDragWithBalancedDelegateCalls() {
        let s = ListScene()
        s.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -100), steps: 4, lift: false)
        #expect(s.list.isDragging && s.list.isTracking)
        s.list.panGestureRecognizer.isEnabled = false   // UIKit cancels a pan in progress
        #expect(!s.list.isDragging)
        #expect(s.delegate.calls == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging"])
        // The finger is still down: the scroll view still tracks it, and the content stays put.
        #expect(s.list.isTracking)
        s.sim.touchMove(1, to: CGPoint(x: 100, y: 200))
        #expect(s.list.contentOffset == CGPoint(x: 0, y: 90))
        s.sim.touchUp(1)
        #expect(!s.list.isTracking && !s.list.isDragging && !s.list.isDecelerating)
        #expect(s.delegate.calls.filter { $0.hasPrefix("didEndDragging") }.count == 1)
    }

    @Test func removingThePanMidDragEndsTheDrag() {
        let s = ListScene()
        s.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -100), steps: 4, lift: false)
        #expect(s.list.isDragging)
        s.list.removeGestureRecognizer(s.list.panGestureRecognizer)
        #expect(!s.list.isDragging)
        #expect(s.delegate.calls.last == "didEndDragging")
        s.sim.touchUp(1)
        #expect(!s.list.isTracking)
    }

    @Test func cancelledTouchesEndTheDragAndTheTracking() {
        let s = ListScene()
        s.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -100), steps: 4, lift: false)
        s.sim.cancelAllTouches()
        #expect(!s.list.isDragging && !s.list.isTracking)
        #expect(s.delegate.calls == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging"])
    }
}
