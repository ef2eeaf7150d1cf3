// S1–S4 and S5's last rule: which touches a scroll view's content gets, when, and which scrolling takes.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct ScrollViewContentTouchTests {

    final class Refusing: UIScrollView {
        var refuses = true
        override func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { !refuses }
    }

    final class NeverCancels: UIScrollView {
        override func touchesShouldCancel(in view: UIView) -> Bool { false }
    }

    final class CancelsControls: UIScrollView {
        override func touchesShouldCancel(in view: UIView) -> Bool { true }
    }

    @Test func aStillTouchReachesTheContentWhenTheDelayOf150msPasses() {
        let s = ListScene()
        s.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        s.sim.advance(by: 0.14)
        #expect(s.content.methods.isEmpty)
        s.sim.advance(by: 0.02)
        #expect(s.content.methods == ["began"])
        s.sim.touchUp(1)
        #expect(s.content.methods == ["began", "ended"])
    }

    @Test func theDelayIsTheThresholdsValueAndCanBeChangedPerScrollView() {
        #expect(Thresholds.standard.contentTouchDelay == 0.15)
        let s = ListScene()
        s.list.gestureRecognizers?.forEach { $0.thresholds.contentTouchDelay = 0.5 }
        s.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        s.sim.advance(by: 0.3)
        #expect(s.content.methods.isEmpty)
        s.sim.advance(by: 0.25)
        #expect(s.content.methods == ["began"])
    }

    @Test func withoutTheDelayTheContentGetsTheTouchAtOnce() {
        let s = ListScene()
        s.list.delaysContentTouches = false
        s.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        #expect(s.content.methods == ["began"])
    }

    @Test func aDragWithinTheDelayScrollsAndTheContentNeverHearsOfTheTouch() {
        let s = ListScene()
        let trace = s.scene.record()
        s.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -150), steps: 6)
        #expect(s.content.methods.isEmpty)
        #expect(s.list.contentOffset.y > 100)
        #expect(trace.records.contains { $0.kind == .contentTouch(finger: 1, view: s.content.traceSubject, scrollView: s.list.traceSubject, fate: .discardedByScrolling) })
    }

    @Test func touchesShouldBeginFalseKeepsATapFromTheContentAndTheListStillScrolls() {
        let s = ListScene(list: Refusing(frame: CGRect(x: 0, y: 0, width: 320, height: 480)))
        s.sim.tap(at: CGPoint(x: 100, y: 100))
        s.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        s.sim.advance(by: 0.3)
        s.sim.touchUp(1)
        #expect(s.content.methods.isEmpty)
        s.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -100))
        #expect(s.list.contentOffset.y > 50)
    }

    @Test func withoutTheDelayTouchesShouldBeginIsAskedAtTouchDown() {
        let list = Refusing(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let s = ListScene(list: list)
        list.delaysContentTouches = false
        s.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        s.sim.touchUp(1)
        #expect(s.content.methods.isEmpty)
        list.refuses = false
        s.sim.touchDown(2, at: CGPoint(x: 100, y: 100))
        #expect(s.content.methods == ["began"])
    }

    @Test func scrollingCancelsAPlainViewThatTracksAndTheTraceSaysWhy() {
        let single = ListScene()
        let singleTrace = single.scene.record()
        single.sim.touchDown(1, at: CGPoint(x: 100, y: 400))
        single.sim.advance(by: 0.2)
        for step in 1...5 {
            single.sim.advance(by: 1.0 / 60)
            single.sim.touchMove(1, to: CGPoint(x: 100, y: 400 - CGFloat(step) * 20))
        }
        #expect(single.content.methods == ["began", "cancelled"])
        let fates = singleTrace.records.compactMap { record -> TraceRecord.ContentTouchFate? in
            if case .contentTouch(_, _, _, let fate) = record.kind { return fate }
            return nil
        }
        #expect(fates == [.delayed, .released(after: 0.15), .cancelledByScrolling])
        #expect(TraceRecord.ContentTouchFate.cancelledByScrolling.description
                == "cancelled: the scroll view began dragging and touchesShouldCancel(in:) returned true")
    }

    @Test func touchesShouldCancelFalseKeepsTheTouchAndTheListDoesNotScroll() {
        let s = ListScene(list: NeverCancels(frame: CGRect(x: 0, y: 0, width: 320, height: 480)))
        s.sim.touchDown(1, at: CGPoint(x: 100, y: 400))
        s.sim.advance(by: 0.2)
        for step in 1...8 {
            s.sim.advance(by: 1.0 / 60)
            s.sim.touchMove(1, to: CGPoint(x: 100, y: 400 - CGFloat(step) * 20))
        }
        s.sim.touchUp(1)
        #expect(s.list.contentOffset == .zero)
        #expect(!s.list.isDragging)
        #expect(s.content.methods.first == "began" && s.content.methods.last == "ended")
        #expect(!s.content.methods.contains("cancelled"))
    }

    @Test func aButtonsHighlightWaitsForTheDelay() {
        let s = ListScene()
        let button = UIButton(frame: CGRect(x: 20, y: 20, width: 200, height: 60))
        s.content.addSubview(button)
        s.sim.touchDown(1, at: CGPoint(x: 50, y: 50))
        #expect(!button.isHighlighted && !button.isTracking)
        s.sim.advance(by: 0.15)
        #expect(button.isHighlighted && button.isTracking)
        s.sim.touchUp(1)
        #expect(!button.isHighlighted)
    }

    @Test func aQuickTapOnAButtonInAListStillSendsTouchUpInside() {
        let s = ListScene()
        let button = UIButton(frame: CGRect(x: 20, y: 20, width: 200, height: 60))
        s.content.addSubview(button)
        let events = ControlEventRecorder()
        events.attach(to: button)
        s.sim.tap(at: CGPoint(x: 50, y: 50))
        #expect(events.take() == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    @Test func aDragThatStartsOnAButtonAfterTheDelayDoesNotScrollButADragWithinItDoes() {
        let s = ListScene()
        let button = UIButton(frame: CGRect(x: 0, y: 300, width: 320, height: 100))
        s.content.addSubview(button)
        let events = ControlEventRecorder()
        events.attach(to: button)
        s.sim.touchDown(1, at: CGPoint(x: 100, y: 350))
        s.sim.advance(by: 0.2)
        for step in 1...5 {
            s.sim.advance(by: 1.0 / 60)
            s.sim.touchMove(1, to: CGPoint(x: 100, y: 350 - CGFloat(step) * 20))
        }
        s.sim.touchUp(1)
        #expect(s.list.contentOffset == .zero)
        #expect(events.count("touchCancel") == 0)
        _ = events.take()
        s.fling(from: CGPoint(x: 100, y: 350), by: CGPoint(x: 0, y: -100), steps: 5)
        #expect(s.list.contentOffset.y > 50)
        #expect(events.take().isEmpty)   // the button never heard of it
    }

    @Test func aScrollViewThatCancelsControlsCancelsTheButtonWithTouchCancel() {
        let s = ListScene(list: CancelsControls(frame: CGRect(x: 0, y: 0, width: 320, height: 480)))
        s.list.delaysContentTouches = false
        let button = UIButton(frame: CGRect(x: 0, y: 300, width: 320, height: 100))
        s.content.addSubview(button)
        let events = ControlEventRecorder()
        events.attach(to: button)
        s.fling(from: CGPoint(x: 100, y: 350), by: CGPoint(x: 0, y: -100), steps: 5, lift: false)
        let sent = events.take()
        #expect(sent.first == "touchDown" && sent.last == "touchCancel")
        #expect(s.list.isDragging)
        s.sim.touchUp(1)
        #expect(s.list.contentOffset.y > 50)
    }

    @Test func aSliderInAListKeepsItsDrag() {
        let s = ListScene()
        let slider = UISlider(frame: CGRect(x: 0, y: 100, width: 320, height: 40))
        slider.value = 0.5
        s.content.addSubview(slider)
        let thumb = CGPoint(x: 160, y: 120)
        s.sim.touchDown(1, at: thumb)
        s.sim.advance(by: 0.2)
        for step in 1...6 {
            s.sim.advance(by: 1.0 / 60)
            s.sim.touchMove(1, to: CGPoint(x: 160 + CGFloat(step) * 15, y: 120 - CGFloat(step) * 10))
        }
        s.sim.touchUp(1)
        #expect(s.list.contentOffset == .zero)
        #expect(slider.value > 0.5)
    }

    @Test func withCanCancelContentTouchesOffAQuickDragStillScrolls() {
        let s = ListScene()
        s.list.canCancelContentTouches = false
        s.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -100), steps: 5)
        #expect(s.list.contentOffset.y > 50)
        #expect(s.content.methods.isEmpty)
    }

    @Test func aTouchOnADeceleratingListStopsItAndIsNotATapForTheContent() {
        let s = ListScene()
        s.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -200))
        s.sim.advance(by: 0.1)
        #expect(s.list.isDecelerating)
        s.sim.touchDown(2, at: CGPoint(x: 100, y: 200))
        #expect(!s.list.isDecelerating)
        let stoppedAt = s.list.contentOffset
        s.sim.advance(by: 0.3)
        s.sim.touchUp(2)
        s.sim.advance(by: 1)
        #expect(s.list.contentOffset == stoppedAt)
        #expect(s.content.methods.isEmpty)
        #expect(s.delegate.calls.last == "didEndDecelerating")
    }

    @Test func isTrackingFromTouchDownToLift() {
        let s = ListScene()
        #expect(!s.list.isTracking)
        s.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        #expect(s.list.isTracking && !s.list.isDragging)
        s.sim.touchUp(1)
        #expect(!s.list.isTracking)
    }

    @Test func aTapRecognizerOnTheContentWinsATapAndLosesADrag() {
        @MainActor final class Target { var taps = 0; func tap() { taps += 1 } }
        let s = ListScene()
        let target = Target()
        s.content.addGestureRecognizer(UITapGestureRecognizer(target: target, action: Target.tap))
        s.sim.tap(at: CGPoint(x: 100, y: 100))
        #expect(target.taps == 1)
        s.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -100), steps: 5)
        #expect(target.taps == 1)
        #expect(s.list.contentOffset.y > 50)
    }

    @Test func aRecognizerCanRequireTheScrollViewsPanToFail() {
        @MainActor final class Target { var taps = 0; func tap() { taps += 1 } }
        let s = ListScene()
        let target = Target()
        let tap = UITapGestureRecognizer(target: target, action: Target.tap)
        tap.require(toFail: s.list.panGestureRecognizer)
        s.content.addGestureRecognizer(tap)
        s.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        s.sim.touchUp(1)
        #expect(target.taps == 1)   // the pan failed on lift: the tap goes ahead
        s.sim.advance(by: 1)
        s.fling(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: -100), steps: 5)
        #expect(target.taps == 1)
    }
}
