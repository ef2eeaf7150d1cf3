import Foundation

/// Key commands (U5): a key going down is first matched against the commands of the responder chain.
extension UIApplication {

    /// Gives each key going down in `window` to the first key command that matches it and whose action a
    /// responder performs; a press a command took goes to no recognizer or responder, in any phase.
    ///
    /// The commands are collected along the chain from the responder the press starts at (the first
    /// responder, R15): each responder's ``UIResponder/keyCommands`` in the order it lists them, the
    /// nearest responder first. For a matching command, the chain is walked again from that responder
    /// for the first object that performs its action, as Apple documents for
    /// ``UIResponder/keyCommands``: "UIKit walks the responder chain looking for an object that
    /// implements the corresponding action method. It calls that method on the first object it finds
    /// and then stops processing the event." A matching command nobody performs lets the search go on.
    /// An editing text field types its keys first, unless the command wants priority (iOS 15 and later).
    func takePressesForKeyCommands(of event: UIPressesEvent, in window: UIWindow) {
        // Most presses are not keys going down (or are not keys at all): nothing to look up.
        var any = false
        for press in event.pressList where press.phase == .began && press.key != nil && press.window === window { any = true }
        guard any else { return }
        let presses = event.pressList
        for press in presses where press.phase == .began && press.window === window && !press.isTakenByKeyCommand {
            guard let key = press.key?.key, let start = press.responder else { continue }
            if performKeyCommand(for: key, from: start, in: window) { press.isTakenByKeyCommand = true }
        }
    }

    /// Performs the first command along the chain from `start` that matches `key` and that a responder
    /// performs; returns whether one was performed.
    private func performKeyCommand(for key: HIDEvent.KeyDescription, from start: UIResponder, in window: UIWindow) -> Bool {
        // Text input first (U5): an editing field that takes the key has it unless the command wants priority.
        var typingField: UITextField?
        if let field = window.storedFirstResponder as? UITextField, field.takesKey(key) { typingField = field }
        var responder: UIResponder? = start
        var steps = 0
        while let current = responder, steps < UIResponder.chainLengthLimit {
            for command in current.keyCommands ?? [] where command.matches(key) {
                if let field = typingField, !command.wantsPriorityOverSystemBehavior {
                    traceKeyCommand(command, from: start, offeredBy: current, .textInputFirst(field.traceSubject))
                    continue
                }
                guard let target = performer(of: command, from: start) else {
                    traceKeyCommand(command, from: start, offeredBy: current, .noResponderPerforms)
                    continue
                }
                traceKeyCommand(command, from: start, offeredBy: current, .performed(by: target.traceSubject))
                switch command.performer {
                case .selector(let selector): target.perform(selector, with: command)
                case .method(_, _, let call): call(target, command)
                }
                return true
            }
            responder = current.next
            steps += 1
        }
        return false
    }

    /// The first responder from `start` up that performs `command`'s action: one whose
    /// ``UIResponder/canPerformAction(_:withSender:)`` says yes to its selector (B11, R17), or an
    /// instance of the type of its method.
    private func performer(of command: UIKeyCommand, from start: UIResponder) -> UIResponder? {
        switch command.performer {
        case .selector(let selector):
            return start.target(forAction: selector, withSender: command) as? UIResponder
        case .method(_, let accepts, _):
            var responder: UIResponder? = start
            var steps = 0
            while let current = responder, steps < UIResponder.chainLengthLimit {
                if accepts(current) { return current }
                responder = current.next
                steps += 1
            }
            return nil
        }
    }

    private func traceKeyCommand(_ command: UIKeyCommand, from start: UIResponder, offeredBy responder: UIResponder,
                                 _ outcome: TraceRecord.KeyCommandOutcome) {
        guard tracer != nil else { return }
        report(.keyCommand(key: command.traceKeyName, action: command.traceActionName, startedAt: start.traceSubject,
                           offeredBy: responder.traceSubject, outcome: outcome))
    }
}
