// U4: Apple Pencil. A stroke is a touch of type .pencil with a pose (altitude, azimuth) and force;
// estimated values are refined later; recognizers pick pencils or fingers by allowedTouchTypes; a
// double tap on the pencil reaches the pencil interactions of the visible hierarchy.

import Foundation
import Testing
@testable import ResponderKit

@MainActor
@Suite struct ApplePencilTests {

    @Test func aStrokeCarriesThePencilsPoseAndForce() {
        let scene = Scene()
        let canvas = scene.addView("canvas", CGRect(x: 20, y: 20, width: 200, height: 200))
        scene.sim.pencilDown(at: CGPoint(x: 50, y: 50), force: 2, altitudeAngle: .pi / 6, azimuthAngle: .pi / 4)
        let touch = canvas.touchCalls.first?.touches.first
        #expect(touch?.type == .pencil)
        #expect(abs((touch?.altitudeAngle ?? 0) - .pi / 6) < 1e-12)
        #expect(abs((touch?.azimuthAngle(in: nil) ?? 0) - .pi / 4) < 1e-12)
        let vector = touch?.azimuthUnitVector(in: canvas) ?? .zero
        #expect(abs(vector.dx - cos(.pi / 4)) < 1e-12 && abs(vector.dy - sin(.pi / 4)) < 1e-12)
        #expect(touch?.force == 2)
        #expect(touch?.maximumPossibleForce == EventSimulator.pencilMaximumForce)
        scene.sim.pencilMove(to: CGPoint(x: 60, y: 50), altitudeAngle: .pi / 3)
        #expect(abs((touch?.altitudeAngle ?? 0) - .pi / 3) < 1e-12)
        #expect(abs((touch?.azimuthAngle(in: nil) ?? 0) - .pi / 4) < 1e-12)     // kept as it was
        scene.sim.pencilUp()
    }

    @Test func theAzimuthIsMeasuredInTheViewsOwnCoordinates() {
        let scene = Scene()
        let turned = scene.addView("turned", CGRect(x: 60, y: 60, width: 100, height: 100))
        turned.transform = CGAffineTransform(rotationAngle: .pi / 2)     // its +x points down the window
        var seen: UITouch?
        scene.sim.pencilDown(at: CGPoint(x: 110, y: 110), azimuthAngle: .pi / 2)   // pointing down the window
        seen = turned.touchCalls.first?.touches.first
        #expect(abs((seen?.azimuthAngle(in: nil) ?? 0) - .pi / 2) < 1e-9)
        #expect(abs(seen?.azimuthAngle(in: turned) ?? 1) < 1e-9)                   // along the view's +x
        #expect(abs((seen?.azimuthUnitVector(in: turned).dx ?? 0) - 1) < 1e-9)
        scene.sim.pencilUp()
    }

    @Test func aFingerIsUprightAndHasNoAzimuth() {
        let scene = Scene()
        let canvas = scene.addView("canvas", CGRect(x: 20, y: 20, width: 200, height: 200))
        scene.sim.touchDown(1, at: CGPoint(x: 50, y: 50))
        let touch = canvas.touchCalls.first?.touches.first
        #expect(touch?.altitudeAngle == .pi / 2)
        #expect(touch?.azimuthAngle(in: canvas) == 0)
        scene.sim.touchUp(1)
    }

    @Test func estimatedPoseValuesAreRefinedThroughTouchesEstimatedPropertiesUpdated() {
        let scene = Scene()
        let canvas = scene.addView("canvas", CGRect(x: 20, y: 20, width: 200, height: 200))
        scene.sim.pencilDown(at: CGPoint(x: 50, y: 50), altitudeAngle: 0.5, azimuthAngle: 1, expectingUpdates: [.altitude, .azimuth])
        let touch = canvas.touchCalls.first?.touches.first
        #expect(touch?.estimatedProperties == [.altitude, .azimuth])
        #expect(touch?.estimatedPropertiesExpectingUpdates == [.altitude, .azimuth])
        scene.sim.updatePencilEstimates(altitudeAngle: 0.7, azimuthAngle: 1.2)
        #expect(canvas.methods == ["began", "estimated"])
        #expect(touch?.altitudeAngle == 0.7)
        #expect(touch?.azimuthAngle(in: nil) == 1.2)
        #expect(touch?.estimatedPropertiesExpectingUpdates == [])
        scene.sim.pencilUp()
    }

    @Test func recognizersPickThePencilOrTheFingerByAllowedTouchTypes() {
        let scene = Scene()
        let canvas = scene.addView("canvas", CGRect(x: 20, y: 20, width: 250, height: 250))
        let log = GestureLog(in: canvas)
        let drawing = UIPanGestureRecognizer().logged("draw", by: log, on: canvas)
        drawing.allowedTouchTypes = [.pencil]
        let scrolling = UIPanGestureRecognizer().logged("scroll", by: log, on: canvas)
        scrolling.allowedTouchTypes = [.direct]
        let recorder = scene.record()
        scene.sim.pencilDown(at: CGPoint(x: 50, y: 50))
        scene.sim.pencilMove(to: CGPoint(x: 150, y: 50))
        scene.sim.pencilUp()
        scene.sim.drag(from: CGPoint(x: 50, y: 150), to: CGPoint(x: 150, y: 150), steps: 2)
        #expect(log.lines == ["draw began", "draw ended", "scroll began", "scroll changed", "scroll ended"])
        #expect(recorder.records.contains {
            if case .recognizerNotFed(let recognizer, _, .touchTypeNotAllowed(.pencil)) = $0.kind { return recognizer.name == "scroll" }
            return false
        })
    }

    @MainActor final class TapDelegate: UIPencilInteractionDelegate {
        let name: String
        let log: CallLog
        init(_ name: String, _ log: CallLog) { self.name = name; self.log = log }
        func pencilInteraction(_ interaction: UIPencilInteraction, didReceiveTap tap: UIPencilInteraction.Tap) {
            log.add("\(name).tap \(tap.timestamp)")
        }
    }

    @MainActor final class OldDelegate: UIPencilInteractionDelegate {
        var taps = 0
        func pencilInteractionDidTap(_ interaction: UIPencilInteraction) { taps += 1 }
    }

    @MainActor final class BothDelegate: UIPencilInteractionDelegate {
        var calls: [String] = []
        func pencilInteraction(_ interaction: UIPencilInteraction, didReceiveTap tap: UIPencilInteraction.Tap) { calls.append("new") }
        func pencilInteractionDidTap(_ interaction: UIPencilInteraction) { calls.append("old") }
    }

    @Test func aPencilsTapReachesTheEnabledInteractionsOfTheVisibleHierarchyInOrder() {
        let scene = Scene()
        let a = scene.addView("a", CGRect(x: 0, y: 0, width: 100, height: 100))
        let b = scene.addView("b", CGRect(x: 0, y: 0, width: 50, height: 50), to: a)
        let hidden = scene.addView("hidden", CGRect(x: 100, y: 0, width: 100, height: 100))
        hidden.isHidden = true
        let off = UIView(frame: .zero)                      // in no window
        let disabled = scene.addView("disabled", CGRect(x: 200, y: 0, width: 50, height: 50))
        let log = CallLog()
        let delegates = ["a", "b", "hidden", "off", "disabled"].map { TapDelegate($0, log) }
        for (view, delegate) in zip([a, b, hidden, off, disabled], delegates) {
            view.addInteraction(UIPencilInteraction(delegate: delegate))
        }
        (disabled.interactions.first as? UIPencilInteraction)?.isEnabled = false
        scene.sim.advance(by: 2)
        let recorder = scene.record()
        scene.sim.pencilDoubleTap()
        #expect(log.lines == ["a.tap 2.0", "b.tap 2.0"])
        #expect(recorder.pointerDecisions.count == 2)
    }

    @Test func theNewerDelegateMethodReplacesTheOlderWhenImplemented() {
        let scene = Scene()
        let canvas = scene.addView("canvas", CGRect(x: 0, y: 0, width: 100, height: 100))
        let old = OldDelegate(), both = BothDelegate()
        let interaction = UIPencilInteraction(delegate: old)
        canvas.addInteraction(interaction)
        scene.sim.pencilDoubleTap()
        #expect(old.taps == 1)
        interaction.delegate = both
        scene.sim.pencilDoubleTap()
        #expect(both.calls == ["new"])
    }

    @Test func interactionsMoveBetweenViews() {
        let first = UIView(), second = UIView()
        let interaction = UIPencilInteraction()
        first.addInteraction(interaction)
        #expect(interaction.view === first)
        second.addInteraction(interaction)
        #expect(interaction.view === second)
        #expect(first.interactions.isEmpty && second.interactions.count == 1)
        second.interactions = []
        #expect(interaction.view == nil)
    }

    @Test func theUsersPreferencesAreTheSystemsToSet() {
        let saved = UIPencilInteraction.preferredTapAction
        defer { UIPencilInteraction.preferredTapAction = saved }
        #expect(UIPencilPreferredAction.switchEraser.rawValue == 1)
        UIPencilInteraction.preferredTapAction = .showColorPalette
        #expect(UIPencilInteraction.preferredTapAction == .showColorPalette)
    }
}
