import Foundation
import ResponderKit

extension Explainer {
    /// Touches that began elsewhere and are listed when a recognizer never received one.
    static let listedMisses = 3

    /// `explainRecognizer(id:)` of the recognizer with this name (the first, when several share it).
    func explainRecognizer(_ name: String) -> [String] {
        names.recognizers[name]?.first.map { explainRecognizer(id: $0) } ?? []
    }

    func explainRecognizer(id: Int) -> [String] {
        let name = history.name(of: id)
        let viewName = last.recognizer(id).map { label($0.view) } ?? "?"
        var lines: [String] = []
        var fed = false
        var turnedAway = 0
        var misses: [String] = []
        var fired: [(time: TimeInterval, state: UIGestureRecognizer.State)] = []
        var lastFailure: (TimeInterval, TraceCause?)?
        var landingIndex = 0
        /// Touches offered to the recognizer and turned away (D2), and the system container it belongs to:
        /// the navigation controller of a back swipe, the presented controller of a sheet's pan.
        var turnedDown = 0
        /// A pointer's hovers, scrolls and transforms turned away (U1–U3), the last one's kind.
        var pointerTurnedDown = 0
        var pointerKind = ""
        var owners: [Int: Bool] = [:]
        func owns(_ controller: TraceSubject, before index: Int) -> Bool {
            if let known = owners[controller.id] { return known }
            let answer = isSystemRecognizer(id, of: controller.id, before: index)
            owners[controller.id] = answer
            return answer
        }
        for group in groups {
            // Touches that began in this event and were bound outside the recognizer's view: why.
            while landingIndex < landings.count, landings[landingIndex].inputIndex < group.range.upperBound {
                let landing = landings[landingIndex]
                landingIndex += 1
                guard landing.inputIndex >= group.range.lowerBound else { continue }
                let graph = graph(at: landing)
                guard let view = graph.recognizer(id)?.view else { continue }
                let viewName = label(view)
                switch landing.reach(of: view, orInside: true, graph: graph, budget: budget) {
                case .reached:
                    break
                case .landedOutside(let point):
                    misses.append("touch #\(landing.finger) \(at(landing.time)) landed at \(format(point)) in the coordinates of '\(viewName)', outside its bounds \(format(view.bounds))")
                case .noWindow:
                    misses.append("touch #\(landing.finger) \(at(landing.time)) landed where no window takes touches")
                case let reach:
                    turnedAway += 1
                    let went = landing.bound.map { "went to '\($0.name)'" } ?? "was taken by no window"
                    lines.append("\(at(landing.time)): touch #\(landing.finger) (\(input(of: landing))) landed in '\(viewName)'\(reachSuffix(reach, view: view)) but \(went), so '\(name)' was never offered it (R5): \(because(reach, for: viewName)).")
                }
            }
            for index in group.range {
                let record = records[index]
                switch record.kind {
                case .recognizerFed(let r, let method, let fingers) where r.id == id:
                    if method == .touchesBegan || method == .pressesBegan {
                        fed = true
                        lines.append("\(at(record.time)): '\(name)' was fed \(fingers) (\(input(of: group))): the touch began in its view '\(viewName)' or a subview (R5).")
                    }
                case .recognizerNotFed(let r, let finger, let cause) where r.id == id:
                    turnedDown += 1
                    lines.append("\(at(record.time)): '\(name)' was not fed \(finger.map { "touch #\($0)" } ?? "press"): \(cause) (\(cause.rule)).")
                case .pointer(.fed(let r, let kind, .began)) where r.id == id:
                    fed = true
                    let over = kind == .hover ? "the pointer came over its view '\(viewName)' or a subview, hit-tested like a touch (U1)"
                                              : "the \(kind.traceName) began over its view '\(viewName)' or a subview (R5)"
                    lines.append("\(at(record.time)): '\(name)' was fed the \(kind.traceName) (\(input(of: group))): \(over).")
                case .pointer(.notFed(let r, let kind, let cause)) where r.id == id:
                    pointerTurnedDown += 1
                    pointerKind = kind.traceName
                    lines.append("\(at(record.time)): '\(name)' was not fed the \(kind.traceName): \(cause) (\(cause.rule)).")
                case .navigation(let controller, let change) where owns(controller, before: index):
                    if let line = explainNavigation(change, of: controller.name, recognizer: name) { lines.append("\(at(record.time)): \(line)") }
                case .presentation(let controller, let change) where owns(controller, before: index):
                    if let line = explainPresentation(change, of: controller.name) { lines.append("\(at(record.time)): \(line)") }
                case .recognizerWaiting(let r, let wants, let others) where r.id == id:
                    lines.append("\(at(record.time)): '\(name)' wanted to be \(wants) but waits in .possible for \(others.map { "'\($0.name)'" }.joined(separator: ", ")) to fail (R7).")
                case .failureCycleBroken(let r, let ignoring) where r.id == id:
                    lines.append("\(at(record.time)): a cycle of failure requirements was broken: '\(name)' no longer waits for '\(ignoring.name)' (R7).")
                case .recognizerState(let r, _, let to, let cause) where r.id == id:
                    switch to {
                    case .failed:
                        lastFailure = (record.time, cause)
                        lines.append("\(at(record.time)): '\(name)' failed: \(explainCause(cause)).")
                    case .ended, .began:
                        lines.append("\(at(record.time)): '\(name)' \(to == .began ? "began" : "recognized")\(cause.map { " (\($0))" } ?? "").")
                    case .cancelled:
                        lines.append("\(at(record.time)): '\(name)' was cancelled\(cause.map { ": \(explainCause($0))" } ?? "").")
                    case .possible, .changed:
                        break
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
        if !fed, pointerTurnedDown > 0, turnedDown == 0 {
            let what = pointerTurnedDown == 1 ? "a \(pointerKind)" : "\(pointerTurnedDown) pointer gestures (hovers, scrolls, trackpad pinches)"
            return ["'\(name)' never received a touch or a pointer's input: it was offered \(what) and turned \(pointerTurnedDown == 1 ? "it" : "them") away, as follows."] + lines
        }
        if !fed {
            var summary = "'\(name)' never received a touch: "
            if turnedDown > 0 {
                summary += "it was offered \(turnedDown == 1 ? "a touch" : "\(turnedDown) touches") and turned \(turnedDown == 1 ? "it" : "them") away (D2), as follows."
            } else if turnedAway > 0 {
                summary += "\(turnedAway == 1 ? "a touch" : "\(turnedAway) touches") landed in its view '\(viewName)' but did not reach it, as follows."
            } else {
                summary += "no touch began in its view '\(viewName)' or its subviews, so it was never collected (R5)."
                if !misses.isEmpty {
                    let shown = misses.prefix(Self.listedMisses).joined(separator: "; ")
                    let more = misses.count > Self.listedMisses ? "; and \(misses.count - Self.listedMisses) more" : ""
                    summary += " (\(shown)\(more).)"
                }
            }
            return [summary] + lines
        }
        if fired.isEmpty {
            var summary = "'\(name)' never fired: it sends actions only on began, changed, ended and cancelled, never on failed (D5)"
            if let (time, cause) = lastFailure { summary += "; it last failed \(at(time)): \(explainCause(cause))" }
            lines.insert(summary + ".", at: 0)
        } else {
            lines.insert("'\(name)' fired \(fired.count) time\(fired.count == 1 ? "" : "s"): \(firings(fired)).", at: 0)
        }
        return lines
    }

    /// ", in its subview 'X'," when the touch landed in a subview of the recognizer's view.
    private func reachSuffix(_ reach: TouchLanding.Reach, view: SceneGraph.Node) -> String {
        if case .outsideAncestor(_, _, let target) = reach, target !== view { return " (in its subview '\(label(target))')" }
        return ""
    }

    /// The most items `firings` lists; the others are counted.
    static let listedFirings = 20

    /// The actions sent: a run of `changed` collapsed into one item with its count and times, and so is
    /// a run of three or more of another state (a tap recognized again and again); at most
    /// ``listedFirings`` items, then how many more.
    func firings(_ fired: [(time: TimeInterval, state: UIGestureRecognizer.State)]) -> String {
        var items: [String] = []
        var index = 0
        while index < fired.count {
            let (time, state) = fired[index]
            var end = index + 1
            while end < fired.count, fired[end].state == state { end += 1 }
            let count = end - index
            if count >= (state == .changed ? 2 : 3) {
                items.append("\(state) ×\(count) from \(String(format: "%.2f", time)) s to \(String(format: "%.2f", fired[end - 1].time)) s")
            } else {
                end = index + 1
                items.append("\(state) \(at(time))")
            }
            index = end
        }
        guard items.count > Self.listedFirings else { return items.joined(separator: ", ") }
        return items.prefix(Self.listedFirings).joined(separator: ", ") + ", and \(items.count - Self.listedFirings) more"
    }

    /// A trace cause, turned into a sentence with its rule.
    func explainCause(_ cause: TraceCause?) -> String {
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
            return "\(cause) (\(cause.rule))"
        }
    }

    // MARK: The system's recognizers

    /// Whether the recognizer `id` is the system recognizer of the controller `controller`, in the scene
    /// before record `index`: the back swipe of a navigation controller (on the controller's own view),
    /// or the pan of a presented controller's sheet (on the sheet, which holds the controller's view).
    private func isSystemRecognizer(_ id: Int, of controller: Int, before index: Int) -> Bool {
        guard let (_, view) = graph(before: index).recognizer(id) else { return false }
        if view.view.nextResponders.first?.id == controller { return true }
        return view.subviews.first?.view.nextResponders.first?.id == controller
    }

    /// A navigation controller's decision about its back swipe, or its transition, as a sentence (T7).
    private func explainNavigation(_ change: TraceRecord.NavigationChange, of navigation: String, recognizer: String) -> String? {
        switch change {
        case .backSwipeRefused(let reason):
            switch reason {
            case .onlyRootController, .transitionRunning:
                return "'\(navigation)' turned its back swipe away because \(reason): its own delegate answers false to gestureRecognizer(_:shouldReceive:) for the event, so '\(recognizer)' is not fed the touch and the views get it at once (T7)."
            case .notAwayFromEdge:
                return "'\(navigation)' refused to begin the back swipe: \(reason) (T7)."
            }
        case .backSwipeFoundNothingToPop:
            return "the back swipe began with only the root controller on the stack of '\(navigation)': its delegate was replaced by one that let it begin. There is nothing to pop, and the next animated push will wait for a swipe to drive it, taking no touches meanwhile (T7)."
        case .backSwipeDecided:
            return "\(change)."
        case .transitionBegan(let isPush, let from, let to, _, let interactive):
            guard interactive else { return nil }
            return "'\(navigation)' began an interactive \(isPush ? "push" : "pop") from '\(from?.name ?? "nothing")' to '\(to?.name ?? "nothing")', driven by the back swipe (T7)."
        case .transitionEnded:
            return nil
        }
    }

    /// A presentation's decision about its sheet's drag, as a sentence.
    private func explainPresentation(_ change: TraceRecord.PresentationChange, of presented: String) -> String? {
        switch change {
        case .dismissalRefused(let reason):
            return "the sheet of '\(presented)' refused to be dismissed: \(reason); it only gives a little under the finger and springs back."
        case .sheetDecided:
            return "\(change)."
        case .transitionBegan, .transitionEnded:
            return nil
        }
    }
}
