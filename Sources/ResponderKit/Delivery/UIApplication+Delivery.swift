import Foundation

extension UIApplication {

    /// ``sendEvent(_:)``'s default: touch events to each window with changed touches, in the order of
    /// their touches; other events to the key window (H2, R15).
    func routeToWindows(_ event: UIEvent) {
        // Touch events first, by their type: the cast below costs a trip through the runtime, and touch
        // events are nearly all there is. (A presses event's type is always `.presses`.)
        if event.type == .touches { return routeTouchesToWindows(event) }
        if event.type == .hover || event.type == .scroll || event.type == .transform { return routePointer(event) }
        if let presses = event as? UIPressesEvent {
            // A press stays with the window (and responder) it began in, as a touch does: its later phases
            // go there even if the key window changed or went away since, so the responder that saw
            // `pressesBegan` also hears the end. (Routing them through the key window lost those ends.)
            var windows: [UIWindow] = []
            for press in presses.pressList where press.phase != .stationary {
                if let window = press.window, !windows.contains(where: { $0 === window }) { windows.append(window) }
            }
            for window in windows { window.sendEvent(event) }
            return
        }
        guard let window = keyWindow else {
            trace(.dropped(what: "\(event.type) event", reason: .noKeyWindow))
            return
        }
        window.sendEvent(event)
    }

    /// Touch events go to each window with changed touches, in the order of their touches (H2).
    private func routeTouchesToWindows(_ event: UIEvent) {
        // Nearly always every changed touch is in one window: find it without building a list.
        var first: UIWindow?
        var single = true
        for touch in event.touchList where touch.phase != .stationary {
            guard let window = touch.window else { continue }
            if first == nil { first = window } else if window !== first { single = false; break }
        }
        guard let first else { return }
        if single { return first.sendEvent(event) }
        var windows: [UIWindow] = []
        for touch in event.touchList where touch.phase != .stationary {
            if let window = touch.window, !windows.containsObject(window) { windows.append(window) }
        }
        for window in windows { window.sendEvent(event) }
    }

    /// ``UIWindow/sendEvent(_:)``'s default.
    func deliver(_ event: UIEvent, in window: UIWindow) {
        switch event.type {
        case .touches: deliverTouches(of: event, in: window)
        case .presses: deliverPresses(of: event, in: window)
        case .motion: deliverMotion(event, in: window)
        case .remoteControl: deliverRemoteControl(event, in: window)
        case .hover, .scroll, .transform: deliverPointer(event)
        }
    }

    /// The responder where motion, remote-control and press events start: the window's first responder,
    /// else its root view controller, else the window itself (R15).
    func initialResponder(in window: UIWindow) -> UIResponder {
        window.storedFirstResponder ?? window.rootViewController ?? window
    }

    // MARK: Touches

    private func deliverTouches(of event: UIEvent, in window: UIWindow) {
        arbiter.deliverTouches(of: event, in: window)
    }

    /// Ends, with `touchesCancelled`, every touch that views inside `subtree` got the beginning of and not
    /// yet the end (R14), and resigns a first responder inside it. Runs before the subtree leaves
    /// `window`, while the responder chain is still whole.
    func subtreeWillLeaveWindow(_ subtree: UIView, window: UIWindow) {
        // Input posted by the views told of their cancelled touches waits until this is done (H1).
        deferringInput {
            cancelTouches(inside: subtree, window: window)
            if let responder = window.storedFirstResponder, responder.isInside(subtree) {
                _ = responder.resignFirstResponder()
                if window.storedFirstResponder === responder { window.setFirstResponder(nil) }
            }
        }
    }

    /// Hiding a view ends the touches its subtree tracks (R14).
    func subtreeWasHidden(_ subtree: UIView) {
        guard let window = subtree.window else { return }
        deferringInput {
            cancelTouches(inside: subtree, window: window)
            if subtree === window { forgetTouches(of: window) }
        }
    }

    /// A hidden window takes no touches (R3): those that began in it are over for good, cancelled for every
    /// view and recognizer just before. The application forgets them and drops the rest of each finger's
    /// samples. Kept in the touch event, they tied the window, and through it the application, to the event
    /// until the fingers lifted: a scene torn down mid-gesture could not be freed.
    private func forgetTouches(of window: UIWindow) {
        var unheard: [UITouch] = []
        for touch in touchEvent.touchList where touch.window === window {
            if touch.itemFollower != nil { unheard.append(touch) }
            touch.phase = .cancelled
            droppedFingers.insert(touch.finger)
            if let index = touch.estimationUpdateIndex?.intValue, touchesAwaitingUpdates[index] === touch {
                touchesAwaitingUpdates[index] = nil
            }
        }
        touchEvent.touchList.removeAll { $0.window === window }
        // Nor may the set kept for views' touch methods keep them (see ``TouchSetCache``).
        arbiter.viewDelivery.forgetTouchSet()
        tellItemFollowers(of: unheard)
    }

    private func cancelTouches(inside subtree: UIView, window: UIWindow) {
        arbiter.viewDelivery.cancelTouches(inside: subtree, window: window, asking: arbiter)
    }

    // MARK: Presses, motion, remote control

    private func deliverPresses(of event: UIEvent, in window: UIWindow) {
        guard let event = event as? UIPressesEvent else { return }
        // U5: a key command that matches a key going down takes its press before anyone else.
        takePressesForKeyCommands(of: event, in: window)
        arbiter.deliverPresses(of: event, in: window)
    }

    private func deliverMotion(_ event: UIEvent, in window: UIWindow) {
        let responder = initialResponder(in: window)
        switch event.motionPhase {
        case .began:
            trace(.delivered(responder: responder.traceSubject, method: .motionBegan, fingers: []))
            responder.motionBegan(event.subtype, with: event)
        case .ended:
            trace(.delivered(responder: responder.traceSubject, method: .motionEnded, fingers: []))
            responder.motionEnded(event.subtype, with: event)
        case .cancelled:
            trace(.delivered(responder: responder.traceSubject, method: .motionCancelled, fingers: []))
            responder.motionCancelled(event.subtype, with: event)
        }
    }

    private func deliverRemoteControl(_ event: UIEvent, in window: UIWindow) {
        let responder = initialResponder(in: window)
        trace(.delivered(responder: responder.traceSubject, method: .remoteControlReceived, fingers: []))
        responder.remoteControlReceived(with: event)
    }
}

extension UIResponder {
    /// Whether this responder is a view inside `subtree`, or a controller whose view is.
    func isInside(_ subtree: UIView) -> Bool {
        if let view = self as? UIView { return view.isDescendant(of: subtree) }
        if let controller = self as? UIViewController, let view = controller.viewIfLoaded { return view.isDescendant(of: subtree) }
        return false
    }
}
