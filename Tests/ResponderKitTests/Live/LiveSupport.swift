// Fixtures for the live path: a real-time application whose clock tests move by hand, and a target
// that records what recognizers report.

import Foundation
import Testing
@testable import ResponderKit // for the clock's injectable time source

/// A time source moved by hand, readable from any thread: real-time tests without sleeping.
final class ManualTime: @unchecked Sendable {
    private let lock = NSLock()
    private var value: TimeInterval

    init(_ start: TimeInterval) { value = start }

    var now: TimeInterval {
        lock.lock(); defer { lock.unlock() }
        return value
    }

    func advance(by interval: TimeInterval) {
        lock.lock(); defer { lock.unlock() }
        value += interval
    }

    var source: @Sendable () -> TimeInterval { { [self] in now } }
}

/// An application on real time (a hand-moved source unless told otherwise) with a visible key window,
/// one full-window view, and no simulator.
@MainActor
struct LiveScene {
    let app = UIApplication()
    let window: UIWindow
    let view: UIView
    let loop: EventLoop

    init(time: ManualTime? = nil) {
        if let time { app.useRealTimeSource(time.source) }
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        window.makeKeyAndVisible()
        view = UIView(frame: window.bounds)
        view.accessibilityIdentifier = "canvas"
        window.addSubview(view)
        loop = EventLoop(application: app)
    }

    func post(_ finger: Int, _ phase: UITouch.Phase, _ x: CGFloat, _ y: CGFloat) {
        app.inputPort.post(.touches([HIDEvent.Touch(finger: finger, phase: phase, location: CGPoint(x: x, y: y))]))
    }
}

/// Records the states a recognizer reports through its action, and can stop a loop on one.
@MainActor
final class StateLog {
    var states: [UIGestureRecognizer.State] = []
    var stopOn: (UIGestureRecognizer.State, EventLoop)?
    /// The threads actions arrived on.
    var threads: [Thread] = []

    func handle(_ recognizer: UIGestureRecognizer) {
        states.append(recognizer.state)
        threads.append(Thread.current)
        if let (state, loop) = stopOn, state == recognizer.state { loop.stop() }
    }
}
