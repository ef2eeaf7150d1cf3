// Behaviours of real UIKit that components written for it rely on: a continuous recognizer that fails
// after it began (D4), where a swipe says it is and how far a drag moves a scroll view's content (R21),
// and a two-finger pan added to a scroll view (R5). Pinch and rotation measurements (R21) are in
// BuiltInRecognizerTests.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct ObservedUIKitBehaviourTests {

    @MainActor final class Actions {
        var states: [UIGestureRecognizer.State] = []
        var points: [CGPoint] = []
        var read: ((UIGestureRecognizer) -> Void)?
        func handle(_ recognizer: UIGestureRecognizer) {
            states.append(recognizer.state)
            read?(recognizer)
        }
    }

    /// A pan that fails on the move its fingers first go left, however long it has been dragging.
    final class FailsGoingLeft: UIPanGestureRecognizer {
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesMoved(touches, with: event)
            guard let touch = touches.first else { return }
            if touch.location(in: nil).x < touch.previousLocation(in: nil).x { state = .failed }
        }
    }

    func stateChanges(_ trace: TraceRecorder, of name: String) -> [String] {
        trace.records.compactMap { record in
            if case .recognizerState(let subject, let from, let to, _) = record.kind, subject.name == name {
                return "\(from)→\(to)"
            }
            return nil
        }
    }

    // MARK: D4: failing after beginning

    @Test func aPanThatFailsInALaterEventEndsThereSendsNoActionAndItsViewHearsNothingMore() {
        let scene = Scene()
        let trace = scene.record()
        let view = scene.addView("view", scene.window.bounds)
        let pan = FailsGoingLeft()
        pan.name = "pan"
        let actions = Actions()
        pan.addTarget(actions, action: Actions.handle)
        view.addGestureRecognizer(pan)
        // A tap on the same view, prevented when the pan began.
        let tap = UITapGestureRecognizer()
        tap.name = "tap"
        view.addGestureRecognizer(tap)

        scene.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        scene.sim.touchMove(1, to: CGPoint(x: 140, y: 100))   // began
        scene.sim.touchMove(1, to: CGPoint(x: 160, y: 100))   // changed
        scene.sim.touchMove(1, to: CGPoint(x: 150, y: 100))   // failed
        scene.sim.touchMove(1, to: CGPoint(x: 180, y: 100))
        scene.sim.touchUp(1)

        #expect(actions.states == [.began, .changed])
        #expect(stateChanges(trace, of: "pan") == ["possible→began", "began→changed", "changed→failed", "failed→possible"])
        #expect(stateChanges(trace, of: "tap") == ["possible→failed", "failed→possible"])
        // The view's touch was cancelled when the pan began (D10), once (R14), and nothing came after.
        #expect(view.methods == ["began", "cancelled"])
        #expect(pan.state == .possible)
    }

    @Test func aPanThatFailsInTheEventItBeganNeverBeganAndItsViewKeepsTheTouch() {
        let scene = Scene()
        let trace = scene.record()
        let view = scene.addView("view", scene.window.bounds)
        let pan = FailsGoingLeft()
        pan.name = "pan"
        let actions = Actions()
        pan.addTarget(actions, action: Actions.handle)
        view.addGestureRecognizer(pan)

        scene.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        scene.sim.touchMove(1, to: CGPoint(x: 80, y: 100))    // past the hysteresis, going left
        scene.sim.touchUp(1)

        #expect(actions.states.isEmpty)
        #expect(stateChanges(trace, of: "pan") == ["possible→failed", "failed→possible"])
        #expect(view.methods == ["began", "moved", "ended"])
    }

    // MARK: R21: a swipe's location is where it began

    @Test func aSwipesLocationIsWhereItBeganNotWhereItWasRecognized() {
        let scene = Scene()
        let pad = scene.addView("pad", CGRect(x: 20, y: 40, width: 300, height: 400))
        let swipe = UISwipeGestureRecognizer()
        let actions = Actions()
        swipe.addTarget(actions, action: Actions.handle)
        actions.read = { recognizer in
            actions.points.append(recognizer.location(in: pad))
            actions.points.append(recognizer.location(in: nil))
            actions.points.append(recognizer.location(ofTouch: 0, in: pad))
        }
        pad.addGestureRecognizer(swipe)

        scene.sim.swipe(from: CGPoint(x: 60, y: 200), direction: .right, distance: 150)
        #expect(actions.states == [.recognized])
        #expect(actions.points == [CGPoint(x: 40, y: 160), CGPoint(x: 60, y: 200), CGPoint(x: 40, y: 160)])
    }

    @Test func aTwoFingerSwipeGivesEachFingersStartingPoint() {
        let scene = Scene()
        let swipe = UISwipeGestureRecognizer()
        swipe.numberOfTouchesRequired = 2
        swipe.direction = .up
        let actions = Actions()
        swipe.addTarget(actions, action: Actions.handle)
        actions.read = { recognizer in
            actions.points.append(recognizer.location(in: nil))
            actions.points.append(recognizer.location(ofTouch: 0, in: nil))
            actions.points.append(recognizer.location(ofTouch: 1, in: nil))
        }
        scene.window.addGestureRecognizer(swipe)

        scene.sim.touch(.down(1, at: CGPoint(x: 100, y: 400)), .down(2, at: CGPoint(x: 160, y: 400)))
        for step in 1 ... 5 {
            scene.sim.advance(by: 0.02)
            let y = 400 - CGFloat(step) * 30
            scene.sim.touch(.move(1, to: CGPoint(x: 100, y: y)), .move(2, to: CGPoint(x: 160, y: y)))
        }
        scene.sim.touch(.up(1), .up(2))
        #expect(actions.states == [.recognized])
        #expect(actions.points == [CGPoint(x: 130, y: 400), CGPoint(x: 100, y: 400), CGPoint(x: 160, y: 400)])
    }

    // MARK: R21: a pan's translation leaves its hysteresis out

    /// Observed on real UIKit: on a 300 × 300 scroll view over 1000 × 1000 of content, a finger dragged
    /// from (40, 100) right of and below the centre to as far left of and above it, over one second
    /// eased in and out, left the content offset near (75, 190), not (80, 200).
    @Test func aDragOf80By200PointsMovesAScrollViewsContentAbout75By190() {
        let scene = Scene()
        let list = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        list.contentSize = CGSize(width: 1000, height: 1000)
        scene.window.addSubview(list)
        let start = CGPoint(x: 190, y: 250), end = CGPoint(x: 110, y: 50)
        scene.sim.touchDown(1, at: start)
        for frame in 1 ... 60 {
            scene.sim.advance(by: 1.0 / 60)
            let t = Double(frame) / 60
            let eased = CGFloat(sin(sin(t * .pi / 2) * t * .pi / 2))
            scene.sim.touchMove(1, to: CGPoint(x: start.x + (end.x - start.x) * eased, y: start.y + (end.y - start.y) * eased))
        }
        scene.sim.touchUp(1)
        // The pan began when the finger had gone 10 pt up and about 4 pt left: both came off.
        #expect(abs(list.contentOffset.x - 75) < 2)
        #expect(abs(list.contentOffset.y - 190) < 1)
    }

    // MARK: R5: a two-finger pan added to a scroll view

    /// A vertical list, scrollable, with a pan of the app's on the list itself or on its superview.
    func twoFingerDrag(_ sim: EventSimulator, from start: CGPoint, by dy: CGFloat) {
        sim.touch(.down(1, at: start), .down(2, at: CGPoint(x: start.x + 40, y: start.y + 40)))
        for step in 1 ... 10 {
            sim.advance(by: 1.0 / 60)
            let y = CGFloat(step) * dy / 10
            sim.touch(.move(1, to: CGPoint(x: start.x, y: start.y + y)), .move(2, to: CGPoint(x: start.x + 40, y: start.y + 40 + y)))
        }
        sim.touch(.up(1), .up(2))
    }

    @Test func aTwoFingerPanAddedToAScrollableScrollViewWinsATwoFingerDrag() {
        let s = ListScene()
        let pan = UIPanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        let actions = Actions()
        pan.addTarget(actions, action: Actions.handle)
        s.list.addGestureRecognizer(pan)

        twoFingerDrag(s.sim, from: CGPoint(x: 100, y: 200), by: 50)
        #expect(actions.states.first == .began)
        #expect(actions.states.last == .ended)
        #expect(s.list.contentOffset == .zero) // the list's own pan was prevented
        #expect(!s.delegate.calls.contains("willBeginDragging"))
    }

    @Test func withTheTwoFingerPanAddedTheListStillScrollsUnderOneFinger() {
        let s = ListScene()
        let pan = UIPanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        let actions = Actions()
        pan.addTarget(actions, action: Actions.handle)
        s.list.addGestureRecognizer(pan)

        s.slowDrag(from: CGPoint(x: 160, y: 400), by: CGPoint(x: 0, y: -100))
        #expect(actions.states.isEmpty)
        #expect(s.list.contentOffset.y > 80)
    }

    @Test func aPanOnTheScrollViewsSuperviewStillLosesATieToTheScrollViewsPan() {
        let s = ListScene()
        let pan = UIPanGestureRecognizer()
        let actions = Actions()
        pan.addTarget(actions, action: Actions.handle)
        s.scene.window.addGestureRecognizer(pan)

        twoFingerDrag(s.sim, from: CGPoint(x: 100, y: 300), by: -60)
        #expect(actions.states.isEmpty)
        #expect(s.list.contentOffset.y > 0)
    }
}
