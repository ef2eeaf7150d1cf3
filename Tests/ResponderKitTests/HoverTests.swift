// U1: a pointer over the interface. Hover recognizers begin as the pointer enters their view, change
// as it moves and end as it leaves; hover samples are hit-tested like touches; a click ends a hover.

import Foundation
import Testing
@testable import ResponderKit

@MainActor
@Suite struct HoverTests {

    private func scene() -> (Scene, LoggingView, GestureLog) {
        let scene = Scene()
        let card = scene.addView("card", CGRect(x: 20, y: 20, width: 200, height: 200))
        let log = GestureLog(in: card)
        return (scene, card, log)
    }

    @Test func hoverBeginsOnEnteringChangesWhileMovingAndEndsOnLeaving() {
        let (scene, card, log) = scene()
        UIHoverGestureRecognizer().logged("hover", by: log, on: card)
        scene.sim.pointerMove(to: CGPoint(x: 300, y: 300))
        #expect(log.states.isEmpty)
        scene.sim.pointerMove(to: CGPoint(x: 30, y: 40))
        scene.sim.pointerMove(to: CGPoint(x: 50, y: 40))
        scene.sim.pointerMove(to: CGPoint(x: 70, y: 40))
        scene.sim.pointerMove(to: CGPoint(x: 250, y: 40))
        #expect(log.states == [.began, .changed, .changed, .ended])
        #expect(log.locations.first == CGPoint(x: 10, y: 20))
        // The action of `.ended` reads where the pointer went.
        #expect(log.locations.last == CGPoint(x: 230, y: 20))
        // A hover is not a touch: the view's touch methods are never called.
        #expect(card.touchCalls.isEmpty)
    }

    @Test func thePointerLeavingTheScreenEndsTheHover() {
        let (scene, card, log) = scene()
        UIHoverGestureRecognizer().logged("hover", by: log, on: card)
        scene.sim.pointerMove(to: CGPoint(x: 30, y: 40))
        scene.sim.pointerExit()
        #expect(log.states == [.began, .ended])
        #expect(scene.sim.pointerLocation == nil)
    }

    @Test func hoverIsHitTestedSoACoveringViewTakesThePointer() {
        let (scene, card, log) = scene()
        UIHoverGestureRecognizer().logged("hover", by: log, on: card)
        // A sibling in front covers the card's right half.
        scene.addView("cover", CGRect(x: 120, y: 20, width: 100, height: 200))
        scene.sim.pointerMove(to: CGPoint(x: 50, y: 50))
        scene.sim.pointerMove(to: CGPoint(x: 150, y: 50))
        #expect(log.states == [.began, .ended])
        scene.sim.pointerMove(to: CGPoint(x: 60, y: 50))
        #expect(log.states == [.began, .ended, .began])
    }

    @Test func theHoverRecognizersOfTheViewAndItsAncestorsFollowThePointerTogether() {
        let (scene, card, log) = scene()
        let badge = scene.addView("badge", CGRect(x: 10, y: 10, width: 50, height: 50), to: card)
        UIHoverGestureRecognizer().logged("outer", by: log, on: card)
        UIHoverGestureRecognizer().logged("inner", by: log, on: badge)
        scene.sim.pointerMove(to: CGPoint(x: 100, y: 100))      // over the card only
        scene.sim.pointerMove(to: CGPoint(x: 40, y: 40))        // over the badge too: neither prevents the other
        scene.sim.pointerMove(to: CGPoint(x: 45, y: 40))
        scene.sim.pointerMove(to: CGPoint(x: 150, y: 150))      // back over the card only
        // R5 order in each sample: the deepest view's first; a recognizer the pointer leaves before the others.
        #expect(log.lines == ["outer began", "inner began", "outer changed", "inner changed", "outer changed",
                              "inner ended", "outer changed"])
    }

    @Test func aClickEndsTheHoverAndTheNextMoveBeginsAnother() {
        let (scene, card, log) = scene()
        UIHoverGestureRecognizer().logged("hover", by: log, on: card)
        let recorder = scene.record()
        scene.sim.pointerMove(to: CGPoint(x: 30, y: 40))
        scene.sim.pointerMove(to: CGPoint(x: 40, y: 40))
        scene.sim.pointerDown(at: CGPoint(x: 40, y: 40))
        #expect(log.states == [.began, .changed, .ended])
        scene.sim.pointerMove(to: CGPoint(x: 60, y: 40))        // a drag: still no hover
        scene.sim.pointerUp()
        #expect(log.states == [.began, .changed, .ended])
        scene.sim.pointerMove(to: CGPoint(x: 70, y: 40))        // hovering again
        #expect(log.states == [.began, .changed, .ended, .began])
        #expect(recorder.pointerDecisions.contains { if case .hoverEndedByClick = $0 { return true } else { return false } })
        #expect(recorder.stateChanges(of: "hover").map(\.to) == [.began, .changed, .ended, .possible, .began])
    }

    @Test func aRecognizerThatDoesNotEndOnClicksKeepsHoveringThroughOne() {
        let (scene, card, log) = scene()
        let hover = UIHoverGestureRecognizer().logged("hover", by: log, on: card)
        hover.thresholds.hoverEndsOnClick = false
        scene.sim.pointerMove(to: CGPoint(x: 30, y: 40))
        scene.sim.click(at: CGPoint(x: 30, y: 40))
        scene.sim.pointerMove(to: CGPoint(x: 50, y: 40))
        #expect(log.states == [.began, .changed])
    }

    @Test func aHoverRecognizerTakesNoTouches() {
        let (scene, card, log) = scene()
        let hover = UIHoverGestureRecognizer().logged("hover", by: log, on: card)
        let tapLog = GestureLog(in: card)
        UITapGestureRecognizer().logged("tap", by: tapLog, on: card)
        var seen: [UIGestureRecognizer] = []
        scene.sim.touchDown(1, at: CGPoint(x: 50, y: 50))
        seen = card.touchCalls.first?.touches.first?.gestureRecognizers ?? []
        scene.sim.touchUp(1)
        #expect(tapLog.states == [.ended])
        #expect(!seen.contains { $0 === hover })
        #expect(log.states.isEmpty)
    }

    @Test func allowedTouchTypesTellAPencilsHoverFromAMouses() {
        let (scene, card, log) = scene()
        let pencilOnly = UIHoverGestureRecognizer().logged("pencil", by: log, on: card)
        pencilOnly.allowedTouchTypes = [.pencil]
        let recorder = scene.record()
        scene.sim.pointerMove(to: CGPoint(x: 30, y: 40))
        scene.sim.pointerExit()
        #expect(log.states.isEmpty)
        #expect(recorder.pointerDecisions.map(\.description).contains("pencil not fed hover: touch type indirectPointer is not allowed"))
        scene.sim.pencilHover(to: CGPoint(x: 40, y: 40), zOffset: 0.25, altitudeAngle: .pi / 3, azimuthAngle: .pi)
        #expect(log.states == [.began])
        #expect(pencilOnly.zOffset == 0.25)
        #expect(abs(pencilOnly.altitudeAngle - .pi / 3) < 1e-9)
        #expect(abs(pencilOnly.azimuthAngle(in: card) - .pi) < 1e-9)
        #expect(abs(pencilOnly.azimuthUnitVector(in: nil).dx + 1) < 1e-9)
        scene.sim.pencilHoverEnd()
        #expect(log.states == [.began, .ended])
    }

    @Test func aMousePointersZOffsetIsZero() {
        let (scene, card, log) = scene()
        let hover = UIHoverGestureRecognizer().logged("hover", by: log, on: card)
        scene.sim.pointerMove(to: CGPoint(x: 30, y: 40), modifierFlags: .alternate)
        #expect(hover.zOffset == 0)
        #expect(hover.modifierFlags == .alternate)
    }

    @Test func theDelegateMayRefuseHoverEvents() {
        final class Refuser: UIGestureRecognizerDelegate {
            var asked: [UIEvent.EventType] = []
            func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool {
                asked.append(event.type)
                return false
            }
        }
        let (scene, card, log) = scene()
        let refuser = Refuser()
        let hover = UIHoverGestureRecognizer().logged("hover", by: log, on: card)
        hover.delegate = refuser
        scene.sim.pointerMove(to: CGPoint(x: 30, y: 40))
        #expect(refuser.asked == [.hover])
        #expect(log.states.isEmpty)
    }

    @Test func gestureRecognizerShouldBeginIsAskedOfTheViewsUnderThePointer() {
        final class Refusing: UIView {
            override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { false }
        }
        let (scene, card, log) = scene()
        UIHoverGestureRecognizer().logged("hover", by: log, on: card)
        let refusing = Refusing(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        card.addSubview(refusing)
        scene.sim.pointerMove(to: CGPoint(x: 130, y: 130))     // over the refusing subview: R9 asks it
        #expect(log.states.isEmpty)
        scene.sim.pointerMove(to: CGPoint(x: 30, y: 30))       // still over the card: it stays failed
        #expect(log.states.isEmpty)
        scene.sim.pointerMove(to: CGPoint(x: 300, y: 300))     // it leaves the card, is reset…
        scene.sim.pointerMove(to: CGPoint(x: 30, y: 30))       // …and begins on coming back
        #expect(log.states == [.began])
    }

    @Test func sendEventSeesHoverEventsAndTheViewsHitTestGetsThem() {
        final class Watching: UIApplication {
            var types: [UIEvent.EventType] = []
            override func sendEvent(_ event: UIEvent) {
                types.append(event.type)
                super.sendEvent(event)
            }
        }
        let app = Watching()
        let scene = Scene(app: app)
        let card = scene.addView("card", CGRect(x: 20, y: 20, width: 200, height: 200))
        scene.sim.pointerMove(to: CGPoint(x: 30, y: 40))
        scene.sim.pointerMove(to: CGPoint(x: 35, y: 40))
        #expect(app.types == [.hover, .hover])
        // Hit-tested at every sample (U1), like a touch as it begins.
        #expect(card.hitTestCalls.count == 2)
    }

    @Test func removingTheViewMidHoverLeavesNoRecognizerInPlay() {
        let (scene, card, log) = scene()
        let hover = UIHoverGestureRecognizer().logged("hover", by: log, on: card)
        scene.sim.pointerMove(to: CGPoint(x: 30, y: 40))
        card.removeFromSuperview()
        #expect(hover.state == .possible)
        scene.sim.pointerMove(to: CGPoint(x: 35, y: 40))
        #expect(log.states == [.began])
        #expect(scene.app.hoverInput.arbitration.receivers.isEmpty)
    }
}
