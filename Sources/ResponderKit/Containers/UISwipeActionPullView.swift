import Foundation

/// The view beside a swiped row that holds its actions' buttons (UIKit has a private view of this name),
/// in the table, over the part of the row the cell moved away from.
///
/// One button per action, the first at the row's outer edge. While the row is dragged the buttons share
/// the width showing; open, each is ``Thresholds/swipeActionButtonWidth`` wide. A tap on a button calls
/// its action's handler (T6).
@MainActor
final class UISwipeActionPullView: UIView {
    @Linked var table: UITableView?
    let actions: [UIContextualAction]
    let edge: TraceRecord.SwipeActionDecision.Edge
    private(set) var buttons: [UIButton] = []

    init(actions: [UIContextualAction], edge: TraceRecord.SwipeActionDecision.Edge, table: UITableView) {
        self.actions = actions
        self.edge = edge
        self.table = table
        super.init(frame: .zero)
        accessibilityIdentifier = "swipe actions"
        for (index, action) in actions.enumerated() {
            let button = UIButton(frame: .zero)
            button.accessibilityIdentifier = action.title ?? "action \(index)"
            button.setTitle(action.title, for: .normal)
            // The view owns the button, which owns the action: an unowned capture cannot outlive the view.
            button.addAction(UIAction(title: action.title ?? "") { [unowned self] _ in self.buttonTapped(index) }, for: .touchUpInside)
            buttons.append(button)
            addSubview(button)
        }
    }

    required init?(coder: NSCoder) { nil }

    /// Places the view over `rowRect`'s `width` points on its edge's side, the buttons side by side.
    func place(in rowRect: CGRect, showing width: CGFloat) {
        let x = edge == .trailing ? rowRect.maxX - width : rowRect.minX
        frame = CGRect(x: x, y: rowRect.minY, width: width, height: rowRect.height)
        let count = CGFloat(max(1, buttons.count))
        let each = width / count
        for (index, button) in buttons.enumerated() {
            // The first action at the outer edge: the right end for trailing actions, the left for leading.
            let slot = edge == .trailing ? count - 1 - CGFloat(index) : CGFloat(index)
            button.frame = CGRect(x: slot * each, y: 0, width: each, height: rowRect.height)
        }
    }

    private func buttonTapped(_ index: Int) {
        table?.performSwipeAction(at: index, fullSwipe: false)
    }
}
