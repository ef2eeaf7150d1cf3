import Foundation

/// A table view's swipe on rows (UIKit has a private recognizer of this name doing the same): a
/// one-finger pan on the table that begins only when its table agrees (T6).
///
/// It is an ordinary recognizer of the table, added after the table's own scroll pan and fed before it
/// (the scroll pan yields ties, R5). When a drag passes the pan hysteresis the table answers
/// ``UITableView/gestureRecognizerShouldBegin(_:)``: a mostly horizontal drag on a row whose delegate
/// gives actions for that side begins the swipe, which then prevents the scroll pan (R6) and cancels the
/// row's touch (D10); any other drag fails it, and the table scrolls. A recognizer of the app's on the
/// cell is fed first (R5): a pan there that begins first prevents the swipe, as in UIKit.
@MainActor
final class UISwipeActionPanGestureRecognizer: UIPanGestureRecognizer {
    @Linked var table: UITableView?
    /// Where the finger went down, in the table's coordinates.
    private(set) var startLocation = CGPoint.zero

    override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
        maximumNumberOfTouches = 1
        // Chosen: its touches' ends are not held back (the table's scroll pan already holds them while it
        // decides), so it adds no wait of its own to a tap.
        delaysTouchesEnded = false
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        // The first finger of the gesture: the touches are already among its live ones.
        if liveTouches.count == touches.count, let touch = touches.first, let table {
            startLocation = touch.location(in: table)
        }
        super.touchesBegan(touches, with: event)
    }
}
