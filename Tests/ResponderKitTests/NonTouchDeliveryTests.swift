// Motion, remote-control and press events: spec section G, R15, R16.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct NonTouchDeliveryTests {

    /// A scene whose key window (named "window") has a root controller ("root") holding a view "field"
    /// that can become first responder.
    private func sceneWithField(rootController: Bool = true) -> (Scene, LoggingController?, LoggingView) {
        let scene = Scene { app, log in LoggingWindow("window", application: app, log: log) }
        var root: LoggingController?
        var parent: UIView = scene.window
        if rootController {
            let controller = LoggingController("root", log: scene.log)
            scene.window.rootViewController = controller
            root = controller
            parent = controller.view
        }
        let field = scene.addView("field", CGRect(x: 0, y: 0, width: 100, height: 100), to: parent)
        field.acceptsFirstResponder = true
        return (scene, root, field)
    }

    // MARK: Motion (G1, R15, R16)

    @Test func shakeGoesToTheFirstResponder() {
        let (scene, root, field) = sceneWithField()
        root?.passesOn = false
        field.passesOn = false
        #expect(field.becomeFirstResponder())
        scene.sim.shake()
        #expect(scene.log.lines == ["field.motionBegan", "field.motionEnded"])
        #expect(field.lastMotionEvent?.type == .motion)
        #expect(field.lastMotionEvent?.subtype == .motionShake)
    }

    @Test func shakeGoesToTheRootViewControllerWithoutAFirstResponder() {
        let (scene, root, _) = sceneWithField()
        root?.passesOn = false
        scene.sim.shake()
        #expect(scene.log.lines == ["root.motionBegan", "root.motionEnded"])
    }

    @Test func shakeGoesToTheKeyWindowWithoutFirstResponderOrRootController() {
        let log = CallLog()
        let app = LoggingApplication(log: log)
        let delegate = LoggingDelegate(log: log)
        app.delegate = delegate
        let scene = Scene(app: app, window: { app, log in LoggingWindow("window", application: app, log: log) }, log: log)
        scene.addView("view", CGRect(x: 0, y: 0, width: 100, height: 100))
        scene.sim.shake()
        #expect(log.lines == ["window.motionBegan", "app.motionBegan", "delegate.motionBegan",
                              "window.motionEnded", "delegate.motionEnded"])
    }

    @Test func unhandledShakeClimbsTheWholeChainFromTheFirstResponder() {
        let (scene, _, field) = sceneWithField()
        let recorder = scene.record()
        #expect(field.becomeFirstResponder())
        scene.sim.shake()
        #expect(scene.log.lines == ["field.motionBegan", "root.motionBegan", "window.motionBegan",
                                    "field.motionEnded", "root.motionEnded", "window.motionEnded"])
        #expect(recorder.records.contains { $0.kind.matches(.unhandled(last: "UIApplication", method: .motionEnded)) })
    }

    @Test func shakeStopsAtTheFirstResponderThatHandlesIt() {
        let (scene, root, field) = sceneWithField()
        root?.passesOn = false
        #expect(field.becomeFirstResponder())
        scene.sim.shake()
        #expect(scene.log.lines == ["field.motionBegan", "root.motionBegan", "field.motionEnded", "root.motionEnded"])
    }

    @Test func shakeGoesToTheKeyWindowEvenWhenAnotherWindowHasAFirstResponder() {
        let (scene, root, _) = sceneWithField()
        root?.passesOn = false
        let other = LoggingWindow("other", application: scene.app, log: scene.log)
        other.isHidden = false
        let otherField = scene.addView("otherField", .zero, to: other)
        otherField.acceptsFirstResponder = true
        #expect(otherField.becomeFirstResponder())
        scene.sim.shake()
        #expect(scene.log.lines == ["root.motionBegan", "root.motionEnded"])

        scene.log.clear()
        other.makeKey()
        scene.sim.shake()
        #expect(scene.log.lines.first == "otherField.motionBegan")
    }

    @Test func motionWithoutAKeyWindowIsDroppedAndTraced() {
        let app = UIApplication()
        let sim = EventSimulator(application: app)
        let recorder = TraceRecorder()
        app.tracer = recorder
        sim.shake()
        #expect(recorder.dropReasons == [.noKeyWindow, .noKeyWindow])
    }

    @Test func motionCancelledReachesTheFirstResponder() {
        let (scene, _, field) = sceneWithField()
        field.passesOn = false
        #expect(field.becomeFirstResponder())
        scene.app.enqueue(HIDEvent(timestamp: scene.sim.now, payload: .motion(.motionShake, .began)))
        scene.app.enqueue(HIDEvent(timestamp: scene.sim.now, payload: .motion(.motionShake, .cancelled)))
        #expect(scene.log.lines == ["field.motionBegan", "field.motionCancelled"])
    }

    @Test func shakeToEditSettingDoesNotGateMotionDelivery() {
        let (scene, root, _) = sceneWithField()
        root?.passesOn = false
        #expect(scene.app.applicationSupportsShakeToEdit)
        scene.app.applicationSupportsShakeToEdit = false
        scene.sim.shake()
        #expect(scene.log.lines == ["root.motionBegan", "root.motionEnded"])
    }

    // MARK: Remote control (G2, R16)

    @Test func remoteControlEventsAreDroppedOutsideBeginAndEndReceiving() {
        let (scene, root, _) = sceneWithField()
        root?.passesOn = false
        let recorder = scene.record()

        scene.sim.remoteControl(.remoteControlPlay)
        #expect(scene.log.lines.isEmpty)
        scene.app.beginReceivingRemoteControlEvents()
        scene.sim.remoteControl(.remoteControlPause)
        #expect(scene.log.lines == ["root.remote remoteControlPause"])
        scene.app.endReceivingRemoteControlEvents()
        scene.sim.remoteControl(.remoteControlNextTrack)
        #expect(scene.log.lines == ["root.remote remoteControlPause"])
        #expect(recorder.dropReasons == [.notReceivingRemoteControlEvents, .notReceivingRemoteControlEvents])
    }

    @Test func remoteControlGoesToTheFirstResponderAndClimbsUntilHandled() {
        let (scene, root, field) = sceneWithField()
        root?.passesOn = false
        scene.app.beginReceivingRemoteControlEvents()
        #expect(field.becomeFirstResponder())
        scene.sim.remoteControl(.remoteControlTogglePlayPause)
        #expect(scene.log.lines == ["field.remote remoteControlTogglePlayPause", "root.remote remoteControlTogglePlayPause"])
    }

    @Test func remoteControlWithoutFirstResponderOrControllerGoesToTheKeyWindow() {
        let (scene, _, _) = sceneWithField(rootController: false)
        scene.app.beginReceivingRemoteControlEvents()
        scene.sim.remoteControl(.remoteControlStop)
        #expect(scene.log.lines == ["window.remote remoteControlStop"])
    }

    // MARK: Presses (G3, R15)

    @Test func keyPressesGoToTheFirstResponderWithTheirKey() throws {
        let (scene, _, field) = sceneWithField()
        field.passesOn = false
        #expect(field.becomeFirstResponder())
        let key = HIDEvent.KeyDescription(characters: "A", charactersIgnoringModifiers: "a", modifierFlags: [.shift],
                                          keyCode: .keyboardA)
        scene.sim.keyDown(key)
        scene.sim.keyUp(key)
        #expect(field.methods == ["pressesBegan", "pressesEnded"])
        let began = try #require(field.pressCalls.first)
        let press = try #require(began.presses.first)
        #expect(began.presses.count == 1)
        #expect(press.key?.characters == "A")
        #expect(press.key?.charactersIgnoringModifiers == "a")
        #expect(press.key?.modifierFlags == [.shift])
        #expect(press.key?.keyCode == .keyboardA)
        #expect(press.responder === field && press.window === scene.window)
        #expect(began.event?.type == .presses)
        #expect(field.pressCalls.last?.presses == [press]) // the same UIPress from began to ended
        #expect(press.phase == .ended)
    }

    @Test func arrowKeysCarryTheArrowPressTypes() {
        let (scene, _, field) = sceneWithField()
        field.passesOn = false
        #expect(field.becomeFirstResponder())
        let arrows: [(UIKeyboardHIDUsage, UIPress.PressType)] = [(.keyboardUpArrow, .upArrow), (.keyboardDownArrow, .downArrow),
                                                                 (.keyboardLeftArrow, .leftArrow), (.keyboardRightArrow, .rightArrow)]
        for (code, _) in arrows {
            let key = HIDEvent.KeyDescription(characters: "", keyCode: code)
            scene.sim.keyDown(key)
            scene.sim.keyUp(key)
        }
        let types = field.pressCalls.filter { $0.method == "pressesBegan" }.compactMap { $0.presses.first?.type }
        #expect(types == arrows.map { $0.1 })
    }

    @Test func pressWithoutFirstResponderGoesToTheRootControllerThenTheWindow() {
        let (scene, _, _) = sceneWithField()
        scene.sim.pressDown(.select)
        #expect(scene.log.lines == ["root.pressesBegan", "window.pressesBegan"])

        let (bare, _, _) = sceneWithField(rootController: false)
        bare.sim.pressDown(.menu)
        #expect(bare.log.lines == ["window.pressesBegan"])
    }

    @Test func pressesClimbTheChainFromTheFirstResponder() {
        let (scene, _, field) = sceneWithField()
        #expect(field.becomeFirstResponder())
        scene.sim.pressDown(.select)
        #expect(scene.log.lines == ["field.pressesBegan", "root.pressesBegan", "window.pressesBegan"])
    }

    @Test func pressIsDeliveredToTheResponderChosenWhenItBegan() {
        let (scene, _, field) = sceneWithField()
        field.passesOn = false
        let later = scene.addView("later", .zero, to: field.superview)
        later.acceptsFirstResponder = true
        later.passesOn = false
        #expect(field.becomeFirstResponder())

        scene.sim.pressDown(.select)
        #expect(later.becomeFirstResponder())
        scene.sim.pressUp(.select)
        #expect(field.methods == ["pressesBegan", "pressesEnded"])
        #expect(later.methods.isEmpty)

        scene.sim.pressDown(.playPause) // a new press starts at the new first responder
        #expect(later.methods == ["pressesBegan"])
    }

    @Test func pressEventListsPressesThatDidNotChangeAsStationary() throws {
        let (scene, _, field) = sceneWithField()
        field.passesOn = false
        #expect(field.becomeFirstResponder())
        scene.sim.pressDown(.select)
        scene.sim.pressDown(.playPause)
        let second = try #require(field.pressCalls.last)
        #expect(second.presses.map(\.type) == [.playPause])
        let all = try #require(second.event?.allPresses)
        #expect(all.count == 2)
        #expect(all.first { $0.type == .select }?.phase == .stationary)
    }

    @Test func pressWithoutAKeyWindowIsDroppedAndTraced() {
        let app = UIApplication()
        let sim = EventSimulator(application: app)
        let recorder = TraceRecorder()
        app.tracer = recorder
        sim.pressDown(.select)
        sim.pressUp(.select)
        #expect(recorder.dropReasons == [.noKeyWindow])
    }
}
