// U2: clicks. With indirect input events a click is a touch of type .indirectPointer; without, a
// .direct touch. The event carries the buttons and the modifier keys; a tap requires its buttons.

import Foundation
import Testing
@testable import ResponderKit

@MainActor
@Suite struct PointerClickTests {

    @Test func aClickIsAnIndirectPointerTouchWithTheKeyAndADirectOneWithout() {
        for indirect in [true, false] {
            let scene = Scene()
            scene.app.applicationSupportsIndirectInputEvents = indirect
            let card = scene.addView("card", CGRect(x: 20, y: 20, width: 200, height: 200))
            scene.sim.click(at: CGPoint(x: 50, y: 50), modifierFlags: [.command, .shift])
            let began = card.touchCalls.first
            #expect(began?.touches.first?.type == (indirect ? .indirectPointer : .direct))
            #expect(card.pointerStates.first?.buttons == .primary)
            #expect(card.pointerStates.first?.modifiers == [.command, .shift])
            #expect(began?.event?.type == .touches)
            #expect(card.touchCalls.map(\.method) == ["began", "ended"])
        }
    }

    @Test func fingersPressNoButton() {
        let scene = Scene()
        let card = scene.addView("card", CGRect(x: 20, y: 20, width: 200, height: 200))
        scene.sim.click(at: CGPoint(x: 50, y: 50))
        scene.sim.tap(at: CGPoint(x: 150, y: 150))
        #expect(card.pointerStates.first?.buttons == .primary, "the click's")
        #expect(card.pointerStates.last?.buttons == [])
        #expect(card.pointerStates.last?.modifiers == [])
    }

    @Test func aTapRequiresItsButtonsAndTheTraceSaysWhyItFailed() {
        let scene = Scene()
        scene.app.applicationSupportsIndirectInputEvents = true
        let card = scene.addView("card", CGRect(x: 20, y: 20, width: 200, height: 200))
        let log = GestureLog(in: card)
        let primary = UITapGestureRecognizer().logged("primary", by: log, on: card)
        let secondary = UITapGestureRecognizer().logged("secondary", by: log, on: card)
        secondary.buttonMaskRequired = .secondary
        #expect(primary.buttonMaskRequired == .primary)
        let recorder = scene.record()
        scene.sim.click(at: CGPoint(x: 50, y: 50), buttons: .secondary)
        #expect(log.lines == ["secondary ended"])
        #expect(recorder.stateChanges(of: "primary").first?.cause == .buttonsNotRequired(pressed: .secondary, required: .primary))
        scene.sim.advance(by: 1)
        scene.sim.click(at: CGPoint(x: 50, y: 50))
        #expect(log.lines == ["secondary ended", "primary ended"])
        // A finger presses no button: a tap that requires the secondary button still takes it.
        primary.isEnabled = false
        scene.sim.advance(by: 1)
        scene.sim.tap(at: CGPoint(x: 50, y: 50))
        #expect(log.lines == ["secondary ended", "primary ended", "secondary ended"])
    }

    @Test func aRecognizerReadsTheButtonsAndModifiersOfTheEventItHandles() {
        @MainActor final class Reader {
            var read: [(UIEvent.ButtonMask, UIKeyModifierFlags)] = []
            func note(_ g: UITapGestureRecognizer) { read.append((g.buttonMask, g.modifierFlags)) }
        }
        let scene = Scene()
        let card = scene.addView("card", CGRect(x: 20, y: 20, width: 200, height: 200))
        let reader = Reader()
        let tap = UITapGestureRecognizer(target: reader, action: Reader.note)
        tap.buttonMaskRequired = [.primary, .secondary]
        card.addGestureRecognizer(tap)
        scene.sim.click(at: CGPoint(x: 50, y: 50), buttons: [.primary, .secondary], modifierFlags: .control)
        #expect(reader.read.count == 1)
        #expect(reader.read.first?.0 == [.primary, .secondary])
        #expect(reader.read.first?.1 == .control)
    }

    @Test func aClickThatMovesMoreThanTheClickSlopIsADragNotATap() {
        let scene = Scene()
        let card = scene.addView("card", CGRect(x: 20, y: 20, width: 200, height: 200))
        let log = GestureLog(in: card)
        UITapGestureRecognizer().logged("tap", by: log, on: card)
        let slop = Thresholds.standard.clickSlop
        scene.sim.pointerDown(at: CGPoint(x: 50, y: 50))
        scene.sim.pointerMove(to: CGPoint(x: 50 + slop - 1, y: 50))
        scene.sim.pointerUp()
        #expect(log.lines == ["tap ended"])
        scene.sim.advance(by: 1)
        scene.sim.pointerDown(at: CGPoint(x: 50, y: 50))
        scene.sim.pointerMove(to: CGPoint(x: 50 + slop + 1, y: 50))
        scene.sim.pointerUp()
        #expect(log.lines == ["tap ended"])
        // A finger may move farther (tapSlop).
        scene.sim.advance(by: 1)
        scene.sim.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 50 + slop + 1, y: 50), steps: 1)
        #expect(log.lines == ["tap ended", "tap ended"])
    }

    @Test func allowedTouchTypesFiltersClicksFromFingers() {
        let scene = Scene()
        scene.app.applicationSupportsIndirectInputEvents = true
        let card = scene.addView("card", CGRect(x: 20, y: 20, width: 200, height: 200))
        let log = GestureLog(in: card)
        let fingers = UITapGestureRecognizer().logged("fingers", by: log, on: card)
        fingers.allowedTouchTypes = [.direct]
        let clicks = UITapGestureRecognizer().logged("clicks", by: log, on: card)
        clicks.allowedTouchTypes = [.indirectPointer]
        scene.sim.click(at: CGPoint(x: 50, y: 50))
        scene.sim.advance(by: 1)
        scene.sim.tap(at: CGPoint(x: 50, y: 50))
        #expect(log.lines == ["clicks ended", "fingers ended"])
    }

    @Test func twoClicksInARowAreADoubleClick() {
        let scene = Scene()
        let card = scene.addView("card", CGRect(x: 20, y: 20, width: 200, height: 200))
        scene.sim.click(at: CGPoint(x: 50, y: 50))
        scene.sim.click(at: CGPoint(x: 50, y: 50))
        #expect(card.touchCalls.last?.touches.first?.tapCount == 2)
    }

    @Test func theTraceNamesAClickAndItsButtons() {
        let scene = Scene()
        scene.app.applicationSupportsIndirectInputEvents = true
        scene.addView("card", CGRect(x: 20, y: 20, width: 200, height: 200))
        let recorder = scene.record()
        scene.sim.click(at: CGPoint(x: 50, y: 50), buttons: .secondary)
        let inputs = recorder.records.compactMap { record -> String? in
            if case .input(let input) = record.kind, case .touches = input { return input.description } else { return nil }
        }
        #expect(inputs.first?.contains("click secondary down (50, 50)") == true)
    }
}
