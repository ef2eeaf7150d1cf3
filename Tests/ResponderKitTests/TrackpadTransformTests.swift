// U2: a trackpad's pinch and rotation. With indirect input events they drive pinch and rotation
// recognizers as .transform events; without, they are played as two touches a fixed distance apart.

import Foundation
import Testing
@testable import ResponderKit

@MainActor
@Suite struct TrackpadTransformTests {

    @MainActor final class Values {
        var scales: [CGFloat] = []
        var rotations: [CGFloat] = []
        func pinched(_ g: UIPinchGestureRecognizer) { scales.append(g.scale) }
        func rotated(_ g: UIRotationGestureRecognizer) { rotations.append(g.rotation) }
    }

    private func scene(indirect: Bool) -> (Scene, LoggingView, GestureLog, Values, UIPinchGestureRecognizer, UIRotationGestureRecognizer) {
        let scene = Scene()
        scene.app.applicationSupportsIndirectInputEvents = indirect
        let card = scene.addView("card", CGRect(x: 20, y: 20, width: 280, height: 280))
        let log = GestureLog(in: card)
        let values = Values()
        let pinch = UIPinchGestureRecognizer().logged("pinch", by: log, on: card)
        pinch.addTarget(values, action: Values.pinched)
        let rotation = UIRotationGestureRecognizer().logged("rotation", by: log, on: card)
        rotation.addTarget(values, action: Values.rotated)
        return (scene, card, log, values, pinch, rotation)
    }

    @Test func aTrackpadPinchDrivesThePinchWithItsScaleSinceTheFingersBegan() {
        let (scene, card, log, values, pinch, _) = scene(indirect: true)
        let recorder = scene.record()
        scene.sim.trackpadPinch(at: CGPoint(x: 150, y: 150), scale: 2, duration: 0.3, steps: 4)
        #expect(log.lines == ["pinch began", "pinch changed", "pinch changed", "pinch changed", "pinch ended"])
        #expect(values.scales == [1.25, 1.5, 1.75, 2, 2])
        #expect(pinch.numberOfTouches == 0)
        // A transform is no touch: the view's touch methods are never called.
        #expect(card.touchCalls.isEmpty)
        #expect(recorder.stateChanges(of: "pinch").first?.cause == .pinchedOnTrackpad(scale: 1.25))
        // The rotation shares the gesture and the pinch, beginning first, prevents it (R6).
        #expect(recorder.stateChanges(of: "rotation").first?.to == .failed)
        #expect(pinch.location(in: card) == CGPoint(x: 130, y: 130) || pinch.state == .possible)
    }

    @Test func aTrackpadRotationDrivesTheRotation() {
        let (scene, _, log, values, _, _) = scene(indirect: true)
        scene.sim.trackpadRotate(at: CGPoint(x: 150, y: 150), by: .pi / 2, steps: 2)
        #expect(log.lines == ["rotation began", "rotation changed", "rotation ended"])
        #expect(values.rotations.map { ($0 * 1000).rounded() / 1000 } == [0.785, 1.571, 1.571])
    }

    @Test func settingTheScaleRebasesItAgainstTheTrackpad() {
        let (scene, _, _, values, pinch, _) = scene(indirect: true)
        @MainActor final class Rebaser { func rebase(_ g: UIPinchGestureRecognizer) { g.scale = 1 } }
        let rebaser = Rebaser()
        pinch.addTarget(rebaser, action: Rebaser.rebase)
        scene.sim.trackpadPinch(at: CGPoint(x: 150, y: 150), scale: 4, steps: 3)
        // 2 at began; then each change is read as incremental: 3/2 = 1.5, then 4/3; nothing at the end.
        #expect(values.scales.count == 4)
        #expect(abs(values.scales[1] - 1.5) < 1e-9)
        #expect(abs(values.scales[2] - 4.0 / 3.0) < 1e-9)
        #expect(values.scales[3] == 1)
    }

    @Test func aTransformThatChangesNothingFailsThePinch() {
        let (scene, _, _, _, _, _) = scene(indirect: true)
        let recorder = scene.record()
        scene.sim.trackpadPinch(at: CGPoint(x: 150, y: 150), scale: 1, steps: 2)
        #expect(recorder.stateChanges(of: "pinch").first?.cause == .transformEndedWithoutChange)
    }

    @Test func aPinchLimitedToFingersIgnoresTheTrackpad() {
        let (scene, _, log, _, pinch, _) = scene(indirect: true)
        pinch.allowedTouchTypes = [.direct]
        scene.sim.trackpadPinch(at: CGPoint(x: 150, y: 150), scale: 2, steps: 2)
        #expect(!log.lines.contains { $0.hasPrefix("pinch") })
    }

    @Test func withoutIndirectInputEventsATrackpadPinchIsTwoTouchesAFixedDistanceApart() {
        let (scene, card, log, values, _, _) = scene(indirect: false)
        let recorder = scene.record()
        scene.sim.trackpadPinch(at: CGPoint(x: 150, y: 150), scale: 2, steps: 4)
        // The view gets the two touches; the pinch recognizes them as a finger pinch would.
        #expect(card.touchCalls.first?.method == "began")
        let began = card.touchCalls.first?.touches ?? []
        let span = scene.app.thresholds.simulatedTransformSpan
        #expect(began.count <= 2)
        #expect(recorder.pointerDecisions.contains(.transformAsTouches(fingers: [-1, -2], span: span)))
        let firstDown = recorder.records.compactMap { record -> [TraceInput.TouchSample]? in
            if case .input(let input) = record.kind, !input.touchSamples.isEmpty { return input.touchSamples } else { return nil }
        }.first ?? []
        #expect(firstDown.map(\.location) == [CGPoint(x: 150 - span / 2, y: 150), CGPoint(x: 150 + span / 2, y: 150)])
        #expect(log.lines.first == "pinch began")
        #expect(log.lines.last == "pinch ended")
        // Measured from the span when the pinch began (R21), past its hysteresis: below 2.
        #expect((values.scales.last ?? 0) > 1.3 && (values.scales.last ?? 0) < 2)
        #expect(card.touchCalls.last?.method == "cancelled")
    }

    @Test func aTrackpadTransformEndsTheWayItBegan() {
        let (scene, card, log, _, _, _) = scene(indirect: false)
        let location = CGPoint(x: 150, y: 150)
        scene.sim.post(HIDEvent(timestamp: 0, payload: .transform(HIDEvent.Transform(phase: .began, location: location))))
        scene.sim.post(HIDEvent(timestamp: 0, payload: .transform(HIDEvent.Transform(phase: .changed, location: location, scale: 1.5))))
        // The setting changes mid-gesture: the gesture is still played as touches, to its end.
        scene.app.applicationSupportsIndirectInputEvents = true
        scene.sim.post(HIDEvent(timestamp: 0, payload: .transform(HIDEvent.Transform(phase: .ended, location: location, scale: 1.5))))
        #expect(scene.app.touchEvent.touchList.isEmpty)
        #expect(card.touchCalls.last?.method == "cancelled")
        #expect(log.lines.last == "pinch ended")
    }

    @Test func aTransformWithoutAnEndEndsAfterAPause() {
        let (scene, _, log, _, _, _) = scene(indirect: true)
        scene.sim.post(HIDEvent(timestamp: 0, payload: .transform(HIDEvent.Transform(phase: .changed, location: CGPoint(x: 150, y: 150),
                                                                                       scale: 1.5))))
        #expect(log.lines == ["pinch began"])
        scene.sim.advance(by: scene.app.thresholds.scrollEndDelay)
        #expect(log.lines == ["pinch began", "pinch ended"])
    }
}
