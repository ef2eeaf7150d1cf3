// The application's own loop on real time: timers fire from it in both modes, never from the main
// dispatch queue (R26, I4); its deadline is the earliest timer's; stages and timer decisions are traced.

import Foundation
import Testing
@testable import ResponderKit // for the clock's injectable time source and the port's wait

@MainActor
@Suite struct RealTimeLoopTests {

    @Test func aLongPressBeginsOnItsOwnInAHostLoopThatNeverServicesTheMainQueue() {
        let time = ManualTime(100)
        let scene = LiveScene(time: time)
        let log = StateLog()
        let press = UILongPressGestureRecognizer(target: log, action: StateLog.handle)
        scene.view.addGestureRecognizer(press)
        let recorder = TraceRecorder()
        scene.app.tracer = recorder

        // The test body holds the main thread throughout: the main dispatch queue never runs.
        scene.post(1, .began, 50, 50)
        #expect(scene.loop.processEvents() == 0.5)
        time.advance(by: 0.3)
        #expect(isClose(scene.loop.processEvents() ?? -1, 0.2))
        #expect(log.states.isEmpty)
        time.advance(by: 0.25)
        #expect(scene.loop.processEvents() == nil)
        #expect(log.states == [.began])

        // The timer's decision is traced like a virtual one, at a time relative to the loop's start.
        let began = recorder.records.first { record in
            if case .recognizerState(_, .possible, .began, _) = record.kind { return true } else { return false }
        }
        #expect(began != nil)
        #expect(isClose(began?.time ?? -1, 0.55))

        scene.post(1, .ended, 50, 50)
        scene.loop.processEvents()
        #expect(log.states == [.began, .ended])
    }

    @Test func theDeadlineIsTheEarliestTimers() {
        let time = ManualTime(0)
        let scene = LiveScene(time: time)
        let slow = UILongPressGestureRecognizer()
        slow.minimumPressDuration = 0.8
        let quick = UILongPressGestureRecognizer()
        quick.minimumPressDuration = 0.3
        let delegate = Simultaneous()
        for recognizer in [slow, quick] {
            recognizer.delegate = delegate
            scene.view.addGestureRecognizer(recognizer)
        }
        #expect(scene.loop.processEvents() == nil)
        scene.post(1, .began, 50, 50)
        #expect(scene.loop.processEvents() == 0.3)
        time.advance(by: 0.3)
        #expect(isClose(scene.loop.processEvents() ?? -1, 0.5))
        #expect(quick.state == .began)
    }

    @Test func twoTapsTwoSecondsApartAreNotADoubleTapInAHostLoop() {
        let time = ManualTime(0)
        let scene = LiveScene(time: time)
        let log = StateLog()
        let doubleTap = UITapGestureRecognizer(target: log, action: StateLog.handle)
        doubleTap.numberOfTapsRequired = 2
        scene.view.addGestureRecognizer(doubleTap)
        for _ in 0..<2 {
            scene.post(1, .began, 50, 50)
            scene.post(1, .ended, 50, 50)
            scene.loop.processEvents()
            time.advance(by: 2)
            scene.loop.processEvents()
        }
        #expect(log.states.isEmpty)
    }

    @Test func aTimerThatFellDueAfterTheInputHappenedWaitsForIt() {
        // The finger lifted at 0.45 s; the loop only turns at 0.6 s: the lift ends the press first.
        let time = ManualTime(0)
        let scene = LiveScene(time: time)
        let log = StateLog()
        scene.view.addGestureRecognizer(UILongPressGestureRecognizer(target: log, action: StateLog.handle))
        scene.post(1, .began, 50, 50)
        scene.loop.processEvents()
        time.advance(by: 0.45)
        scene.post(1, .ended, 50, 50)
        time.advance(by: 0.15)
        scene.loop.processEvents()
        #expect(log.states.isEmpty)
        #expect(scene.app.clock.pendingTimerCount == 0)
    }

    @Test func aHostLoopOnTheRealClockFiresALongPressWithinItsBound() {
        let scene = LiveScene()
        let log = StateLog()
        let press = UILongPressGestureRecognizer(target: log, action: StateLog.handle)
        press.minimumPressDuration = 0.05
        scene.view.addGestureRecognizer(press)
        scene.post(1, .began, 50, 50)
        let limit = Date(timeIntervalSinceNow: 2)
        while log.states.isEmpty, Date() < limit {
            // An SDL-like loop: handle what is due, then sleep until the deadline (never servicing the main queue).
            let wait = scene.loop.processEvents() ?? 0.01
            Thread.sleep(forTimeInterval: min(wait, 0.01))
        }
        #expect(log.states == [.began])
    }

    @Test func theSelfDrivenLoopFiresTheSameTimersAndStopsWhenTold() {
        let scene = LiveScene()
        let log = StateLog()
        let press = UILongPressGestureRecognizer(target: log, action: StateLog.handle)
        press.minimumPressDuration = 0.05
        scene.view.addGestureRecognizer(press)
        log.stopOn = (.began, scene.loop)
        let port = scene.app.inputPort
        Thread.detachNewThread {
            port.post(.touches([HIDEvent.Touch(finger: 1, phase: .began, location: CGPoint(x: 50, y: 50))]))
        }
        let start = Date()
        scene.loop.run(until: Date(timeIntervalSinceNow: 2))
        #expect(log.states == [.began])
        #expect(Date().timeIntervalSince(start) < 1.5)
        // Delivered on the thread that runs the loop (the main actor's), not the producer's.
        #expect(log.threads == [Thread.current])
    }

    @Test func withStagesOnTheTraceShowsPortQueueSendEventAndTimers() {
        let time = ManualTime(0)
        let scene = LiveScene(time: time)
        scene.view.addGestureRecognizer(UILongPressGestureRecognizer())
        let recorder = TraceRecorder()
        scene.app.tracer = recorder
        scene.app.tracesRunLoopStages = true
        scene.post(1, .began, 50, 50)
        scene.loop.processEvents()
        time.advance(by: 0.5)
        scene.loop.processEvents()
        let stages = recorder.records.compactMap { record -> RunLoopStage? in
            if case .runLoop(let stage) = record.kind { return stage } else { return nil }
        }
        #expect(stages == [.portDrained(records: 1), .eventQueueHandled(events: 1), .sendEvent(.touches), .timerFired(due: 0.5)])
    }

    @Test func stagesAreHiddenByDefault() {
        let scene = Scene()
        scene.addView("view", CGRect(x: 0, y: 0, width: 100, height: 100))
        let recorder = scene.record()
        scene.sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(!recorder.records.contains { if case .runLoop = $0.kind { return true } else { return false } })
    }

    final class Simultaneous: UIGestureRecognizerDelegate {
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool { true }
    }
}
