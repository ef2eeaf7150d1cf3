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
        #expect(s.list.zoomScale == 2)
        #expect(s.list.contentSize == CGSize(width: 640, height: 960))
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
}
