// Shared fixtures for the behavioural suites: an isolated scene (application, key window, simulator)
// and responders of every kind that write each call they receive into one ordered log.

import Foundation
import Testing
import ResponderKit

/// One ordered record of the calls the logging responders of a test receive, across responders.
@MainActor
final class CallLog {
    private(set) var lines: [String] = []
    func add(_ line: String) { lines.append(line) }
    func clear() { lines.removeAll() }
    /// The lines that start with `prefix` (for instance one responder's name).
    func lines(from prefix: String) -> [String] { lines.filter { $0.hasPrefix(prefix + ".") } }
}

/// An isolated application with one visible key window and a simulator on virtual time.
///
/// The shared fixture. Some suites keep a scene of their own on purpose (`GestureArbitrationTests`,
/// `ControlsVersusGesturesTests`…): each records what its rules are about (a full-window pad view with
/// a call log, a control's event recorder, a tracer attached from the start), and those expectations
/// are written against that shape. They build on the same pieces (`UIApplication`, `UIWindow`,
/// `EventSimulator`, `TraceRecorder`) and add nothing another suite needs.
@MainActor
struct Scene {
    let app: UIApplication
    let window: UIWindow
    let sim: EventSimulator
    let log: CallLog

    init(app: UIApplication? = nil, window: ((UIApplication, CallLog) -> UIWindow)? = nil, log: CallLog = CallLog()) {
        let app = app ?? UIApplication()
        self.app = app
        self.log = log
        self.window = window?(app, log) ?? UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        self.window.makeKeyAndVisible()
        self.sim = EventSimulator(application: app)
    }

    /// Adds a logging view to `parent` (the window by default).
    @discardableResult
    func addView(_ name: String, _ frame: CGRect, to parent: UIView? = nil) -> LoggingView {
        let view = LoggingView(name, frame: frame, log: log)
        (parent ?? window).addSubview(view)
        return view
    }

    /// Records every trace record of the application from now on.
    func record() -> TraceRecorder {
        let recorder = TraceRecorder()
        app.tracer = recorder
        return recorder
    }
}

/// Tests name the subjects of expected records by their trace names; ``TraceRecord/Kind/matches(_:)``
/// compares records as the trace shows them, so an expected record needs no identity.
extension TraceSubject: ExpressibleByStringLiteral {
    public init(stringLiteral name: String) { self.init(id: 0, className: "", name: name) }
}

extension TraceRecord.Kind {
    /// The record as the trace prints it.
    var text: String { TraceRecord(time: 0, kind: self).description }
    /// Whether the two records print the same (subjects compared by name).
    func matches(_ other: TraceRecord.Kind) -> Bool { text == other.text }
}

extension TraceRecorder {
    /// The reasons of every `dropped` record, in order, as the trace prints them.
    var dropTexts: [String] {
        records.compactMap { if case .dropped(_, let reason) = $0.kind { return reason.description } else { return nil } }
    }

    /// The reasons of every `dropped` record, in order.
    var dropReasons: [TraceRecord.DropReason] {
        records.compactMap { if case .dropped(_, let reason) = $0.kind { return reason } else { return nil } }
    }
}

/// A view that logs every event call it receives as "name.method" and, unless told to stop, passes it on
/// as the default implementation does. It also counts the hit-testing calls it gets.
@MainActor
class LoggingView: UIView {
    let name: String
    let log: CallLog
    /// Whether each call is passed to super (the default forwarding up the chain).
    var passesOn = true
    var acceptsFirstResponder = false
    /// Selectors this view performs, for nil-targeted actions.
    var actions: Set<Selector> = []
    private(set) var hitTestCalls: [CGPoint] = []
    private(set) var pointInsideCalls = 0
    /// Every touch set received, with its method, in order.
    private(set) var touchCalls: [(method: String, touches: Set<UITouch>, event: UIEvent?)] = []
    /// The event's buttons and modifier keys at each touch call (U2), read then: an event is reused.
    private(set) var pointerStates: [(buttons: UIEvent.ButtonMask, modifiers: UIKeyModifierFlags)] = []
    private(set) var pressCalls: [(method: String, presses: Set<UIPress>, event: UIPressesEvent?)] = []
    private(set) var lastMotionEvent: UIEvent?

    init(_ name: String, frame: CGRect = .zero, log: CallLog = CallLog()) {
        self.name = name
        self.log = log
        super.init(frame: frame)
        accessibilityIdentifier = name
    }
    required init?(coder: NSCoder) { nil }

    var methods: [String] { log.lines(from: name).map { String($0.dropFirst(name.count + 1)) } }

    override var canBecomeFirstResponder: Bool { acceptsFirstResponder }

    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        hitTestCalls.append(point)
        return super.hitTest(point, with: event)
    }

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        pointInsideCalls += 1
        return super.point(inside: point, with: event)
    }

    private func note(_ method: String, _ touches: Set<UITouch>, _ event: UIEvent?) -> Bool {
        log.add("\(name).\(method)")
        touchCalls.append((method, touches, event))
        pointerStates.append((event?.buttonMask ?? [], event?.modifierFlags ?? []))
        return passesOn
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if note("began", touches, event) { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if note("moved", touches, event) { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if note("ended", touches, event) { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if note("cancelled", touches, event) { super.touchesCancelled(touches, with: event) }
    }
    override func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {
        if note("estimated", touches, nil) { super.touchesEstimatedPropertiesUpdated(touches) }
    }

    private func notePress(_ method: String, _ presses: Set<UIPress>, _ event: UIPressesEvent?) -> Bool {
        log.add("\(name).\(method)")
        pressCalls.append((method, presses, event))
        return passesOn
    }

    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if notePress("pressesBegan", presses, event) { super.pressesBegan(presses, with: event) }
    }
    override func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if notePress("pressesChanged", presses, event) { super.pressesChanged(presses, with: event) }
    }
    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if notePress("pressesEnded", presses, event) { super.pressesEnded(presses, with: event) }
    }
    override func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if notePress("pressesCancelled", presses, event) { super.pressesCancelled(presses, with: event) }
    }

    override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        log.add("\(name).motionBegan")
        lastMotionEvent = event
        if passesOn { super.motionBegan(motion, with: event) }
    }
    override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        log.add("\(name).motionEnded")
        lastMotionEvent = event
        if passesOn { super.motionEnded(motion, with: event) }
    }
    override func motionCancelled(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        log.add("\(name).motionCancelled")
        if passesOn { super.motionCancelled(motion, with: event) }
    }
    override func remoteControlReceived(with event: UIEvent?) {
        log.add("\(name).remote \(event?.subtype ?? .none)")
        if passesOn { super.remoteControlReceived(with: event) }
    }

    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { actions.contains(action) }
    override func perform(_ action: Selector, with sender: Any?) { log.add("\(name).perform \(action)") }
}

/// A view controller that logs the event calls it receives (see ``LoggingView``).
@MainActor
final class LoggingController: UIViewController {
    let name: String
    let log: CallLog
    var passesOn = true
    var acceptsFirstResponder = false
    var actions: Set<Selector> = []
    private(set) var lastSender: Any?

    init(_ name: String, log: CallLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
        title = name
    }

    required init?(coder: NSCoder) { nil }

    override func loadView() { view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480)) }
    override var canBecomeFirstResponder: Bool { acceptsFirstResponder }

    private func note(_ method: String) -> Bool {
        log.add("\(name).\(method)")
        return passesOn
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if note("began") { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if note("moved") { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if note("ended") { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if note("cancelled") { super.touchesCancelled(touches, with: event) }
    }
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if note("pressesBegan") { super.pressesBegan(presses, with: event) }
    }
    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if note("pressesEnded") { super.pressesEnded(presses, with: event) }
    }
    override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if note("motionBegan") { super.motionBegan(motion, with: event) }
    }
    override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if note("motionEnded") { super.motionEnded(motion, with: event) }
    }
    override func remoteControlReceived(with event: UIEvent?) {
        if note("remote \(event?.subtype ?? .none)") { super.remoteControlReceived(with: event) }
    }
    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { actions.contains(action) }
    override func perform(_ action: Selector, with sender: Any?) {
        lastSender = sender
        log.add("\(name).perform \(action)")
    }
}

/// A window that logs the event calls it receives and counts its hit-tests.
@MainActor
final class LoggingWindow: UIWindow {
    let name: String
    let log: CallLog
    var passesOn = true
    /// When true, the window lets touches that hit nothing but itself through to the windows below.
    var passesThroughEmptyArea = false
    private(set) var hitTestCount = 0

    init(_ name: String, frame: CGRect = CGRect(x: 0, y: 0, width: 320, height: 480),
         application: UIApplication, log: CallLog) {
        self.name = name
        self.log = log
        super.init(frame: frame, application: application)
        accessibilityIdentifier = name
    }
    required init?(coder: NSCoder) { nil }

    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        hitTestCount += 1
        let hit = super.hitTest(point, with: event)
        return passesThroughEmptyArea && hit === self ? nil : hit
    }

    private func note(_ method: String) -> Bool {
        log.add("\(name).\(method)")
        return passesOn
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if note("began") { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if note("moved") { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if note("ended") { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if note("cancelled") { super.touchesCancelled(touches, with: event) }
    }
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if note("pressesBegan") { super.pressesBegan(presses, with: event) }
    }
    override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if note("motionBegan") { super.motionBegan(motion, with: event) }
    }
    override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if note("motionEnded") { super.motionEnded(motion, with: event) }
    }
    override func remoteControlReceived(with event: UIEvent?) {
        if note("remote \(event?.subtype ?? .none)") { super.remoteControlReceived(with: event) }
    }
}

/// An application that logs the event calls that reach it.
@MainActor
final class LoggingApplication: UIApplication {
    let log: CallLog
    var actions: Set<Selector> = []

    init(log: CallLog) {
        self.log = log
        super.init()
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.add("app.began")
        super.touchesBegan(touches, with: event)
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.add("app.ended")
        super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.add("app.cancelled")
        super.touchesCancelled(touches, with: event)
    }
    override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        log.add("app.motionBegan")
        super.motionBegan(motion, with: event)
    }
    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { actions.contains(action) }
    override func perform(_ action: Selector, with sender: Any?) { log.add("app.perform \(action)") }
}

/// An application delegate that is a plain responder, so it ends the responder chain (B5).
@MainActor
final class LoggingDelegate: UIResponder, UIApplicationDelegate {
    let log: CallLog
    var actions: Set<Selector> = []

    init(log: CallLog) {
        self.log = log
        super.init()
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.add("delegate.began") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.add("delegate.moved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.add("delegate.ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.add("delegate.cancelled") }
    override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { log.add("delegate.motionBegan") }
    override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { log.add("delegate.motionEnded") }
    override func remoteControlReceived(with event: UIEvent?) { log.add("delegate.remote \(event?.subtype ?? .none)") }
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) { log.add("delegate.pressesBegan") }
    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { actions.contains(action) }
    override func perform(_ action: Selector, with sender: Any?) { log.add("delegate.perform \(action)") }
}

// MARK: Approximate comparison

func isClose(_ a: CGFloat, _ b: CGFloat, tolerance: CGFloat = 1e-9) -> Bool { abs(a - b) <= tolerance }

func isClose(_ a: CGPoint, _ b: CGPoint, tolerance: CGFloat = 1e-9) -> Bool {
    isClose(a.x, b.x, tolerance: tolerance) && isClose(a.y, b.y, tolerance: tolerance)
}

func isClose(_ a: CGSize, _ b: CGSize, tolerance: CGFloat = 1e-9) -> Bool {
    isClose(a.width, b.width, tolerance: tolerance) && isClose(a.height, b.height, tolerance: tolerance)
}

func isClose(_ a: CGRect, _ b: CGRect, tolerance: CGFloat = 1e-9) -> Bool {
    isClose(a.origin, b.origin, tolerance: tolerance) && isClose(a.size, b.size, tolerance: tolerance)
}

func isClose(_ a: CGAffineTransform, _ b: CGAffineTransform, tolerance: CGFloat = 1e-9) -> Bool {
    isClose(a.a, b.a, tolerance: tolerance) && isClose(a.b, b.b, tolerance: tolerance)
        && isClose(a.c, b.c, tolerance: tolerance) && isClose(a.d, b.d, tolerance: tolerance)
        && isClose(a.tx, b.tx, tolerance: tolerance) && isClose(a.ty, b.ty, tolerance: tolerance)
}
