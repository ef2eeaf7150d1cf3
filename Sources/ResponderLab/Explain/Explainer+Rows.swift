import Foundation
import ResponderKit

/// Rows of tables and items of collections: why a row did or did not highlight (and when), did or did
/// not select, why its swipe actions did what they did, and what became of the touches that landed on
/// it but never reached the table (a control in the cell, a scroll, the swipe).
extension Explainer {

    /// A row named as its cell is: the container's name, then `.row` (section 0) or `.section.row`.
    struct RowName {
        var containerID: Int
        var containerName: String
        var kind: SceneSnapshot.Container.Kind
        var indexPath: IndexPath

        /// The suffix the row's cell and its content take (`.3`, `.1.3`).
        var suffix: String { ContainerSpec.suffix(of: indexPath) }
        var noun: String { kind == .collection ? "item" : "row" }
        var said: String { "\(noun) \(indexPath[1])" + (indexPath[0] == 0 ? "" : " in section \(indexPath[0])") }
    }

    /// The row `name` names, if a table or collection of the scene has it.
    func rowName(_ name: String) -> RowName? {
        // The longest container name first: `list.2.3` is row 3 of a container `list.2` before row 2.3 of `list`.
        let containers = names.containers.map { (id: $0.key, name: history.name(of: $0.key), container: $0.value) }
            .sorted { ($0.name.count, $1.id) > ($1.name.count, $0.id) }
        for (id, containerName, container) in containers {
            guard name.hasPrefix(containerName + ".") else { continue }
            let numbers = name.dropFirst(containerName.count + 1).split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
            guard !numbers.isEmpty, numbers.count <= 2, numbers.allSatisfy({ $0 != nil }) else { continue }
            let path = numbers.count == 1 ? IndexPath(row: numbers[0]!, section: 0) : IndexPath(row: numbers[1]!, section: numbers[0]!)
            if container.contains(path) { return RowName(containerID: id, containerName: containerName, kind: container.kind, indexPath: path) }
        }
        return nil
    }

    /// The names `--row` accepts: the first and last row of each table and collection.
    func rowNameExamples() -> [String] {
        var names: [String] = []
        for (id, container) in self.names.containers {
            guard let rows = container.counts.first, rows > 0 else { continue }
            let name = history.name(of: id)
            names.append("\(name).0")
            names.append("\(name).\(rows - 1)")
        }
        return names.sorted()
    }

    /// The row named, or a problem that lists the rows there are.
    func resolveRow(_ name: String) throws(CapturedTrace.Problem) -> RowName {
        if let row = rowName(name) { return row }
        var message = "no row named '\(name)'"
        let known = rowNameExamples()
        if known.isEmpty {
            message += " (the scene has no table or collection view with rows)"
        } else {
            message += " (rows are named as their cells: the table's or collection's name, then the row, or the section and the row; "
                + "the first and last of each: \(known.joined(separator: ", ")))"
        }
        throw CapturedTrace.Problem(line: nil, message: message)
    }

    func explainRow(_ name: String) -> [String] {
        guard let row = rowName(name) else { return [] }
        return explainRow(row)
    }

    func explainRow(_ row: RowName) -> [String] {
        let containerID = row.containerID
        /// The fingers of touches that landed in the row's cell (bound to the cell or its content).
        var fingers: Set<Int> = []
        var lines: [String] = []
        var highlighted = false, selected = false
        for group in groups {
            for index in group.range {
                let record = records[index]
                switch record.kind {
                case .touchBound(let finger, let view, _, _):
                    // A finger number is used again by later touches: only the touches that land in the row count.
                    guard view.id != containerID, namesRow(view.name, row), isInRow(view, row, before: index) else {
                        fingers.remove(finger)
                        continue
                    }
                    fingers.insert(finger)
                    if graph(before: index).node(view.id)?.isControl ?? Self.controlClasses.contains(view.className) {
                        lines.append("Touch #\(finger) \(at(record.time)) (\(input(of: group))) landed on '\(view.name)', a \(view.className) in \(row.said): a control keeps its touches and does not pass them up the responder chain, so the \(row.noun) neither highlights nor selects for it (T5); explain --control \(view.name) says what the control did.")
                    } else {
                        lines.append("Touch #\(finger) \(at(record.time)) (\(input(of: group))) landed in \(row.said), on '\(view.name)'.")
                    }
                case .contentTouch(let finger, _, let scrollView, let fate) where scrollView.id == containerID && fingers.contains(finger):
                    if let line = contentLine(finger, row, fate) { lines.append("  \(at(record.time)): \(line)") }
                case .touchDiscarded(let finger, _, let by) where fingers.contains(finger):
                    lines.append("  \(at(record.time)): touch #\(finger) never reached the \(row.noun): \(takenBy(by, row, before: index))\(preventedSwipe(by, row, in: group)).")
                case .selection(let container, let item, let decision) where container.id == containerID && item == row.indexPath:
                    switch decision {
                    case .highlighted: highlighted = true
                    case .selected: selected = true
                    default: break
                    }
                    lines.append("  \(at(record.time)): \(selectionLine(decision, row, before: index, in: group))")
                case .swipeActions(let table, let item, let decision) where table.id == containerID && item == row.indexPath:
                    lines.append("  \(at(record.time)): \(swipeLine(decision, row))")
                default:
                    break
                }
            }
        }
        if lines.isEmpty { return ["No touch landed in \(row.said) of '\(row.containerName)', and nothing selected it."] }
        if !selected {
            lines.insert("\(row.said.capitalizedFirst) of '\(row.containerName)' was never selected" + (highlighted ? ", though it was highlighted." : "."), at: 0)
        }
        return lines
    }

    /// Whether a view's name (as the trace gave it) is one of the row's: its cell (`list.3`), its content
    /// view (`list.3.content`) or what the file puts in its cells (`buy.3`).
    private func namesRow(_ name: String, _ row: RowName) -> Bool {
        let cell = row.containerName + row.suffix
        return name == cell || name == cell + ".content" || (name.hasSuffix(row.suffix) && !name.hasPrefix(row.containerName + "."))
    }

    /// The control classes a cell may hold, whose touches stay theirs.
    static let controlClasses: Set<String> = ["UIButton", "UISwitch", "UISlider", "UITextField", "UIControl"]

    /// Whether the view (by its trace subject) is in the row's cell of the container, as far as the scene
    /// knows it when the touch began: the view, if the scene has it, is inside the container.
    private func isInRow(_ subject: TraceSubject, _ row: RowName, before index: Int) -> Bool {
        let graph = graph(before: index)
        guard let view = graph.node(subject.id), let container = graph.node(row.containerID) else { return true }
        return view.isDescendant(of: container)
    }

    /// A container's own recognizers, as a scroll view and a table install them first: the touch-delay
    /// recognizer, the pan, then a table's swipe and the recognizer that hides its actions.
    private enum OwnRecognizer { case pan, swipe, swipeDismissal }

    /// Which of the container's own recognizers `recognizer` is, in the scene before record `index`.
    private func ownRecognizer(_ recognizer: TraceSubject, of row: RowName, before index: Int) -> OwnRecognizer? {
        guard let (_, view) = graph(before: index).recognizer(recognizer.id), view.id == row.containerID,
              let position = view.view.recognizers.firstIndex(where: { $0.subject.id == recognizer.id }) else { return nil }
        switch position {
        case 1: return .pan
        case 2 where row.kind == .table: return .swipe
        case 3 where row.kind == .table: return .swipeDismissal
        default: return nil
        }
    }

    private func contentLine(_ finger: Int, _ row: RowName, _ fate: TraceRecord.ContentTouchFate) -> String? {
        let table = "'\(row.containerName)'"
        switch fate {
        case .delayed:
            return nil
        case .released(let delay):
            return "touch #\(finger) reached the cell only after \(String(format: "%.2f", delay)) s: \(table) held it back while it waited to see whether the user scrolls (delaysContentTouches, S1, T1)."
        case .releasedOnLift:
            return "touch #\(finger) lifted within \(table)'s delay: the cell got its began and its end together (S1, T1)."
        case .stillWithheld(let holders):
            return "\(table) let touch #\(finger) through, but \(holders.map { "'\($0.name)'" }.joined(separator: ", ")) still held its began back from the cell while undecided (delaysTouchesBegan, D11)."
        case .refusedByTouchesShouldBegin:
            return "touch #\(finger) never reached the cell: \(table)'s touchesShouldBegin(_:with:in:) returned false (S2)."
        case .cancelledByScrolling:
            return "touch #\(finger) was cancelled: \(table) began scrolling (S3, T3)."
        case .discardedByScrolling:
            return "touch #\(finger) never reached the cell: \(table) began scrolling within the delay, so the \(row.noun) never heard of it (S1, T3)."
        case .keptByTouchesShouldCancel:
            return "touch #\(finger) stayed with the cell's view: touchesShouldCancel(in:) returned false, so \(table) did not scroll (S4)."
        case .keptCanCancelContentTouchesOff:
            return "touch #\(finger) stayed with the cell's view: canCancelContentTouches is false, so \(table) did not scroll (S3)."
        case .stoppedScrolling:
            return "touch #\(finger) only stopped \(table), which was moving: it is not a tap on the \(row.noun) (S5)."
        }
    }

    /// What a recognizer that took a row's touch was: the table's scroll, its swipe, the hiding of swipe
    /// actions, or another recognizer.
    private func takenBy(_ recognizer: TraceSubject, _ row: RowName, before index: Int) -> String {
        switch ownRecognizer(recognizer, of: row, before: index) {
        case .pan: return "'\(recognizer.name)', the \(row.kind.rawValue)'s pan, began: the user scrolled (S3, T3)"
        case .swipe: return "'\(recognizer.name)', the table's swipe, began: a horizontal drag reveals swipe actions (T6)"
        case .swipeDismissal:
            return "'\(recognizer.name)' hid a row's swipe actions: while they show, a touch elsewhere only hides them (T6)"
        case nil:
            return "'\(recognizer.name)', a \(recognizer.className), recognized and cancelled the touch in its views (cancelsTouchesInView, R8, D10)"
        }
    }

    /// ", and it prevented the table's swipe…" when the recognizer that took the touch kept the table's
    /// swipe from beginning in the same input (a pan on the cell, fed first: R5, R6).
    private func preventedSwipe(_ recognizer: TraceSubject, _ row: RowName, in group: Group) -> String {
        for index in group.range {
            if case .recognizerState(let subject, _, .failed, .preventedBy(let winner)?) = records[index].kind,
               winner.id == recognizer.id, ownRecognizer(subject, of: row, before: index) == .swipe {
                return "; being on the cell, it was offered the touch before the table's swipe '\(subject.name)' and began first, which kept the swipe from beginning (R5, R6): no swipe actions showed (T6)"
            }
        }
        return ""
    }

    private func selectionLine(_ decision: TraceRecord.SelectionDecision, _ row: RowName, before index: Int, in group: Group) -> String {
        let noun = row.noun
        switch decision {
        case .highlighted(let finger, let held, let onLift):
            if onLift {
                return "highlighted for touch #\(finger) as the finger lifted: it lifted within the content delay, so the table got began and ended together (S1, T1)."
            }
            if held > 0.0005 {
                return "highlighted for touch #\(finger), \(String(format: "%.2f", held)) s after the finger went down: the highlight comes only when the touch reaches the table, which delaysContentTouches holds back while it waits to see whether the user scrolls (S1, T1). With delaysContentTouches off it comes at touch-down."
            }
            return "highlighted for touch #\(finger) at touch-down: delaysContentTouches is off (S1, T1)."
        case .notHighlighted(let finger, let reason):
            switch reason {
            case .delegateDeclined:
                return "not highlighted for touch #\(finger): the delegate's shouldHighlight answered false, which also bypasses the selection (T2)."
            case .selectionDisabled:
                return "not highlighted for touch #\(finger): allowsSelection is false, so nothing is highlighted or selected (T3)."
            case .editing:
                return "not highlighted for touch #\(finger): the table is editing (a swipe's actions show, or setEditing) and allowsSelectionDuringEditing is false (T3)."
            }
        case .unhighlighted(let reason):
            switch reason {
            case .lifted: return "unhighlighted: the finger lifted (T2)."
            case .movedOff: return "unhighlighted: the finger moved off the \(noun), so lifting it selects nothing."
            case .touchCancelled: return "unhighlighted: " + cancelledBy(before: index, in: group, row) + "."
            case .reloaded: return "unhighlighted: the data was reloaded under the finger, so the touch is forgotten and selects nothing (the delegate is not told)."
            case .endNotHeard: return "unhighlighted: the touch ended, but its end never came up the responder chain to the \(row.kind == .collection ? "collection view" : "table") (its view had moved to another superview, or a responder on the way did not pass it on), so it counts as cancelled."
            }
        case .notSelected(let reason):
            switch reason {
            case .touchCancelled: return "not selected: " + cancelledBy(before: index, in: group, row) + ", and a cancelled touch selects nothing; the previous selection stays (T3)."
            case .movedOff: return "not selected: the finger moved off the \(noun) before it lifted."
            case .notHighlighted: return "not selected: it was not highlighted (shouldHighlight answered false), which bypasses the selection (T2)."
            case .willSelectReturnedNil: return "not selected: the delegate's willSelectRowAt returned nil (T2)."
            case .shouldSelectDeclined: return "not selected: the delegate's shouldSelectItemAt answered false (T2)."
            case .endNotHeard: return "not selected: the touch ended, but its end never came up the responder chain to the \(row.kind == .collection ? "collection view" : "table") (its view had moved to another superview, or a responder on the way did not pass it on), so it counts as cancelled and selects nothing."
            }
        case .redirected(let other):
            return "the delegate's willSelectRowAt returned row \(other[1]) instead, so that row was selected (T2)."
        case .selected(let byCode):
            return byCode ? "selected by code (selectRow or selectItem): the delegate is not told (T4)."
                          : "selected when the finger lifted, after the highlight went (T2)."
        case .deselected(let cause):
            switch cause {
            case .anotherSelected: return "deselected: another \(noun) was selected and allowsMultipleSelection is false (T2)."
            case .tappedAgain: return "deselected: tapped again with allowsMultipleSelection (T3)."
            case .code: return "deselected by code: the delegate is not told (T4)."
            }
        case .deselectionRefused(let reason):
            switch reason {
            case .willDeselectReturnedNil: return "kept selected: the delegate's willDeselectRowAt returned nil."
            case .shouldDeselectDeclined: return "kept selected: the delegate's shouldDeselectItemAt answered false."
            }
        }
    }

    /// What cancelled the row's touch: the nearest recognizer that cancelled touches before `index`.
    private func cancelledBy(before index: Int, in group: Group, _ row: RowName) -> String {
        for earlier in records[group.range.lowerBound..<index].reversed() {
            if case .touchesCancelledByRecognizer(let recognizer, _) = earlier.kind { return "the touch was cancelled: " + takenBy(recognizer, row, before: index) }
        }
        return "the touch was cancelled (C2, R14)"
    }

    private func swipeLine(_ decision: TraceRecord.SwipeActionDecision, _ row: RowName) -> String {
        switch decision {
        case .began(let edge, let actions):
            return "a horizontal swipe began on it: its \(edge.rawValue) actions (\(actions.joined(separator: ", "))) show, and the table is editing (T6)."
        case .refused(.notHorizontal):
            return "a drag began on it mostly vertical: the swipe refused it, and the table scrolled (T6)."
        case .refused(.noActions(let edge)):
            return "a swipe began on it, but the delegate gives no \(edge.rawValue) actions, so nothing showed (T6)."
        case .refused(.editing):
            return "a swipe began on it while the table was editing: no actions show then (T6)."
        case .refused(.noRow):
            return "a swipe began outside the rows."
        case .opened(let width):
            return "its actions stayed open, \(number(width)) pt showing: the finger lifted with at least half their width showing (T6)."
        case .closed(let reason):
            return "its actions were hidden: " + TraceRecord.SwipeActionDecision.closed(reason).closeReasonText + " (T6)."
        case .performed(let action, let full):
            return full ? "'\(action)' was performed by a full swipe (performsFirstActionWithFullSwipe, T6)."
                        : "'\(action)' was tapped: its handler was called (T6)."
        case .completed(let action, let performed):
            return "'\(action)''s handler called its completion(\(performed)) (T6)."
        }
    }
}

private extension TraceRecord.SwipeActionDecision {
    /// The reason part of a decision that hid the actions.
    var closeReasonText: String {
        let text = description
        let prefix = "actions hidden: "
        guard text.hasPrefix(prefix) else { return text }
        return String(text.dropFirst(prefix.count)).replacingOccurrences(of: "; didEndEditingRowAt", with: "")
    }
}

private extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
