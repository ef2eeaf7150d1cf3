// The sets handed to touch methods are reused while the same touches come back (TouchSetCache): what a
// view or a recognizer receives must be exactly the touches of each call, whatever was handed before.

import Foundation
import Testing
@testable import ResponderKit // for TouchSetCache

@MainActor
@Suite struct TouchSetReuseTests {

    /// A recognizer that keeps every set it is handed and never recognizes.
    final class Keeper: UIGestureRecognizer {
        private(set) var calls: [(method: String, touches: Set<UITouch>)] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { calls.append(("began", touches)) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { calls.append(("moved", touches)) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { calls.append(("ended", touches)) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { calls.append(("cancelled", touches)) }
        /// The fingers of each call, in order, as "method:fingers".
        var fingerLog: [String] { calls.map { "\($0.method):\($0.touches.map(\.finger).sorted())" } }
    }

    /// A scene with one multi-touch view, and finger 1 down on it and moved once.
    private func startDragOnMultiTouchView() -> (Scene, LoggingView) {
        let scene = Scene()
        let view = scene.addView("view", CGRect(x: 0, y: 0, width: 300, height: 300))
        view.isMultipleTouchEnabled = true
        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        scene.sim.touchMove(1, to: CGPoint(x: 20, y: 10))
        return (scene, view)
    }

    private func fingers(_ calls: [(method: String, touches: Set<UITouch>, event: UIEvent?)]) -> [String] {
        calls.map { "\($0.method):\($0.touches.map(\.finger).sorted())" }
    }

    @Test func aViewGetsExactlyTheMovingTouchesAsFingersJoinAndLiftMidDrag() {
        let (scene, view) = startDragOnMultiTouchView()
        scene.sim.touchMove(1, to: CGPoint(x: 30, y: 10))
        scene.sim.touchDown(2, at: CGPoint(x: 100, y: 100))
        scene.sim.touch(.move(1, to: CGPoint(x: 40, y: 10)), .move(2, to: CGPoint(x: 110, y: 100)))
        scene.sim.touch(.move(1, to: CGPoint(x: 50, y: 10)), .move(2, to: CGPoint(x: 120, y: 100)))
        scene.sim.touchMove(2, to: CGPoint(x: 130, y: 100))
        scene.sim.touchUp(1)
        scene.sim.touchMove(2, to: CGPoint(x: 140, y: 100))
        scene.sim.touchUp(2)
        #expect(fingers(view.touchCalls) == [
            "began:[1]", "moved:[1]", "moved:[1]", "began:[2]", "moved:[1, 2]", "moved:[1, 2]", "moved:[2]",
            "ended:[1]", "moved:[2]", "ended:[2]",
        ])
    }

    @Test func aRecognizerGetsExactlyTheTouchesOfEachCallAndASetItKeptNeverChanges() {
        let scene = Scene()
        let view = scene.addView("view", CGRect(x: 0, y: 0, width: 300, height: 300))
        let keeper = Keeper()
        view.addGestureRecognizer(keeper)
        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        scene.sim.touchMove(1, to: CGPoint(x: 20, y: 10))
        scene.sim.touchDown(2, at: CGPoint(x: 100, y: 100))
        scene.sim.touch(.move(1, to: CGPoint(x: 30, y: 10)), .move(2, to: CGPoint(x: 110, y: 100)))
        scene.sim.touchUp(1)
        scene.sim.touchMove(2, to: CGPoint(x: 120, y: 100))
        scene.sim.touchUp(2)
        #expect(keeper.fingerLog == [
            "began:[1]", "moved:[1]", "began:[2]", "moved:[1, 2]", "ended:[1]", "moved:[2]", "ended:[2]",
        ])
    }

    @Test func aSetAViewKeptIsNotChangedByLaterDeliveries() {
        let (scene, view) = startDragOnMultiTouchView()
        let kept = view.touchCalls[1].touches
        scene.sim.touchDown(2, at: CGPoint(x: 100, y: 100))
        scene.sim.touch(.move(1, to: CGPoint(x: 30, y: 10)), .move(2, to: CGPoint(x: 110, y: 100)))
        #expect(kept.map(\.finger) == [1])
        #expect(view.touchCalls.last?.touches.count == 2)
    }

    @Test func theSetsLetGoOfATouchOnceItLeavesTheEvent() {
        let scene = Scene()
        // A plain view and recognizer, which keep nothing they are handed.
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        view.addGestureRecognizer(UIPanGestureRecognizer())
        scene.window.addSubview(view)
        weak var touch: UITouch?
        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        scene.sim.touchMove(1, to: CGPoint(x: 20, y: 10))
        touch = scene.app.touchEvent.touchList.first
        #expect(touch != nil)
        scene.sim.touchUp(1)
        #expect(touch == nil)
    }

    // MARK: The cache itself

    @Test func theCacheAnswersWithTheTouchesOfferedSinceBeginWhateverItHeldBefore() {
        let touches = (1...3).map { finger in
            UITouch(finger: finger, sample: HIDEvent.Touch(finger: finger, phase: .began, location: .zero),
                    locationInWindow: .zero, timestamp: 0)
        }
        var cache = TouchSetCache()
        func handOver(_ list: [UITouch]) -> [Int]? {
            cache.begin()
            for touch in list { cache.offer(touch) }
            return cache.finish().map { $0.map(\.finger).sorted() }
        }
        #expect(handOver([touches[0], touches[1]]) == [1, 2])
        #expect(handOver([touches[0], touches[1]]) == [1, 2])   // the same touches
        #expect(handOver([touches[0]]) == [1])                  // fewer
        #expect(handOver([touches[0], touches[2]]) == [1, 3])   // one more
        #expect(handOver([touches[2], touches[0]]) == [1, 3])   // another order
        #expect(handOver([touches[1]]) == [2])                  // another touch
        #expect(handOver([]) == nil)                            // none
        cache.clear()
        #expect(handOver([touches[1], touches[2]]) == [2, 3])
    }
}
