import Foundation
import ResponderKit

/// Answers, in plain sentences, why a view, recognizer or control did or did not get a touch, begin,
/// fire or send its action, citing the rule and the decisive fact. It reads the trace of a run and the
/// scene it ran in: it finds the scene's objects in the records by their identity (``TraceSubject/id``)
/// and reasons from the records' typed causes (``TraceCause``), never from their wording.
@MainActor
struct Explainer {
    let run: ScenarioRun

    /// The trace, cut into one group per input.
    private var groups: [(time: TimeInterval, input: String, records: [TraceRecord])] {
        var result: [(TimeInterval, String, [TraceRecord])] = []
        for record in run.recorder.records {
            if case .input(let input) = record.kind {
                result.append((record.time, input.description, []))
            } else if !result.isEmpty {
                result[result.count - 1].2.append(record)
            } else {
                result.append((record.time, "setup", [record]))
            }
        }
        return result.map { (time: $0.0, input: $0.1, records: $0.2) }
    }

    private func at(_ time: TimeInterval) -> String { "at \(String(format: "%.2f", time)) s" }

    // MARK: Views

    func explainView(_ name: String) -> [String] {
        guard let view = run.scene.views[name] else { return [] }
        let id = view.traceSubject.id
        var lines: [String] = []
        var gotAny = false
        for group in groups {
            for record in group.records {
                guard case .touchBound(let finger, let bound, _, _) = record.kind else { continue }
                if bound.id == id {
                    gotAny = true
                    lines.append("Touch #\(finger) \(at(record.time)) (\(group.input)): '\(name)' was its hit-test view, the deepest view containing the point, searched frontmost first (A1); the touch stays bound to it (R4, A11).")
                } else {
                    lines.append("Touch #\(finger) \(at(record.time)) (\(group.input)): went to '\(bound.name)', not '\(name)': \(whyNotHit(name, view: view, group: group.records, bound: bound.name))")
                }
            }
            for record in group.records {
                switch record.kind {
                case .delivered(let responder, let method, _) where responder.id == id:
                    gotAny = true
                    lines.append("  \(at(record.time)): '\(name)' got \(method.rawValue) directly\(cancelCause(before: record, in: group.records, method: method)).")
                case .forwarded(let from, let to, let method) where to.id == id:
                    gotAny = true
                    lines.append("  \(at(record.time)): '\(name)' got \(method.rawValue) forwarded from '\(from.name)', whose default implementation passes it up the chain (B9)\(cancelCause(before: record, in: group.records, method: method)).")
                case .touchWithheld(let finger, let view, let phase, let by) where view.id == id:
                    lines.append("  \(at(record.time)): \(phase) of touch #\(finger) was held back from '\(name)' by \(by.map { "'\($0.name)'" }.joined(separator: ", ")) while undecided (R13, D11, D12).")
                case .touchDiscarded(let finger, let view, let by) where view.id == id:
                    lines.append("  \(at(record.time)): touch #\(finger) was never shown to '\(name)': '\(by.name)' recognized while its began was held back (D11).")
                case .contentTouch(let finger, let view, let scrollView, let fate) where view.id == id:
                    if let line = contentTouchLine(finger, scrollView.name, fate) { lines.append("  \(at(record.time)): \(line)") }
                default:
                    break
                }
            }
        }
        if !gotAny && lines.isEmpty { lines.append("'\(name)' got no touch and no event in this scenario: no input reached it.") }
        return lines
    }

    /// Why a scroll view held, released, kept or cancelled a content touch (S1–S4), or nil for the hold
    /// itself (the release or the drop that follows says it all).
    private func contentTouchLine(_ finger: Int, _ scrollView: String, _ fate: TraceRecord.ContentTouchFate) -> String? {
        switch fate {
        case .delayed:
            return nil
        case .released(let delay):
            return "touchesBegan of touch #\(finger) waited \(String(format: "%.2f", delay)) s: delaysContentTouches ('\(scrollView)' held it until it knew the user was not scrolling, S1)."
        case .releasedOnLift:
            return "touch #\(finger) lifted within '\(scrollView)''s delay: touchesBegan and touchesEnded came together (delaysContentTouches, S1)."
        case .refusedByTouchesShouldBegin:
            return "touch #\(finger) never reached it: '\(scrollView)''s touchesShouldBegin(_:with:in:) returned false (S2)."
        case .cancelledByScrolling:
            return "touch #\(finger) was cancelled: '\(scrollView)' began dragging and touchesShouldCancel(in:) returned true (S3, S4)."
        case .discardedByScrolling:
            return "touch #\(finger) never reached it: '\(scrollView)' began dragging within the delay (delaysContentTouches, S1)."
        case .keptByTouchesShouldCancel:
            return "it kept touch #\(finger): '\(scrollView)''s touchesShouldCancel(in:) returned false (the default for a control), so the scroll view did not scroll (S4)."
        case .keptCanCancelContentTouchesOff:
            return "it kept touch #\(finger): '\(scrollView)' has canCancelContentTouches false, so it did not scroll (S3)."
        case .stoppedScrolling:
            return "touch #\(finger) never reached it: it stopped '\(scrollView)', which was moving (S5)."
        }
    }

    private func cancelCause(before record: TraceRecord, in records: [TraceRecord], method: TraceRecord.ResponderMethod) -> String {
        guard method == .touchesCancelled, let index = records.firstIndex(of: record) else { return "" }
        for earlier in records[..<index].reversed() {
            if case .touchesCancelledByRecognizer(let recognizer, _) = earlier.kind {
                return ", because '\(recognizer.name)' recognized and cancels touches in views after its action (R8, D10)"
            }
        }
        return ", because the system cancelled the touch or its view left the window (R14)"
    }

    /// Why hit-testing did not end at `name` for a touch bound to `bound`.
    private func whyNotHit(_ name: String, view: UIView, group: [TraceRecord], bound: String) -> String {
        let id = view.traceSubject.id
        for record in group {
            switch record.kind {
            case .hitTestSkipped(let skipped, _, let reason) where skipped.id == id:
                return "hit-testing skipped '\(name)' without looking inside: \(reason.rawValue) (\(rule(for: reason)))."
            case .hitTestOutside(let outside, let point) where outside.id == id:
                return "the point, (\(number(point.x)), \(number(point.y))) in its coordinates, is outside its bounds (A4; clipsToBounds does not matter, A5)."
            case .hitTestInside(let inside, _) where inside.id == id:
                if let hit = run.scene.views[bound], hit.isDescendant(of: view) {
                    return "'\(name)' contains the point, and its subview '\(bound)' does too, deeper: the deepest view wins (A1)."
                }
                return "'\(name)' contains the point, but its hitTest returned '\(bound)' (an override decided)."
            default:
                continue
            }
        }
        // Never visited: an ancestor was skipped or missed, or a view in front answered first.
        var ancestor = view.superview
        while let current = ancestor, let currentName = current.accessibilityIdentifier {
            let currentID = current.traceSubject.id
            for record in group {
                switch record.kind {
                case .hitTestSkipped(let skipped, _, let reason) where skipped.id == currentID:
                    return "its ancestor '\(currentName)' was skipped (\(reason.rawValue)), and a skipped view's subviews are never searched (A1, \(rule(for: reason)))."
                case .hitTestOutside(let outside, _) where outside.id == currentID:
                    return "the point is outside its ancestor '\(currentName)', and a view's subviews are only searched when it contains the point (A1, A5)."
                default:
                    continue
                }
            }
            ancestor = current.superview
        }
        if let hit = run.scene.views[bound], let front = frontSibling(of: view, containing: hit) {
            return "'\(front)' is in front of it and took the touch first: subviews are searched from the frontmost back, and the first answer wins (A1)."
        }
        if let hitWindow = run.scene.views[bound]?.window, hitWindow !== view.window {
            return "the touch was taken by window '\(hitWindow.accessibilityIdentifier ?? "?")', which is tried first (higher level, or shown later: R3)."
        }
        return "hit-testing never reached it."
    }

    /// The name of the view in front of `view` (a later sibling of it or of an ancestor) that holds `hit`.
    private func frontSibling(of view: UIView, containing hit: UIView) -> String? {
        var current: UIView? = view
        while let v = current, let parent = v.superview {
            if let index = parent.subviews.firstIndex(where: { $0 === v }) {
                for sibling in parent.subviews[(index + 1)...] where hit.isDescendant(of: sibling) {
                    return sibling.accessibilityIdentifier
                }
            }
            current = parent
        }
        return nil
    }

    private func rule(for reason: TraceRecord.HitTestSkip) -> String {
        switch reason {
        case .hidden, .interactionDisabled: return "A1"
        case .transparent: return "R1"
        case .disabled: return "R11"
        }
    }

    // MARK: Recognizers

    func explainRecognizer(_ name: String) -> [String] {
        guard let recognizer = run.scene.recognizers[name] else { return [] }
        let id = recognizer.traceSubject.id
        var lines: [String] = []
        var fed = false
        var fired: [(TimeInterval, UIGestureRecognizer.State)] = []
        var lastFailure: (TimeInterval, TraceCause?)?
        for group in groups {
            for record in group.records {
                switch record.kind {
                case .recognizerFed(let r, let method, let fingers) where r.id == id:
                    if method == .touchesBegan || method == .pressesBegan {
                        fed = true
                        lines.append("\(at(record.time)): '\(name)' was fed \(fingers) (\(group.input)): the touch began in its view '\(recognizer.view?.accessibilityIdentifier ?? "?")' or a subview (R5).")
                    }
                case .recognizerNotFed(let r, let finger, let cause) where r.id == id:
                    lines.append("\(at(record.time)): '\(name)' was not fed \(finger.map { "touch #\($0)" } ?? "press"): \(cause) (\(cause.rule)).")
                case .recognizerWaiting(let r, let wants, let others) where r.id == id:
                    lines.append("\(at(record.time)): '\(name)' wanted to be \(wants) but waits in .possible for \(others.map { "'\($0.name)'" }.joined(separator: ", ")) to fail (R7).")
                case .failureCycleBroken(let r, let ignoring) where r.id == id:
                    lines.append("\(at(record.time)): a cycle of failure requirements was broken: '\(name)' no longer waits for '\(ignoring.name)' (R7).")
                case .recognizerState(let r, let from, let to, let cause) where r.id == id:
                    switch to {
                    case .failed:
                        lastFailure = (record.time, cause)
                        lines.append("\(at(record.time)): '\(name)' failed: \(explainCause(cause)).")
                    case .ended, .began:
                        lines.append("\(at(record.time)): '\(name)' \(to == .began ? "began" : "recognized")\(cause.map { " (\($0))" } ?? "").")
                    case .cancelled:
                        lines.append("\(at(record.time)): '\(name)' was cancelled\(cause.map { ": \(explainCause($0))" } ?? "").")
                    case .possible, .changed:
                        _ = from
                    }
                case .recognizerAction(let r, let state, _) where r.id == id:
                    fired.append((record.time, state))
                case .recognizerInvalidTransition(let r, let from, let to) where r.id == id:
                    lines.append("\(at(record.time)): '\(name)' asked for \(from) → \(to), which the state machine does not allow; refused (D4).")
                default:
                    break
                }
            }
        }
        if !fed {
            let viewName = recognizer.view?.accessibilityIdentifier ?? "?"
            return ["'\(name)' never received a touch: no touch began in its view '\(viewName)' or its subviews, so it was never collected (R5)."] + lines
        }
        if fired.isEmpty {
            var summary = "'\(name)' never fired: it sends actions only on began, changed, ended and cancelled, never on failed (D5)"
            if let (time, cause) = lastFailure { summary += "; it last failed \(at(time)): \(explainCause(cause))" }
            lines.insert(summary + ".", at: 0)
        } else {
            let list = fired.map { "\($0.1) \(at($0.0))" }.joined(separator: ", ")
            lines.insert("'\(name)' fired \(fired.count) time\(fired.count == 1 ? "" : "s"): \(list).", at: 0)
        }
        return lines
    }

    /// A trace cause, turned into a sentence with its rule.
    private func explainCause(_ cause: TraceCause?) -> String {
        guard let cause else { return "its own logic decided" }
        switch cause {
        case .preventedBy:
            return "\(cause): only one recognizer may recognize at a time unless a delegate allows simultaneous recognition (\(cause.rule))"
        case .requiredToFail(let other, _):
            return "it was waiting for '\(other.name)' to fail, and \(cause) (\(cause.rule))"
        case .refusedByView(let view) where view.refusesSuperviewGestures:
            return "\(cause) in gestureRecognizerShouldBegin (R9, \(cause.rule): controls beat their superviews' gestures)"
        case .refusedByView, .refusedByDelegate:
            return "\(cause) in gestureRecognizerShouldBegin (\(cause.rule))"
        case .touchesCancelled:
            return "\(cause) (\(cause.rule))"
        default:
            return cause.description
        }
    }

    // MARK: Controls

    func explainControl(_ name: String) -> [String] {
        guard let control = run.scene.views[name] as? UIControl else { return [] }
        let id = control.traceSubject.id
        var lines: [String] = []
        var sentUpInside = false
        var sawCancel = false
        for group in groups {
            for (index, record) in group.records.enumerated() {
                switch record.kind {
                case .controlEvents(let subject, let events) where subject.id == id:
                    if events.contains(.touchUpInside) { sentUpInside = true }
                    var line = "\(at(record.time)): '\(name)' sent \(events.names.joined(separator: " + "))"
                    if events.contains(.touchCancel) {
                        sawCancel = true
                        let cause = group.records[..<index].reversed().compactMap { earlier -> String? in
                            if case .touchesCancelledByRecognizer(let recognizer, _) = earlier.kind { return recognizer.name }
                            return nil
                        }.first
                        line += cause.map { ": '\($0)' recognized and cancelled its touch (a recognizer on the control itself wins, R10, R8)" }
                            ?? ": the touch was cancelled (C2, R14)"
                    } else if events.contains(.touchUpInside) {
                        line += ": the finger lifted inside its bounds grown by \(number(control.touchInsideMargin)) pt (R12)"
                    } else if events.contains(.touchUpOutside) {
                        line += ": the finger lifted more than \(number(control.touchInsideMargin)) pt outside its bounds (R12)"
                    }
                    lines.append(line + ".")
                case .controlAction(let subject, let action, let target) where subject.id == id:
                    lines.append("  its action for \(action) went to '\(target?.name ?? "handler")' (F7).")
                case .action(let action, let target, let sender, let handled) where sender?.id == id:
                    lines.append(handled ? "  its nil-targeted action '\(action)' climbed the responder chain to '\(target?.name ?? "?")', the first responder that can perform it (R15, R17)."
                                         : "  its nil-targeted action '\(action)' found nobody in the responder chain that performs it (R15).")
                case .hitTestSkipped(let view, _, .disabled) where view.id == id:
                    lines.append("\(at(record.time)): '\(name)' is disabled, so hit-testing skipped it and the touch went behind it (R11).")
                default:
                    break
                }
            }
        }
        if lines.isEmpty {
            return ["'\(name)' sent no event: no touch was bound to it.\n" + explainView(name).joined(separator: "\n")]
        }
        if !sentUpInside {
            lines.insert("'\(name)' never sent touchUpInside" + (sawCancel ? ": its touch was cancelled." : "."), at: 0)
        }
        return lines
    }

    private func number(_ value: CGFloat) -> String {
        // Only whole numbers that fit go through Int: a hostile file's transforms can make coordinates huge or
        // infinite, and converting those trapped.
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.1f", Double(value))
    }
}
