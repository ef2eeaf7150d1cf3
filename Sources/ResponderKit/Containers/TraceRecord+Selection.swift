import Foundation

extension TraceRecord {
    /// What a table or collection view decided about the highlight or selection of one of its rows or
    /// items, and why (T1–T4).
    public enum SelectionDecision: Sendable, Equatable, CustomStringConvertible {
        /// Why a touched row was not highlighted.
        public enum HighlightRefusal: String, Sendable, Equatable, CaseIterable {
            /// `tableView(_:shouldHighlightRowAt:)` or `collectionView(_:shouldHighlightItemAt:)` returned
            /// false: no highlight, and no selection either (T2).
            case delegateDeclined = "the delegate's shouldHighlight answered false: no highlight, and no selection"
            /// `allowsSelection` is false (T3).
            case selectionDisabled = "allowsSelection is false: no highlight, no selection"
            /// The table is editing and `allowsSelectionDuringEditing` is false.
            case editing = "the table is editing and allowsSelectionDuringEditing is false"
        }

        /// Why a highlight went.
        public enum UnhighlightReason: String, Sendable, Equatable, CaseIterable {
            /// The finger lifted (T2).
            case lifted = "the finger lifted"
            /// The touch was cancelled: a scroll or a recognizer took it (T3).
            case touchCancelled = "the touch was cancelled (a scroll or a recognizer took it)"
            /// The finger moved off the row or item.
            case movedOff = "the finger moved off it"
            /// The data was reloaded, or the row or item went away, while the finger was on it: the touch
            /// is forgotten (the delegate is not told, as of the selection a reload clears; chosen).
            case reloaded = "the data was reloaded under the finger (the delegate is not told)"
            /// The touch ended without its end coming up the responder chain (its view left for another
            /// superview, or a responder on the way kept it): as if cancelled (chosen).
            case endNotHeard = "the touch ended, and its end never came up the responder chain (its view moved away, or a responder kept it)"
        }

        /// Why lifting the finger selected nothing.
        public enum SelectionRefusal: String, Sendable, Equatable, CaseIterable {
            /// The touch was cancelled before it lifted: a scroll or a recognizer took it (T3).
            case touchCancelled = "the touch was cancelled before the finger lifted (a scroll or a recognizer took it)"
            /// The finger moved off the row or item before lifting.
            case movedOff = "the finger moved off it before lifting"
            /// It was not highlighted: the delegate's shouldHighlight answered false (T2).
            case notHighlighted = "it was not highlighted (shouldHighlight answered false)"
            /// `tableView(_:willSelectRowAt:)` returned nil (T2).
            case willSelectReturnedNil = "the delegate's willSelectRowAt returned nil"
            /// `collectionView(_:shouldSelectItemAt:)` returned false (T2).
            case shouldSelectDeclined = "the delegate's shouldSelectItemAt answered false"
            /// The touch ended without its end coming up the responder chain (its view left for another
            /// superview, or a responder on the way kept it): as if cancelled (chosen).
            case endNotHeard = "the touch ended, and its end never came up the responder chain (its view moved away, or a responder kept it)"
        }

        /// Why a row or item was deselected.
        public enum DeselectionCause: String, Sendable, Equatable, CaseIterable {
            /// Another was selected and several may not be (T2).
            case anotherSelected = "another was selected and allowsMultipleSelection is false"
            /// It was tapped again while several may be selected (T3).
            case tappedAgain = "tapped again with allowsMultipleSelection"
            /// The app's code deselected it: no delegate message (T4).
            case code = "by code: the delegate is not told"
        }

        /// Why a deselection did not happen.
        public enum DeselectionRefusal: String, Sendable, Equatable, CaseIterable {
            /// `tableView(_:willDeselectRowAt:)` returned nil.
            case willDeselectReturnedNil = "the delegate's willDeselectRowAt returned nil"
            /// `collectionView(_:shouldDeselectItemAt:)` returned false.
            case shouldDeselectDeclined = "the delegate's shouldDeselectItemAt answered false"
        }

        /// Highlighted for touch `finger`, `heldFor` seconds after the finger went down: more than 0 when
        /// the scroll view held the touch back (`delaysContentTouches`, T1). `onLift`: the finger had
        /// already lifted, within the delay, and the container got the touch's began and end together.
        case highlighted(finger: Int, heldFor: TimeInterval, onLift: Bool)
        /// A touch reached the row or item, and it was not highlighted.
        case notHighlighted(finger: Int, reason: HighlightRefusal)
        /// The highlight went.
        case unhighlighted(reason: UnhighlightReason)
        /// The finger lifted and nothing was selected.
        case notSelected(reason: SelectionRefusal)
        /// `tableView(_:willSelectRowAt:)` returned another row: that one is selected instead.
        case redirected(to: IndexPath)
        /// Selected: by a tap (`byCode` false) or by the app's code, which tells the delegate nothing (T4).
        case selected(byCode: Bool)
        /// Deselected.
        case deselected(cause: DeselectionCause)
        /// The delegate kept it selected.
        case deselectionRefused(reason: DeselectionRefusal)

        /// The decision as the trace prints it, after the row or item it is about.
        public var description: String {
            switch self {
            case .highlighted(let finger, let held, let onLift):
                if onLift {
                    return "highlighted for touch #\(finger) as the finger lifted, \(TraceRecord.number(held)) s after touch-down: it lifted within the content delay, so began and ended came together (delaysContentTouches)"
                }
                guard held > 0.0005 else { return "highlighted for touch #\(finger), at touch-down" }
                return "highlighted for touch #\(finger), \(TraceRecord.number(held)) s after touch-down: the touch was held back until then (delaysContentTouches)"
            case .notHighlighted(let finger, let reason): return "not highlighted for touch #\(finger): \(reason.rawValue)"
            case .unhighlighted(let reason): return "unhighlighted: \(reason.rawValue)"
            case .notSelected(let reason): return "not selected: \(reason.rawValue)"
            case .redirected(let other): return "the delegate's willSelectRowAt chose \(TraceRecord.itemName(other, noun: "row")) instead"
            case .selected(let byCode): return byCode ? "selected by code: the delegate is not told" : "selected"
            case .deselected(let cause): return "deselected: \(cause.rawValue)"
            case .deselectionRefused(let reason): return "kept selected: \(reason.rawValue)"
            }
        }
    }

    /// "row 3", or "row 3 in section 1": how traces name a row or an item.
    static func itemName(_ indexPath: IndexPath, noun: String) -> String {
        guard indexPath.count == 2 else { return "\(noun) \(indexPath)" }
        return indexPath[0] == 0 ? "\(noun) \(indexPath[1])" : "\(noun) \(indexPath[1]) in section \(indexPath[0])"
    }

    /// What a container calls the things it shows, by its trace class: rows or items.
    static func itemNoun(of container: TraceSubject) -> String {
        container.className == "UICollectionView" ? "item" : "row"
    }
}
