import Foundation

/// Holding back: whether an undecided recognizer delays a touch's began or end from its view (R13,
/// D11, D12). View delivery asks here before it sends either.
extension GestureArbiter {

    /// The undecided recognizers receiving `touch` that delay its began (or its end) phase.
    func delayingRecognizers(of touch: UITouch, began: Bool) -> [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = []
        for recognizer in touch.arbitration.receivers where delays(recognizer, began: began) { result.append(recognizer) }
        return result
    }

    /// Whether an undecided recognizer receiving `touch` delays its began (or its end) phase.
    func hasDelayingRecognizer(of touch: UITouch, began: Bool) -> Bool {
        for recognizer in touch.arbitration.receivers where delays(recognizer, began: began) { return true }
        return false
    }

    /// Whether the recognizer, undecided, holds back the began (or the end) phase of its touches (R13).
    private func delays(_ recognizer: UIGestureRecognizer, began: Bool) -> Bool {
        recognizer.arbitration.settled == .possible && recognizer.isEnabled
            && (began ? recognizer.delaysTouchesBegan : recognizer.delaysTouchesEnded)
    }

    /// Whether `touch`'s began is held back from its view; if it is, the hold starts now and is traced.
    func holdsBegan(of touch: UITouch) -> Bool {
        guard hasDelayingRecognizer(of: touch, began: true) else { return false }
        hold(touch, phase: .began)
        touch.arbitration.holdBegan()
        return true
    }

    /// Whether `touch`'s end (it lifted) is held back from its view; if it is, the hold starts now and is
    /// traced.
    func holdsEnd(of touch: UITouch) -> Bool {
        guard hasDelayingRecognizer(of: touch, began: false) else { return false }
        touch.arbitration.holdEnd()
        hold(touch, phase: .ended)
        return true
    }

    private func hold(_ touch: UITouch, phase: UITouch.Phase) {
        withhold(touch)
        if let application, application.tracer != nil, let view = touch.view {
            let holders = delayingRecognizers(of: touch, began: phase == .began)
            application.report(.touchWithheld(finger: touch.finger, view: view.traceSubject, phase: phase, by: holders.map(\.traceSubject)))
        }
    }
}
