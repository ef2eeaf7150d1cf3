import Foundation

/// The row whose swipe actions are dragged or show (T6): its side, its actions, and how far its cell
/// moved aside.
struct SwipeActionsSession {
    var section: Int
    var row: Int
    let edge: TraceRecord.SwipeActionDecision.Edge
    let configuration: UISwipeActionsConfiguration
    let pullView: UISwipeActionPullView
    /// Tells completions of an earlier session from this one's.
    let serial: Int
    /// How far the cell moved: negative for trailing actions (it moves left), positive for leading.
    var offset: CGFloat = 0
    /// The offset when the current drag began.
    var dragStartOffset: CGFloat = 0
    /// The action whose handler runs, until it calls its completion.
    var runningAction: Int?

    var indexPath: IndexPath { IndexPath(row: row, section: section) }
    /// The side's sign: the cell moves this way.
    var direction: CGFloat { edge == .trailing ? -1 : 1 }
}

/// Where a touch lands while a row's actions show.
enum SwipeDismissalPlace {
    case onActions, onRow, elsewhere
}

/// Swipe actions (T6): a horizontal swipe on a row reveals the actions its delegate gives; the table is
/// editing while they show; a tap on one calls its handler, whose completion hides them; a touch
/// elsewhere, a scroll, `setEditing` or a reload hides them too.
///
/// Where UIKit is silent the thresholds table decides (``Thresholds/swipeActionOpenFraction``,
/// ``Thresholds/swipeActionFullSwipeFraction``, ``Thresholds/swipeActionButtonWidth``, read from the
/// table's swipe recognizer): the actions open when the finger lifts with half their width showing, a
/// full swipe covers 60 % of the row. Positions change at once: nothing is animated.
extension UITableView {

    // MARK: Whether a swipe begins

    /// The table's answer for its swipe recognizer: a mostly horizontal drag, on a row, toward a side the
    /// delegate gives actions for (or on the row whose actions show, to drag them).
    func swipeShouldBegin() -> Bool {
        // The fingers' travel from where they went down (the pan's translation leaves out its hysteresis,
        // and may still be zero as it begins).
        let start = swipeRecognizer.startLocation
        let location = swipeRecognizer.location(in: self)
        let travel = CGPoint(x: location.x - start.x, y: location.y - start.y)
        let row = indexPathForRow(at: start)
        guard abs(travel.x) > abs(travel.y) else {
            if let row { traceSwipe(row, .refused(.notHorizontal)) }
            return false
        }
        guard let row else { return false }
        if let swipe, swipe.indexPath == row { return true }
        if storedIsEditing {
            traceSwipe(row, .refused(.editing))
            return false
        }
        let edge: TraceRecord.SwipeActionDecision.Edge = travel.x < 0 ? .trailing : .leading
        let delegate = tableDelegate
        let configuration = edge == .trailing
            ? delegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: row)
            : delegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: row)
        guard let configuration, !configuration.actions.isEmpty else {
            traceSwipe(row, .refused(.noActions(edge)))
            return false
        }
        pendingSwipe = (row, edge, configuration)
        return true
    }

    // MARK: The swipe

    /// The swipe recognizer's action.
    func swipeRecognizerChanged(_ recognizer: UISwipeActionPanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            if swipe == nil {
                guard let (row, edge, configuration) = pendingSwipe else { return }
                beginSwipeSession(row, edge, configuration)
            }
            pendingSwipe = nil
            if var session = swipe {
                session.dragStartOffset = session.offset
                swipe = session
            }
            follow(recognizer)
        case .changed:
            follow(recognizer)
        case .ended:
            follow(recognizer)
            settleSwipe()
        case .cancelled:
            closeSwipeActions(because: .cancelled)
        default:
            break
        }
    }

    private func beginSwipeSession(_ row: IndexPath, _ edge: TraceRecord.SwipeActionDecision.Edge,
                                   _ configuration: UISwipeActionsConfiguration) {
        let pullView = UISwipeActionPullView(actions: configuration.actions, edge: edge, table: self)
        swipeSerial += 1
        swipe = SwipeActionsSession(section: row[0], row: row[1], edge: edge, configuration: configuration,
                                    pullView: pullView, serial: swipeSerial)
        addSubview(pullView)
        traceSwipe(row, .began(edge: edge, actions: configuration.actions.map { $0.title ?? "" }))
        tableDelegate?.tableView(self, willBeginEditingRowAt: row)
        storedIsEditing = true
        dismissalRecognizer.isEnabled = true
    }

    /// The row follows the finger, from where it was when the drag began, between shut and the row's
    /// full width on its side.
    private func follow(_ recognizer: UISwipeActionPanGestureRecognizer) {
        guard var session = swipe else { return }
        let width = rectForRow(at: session.indexPath).width
        let moved = session.dragStartOffset + recognizer.translation(in: self).x
        session.offset = session.edge == .trailing ? min(0, max(-width, moved)) : max(0, min(width, moved))
        swipe = session
        placeSwipedRow()
    }

    /// The finger lifted: a full swipe performs the first action, enough showing opens the actions,
    /// less hides them.
    private func settleSwipe() {
        guard var session = swipe else { return }
        let thresholds = swipeRecognizer.thresholds
        let rowWidth = rectForRow(at: session.indexPath).width
        let actionsWidth = thresholds.swipeActionButtonWidth * CGFloat(session.configuration.actions.count)
        let shown = abs(session.offset)
        if session.configuration.performsFirstActionWithFullSwipe, rowWidth > 0,
           shown >= rowWidth * thresholds.swipeActionFullSwipeFraction {
            session.offset = session.direction * rowWidth
            swipe = session
            placeSwipedRow()
            performSwipeAction(at: 0, fullSwipe: true)
            return
        }
        let needed = actionsWidth * thresholds.swipeActionOpenFraction
        guard shown >= needed, shown > 0 else {
            closeSwipeActions(because: session.dragStartOffset != 0 ? .swipedBack : .notFarEnough(shown: shown, needed: needed))
            return
        }
        session.offset = session.direction * min(actionsWidth, rowWidth)
        swipe = session
        placeSwipedRow()
        traceSwipe(session.indexPath, .opened(width: abs(session.offset)))
    }

    /// Puts the swiped row's cell (if in view) aside by the offset, and its actions in the space it left.
    func placeSwipedRow() {
        guard let session = swipe, let extent = geometry.rowExtent(section: session.section, row: session.row) else { return }
        for entry in visibleRows where entry.section == session.section && entry.row == session.row {
            entry.cell.frame = cellFrame(forRowAt: session.section, session.row, top: extent.top, height: extent.height)
        }
        session.pullView.place(in: rowRect(top: extent.top, height: extent.height), showing: abs(session.offset))
    }

    // MARK: Actions

    /// Calls the handler of the action at `index` with its button; its completion hides the actions.
    func performSwipeAction(at index: Int, fullSwipe: Bool) {
        guard var session = swipe, session.runningAction == nil, index < session.configuration.actions.count else { return }
        let action = session.configuration.actions[index]
        session.runningAction = index
        swipe = session
        traceSwipe(session.indexPath, .performed(action: action.title ?? "", fullSwipe: fullSwipe))
        let link = self.link
        let serial = session.serial
        action.handler(action, session.pullView.buttons[index]) { performed in
            link.object(as: UITableView.self)?.swipeActionCompleted(serial: serial, performed: performed)
        }
    }

    /// An action's completion: the actions hide (a second call, or one for actions already hidden, does
    /// nothing).
    private func swipeActionCompleted(serial: Int, performed: Bool) {
        guard let session = swipe, session.serial == serial, let index = session.runningAction else { return }
        let title = session.configuration.actions[index].title ?? ""
        traceSwipe(session.indexPath, .completed(action: title, performed: performed))
        closeSwipeActions(because: .actionCompleted)
    }

    // MARK: Hiding

    /// The dismissal recognizer's action: a touch elsewhere, or a tap on the row, hides the actions.
    func swipeDismissalRecognized(_ recognizer: UISwipeDismissalGestureRecognizer) {
        guard recognizer.state == .ended else { return }
        closeSwipeActions(because: recognizer.closeReason)
    }

    /// Where a touch lands while a row's actions show.
    func swipeDismissalPlace(of touches: Set<UITouch>) -> SwipeDismissalPlace {
        guard let session = swipe, let touch = ItemTouch.first(of: touches) else { return .elsewhere }
        if let view = touch.view, view.isDescendant(of: session.pullView) { return .onActions }
        guard let extent = geometry.rowExtent(section: session.section, row: session.row) else { return .elsewhere }
        return rowRect(top: extent.top, height: extent.height).contains(touch.location(in: self)) ? .onRow : .elsewhere
    }

    /// Hides the actions showing (if any): the cell comes back, the table stops editing, and the delegate
    /// hears `didEndEditingRowAt`.
    func closeSwipeActions(because reason: TraceRecord.SwipeActionDecision.CloseReason) {
        guard var session = swipe else { return }
        session.offset = 0
        swipe = session
        placeSwipedRow()
        swipe = nil
        pendingSwipe = nil
        session.pullView.removeFromSuperview()
        dismissalRecognizer.isEnabled = false
        storedIsEditing = false
        traceSwipe(session.indexPath, .closed(reason))
        tableDelegate?.tableView(self, didEndEditingRowAt: session.indexPath)
    }

    func traceSwipe(_ row: IndexPath, _ decision: TraceRecord.SwipeActionDecision) {
        guard let application = window?.application ?? lastApplication, application.tracer != nil else { return }
        application.report(.swipeActions(table: traceSubject, row: row, decision: decision))
    }
}
