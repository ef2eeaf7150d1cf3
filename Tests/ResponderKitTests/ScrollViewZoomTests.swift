// Zooming: the pinch recognizer exists while zooming is possible and scales the delegate's view
// within the range, telling the delegate in UIKit's order.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct ScrollViewZoomTests {

    @Test func thePinchRecognizerExistsOnlyWhileZoomingIsPossible() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        #expect(scroll.pinchGestureRecognizer == nil)
        scroll.maximumZoomScale = 3
        #expect(scroll.pinchGestureRecognizer?.view === scroll)
        scroll.maximumZoomScale = 1
        #expect(scroll.pinchGestureRecognizer == nil)
        #expect(scroll.gestureRecognizers?.count == 2)
    }

    @Test func aPinchZoomsTheDelegatesViewWithinTheRange() {
        let s = ListScene()
        s.list.contentSize = CGSize(width: 320, height: 480)
        s.content.bounds.size = CGSize(width: 320, height: 480)
        s.content.center = CGPoint(x: 160, y: 240)
        s.delegate.zoomView = s.content
        s.list.minimumZoomScale = 1
        s.list.maximumZoomScale = 2.5
        s.sim.pinch(at: CGPoint(x: 160, y: 240), from: 100, to: 200)
        // The pinch begins at its first step, 110 pt apart, and its scale is measured from there (R21).
        let zoom: CGFloat = 200.0 / 110
        #expect(abs(s.list.zoomScale - zoom) < 1e-9)
        #expect(abs(s.list.contentSize.width - 320 * zoom) < 1e-9 && abs(s.list.contentSize.height - 480 * zoom) < 1e-9)
        #expect(s.delegate.calls.first == "willBeginZooming")
        #expect(s.delegate.calls.contains("didZoom"))
        #expect(s.delegate.calls.last == "didEndZooming")
        s.sim.pinch(at: CGPoint(x: 160, y: 240), from: 100, to: 300)
        #expect(s.list.zoomScale == 2.5)
        s.list.setZoomScale(0.1, animated: false)
        #expect(s.list.zoomScale == 1)
    }

    @Test func withoutAViewForZoomingThePinchDoesNothing() {
        let s = ListScene()
        s.list.maximumZoomScale = 3
        s.sim.pinch(at: CGPoint(x: 160, y: 240), from: 100, to: 200)
        #expect(s.list.zoomScale == 1)
        #expect(!s.delegate.calls.contains("willBeginZooming"))
    }

    /// A list whose content (320 × 480) zooms between 1 and 4.
    private func zoomingScene() -> ListScene {
        let s = ListScene()
        s.list.contentSize = CGSize(width: 320, height: 480)
        s.content.bounds.size = CGSize(width: 320, height: 480)
        s.content.center = CGPoint(x: 160, y: 240)
        s.delegate.zoomView = s.content
        s.list.minimumZoomScale = 1
        s.list.maximumZoomScale = 4
        return s
    }

    /// Two fingers down 100 pt apart, then spread to 200: the pinch has begun and is still down.
    private func pinchHeldOpen(_ s: ListScene) {
        s.sim.touch(.down(1, at: CGPoint(x: 110, y: 240)), .down(2, at: CGPoint(x: 210, y: 240)))
        for step in 1...5 {
            s.sim.advance(by: 1.0 / 60)
            let half = 50 + CGFloat(step) * 10
            s.sim.touch(.move(1, to: CGPoint(x: 160 - half, y: 240)), .move(2, to: CGPoint(x: 160 + half, y: 240)))
        }
    }

    @Test func anAnimatedZoomMovesTheScaleOverFramesOnTheApplicationsClock() {
        let s = zoomingScene()
        s.list.setZoomScale(3, animated: true)
        #expect(s.list.zoomScale == 1)
        #expect(s.delegate.calls == ["willBeginZooming"])
        s.sim.advance(by: 0.1)
        #expect(s.list.zoomScale > 1 && s.list.zoomScale < 3)
        #expect(!s.list.isZooming)   // isZooming means a pinch
        s.sim.advance(by: 0.5)
        #expect(s.list.zoomScale == 3)
        #expect(s.list.contentSize == CGSize(width: 960, height: 1440))
        #expect(s.delegate.calls == ["willBeginZooming", "didZoom", "didEndZooming"])
        s.sim.advance(by: 1)
        #expect(s.delegate.calls.count == 3)
    }

    @Test func anAnimatedZoomWithoutAWindowOrAViewForZoomingChangesAtOnce() {
        let loose = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let delegate = ScrollRecorder()
        delegate.zoomView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        loose.addSubview(delegate.zoomView!)
        loose.delegate = delegate
        loose.maximumZoomScale = 2
        loose.setZoomScale(2, animated: true)
        #expect(loose.zoomScale == 2)
        #expect(delegate.calls == ["didZoom"])
        let s = zoomingScene()
        s.delegate.zoomView = nil
        s.list.setZoomScale(2, animated: true)
        #expect(s.list.zoomScale == 1)
        #expect(s.delegate.calls.isEmpty)
    }

    @Test func aTouchThatStopsAnAnimatedZoomEndsItAtTheScaleItReached() {
        let s = zoomingScene()
        s.list.setZoomScale(3, animated: true)
        s.sim.advance(by: 0.1)
        let reached = s.list.zoomScale
        s.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        #expect(s.delegate.calls == ["willBeginZooming", "didZoom", "didEndZooming"])
        s.sim.advance(by: 1)
        #expect(s.list.zoomScale == reached)
        s.sim.touchUp(1)
    }

    @Test func zoomToRectFillsTheBoundsWithTheRectCentred() {
        let s = zoomingScene()
        s.list.zoom(to: CGRect(x: 100, y: 100, width: 160, height: 240), animated: false)
        #expect(s.list.zoomScale == 2)
        #expect(s.list.contentOffset == CGPoint(x: 200, y: 200))
        // Beyond the range: the scale stops at the maximum, the offset stays within the content.
        s.list.zoom(to: CGRect(x: 300, y: 460, width: 10, height: 10), animated: false)
        #expect(s.list.zoomScale == 4)
        #expect(s.list.contentOffset == CGPoint(x: 960, y: 1440))
    }

    @Test func anAnimatedZoomToRectEndsWhereTheImmediateOneDoes() {
        let s = zoomingScene()
        s.list.zoom(to: CGRect(x: 100, y: 100, width: 160, height: 240), animated: true)
        s.sim.advance(by: 0.1)
        #expect(s.list.zoomScale > 1 && s.list.zoomScale < 2)
        s.sim.advance(by: 0.5)
        #expect(s.list.zoomScale == 2)
        #expect(s.list.contentOffset == CGPoint(x: 200, y: 200))
        // Every frame zooms and scrolls together.
        #expect(s.delegate.calls.first == "willBeginZooming")
        #expect(s.delegate.calls.last == "didEndZooming")
        #expect(Set(s.delegate.calls.dropFirst().dropLast()) == ["didZoom", "didScroll"])
    }

    @Test func isZoomingEndsWhenThePinchIsRemovedMidGesture() {
        let s = zoomingScene()
        pinchHeldOpen(s)
        #expect(s.list.isZooming)
        s.list.maximumZoomScale = 1   // zooming is no longer possible: the pinch goes
        #expect(s.list.pinchGestureRecognizer == nil)
        #expect(!s.list.isZooming)
        #expect(s.delegate.calls.first == "willBeginZooming")
        #expect(s.delegate.calls.last == "didEndZooming")
        s.sim.touch(.up(1), .up(2))
        #expect(s.delegate.calls.filter { $0 == "didEndZooming" }.count == 1)
    }

    @Test func isZoomingEndsWhenThePinchIsDisabledMidGesture() {
        let s = zoomingScene()
        pinchHeldOpen(s)
        #expect(s.list.isZooming)
        s.list.pinchGestureRecognizer?.isEnabled = false
        #expect(!s.list.isZooming)
        #expect(s.delegate.calls.last == "didEndZooming")
        s.sim.touch(.up(1), .up(2))
        #expect(s.delegate.calls.filter { $0 == "didEndZooming" }.count == 1)
    }

    @Test func isZoomingEndsWhenThePinchsTouchesAreCancelled() {
        let s = zoomingScene()
        pinchHeldOpen(s)
        s.sim.cancelAllTouches()
        #expect(!s.list.isZooming && !s.list.isTracking)
        #expect(s.delegate.calls.last == "didEndZooming")
    }
}
