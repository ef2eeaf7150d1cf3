import Foundation

/// Actions: the one path by which a recognizer's target-action pairs are called (D5, R8).
extension GestureArbiter {

    /// The one path for actions: those of the recognizer's settled state, if it sends any (D5).
    func sendActions(of recognizer: UIGestureRecognizer) {
        GestureArbiter.sendActions(of: recognizer, for: recognizer.arbitration.settled, tracingTo: isTracing ? application : nil)
    }

    /// Calls every action of `recognizer` whose target is still alive (targets are held weakly), if
    /// `state` sends actions (D5), tracing each. A recognizer not in play (its state set from outside a
    /// gesture) sends its actions through here too.
    static func sendActions(of recognizer: UIGestureRecognizer, for state: UIGestureRecognizer.State) {
        let application = recognizer.reportingApplication
        sendActions(of: recognizer, for: state, tracingTo: application?.tracer != nil ? application : nil)
    }

    /// ``sendActions(of:for:)``, reporting each action to `tracingApplication` if one is given: found
    /// once by the caller (through the arbiter's flag when the recognizer is in play, so the usual
    /// answer, no, costs no load of the application).
    private static func sendActions(of recognizer: UIGestureRecognizer, for state: UIGestureRecognizer.State,
                                    tracingTo tracingApplication: UIApplication?) {
        guard UIGestureRecognizer.sendsActions(state) else { return }
        // The actions as they are now (a handler that adds or removes actions changes the next dispatch,
        // not this one). Each pair is a class instance, so reading it out is one retain.
        let actions = recognizer.targetActions
        var index = 0
        while index < actions.count {
            defer { index += 1 }
            let action = actions[index]
            guard let target = action.target else { continue }
            if let application = tracingApplication {
                application.report(.recognizerAction(recognizer: recognizer.traceSubject, state: state,
                                                     target: TraceIdentity.subject(of: target)))
            }
            action.invoke(target, recognizer)
        }
    }
}
