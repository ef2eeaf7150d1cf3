import Foundation
import ResponderKit

/// A `table` or `collection` view's rows or items, their geometry, the subviews of every cell, and the
/// answers its data source and delegate give. Rows and items are written as a number (in section 0) or
/// `[section, row]`.
struct ContainerSpec: Sendable {
    /// The number of rows (items) in each section.
    var sections: [Int] = [0]

    // Tables
    var style: UITableView.Style = .plain
    var rowHeight: CGFloat = 44
    /// Rows whose height is not `rowHeight`.
    var heights: [IndexPath: CGFloat] = [:]
    var sectionHeaderHeight: CGFloat?
    var sectionFooterHeight: CGFloat?
    /// The titles of the actions a leftward swipe reveals, the first at the row's outer edge.
    var trailingActions: [String] = []
    /// The titles of the actions a rightward swipe reveals.
    var leadingActions: [String] = []
    /// Whether a full swipe performs the first action (`performsFirstActionWithFullSwipe`).
    var fullSwipe = true
    /// Whether an action's handler calls its completion at once (true), hiding the actions; with false
    /// the actions stay until a touch elsewhere hides them.
    var actionsComplete = true
    /// `tableView(_:willSelectRowAt:)`: the row to select instead of each of these (nil: none).
    var willSelect: [IndexPath: IndexPath?] = [:]

    // Collections
    var itemSize = CGSize(width: 50, height: 50)
    var lineSpacing: CGFloat = 10
    var itemSpacing: CGFloat = 10
    var sectionInset = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    var horizontal = false
    /// Items whose `collectionView(_:shouldSelectItemAt:)` answers false.
    var noSelect: Set<IndexPath> = []

    // Both
    var allowsSelection = true
    var allowsMultipleSelection = false
    /// Rows selected by code before the script starts.
    var selected: [IndexPath] = []
    /// Rows whose `shouldHighlight` answers false.
    var noHighlight: Set<IndexPath> = []
    /// What every cell's content view holds: subviews and recognizers, named with the cell's row
    /// (`buy` in row 3 is `buy.3`; in section 1, `buy.1.3`).
    var cell: CellTemplate?

    /// The subviews and recognizers every cell of a container gets.
    struct CellTemplate: Sendable {
        var subviews: [ViewSpec]
        var recognizers: [RecognizerSpec]
    }

    /// The number of rows (items), all sections together.
    var rowCount: Int { sections.reduce(0, +) }

    /// The names of a table's own recognizers, after the scroll view's (see ``ScrollSpec/recognizerNames(of:zooms:)``).
    static func tableRecognizerNames(of view: String) -> [String] {
        ["\(view).swipe", "\(view).swipe-dismissal"]
    }

    /// The suffix a row's names take: `.3` in section 0, `.1.3` in section 1.
    static func suffix(of indexPath: IndexPath) -> String {
        indexPath[0] == 0 ? ".\(indexPath[1])" : ".\(indexPath[0]).\(indexPath[1])"
    }
}
