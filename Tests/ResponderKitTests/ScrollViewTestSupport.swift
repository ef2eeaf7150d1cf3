// Fixtures for the scroll-view suites: a list (a vertical scroll view over a tall content view) and a
// delegate that writes every call into an ordered log.

import Foundation
import Testing
import ResponderKit

/// Writes each delegate call as a word; `didScroll` only once per run of them.
@MainActor
final class ScrollRecorder: UIScrollViewDelegate {
    var calls: [String] = []
    var scrolls = 0
    var target: CGPoint?
    var zoomView: UIView?

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        scrolls += 1
        if calls.last != "didScroll" { calls.append("didScroll") }
    }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { calls.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        calls.append("willEndDragging")
        if let target { targetContentOffset.pointee = target }
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        calls.append(decelerate ? "didEndDragging(decelerate)" : "didEndDragging")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { calls.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { calls.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { calls.append("didEndScrollingAnimation") }
    func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomView }
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) { calls.append("willBeginZooming") }
    func scrollViewDidZoom(_ scrollView: UIScrollView) {
        if calls.last != "didZoom" { calls.append("didZoom") }
    }
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        calls.append("didEndZooming")
    }
}

/// A scene with a 320 × 480 list whose content is 2000 pt tall, logging its content's touches.
@MainActor
struct ListScene {
    let scene = Scene()
    let list: UIScrollView
    let content: LoggingView
    let delegate = ScrollRecorder()

    init(list: UIScrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))) {
        self.list = list
        list.accessibilityIdentifier = "list"
        list.contentSize = CGSize(width: 320, height: 2000)
        scene.window.addSubview(list)
        content = scene.addView("content", CGRect(x: 0, y: 0, width: 320, height: 2000), to: list)
        list.delegate = delegate
    }

    var sim: EventSimulator { scene.sim }

    /// A finger down at `start`, moved by `delta` in `steps` moves 1/60 s apart; lifted unless told not to.
    func fling(from start: CGPoint, by delta: CGPoint, steps: Int = 10, lift: Bool = true, finger: Int = 1) {
        sim.touchDown(finger, at: start)
        for step in 1...steps {
            sim.advance(by: 1.0 / 60)
            let f = CGFloat(step) / CGFloat(steps)
            sim.touchMove(finger, to: CGPoint(x: start.x + delta.x * f, y: start.y + delta.y * f))
        }
        if lift { sim.touchUp(finger) }
    }

    /// A slow drag: like ``fling`` but the finger rests 0.5 s and creeps 0.1 pt before lifting (no velocity).
    func slowDrag(from start: CGPoint, by delta: CGPoint, finger: Int = 1) {
        fling(from: start, by: delta, lift: false, finger: finger)
        sim.advance(by: 0.5)
        sim.touchMove(finger, to: CGPoint(x: start.x + delta.x, y: start.y + delta.y + 0.1))
        sim.touchUp(finger)
    }
}
