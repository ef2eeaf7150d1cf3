import Foundation

/// An action a swipe reveals on a table row: a button that calls ``handler`` when tapped (T6).
///
/// The handler gets the action, the view that shows it (its button) and a completion to call when the
/// work is done: true if the action was performed. Calling it hides the row's actions and ends the
/// table's editing; until it is called they stay shown. Nothing is drawn: the button has the action's
/// ``title`` as its accessibility identifier, so traces name it.
@MainActor
open class UIContextualAction {
    /// How the action looks; a destructive action is expected to remove its row.
    public enum Style: Int, Sendable {
        /// An ordinary action.
        case normal
        /// An action that removes the row (UIKit draws it red).
        case destructive
    }

    /// Called with true when the action was performed, false when it was not.
    public typealias CompletionHandler = (Bool) -> Void
    /// The action's work: the action, the view that shows it, and the completion to call.
    public typealias Handler = (UIContextualAction, UIView, @escaping CompletionHandler) -> Void

    /// The action's style.
    public let style: Style
    /// The action's title.
    open var title: String?
    /// The work to do when the action is tapped (or performed by a full swipe).
    public let handler: Handler

    /// Creates an action.
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
    }
}
