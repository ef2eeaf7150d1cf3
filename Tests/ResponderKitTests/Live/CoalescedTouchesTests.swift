// Coalesced and predicted touches (I5): moves that wait in the port together become one change per
// loop turn, their samples kept; nothing else is ever merged, dropped or reordered; recognizers
// measure the same translation and velocity either way.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct CoalescedTouchesTests {

    /// Keeps, for each touchesMoved, the samples of the event and its predictions.
    final class MoveLog: UIView {
        var moved: [(main: CGPoint, samples: [CGPoint], times: [TimeInterval], predicted: [CGPoint])] = []
        var began: [[UITouch]?] = []

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            for touch in touches { began.append(event?.coalescedTouches(for: touch)) }
        }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
            guard let touch = touches.first, let event else { return }
            let samples = event.coalescedTouches(for: touch) ?? []
            moved.append((touch.location(in: nil), samples.map { $0.location(in: nil) }, samples.map(\.timestamp),
                          (event.predictedTouches(for: touch) ?? []).map { $0.location(in: nil) }))
        }
    }

    /// A finger down, then eight moves 240 times a second (y = 10 + step²: accelerating), each posted
    /// half a sample into a 60 Hz frame so that four land in each frame; then the finger lifts.
    private func play(on sim: EventSimulator, loopRate: Double?) {
        sim.loopRate = loopRate
        sim.touchDown(1, at: CGPoint(x: 100, y: 10))
        sim.advance(by: 1.0 / 60)
        sim.advance(by: 1.0 / 480)
        for step in 1...8 {
            sim.touchMove(1, to: CGPoint(x: 100, y: 10 + CGFloat(step * step)))
            sim.advance(by: 1.0 / 240)
        }
    }

    @Test func movesAt240HertzIntoA60HertzLoopGiveOneEventPerTurnWithTheirSamples() {
        let scene = Scene()
        let view = MoveLog(frame: scene.window.bounds)
        scene.window.addSubview(view)
        play(on: scene.sim, loopRate: 60)
        #expect(view.moved.count == 2)
        #expect(view.moved.map { $0.samples.map(\.y) } == [[11, 14, 19, 26], [35, 46, 59, 74]])
        #expect(view.moved.map(\.main.y) == [26, 74], "the last sample is the touch itself")
        for event in view.moved {
            #expect(event.times == event.times.sorted())
            #expect(isClose(event.times[3] - event.times[0], 3.0 / 240))
        }
        #expect(view.began.map { $0?.count } == [1], "a touch that begins has exactly one sample")
    }

    @Test func withoutALoopRateEveryMoveIsItsOwnEvent() {
        let scene = Scene()
        let view = MoveLog(frame: scene.window.bounds)
        scene.window.addSubview(view)
        play(on: scene.sim, loopRate: nil)
        #expect(view.moved.count == 8)
        #expect(view.moved.allSatisfy { $0.samples.count == 1 })
    }

    @Test func predictionsContinueTheLastStepForOneFrame() {
        let scene = Scene()
        let view = MoveLog(frame: scene.window.bounds)
        scene.window.addSubview(view)
        play(on: scene.sim, loopRate: 60)
        // The last step went from 59 to 74 in 1/240 s: 15 pt × 4 = 60 pt in one 60 Hz frame.
        #expect(view.moved.last.map { isClose($0.predicted[0], CGPoint(x: 100, y: 134), tolerance: 1e-6) } == true)
    }

    @Test func aPansTranslationAndVelocityAreTheSameWhetherOrNotMovesWereCoalesced() {
        func run(loopRate: Double?) -> (translation: CGPoint, velocity: CGPoint) {
            let scene = Scene()
            let pan = UIPanGestureRecognizer()
            scene.window.addGestureRecognizer(pan)
            play(on: scene.sim, loopRate: loopRate)
            return (pan.translation(in: nil), pan.velocity(in: nil))
        }
        let plain = run(loopRate: nil), coalesced = run(loopRate: 60)
        #expect(isClose(plain.translation, CGPoint(x: 0, y: 54)))   // 64 pt less the hysteresis (R21)
        #expect(isClose(coalesced.translation, plain.translation))
        #expect(isClose(coalesced.velocity, plain.velocity, tolerance: 1e-6))
        #expect(isClose(plain.velocity.y, 15 * 240, tolerance: 1e-6))
    }

    @Test func onlyMovesMergeEverythingElseKeepsItsPlaceInTheQueue() {
        let scene = Scene()
        scene.addView("view", scene.window.bounds)
        let recorder = scene.record()
        scene.app.beginReceivingRemoteControlEvents()
        let sim = scene.sim
        sim.loopRate = 60
        sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        sim.touchMove(1, to: CGPoint(x: 20, y: 10))
        sim.touchMove(1, to: CGPoint(x: 30, y: 10))
        sim.pressDown(.select)
        sim.touchMove(1, to: CGPoint(x: 40, y: 10))
        sim.shake()
        sim.touchMove(1, to: CGPoint(x: 50, y: 10))
        sim.touchMove(1, to: CGPoint(x: 60, y: 10))
        sim.remoteControl(.remoteControlPlay)
        sim.touchUp(1)
        sim.touchDown(2, at: CGPoint(x: 10, y: 10))
        sim.touchCancel(2)
        sim.advance(by: 1.0 / 60)
        let inputs = recorder.records.compactMap { record -> String? in
            if case .input(let input) = record.kind { return input.description } else { return nil }
        }
        #expect(inputs == [
            "#1 down (10, 10)", "#1 move (30, 10) (2 samples)", "press select began", "#1 move (40, 10)",
            "motion motionShake began", "motion motionShake ended", "#1 move (60, 10) (2 samples)",
            "remote control remoteControlPlay", "#1 up (60, 10)", "#2 down (10, 10)", "#2 cancel (10, 10)",
        ])
    }

    @Test func coalescedSamplesOfDifferentFingersStayWithTheirFinger() {
        let scene = Scene()
        let view = MoveLog(frame: scene.window.bounds)
        view.isMultipleTouchEnabled = true
        scene.window.addSubview(view)
        var seen: [Int: [CGFloat]] = [:]
        final class Both: UIView {
            var onMoved: ((Set<UITouch>, UIEvent?) -> Void)?
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { onMoved?(touches, event) }
        }
        let both = Both(frame: scene.window.bounds)
        both.isMultipleTouchEnabled = true
        scene.window.addSubview(both)
        both.onMoved = { touches, event in
            for touch in touches {
                let column = Int(touch.location(in: nil).x)
                seen[column, default: []] += (event?.coalescedTouches(for: touch) ?? []).map { $0.location(in: nil).y }
            }
        }
        scene.sim.touch(.down(1, at: CGPoint(x: 100, y: 0)), .down(2, at: CGPoint(x: 200, y: 0)))
        scene.sim.loopRate = 60
        scene.sim.touch(.move(1, to: CGPoint(x: 100, y: 1)), .move(2, to: CGPoint(x: 200, y: 1)))
        scene.sim.touchMove(1, to: CGPoint(x: 100, y: 2))
        scene.sim.touchMove(2, to: CGPoint(x: 200, y: 2))
        scene.sim.touchMove(1, to: CGPoint(x: 100, y: 3))
        scene.sim.advance(by: 1.0 / 60)
        #expect(seen[100] == [1, 2, 3])
        #expect(seen[200] == [1, 2])
    }
}
