import Foundation

extension UIApplication {

    /// ``sendAction(_:to:from:for:)``'s default (R15, R17, B10).
    func routeAction(_ action: Selector, to target: Any?, from sender: Any?) -> Bool {
        let senderName = (sender as? UIResponder)?.traceSubject
        if let target {
            // An explicit target is sent the action directly, as UIKit does; a target that does not
            // perform it traps in `perform(_:with:)`.
            guard let responder = target as? UIResponder else {
                trace(.action(name: action.name, target: nil, sender: senderName, handled: false))
                return false
            }
            trace(.action(name: action.name, target: responder.traceSubject, sender: senderName, handled: true))
            responder.perform(action, with: sender)
            return true
        }
        let start = keyWindow?.storedFirstResponder ?? (sender as? UIResponder)
        guard let found = start?.target(forAction: action, withSender: sender) as? UIResponder else {
            trace(.action(name: action.name, target: nil, sender: senderName, handled: false))
            return false
        }
        trace(.action(name: action.name, target: found.traceSubject, sender: senderName, handled: true))
        found.perform(action, with: sender)
        return true
    }
}
