import Foundation

/// Presses go to the recognizers of the views on the way up from the responder they start at, then to
/// that responder (G3, R15).
extension GestureArbiter {

    func deliverPresses(of event: UIPressesEvent, in window: UIWindow) {
        let changed = event.pressList.filter { $0.window === window && $0.phase != .stationary }
        var order: [UIGestureRecognizer] = []
        for press in changed {
            if press.phase == .began {
                for recognizer in pressRecognizers(for: press) where offer(press, to: recognizer, event: event) {
                    press.receivingRecognizers.append(recognizer)
                    recognizer.trackedPresses.append(press)
                    join(recognizer)
                }
            }
            for recognizer in press.receivingRecognizers where !order.containsObject(recognizer) {
                order.append(recognizer)
            }
        }
        feedingDepth += 1
        for recognizer in order where recognizer.isEnabled && !recognizer.settledState.isTerminal && recognizer.pendingState == nil {
            let mine = changed.filter { press in recognizer.trackedPresses.containsObject(press) }
            for (phase, method) in [(UIPress.Phase.began, TraceRecord.ResponderMethod.pressesBegan), (.changed, .pressesChanged),
                                    (.ended, .pressesEnded), (.cancelled, .pressesCancelled)] {
                let group = Set(mine.filter { $0.phase == phase })
                guard !group.isEmpty else { continue }
                trace(.recognizerFed(recognizer: recognizer.traceSubject, method: method, fingers: []))
                switch phase {
                case .began: recognizer.pressesBegan(group, with: event)
                case .changed: recognizer.pressesChanged(group, with: event)
                case .ended: recognizer.pressesEnded(group, with: event)
                default: recognizer.pressesCancelled(group, with: event)
                }
            }
        }
        // A touch-only kind (pan, pinch, rotation, swipe) given presses through `allowedPressTypes` ignores
        // them and would wait in `.possible` for ever, holding up any recognizer that requires its failure
        // (R7) and the touches those hold back. Once its presses are over and no touch is down, it fails.
        for recognizer in order where type(of: recognizer).defaultAllowedPressTypes.isEmpty && recognizer.arbiter === self
            && recognizer.storedState == .possible && recognizer.pendingState == nil && recognizer.liveTouches.isEmpty
            && recognizer.trackedPresses.contains(where: { press in changed.contains { $0 === press } })
            && !recognizer.trackedPresses.contains(where: { $0.phase != .ended && $0.phase != .cancelled }) {
            recognizer.setState(.failed, because: .pressesNotRecognized(type: TraceIdentity.typeName(of: recognizer)))
        }
        feedingDepth -= 1
        settle()
        deliverToResponders(changed, event)
        for recognizer in order {
            recognizer.trackedPresses.removeAll { $0.phase == .ended || $0.phase == .cancelled }
        }
        settle()
    }

    /// The enabled recognizers, taking this press type, of the views from the press's responder up.
    func pressRecognizers(for press: UIPress) -> [UIGestureRecognizer] {
        var view: UIView?
        switch press.responder {
        case let responderView as UIView: view = responderView
        case let controller as UIViewController: view = controller.viewIfLoaded
        default: view = nil
        }
        // Only from a view in the press's window (a root controller's view taken out of its window gives
        // none): recognizers in play are always in a window, so that views leaving it take them out again.
        guard view?.window === press.window, press.window != nil else { return [] }
        var result: [UIGestureRecognizer] = []
        while let current = view {
            for recognizer in current.attachedRecognizers
            where recognizer.isEnabled && recognizer.allowedPressTypes.contains(press.type)
                && !recognizer.settledState.isTerminal && recognizer.pendingState == nil {
                result.append(recognizer)
            }
            view = current.superview
        }
        return result
    }

    func offer(_ press: UIPress, to recognizer: UIGestureRecognizer, event: UIPressesEvent) -> Bool {
        guard let delegate = recognizer.delegate else { return true }
        if !delegate.gestureRecognizer(recognizer, shouldReceive: event) {
            trace(.recognizerNotFed(recognizer: recognizer.traceSubject, finger: nil, cause: .delegateDeclined(.shouldReceiveEvent)))
            return false
        }
        if !delegate.gestureRecognizer(recognizer, shouldReceive: press) {
            trace(.recognizerNotFed(recognizer: recognizer.traceSubject, finger: nil, cause: .delegateDeclined(.shouldReceivePress)))
            return false
        }
        return true
    }

    /// Delivers presses to their responders, per responder: began, changed, ended, cancelled. A press a
    /// recognizer cancelled is not delivered further.
    func deliverToResponders(_ presses: [UIPress], _ event: UIPressesEvent) {
        var responders: [UIResponder] = []
        for press in presses where press.responderDelivery != .ended {
            if let responder = press.responder, !responders.containsObject(responder) { responders.append(responder) }
        }
        for responder in responders {
            let mine = presses.filter { $0.responder === responder && $0.responderDelivery != .ended }
            let began = Set(mine.filter { $0.phase == .began && $0.responderDelivery == .pending })
            if !began.isEmpty {
                for press in began { press.responderDelivery = .began }
                trace(.delivered(responder: responder.traceSubject, method: .pressesBegan, fingers: []))
                responder.pressesBegan(began, with: event)
            }
            let changed = Set(mine.filter { $0.phase == .changed && $0.responderDelivery == .began })
            if !changed.isEmpty {
                trace(.delivered(responder: responder.traceSubject, method: .pressesChanged, fingers: []))
                responder.pressesChanged(changed, with: event)
            }
            let ended = Set(mine.filter { $0.phase == .ended && $0.responderDelivery == .began })
            if !ended.isEmpty {
                for press in ended { press.responderDelivery = .ended }
                trace(.delivered(responder: responder.traceSubject, method: .pressesEnded, fingers: []))
                responder.pressesEnded(ended, with: event)
            }
            let cancelled = Set(mine.filter { $0.phase == .cancelled && $0.responderDelivery == .began })
            if !cancelled.isEmpty {
                for press in cancelled { press.responderDelivery = .ended }
                trace(.delivered(responder: responder.traceSubject, method: .pressesCancelled, fingers: []))
                responder.pressesCancelled(cancelled, with: event)
            }
        }
    }

    /// A recognizer that recognized cancels the presses it tracks in their responders.
    func cancelResponderPresses(of recognizer: UIGestureRecognizer) {
        guard let application else { return }
        for press in recognizer.trackedPresses {
            switch press.responderDelivery {
            case .began:
                press.responderDelivery = .ended
                if let responder = press.responder {
                    trace(.delivered(responder: responder.traceSubject, method: .pressesCancelled, fingers: []))
                    responder.pressesCancelled([press], with: application.pressesEvent)
                }
            case .pending:
                press.responderDelivery = .ended
            default:
                break
            }
        }
    }
}
