import Foundation

/// Presses: they go to the recognizers of the views on the way up from the responder they start at,
/// then to that responder (G3, R15). The same steps as touches: offered, joined, fed, settled, delivered.
extension GestureArbiter {

    func deliverPresses(of event: UIPressesEvent, in window: UIWindow) {
        // A press a key command took goes to no recognizer or responder (U5).
        let changed = event.pressList.filter { $0.window === window && $0.phase != .stationary && !$0.isTakenByKeyCommand }
        var order: [UIGestureRecognizer] = []
        for press in changed {
            if press.phase == .began {
                for recognizer in pressRecognizers(for: press) where offer(press, to: recognizer, event: event) {
                    press.arbitration.join(recognizer)
                    recognizer.arbitration.receive(press)
                    join(recognizer)
                }
            }
            for recognizer in press.arbitration.receivers where !order.containsObject(recognizer) {
                order.append(recognizer)
            }
        }
        beginFeedingPresses()
        for recognizer in order where recognizer.isEnabled && !isDecided(recognizer) {
            feed(recognizer, changed, event)
        }
        // A touch-only kind (pan, pinch, rotation, swipe) given presses through `allowedPressTypes` ignores
        // them and would wait in `.possible` for ever, holding up any recognizer that requires its failure
        // (R7) and the touches those hold back. Once its presses are over and no touch is down, it fails.
        for recognizer in order where ignoresPresses(recognizer, changed) {
            request(recognizer, .failed, cause: .pressesNotRecognized(type: recognizer.typeName))
        }
        endFeeding()
        settle()
        deliverToResponders(changed, event)
        for recognizer in order { recognizer.arbitration.dropFinishedPresses() }
        settle()
    }

    /// The enabled recognizers, taking this press type, of the views from the press's responder up.
    private func pressRecognizers(for press: UIPress) -> [UIGestureRecognizer] {
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
            where recognizer.isEnabled && recognizer.allowedPressTypes.contains(press.type) && !isDecided(recognizer) {
                result.append(recognizer)
            }
            view = current.superview
        }
        return result
    }

    /// Whether `recognizer` may have `press` (D2: its delegate is asked, event first).
    private func offer(_ press: UIPress, to recognizer: UIGestureRecognizer, event: UIPressesEvent) -> Bool {
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

    /// Hands `recognizer` its presses among `presses`, per phase: began, changed, ended, cancelled.
    private func feed(_ recognizer: UIGestureRecognizer, _ presses: [UIPress], _ event: UIPressesEvent) {
        // Its presses as they are before it is called.
        var mine: [UIPress] = []
        for press in presses where recognizer.arbitration.trackedPresses.containsObject(press) { mine.append(press) }
        for (phase, method) in Self.pressMethods {
            var group = Set<UIPress>()
            for press in mine where press.phase == phase { group.insert(press) }
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

    private static let pressMethods: [(UIPress.Phase, TraceRecord.ResponderMethod)] =
        [(.began, .pressesBegan), (.changed, .pressesChanged), (.ended, .pressesEnded), (.cancelled, .pressesCancelled)]

    /// Whether `recognizer`, a touch-only kind still possible with no finger down, was fed presses in this
    /// event and has none left down.
    private func ignoresPresses(_ recognizer: UIGestureRecognizer, _ changed: [UIPress]) -> Bool {
        let record = recognizer.arbitration
        guard type(of: recognizer).defaultAllowedPressTypes.isEmpty, record.arbiter === self, record.state == .possible,
              record.wanted == nil, recognizer.liveTouches.isEmpty else { return false }
        var fedNow = false, down = false
        for press in record.trackedPresses {
            if changed.containsObject(press) { fedNow = true }
            if press.phase != .ended && press.phase != .cancelled { down = true }
        }
        return fedNow && !down
    }

    /// Delivers presses to their responders, per responder: began, changed, ended, cancelled. A press a
    /// recognizer cancelled is not delivered further.
    private func deliverToResponders(_ presses: [UIPress], _ event: UIPressesEvent) {
        var responders: [UIResponder] = []
        for press in presses where press.arbitration.responderDelivery != .ended {
            if let responder = press.responder, !responders.containsObject(responder) { responders.append(responder) }
        }
        for responder in responders {
            let mine = presses.filter { $0.responder === responder && $0.arbitration.responderDelivery != .ended }
            let began = Set(mine.filter { $0.phase == .began && $0.arbitration.responderDelivery == .pending })
            if !began.isEmpty {
                for press in began { press.arbitration.deliverBegan() }
                trace(.delivered(responder: responder.traceSubject, method: .pressesBegan, fingers: []))
                responder.pressesBegan(began, with: event)
            }
            let changed = Set(mine.filter { $0.phase == .changed && $0.arbitration.responderDelivery == .began })
            if !changed.isEmpty {
                trace(.delivered(responder: responder.traceSubject, method: .pressesChanged, fingers: []))
                responder.pressesChanged(changed, with: event)
            }
            let ended = Set(mine.filter { $0.phase == .ended && $0.arbitration.responderDelivery == .began })
            if !ended.isEmpty {
                for press in ended { press.arbitration.deliverEnd() }
                trace(.delivered(responder: responder.traceSubject, method: .pressesEnded, fingers: []))
                responder.pressesEnded(ended, with: event)
            }
            let cancelled = Set(mine.filter { $0.phase == .cancelled && $0.arbitration.responderDelivery == .began })
            if !cancelled.isEmpty {
                for press in cancelled { press.arbitration.deliverEnd() }
                trace(.delivered(responder: responder.traceSubject, method: .pressesCancelled, fingers: []))
                responder.pressesCancelled(cancelled, with: event)
            }
        }
    }

    /// R8 for presses: a recognizer that recognized cancels the presses it tracks in their responders.
    func cancelResponderPresses(of recognizer: UIGestureRecognizer) {
        guard let application else { return }
        for press in recognizer.arbitration.trackedPresses {
            switch press.arbitration.responderDelivery {
            case .began:
                press.arbitration.deliverEnd()
                if let responder = press.responder {
                    trace(.delivered(responder: responder.traceSubject, method: .pressesCancelled, fingers: []))
                    responder.pressesCancelled([press], with: application.pressesEvent)
                }
            case .pending:
                press.arbitration.deliverEnd()
            default:
                break
            }
        }
    }
}
