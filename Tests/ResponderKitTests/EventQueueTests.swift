// The application's event queue, virtual time and tracing: spec section H, R18.

import Foundation
import Testing
@testable import ResponderKit // for the clock's timers (EventClock.schedule)

@MainActor
@Suite struct EventQueueTests {

    /// A first-responder view that runs a reaction when it receives a remote-control event or a touch.
    final class Reactor: UIView {
        let log: CallLog
        var onRemote: [UIEvent.EventSubtype: () -> Void] = [:]
        var onBegan: (() -> Void)?

        init(log: CallLog) {
            self.log = log
            super.init(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        }
        required init?(coder: NSCoder) { nil }

        override var canBecomeFirstResponder: Bool { true }
        override func remoteControlReceived(with event: UIEvent?) {
            let subtype = event?.subtype ?? .none
            log.add("start \(subtype)")
            onRemote[subtype]?()
            log.add("end \(subtype)")
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            log.add("began start")
            onBegan?()
            log.add("began end")
        }
        override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { log.add("motionBegan") }
        override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { log.add("motionEnded") }
    }

    private func reactorScene() -> (Scene, Reactor) {
        let scene = Scene()
        let reactor = Reactor(log: scene.log)
        scene.window.addSubview(reactor)
        #expect(reactor.becomeFirstResponder())
        scene.app.beginReceivingRemoteControlEvents()
        return (scene, reactor)
    }

    // MARK: FIFO (H1)

    @Test func inputPostedDuringDispatchIsHandledAfterTheCurrentEventAndBeforeTheOuterCallReturns() {
        let (scene, reactor) = reactorScene()
        reactor.onBegan = { scene.sim.shake() }
        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        #expect(scene.log.lines == ["began start", "began end", "motionBegan", "motionEnded"])
    }

    @Test func inputPostedByNestedHandlersIsHandledInTheOrderItWasPosted() {
        let (scene, reactor) = reactorScene()
        reactor.onRemote[.remoteControlPlay] = {
            scene.sim.remoteControl(.remoteControlPause)
            scene.sim.remoteControl(.remoteControlStop)
        }
        reactor.onRemote[.remoteControlPause] = { scene.sim.remoteControl(.remoteControlNextTrack) }

        scene.sim.remoteControl(.remoteControlPlay)
        #expect(scene.log.lines == ["start remoteControlPlay", "end remoteControlPlay",
                                    "start remoteControlPause", "end remoteControlPause",
                                    "start remoteControlStop", "end remoteControlStop",
                                    "start remoteControlNextTrack", "end remoteControlNextTrack"])
    }

    @Test func queueKeepsWorkingAfterANestedPost() {
        let (scene, reactor) = reactorScene()
        reactor.onRemote[.remoteControlPlay] = { scene.sim.remoteControl(.remoteControlStop) }
        scene.sim.remoteControl(.remoteControlPlay)
        scene.log.clear()
        scene.sim.remoteControl(.remoteControlPause)
        #expect(scene.log.lines == ["start remoteControlPause", "end remoteControlPause"])
    }

    // MARK: sendEvent (H2)

    @Test func applicationAndWindowSendEventSeeEveryEventAndDeliveryNeedsSuper() {
        final class Gatekeeper: UIApplication {
            var seen: [UIEvent.EventType] = []
            var blocks = false
            override func sendEvent(_ event: UIEvent) {
                seen.append(event.type)
                if !blocks { super.sendEvent(event) }
            }
        }
        let app = Gatekeeper()
        let scene = Scene(app: app)
        let view = scene.addView("view", CGRect(x: 0, y: 0, width: 100, height: 100))
        view.acceptsFirstResponder = true
        #expect(view.becomeFirstResponder())

        scene.sim.tap(at: CGPoint(x: 10, y: 10))
        scene.sim.shake()
        scene.sim.pressDown(.select)
        #expect(app.seen == [.touches, .touches, .motion, .motion, .presses])
        #expect(view.methods == ["began", "ended", "motionBegan", "motionEnded", "pressesBegan"])

        app.blocks = true
        scene.sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(view.methods.count == 5)
    }

    // MARK: Virtual time (R18)

    @Test func virtualTimeStartsAtZeroAndMovesOnlyWhenAdvanced() {
        let scene = Scene()
        scene.addView("view", CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(scene.sim.now == 0)
        scene.sim.tap(at: CGPoint(x: 10, y: 10))
        scene.sim.shake()
        #expect(scene.sim.now == 0)
        scene.sim.advance(by: 0.25)
        #expect(scene.sim.now == 0.25)
        scene.sim.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 50, y: 10), duration: 0.5, steps: 5)
        #expect(isClose(scene.sim.now, 0.75))
        scene.sim.longPress(at: CGPoint(x: 10, y: 10), duration: 1)
        #expect(isClose(scene.sim.now, 1.75))
    }

    @Test func touchPressAndMotionTimestampsReadTheApplicationClock() throws {
        let scene = Scene()
        let view = scene.addView("view", CGRect(x: 100, y: 100, width: 100, height: 100))
        view.acceptsFirstResponder = true
        view.passesOn = false

        scene.sim.advance(by: 1)
        scene.sim.touchDown(1, at: CGPoint(x: 110, y: 110))
        let touch = try #require(view.touchCalls.first?.touches.first)
        #expect(touch.timestamp == 1)
        #expect(view.touchCalls.first?.event?.timestamp == 1)
        scene.sim.advance(by: 0.5)
        scene.sim.touchMove(1, to: CGPoint(x: 120, y: 110))
        #expect(touch.timestamp == 1.5)
        #expect(view.touchCalls.last?.event?.timestamp == 1.5)

        #expect(view.becomeFirstResponder())
        scene.sim.advance(by: 0.5)
        scene.sim.pressDown(.select)
        #expect(view.pressCalls.first?.presses.first?.timestamp == 2)
        #expect(view.pressCalls.first?.event?.timestamp == 2)
        scene.sim.advance(by: 1)
        scene.sim.shake()
        #expect(view.lastMotionEvent?.timestamp == 3)
    }

    @Test func timersFireInTimeOrderWhileTimeAdvancesAndNeverOnTheirOwn() {
        let scene = Scene()
        let clock = scene.app.clock
        let fired = CallLog()
        clock.schedule(after: 0.3) { fired.add("late at \(clock.now)") }
        clock.schedule(after: 0.1) {
            fired.add("early at \(clock.now)")
            clock.schedule(after: 0.1) { fired.add("chained at \(clock.now)") }
        }
        clock.schedule(after: 0.3) { fired.add("late twin at \(clock.now)") }
        let cancelled = clock.schedule(after: 0.05) { fired.add("cancelled") }
        cancelled.invalidate()

        scene.sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(fired.lines.isEmpty)
        scene.sim.advance(by: 0.15)
        #expect(fired.lines == ["early at 0.1"])
        scene.sim.advance(by: 0.5)
        #expect(fired.lines == ["early at 0.1", "chained at 0.2", "late at 0.3", "late twin at 0.3"])
        #expect(isClose(scene.sim.now, 0.65))
        #expect(clock.pendingTimerCount == 0)
    }

    // MARK: Tracing

    @Test func tracerReceivesEachDecisionInOrderWithTheClocksTime() {
        let scene = Scene()
        scene.addView("view", CGRect(x: 0, y: 0, width: 100, height: 100))
        let recorder = scene.record()
        scene.sim.advance(by: 2)
        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))

        let kinds = recorder.records.map(\.kind.text)
        #expect(kinds.first == TraceRecord.Kind.input(.touches(.init(finger: 1, phase: .began, location: CGPoint(x: 10, y: 10), samples: 1), more: [])).text)
        #expect(kinds.contains(TraceRecord.Kind.hitTestResult(window: "UIWindow", view: "view").text))
        #expect(kinds.contains(TraceRecord.Kind.touchBound(finger: 1, view: "view", window: "UIWindow", tapCount: 1).text))
        #expect(kinds.last == TraceRecord.Kind.unhandled(last: "UIApplication", method: .touchesBegan).text)
        let bound = kinds.firstIndex(of: TraceRecord.Kind.touchBound(finger: 1, view: "view", window: "UIWindow", tapCount: 1).text)
        let delivered = kinds.firstIndex(of: TraceRecord.Kind.delivered(responder: "view", method: .touchesBegan, fingers: [1]).text)
        #expect(bound != nil && delivered != nil && bound! < delivered!)
        #expect(recorder.records.allSatisfy { $0.time == 2 })
        #expect(!recorder.render().isEmpty)
    }

    @Test func deliveryWorksWithoutATracerAndDetachingOneStopsTheRecords() {
        let scene = Scene()
        let view = scene.addView("view", CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(scene.app.tracer == nil)
        scene.sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(view.methods == ["began", "ended"])

        let recorder = scene.record()
        scene.sim.tap(at: CGPoint(x: 10, y: 10))
        let count = recorder.records.count
        #expect(count > 0)
        scene.app.tracer = nil
        scene.sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(recorder.records.count == count)
        #expect(view.methods.count == 6)
    }

    @Test func eachApplicationTracesToItsOwnTracerEvenWhenDispatchesNest() {
        let (outer, reactor) = reactorScene()
        let inner = Scene()
        inner.addView("innerView", CGRect(x: 0, y: 0, width: 100, height: 100))
        reactor.onBegan = { inner.sim.tap(at: CGPoint(x: 10, y: 10)) }
        let outerRecorder = outer.record()
        let innerRecorder = inner.record()

        outer.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        #expect(innerRecorder.records.contains { $0.kind.matches(.delivered(responder: "innerView", method: .touchesBegan, fingers: [1000])) })
        #expect(!outerRecorder.records.contains { $0.kind.text.contains("innerView") })
        #expect(outerRecorder.records.contains { $0.kind.matches(.delivered(responder: "Reactor", method: .touchesBegan, fingers: [1])) })
        #expect(!innerRecorder.records.contains { $0.kind.text.contains("Reactor") })
    }

    @Test func anotherApplicationsWorkNeverReachesATracer() {
        let traced = Scene()
        traced.addView("view", CGRect(x: 0, y: 0, width: 100, height: 100))
        let recorder = traced.record()
        traced.sim.tap(at: CGPoint(x: 10, y: 10))
        let count = recorder.records.count

        // Work outside any dispatch, in an application without a tracer, must not reach that recorder.
        let other = Scene()
        other.addView("otherView", CGRect(x: 0, y: 0, width: 100, height: 100))
        _ = other.window.hitTest(CGPoint(x: 10, y: 10), with: nil)
        let detached = LoggingView("detached")
        detached.acceptsFirstResponder = true
        _ = detached.becomeFirstResponder()
        other.sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(recorder.records.count == count)
    }

    @Test func samplesForFingersThatAreNotDownOrAlreadyDownAreDroppedWithTheirReason() {
        let scene = Scene()
        let view = scene.addView("view", CGRect(x: 0, y: 0, width: 100, height: 100))
        let recorder = scene.record()
        scene.sim.touchMove(9, to: CGPoint(x: 10, y: 10))
        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        scene.sim.touchDown(1, at: CGPoint(x: 20, y: 20))
        #expect(recorder.dropReasons == [.unknownFinger(9), .fingerAlreadyDown(1)])
        #expect(view.methods == ["began"])
    }
}
