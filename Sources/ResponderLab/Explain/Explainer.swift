import Foundation
import ResponderKit

/// Answers, in plain sentences, why a view, recognizer or control did or did not get a touch, begin,
/// fire or send its action, citing the rule and the decisive fact. It reads a trace and the scene it
/// ran in (``SceneHistory``): it finds the scene's objects in the records by their identity
/// (``TraceSubject/id``) and reasons from the records' typed causes (``TraceCause``) and the scene's
/// geometry when each touch began, never from the records' wording. The trace may be a scenario's run
/// or an application's (``CapturedTrace``): both are explained by the same code.
///
/// Every answer follows each touch from where it landed (``TouchLanding``): a touch that could have
/// reached the subject but did not is explained by the view and rule that turned it away, whatever the
/// question was about.
///
/// The work is linear in the trace: the trace is cut into groups once, and each touch's hit-test is
/// indexed once, so a trace at its limit (a million records) is explained in about a second.
@MainActor
struct Explainer {
    /// One input and its consequences: the range of their records (the input record first, except for
    /// the records made before the first input).
    struct Group {
        var time: TimeInterval
        var range: Range<Int>
        /// The input record's index, nil for the records made before the first input.
        var inputIndex: Int?
    }

    let records: [TraceRecord]
    let groups: [Group]
    /// Every touch that began, with its hit-test.
    let landings: [TouchLanding]
    /// The scene over the trace's time.
    let history: SceneHistory
    /// The scene at the moment being explained, rebuilt only when it changed.
    let cursor: SceneCursor
    /// The scene at the end, for names and for what is said of the whole trace.
    let last: SceneGraph
    let budget = SearchBudget()

    init(records: [TraceRecord], history: SceneHistory) {
        self.records = records
        self.history = history
        cursor = SceneCursor(history)
        last = history.scene(before: records.count, at: .infinity).graph
        var groups: [Group] = []
        for (index, record) in records.enumerated() {
            if case .input = record.kind {
                if var last = groups.popLast() {
                    last.range = last.range.lowerBound..<index
                    groups.append(last)
                }
                groups.append(Group(time: record.time, range: index..<records.count, inputIndex: index))
            } else if groups.isEmpty {
                groups.append(Group(time: record.time, range: index..<records.count, inputIndex: nil))
            }
        }
        self.groups = groups
        landings = TouchLanding.landings(in: records)
    }

    /// The explainer of a scenario's run.
    init(run: ScenarioRun) {
        self.init(records: run.recorder.records, history: run.sceneHistory)
    }

    /// The explanation of `subject`, named as the trace names it (a view shared by several as
    /// `NAME#ID`); a problem that says what the scene has when it has no such subject.
    func explain(_ subject: ExplainSubject) throws(CapturedTrace.Problem) -> [String] {
        let subjects = SubjectNames(names)
        switch subject {
        case .view(let name): return explainView(id: try subjects.view(name))
        case .recognizer(let name): return explainRecognizer(id: try subjects.recognizer(name))
        case .control(let name): return explainControl(id: try subjects.control(name))
        case .row(let name): return explainRow(try resolveRow(name))
        }
    }

    /// The scene when a touch began.
    func graph(at landing: TouchLanding) -> SceneGraph { graph(before: landing.inputIndex) }

    /// The scene just before record `index`.
    func graph(before index: Int) -> SceneGraph {
        let index = max(0, index)
        return cursor.graph(before: index, at: index < records.count ? records[index].time : .infinity)
    }

    /// The input of a group, as the trace prints it.
    func input(of group: Group) -> String {
        guard let index = group.inputIndex, case .input(let input) = records[index].kind else { return "setup" }
        return input.description
    }

    /// The input of the event a touch began in.
    func input(of landing: TouchLanding) -> String {
        guard landing.inputIndex >= 0, case .input(let input) = records[landing.inputIndex].kind else { return "setup" }
        return input.description
    }

    func at(_ time: TimeInterval) -> String { "at \(String(format: "%.2f", time)) s" }

    // MARK: Views

    /// Every view, recognizer and control of the scene, by name.
    var names: SceneHistory.Names { history.names }

    /// `explainView(id:)` of the view with this name (the first, when several share it).
    func explainView(_ name: String) -> [String] {
        (names.views[name] ?? names.responders[name])?.first.map { explainView(id: $0) } ?? []
    }

    func explainView(id: Int) -> [String] {
        let name = last.node(id)?.name ?? history.name(of: id)
        var lines: [String] = []
        var gotAny = false
        var landingIndex = 0
        // A view controller is asked about as a view is, but hit-testing never looks at it: only what
        // reached it up the responder chain is told.
        let isView = names.views.values.contains { $0.contains(id) }
        for group in groups {
            while landingIndex < landings.count, landings[landingIndex].inputIndex < group.range.upperBound {
                let landing = landings[landingIndex]
                landingIndex += 1
                guard isView, landing.inputIndex >= group.range.lowerBound else { continue }
                let head = "Touch #\(landing.finger) \(at(landing.time)) (\(input(of: landing))):"
                if landing.bound?.id == id {
                    gotAny = true
                    lines.append("\(head) '\(name)' was its hit-test view, the deepest view containing the point, searched frontmost first (A1); the touch stays bound to it (R4, A11).")
                } else {
                    let went = landing.bound.map { "went to '\($0.name)', not '\(name)'" } ?? "no window took it"
                    let graph = graph(at: landing)
                    let why = graph.node(id).map { whyNot($0, name: name, landing: landing, graph: graph) }
                        ?? "'\(name)' was not in a window then."
                    lines.append("\(head) \(went): \(why)")
                }
            }
            for index in group.range {
                let record = records[index]
                switch record.kind {
                case .delivered(let responder, let method, _) where responder.id == id:
                    gotAny = true
                    lines.append("  \(at(record.time)): '\(name)' got \(method.rawValue) directly\(cancelCause(before: index, in: group, method: method)).")
                case .forwarded(let from, let to, let method) where to.id == id:
                    gotAny = true
                    lines.append("  \(at(record.time)): '\(name)' got \(method.rawValue) forwarded from '\(from.name)', whose default implementation passes it up the chain (B9)\(cancelCause(before: index, in: group, method: method)).")
                case .touchWithheld(let finger, let view, let phase, let by) where view.id == id:
                    lines.append("  \(at(record.time)): \(phase) of touch #\(finger) was held back from '\(name)' by \(by.map { "'\($0.name)'" }.joined(separator: ", ")) while undecided (R13, D11, D12).")
                case .touchDiscarded(let finger, let view, let by) where view.id == id:
                    lines.append("  \(at(record.time)): touch #\(finger) was never shown to '\(name)': '\(by.name)' recognized while its began was held back (D11).")
                case .contentTouch(let finger, let view, let scrollView, let fate) where view.id == id:
                    if let line = contentTouchLine(finger, scrollView.name, fate) { lines.append("  \(at(record.time)): \(line)") }
                case .keyCommand(let key, let action, let startedAt, let offeredBy, let outcome):
                    if let line = keyCommandLine(of: id, name: name, key: key, action: action, startedAt: startedAt,
                                                 offeredBy: offeredBy, outcome: outcome) {
                        gotAny = true
                        lines.append("  \(at(record.time)): \(line)")
                    }
                default:
                    break
                }
            }
        }
        if !gotAny && lines.isEmpty { lines.append("'\(name)' got no touch and no event in this trace: no input reached it.") }
        return lines
    }

    /// What a key command decided that concerns the view `id`: one it offered, one it performed, or one
    /// that took a press on its way to it (U5).
    private func keyCommandLine(of id: Int, name: String, key: String, action: String, startedAt: TraceSubject,
                                offeredBy: TraceSubject, outcome: TraceRecord.KeyCommandOutcome) -> String? {
        let performer: TraceSubject? = if case .performed(let by) = outcome { by } else { nil }
        if offeredBy.id == id {
            let command = "'\(name)' offered the key command \(key) \(action)"
            switch outcome {
            case .performed(let by) where by.id == id:
                return "\(command) and performed it: the press went no further, to no recognizer and no pressesBegan (U5)."
            case .performed(let by):
                return "\(command); '\(by.name)', the first in the chain from the first responder that performs \(action), performed it, and the press went no further (U5)."
            case .noResponderPerforms:
                return "\(command), which no responder in the chain performs: the search went on up the chain (U5)."
            case .textInputFirst(let field):
                return "\(command), but '\(field.name)' was editing and types the key first: the command does not want priority over it (U5)."
            }
        }
        if let performer, performer.id == id {
            return "'\(name)' performed \(action) for \(key), the key command '\(offeredBy.name)' offered; the press went no further (U5)."
        }
        if let performer, startedAt.id == id {
            return "the press of \(key) started at '\(name)' (the first responder, or where a press starts without one, R15), but the key command \(key) \(action), offered by '\(offeredBy.name)' and performed by '\(performer.name)', took it first: '\(name)' got no pressesBegan for it, nor did any recognizer (U5)."
        }
        return nil
    }

    /// Why a touch that was not bound to `view` did not end there: it landed outside, or the view and
    /// rule that turned it away.
    func whyNot(_ view: SceneGraph.Node, name: String, landing: TouchLanding, graph: SceneGraph) -> String {
        let reach = landing.reach(of: view, graph: graph, budget: budget)
        switch reach {
        case .reached:
            let deeper = landing.bound?.name ?? "?"
            return "'\(name)' contains the point, and its subview '\(deeper)' does too, deeper: the deepest view wins (A1)."
        case .landedOutside(let point):
            return "it landed at \(format(point)) in the coordinates of '\(name)', outside its bounds \(format(view.bounds)) (A4; clipsToBounds does not matter, A5)."
        default:
            return because(reach, for: name) + "."
        }
    }

    /// A reach that turned a touch away, as the clause after "it landed in 'X', but".
    func because(_ reach: TouchLanding.Reach, for name: String) -> String {
        switch reach {
        case .reached:
            return "it reached '\(name)'"
        case .landedOutside(let point):
            return "it landed at \(format(point)), outside '\(name)'"
        case .skipped(let skipped, let reason):
            let skippedName = label(skipped)
            if skippedName == name {
                return "the point is in '\(name)', but hit-testing skipped it without looking inside: \(describe(reason, of: skipped)) (\(rule(for: reason)))"
            }
            let rules = rule(for: reason) == "A1" ? "A1" : "A1, \(rule(for: reason))"
            return "the point is in '\(name)', but hit-testing skipped its ancestor '\(skippedName)' (\(describe(reason, of: skipped))), and a skipped view's subviews are never searched (\(rules))"
        case .outsideAncestor(let ancestor, let point, let target):
            let where_ = label(target) == name ? "'\(name)'" : "'\(label(target))', inside '\(name)',"
            return "the point is in \(where_) but outside its ancestor '\(label(ancestor))' (\(format(point)) in its coordinates, outside its bounds \(format(ancestor.bounds))), and a view's subviews are only searched where it contains the point, even where they stick out of it (A1, A5: clipsToBounds does not matter)"
        case .inFront(let front):
            return "the point is in '\(name)', but '\(label(front))' is in front of it and holds the point too: subviews are searched from the frontmost back, and the first answer wins (A1)"
        case .otherWindow(let window):
            return "the point is in '\(name)', but window '\(window)' took the touch first: windows are tried from the highest level down, the one shown last first (R3)"
        case .noWindow:
            return "no window took the touch"
        case .answeredBy(let answering, let hit):
            return "the point is in '\(name)', but the hitTest(_:with:) of '\(label(answering))' answered '\(hit)' in its place (an override of hitTest(_:with:), such as intercepts-hit-test)"
        }
    }

    /// Why a scroll view held, released, kept or cancelled a content touch (S1–S4), or nil for the hold
    /// itself (the release or the drop that follows says it all).
    func contentTouchLine(_ finger: Int, _ scrollView: String, _ fate: TraceRecord.ContentTouchFate) -> String? {
        switch fate {
        case .delayed:
            return nil
        case .released(let delay):
            return "touchesBegan of touch #\(finger) waited \(String(format: "%.2f", delay)) s: delaysContentTouches ('\(scrollView)' held it until it knew the user was not scrolling, S1)."
        case .releasedOnLift:
            return "touch #\(finger) lifted within the delay of '\(scrollView)': touchesBegan and touchesEnded came together (delaysContentTouches, S1)."
        case .stillWithheld(let holders):
            return "'\(scrollView)' let touch #\(finger) through, but \(holders.map { "'\($0.name)'" }.joined(separator: ", ")) still held its touchesBegan back while undecided (delaysTouchesBegan, D11)."
        case .refusedByTouchesShouldBegin:
            return "touch #\(finger) never reached it: touchesShouldBegin(_:with:in:) of '\(scrollView)' returned false (S2)."
        case .cancelledByScrolling:
            return "touch #\(finger) was cancelled: '\(scrollView)' began dragging and touchesShouldCancel(in:) returned true (S3, S4)."
        case .discardedByScrolling:
            return "touch #\(finger) never reached it: '\(scrollView)' began dragging within the delay (delaysContentTouches, S1)."
        case .keptByTouchesShouldCancel:
            return "it kept touch #\(finger): touchesShouldCancel(in:) of '\(scrollView)' returned false (the default for a control), so the scroll view did not scroll (S4)."
        case .keptCanCancelContentTouchesOff:
            return "it kept touch #\(finger): '\(scrollView)' has canCancelContentTouches false, so it did not scroll (S3)."
        case .stoppedScrolling:
            return "touch #\(finger) never reached it: it stopped '\(scrollView)', which was moving (S5)."
        }
    }

    private func cancelCause(before index: Int, in group: Group, method: TraceRecord.ResponderMethod) -> String {
        guard method == .touchesCancelled else { return "" }
        for earlier in records[group.range.lowerBound..<index].reversed() {
            if case .touchesCancelledByRecognizer(let recognizer, _) = earlier.kind {
                return ", because '\(recognizer.name)' recognized and cancels touches in views after its action (R8, D10)"
            }
        }
        return ", because the system cancelled the touch or its view left the window (R14)"
    }

    // MARK: Words

    /// A view's name as explanations give it.
    func label(_ view: SceneGraph.Node) -> String { view.name }

    /// A skip reason, with the value that decided it.
    private func describe(_ reason: TraceRecord.HitTestSkip, of view: SceneGraph.Node) -> String {
        switch reason {
        case .hidden: return "it is hidden"
        case .interactionDisabled: return "its isUserInteractionEnabled is false"
        case .transparent: return "its alpha, \(Double(view.view.alpha)), is 0.01 or less"
        case .disabled: return "it is a disabled control"
        }
    }

    func rule(for reason: TraceRecord.HitTestSkip) -> String {
        switch reason {
        case .hidden, .interactionDisabled: return "A1"
        case .transparent: return "R1"
        case .disabled: return "R11"
        }
    }

    func format(_ point: CGPoint) -> String { "(\(number(point.x)), \(number(point.y)))" }

    func format(_ rect: CGRect) -> String {
        "(\(number(rect.minX)), \(number(rect.minY)), \(number(rect.width)), \(number(rect.height)))"
    }

    func number(_ value: CGFloat) -> String {
        // Only whole numbers that fit go through Int: a hostile file's transforms can make coordinates huge or
        // infinite, and converting those trapped.
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.1f", Double(value))
    }
}
