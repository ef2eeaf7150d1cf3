import Foundation

/// The actions a swipe reveals on one side of a table row (T6).
///
/// The first action is the one at the row's outer edge, and the one a full swipe performs when
/// ``performsFirstActionWithFullSwipe`` is on.
@MainActor
open class UISwipeActionsConfiguration {
    /// The actions, from the row's outer edge inward.
    public let actions: [UIContextualAction]
    /// Whether swiping the row most of the way across (past
    /// ``Thresholds/swipeActionFullSwipeFraction`` of its width) performs the first action. True by
    /// default, as documented.
    open var performsFirstActionWithFullSwipe = true

    /// Creates a configuration of `actions`, the first at the outer edge.
    public init(actions: [UIContextualAction]) {
        self.actions = actions
    }
}
