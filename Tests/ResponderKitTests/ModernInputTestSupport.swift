// Fixtures for the modern-input suites (pointer, trackpad, pencil, keyboard: section U).

import Foundation
import Testing
import ResponderKit

/// Records each action of the recognizers it is the target of: state, and location in `view`.
@MainActor
final class GestureLog {
    private(set) var states: [UIGestureRecognizer.State] = []
    private(set) var locations: [CGPoint] = []
    /// Each action as "name state" (a recognizer's name, or its type).
    private(set) var lines: [String] = []
    weak var view: UIView?

    init(in view: UIView? = nil) { self.view = view }

    func note(_ recognizer: UIGestureRecognizer) {
        states.append(recognizer.state)
        locations.append(recognizer.location(in: view))
        lines.append("\(recognizer.name ?? "\(type(of: recognizer))") \(recognizer.state)")
    }

    func clear() {
        states.removeAll()
        locations.removeAll()
        lines.removeAll()
    }
}

extension UIGestureRecognizer {
    /// Adds `log` as a target, naming the recognizer `name`, and attaches it to `view`.
    @discardableResult
    func logged(_ name: String, by log: GestureLog, on view: UIView) -> Self {
        self.name = name
        addTarget(log, action: GestureLog.note)
        view.addGestureRecognizer(self)
        return self
    }
}

extension TraceRecorder {
    /// The pointer decisions, in order.
    var pointerDecisions: [TraceRecord.PointerDecision] {
        records.compactMap { if case .pointer(let decision) = $0.kind { return decision } else { return nil } }
    }

    /// The key-command records, in order, as (key, action, outcome).
    var keyCommands: [(key: String, action: String, outcome: TraceRecord.KeyCommandOutcome)] {
        records.compactMap {
            if case .keyCommand(let key, let action, _, _, let outcome) = $0.kind { return (key, action, outcome) } else { return nil }
        }
    }

    /// The state changes of the recognizer named `name`, with their causes.
    func stateChanges(of name: String) -> [(to: UIGestureRecognizer.State, cause: TraceCause?)] {
        records.compactMap {
            if case .recognizerState(let subject, _, let to, let cause) = $0.kind, subject.name == name { return (to, cause) }
            return nil
        }
    }
}
