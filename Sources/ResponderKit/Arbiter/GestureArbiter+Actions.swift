import Foundation

/// Actions: the one path by which a recognizer's target-action pairs are called (D5, R8).
extension GestureArbiter {

    /// The one path for actions: those of the recognizer's settled state, if it sends any (D5).
    func sendActions(of recognizer: UIGestureRecognizer) {
        GestureArbiter.sendActions(of: recognizer, for: recognizer.arbitration.settled)
    }

    /// Calls every action of `recognizer` whose target is still alive (targets are held weakly), if
    /// `state` sends actions (D5), tracing each. A recognizer not in play (its state set from outside a
    /// gesture) sends its actions through here too.
    static func sendActions(of recognizer: UIGestureRecognizer, for state: UIGestureRecognizer.State) {
        guard UIGestureRecognizer.sendsActions(state) else { return }
        // The actions as they are now (a handler that adds or removes actions changes the next dispatch,
        // not this one). Each pair is a class instance, so reading it out is one retain.
        let actions = recognizer.targetActions
        // The application to report to, if it traces: found once, through the arbiter's flag when the
        // recognizer is in play (the usual answer, no, then costs no load of the application).
        let tracingApplication: UIApplication?
        if let arbiter = recognizer.arbitration.arbiter {
            tracingApplication = arbiter.isTracing ? arbiter.application : nil
        } else if let application = recognizer.reportingApplication, application.tracer != nil {
            tracingApplication = application
        } else {
            tracingApplication = nil
        }
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
