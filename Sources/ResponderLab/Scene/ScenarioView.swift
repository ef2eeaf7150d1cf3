import Foundation
import ResponderKit

/// A scenario's plain view (kinds view, label and image): it forwards or stops touches, handles motion,
/// remote control and presses itself when told to, and has the hit behaviours.
@MainActor
final class ScenarioView: UIView, HasHitBehaviour {
    var behaviour = HitBehaviour()
    var forwardsTouches = true
    var handles: Set<ViewSpec.HandledEvent> = []
    /// Selectors it performs (R17), and the key commands it offers (U5).
    var performs: Set<String> = []
    var offeredKeyCommands: [UIKeyCommand] = []
    override var keyCommands: [UIKeyCommand]? { offeredKeyCommands.isEmpty ? nil : offeredKeyCommands }
    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { performs.contains(action.name) }
    /// Performing is all there is to it: the trace records the action and where it landed.
    override func perform(_ action: Selector, with sender: Any?) {}

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

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if forwardsTouches && !handles.contains(.touches) { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if forwardsTouches && !handles.contains(.touches) { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if forwardsTouches && !handles.contains(.touches) { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if forwardsTouches && !handles.contains(.touches) { super.touchesCancelled(touches, with: event) }
    }
    override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if !handles.contains(.motion) { super.motionBegan(motion, with: event) }
    }
    override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if !handles.contains(.motion) { super.motionEnded(motion, with: event) }
    }
    override func motionCancelled(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if !handles.contains(.motion) { super.motionCancelled(motion, with: event) }
    }
    override func remoteControlReceived(with event: UIEvent?) {
        if !handles.contains(.remote) { super.remoteControlReceived(with: event) }
    }
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if !handles.contains(.presses) { super.pressesBegan(presses, with: event) }
    }
    override func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if !handles.contains(.presses) { super.pressesChanged(presses, with: event) }
    }
    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if !handles.contains(.presses) { super.pressesEnded(presses, with: event) }
    }
    override func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if !handles.contains(.presses) { super.pressesCancelled(presses, with: event) }
    }
}

/// A scenario view can be a recognizer's delegate (`delegate-view`). Its `gestureRecognizerShouldBegin`,
/// the view's method, is then the delegate's too, as in UIKit, where the two are one method (R25).
extension ScenarioView: UIGestureRecognizerDelegate {}
