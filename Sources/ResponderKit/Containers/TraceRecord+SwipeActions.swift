import Foundation

extension TraceRecord {
    /// What a table view decided about a row's swipe actions, and why (T6).
    public enum SwipeActionDecision: Sendable, Equatable, CustomStringConvertible {
        /// The side of a row whose actions show.
        public enum Edge: String, Sendable, Equatable {
            /// The left side, revealed by a rightward swipe.
            case leading
            /// The right side, revealed by a leftward swipe.
            case trailing
        }

        /// Why a drag on a row did not become a swipe.
        public enum Refusal: Sendable, Equatable {
            /// The drag began mostly vertical: it is the table's to scroll.
            case notHorizontal
            /// The delegate gave no actions for that side.
            case noActions(Edge)
            /// The table is editing (not for a swipe).
            case editing
            /// The drag began outside any row.
            case noRow
        }

        /// Why a row's actions were hidden.
        public enum CloseReason: Sendable, Equatable {
            /// Lifted with `shown` points of actions showing, fewer than the `needed` to open them.
            case notFarEnough(shown: CGFloat, needed: CGFloat)
            /// Swiped back shut.
            case swipedBack
            /// A touch landed elsewhere in the table (T6).
            case touchElsewhere
            /// A tap on the row itself.
            case tapOnRow
            /// The table scrolled.
            case scrolled
            /// An action's handler called its completion.
            case actionCompleted
            /// `setEditing(_:animated:)` was called.
            case editingChanged
            /// The data was reloaded.
            case reloaded
            /// The swipe was cancelled.
            case cancelled
        }

        /// A swipe began on the row: the actions of `edge` start to show, the delegate's
        /// `willBeginEditingRowAt` is called and the table is editing.
        case began(edge: Edge, actions: [String])
        /// A drag on the row did not become a swipe.
        case refused(Refusal)
        /// The finger lifted far enough: the actions stay open, `width` points of them showing.
        case opened(width: CGFloat)
        /// The actions were hidden; `didEndEditingRowAt` is called and the table no longer edits.
        case closed(CloseReason)
        /// An action's handler was called: by a tap on it, or by a full swipe.
        case performed(action: String, fullSwipe: Bool)
        /// An action's handler called its completion.
        case completed(action: String, performed: Bool)

        /// The decision as the trace prints it.
        public var description: String {
            switch self {
            case .began(let edge, let actions):
                return "swipe began: its \(edge.rawValue) actions (\(actions.joined(separator: ", "))) show; willBeginEditingRowAt, the table is editing"
            case .refused(.notHorizontal): return "no swipe: the drag began mostly vertical (the table's to scroll)"
            case .refused(.noActions(let edge)): return "no swipe: the delegate gives no \(edge.rawValue) actions"
            case .refused(.editing): return "no swipe: the table is editing"
            case .refused(.noRow): return "no swipe: the drag began outside the rows"
            case .opened(let width): return "actions open, \(TraceRecord.number(width)) pt showing"
            case .closed(let reason):
                let why: String
                switch reason {
                case .notFarEnough(let shown, let needed):
                    why = "lifted with \(TraceRecord.number(shown)) pt showing, \(TraceRecord.number(needed)) pt needed to open"
                case .swipedBack: why = "swiped back shut"
                case .touchElsewhere: why = "a touch landed elsewhere"
                case .tapOnRow: why = "a tap on the row"
                case .scrolled: why = "the table scrolled"
                case .actionCompleted: why = "the action's handler completed"
                case .editingChanged: why = "setEditing was called"
                case .reloaded: why = "the data was reloaded"
                case .cancelled: why = "the swipe was cancelled"
                }
                return "actions hidden: \(why); didEndEditingRowAt"
            case .performed(let action, let full):
                return full ? "'\(action)' performed by a full swipe: its handler is called" : "'\(action)' tapped: its handler is called"
            case .completed(let action, let performed): return "'\(action)' completed(\(performed))"
            }
        }
    }
}
