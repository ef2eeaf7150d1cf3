import Foundation
import ResponderKit

/// A scenario's view controller: it performs the selectors it is told to (R17), handles the events
/// it is told to instead of passing them on, and defers the system gestures of the edges it is told to (I3).
@MainActor
final class ScenarioController: UIViewController {
    var performs: Set<String> = []
    var handles: Set<ViewSpec.HandledEvent> = []
    var makeView: (() -> UIView)?
    /// The screen edges whose system gestures wait for a second swipe (I3).
    var defersSystemGestures: UIRectEdge = []
    override var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { defersSystemGestures }
    /// The key commands it offers (U5).
    var offeredKeyCommands: [UIKeyCommand] = []
    override var keyCommands: [UIKeyCommand]? { offeredKeyCommands.isEmpty ? nil : offeredKeyCommands }

    override func loadView() {
        view = makeView?() ?? UIView(frame: .zero)
    }
    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        performs.contains(action.name)
    }
    /// Performing is all there is to it: the trace records the action and where it landed.
    override func perform(_ action: Selector, with sender: Any?) {}
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !handles.contains(.touches) { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !handles.contains(.touches) { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !handles.contains(.touches) { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !handles.contains(.touches) { super.touchesCancelled(touches, with: event) }
    }
    override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if !handles.contains(.motion) { super.motionBegan(motion, with: event) }
    }
    override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if !handles.contains(.motion) { super.motionEnded(motion, with: event) }
    }
    override func remoteControlReceived(with event: UIEvent?) {
        if !handles.contains(.remote) { super.remoteControlReceived(with: event) }
    }
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if !handles.contains(.presses) { super.pressesBegan(presses, with: event) }
    }
    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if !handles.contains(.presses) { super.pressesEnded(presses, with: event) }
    }
}
