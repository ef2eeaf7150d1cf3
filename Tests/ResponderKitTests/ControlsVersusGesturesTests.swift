// Controls versus gesture recognizers: R10 (D14), with R8 for the order of a winning recognizer's
// action and the control's cancel.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct ControlsVersusGesturesTests {

    @MainActor final class Counter {
        var log: [String] = []
        func fired() { log.append("gesture") }
    }

    /// container (the whole window) > control. Returns the recorder attached to the control.
    private func scene<C: UIControl>(with control: C) -> (ControlScene, UIView, ControlEventRecorder, TraceRecorder) {
        let scene = ControlScene()
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        container.accessibilityIdentifier = "container"
        scene.window.addSubview(container)
        control.accessibilityIdentifier = "control"
        container.addSubview(control)
        let recorder = ControlEventRecorder()
        recorder.attach(to: control)
        let tracer = TraceRecorder()
        scene.app.tracer = tracer
        return (scene, container, recorder, tracer)
    }

    private func failed(_ name: String, in tracer: TraceRecorder) -> Bool {
        tracer.records.contains { record in
            if case .recognizerState(let recognizer, .possible, .failed, _) = record.kind, recognizer.name == name { return true }
            return false
        }
    }

    private static let buttonFrame = CGRect(x: 100, y: 100, width: 100, height: 44)
    private static let onButton = CGPoint(x: 150, y: 120)

    // MARK: Single taps on other views are refused by buttons and switches

    @Test(arguments: [false, true])
    func aButtonBeatsAOneFingerSingleTapOnAnAncestor(attachToWindow: Bool) {
        let button = UIButton(frame: Self.buttonFrame)
        let (scene, container, recorder, tracer) = scene(with: button)
        let counter = Counter()
        let tap = UITapGestureRecognizer(target: counter, action: Counter.fired)
        tap.name = "tap"
        (attachToWindow ? scene.window : container).addGestureRecognizer(tap)

        scene.sim.tap(at: Self.onButton)
        #expect(recorder.events == ["touchDown", "primaryActionTriggered", "touchUpInside"]
                || recorder.events == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        #expect(counter.log.isEmpty)
        #expect(failed("tap", in: tracer))

        // Off the button the same recognizer works, so the button is what refused it.
        scene.sim.advance(by: 1)
        scene.sim.tap(at: CGPoint(x: 300, y: 400))
        #expect(counter.log == ["gesture"])
    }

    @Test func aSwitchBeatsAOneFingerSingleTapOnItsSuperview() {
        let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 51, height: 31))
        let (scene, container, recorder, _) = scene(with: toggle)
        let counter = Counter()
        container.addGestureRecognizer(UITapGestureRecognizer(target: counter, action: Counter.fired))
        scene.sim.tap(at: CGPoint(x: 125, y: 115))
        #expect(toggle.isOn)
        #expect(recorder.count("valueChanged") == 1)
        #expect(recorder.count("touchCancel") == 0)
        #expect(counter.log.isEmpty)
    }

    @Test func aSwitchRefusesAHorizontalOneFingerPanOnItsSuperview() {
        let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 51, height: 31))
        let (scene, container, _, tracer) = scene(with: toggle)
        let counter = Counter()
        let pan = UIPanGestureRecognizer(target: counter, action: Counter.fired)
        pan.name = "pan"
        container.addGestureRecognizer(pan)
        // The first step is the hysteresis exactly: the translation reads (0, 0) as the pan begins (R21),
        // and the switch still sees where the finger went.
        scene.sim.touchDown(1, at: CGPoint(x: 110, y: 115))
        for x in [120, 135, 150] as [CGFloat] {
            scene.sim.advance(by: 1.0 / 60)
            scene.sim.touchMove(1, to: CGPoint(x: x, y: 115))
        }
        scene.sim.touchUp(1)
        #expect(failed("pan", in: tracer))
        #expect(counter.log.isEmpty)
        #expect(toggle.isOn)
    }

    @Test func aSwitchLetsAVerticalPanOnItsSuperviewBegin() {
        let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 51, height: 31))
        let (scene, container, _, _) = scene(with: toggle)
        let counter = Counter()
        container.addGestureRecognizer(UIPanGestureRecognizer(target: counter, action: Counter.fired))
        scene.sim.touchDown(1, at: CGPoint(x: 110, y: 115))
        for y in [125, 140, 160] as [CGFloat] {
            scene.sim.advance(by: 1.0 / 60)
            scene.sim.touchMove(1, to: CGPoint(x: 110, y: y))
        }
        scene.sim.touchUp(1)
        #expect(counter.log.first == "gesture")
        #expect(!toggle.isOn)
    }

    @Test func aPlainControlSubclassDoesNotRefuseASuperviewsTap() {
        final class PlainControl: UIControl {}
        let control = PlainControl(frame: Self.buttonFrame)
        let (scene, container, recorder, _) = scene(with: control)
        let counter = Counter()
        container.addGestureRecognizer(UITapGestureRecognizer(target: counter, action: Counter.fired))
        scene.sim.tap(at: Self.onButton)
        #expect(counter.log == ["gesture"])
        #expect(recorder.events == ["touchDown", "touchCancel"])
    }

    // MARK: Other taps are not refused

    @Test func aButtonDoesNotRefuseADoubleTapOnItsSuperview() {
        let button = UIButton(frame: Self.buttonFrame)
        let (scene, container, recorder, tracer) = scene(with: button)
        let counter = Counter()
        let doubleTap = UITapGestureRecognizer(target: counter, action: Counter.fired)
        doubleTap.numberOfTapsRequired = 2
        doubleTap.name = "double"
        container.addGestureRecognizer(doubleTap)

        scene.sim.tap(at: Self.onButton)
        scene.sim.advance(by: 0.1)
        scene.sim.tap(at: Self.onButton)
        #expect(counter.log == ["gesture"])
        #expect(!failed("double", in: tracer))
        // The recognizer cancelled the button's touches: no touch-up-inside.
        #expect(recorder.count("touchUpInside") == 0)
        #expect(recorder.count("touchCancel") == 1)
        #expect(!button.isTracking && !button.isHighlighted)
    }

    @Test func aSingleTapOnAButtonUnderASuperviewsDoubleTapIsDeliveredOnceTheDoubleTapFails() {
        let button = UIButton(frame: Self.buttonFrame)
        let (scene, container, recorder, _) = scene(with: button)
        let counter = Counter()
        let doubleTap = UITapGestureRecognizer(target: counter, action: Counter.fired)
        doubleTap.numberOfTapsRequired = 2
        container.addGestureRecognizer(doubleTap)

        scene.sim.tap(at: Self.onButton)
        // delaysTouchesEnded: the lift is held while the double tap may still happen (D12).
        #expect(recorder.count("touchUpInside") == 0)
        scene.sim.advance(by: 1)
        #expect(recorder.count("touchUpInside") == 1)
        #expect(recorder.count("touchCancel") == 0)
        #expect(counter.log.isEmpty)
    }

    @Test func aButtonDoesNotRefuseATwoFingerTapOnItsSuperview() {
        let button = UIButton(frame: Self.buttonFrame)
        let (scene, container, recorder, _) = scene(with: button)
        let counter = Counter()
        let twoFingers = UITapGestureRecognizer(target: counter, action: Counter.fired)
        twoFingers.numberOfTouchesRequired = 2
        container.addGestureRecognizer(twoFingers)
        scene.sim.touch(.down(1, at: CGPoint(x: 130, y: 120)), .down(2, at: CGPoint(x: 170, y: 120)))
        scene.sim.touch(.up(1), .up(2))
        #expect(counter.log == ["gesture"])
        #expect(recorder.count("touchUpInside") == 0)
        #expect(recorder.count("touchCancel") == 1)
    }

    // MARK: Sliders and swipes

    /// (50, 200), 231 × 30, range 0…100 at 50: the thumb's centre is at (165.5, 215).
    private func makeSlider() -> UISlider {
        let slider = UISlider(frame: CGRect(x: 50, y: 200, width: 231, height: 30))
        slider.maximumValue = 100
        slider.value = 50
        return slider
    }

    @Test(arguments: [(UISwipeGestureRecognizer.Direction.right, CGFloat(100)), (.left, CGFloat(-100))])
    func aSliderBeatsASwipeAlongItsTrackWhenTheThumbIsDragged(direction: UISwipeGestureRecognizer.Direction,
                                                              travel: CGFloat) {
        let slider = makeSlider()
        let (scene, container, recorder, tracer) = scene(with: slider)
        let counter = Counter()
        let swipe = UISwipeGestureRecognizer(target: counter, action: Counter.fired)
        swipe.direction = direction
        swipe.name = "swipe"
        container.addGestureRecognizer(swipe)

        scene.sim.drag(from: CGPoint(x: 165.5, y: 215), to: CGPoint(x: 165.5 + travel, y: 215), duration: 0.2, steps: 5)
        #expect(counter.log.isEmpty)
        #expect(failed("swipe", in: tracer))
        #expect(abs(slider.value - (50 + Float(travel) / 2)) < 0.001)
        #expect(recorder.count("touchCancel") == 0)
        #expect(recorder.count("touchUpInside") == 1)
    }

    @Test func aSwipeAlongTheTrackThatStartsAwayFromTheThumbIsNotRefusedBySlider() {
        let slider = makeSlider()
        let (scene, container, _, tracer) = scene(with: slider)
        let counter = Counter()
        let swipe = UISwipeGestureRecognizer(target: counter, action: Counter.fired)
        swipe.direction = .right
        swipe.name = "swipe"
        container.addGestureRecognizer(swipe)

        // On the track, 90 pt left of the thumb's centre: the slider does not track the touch either.
        scene.sim.drag(from: CGPoint(x: 75.5, y: 215), to: CGPoint(x: 175.5, y: 215), duration: 0.2, steps: 5)
        #expect(counter.log == ["gesture"])
        #expect(!failed("swipe", in: tracer))
        #expect(slider.value == 50)
    }

    @Test func aSliderDoesNotRefuseAVerticalSwipeAndIsCancelledByIt() {
        let slider = makeSlider()
        let (scene, container, recorder, _) = scene(with: slider)
        let counter = Counter()
        let swipe = UISwipeGestureRecognizer(target: counter, action: Counter.fired)
        swipe.direction = .down
        container.addGestureRecognizer(swipe)

        scene.sim.drag(from: CGPoint(x: 165.5, y: 215), to: CGPoint(x: 165.5, y: 315), duration: 0.2, steps: 5)
        #expect(counter.log == ["gesture"])
        #expect(slider.value == 50)
        #expect(recorder.count("touchCancel") == 1)
        #expect(recorder.count("touchUpInside") + recorder.count("touchUpOutside") == 0)
    }

    // MARK: Recognizers attached to the control itself win

    @Test func aTapRecognizerOnTheButtonItselfWinsAndTheButtonSendsTouchCancelAfterTheAction() {
        let button = UIButton(frame: Self.buttonFrame)
        let (scene, _, recorder, _) = scene(with: button)
        let counter = Counter()
        button.addGestureRecognizer(UITapGestureRecognizer(target: counter, action: Counter.fired))
        button.addAction(UIAction { _ in counter.log.append("touchCancel") }, for: .touchCancel)
        button.addAction(UIAction { _ in counter.log.append("touchUpInside") }, for: .touchUpInside)

        scene.sim.tap(at: Self.onButton)
        #expect(counter.log == ["gesture", "touchCancel"])
        #expect(recorder.events == ["touchDown", "touchCancel"])
        #expect(!button.isHighlighted && !button.isTracking)
    }

    @Test func aTapRecognizerOnTheSwitchItselfWinsAndTheSwitchDoesNotToggle() {
        let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 51, height: 31))
        let (scene, _, recorder, _) = scene(with: toggle)
        let counter = Counter()
        toggle.addGestureRecognizer(UITapGestureRecognizer(target: counter, action: Counter.fired))
        scene.sim.tap(at: CGPoint(x: 125, y: 115))
        #expect(counter.log == ["gesture"])
        #expect(!toggle.isOn)
        #expect(recorder.count("valueChanged") == 0)
        #expect(recorder.count("touchCancel") == 1)
    }
}
