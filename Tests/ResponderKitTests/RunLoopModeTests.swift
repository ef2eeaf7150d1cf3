// The application's run-loop modes and timers (I4): default-mode timers wait while the loop tracks and
// fire once, late, when it stops; common-mode timers and the engine's own timers keep firing; enters
// nest; the timer API behaves as Foundation's `Timer` on the main run loop, on virtual and real time.

import Foundation
import Testing
@testable import ResponderKit // for enterTrackingRunLoopMode() / exitTrackingRunLoopMode(), which scroll views call

@MainActor
@Suite struct RunLoopModeTests {

    /// An application on virtual time with the firing times of its timers.
    final class Firings {
        var times: [String: [TimeInterval]] = [:]
        func note(_ name: String, _ time: TimeInterval) { times[name, default: []].append(time) }
        func of(_ name: String) -> [TimeInterval] { times[name] ?? [] }
    }

    private func schedule(_ scene: Scene, _ firings: Firings, _ name: String, every interval: TimeInterval,
                          repeats: Bool = true, mode: RunLoop.Mode) -> ApplicationTimer {
        let sim = scene.sim
        return scene.app.scheduledTimer(withTimeInterval: interval, repeats: repeats, forMode: mode) { _ in
            firings.note(name, sim.now)
        }
    }

    // MARK: Modes

    @Test func theTrackingModeIsUIKitsAndFoundationOnLinuxDoesNotDeclareItsOwn() {
        #expect(RunLoop.Mode.tracking.rawValue == "UITrackingRunLoopMode")
        #expect(RunLoop.Mode.tracking != .default && RunLoop.Mode.tracking != .common)
    }

    @Test func theLoopRunsInTheDefaultModeUntilAScrollViewTracks() {
        let scene = Scene()
        #expect(scene.app.currentRunLoopMode == .default)
        scene.app.enterTrackingRunLoopMode()
        #expect(scene.app.currentRunLoopMode == .tracking)
        scene.app.exitTrackingRunLoopMode()
        #expect(scene.app.currentRunLoopMode == .default)
    }

    @Test func nestedEntersKeepTheLoopTrackingUntilTheLastExit() {
        let scene = Scene()
        let firings = Firings()
        _ = schedule(scene, firings, "refresh", every: 0.1, repeats: false, mode: .default)
        scene.app.enterTrackingRunLoopMode()   // the outer scroll view
        scene.app.enterTrackingRunLoopMode()   // the inner one
        scene.app.exitTrackingRunLoopMode()    // the inner one stops
        #expect(scene.app.currentRunLoopMode == .tracking)
        scene.sim.advance(by: 0.3)
        #expect(firings.of("refresh").isEmpty)
        scene.app.exitTrackingRunLoopMode()
        #expect(scene.app.currentRunLoopMode == .default)
        scene.sim.advance(by: 0)
        #expect(firings.of("refresh") == [0.3])
    }

    @Test func anExitWithoutAnEnterStopsWithAMessage() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { UIApplication().exitTrackingRunLoopMode() }
        }
    }

    @Test func aModeTheLoopNeverRunsInIsRefused() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                _ = UIApplication().scheduledTimer(withTimeInterval: 1, repeats: false, forMode: RunLoop.Mode("custom")) { _ in }
            }
        }
    }

    // MARK: Default, common and tracking timers

    @Test func aDefaultModeTimerWaitsWhileTheLoopTracksThenFiresOnceLateAndKeepsItsSchedule() {
        let scene = Scene()
        let firings = Firings()
        _ = schedule(scene, firings, "refresh", every: 0.1, mode: .default)
        scene.sim.advance(by: 0.15)
        #expect(firings.of("refresh") == [0.1])
        scene.app.enterTrackingRunLoopMode()
        scene.sim.advance(by: 0.4)                  // due at 0.2, 0.3, 0.4 and 0.5: none fires
        #expect(firings.of("refresh") == [0.1])
        scene.app.exitTrackingRunLoopMode()         // at 0.55
        scene.sim.advance(by: 0.1)
        // Once at the next turn (0.55), not once per missed firing; then 0.6 as scheduled from 0.1.
        #expect(firings.of("refresh").map(rounded) == [0.1, 0.55, 0.6])
    }

    @Test func aCommonModeTimerKeepsFiringWhileTheLoopTracks() {
        let scene = Scene()
        let firings = Firings()
        _ = schedule(scene, firings, "clock", every: 0.1, mode: .common)
        scene.app.enterTrackingRunLoopMode()
        scene.sim.advance(by: 0.35)
        #expect(firings.of("clock").map(rounded) == [0.1, 0.2, 0.3])
        scene.app.exitTrackingRunLoopMode()
        scene.sim.advance(by: 0.1)
        #expect(firings.of("clock").map(rounded) == [0.1, 0.2, 0.3, 0.4])
    }

    @Test func aTrackingModeTimerFiresOnlyWhileTheLoopTracks() {
        let scene = Scene()
        let firings = Firings()
        _ = schedule(scene, firings, "scrolling", every: 0.1, mode: .tracking)
        scene.sim.advance(by: 0.25)
        #expect(firings.of("scrolling").isEmpty)
        scene.app.enterTrackingRunLoopMode()
        scene.sim.advance(by: 0.1)
        #expect(firings.of("scrolling").map(rounded) == [0.25, 0.3])
    }

    @Test func waitingTimersFireInFireDateOrderAtTheTurnThatEndsTracking() {
        let scene = Scene()
        let firings = Firings()
        var order: [String] = []
        for (name, delay) in [("late", 0.3), ("early", 0.1), ("middle", 0.2)] {
            scene.app.scheduledTimer(withTimeInterval: delay, repeats: false) { _ in order.append(name) }
        }
        _ = schedule(scene, firings, "clock", every: 0.5, repeats: false, mode: .common)
        // A view that stops tracking when the finger lifts, as a scroll view does on touch-up.
        let view = ExitOnLift(frame: scene.window.bounds)
        scene.window.addSubview(view)
        scene.app.enterTrackingRunLoopMode()
        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        scene.sim.advance(by: 0.4)
        #expect(order.isEmpty)
        scene.sim.touchUp(1)                         // no advance: the turn that handled the lift fires them
        #expect(order == ["early", "middle", "late"])
        #expect(firings.of("clock").isEmpty)
        #expect(scene.app.clock.pendingTimerCount == 1)
    }

    final class ExitOnLift: UIView {
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            window?.application.exitTrackingRunLoopMode()
        }
    }

    @Test func addingAWaitingDefaultTimerToTheTrackingModeLetsItFireAtOnce() {
        let scene = Scene()
        let firings = Firings()
        let timer = schedule(scene, firings, "refresh", every: 0.1, mode: .default)
        scene.app.enterTrackingRunLoopMode()
        scene.sim.advance(by: 0.15)
        #expect(firings.of("refresh").isEmpty)
        scene.app.add(timer, forMode: .tracking)     // now in both modes, like a common-mode timer
        scene.sim.advance(by: 0.1)
        #expect(firings.of("refresh").map(rounded) == [0.15, 0.2])
        #expect(timer.fireDate.map(rounded) == 0.3)
    }

    // MARK: The engine's own timers

    @Test func theEnginesTimersKeepFiringWhileTheLoopTracks() {
        let scene = Scene()
        let view = UIView(frame: scene.window.bounds)
        scene.window.addSubview(view)
        let pressLog = StateLog(), tapLog = StateLog()
        let press = UILongPressGestureRecognizer(target: pressLog, action: StateLog.handle)
        view.addGestureRecognizer(press)
        let single = UITapGestureRecognizer(target: tapLog, action: StateLog.handle)
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)

        scene.app.enterTrackingRunLoopMode()
        scene.sim.touchDown(1, at: CGPoint(x: 50, y: 50))
        scene.sim.advance(by: 0.6)                   // the long press's 0.5 s timer fires
        #expect(pressLog.states == [.began])
        scene.sim.touchUp(1)
        scene.sim.advance(by: 1)
        scene.sim.tap(at: CGPoint(x: 200, y: 200))
        scene.sim.advance(by: 0.5)                   // the double tap's window closes: the single tap fires
        #expect(tapLog.states == [.ended])
        #expect(scene.app.currentRunLoopMode == .tracking)
        #expect(scene.app.clock.parkedTimerCount == 0)
    }

    // MARK: The timer API

    @Test func aOneShotTimerFiresOnceIsValidDuringItsBlockAndReportsNoInterval() {
        let scene = Scene()
        var validInBlock: [Bool] = []
        let timer = scene.app.scheduledTimer(withTimeInterval: 0.25, repeats: false) { timer in
            validInBlock.append(timer.isValid)
        }
        #expect(timer.isValid)
        #expect(timer.timeInterval == 0)             // Foundation: 0 for a non-repeating timer
        #expect(timer.fireDate == 0.25)
        scene.sim.advance(by: 1)
        #expect(validInBlock == [true])
        #expect(!timer.isValid)
        #expect(timer.fireDate == 0.25)
        #expect(scene.app.clock.pendingTimerCount == 0)
        scene.app.add(timer, forMode: .default)      // a spent timer is not scheduled again
        scene.sim.advance(by: 1)
        #expect(validInBlock == [true])
    }

    @Test func aRepeatingTimerFiresEveryIntervalAndItsFireDateMovesOn() {
        let scene = Scene()
        var fired: [TimeInterval] = []
        let timer = scene.app.scheduledTimer(withTimeInterval: 0.2, repeats: true) { _ in fired.append(scene.sim.now) }
        #expect(timer.timeInterval == 0.2)
        scene.sim.advance(by: 0.5)
        #expect(fired.map(rounded) == [0.2, 0.4])
        #expect(timer.fireDate.map(rounded) == 0.6)
        #expect(timer.isValid)
    }

    @Test func anIntervalOfZeroOrLessIsATenthOfAMillisecond() {
        let scene = Scene()
        var count = 0
        let timer = scene.app.scheduledTimer(withTimeInterval: -1, repeats: true) { _ in count += 1 }
        #expect(timer.timeInterval == 0.0001)
        scene.sim.advance(by: 0.001)
        #expect((9...10).contains(count))
        timer.invalidate()
    }

    @Test func invalidatingStopsTheTimerAndReleasesItsBlockAtOnce() {
        let scene = Scene()
        final class Token {}
        weak var weakToken: Token?
        var count = 0
        let timer: ApplicationTimer
        do {
            let token = Token()
            weakToken = token
            timer = scene.app.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in count += 1; _ = token }
        }
        scene.sim.advance(by: 0.15)
        #expect(count == 1)
        timer.invalidate()
        #expect(!timer.isValid)
        scene.sim.advance(by: 1)
        #expect(count == 1)
        #expect(scene.app.clock.pendingTimerCount == 0)
        #expect(weakToken == nil)                    // released though the handle lives on
        #expect(timer.fireDate.map(rounded) == 0.2)
    }

    @Test func aTimerCanInvalidateItselfFromItsBlock() {
        let scene = Scene()
        var count = 0
        scene.app.scheduledTimer(withTimeInterval: 0.1, repeats: true) { timer in
            count += 1
            if count == 3 { timer.invalidate() }
        }
        scene.sim.advance(by: 1)
        #expect(count == 3)
        #expect(scene.app.clock.pendingTimerCount == 0)
    }

    @Test func anInvalidatedTimerIsNotAddedAgain() {
        let scene = Scene()
        var count = 0
        let timer = ApplicationTimer(timeInterval: 0.1, repeats: false) { _ in count += 1 }
        #expect(timer.fireDate == nil)
        timer.invalidate()
        scene.app.add(timer, forMode: .common)
        scene.sim.advance(by: 1)
        #expect(count == 0)
        #expect(timer.fireDate == nil)
    }

    @Test func aTimerCreatedApartIsScheduledWhenAdded() {
        let scene = Scene()
        var fired: [TimeInterval] = []
        let timer = ApplicationTimer(timeInterval: 0.1, repeats: false) { _ in fired.append(scene.sim.now) }
        scene.sim.advance(by: 1)
        scene.app.add(timer, forMode: .common)
        #expect(timer.fireDate == 1.1)
        scene.app.enterTrackingRunLoopMode()
        scene.sim.advance(by: 0.2)
        #expect(fired == [1.1])
    }

    @Test func aScheduledTimerDoesNotKeepItsApplicationAlive() {
        weak var weakApp: UIApplication?
        var timer: ApplicationTimer?
        do {
            let app = UIApplication()
            weakApp = app
            _ = EventSimulator(application: app)
            timer = app.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in }
        }
        #expect(weakApp == nil)
        #expect(timer?.isValid == true)
    }

    // MARK: Traces

    @Test func aFiringIsTracedWithItsModeAndLatenessAndModeChangesWithTheStages() {
        let scene = Scene()
        let recorder = scene.record()
        let timer = scene.app.scheduledTimer(withTimeInterval: 0.1, repeats: false) { _ in }
        timer.name = "refresh"
        scene.app.enterTrackingRunLoopMode()
        scene.sim.advance(by: 0.3)
        scene.app.exitTrackingRunLoopMode()
        scene.sim.advance(by: 0)
        #expect(recorder.records.map(\.kind) == [.runLoopMode(.timerFired(timer: "refresh", mode: .default, due: 0.1, late: 0.3 - 0.1))])
        #expect(recorder.records.first?.description.hasSuffix("timer  refresh  fired 0.200 s late (default, due 0.100)") == true)

        recorder.removeAll()
        scene.app.tracesRunLoopStages = true
        scene.app.scheduledTimer(withTimeInterval: 0.1, repeats: false, forMode: .common) { _ in }
        scene.app.enterTrackingRunLoopMode()
        scene.sim.advance(by: 0.2)
        scene.app.exitTrackingRunLoopMode()
        let modes = recorder.records.compactMap { record -> RunLoopModeRecord? in
            if case .runLoopMode(let mode) = record.kind { return mode } else { return nil }
        }
        #expect(modes == [.modeChanged(from: .default, to: .tracking, releasedTimers: 0),
                          .timerFired(timer: "timer", mode: .common, due: 0.4, late: 0),
                          .modeChanged(from: .tracking, to: .default, releasedTimers: 0)])
        #expect(recorder.records.first?.description.hasSuffix("mode  run loop  default → tracking") == true)
    }

    // MARK: Real time

    @Test func onTheRealTimeLoopADefaultTimerNeitherFiresNorWakesTheLoopWhileItTracks() {
        let time = ManualTime(0)
        let scene = LiveScene(time: time)
        var fired: [TimeInterval] = []
        scene.app.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in fired.append(time.now) }
        #expect(scene.loop.processEvents() == 0.1)
        scene.app.enterTrackingRunLoopMode()
        // No timer runs in this mode: the host may sleep until input comes.
        #expect(scene.loop.processEvents() == nil)
        time.advance(by: 0.35)
        #expect(scene.loop.processEvents() == nil)
        #expect(fired.isEmpty)
        scene.app.exitTrackingRunLoopMode()
        #expect(scene.loop.timeUntilNextTimer == 0)
        #expect(isClose(scene.loop.processEvents() ?? -1, 0.05))  // fired once at 0.35; next at 0.4
        #expect(fired.map(rounded) == [0.35])
    }

    @Test func onTheRealTimeLoopACommonTimerFiresWhileItTracksWithinItsBound() {
        let scene = LiveScene()
        var fired = 0
        scene.app.enterTrackingRunLoopMode()
        scene.app.scheduledTimer(withTimeInterval: 0.01, repeats: true, forMode: .common) { timer in
            fired += 1
            if fired == 3 { timer.invalidate(); scene.loop.stop() }
        }
        var waited = false
        scene.app.scheduledTimer(withTimeInterval: 0.01, repeats: false) { _ in waited = true }
        let start = Date()
        scene.loop.run(until: Date(timeIntervalSinceNow: 2))
        #expect(fired == 3)
        #expect(!waited)
        #expect(Date().timeIntervalSince(start) < 1.5)
        scene.app.exitTrackingRunLoopMode()
        scene.loop.processEvents()
        #expect(waited)
    }

    private func rounded(_ time: TimeInterval) -> TimeInterval { (time * 1000).rounded() / 1000 }
}
