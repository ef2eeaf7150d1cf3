// The system side (I1–I3): routing to the foreground application, system buttons, interruptions,
// application switching, system edge gestures with deferral, remote-control routing, and input with
// no application in front. Every system cancellation reaches each view exactly once.

import Foundation
import Testing
@testable import ResponderKit // for the application's touch list, to check nothing is left down

@MainActor
@Suite struct DeviceSystemTests {

    /// A device with one application in front: the scene's, named "Notes", with a full-window view.
    @MainActor
    struct Device {
        let scene = Scene()
        let device: DeviceSystem
        let view: LoggingView
        let life = LifeLog()

        init(deferring: UIRectEdge = []) {
            device = DeviceSystem()
            let controller = Controller(deferring: deferring)
            scene.window.rootViewController = controller
            view = scene.addView("view", scene.window.bounds, to: controller.view)
            scene.app.delegate = life
            device.install(scene.app, name: "Notes")
            device.bringToForeground(scene.app)
        }

        func touch(_ finger: Int, _ phase: UITouch.Phase, _ x: CGFloat, _ y: CGFloat) {
            device.send(HIDEvent(timestamp: scene.sim.now, payload: .touches([.init(finger: finger, phase: phase, location: CGPoint(x: x, y: y))])))
            scene.sim.turnLoop()
        }

        /// A swipe up from the bottom edge: down 4 pt above it, eight moves of 20 pt, lift.
        func swipeUpFromBottom(finger: Int = 1) {
            touch(finger, .began, 160, 476)
            for step in 1...8 {
                scene.sim.advance(by: 0.01)
                touch(finger, .moved, 160, 476 - CGFloat(step * 20))
            }
            touch(finger, .ended, 160, 316)
        }

        /// A swipe down from the top edge: down 4 pt below it, eight moves of 20 pt, lift.
        func swipeDownFromTop(finger: Int = 1) {
            touch(finger, .began, 160, 4)
            for step in 1...8 {
                scene.sim.advance(by: 0.01)
                touch(finger, .moved, 160, 4 + CGFloat(step * 20))
            }
            touch(finger, .ended, 160, 164)
        }

        var viewCalls: [String] { view.methods }
    }

    final class Controller: UIViewController {
        let deferring: UIRectEdge
        init(deferring: UIRectEdge) { self.deferring = deferring; super.init(nibName: nil, bundle: nil) }
        required init?(coder: NSCoder) { nil }
        override func loadView() { view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480)) }
        override var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { deferring }
    }

    final class LifeLog: UIApplicationDelegate {
        var calls: [String] = []
        func applicationDidBecomeActive(_ application: UIApplication) { calls.append("didBecomeActive") }
        func applicationWillResignActive(_ application: UIApplication) { calls.append("willResignActive") }
        func applicationDidEnterBackground(_ application: UIApplication) { calls.append("didEnterBackground") }
        func applicationWillEnterForeground(_ application: UIApplication) { calls.append("willEnterForeground") }
    }

    @Test func lockCancelsTheTouchOnceAndTheFingerStaysTheSystemsUntilItLifts() {
        let d = Device()
        d.touch(1, .began, 100, 100)
        d.touch(1, .moved, 110, 100)
        d.device.press(.lock)
        d.touch(1, .moved, 120, 100)
        d.touch(1, .ended, 120, 100)
        #expect(d.viewCalls == ["began", "moved", "cancelled"])
        #expect(d.scene.app.applicationState == .inactive)
        #expect(d.life.calls == ["willEnterForeground", "didBecomeActive", "willResignActive"])
        // Locked: a new finger is the system's.
        d.touch(2, .began, 100, 100)
        #expect(d.viewCalls.count == 3)
        d.device.press(.lock)
        #expect(d.scene.app.applicationState == .active)
    }

    @Test func aPanInProgressIsCancelledOnceByTheLock() {
        let d = Device()
        var states: [UIGestureRecognizer.State] = []
        @MainActor final class Box { var handle: (UIPanGestureRecognizer) -> Void = { _ in }; func call(_ r: UIPanGestureRecognizer) { handle(r) } }
        let box = Box()
        box.handle = { states.append($0.state) }
        d.view.addGestureRecognizer(UIPanGestureRecognizer(target: box, action: Box.call))
        d.touch(1, .began, 100, 100)
        d.touch(1, .moved, 140, 100)
        d.device.press(.lock)
        d.touch(1, .ended, 140, 100)
        #expect(states == [.began, .cancelled])
        #expect(d.viewCalls == ["began", "cancelled"], "the pan cancelled the view's touch; the system adds no second cancel")
    }

    @Test func homeSendsTheApplicationToTheBackgroundAndLaterInputIsTheSystems() {
        let d = Device()
        let recorder = d.scene.record()
        d.device.tracer = recorder
        d.touch(1, .began, 100, 100)
        d.device.press(.home)
        d.touch(1, .ended, 100, 100)
        d.touch(2, .began, 100, 100)
        #expect(d.viewCalls == ["began", "cancelled"])
        #expect(d.scene.app.applicationState == .background)
        #expect(d.device.foregroundApplication == nil)
        #expect(recorder.records.contains { $0.kind == .system(.consumed(what: "#2", reason: .noForegroundApplication)) })
        #expect(d.scene.app.touchEvent.touchList.isEmpty)
    }

    @Test func anIncomingCallCancelsTouchesAndTheApplicationIsActiveAgainAfterIt() {
        let d = Device()
        d.view.isMultipleTouchEnabled = true
        d.touch(1, .began, 100, 100)
        d.touch(2, .began, 200, 100)
        d.device.beginInterruption(.incomingCall)
        #expect(d.viewCalls == ["began", "began", "cancelled"], "one touchesCancelled with both touches")
        #expect(d.scene.app.applicationState == .inactive)
        d.touch(3, .began, 100, 100)
        #expect(d.viewCalls.count == 3, "the call covers the screen: the system keeps the new finger")
        d.device.endInterruption()
        #expect(d.scene.app.applicationState == .active)
        d.touch(1, .ended, 100, 100)
        d.touch(2, .ended, 200, 100)
        d.touch(3, .ended, 100, 100)
        d.touch(4, .began, 100, 100)
        #expect(d.viewCalls == ["began", "began", "cancelled", "began"])
    }

    @Test func switchingApplicationsCancelsTheLeavingOnesTouchesAndSendsNewFingersToTheNewOne() {
        let d = Device()
        let other = Scene()
        let otherView = other.addView("other", other.window.bounds)
        d.device.install(other.app, name: "Maps")
        d.touch(1, .began, 100, 100)
        d.device.bringToForeground(other.app)
        d.touch(1, .moved, 120, 100)
        d.touch(2, .began, 100, 100)
        other.sim.turnLoop()
        #expect(d.viewCalls == ["began", "cancelled"])
        #expect(otherView.methods == ["began"])
        #expect(d.scene.app.applicationState == .background)
        #expect(other.app.applicationState == .active)
    }

    @Test func theHomeIndicatorSwipeWinsOverTheApplicationsEdgeGestureAndCancelsItsTouchesOnce() {
        let d = Device()
        let edgePan = UIScreenEdgePanGestureRecognizer()
        edgePan.edges = .bottom
        d.view.addGestureRecognizer(edgePan)
        d.swipeUpFromBottom()
        #expect(edgePan.state == .possible, "it failed and was reset")
        #expect(d.viewCalls == ["began", "cancelled"])
        #expect(d.device.foregroundApplication == nil)
        #expect(d.scene.app.applicationState == .background)
    }

    @Test func aDeferredEdgeGivesTheFirstSwipeToTheApplicationAndTheSecondToTheSystem() {
        let d = Device(deferring: .bottom)
        var began = 0
        @MainActor final class Counter { var hit: () -> Void = {}; func call(_ r: UIScreenEdgePanGestureRecognizer) { if r.state == .began { hit() } } }
        let counter = Counter()
        counter.hit = { began += 1 }
        let edgePan = UIScreenEdgePanGestureRecognizer(target: counter, action: Counter.call)
        edgePan.edges = .bottom
        d.view.addGestureRecognizer(edgePan)
        d.swipeUpFromBottom()
        #expect(began == 1)
        #expect(d.device.foregroundApplication === d.scene.app)
        d.scene.sim.advance(by: 0.5)
        d.swipeUpFromBottom()
        #expect(began == 1)
        #expect(d.device.foregroundApplication == nil)
    }

    /// A delegate that writes the failure-requirement questions it is asked into the scene's log.
    final class RequirementQuestions: UIGestureRecognizerDelegate {
        let log: CallLog
        init(log: CallLog) { self.log = log }
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            log.add("delegate.shouldBeRequiredToFailBy \(otherGestureRecognizer.name ?? "?")")
            return false
        }
    }

    // Seed 001 示例2: on a device, a tap recognizer's delegate is asked about the system's edge recognizer
    // of the window as the two first share a touch, before the view's touchesBegan (R5, R25, I3), even
    // for a touch far from the edge (the system recognizer fails on it only once it is fed).
    @Test func theApplicationsDelegateIsAskedAboutTheSystemEdgeRecognizerBeforeTheViewGetsTheTouch() {
        let d = Device()
        let tap = UITapGestureRecognizer()
        let questions = RequirementQuestions(log: d.scene.log)
        tap.delegate = questions
        d.view.addGestureRecognizer(tap)
        d.touch(1, .began, 160, 240)
        #expect(d.scene.log.lines == ["delegate.shouldBeRequiredToFailBy system edges", "view.began"])
        d.touch(1, .ended, 160, 240)
        #expect(d.scene.log.lines.last == "view.cancelled", "the tap recognized (cancelling the view's touch): the system recognizer failed at once")
    }

    @Test func theTopEdgeSwipeShowsNotificationCenterTheApplicationResignsActiveAndComesBackWhenItIsDismissed() {
        let d = Device()
        let edgePan = UIScreenEdgePanGestureRecognizer()
        edgePan.edges = .top
        d.view.addGestureRecognizer(edgePan)
        d.swipeDownFromTop()
        #expect(d.viewCalls == ["began", "cancelled"], "the system's top edge gesture won and cancelled the touch once")
        #expect(d.device.interruption == .notificationCenter)
        #expect(d.device.foregroundApplication === d.scene.app, "still in front, under the overlay")
        #expect(d.scene.app.applicationState == .inactive)
        #expect(d.life.calls == ["willEnterForeground", "didBecomeActive", "willResignActive"], "no didEnterBackground")
        d.touch(2, .began, 100, 200)
        #expect(d.viewCalls.count == 2, "while the overlay is shown, input is the system's")
        d.touch(2, .ended, 100, 200)
        d.device.endInterruption()
        #expect(d.scene.app.applicationState == .active)
        #expect(d.life.calls.last == "didBecomeActive")
    }

    @Test func aDeferredTopEdgeGivesTheFirstSwipeToTheApplicationAndTheSecondToTheSystem() {
        let d = Device(deferring: .top)
        var began = 0
        @MainActor final class Counter { var hit: () -> Void = {}; func call(_ r: UIScreenEdgePanGestureRecognizer) { if r.state == .began { hit() } } }
        let counter = Counter()
        counter.hit = { began += 1 }
        let edgePan = UIScreenEdgePanGestureRecognizer(target: counter, action: Counter.call)
        edgePan.edges = .top
        d.view.addGestureRecognizer(edgePan)
        d.swipeDownFromTop()
        #expect(began == 1)
        #expect(d.device.interruption == nil)
        d.scene.sim.advance(by: 0.5)
        d.swipeDownFromTop()
        #expect(began == 1)
        #expect(d.device.interruption == .notificationCenter)
    }

    @Test func playPauseGoesToTheApplicationThatReceivesRemoteControlEvents() {
        let d = Device()
        d.view.acceptsFirstResponder = true
        #expect(d.view.becomeFirstResponder())
        let recorder = d.scene.record()
        d.device.press(.playPause)
        d.scene.sim.turnLoop()
        #expect(recorder.records.contains { $0.kind == .system(.consumed(what: "remote control remoteControlTogglePlayPause", reason: .noRemoteControlReceiver)) })
        d.scene.app.beginReceivingRemoteControlEvents()
        d.device.press(.playPause)
        d.scene.sim.turnLoop()
        #expect(d.view.methods.last == "remote remoteControlTogglePlayPause")
        // In the background, a player still receives them.
        d.device.goHome()
        d.device.press(.playPause)
        d.scene.sim.turnLoop()
        #expect(d.view.methods.filter { $0.hasPrefix("remote") }.count == 2)
    }

    @Test func volumeButtonsAreTheSystems() {
        let d = Device()
        d.device.press(.volumeUp)
        d.device.press(.volumeUp)
        d.device.press(.volumeDown)
        #expect(d.device.volume == 0.5 + 1.0 / 16)
        #expect(d.viewCalls.isEmpty)
    }

    @Test func withNoApplicationInFrontTheSystemConsumesEverything() {
        let device = DeviceSystem()
        let recorder = TraceRecorder()
        device.tracer = recorder
        device.send(HIDEvent(timestamp: 0, payload: .touches([.init(finger: 1, phase: .began, location: .zero)])))
        device.send(HIDEvent(timestamp: 0, payload: .motion(.motionShake, .began)))
        #expect(recorder.records.map(\.kind) == [
            .system(.consumed(what: "#1", reason: .noForegroundApplication)),
            .system(.consumed(what: "motion", reason: .noForegroundApplication)),
        ])
    }
}
