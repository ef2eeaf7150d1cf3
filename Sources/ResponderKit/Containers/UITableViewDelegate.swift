import Foundation

/// Hears a table view's highlight, selection, swipe-action and display events, and gives its row heights.
///
/// It refines ``UIScrollViewDelegate``: a table view's ``UIScrollView/delegate`` is set to an object
/// that adopts this protocol, and the table finds these methods by a cast (Swift has no optional
/// protocol methods: every method is a requirement with a default that does what UIKit does when the
/// method is missing). A method whose signature is slightly off silently falls back to the default.
///
/// The calls come in UIKit's order (T1, T2): on a touch that stays on a row, `shouldHighlightRowAt`,
/// `didHighlightRowAt` (after the content-touch delay); when the finger lifts, `didUnhighlightRowAt`,
/// `willSelectRowAt`, then for a row deselected in favour of it `willDeselectRowAt` and
/// `didDeselectRowAt`, then `didSelectRowAt`. Selection changed by code calls none of them (T4).
@MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    // MARK: Heights

    /// The height of the row at `indexPath`. The default returns the table's ``UITableView/rowHeight``.
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// The height of a section's header. The default returns ``UITableView/sectionHeaderHeight``.
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    /// The height of a section's footer. The default returns ``UITableView/sectionFooterHeight``.
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat

    // MARK: Highlight

    /// Whether the touched row highlights. True by default. False also keeps the touch from selecting
    /// the row (observed: the table starts a selection only from a highlighted row).
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    /// The touched row was highlighted.
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath)
    /// The row's highlight was removed: the finger lifted, moved off the row, or the touch was cancelled.
    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath)

    // MARK: Selection

    /// The user is about to select the row. Return it, another row to select instead, or nil to select
    /// nothing. The default returns `indexPath`.
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// The user selected the row; the table's selection already includes it.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    /// The user's action is about to deselect the row. Return it, another row, or nil to keep it
    /// selected. The default returns `indexPath`.
    func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
    /// The user's action deselected the row.
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)

    // MARK: Swipe actions

    /// The actions a rightward swipe reveals on the row's leading side (layouts here are left to right).
    /// Nil (the default): none.
    func tableView(_ tableView: UITableView,
                   leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
    /// The actions a leftward swipe reveals on the row's trailing side. Nil (the default): none.
    func tableView(_ tableView: UITableView,
                   trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
    /// A swipe began to show the row's actions; the table is now editing (T6).
    func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath)
    /// The row's swipe actions were hidden; the table no longer edits (T6).
    func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?)

    // MARK: Display

    /// A cell is about to show the row at `indexPath`.
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// A cell stopped showing the row at `indexPath` (it scrolled away, or the data was reloaded).
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { tableView.sectionHeaderHeight }
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { tableView.sectionFooterHeight }
    public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView,
                          leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    public func tableView(_ tableView: UITableView,
                          trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    public func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {}
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
}
