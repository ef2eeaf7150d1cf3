// U3: scrolling from a trackpad or a wheel. A pan takes it only when its allowedScrollTypesMask allows
// the device's type (none by default); a scroll view's pan takes both, scrolls, and coasts after a
// trackpad's fling as after a finger's.

import Foundation
import Testing
@testable import ResponderKit

@MainActor
@Suite struct ScrollInputTests {

    private func scene() -> (Scene, LoggingView, GestureLog, UIPanGestureRecognizer) {
        let scene = Scene()
        let card = scene.addView("card", CGRect(x: 20, y: 20, width: 200, height: 200))
        let log = GestureLog(in: card)
        let pan = UIPanGestureRecognizer().logged("pan", by: log, on: card)
        return (scene, card, log, pan)
    }

    @Test func aPanIgnoresScrollingByDefaultAndTheTraceSaysItsMaskIsWhy() {
        let (scene, _, log, pan) = scene()
        #expect(pan.allowedScrollTypesMask == [])
        let recorder = scene.record()
        scene.sim.scroll(by: CGPoint(x: 0, y: -100), at: CGPoint(x: 100, y: 100))
        #expect(log.states.isEmpty)
        #expect(recorder.pointerDecisions.map(\.description).contains(
            "pan not fed scroll: a continuous (trackpad) scroll; its allowedScrollTypesMask is [] (no scrolls)"))
        #expect(recorder.records.contains { $0.kind.cause?.rule == "U3" })
    }

    @Test func theMaskTellsATrackpadFromAWheel() {
        let (scene, _, log, pan) = scene()
        pan.allowedScrollTypesMask = .continuous
        scene.sim.scroll(by: CGPoint(x: 0, y: -40), at: CGPoint(x: 100, y: 100), type: .discrete, steps: 4)
        #expect(log.states.isEmpty)
        scene.sim.scroll(by: CGPoint(x: 0, y: -40), at: CGPoint(x: 100, y: 100), type: .continuous, steps: 4)
        #expect(log.states.first == .began && log.states.last == .ended)
        log.clear()
        pan.allowedScrollTypesMask = .discrete
        scene.sim.scroll(by: CGPoint(x: 0, y: -40), at: CGPoint(x: 100, y: 100), type: .continuous, steps: 4)
        #expect(log.states.isEmpty)
        scene.sim.scroll(by: CGPoint(x: 0, y: -40), at: CGPoint(x: 100, y: 100), type: .discrete, steps: 4)
        #expect(log.states == [.began, .changed, .changed, .changed, .ended])
    }

    @Test func aTrackpadScrollBeginsThePanAtItsFirstStepAndItsTranslationIsTheSumOfTheSteps() {
        let (scene, card, _, pan) = scene()
        pan.allowedScrollTypesMask = .all
        var translations: [CGPoint] = []
        @MainActor final class Reader { var read: (UIPanGestureRecognizer) -> Void = { _ in }; func note(_ g: UIPanGestureRecognizer) { read(g) } }
        let reader = Reader()
        reader.read = { translations.append($0.translation(in: card)) }
        pan.addTarget(reader, action: Reader.note)
        scene.sim.scroll(by: CGPoint(x: 30, y: -60), at: CGPoint(x: 100, y: 100), steps: 3)
        // No hysteresis: the first step begins it, whole.
        #expect(translations == [CGPoint(x: 10, y: -20), CGPoint(x: 20, y: -40), CGPoint(x: 30, y: -60), CGPoint(x: 30, y: -60)])
        #expect(pan.state == .possible)
    }

    @Test func aTrackpadScrollEndsWithTheVelocityOfItsLastStepsAndAWheelWithNone() {
        let (scene, _, _, pan) = scene()
        pan.allowedScrollTypesMask = .all
        var ended: [CGPoint] = []
        @MainActor final class Reader { var velocities: [CGPoint] = []
            func note(_ g: UIPanGestureRecognizer) { if g.state == .ended { velocities.append(g.velocity(in: nil)) } } }
        let reader = Reader()
        pan.addTarget(reader, action: Reader.note)
        scene.sim.scroll(by: CGPoint(x: 0, y: -100), at: CGPoint(x: 100, y: 100), duration: 0.1, steps: 10)
        scene.sim.scroll(by: CGPoint(x: 0, y: -100), at: CGPoint(x: 100, y: 100), type: .discrete, duration: 0.1, steps: 10)
        ended = reader.velocities
        #expect(ended.count == 2)
        #expect(abs(ended[0].y + 1000) < 1)      // 10 pt every 10 ms
        #expect(ended[1] == .zero)               // a wheel does not fling
    }

    @Test func allowedTouchTypesEmptyDoesNotTurnScrollingOff() {
        let (scene, _, log, pan) = scene()
        pan.allowedScrollTypesMask = .continuous
        pan.allowedTouchTypes = []
        scene.sim.scroll(by: CGPoint(x: 0, y: -40), at: CGPoint(x: 100, y: 100), steps: 2)
        #expect(log.states == [.began, .changed, .ended])
        scene.sim.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 10))
        #expect(log.states == [.began, .changed, .ended])
    }

    @Test func aWheelsScrollEndsAPauseAfterItsLastNotch() {
        let (scene, _, log, pan) = scene()
        pan.allowedScrollTypesMask = .discrete
        let recorder = scene.record()
        scene.sim.post(HIDEvent(timestamp: scene.sim.now, payload: .scroll(.wheel(ticks: CGPoint(x: 0, y: -1), at: CGPoint(x: 100, y: 100)))))
        #expect(log.states == [.began])
        scene.sim.advance(by: scene.app.thresholds.scrollEndDelay / 2)
        scene.sim.post(HIDEvent(timestamp: scene.sim.now, payload: .scroll(.wheel(ticks: CGPoint(x: 0, y: -2), at: CGPoint(x: 100, y: 100)))))
        scene.sim.advance(by: scene.app.thresholds.scrollEndDelay * 0.9)
        #expect(log.states == [.began, .changed])
        scene.sim.advance(by: scene.app.thresholds.scrollEndDelay * 0.2)
        #expect(log.states == [.began, .changed, .ended])
        // Each notch moves the content by the application's wheelTickDistance.
        #expect(pan.translation(in: nil) == .zero) // reset after it ended
        #expect(recorder.pointerDecisions.contains(.endedAfterPause(input: .scroll, delay: scene.app.thresholds.scrollEndDelay)))
    }

    @Test func wheelNotchesBecomePointsByTheApplicationsWheelTickDistance() {
        let (scene, card, _, pan) = scene()
        pan.allowedScrollTypesMask = .discrete
        scene.app.thresholds.wheelTickDistance = 25
        @MainActor final class Reader { var last = CGPoint.zero; func note(_ g: UIPanGestureRecognizer) { if g.state == .changed || g.state == .began { last = g.translation(in: nil) } } }
        let reader = Reader()
        pan.addTarget(reader, action: Reader.note)
        scene.sim.post(HIDEvent(timestamp: scene.sim.now, payload: .scroll(.wheel(ticks: CGPoint(x: 0, y: -3), at: CGPoint(x: 100, y: 100)))))
        #expect(reader.last == CGPoint(x: 0, y: -75))
        _ = card
    }

    @Test func aScrollIsBoundToTheViewUnderThePointerWhereItBegan() {
        let (scene, card, log, pan) = scene()
        pan.allowedScrollTypesMask = .continuous
        let other = scene.addView("other", CGRect(x: 20, y: 300, width: 200, height: 100))
        let otherLog = GestureLog(in: other)
        UIPanGestureRecognizer().logged("otherPan", by: otherLog, on: other).allowedScrollTypesMask = .continuous
        let location = CGPoint(x: 100, y: 100)
        scene.sim.post(HIDEvent(timestamp: 0, payload: .scroll(HIDEvent.Scroll(phase: .began, location: location, delta: .zero))))
        // The pointer moves over the other view mid-scroll: the scroll stays with the card.
        scene.sim.post(HIDEvent(timestamp: 0, payload: .scroll(HIDEvent.Scroll(phase: .changed, location: CGPoint(x: 100, y: 350),
                                                                                 delta: CGPoint(x: 0, y: -10)))))
        scene.sim.post(HIDEvent(timestamp: 0, payload: .scroll(HIDEvent.Scroll(phase: .ended, location: CGPoint(x: 100, y: 350),
                                                                                 delta: .zero))))
        #expect(log.states == [.began, .ended])
        #expect(otherLog.states.isEmpty)
        _ = card
    }

    @Test func theDeepestPanThatTakesTheScrollPreventsTheOthersSharingIt() {
        let (scene, card, log, outer) = scene()
        outer.allowedScrollTypesMask = .all
        let inner = scene.addView("inner", CGRect(x: 10, y: 10, width: 100, height: 100), to: card)
        UIPanGestureRecognizer().logged("innerPan", by: log, on: inner).allowedScrollTypesMask = .all
        scene.sim.scroll(by: CGPoint(x: 0, y: -20), at: CGPoint(x: 50, y: 50), steps: 2)
        #expect(log.lines == ["innerPan began", "innerPan changed", "innerPan ended"])
    }

    @Test func aPanBusyWithTouchesIsNotGivenAScroll() {
        let (scene, _, log, pan) = scene()
        pan.allowedScrollTypesMask = .all
        let recorder = scene.record()
        scene.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        scene.sim.scroll(by: CGPoint(x: 0, y: -20), at: CGPoint(x: 100, y: 100), steps: 2)
        scene.sim.touchUp(1)
        #expect(log.states.isEmpty)
        #expect(recorder.pointerDecisions.contains(.notFed(recognizer: pan.traceSubject, input: .scroll, cause: .busyWithOtherInput)))
    }

    @Test func theTrackpadsMomentumSamplesAreDropped() {
        let (scene, _, log, pan) = scene()
        pan.allowedScrollTypesMask = .all
        let recorder = scene.record()
        scene.sim.post(HIDEvent(timestamp: 0, payload: .scroll(HIDEvent.Scroll(phase: .changed, location: CGPoint(x: 100, y: 100),
                                                                                 delta: CGPoint(x: 0, y: -5), isMomentum: true))))
        #expect(log.states.isEmpty)
        #expect(recorder.dropReasons == [.momentumScroll])
    }

    @Test func aScrollOverNoWindowIsDropped() {
        let (scene, _, _, _) = scene()
        let recorder = scene.record()
        scene.sim.scroll(by: CGPoint(x: 0, y: -20), at: CGPoint(x: 1000, y: 1000), steps: 2)
        #expect(recorder.dropReasons.first == .noWindowHit)
    }

    @Test func theScrollViewScrollsWithTheTrackpadAndCoastsAfterAFling() {
        let list = ListScene()
        list.sim.scroll(by: CGPoint(x: 0, y: -200), at: CGPoint(x: 160, y: 240), duration: 0.1, steps: 10)
        let atLift = list.list.contentOffset.y
        #expect(atLift == 200)
        #expect(list.delegate.calls.prefix(4) == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(decelerate)"])
        #expect(list.list.isDecelerating)
        list.sim.advance(by: 10)
        #expect(list.list.contentOffset.y > atLift + 100)
        #expect(list.delegate.calls.last == "didEndDecelerating")
        // Content under a scroll gets no touch of it.
        #expect(list.content.touchCalls.isEmpty)
    }

    @Test func theScrollViewScrollsWithAWheelWithoutCoasting() {
        let list = ListScene()
        list.sim.scroll(by: CGPoint(x: 0, y: -120), at: CGPoint(x: 160, y: 240), type: .discrete, duration: 0.1, steps: 4)
        #expect(list.list.contentOffset.y == 120)
        #expect(!list.list.isDecelerating)
        list.sim.advance(by: 1)
        #expect(list.list.contentOffset.y == 120)
        #expect(list.delegate.calls.contains("didEndDragging"))
    }

    @Test func aTouchAfterAWheelScrollIsStillHeldBackFromTheContent() {
        // The scroll view's content-touch delay recognizer is not touched by a scroll that shares no touch
        // with it: the next finger is held back as usual (S1).
        let list = ListScene()
        list.sim.scroll(by: CGPoint(x: 0, y: -40), at: CGPoint(x: 160, y: 240), type: .discrete, steps: 2)
        list.sim.touchDown(1, at: CGPoint(x: 160, y: 240))
        #expect(list.content.touchCalls.isEmpty)
        list.sim.advance(by: 0.2)
        #expect(list.content.touchCalls.map(\.method) == ["began"])
        list.sim.touchUp(1)
    }
}
