import Foundation

/// Hides a row's swipe actions when a touch lands elsewhere (T6; UIKit has a private recognizer of this
/// name). Enabled only while a row's actions show.
///
/// - A touch on the actions is theirs: it fails at once.
/// - A touch on another row, or anywhere else in the table, recognizes at touch-down: the actions hide
///   and the touch, cancelled in its view, neither highlights nor selects (T6). It prevents nothing: the
///   same touch may still scroll the table or swipe another row.
/// - A touch on the row itself waits: a swipe that begins on it prevents this recognizer (the row is
///   dragged); a tap recognizes on lift and hides the actions.
@MainActor
final class UISwipeDismissalGestureRecognizer: UIGestureRecognizer {
    @Linked var table: UITableView?
    /// Why it recognized: a touch elsewhere, or a tap on the row.
    private(set) var closeReason: TraceRecord.SwipeActionDecision.CloseReason = .touchElsewhere

    override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
        delaysTouchesEnded = false
        isEnabled = false
    }

    override class var defaultAllowedPressTypes: [UIPress.PressType] { [] }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let table else { return }
        switch table.swipeDismissalPlace(of: touches) {
        case .onActions: setState(.failed, because: .touchOnSwipeActions)
        case .onRow: break
        case .elsewhere:
            closeReason = .touchElsewhere
            setState(.ended, because: .swipeActionsShowing)
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, liveTouches.isEmpty else { return }
        closeReason = .tapOnRow
        setState(.ended, because: .swipeActionsShowing)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { setState(.failed, because: .touchesCancelled) }
    }
}
