// UIControl touch tracking: spec section F (F1–F5, F8), R11, R12, R23.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct ControlTrackingTests {

    /// A control that logs its tracking hooks and can refuse tracking.
    final class ProbeControl: UIControl {
        var log: [String] = []
        var beginAnswer = true
        /// Answers for successive `continueTracking` calls; true once they run out.
        var continueAnswers: [Bool] = []

        override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
            log.append("beginTracking")
            return beginAnswer
        }
        override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
            log.append("continueTracking")
            return continueAnswers.isEmpty ? true : continueAnswers.removeFirst()
        }
        override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
            log.append(touch == nil ? "endTracking(nil)" : "endTracking")
            super.endTracking(touch, with: event)
        }
        override func cancelTracking(with event: UIEvent?) {
            log.append("cancelTracking")
            super.cancelTracking(with: event)
        }
    }

    /// The button sits at (100, 100), 100 × 44, directly in the window: a window point (x, y) is the
    /// button's local point (x − 100, y − 100).
    static let buttonFrame = CGRect(x: 100, y: 100, width: 100, height: 44)
    /// What a button sends when a touch lifts inside: touch-up-inside is its primary action (F6).
    static let upInside = ["touchUpInside", "primaryActionTriggered"]

    private func makeButton(in scene: ControlScene) -> (UIButton, ControlEventRecorder) {
        let button = UIButton(frame: Self.buttonFrame)
        button.accessibilityIdentifier = "button"
        scene.window.addSubview(button)
        let recorder = ControlEventRecorder()
        recorder.attach(to: button)
        return (button, recorder)
    }

    // MARK: The drag sequence (F1–F3, R12)

    @Test func dragOutBeyondTheMarginAndBackSendsEachEventInOrderWithMatchingHighlight() {
        let scene = ControlScene()
        let (button, recorder) = makeButton(in: scene)
        let sim = scene.sim

        sim.touchDown(1, at: CGPoint(x: 150, y: 120))
        #expect(recorder.entries == [.init(event: "touchDown", highlighted: true)])
        #expect(button.isTracking && button.isTouchInside && button.isHighlighted)
        _ = recorder.take()

        sim.touchMove(1, to: CGPoint(x: 160, y: 125))
        #expect(recorder.take() == ["touchDragInside"])
        #expect(button.isHighlighted)

        // Local y 100: 56 pt below the bounds, inside the 70 pt zone.
        sim.touchMove(1, to: CGPoint(x: 160, y: 200))
        #expect(recorder.take() == ["touchDragInside"])
        #expect(button.isTouchInside && button.isHighlighted)

        // Local y 120: 76 pt below the bounds, outside the zone.
        sim.touchMove(1, to: CGPoint(x: 160, y: 220))
        #expect(Set(recorder.take()) == ["touchDragExit", "touchDragOutside"])
        #expect(!button.isTouchInside && !button.isHighlighted && button.isTracking)

        sim.touchMove(1, to: CGPoint(x: 160, y: 260))
        #expect(recorder.take() == ["touchDragOutside"])
        sim.touchMove(1, to: CGPoint(x: 170, y: 280))
        #expect(recorder.take() == ["touchDragOutside"])
        #expect(!button.isHighlighted)

        sim.touchMove(1, to: CGPoint(x: 160, y: 190))
        #expect(Set(recorder.take()) == ["touchDragEnter", "touchDragInside"])
        #expect(button.isTouchInside && button.isHighlighted)

        sim.touchUp(1)
        #expect(recorder.take() == Self.upInside)
        #expect(!button.isTracking && !button.isTouchInside && !button.isHighlighted)
        #expect(button.state == .normal)
    }

    @Test func eventsSentWhileOutsideCarryNoHighlightAndEventsInsideDo() {
        let scene = ControlScene()
        let (_, recorder) = makeButton(in: scene)
        scene.sim.touchDown(1, at: CGPoint(x: 150, y: 120))
        scene.sim.touchMove(1, to: CGPoint(x: 150, y: 300))
        scene.sim.touchMove(1, to: CGPoint(x: 150, y: 130))
        let byEvent = Dictionary(recorder.entries.map { ($0.event, $0.highlighted) }, uniquingKeysWith: { first, _ in first })
        #expect(byEvent["touchDown"] == true)
        #expect(byEvent["touchDragExit"] == false)
        #expect(byEvent["touchDragOutside"] == false)
        #expect(byEvent["touchDragEnter"] == true)
        #expect(byEvent["touchDragInside"] == true)
    }

    @Test func liftingOutsideTheBoundsButWithinSeventyPointsSendsTouchUpInside() {
        let scene = ControlScene()
        let (button, recorder) = makeButton(in: scene)
        scene.sim.touchDown(1, at: CGPoint(x: 150, y: 120))
        scene.sim.touchMove(1, to: CGPoint(x: 250, y: 120)) // local x 150: 50 pt right of the bounds
        scene.sim.touchUp(1)
        #expect(recorder.events == ["touchDown", "touchDragInside"] + Self.upInside)
        #expect(!button.isHighlighted)
    }

    @Test func liftingBeyondSeventyPointsSendsTouchUpOutsideAndNoTouchUpInside() {
        let scene = ControlScene()
        let (button, recorder) = makeButton(in: scene)
        scene.sim.touchDown(1, at: CGPoint(x: 150, y: 120))
        scene.sim.touchMove(1, to: CGPoint(x: 275, y: 120)) // local x 175: 75 pt right of the bounds
        _ = recorder.take()
        scene.sim.touchUp(1)
        #expect(recorder.take() == ["touchUpOutside"])
        #expect(!button.isTracking && !button.isHighlighted)
    }

    /// The zone is the bounds grown by 70 pt on every side; like `CGRect.contains`, its max edges are out.
    @Test(arguments: [
        (CGPoint(x: -70, y: 22), true), (CGPoint(x: -70.5, y: 22), false),
        (CGPoint(x: 169, y: 22), true), (CGPoint(x: 171, y: 22), false),
        (CGPoint(x: 50, y: -69), true), (CGPoint(x: 50, y: -71), false),
        (CGPoint(x: 50, y: 113), true), (CGPoint(x: 50, y: 115), false),
    ])
    func touchZoneExtendsSeventyPointsOnEverySide(local: CGPoint, inside: Bool) {
        let scene = ControlScene()
        let (button, recorder) = makeButton(in: scene)
        scene.sim.touchDown(1, at: CGPoint(x: 150, y: 122))
        scene.sim.touchMove(1, to: CGPoint(x: 100 + local.x, y: 100 + local.y))
        #expect(button.isTouchInside == inside)
        #expect(button.isHighlighted == inside)
        scene.sim.touchUp(1)
        #expect(recorder.events.last(where: { $0.hasPrefix("touchUp") }) == (inside ? "touchUpInside" : "touchUpOutside"))
    }

    @Test func aSmallerTouchInsideMarginMakesANearbyLiftATouchUpOutside() {
        let scene = ControlScene()
        let (button, recorder) = makeButton(in: scene)
        button.touchInsideMargin = 5
        scene.sim.touchDown(1, at: CGPoint(x: 150, y: 120))
        #expect(recorder.take() == ["touchDown"])
        scene.sim.touchMove(1, to: CGPoint(x: 150, y: 154)) // local y 54: 10 pt below the bounds
        #expect(Set(recorder.take()) == ["touchDragExit", "touchDragOutside"])
        #expect(!button.isHighlighted)
        scene.sim.touchUp(1)
        #expect(recorder.take() == ["touchUpOutside"])
    }

    @Test func aLargerTouchInsideMarginKeepsAFarLiftInside() {
        let scene = ControlScene()
        let (button, recorder) = makeButton(in: scene)
        button.touchInsideMargin = 150
        scene.sim.touchDown(1, at: CGPoint(x: 150, y: 120))
        scene.sim.touchMove(1, to: CGPoint(x: 150, y: 280)) // local y 180: 136 pt below the bounds
        #expect(button.isTouchInside)
        scene.sim.touchUp(1)
        #expect(recorder.events == ["touchDown", "touchDragInside"] + Self.upInside)
    }

    // MARK: Cancel, end, repeat (F3, F4, R23)

    @Test func aSystemCancelSendsTouchCancelCallsCancelTrackingAndNoTouchUp() {
        let scene = ControlScene()
        let control = ProbeControl(frame: Self.buttonFrame)
        scene.window.addSubview(control)
        let recorder = ControlEventRecorder()
        recorder.attach(to: control)
        scene.sim.touchDown(1, at: CGPoint(x: 150, y: 120))
        scene.sim.touchCancel(1)
        #expect(recorder.events == ["touchDown", "touchCancel"])
        #expect(control.log == ["beginTracking", "cancelTracking"])
        #expect(!control.isTracking && !control.isHighlighted && !control.isTouchInside)
    }

    @Test func liftingCallsEndTrackingWithTheTouchBeforeSendingTouchUpInside() {
        let scene = ControlScene()
        let control = ProbeControl(frame: Self.buttonFrame)
        scene.window.addSubview(control)
        control.addAction(UIAction { [unowned control] _ in control.log.append("touchUpInside") }, for: .touchUpInside)
        scene.sim.touchDown(1, at: CGPoint(x: 150, y: 120))
        scene.sim.touchMove(1, to: CGPoint(x: 155, y: 120))
        scene.sim.touchUp(1)
        #expect(control.log == ["beginTracking", "continueTracking", "endTracking", "touchUpInside"])
        #expect(!control.isTracking)
    }

    @Test func aSecondQuickTapSendsTouchDownRepeatWithItsTouchDown() {
        let scene = ControlScene()
        let (_, recorder) = makeButton(in: scene)
        scene.sim.tap(at: CGPoint(x: 150, y: 120))
        #expect(recorder.take() == ["touchDown"] + Self.upInside)
        scene.sim.advance(by: 0.1)
        scene.sim.tap(at: CGPoint(x: 152, y: 121))
        let second = recorder.take()
        #expect(second.count == 4)
        #expect(Set(second.prefix(2)) == ["touchDown", "touchDownRepeat"])
        #expect(Array(second.suffix(2)) == Self.upInside)
    }

    @Test func tapsFarApartInTimeDoNotSendTouchDownRepeat() {
        let scene = ControlScene()
        let (_, recorder) = makeButton(in: scene)
        scene.sim.tap(at: CGPoint(x: 150, y: 120))
        scene.sim.advance(by: 1)
        scene.sim.tap(at: CGPoint(x: 150, y: 120))
        #expect(recorder.count("touchDown") == 2)
        #expect(recorder.count("touchDownRepeat") == 0)
    }

    // MARK: Refusing to track (F1, F2)

    @Test func beginTrackingReturningFalseSendsNoEventsAtAll() {
        let scene = ControlScene()
        let control = ProbeControl(frame: Self.buttonFrame)
        control.beginAnswer = false
        scene.window.addSubview(control)
        let recorder = ControlEventRecorder()
        recorder.attach(to: control)
        scene.sim.touchDown(1, at: CGPoint(x: 150, y: 120))
        #expect(!control.isTracking)
        scene.sim.touchMove(1, to: CGPoint(x: 150, y: 300))
        scene.sim.touchMove(1, to: CGPoint(x: 150, y: 125))
        scene.sim.touchUp(1)
        #expect(recorder.events.isEmpty)
        #expect(control.log == ["beginTracking"])
    }

    @Test func beginTrackingReturningFalseThenACancelSendsNoTouchCancel() {
        let scene = ControlScene()
        let control = ProbeControl(frame: Self.buttonFrame)
        control.beginAnswer = false
        scene.window.addSubview(control)
        let recorder = ControlEventRecorder()
        recorder.attach(to: control)
        scene.sim.touchDown(1, at: CGPoint(x: 150, y: 120))
        scene.sim.touchCancel(1)
        #expect(recorder.events.isEmpty)
        #expect(control.log == ["beginTracking"])
    }

    @Test func continueTrackingReturningFalseStopsDragEventsAndTheTouchUp() {
        let scene = ControlScene()
        let control = ProbeControl(frame: Self.buttonFrame)
        control.continueAnswers = [true, false]
        scene.window.addSubview(control)
        let recorder = ControlEventRecorder()
        recorder.attach(to: control)
        scene.sim.touchDown(1, at: CGPoint(x: 150, y: 120))
        scene.sim.touchMove(1, to: CGPoint(x: 152, y: 120))
        #expect(recorder.take() == ["touchDown", "touchDragInside"])
        scene.sim.touchMove(1, to: CGPoint(x: 154, y: 120))
        #expect(!control.isTracking)
        scene.sim.touchMove(1, to: CGPoint(x: 150, y: 400))
        scene.sim.touchUp(1)
        #expect(recorder.take().isEmpty)
        // Tracking stopped: continueTracking is not asked again, and there is nothing to end.
        #expect(control.log == ["beginTracking", "continueTracking", "continueTracking"])
        #expect(!control.isHighlighted)
    }

    // MARK: State (F8)

    @Test func stateCombinesHighlightedDisabledAndSelected() {
        let scene = ControlScene()
        let (button, _) = makeButton(in: scene)
        #expect(button.state == .normal)
        button.isSelected = true
        #expect(button.state == .selected)
        button.isEnabled = false
        #expect(button.state == [.disabled, .selected])
        button.isSelected = false
        #expect(button.state == .disabled)
        button.isEnabled = true
        scene.sim.touchDown(1, at: CGPoint(x: 150, y: 120))
        #expect(button.state == .highlighted)
        button.isSelected = true
        #expect(button.state == [.highlighted, .selected])
        scene.sim.touchUp(1)
        #expect(button.state == .selected)
    }

    // MARK: Hit-testing and the responder chain (R11, seeds)

    @Test func aDisabledControlIsSkippedByHitTestingAndTheViewBehindGetsTheTouch() {
        let scene = ControlScene()
        let behind = TouchLoggingView(frame: CGRect(x: 50, y: 50, width: 300, height: 300))
        scene.window.addSubview(behind)
        let (button, recorder) = makeButton(in: scene)
        let tracer = TraceRecorder()
        scene.app.tracer = tracer
        button.isEnabled = false

        scene.sim.tap(at: CGPoint(x: 150, y: 120))
        #expect(behind.log == ["began", "ended"])
        #expect(recorder.events.isEmpty)
        #expect(tracer.records.contains { $0.kind.matches(.hitTestSkipped(view: "button", point: CGPoint(x: 50, y: 20), reason: .disabled)) })

        scene.sim.advance(by: 1)
        button.isEnabled = true
        scene.sim.tap(at: CGPoint(x: 150, y: 120))
        #expect(behind.log == ["began", "ended"])
        #expect(recorder.events == ["touchDown"] + Self.upInside)
    }

    @Test func aButtonDoesNotForwardItsTouchesUpTheResponderChain() {
        let scene = ControlScene()
        let container = TouchLoggingView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        scene.window.addSubview(container)
        let button = UIButton(frame: Self.buttonFrame)
        button.accessibilityIdentifier = "button"
        container.addSubview(button)
        let tracer = TraceRecorder()
        scene.app.tracer = tracer

        scene.sim.touchDown(1, at: CGPoint(x: 150, y: 120))
        scene.sim.touchMove(1, to: CGPoint(x: 150, y: 300))
        scene.sim.touchMove(1, to: CGPoint(x: 150, y: 125))
        scene.sim.touchUp(1)
        scene.sim.touchDown(2, at: CGPoint(x: 150, y: 120))
        scene.sim.touchCancel(2)

        #expect(container.log.isEmpty)
        #expect(!tracer.records.contains { record in
            if case .forwarded(let from, _, _) = record.kind, from.name == "button" { return true }
            return false
        })
        // The button itself did get every call.
        let delivered = tracer.records.compactMap { record -> TraceRecord.ResponderMethod? in
            if case .delivered(let responder, let method, _) = record.kind, responder.name == "button" { return method }
            return nil
        }
        #expect(delivered == [.touchesBegan, .touchesMoved, .touchesMoved, .touchesEnded, .touchesBegan, .touchesCancelled])
    }

    @Test func aButtonsActionComesAfterItsTouchesEnded() {
        final class LoggingButton: UIButton {
            var log: [String] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                log.append("touchesBegan"); super.touchesBegan(touches, with: event)
            }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
                log.append("touchesEnded"); super.touchesEnded(touches, with: event)
            }
        }
        let scene = ControlScene()
        let button = LoggingButton(frame: Self.buttonFrame)
        scene.window.addSubview(button)
        button.addAction(UIAction { [unowned button] _ in button.log.append("action") }, for: .touchUpInside)
        scene.sim.tap(at: CGPoint(x: 150, y: 120))
        #expect(button.log == ["touchesBegan", "touchesEnded", "action"])
    }
}
