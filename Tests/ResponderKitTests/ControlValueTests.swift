// Value controls: UISwitch, UISlider, UITextField (F6, R15 for keys reaching the first responder).

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct ControlValueTests {

    // MARK: UISwitch

    /// (100, 100), 51 × 31: the left half is x 100..<125.5, the right half 125.5..<151.
    private func makeSwitch(in scene: ControlScene, on: Bool = false) -> (UISwitch, ControlEventRecorder) {
        let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 51, height: 31))
        toggle.isOn = on
        scene.window.addSubview(toggle)
        let recorder = ControlEventRecorder()
        recorder.attach(to: toggle)
        return (toggle, recorder)
    }

    @Test func tappingASwitchTogglesItAndSendsValueChangedOncePerTap() {
        let scene = ControlScene()
        let (toggle, recorder) = makeSwitch(in: scene)
        scene.sim.tap(at: CGPoint(x: 125, y: 115))
        #expect(toggle.isOn)
        #expect(recorder.count("valueChanged") == 1)
        #expect(recorder.count("primaryActionTriggered") == 1)
        scene.sim.advance(by: 1)
        scene.sim.tap(at: CGPoint(x: 125, y: 115))
        #expect(!toggle.isOn)
        #expect(recorder.count("valueChanged") == 2)
    }

    @Test func theSwitchsValueHasChangedWhenItsValueChangedActionRuns() {
        let scene = ControlScene()
        let (toggle, _) = makeSwitch(in: scene)
        var seen: [Bool] = []
        toggle.addAction(UIAction { [unowned toggle] _ in seen.append(toggle.isOn) }, for: .valueChanged)
        scene.sim.tap(at: CGPoint(x: 125, y: 115))
        #expect(seen == [true])
    }

    @Test func settingTheSwitchInCodeSendsNothing() {
        let scene = ControlScene()
        let (toggle, recorder) = makeSwitch(in: scene)
        toggle.setOn(true, animated: true)
        #expect(toggle.isOn)
        toggle.isOn = false
        toggle.setOn(true, animated: false)
        #expect(toggle.isOn)
        #expect(recorder.events.isEmpty)
    }

    @Test func draggingTheThumbToTheOtherHalfSetsTheSwitch() {
        let scene = ControlScene()
        let (toggle, recorder) = makeSwitch(in: scene)
        scene.sim.touchDown(1, at: CGPoint(x: 108, y: 115))
        scene.sim.touchMove(1, to: CGPoint(x: 125, y: 115))
        scene.sim.touchMove(1, to: CGPoint(x: 145, y: 115))
        #expect(!toggle.isOn, "the value changes when the finger lifts")
        scene.sim.touchUp(1)
        #expect(toggle.isOn)
        #expect(recorder.count("valueChanged") == 1)

        scene.sim.advance(by: 1)
        scene.sim.touchDown(2, at: CGPoint(x: 145, y: 115))
        scene.sim.touchMove(2, to: CGPoint(x: 104, y: 115))
        scene.sim.touchUp(2)
        #expect(!toggle.isOn)
        #expect(recorder.count("valueChanged") == 2)
    }

    @Test func draggingWithinTheSameHalfLeavesTheSwitchAndSendsNoValueChanged() {
        let scene = ControlScene()
        let (toggle, recorder) = makeSwitch(in: scene)
        // Off, and lifted over the left (off) half after a real drag: no change, not a toggle.
        scene.sim.touchDown(1, at: CGPoint(x: 145, y: 115))
        scene.sim.touchMove(1, to: CGPoint(x: 105, y: 115))
        scene.sim.touchUp(1)
        #expect(!toggle.isOn)
        #expect(recorder.count("valueChanged") == 0)
    }

    @Test func liftingBeyondTheTouchZoneWithoutDraggingAcrossDoesNotToggle() {
        let scene = ControlScene()
        let (toggle, recorder) = makeSwitch(in: scene)
        scene.sim.touchDown(1, at: CGPoint(x: 110, y: 115))
        scene.sim.touchMove(1, to: CGPoint(x: 110, y: 400))
        scene.sim.touchUp(1)
        #expect(!toggle.isOn)
        #expect(recorder.count("valueChanged") == 0)
        #expect(recorder.count("touchUpOutside") == 1)
    }

    // MARK: UISlider

    /// (50, 200), 231 × 30: with a 31 pt thumb the track is 200 pt of travel. At value v of [min, max] the
    /// thumb's centre is at window x 65.5 + 200 × (v − min) / (max − min), y 215.
    private func makeSlider(in scene: ControlScene, min: Float = 0, max: Float = 100, value: Float = 0)
        -> (UISlider, ControlEventRecorder) {
        let slider = UISlider(frame: CGRect(x: 50, y: 200, width: 231, height: 30))
        slider.minimumValue = min
        slider.maximumValue = max
        slider.value = value
        scene.window.addSubview(slider)
        let recorder = ControlEventRecorder()
        recorder.attach(to: slider)
        return (slider, recorder)
    }

    private func thumbCentre(_ slider: UISlider) -> CGPoint {
        let rect = slider.thumbRect()
        return CGPoint(x: slider.frame.minX + rect.midX, y: slider.frame.minY + rect.midY)
    }

    @Test func draggingTheThumbMovesTheValueInProportionToTheTravel() {
        let scene = ControlScene()
        let (slider, recorder) = makeSlider(in: scene)
        let start = thumbCentre(slider)
        #expect(abs(start.x - 65.5) < 0.001)
        scene.sim.touchDown(1, at: start)
        scene.sim.touchMove(1, to: CGPoint(x: start.x + 10, y: start.y))
        #expect(abs(slider.value - 5) < 0.001)
        scene.sim.touchMove(1, to: CGPoint(x: start.x + 25, y: start.y + 3))
        #expect(abs(slider.value - 12.5) < 0.001)
        scene.sim.touchMove(1, to: CGPoint(x: start.x + 50, y: start.y))
        #expect(abs(slider.value - 25) < 0.001)
        scene.sim.touchMove(1, to: CGPoint(x: start.x + 30, y: start.y))
        #expect(abs(slider.value - 15) < 0.001)
        scene.sim.touchUp(1)
        #expect(abs(slider.value - 15) < 0.001)
        #expect(recorder.count("valueChanged") == 4)
        #expect(recorder.count("touchDown") == 1)
    }

    @Test func theSlidersValueIsClampedToItsRangeAndStopsSendingOnceClamped() {
        let scene = ControlScene()
        let (slider, recorder) = makeSlider(in: scene, min: -10, max: 10, value: 0)
        let start = thumbCentre(slider)
        #expect(abs(start.x - 165.5) < 0.001)
        scene.sim.touchDown(1, at: start)
        scene.sim.touchMove(1, to: CGPoint(x: start.x + 50, y: start.y))   // +5
        #expect(abs(slider.value - 5) < 0.001)
        scene.sim.touchMove(1, to: CGPoint(x: start.x + 200, y: start.y))  // would be +20
        #expect(slider.value == 10)
        scene.sim.touchMove(1, to: CGPoint(x: start.x + 230, y: start.y))  // still the maximum
        #expect(slider.value == 10)
        scene.sim.touchUp(1)
        #expect(recorder.count("valueChanged") == 2)

        scene.sim.advance(by: 1)
        let top = thumbCentre(slider)
        scene.sim.touchDown(2, at: top)
        scene.sim.touchMove(2, to: CGPoint(x: top.x - 400, y: top.y))
        scene.sim.touchUp(2)
        #expect(slider.value == -10)
        #expect(recorder.count("valueChanged") == 3)
    }

    @Test func aContinuousSliderSendsValueChangedForEveryMoveThatChangesTheValue() {
        let scene = ControlScene()
        let (slider, recorder) = makeSlider(in: scene)
        let start = thumbCentre(slider)
        var valuesSeen: [Float] = []
        slider.addAction(UIAction { [unowned slider] _ in valuesSeen.append(slider.value) }, for: .valueChanged)
        scene.sim.touchDown(1, at: start)
        for step in 1...5 {
            scene.sim.touchMove(1, to: CGPoint(x: start.x + CGFloat(step * 20), y: start.y))
            #expect(recorder.count("valueChanged") == step)
        }
        scene.sim.touchMove(1, to: CGPoint(x: start.x + 100, y: start.y + 8)) // vertical only: no change
        #expect(recorder.count("valueChanged") == 5)
        scene.sim.touchUp(1)
        #expect(recorder.count("valueChanged") == 5)
        #expect(valuesSeen.count == 5)
        #expect(zip(valuesSeen, [10, 20, 30, 40, 50] as [Float]).allSatisfy { abs($0 - $1) < 0.001 })
    }

    @Test func aNonContinuousSliderSendsValueChangedOnceWhenTheFingerLifts() {
        let scene = ControlScene()
        let (slider, recorder) = makeSlider(in: scene)
        slider.isContinuous = false
        let start = thumbCentre(slider)
        scene.sim.touchDown(1, at: start)
        for step in 1...4 { scene.sim.touchMove(1, to: CGPoint(x: start.x + CGFloat(step * 20), y: start.y)) }
        #expect(abs(slider.value - 40) < 0.001, "the value follows the thumb during the drag")
        #expect(recorder.count("valueChanged") == 0)
        scene.sim.touchUp(1)
        #expect(recorder.count("valueChanged") == 1)
        #expect(recorder.events.firstIndex(of: "valueChanged")! < recorder.events.firstIndex(of: "touchUpInside")!)
    }

    @Test func aNonContinuousSliderDraggedBackToWhereItStartedSendsNothing() {
        let scene = ControlScene()
        let (slider, recorder) = makeSlider(in: scene)
        slider.isContinuous = false
        let start = thumbCentre(slider)
        scene.sim.touchDown(1, at: start)
        scene.sim.touchMove(1, to: CGPoint(x: start.x + 40, y: start.y))
        scene.sim.touchMove(1, to: start)
        scene.sim.touchUp(1)
        #expect(slider.value == 0)
        #expect(recorder.count("valueChanged") == 0)
    }

    @Test func aTouchThatMissesTheThumbDoesNotMoveItNorSendAnything() {
        let scene = ControlScene()
        let (slider, recorder) = makeSlider(in: scene, value: 50)
        // The thumb covers window x 150..<181; touch the track far to its left and drag.
        scene.sim.touchDown(1, at: CGPoint(x: 70, y: 215))
        scene.sim.touchMove(1, to: CGPoint(x: 120, y: 215))
        scene.sim.touchMove(1, to: CGPoint(x: 260, y: 215))
        scene.sim.touchUp(1)
        #expect(slider.value == 50)
        #expect(recorder.events.isEmpty)
        #expect(!slider.isHighlighted && !slider.isTracking)
    }

    @Test func settingTheSlidersValueInCodeSendsNothingAndIsClamped() {
        let scene = ControlScene()
        let (slider, recorder) = makeSlider(in: scene, min: 0, max: 1, value: 0)
        slider.setValue(0.25, animated: true)
        #expect(slider.value == 0.25)
        slider.value = 7
        #expect(slider.value == 1)
        slider.setValue(-3, animated: false)
        #expect(slider.value == 0)
        #expect(recorder.events.isEmpty)
    }

    // MARK: UITextField

    final class FieldDelegate: UITextFieldDelegate {
        var allowBegin = true, allowEnd = true, allowReturn = true
        var log: [String] = []
        func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { log.append("shouldBegin"); return allowBegin }
        func textFieldDidBeginEditing(_ textField: UITextField) { log.append("didBegin") }
        func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { log.append("shouldEnd"); return allowEnd }
        func textFieldDidEndEditing(_ textField: UITextField) { log.append("didEnd") }
        func textFieldShouldReturn(_ textField: UITextField) -> Bool { log.append("shouldReturn"); return allowReturn }
    }

    final class OtherResponder: UIView {
        override var canBecomeFirstResponder: Bool { true }
    }

    private static let fieldPoint = CGPoint(x: 100, y: 35)

    /// (20, 20), 200 × 30, in the key window, with a recorder for every event.
    private func makeField(in scene: ControlScene) -> (UITextField, ControlEventRecorder) {
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 200, height: 30))
        scene.window.addSubview(field)
        let recorder = ControlEventRecorder()
        recorder.attach(to: field)
        return (field, recorder)
    }

    @Test func tappingATextFieldMakesItFirstResponderAndSendsEditingDidBeginOnce() {
        let scene = ControlScene()
        let (field, recorder) = makeField(in: scene)
        #expect(!field.isFirstResponder && !field.isEditing)
        scene.sim.tap(at: Self.fieldPoint)
        #expect(field.isFirstResponder && field.isEditing)
        #expect(recorder.count("editingDidBegin") == 1)
        #expect(recorder.events.first == "touchDown")
        // A second tap while editing begins nothing new.
        scene.sim.advance(by: 1)
        scene.sim.tap(at: Self.fieldPoint)
        #expect(recorder.count("editingDidBegin") == 1)
    }

    @Test func typingEditsTheTextWithOneEditingChangedPerKey() {
        let scene = ControlScene()
        let (field, recorder) = makeField(in: scene)
        var texts: [String?] = []
        field.addAction(UIAction { [unowned field] _ in texts.append(field.text) }, for: .editingChanged)
        scene.sim.tap(at: Self.fieldPoint)
        _ = recorder.take()
        scene.sim.typeText("ab")
        #expect(field.text == "ab")
        #expect(recorder.take() == ["editingChanged", "editingChanged"])
        #expect(texts == ["a", "ab"])
    }

    @Test func backspaceDeletesTheLastCharacterAndNothingWhenEmpty() {
        let scene = ControlScene()
        let (field, recorder) = makeField(in: scene)
        scene.sim.tap(at: Self.fieldPoint)
        scene.sim.typeText("ab")
        _ = recorder.take()
        scene.sim.typeText("\u{8}")
        #expect(field.text == "a")
        #expect(recorder.take() == ["editingChanged"])
        scene.sim.typeText("\u{8}\u{8}")
        #expect(field.text == "")
        #expect(recorder.take() == ["editingChanged"])
    }

    @Test func keysReachNoFieldThatIsNotFirstResponder() {
        let scene = ControlScene()
        let (field, recorder) = makeField(in: scene)
        scene.sim.typeText("ab")
        #expect(field.text == "")
        #expect(recorder.events.isEmpty)
    }

    @Test func settingTextInCodeSendsNothing() {
        let scene = ControlScene()
        let (field, recorder) = makeField(in: scene)
        scene.sim.tap(at: Self.fieldPoint)
        _ = recorder.take()
        field.text = "set in code"
        #expect(recorder.events.isEmpty)
    }

    @Test func returnSendsEditingDidEndOnExitAndPrimaryActionThenEndsEditing() {
        let scene = ControlScene()
        let (field, recorder) = makeField(in: scene) // the recorder listens for .editingDidEndOnExit
        scene.sim.tap(at: Self.fieldPoint)
        scene.sim.typeText("a")
        _ = recorder.take()
        scene.sim.typeText("\n")
        let events = recorder.take()
        #expect(Set(events.prefix(2)) == ["editingDidEndOnExit", "primaryActionTriggered"])
        #expect(events.dropFirst(2) == ["editingDidEnd"])
        #expect(!field.isFirstResponder && !field.isEditing)
        #expect(field.text == "a", "Return does not insert text")
    }

    @Test func returnWithoutAnEditingDidEndOnExitListenerKeepsEditing() {
        let scene = ControlScene()
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 200, height: 30))
        scene.window.addSubview(field)
        var primary = 0, ended = 0
        field.addAction(UIAction { _ in primary += 1 }, for: .primaryActionTriggered)
        field.addAction(UIAction { _ in ended += 1 }, for: .editingDidEnd)
        scene.sim.tap(at: Self.fieldPoint)
        scene.sim.typeText("\n")
        #expect(primary == 1)
        #expect(ended == 0)
        #expect(field.isFirstResponder)
    }

    @Test func resigningFirstResponderSendsEditingDidEndOnce() {
        let scene = ControlScene()
        let (field, recorder) = makeField(in: scene)
        scene.sim.tap(at: Self.fieldPoint)
        _ = recorder.take()
        #expect(field.resignFirstResponder())
        #expect(recorder.take() == ["editingDidEnd"])
        #expect(!field.isEditing && !field.isFirstResponder)
        #expect(field.resignFirstResponder())
        #expect(recorder.take().isEmpty)
    }

    @Test func anotherResponderTakingOverEndsTheFieldsEditing() {
        let scene = ControlScene()
        let (field, recorder) = makeField(in: scene)
        let other = OtherResponder(frame: CGRect(x: 0, y: 500, width: 10, height: 10))
        scene.window.addSubview(other)
        scene.sim.tap(at: Self.fieldPoint)
        _ = recorder.take()
        #expect(other.becomeFirstResponder())
        #expect(recorder.take() == ["editingDidEnd"])
        #expect(!field.isEditing)
    }

    @Test func aDelegateRefusingToBeginKeepsTheFieldFromEditing() {
        let scene = ControlScene()
        let (field, recorder) = makeField(in: scene)
        let delegate = FieldDelegate()
        delegate.allowBegin = false
        field.delegate = delegate
        scene.sim.tap(at: Self.fieldPoint)
        #expect(!field.isFirstResponder && !field.isEditing)
        #expect(recorder.count("editingDidBegin") == 0)
        #expect(delegate.log == ["shouldBegin"])
        scene.sim.typeText("x")
        #expect(field.text == "")
    }

    @Test func aDelegateRefusingToEndKeepsTheFieldEditing() {
        let scene = ControlScene()
        let (field, recorder) = makeField(in: scene)
        let delegate = FieldDelegate()
        field.delegate = delegate
        let other = OtherResponder(frame: CGRect(x: 0, y: 500, width: 10, height: 10))
        scene.window.addSubview(other)
        scene.sim.tap(at: Self.fieldPoint)
        #expect(delegate.log == ["shouldBegin", "didBegin"])
        delegate.allowEnd = false
        _ = recorder.take()
        #expect(!field.resignFirstResponder())
        #expect(!other.becomeFirstResponder())
        #expect(field.isFirstResponder && field.isEditing)
        #expect(recorder.take().isEmpty)
        delegate.allowEnd = true
        #expect(field.resignFirstResponder())
        #expect(recorder.take() == ["editingDidEnd"])
        #expect(delegate.log.suffix(2) == ["shouldEnd", "didEnd"])
    }

    @Test func aDelegateRefusingReturnStopsEditingDidEndOnExit() {
        let scene = ControlScene()
        let (field, recorder) = makeField(in: scene)
        let delegate = FieldDelegate()
        delegate.allowReturn = false
        field.delegate = delegate
        scene.sim.tap(at: Self.fieldPoint)
        _ = recorder.take()
        scene.sim.typeText("\n")
        #expect(recorder.take().isEmpty)
        #expect(field.isEditing)
        #expect(delegate.log.last == "shouldReturn")
    }
}
