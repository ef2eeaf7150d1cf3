import Foundation
import ResponderKit

/// A scenario's `UIButton`, with the hit behaviours any scenario view can have.
@MainActor
final class ScenarioButton: UIButton {
    var behaviour = HitBehaviour()

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        behaviour.pointInside(self, point) { super.point(inside: point, with: event) }
    }
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        behaviour.hitTest(self, point, event) { super.hitTest(point, with: event) }
    }
    override var canBecomeFirstResponder: Bool { behaviour.canBecomeFirstResponder || super.canBecomeFirstResponder }
    override func gestureRecognizerShouldBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        behaviour.shouldBegin(recognizer) && super.gestureRecognizerShouldBegin(recognizer)
    }
}
