import Foundation

extension UIApplication {

    /// ``sendEvent(_:)``'s default: touch events to each window with changed touches, in the order of
    /// their touches; other events to the key window (H2, R15).
    func routeToWindows(_ event: UIEvent) {
        guard event.type == .touches else {
            guard let window = keyWindow else {
                trace(.dropped(what: "\(event.type) event", reason: .noKeyWindow))
                return
            }
            window.sendEvent(event)
            return
        }
        var windows: [UIWindow] = []
        for touch in event.touchList where touch.phase != .stationary {
            if let window = touch.window, !windows.contains(where: { $0 === window }) { windows.append(window) }
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
        }
    }

    /// The responder where motion, remote-control and press events start: the window's first responder,
    /// else its root view controller, else the window itself (R15).
    func initialResponder(in window: UIWindow) -> UIResponder {
        window.storedFirstResponder ?? window.rootViewController ?? window
    }

    // MARK: Touches

    /// Delivers the window's changed touches to their views, grouped by view: began, moved, ended,
    /// cancelled. A view gets a touch's end only if it got its beginning, and nothing after its end (R14).
    private func deliverTouches(of event: UIEvent, in window: UIWindow) {
        var views: [UIView] = []
        for touch in event.touchList where touch.window === window && touch.phase != .stationary {
            if let view = touch.view, touch.viewDelivery != .refused, !views.contains(where: { $0 === view }) {
                views.append(view)
            }
        }
        for view in views {
            var began: Set<UITouch> = [], moved: Set<UITouch> = [], ended: Set<UITouch> = [], cancelled: Set<UITouch> = []
            for touch in event.touchList where touch.view === view {
                switch (touch.phase, touch.viewDelivery) {
                case (.began, .pending): began.insert(touch)
                case (.moved, .began): moved.insert(touch)
                case (.ended, .began): ended.insert(touch)
                case (.cancelled, .began): cancelled.insert(touch)
                case (.moved, .ended), (.ended, .ended), (.cancelled, .ended),
                     (.moved, .cancelled), (.ended, .cancelled), (.cancelled, .cancelled):
                    trace(.dropped(what: "touch #\(touch.finger) \(touch.phase)", reason: .viewLeftWindow(view: view.traceName)))
                default: break
                }
            }
            if !began.isEmpty {
                for touch in began { touch.viewDelivery = .began }
                send(.touchesBegan, began, to: view, with: event)
            }
            if !moved.isEmpty { send(.touchesMoved, moved.filter { $0.viewDelivery == .began }, to: view, with: event) }
            if !ended.isEmpty {
                let live = ended.filter { $0.viewDelivery == .began }
                for touch in live { touch.viewDelivery = .ended }
                send(.touchesEnded, live, to: view, with: event)
            }
            if !cancelled.isEmpty {
                let live = cancelled.filter { $0.viewDelivery == .began }
                for touch in live { touch.viewDelivery = .cancelled }
                send(.touchesCancelled, live, to: view, with: event)
            }
        }
    }

    /// Calls one touch method on a view, reporting it.
    func send(_ method: TraceRecord.ResponderMethod, _ touches: Set<UITouch>, to view: UIView, with event: UIEvent) {
        guard !touches.isEmpty else { return }
        if TraceContext.isActive {
            trace(.delivered(responder: view.traceName, method: method, fingers: touches.map(\.finger).sorted()))
        }
        switch method {
        case .touchesBegan: view.touchesBegan(touches, with: event)
        case .touchesMoved: view.touchesMoved(touches, with: event)
        case .touchesEnded: view.touchesEnded(touches, with: event)
        case .touchesCancelled: view.touchesCancelled(touches, with: event)
        default: preconditionFailure("send(_:_:to:with:) takes a touches method, not \(method)")
        }
    }

    /// Ends, with `touchesCancelled`, every touch that views inside `subtree` got the beginning of and not
    /// yet the end (R14), and resigns a first responder inside it. Runs before the subtree leaves
    /// `window`, while the responder chain is still whole.
    func subtreeWillLeaveWindow(_ subtree: UIView, window: UIWindow) {
        TraceContext.withTracing(of: self) {
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
        TraceContext.withTracing(of: self) { cancelTouches(inside: subtree, window: window) }
    }

    private func cancelTouches(inside subtree: UIView, window: UIWindow) {
        var byView: [(UIView, Set<UITouch>)] = []
        for touch in touchEvent.touchList where touch.window === window {
            guard let view = touch.view, view.isDescendant(of: subtree) else { continue }
            switch touch.viewDelivery {
            case .began:
                touch.viewDelivery = .cancelled
                if let index = byView.firstIndex(where: { $0.0 === view }) {
                    byView[index].1.insert(touch)
                } else {
                    byView.append((view, [touch]))
                }
            case .pending:
                touch.viewDelivery = .cancelled
            case .ended, .cancelled, .refused:
                break
            }
        }
        for (view, touches) in byView { send(.touchesCancelled, touches, to: view, with: touchEvent) }
    }

    // MARK: Presses, motion, remote control

    private func deliverPresses(of event: UIEvent, in window: UIWindow) {
        guard let event = event as? UIPressesEvent else { return }
        var responders: [UIResponder] = []
        for press in event.pressList where press.phase != .stationary && press.window === window {
            if let responder = press.responder, !responders.contains(where: { $0 === responder }) { responders.append(responder) }
        }
        for responder in responders {
            let presses = event.pressList.filter { $0.responder === responder && $0.phase != .stationary }
            for phase in [UIPress.Phase.began, .changed, .ended, .cancelled] {
                let group = Set(presses.filter { $0.phase == phase })
                guard !group.isEmpty else { continue }
                switch phase {
                case .began:
                    trace(.delivered(responder: responder.traceName, method: .pressesBegan, fingers: []))
                    responder.pressesBegan(group, with: event)
                case .changed:
                    trace(.delivered(responder: responder.traceName, method: .pressesChanged, fingers: []))
                    responder.pressesChanged(group, with: event)
                case .ended:
                    trace(.delivered(responder: responder.traceName, method: .pressesEnded, fingers: []))
                    responder.pressesEnded(group, with: event)
                default:
                    trace(.delivered(responder: responder.traceName, method: .pressesCancelled, fingers: []))
                    responder.pressesCancelled(group, with: event)
                }
            }
        }
    }

    private func deliverMotion(_ event: UIEvent, in window: UIWindow) {
        let responder = initialResponder(in: window)
        switch event.motionPhase {
        case .began:
            trace(.delivered(responder: responder.traceName, method: .motionBegan, fingers: []))
            responder.motionBegan(event.subtype, with: event)
        case .ended:
            trace(.delivered(responder: responder.traceName, method: .motionEnded, fingers: []))
            responder.motionEnded(event.subtype, with: event)
        case .cancelled:
            trace(.delivered(responder: responder.traceName, method: .motionCancelled, fingers: []))
            responder.motionCancelled(event.subtype, with: event)
        }
    }

    private func deliverRemoteControl(_ event: UIEvent, in window: UIWindow) {
        let responder = initialResponder(in: window)
        trace(.delivered(responder: responder.traceName, method: .remoteControlReceived, fingers: []))
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
