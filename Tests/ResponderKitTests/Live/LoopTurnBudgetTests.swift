// A live loop's turn is bounded (EventLoop.turnBudget): it ends once the budget is spent, after the event
// in hand, and the next turn goes on in order; stop() ends a turn after the event in hand. On a clock the
// test moves by hand: each event handled costs 1 ms of it.

import Foundation
import Testing
@testable import ResponderKit // for the clock's injectable time source

@MainActor
@Suite struct LoopTurnBudgetTests {

    /// Logs the finger of every touch call; each call costs `cost` of the hand-moved clock.
    final class CostlyView: UIView {
        var handled: [String] = []
        var time: ManualTime?
        var cost: TimeInterval = 0.001
        var onCall: ((Int) -> Void)?
        private func note(_ name: String, _ touches: Set<UITouch>) {
            for touch in touches { handled.append("\(name) \(touch.finger)") }
            time?.advance(by: cost)
            onCall?(handled.count)
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("began", touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("ended", touches) }
    }

    private func scene() -> (LiveScene, CostlyView, ManualTime) {
        let time = ManualTime(0)
        let scene = LiveScene(time: time)
        let view = CostlyView(frame: scene.window.bounds)
        view.isMultipleTouchEnabled = true
        view.time = time
        scene.window.addSubview(view)
        return (scene, view, time)
    }

    /// 20 fingers down, then up: 40 records that cannot coalesce.
    private func postTaps(_ scene: LiveScene, fingers: Range<Int> = 0..<20) {
        for finger in fingers { scene.post(finger, .began, CGFloat(10 + finger), 10) }
        for finger in fingers { scene.post(finger, .ended, CGFloat(10 + finger), 10) }
    }

    @Test func aTurnEndsOnceItsBudgetIsSpentAndTheNextTurnsGoOnInOrder() {
        let (scene, view, _) = scene()
        #expect(scene.loop.turnBudget == 0.008)
        postTaps(scene)
        var turns: [Int] = []
        var results: [TimeInterval?] = []
        while turns.count < 20 {
            let before = view.handled.count
            let result = scene.loop.processEvents()
            turns.append(view.handled.count - before)
            results.append(result)
            if result == nil { break }
        }
        // 8 events of 1 ms fill the 8 ms budget: five turns of 8, each but the last saying "call again now".
        #expect(turns == [8, 8, 8, 8, 8])
        #expect(results == [0, 0, 0, 0, nil])
        #expect(view.handled == (0..<20).map { "began \($0)" } + (0..<20).map { "ended \($0)" })
    }

    @Test func inputPostedBetweenTurnsWaitsBehindWhatTheLastTurnLeft() {
        let (scene, view, _) = scene()
        scene.loop.turnBudget = 0.003
        postTaps(scene, fingers: 0..<4)
        scene.loop.processEvents()
        #expect(view.handled == ["began 0", "began 1", "began 2"])
        postTaps(scene, fingers: 4..<5)
        while scene.loop.processEvents() != nil {}
        #expect(view.handled == ["began 0", "began 1", "began 2", "began 3", "ended 0", "ended 1", "ended 2", "ended 3", "began 4", "ended 4"])
    }

    @Test func stopEndsTheTurnAfterTheEventInHandAndRunReturns() {
        let (scene, view, time) = scene()
        view.cost = 0                                 // the clock stands still: only stop() ends the turn
        view.onCall = { count in if count == 10 { scene.loop.stop() } }
        postTaps(scene)
        scene.loop.run(until: Date(timeIntervalSinceNow: 5))
        #expect(view.handled.count == 10, "run(until:) returned right after the event that called stop()")
        _ = time
        // Nothing was lost: the next turns take up the rest, in order.
        view.onCall = nil
        while scene.loop.processEvents() != nil {}
        #expect(view.handled == (0..<20).map { "began \($0)" } + (0..<20).map { "ended \($0)" })
    }

    @Test func aStopMadeOutsideRunDoesNotShortenAHostLoopsTurns() {
        let (scene, view, _) = scene()
        scene.loop.stop()
        postTaps(scene, fingers: 0..<3)
        #expect(scene.loop.processEvents() == nil)
        #expect(view.handled.count == 6)
    }

    /// Appends the press's states to the view's log, so that their order with the touches shows.
    @MainActor
    final class PressLog {
        let view: CostlyView
        init(view: CostlyView) { self.view = view }
        func handle(_ press: UILongPressGestureRecognizer) { view.handled.append("press \(press.state)") }
    }

    @Test func aTimerDueBetweenTwoEventsFiresBetweenThemAcrossBoundedTurns() {
        let (scene, view, time) = scene()
        view.cost = 0.004                             // two events a turn
        let log = PressLog(view: view)
        let press = UILongPressGestureRecognizer(target: log, action: PressLog.handle)
        press.minimumPressDuration = 0.010
        scene.view.addGestureRecognizer(press)        // on the canvas, left of the view
        view.frame = CGRect(x: 100, y: 0, width: 220, height: 480)
        scene.post(0, .began, 10, 10)                 // at 0, on the canvas: the press falls due at 0.010
        scene.loop.processEvents()
        for finger in 1...6 {
            time.advance(by: 0.003)
            scene.post(finger, .began, CGFloat(110 + finger), 10)  // on the view at 0.003, 0.006, … 0.018
        }
        time.advance(by: 0.002)
        var turns = 0
        while scene.loop.processEvents() != nil, turns < 20 { turns += 1 }
        #expect(turns >= 2, "the input took more than one turn")
        #expect(view.handled == ["began 1", "began 2", "began 3", "press began", "began 4", "began 5", "began 6"])
    }
}
