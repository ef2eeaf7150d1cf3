// Observers planted in the scene: responders that check, from outside the engine, every touch and
// press call they receive, and controls that check the order of their events.

import Foundation
@testable import ResponderKit

/// What a probe asks of the scene it lives in: re-entrant behaviour, and leak bookkeeping.
@MainActor
protocol ProbeHost: AnyObject {
    var ledger: Ledger { get }
    func probeSawTouches(_ touches: Set<UITouch>, event: UIEvent?)
    func probeSawPresses(_ presses: Set<UIPress>, event: UIPressesEvent?)
    func touchesBegan(on view: UIView, _ touches: Set<UITouch>)
    func touchesMoved(on view: UIView, _ touches: Set<UITouch>)
    func motionBegan(at responder: UIResponder)
}

/// One responder's view of its touches (R14, C2): each touch it got in `touchesBegan` ends exactly
/// once, with `touchesEnded` or `touchesCancelled`; nothing comes after the end; nothing comes for a
/// touch it never began. Only calls made to the responder as the touch's own view count: calls passed
/// up the chain by a subview are the subview's business.
@MainActor
final class TouchLedger {
    let name: String
    /// Touches begun and not yet ended, with the phase the view last heard.
    private(set) var open: [ObjectIdentifier: UITouch] = [:]
    /// Touches that ended for this view (weakly: identifiers are reused once a touch is gone).
    private var closed: [Weak<UITouch>] = []
    /// Set when the scene toggles `isMultipleTouchEnabled`, which legitimately lets two touches in.
    var multipleTouchWasToggled = false

    init(name: String) { self.name = name }

    private func wasClosed(_ touch: UITouch) -> Bool { closed.contains { $0.object === touch } }

    func began(_ touches: Set<UITouch>, view: UIView, ledger: Ledger) {
        for touch in touches where touch.view === view {
            let id = ObjectIdentifier(touch)
            if open[id] != nil {
                ledger.fail("'\(name)' got touchesBegan twice for touch #\(touch.finger)")
            } else if wasClosed(touch) {
                ledger.fail("'\(name)' got touchesBegan for touch #\(touch.finger) after its end")
            } else {
                open[id] = touch
            }
        }
        // C6 counts fingers still down: a lifted touch whose end a recognizer holds back (D12, a double
        // tap's first tap) does not keep the next touch out.
        let down = open.values.filter { $0.phase != .ended && $0.phase != .cancelled }
        if !view.isMultipleTouchEnabled, !multipleTouchWasToggled, down.count > 1 {
            ledger.fail("'\(name)' is not multiple-touch enabled but tracks \(down.count) touches (C6): "
                        + down.map { "#\($0.finger)" }.sorted().joined(separator: " "))
        }
    }

    func moved(_ touches: Set<UITouch>, view: UIView, ledger: Ledger) {
        for touch in touches where touch.view === view && open[ObjectIdentifier(touch)] == nil {
            ledger.fail(wasClosed(touch) ? "'\(name)' got touchesMoved for touch #\(touch.finger) after its end (R14)"
                                         : "'\(name)' got touchesMoved for touch #\(touch.finger) it never began")
        }
    }

    func ended(_ touches: Set<UITouch>, view: UIView, method: String, ledger: Ledger) {
        for touch in touches where touch.view === view {
            let id = ObjectIdentifier(touch)
            if open.removeValue(forKey: id) == nil {
                ledger.fail(wasClosed(touch) ? "'\(name)' got \(method) for touch #\(touch.finger) after its end (R14)"
                                             : "'\(name)' got \(method) for touch #\(touch.finger) it never began")
            } else {
                if closed.count > 64 { closed.removeAll { $0.object == nil } }
                closed.append(Weak(touch))
            }
        }
    }

    /// Touches this view began and has not yet seen end.
    var openTouches: [UITouch] { Array(open.values) }
}

/// One responder's view of its presses: each press it began as the press's own responder ends once.
@MainActor
final class PressLedger {
    let name: String
    /// Presses begun and not ended, weakly: identifiers stay meaningful while the press lives.
    private var open: [ObjectIdentifier: Weak<UIPress>] = [:]

    init(name: String) { self.name = name }

    func began(_ presses: Set<UIPress>, responder: UIResponder, ledger: Ledger) {
        for press in presses where press.responder === responder {
            if let entry = open[ObjectIdentifier(press)] {
                ledger.fail(entry.object === press ? "'\(name)' got pressesBegan twice for one press"
                                                   : "'\(name)' never got the end of a press that is gone")
            }
            open[ObjectIdentifier(press)] = Weak(press)
        }
    }

    func changed(_ presses: Set<UIPress>, responder: UIResponder, ledger: Ledger) {
        for press in presses where press.responder === responder && open[ObjectIdentifier(press)]?.object !== press {
            ledger.fail("'\(name)' got pressesChanged for a press it never began or already ended")
        }
    }

    func ended(_ presses: Set<UIPress>, responder: UIResponder, method: String, ledger: Ledger) {
        for press in presses where press.responder === responder {
            if open.removeValue(forKey: ObjectIdentifier(press))?.object !== press {
                ledger.fail("'\(name)' got \(method) for a press it never began or already ended")
            }
        }
    }

    /// Presses begun and not ended, gone or not.
    var openCount: Int { open.count }
}

/// Checks a control's events (section F): `.touchDown` starts tracking, drags only while tracking, and
/// exactly one of `.touchUpInside`, `.touchUpOutside` and `.touchCancel` ends it.
@MainActor
final class ControlEventLedger {
    let name: String
    weak var host: ProbeHost?
    private(set) var tracking = false
    private(set) var eventsSeen = 0

    init(name: String) { self.name = name }

    func attach(to control: UIControl) {
        let pairs: [(UIControl.Event, (ControlEventLedger) -> () -> Void)] = [
            (.touchDown, ControlEventLedger.touchDown), (.touchDownRepeat, ControlEventLedger.touchDownRepeat),
            (.touchDragInside, ControlEventLedger.drag), (.touchDragOutside, ControlEventLedger.drag),
            (.touchDragEnter, ControlEventLedger.drag), (.touchDragExit, ControlEventLedger.drag),
            (.touchUpInside, ControlEventLedger.up), (.touchUpOutside, ControlEventLedger.up),
            (.touchCancel, ControlEventLedger.up),
        ]
        for (event, action) in pairs { control.addTarget(self, action: action, for: event) }
    }

    private func fail(_ message: String) { host?.ledger.fail("control '\(name)': \(message)") }

    func touchDown() {
        eventsSeen += 1
        if tracking { fail("touchDown while already tracking a touch") }
        tracking = true
    }
    func touchDownRepeat() { if !tracking { fail("touchDownRepeat without touchDown") } }
    func drag() { if !tracking { fail("a drag event while not tracking (no touchDown before it)") } }
    func up() {
        eventsSeen += 1
        if !tracking { fail("a second end (touchUpInside / touchUpOutside / touchCancel) or an end without touchDown") }
        tracking = false
    }
}

/// The probe every observed responder carries.
@MainActor
final class ProbeCore {
    let touches: TouchLedger
    let presses: PressLedger
    weak var host: ProbeHost?

    init(name: String) {
        touches = TouchLedger(name: name)
        presses = PressLedger(name: name)
    }

    func began(_ set: Set<UITouch>, _ event: UIEvent?, _ view: UIView) {
        guard let host else { return }
        host.probeSawTouches(set, event: event)
        touches.began(set, view: view, ledger: host.ledger)
    }
    func moved(_ set: Set<UITouch>, _ event: UIEvent?, _ view: UIView) {
        guard let host else { return }
        host.probeSawTouches(set, event: event)
        touches.moved(set, view: view, ledger: host.ledger)
    }
    func ended(_ set: Set<UITouch>, _ event: UIEvent?, _ view: UIView, _ method: String) {
        guard let host else { return }
        host.probeSawTouches(set, event: event)
        touches.ended(set, view: view, method: method, ledger: host.ledger)
    }
    func pressesBegan(_ set: Set<UIPress>, _ event: UIPressesEvent?, _ responder: UIResponder) {
        guard let host else { return }
        host.probeSawPresses(set, event: event)
        presses.began(set, responder: responder, ledger: host.ledger)
    }
    func pressesChanged(_ set: Set<UIPress>, _ event: UIPressesEvent?, _ responder: UIResponder) {
        guard let host else { return }
        host.probeSawPresses(set, event: event)
        presses.changed(set, responder: responder, ledger: host.ledger)
    }
    func pressesEnded(_ set: Set<UIPress>, _ event: UIPressesEvent?, _ responder: UIResponder, _ method: String) {
        guard let host else { return }
        host.probeSawPresses(set, event: event)
        presses.ended(set, responder: responder, method: method, ledger: host.ledger)
    }

    // The probed responders' overrides, each one line: check the call, pass it on unless the
    // responder stops events (`forward`), then let the scene re-enter.

    func touchesBegan(_ set: Set<UITouch>, _ event: UIEvent?, _ view: UIView, forward: () -> Void) {
        began(set, event, view)
        forward()
        host?.touchesBegan(on: view, set)
    }
    func touchesMoved(_ set: Set<UITouch>, _ event: UIEvent?, _ view: UIView, forward: () -> Void) {
        moved(set, event, view)
        forward()
        host?.touchesMoved(on: view, set)
    }
    func touchesEnded(_ set: Set<UITouch>, _ event: UIEvent?, _ view: UIView, _ method: String, forward: () -> Void) {
        ended(set, event, view, method)
        forward()
    }
    func pressesBegan(_ set: Set<UIPress>, _ event: UIPressesEvent?, _ responder: UIResponder, forward: () -> Void) {
        pressesBegan(set, event, responder)
        forward()
    }
    func pressesChanged(_ set: Set<UIPress>, _ event: UIPressesEvent?, _ responder: UIResponder, forward: () -> Void) {
        pressesChanged(set, event, responder)
        forward()
    }
    func pressesEnded(_ set: Set<UIPress>, _ event: UIPressesEvent?, _ responder: UIResponder, _ method: String,
                      forward: () -> Void) {
        pressesEnded(set, event, responder, method)
        forward()
    }
    func motionBegan(_ responder: UIResponder, forward: () -> Void) {
        host?.motionBegan(at: responder)
        forward()
    }
}

/// What every probed responder shares: its probe and a few behaviour switches.
@MainActor
protocol Probed: UIResponder {
    var probe: ProbeCore { get }
    /// Whether touches, motion and presses stop here instead of climbing the chain.
    var stopsEvents: Bool { get set }
    var acceptsFirstResponder: Bool { get set }
}

// MARK: - Probed responders

@MainActor
final class ProbeView: UIView, Probed {
    let probe: ProbeCore
    var stopsEvents = false
    var acceptsFirstResponder = false

    init(name: String, frame: CGRect) {
        probe = ProbeCore(name: name)
        super.init(frame: frame)
        accessibilityIdentifier = name
    }
    required init?(coder: NSCoder) { nil }

    override var canBecomeFirstResponder: Bool { acceptsFirstResponder }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesBegan(touches, event, self) { if !stopsEvents { super.touchesBegan(touches, with: event) } }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesMoved(touches, event, self) { if !stopsEvents { super.touchesMoved(touches, with: event) } }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesEnded(touches, event, self, "touchesEnded") { if !stopsEvents { super.touchesEnded(touches, with: event) } }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesEnded(touches, event, self, "touchesCancelled") { if !stopsEvents { super.touchesCancelled(touches, with: event) } }
    }
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        probe.pressesBegan(presses, event, self) { if !stopsEvents { super.pressesBegan(presses, with: event) } }
    }
    override func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        probe.pressesChanged(presses, event, self) { if !stopsEvents { super.pressesChanged(presses, with: event) } }
    }
    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        probe.pressesEnded(presses, event, self, "pressesEnded") { if !stopsEvents { super.pressesEnded(presses, with: event) } }
    }
    override func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        probe.pressesEnded(presses, event, self, "pressesCancelled") { if !stopsEvents { super.pressesCancelled(presses, with: event) } }
    }
    override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        probe.motionBegan(self) { if !stopsEvents { super.motionBegan(motion, with: event) } }
    }
}

@MainActor
final class ProbeWindow: UIWindow, Probed {
    let probe: ProbeCore
    var stopsEvents = false
    var acceptsFirstResponder = false

    init(name: String, frame: CGRect, application: UIApplication) {
        probe = ProbeCore(name: name)
        super.init(frame: frame, application: application)
        accessibilityIdentifier = name
    }
    required init?(coder: NSCoder) { nil }

    override var canBecomeFirstResponder: Bool { acceptsFirstResponder }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesBegan(touches, event, self) { if !stopsEvents { super.touchesBegan(touches, with: event) } }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesMoved(touches, event, self) { if !stopsEvents { super.touchesMoved(touches, with: event) } }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesEnded(touches, event, self, "touchesEnded") { if !stopsEvents { super.touchesEnded(touches, with: event) } }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesEnded(touches, event, self, "touchesCancelled") { if !stopsEvents { super.touchesCancelled(touches, with: event) } }
    }
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        probe.pressesBegan(presses, event, self) { if !stopsEvents { super.pressesBegan(presses, with: event) } }
    }
    override func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        probe.pressesChanged(presses, event, self) { if !stopsEvents { super.pressesChanged(presses, with: event) } }
    }
    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        probe.pressesEnded(presses, event, self, "pressesEnded") { if !stopsEvents { super.pressesEnded(presses, with: event) } }
    }
    override func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        probe.pressesEnded(presses, event, self, "pressesCancelled") { if !stopsEvents { super.pressesCancelled(presses, with: event) } }
    }
    override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        probe.motionBegan(self) { if !stopsEvents { super.motionBegan(motion, with: event) } }
    }
}

@MainActor
final class ProbeController: UIViewController, Probed {
    let probe: ProbeCore
    var stopsEvents = false
    var acceptsFirstResponder = false

    init(name: String) {
        probe = ProbeCore(name: name)
        super.init(nibName: nil, bundle: nil)
        title = name
    }

    required init?(coder: NSCoder) { nil }

    override var canBecomeFirstResponder: Bool { acceptsFirstResponder }

    /// A key command's action (the fuzzer offers commands that call it, U5).
    func performKeyCommand(_ command: UIKeyCommand) {}

    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        probe.pressesBegan(presses, event, self) { if !stopsEvents { super.pressesBegan(presses, with: event) } }
    }
    override func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        probe.pressesChanged(presses, event, self) { if !stopsEvents { super.pressesChanged(presses, with: event) } }
    }
    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        probe.pressesEnded(presses, event, self, "pressesEnded") { if !stopsEvents { super.pressesEnded(presses, with: event) } }
    }
    override func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        probe.pressesEnded(presses, event, self, "pressesCancelled") { if !stopsEvents { super.pressesCancelled(presses, with: event) } }
    }
    override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        probe.motionBegan(self) { if !stopsEvents { super.motionBegan(motion, with: event) } }
    }
}

/// Controls: the engine's own control classes with a probe, so that their tracking is observed as is.
@MainActor
protocol ProbedControl: UIControl, Probed {
    var controlLedger: ControlEventLedger { get }
}

@MainActor
final class ProbeButton: UIButton, ProbedControl {
    let probe: ProbeCore
    let controlLedger: ControlEventLedger
    var stopsEvents = false
    var acceptsFirstResponder = false
    init(name: String, frame: CGRect) {
        probe = ProbeCore(name: name)
        controlLedger = ControlEventLedger(name: name)
        super.init(frame: frame)
        accessibilityIdentifier = name
        controlLedger.attach(to: self)
    }
    required init?(coder: NSCoder) { nil }
    override var canBecomeFirstResponder: Bool { acceptsFirstResponder }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesBegan(touches, event, self) { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesMoved(touches, event, self) { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesEnded(touches, event, self, "touchesEnded") { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesEnded(touches, event, self, "touchesCancelled") { super.touchesCancelled(touches, with: event) }
    }
}

@MainActor
final class ProbeSwitch: UISwitch, ProbedControl {
    let probe: ProbeCore
    let controlLedger: ControlEventLedger
    var stopsEvents = false
    var acceptsFirstResponder = false
    init(name: String, frame: CGRect) {
        probe = ProbeCore(name: name)
        controlLedger = ControlEventLedger(name: name)
        super.init(frame: frame)
        accessibilityIdentifier = name
        controlLedger.attach(to: self)
    }
    required init?(coder: NSCoder) { nil }
    override var canBecomeFirstResponder: Bool { acceptsFirstResponder }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesBegan(touches, event, self) { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesMoved(touches, event, self) { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesEnded(touches, event, self, "touchesEnded") { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesEnded(touches, event, self, "touchesCancelled") { super.touchesCancelled(touches, with: event) }
    }
}

@MainActor
final class ProbeSlider: UISlider, ProbedControl {
    let probe: ProbeCore
    let controlLedger: ControlEventLedger
    var stopsEvents = false
    var acceptsFirstResponder = false
    init(name: String, frame: CGRect) {
        probe = ProbeCore(name: name)
        controlLedger = ControlEventLedger(name: name)
        super.init(frame: frame)
        accessibilityIdentifier = name
        controlLedger.attach(to: self)
    }
    required init?(coder: NSCoder) { nil }
    override var canBecomeFirstResponder: Bool { acceptsFirstResponder }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesBegan(touches, event, self) { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesMoved(touches, event, self) { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesEnded(touches, event, self, "touchesEnded") { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesEnded(touches, event, self, "touchesCancelled") { super.touchesCancelled(touches, with: event) }
    }
}

@MainActor
final class ProbeControl: UIControl, ProbedControl {
    let probe: ProbeCore
    let controlLedger: ControlEventLedger
    var stopsEvents = false
    var acceptsFirstResponder = false
    init(name: String, frame: CGRect) {
        probe = ProbeCore(name: name)
        controlLedger = ControlEventLedger(name: name)
        super.init(frame: frame)
        accessibilityIdentifier = name
        controlLedger.attach(to: self)
    }
    required init?(coder: NSCoder) { nil }
    override var canBecomeFirstResponder: Bool { acceptsFirstResponder }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesBegan(touches, event, self) { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesMoved(touches, event, self) { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesEnded(touches, event, self, "touchesEnded") { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesEnded(touches, event, self, "touchesCancelled") { super.touchesCancelled(touches, with: event) }
    }
}

@MainActor
final class ProbeTextField: UITextField, ProbedControl {
    let probe: ProbeCore
    let controlLedger: ControlEventLedger
    var stopsEvents = false
    var acceptsFirstResponder = true
    init(name: String, frame: CGRect) {
        probe = ProbeCore(name: name)
        controlLedger = ControlEventLedger(name: name)
        super.init(frame: frame)
        accessibilityIdentifier = name
        controlLedger.attach(to: self)
    }
    required init?(coder: NSCoder) { nil }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesBegan(touches, event, self) { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesMoved(touches, event, self) { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesEnded(touches, event, self, "touchesEnded") { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        probe.touchesEnded(touches, event, self, "touchesCancelled") { super.touchesCancelled(touches, with: event) }
    }
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        probe.pressesBegan(presses, event, self) { super.pressesBegan(presses, with: event) }
    }
    override func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        probe.pressesChanged(presses, event, self) { super.pressesChanged(presses, with: event) }
    }
    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        probe.pressesEnded(presses, event, self, "pressesEnded") { super.pressesEnded(presses, with: event) }
    }
    override func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        probe.pressesEnded(presses, event, self, "pressesCancelled") { super.pressesCancelled(presses, with: event) }
    }
}

/// The application of a fuzzed scene: it checks that dispatch never nests (H1: the next event is taken
/// only when the previous dispatch returned).
@MainActor
final class ProbeApplication: UIApplication {
    weak var host: ProbeHost?
    private(set) var dispatchDepth = 0
    private(set) var eventsDispatched = 0

    override func sendEvent(_ event: UIEvent) {
        if dispatchDepth > 0 { host?.ledger.fail("sendEvent re-entered: an event was dispatched inside another's dispatch (H1)") }
        dispatchDepth += 1
        eventsDispatched += 1
        super.sendEvent(event)
        dispatchDepth -= 1
    }
}
