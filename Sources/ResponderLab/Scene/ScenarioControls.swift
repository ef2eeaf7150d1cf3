import Foundation
import ResponderKit

// The scenario's controls: each UIKit control kind with the hit behaviours any scenario view can have
// (HasHitBehaviour, which says why each repeats the same four overrides).

/// A scenario's `UIButton`.
@MainActor
final class ScenarioButton: UIButton, HasHitBehaviour {
    var behaviour = HitBehaviour()

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        behavedPoint(inside: point) { super.point(inside: point, with: event) }
    }
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        behavedHitTest { super.hitTest(point, with: event) }
    }
    override var canBecomeFirstResponder: Bool { behavedCanBecomeFirstResponder(inherited: super.canBecomeFirstResponder) }
    override func gestureRecognizerShouldBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        behavedShouldBegin(recognizer) { super.gestureRecognizerShouldBegin(recognizer) }
    }
}

/// A scenario's `UISwitch`.
@MainActor
final class ScenarioSwitch: UISwitch, HasHitBehaviour {
    var behaviour = HitBehaviour()

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        behavedPoint(inside: point) { super.point(inside: point, with: event) }
    }
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        behavedHitTest { super.hitTest(point, with: event) }
    }
    override var canBecomeFirstResponder: Bool { behavedCanBecomeFirstResponder(inherited: super.canBecomeFirstResponder) }
    override func gestureRecognizerShouldBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        behavedShouldBegin(recognizer) { super.gestureRecognizerShouldBegin(recognizer) }
    }
}

/// A scenario's `UISlider`.
@MainActor
final class ScenarioSlider: UISlider, HasHitBehaviour {
    var behaviour = HitBehaviour()

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        behavedPoint(inside: point) { super.point(inside: point, with: event) }
    }
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        behavedHitTest { super.hitTest(point, with: event) }
    }
    override var canBecomeFirstResponder: Bool { behavedCanBecomeFirstResponder(inherited: super.canBecomeFirstResponder) }
    override func gestureRecognizerShouldBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        behavedShouldBegin(recognizer) { super.gestureRecognizerShouldBegin(recognizer) }
    }
}

/// A scenario's `UITextField`.
@MainActor
final class ScenarioTextField: UITextField, HasHitBehaviour {
    var behaviour = HitBehaviour()

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        behavedPoint(inside: point) { super.point(inside: point, with: event) }
    }
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        behavedHitTest { super.hitTest(point, with: event) }
    }
    override var canBecomeFirstResponder: Bool { behavedCanBecomeFirstResponder(inherited: super.canBecomeFirstResponder) }
    override func gestureRecognizerShouldBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        behavedShouldBegin(recognizer) { super.gestureRecognizerShouldBegin(recognizer) }
    }
}
