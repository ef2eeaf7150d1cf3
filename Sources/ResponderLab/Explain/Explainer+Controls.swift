import Foundation
import ResponderKit

extension Explainer {
    /// `explainControl(id:)` of the control with this name (the first, when several share it).
    func explainControl(_ name: String) -> [String] {
        names.controls[name]?.first.map { explainControl(id: $0) } ?? []
    }

    func explainControl(id: Int) -> [String] {
        let name = history.name(of: id)
        var lines: [String] = []
        var sentAny = false
        var sentUpInside = false
        var sawCancel = false
        // The fingers bound to the control, so that a cancellation is traced to the recognizer that took them.
        var fingers: Set<Int> = []
        for group in groups {
            for index in group.range {
                let record = records[index]
                switch record.kind {
                case .touchBound(let finger, let view, _, _) where view.id == id:
                    fingers.insert(finger)
                case .contentTouch(let finger, let view, let scrollView, let fate) where view.id == id:
                    // A control in a scroll view's content (a table's cell): why its events came late, or not at all.
                    if let line = contentTouchLine(finger, scrollView.name, fate) { lines.append("\(at(record.time)): \(line)") }
                case .controlEvents(let subject, let events) where subject.id == id:
                    sentAny = true
                    if events.contains(.touchUpInside) { sentUpInside = true }
                    var line = "\(at(record.time)): '\(name)' sent \(events.names.joined(separator: " + "))"
                    let margin = graph(before: index).node(id)?.view.control?.touchInsideMargin ?? 70
                    if events.contains(.touchCancel) {
                        sawCancel = true
                        line += ": " + cancelled(id, name: name, before: index, in: group, fingers: fingers)
                    } else if events.contains(.touchUpInside) {
                        line += ": the finger lifted inside its bounds grown by \(number(margin)) pt (R12)"
                    } else if events.contains(.touchUpOutside) {
                        line += ": the finger lifted more than \(number(margin)) pt outside its bounds (R12)"
                    }
                    lines.append(line + ".")
                case .controlAction(let subject, let action, let target) where subject.id == id:
                    lines.append("  its action for \(action) went to '\(target?.name ?? "handler")' (F7).")
                case .action(let action, let target, let sender, let handled) where sender?.id == id:
                    lines.append(handled ? "  its nil-targeted action '\(action)' climbed the responder chain to '\(target?.name ?? "?")', the first responder that can perform it (R15, R17)."
                                         : "  its nil-targeted action '\(action)' found nobody in the responder chain that performs it (R15).")
                default:
                    break
                }
            }
        }
        if !sentAny {
            // No event: follow every touch from where it landed.
            return ["'\(name)' sent no event: no touch was bound to it."] + explainView(id: id) + lines
        }
        if !sentUpInside {
            lines.insert("'\(name)' never sent touchUpInside" + (sawCancel ? ": its touch was cancelled." : "."), at: 0)
        }
        return lines
    }

    /// Why a control's touch was cancelled: the recognizer that took it, where that recognizer is and why
    /// the control let it (R10, R8), a scroll view that began dragging (S3, S4), or the system (C2, R14).
    private func cancelled(_ id: Int, name: String, before index: Int, in group: Group, fingers: Set<Int>) -> String {
        for earlier in records[group.range.lowerBound..<index].reversed() {
            switch earlier.kind {
            case .contentTouch(let finger, _, let scrollView, .cancelledByScrolling) where fingers.contains(finger):
                return "'\(scrollView.name)' began dragging and its touchesShouldCancel(in:) returned true, so its content's touch was cancelled (S3, S4)"
            case .touchesCancelledByRecognizer(let subject, let cancelled) where cancelled.contains(where: fingers.contains):
                let graph = graph(before: index)
                guard let (recognizer, view) = graph.recognizer(subject.id), let control = graph.node(id) else {
                    return "'\(subject.name)' recognized and cancelled its touch (R8, D10)"
                }
                let kind = recognizer.subject.className
                let took = outcome(of: subject, before: index, in: group)
                if view === control || view.isDescendant(of: control) {
                    return "'\(subject.name)', a \(kind) on the control itself, \(took) and cancelled its touch (R8, D10): a control does not refuse its own recognizers (R10)"
                }
                let place = control.isDescendant(of: view) ? "on its superview '\(label(view))'" : "on '\(label(view))'"
                return "'\(subject.name)', a \(kind) \(place), \(took) and cancelled the touches in its view and the view's subviews (cancelsTouchesInView, R8, D10): \(whyNotRefused(recognizer, by: control))"
            default:
                continue
            }
        }
        return "the touch was cancelled (C2, R14)"
    }

    /// "began" or "recognized": what the recognizer last did before `index`.
    private func outcome(of recognizer: TraceSubject, before index: Int, in group: Group) -> String {
        for earlier in records[group.range.lowerBound..<index].reversed() {
            if case .recognizerState(let subject, _, let to, _) = earlier.kind, subject.id == recognizer.id {
                if to == .began { return "began" }
                if to == .ended { return "recognized" }
            }
        }
        return "recognized"
    }

    /// Why `control` did not refuse `recognizer`, a recognizer of another view, in
    /// `gestureRecognizerShouldBegin(_:)` (R10).
    private func whyNotRefused(_ recognizer: SceneSnapshot.Recognizer, by control: SceneGraph.Node) -> String {
        let controlClass = control.className
        let kind = recognizer.subject.className
        switch controlClass {
        case "UIButton", "UISwitch":
            if let tap = recognizer.taps, tap.taps == 1, tap.touches == 1 {
                return "\(controlClass) refuses a one-finger single tap of another view (R10), yet '\(recognizer.subject.name)' began all the same (explain --recognizer says why)"
            }
            return "\(controlClass) refuses only a one-finger single-tap UITapGestureRecognizer of another view, not a \(kind) (R10)"
        case "UISlider":
            if kind == "UISwipeGestureRecognizer" {
                return "UISlider refuses a swipe of another view only when it runs along its track and starts in its thumb (R10), and this one did not"
            }
            return "UISlider refuses only swipes along its track that start in its thumb, not a \(kind) (R10)"
        default:
            return "a \(controlClass) does not refuse other views' gestures: only UIButton, UISwitch and UISlider do (R10)"
        }
    }
}
