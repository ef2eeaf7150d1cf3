import Foundation

extension UIApplication {
    /// Where the application stands with the system.
    public enum State: Int, Sendable, CustomStringConvertible {
        /// In front, receiving events.
        case active
        /// In front but not receiving events (locked, interrupted), or passing between states.
        case inactive
        /// Not on screen.
        case background

        /// The state's name.
        public var description: String {
            switch self {
            case .active: return "active"
            case .inactive: return "inactive"
            case .background: return "background"
            }
        }
    }

    /// The application's state. An application on its own is always active; under a ``DeviceSystem``
    /// the system moves it (foreground, lock, interruptions, home) and tells the delegate.
    public var applicationState: State { storedState }

    /// Moves to `state`, telling the delegate in UIKit's order (will-resign before leaving active,
    /// will-enter-foreground before leaving the background) and tracing the change.
    func moveToState(_ state: State, name: String) {
        let old = storedState
        guard state != old else { return }
        if old == .active { delegate?.applicationWillResignActive(self) }
        if old == .background { delegate?.applicationWillEnterForeground(self) }
        storedState = state
        trace(.system(.applicationState(application: name, from: old, to: state)))
        if state == .background { delegate?.applicationDidEnterBackground(self) }
        if state == .active { delegate?.applicationDidBecomeActive(self) }
    }

    /// The system cancels every touch that is down (I2): each finger gets a cancelled sample through
    /// the input port, handled at once, so views get `touchesCancelled` once (none for a view whose
    /// touch a recognizer already cancelled) and recognizers in play are cancelled or fail. Returns
    /// the fingers cancelled.
    @discardableResult
    func cancelTouchesForSystem(reason: SystemDecision.Reason, name: String) -> [Int] {
        drainInputQueue()
        let down = touchEvent.touchList.filter { !$0.phase.isFinished }
        guard !down.isEmpty else { return [] }
        let fingers = down.map(\.finger)
        trace(.system(.touchesCancelled(application: name, fingers: fingers, reason: reason)))
        let samples = down.map { touch in
            HIDEvent.Touch(finger: touch.finger, phase: .cancelled,
                           location: touch.window?.pointToParent(touch.locationInWindow) ?? touch.locationInWindow)
        }
        inputPort.post(HIDEvent(timestamp: clock.now, payload: .touches(samples)))
        drainInputQueue()
        return fingers
    }
}
