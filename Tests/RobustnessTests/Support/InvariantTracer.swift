// A tracer that checks the trace as it is written: well-formed records naming live objects, and
// recognizer states that follow the transition table (D4, D5).

import Foundation
@testable import ResponderKit

@MainActor
final class InvariantTracer: EventTracer {
    let ledger: Ledger
    /// Every name the scene gave an object, with the object (weakly).
    private var objects: [String: Weak<AnyObject>] = [:]
    /// Names that are not objects of the scene but may appear (type names of action targets…).
    private var fixedNames: Set<String> = ["UIApplication"]
    /// Each recognizer's state as the trace tells it.
    private var recognizerStates: [String: String] = [:]
    /// Actions owed: a change to began, changed, ended or cancelled sends the action once (D5).
    private var actionsOwed: [String: Int] = [:]
    /// Recognizers whose actions go to a target that is not traced (none in generated scenes).
    var recognizersWithoutTracedActions: Set<String> = []
    private var lastTime: TimeInterval = -.infinity
    /// The latest records, for failure reports.
    private enum Line {
        case record(TraceRecord)
        case note(String)
    }
    private var recent: [Line] = []
    private var recentStart = 0
    private(set) var recordCount = 0
    /// Input records (one per raw input taken from the queue).
    private(set) var inputCount = 0
    /// Called for every input record, in order (the posted-input FIFO check listens here).
    var onInput: ((String) -> Void)?
    /// Keep this many records for the report.
    var keep = 400
    /// Records by kind, for the run's figures.
    private(set) var counts: [String: Int] = [:]

    init(ledger: Ledger) { self.ledger = ledger }

    /// What the trace says of scroll views (see ScrollInvariants.swift).
    let scroll = ScrollInvariants()
    /// What the trace says of tables and collections: the rows highlighted and not yet unhighlighted.
    let containers = ContainerInvariants()

    func register(_ object: AnyObject, as name: String) {
        if let existing = objects[name]?.object, existing !== object {
            ledger.fail("two live objects share the trace name '\(name)'")
        }
        objects[name] = Weak(object)
    }

    func allow(_ name: String) { fixedNames.insert(name) }

    private func check(_ subject: TraceSubject, _ role: String, _ record: TraceRecord) {
        check(subject.name, role, record)
    }

    private func check(_ name: String, _ role: String, _ record: TraceRecord) {
        if fixedNames.contains(name) { return }
        guard let entry = objects[name] else {
            return ledger.fail("trace record names an unknown \(role) '\(name)': \(record)")
        }
        if entry.object == nil { ledger.fail("trace record names a \(role) '\(name)' that no longer exists: \(record)") }
    }

    func record(_ record: TraceRecord) {
        recordCount += 1
        remember(.record(record))
        if record.time < lastTime { ledger.fail("trace time went back from \(lastTime) to \(record.time)") }
        if !record.time.isFinite { ledger.fail("trace time is not finite: \(record)") }
        lastTime = record.time
        count(record.kind)
        switch record.kind {
        case .input(let input):
            inputCount += 1
            scroll.inputEvent = inputCount
            onInput?(input.description)
        case .hitTestSkipped(let view, _, _), .hitTestOutside(let view, _), .hitTestInside(let view, _):
            check(view, "view", record)
        case .hitTestResult(let window, let view):
            check(window, "window", record)
            if let view { check(view, "view", record) }
        case .touchBound(let finger, let view, let window, let tapCount):
            scroll.touchBound(finger)
            check(view, "view", record)
            check(window, "window", record)
            if tapCount < 1 { ledger.fail("tapCount \(tapCount) below 1: \(record)") }
        case .delivered(let responder, _, _):
            check(responder, "responder", record)
        case .forwarded(let from, let to, _):
            check(from, "responder", record)
            check(to, "responder", record)
        case .unhandled(let last, _):
            check(last, "responder", record)
        case .firstResponderChanged(let window, let from, let to):
            check(window, "window", record)
            // The old first responder may be on its way out; the new one must be alive.
            if let to { check(to, "responder", record) }
            _ = from
        case .firstResponderRefused(let responder, _):
            check(responder, "responder", record)
        case .action(_, let target, let sender, _):
            if let target { check(target, "responder", record) }
            if let sender { check(sender, "responder", record) }
        case .dropped:
            break
        case .recognizerFed(let recognizer, _, _), .recognizerNotFed(let recognizer, _, _), .delegateAsked(let recognizer, _, _):
            check(recognizer, "recognizer", record)
        case .recognizerState(let subject, let fromState, let toState, let cause):
            let recognizer = subject.name, to = toState.description
            check(recognizer, "recognizer", record)
            transition(recognizer, from: fromState.description, to: to, record)
            if toState == .possible, cause == .reset(removedFromView: true) {
                // Removed from its view (by a handler, say) before its last change's action went out: the
                // gesture is abandoned and sends no action (see removeGestureRecognizer).
                actionsOwed[recognizer] = 0
            } else if toState == .possible, actionsOwed[recognizer, default: 0] > 0 {
                ledger.fail("recognizer '\(recognizer)' was reset before the action of its last change was sent (D5)")
            }
            if [.began, .changed, .ended, .cancelled].contains(toState), cause != .removedFromView(inProgress: true),
               !recognizersWithoutTracedActions.contains(recognizer) {
                if actionsOwed[recognizer, default: 0] > 0 {
                    ledger.fail("recognizer '\(recognizer)' changed to \(to) before the action of its previous change was sent (D5)")
                }
                actionsOwed[recognizer] = 1
            }
        case .recognizerInvalidTransition(let recognizer, let from, let to):
            ledger.fail("recognizer '\(recognizer)' asked for the invalid transition \(from) → \(to) (D4)")
        case .recognizerWaiting(let subject, _, let others):
            let recognizer = subject.name
            check(recognizer, "recognizer", record)
            others.forEach { check($0, "recognizer", record) }
            let state = recognizerStates[recognizer] ?? "possible"
            if state != "possible" { ledger.fail("recognizer '\(recognizer)' waits while \(state), not possible: \(record)") }
        case .failureCycleBroken(let recognizer, let ignoring):
            check(recognizer, "recognizer", record)
            check(ignoring, "recognizer", record)
        case .recognizerAction(let subject, let actionState, let target):
            let recognizer = subject.name, state = actionState.description
            check(recognizer, "recognizer", record)
            check(target, "action target", record)
            if state == "possible" || state == "failed" {
                ledger.fail("recognizer '\(recognizer)' sent its action in state \(state) (D5)")
            }
            let traced = recognizerStates[recognizer] ?? "possible"
            if traced != state { ledger.fail("recognizer '\(recognizer)' sent its action as \(state) but the trace has it \(traced)") }
            if actionsOwed[recognizer, default: 0] == 0 {
                ledger.fail("recognizer '\(recognizer)' sent an action for \(state) twice, or with no state change (D5)")
            }
            actionsOwed[recognizer] = 0
        case .touchWithheld(_, let view, _, let by):
            check(view, "view", record)
            by.forEach { check($0, "recognizer", record) }
        case .touchReleased(_, let view):
            check(view, "view", record)
        case .touchesCancelledByRecognizer(let recognizer, _):
            check(recognizer, "recognizer", record)
        case .touchDiscarded(let finger, let view, let by):
            scroll.touchDiscarded(finger, record, ledger)
            check(view, "view", record)
            check(by, "recognizer", record)
        case .controlEvents(let control, let events):
            check(control, "control", record)
            if events.isEmpty { ledger.fail("control '\(control.name)' sent an empty set of events") }
        case .controlAction(let control, _, let target):
            check(control, "control", record)
            if let target { check(target, "action target", record) }
        case .controlTargetGone(let control, _):
            check(control, "control", record)
        case .runLoop, .system, .runLoopMode, .navigation, .presentation:
            break
        case .pointer(let decision):
            switch decision {
            case .bound(_, let view, let window):
                check(view, "view", record)
                check(window, "window", record)
            case .fed(let recognizer, _, _), .notFed(let recognizer, _, _):
                check(recognizer, "recognizer", record)
            case .pencilTap(let view, _):
                check(view, "view", record)
            case .overNoView, .endedAfterPause, .hoverEndedByClick, .transformAsTouches:
                break
            }
        case .keyCommand(_, _, let startedAt, let offeredBy, let outcome):
            check(startedAt, "responder", record)
            check(offeredBy, "responder", record)
            if case .performed(let target) = outcome { check(target, "responder", record) }
        case .scrollViewDelegate(let scrollView, let call):
            check(scrollView, "scroll view", record)
            scroll.delegateCall(scrollView.name, call, record, ledger)
        case .contentTouch(let finger, let view, let scrollView, let fate):
            check(view, "view", record)
            check(scrollView, "scroll view", record)
            scroll.contentTouch(finger, fate, record, ledger)
        case .scrollView(let scrollView, _):
            check(scrollView, "scroll view", record)
        case .selection(let container, let item, let decision):
            check(container, "container", record)
            containers.selection(container.name, item, decision, record, ledger)
        case .swipeActions(let table, _, _):
            check(table, "table", record)
        }
    }

    private func count(_ kind: TraceRecord.Kind) {
        let key: String
        switch kind {
        case .touchBound: key = "touch bound"
        case .delivered(_, let method, _): key = "delivered \(method.rawValue)"
        case .recognizerState(_, _, let to, let cause):
            key = "recognizer → \(to)"
            if to == .failed, let cause { counts["  failed because: \(cause.name)", default: 0] += 1 }
        case .recognizerAction: key = "recognizer action"
        case .controlEvents: key = "control events"
        case .dropped(_, let reason): key = "dropped: \(Mirror(reflecting: reason).children.first?.label ?? String(describing: reason))"
        case .recognizerWaiting: key = "recognizer waiting"
        case .failureCycleBroken: key = "failure cycle broken"
        case .touchWithheld: key = "touch withheld"
        case .touchReleased: key = "touch released"
        case .touchesCancelledByRecognizer: key = "touches cancelled by recognizer"
        case .selection(_, _, let decision): key = "selection: \(Mirror(reflecting: decision).children.first?.label ?? "?")"
        case .swipeActions(_, _, let decision): key = "swipe actions: \(Mirror(reflecting: decision).children.first?.label ?? "?")"
        default: return
        }
        counts[key, default: 0] += 1
    }

    private static let terminal: Set<String> = ["ended", "cancelled", "failed"]
    private static let table: Set<String> = [
        "possible→began", "possible→ended", "possible→failed",
        "began→changed", "began→ended", "began→cancelled", "began→failed",
        "changed→changed", "changed→ended", "changed→cancelled", "changed→failed",
    ]

    private func transition(_ recognizer: String, from: String, to: String, _ record: TraceRecord) {
        let known = recognizerStates[recognizer] ?? "possible"
        if from != known {
            ledger.fail("recognizer '\(recognizer)' is traced leaving \(from), but the trace last had it \(known): \(record)")
        }
        if to == "possible" {
            // The reset after a terminal state (D6).
            if !Self.terminal.contains(from) { ledger.fail("recognizer '\(recognizer)' reset from \(from), not a terminal state: \(record)") }
        } else if !Self.table.contains("\(from)→\(to)") {
            ledger.fail("recognizer '\(recognizer)' made the transition \(from) → \(to), outside the table (D4): \(record)")
        }
        recognizerStates[recognizer] = to
    }

    private func remember(_ line: Line) {
        if recent.count < keep { recent.append(line) } else {
            recent[recentStart] = line
            recentStart = (recentStart + 1) % keep
        }
    }

    /// Puts a line of the driver's own (a step, a mutation) among the records, for the report.
    func note(_ text: String) { remember(.note(text)) }

    /// Recognizers whose last state change has not (yet) sent its action.
    var unsentActions: [String] { actionsOwed.filter { $0.value > 0 }.map(\.key).sorted() }

    /// The state the trace gives a recognizer.
    func tracedState(of recognizer: String) -> String { recognizerStates[recognizer] ?? "possible" }

    /// The latest records, oldest first, as text.
    func recentText(limit: Int = 120) -> String {
        let ordered = Array(recent[recentStart...] + recent[..<recentStart])
        return ordered.suffix(limit).map { line in
            switch line {
            case .record(let record): return record.description
            case .note(let text): return "   ─── \(text)"
            }
        }.joined(separator: "\n")
    }
}
