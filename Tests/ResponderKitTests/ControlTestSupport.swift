// Helpers shared by the control suites (ControlTracking, TargetAction, ControlValue,
// ControlsVersusGestures). No tests here.

import Foundation
import Testing
import ResponderKit

/// A fresh application with one key window of 400 × 600 pt at the screen origin, and a simulator on
/// virtual time.
@MainActor
struct ControlScene {
    let app: UIApplication
    let window: UIWindow
    let sim: EventSimulator

    init(application: UIApplication = UIApplication()) {
        app = application
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 600), application: application)
        window.makeKeyAndVisible()
        sim = EventSimulator(application: application)
    }
}

/// A recording target: one unbound method per control event, so the log says exactly which events a
/// control sent and in what order, with the control's highlight at the moment each was sent.
@MainActor
final class ControlEventRecorder {
    struct Entry: Equatable, CustomStringConvertible {
        var event: String
        var highlighted: Bool
        var description: String { "\(event)\(highlighted ? "(H)" : "")" }
    }

    private(set) var entries: [Entry] = []
    /// The controls that sent the events, in the same order.
    private(set) var senders: [UIControl] = []

    /// Every event name recorded so far.
    var events: [String] { entries.map(\.event) }

    /// The event names recorded since the previous call; forgets them.
    func take() -> [String] {
        defer { entries.removeAll(); senders.removeAll() }
        return events
    }

    /// How many times `event` was recorded.
    func count(_ event: String) -> Int { events.filter { $0 == event }.count }

    /// Registers one method per event, together covering `.allEvents` that a control sends.
    func attach(to control: UIControl) {
        control.addTarget(self, action: ControlEventRecorder.touchDown, for: .touchDown)
        control.addTarget(self, action: ControlEventRecorder.touchDownRepeat, for: .touchDownRepeat)
        control.addTarget(self, action: ControlEventRecorder.touchDragInside, for: .touchDragInside)
        control.addTarget(self, action: ControlEventRecorder.touchDragOutside, for: .touchDragOutside)
        control.addTarget(self, action: ControlEventRecorder.touchDragEnter, for: .touchDragEnter)
        control.addTarget(self, action: ControlEventRecorder.touchDragExit, for: .touchDragExit)
        control.addTarget(self, action: ControlEventRecorder.touchUpInside, for: .touchUpInside)
        control.addTarget(self, action: ControlEventRecorder.touchUpOutside, for: .touchUpOutside)
        control.addTarget(self, action: ControlEventRecorder.touchCancel, for: .touchCancel)
        control.addTarget(self, action: ControlEventRecorder.valueChanged, for: .valueChanged)
        control.addTarget(self, action: ControlEventRecorder.primaryActionTriggered, for: .primaryActionTriggered)
        control.addTarget(self, action: ControlEventRecorder.editingDidBegin, for: .editingDidBegin)
        control.addTarget(self, action: ControlEventRecorder.editingChanged, for: .editingChanged)
        control.addTarget(self, action: ControlEventRecorder.editingDidEnd, for: .editingDidEnd)
        control.addTarget(self, action: ControlEventRecorder.editingDidEndOnExit, for: .editingDidEndOnExit)
    }

    private func note(_ name: String, _ sender: UIControl) {
        entries.append(Entry(event: name, highlighted: sender.isHighlighted))
        senders.append(sender)
    }

    func touchDown(_ sender: UIControl) { note("touchDown", sender) }
    func touchDownRepeat(_ sender: UIControl) { note("touchDownRepeat", sender) }
    func touchDragInside(_ sender: UIControl) { note("touchDragInside", sender) }
    func touchDragOutside(_ sender: UIControl) { note("touchDragOutside", sender) }
    func touchDragEnter(_ sender: UIControl) { note("touchDragEnter", sender) }
    func touchDragExit(_ sender: UIControl) { note("touchDragExit", sender) }
    func touchUpInside(_ sender: UIControl) { note("touchUpInside", sender) }
    func touchUpOutside(_ sender: UIControl) { note("touchUpOutside", sender) }
    func touchCancel(_ sender: UIControl) { note("touchCancel", sender) }
    func valueChanged(_ sender: UIControl) { note("valueChanged", sender) }
    func primaryActionTriggered(_ sender: UIControl) { note("primaryActionTriggered", sender) }
    func editingDidBegin(_ sender: UIControl) { note("editingDidBegin", sender) }
    func editingChanged(_ sender: UIControl) { note("editingChanged", sender) }
    func editingDidEnd(_ sender: UIControl) { note("editingDidEnd", sender) }
    func editingDidEndOnExit(_ sender: UIControl) { note("editingDidEndOnExit", sender) }
}

/// A view that logs the touch calls it gets (and forwards them, as a plain view does).
@MainActor
final class TouchLoggingView: UIView {
    var log: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("began"); super.touchesBegan(touches, with: event)
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("moved"); super.touchesMoved(touches, with: event)
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("ended"); super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("cancelled"); super.touchesCancelled(touches, with: event)
    }
}
