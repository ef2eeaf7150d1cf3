import Foundation

/// A scroll view that shows rows in sections, one cell per visible row, and turns touches on rows into
/// highlight and selection (section T of the spec). Nothing is drawn: rows are geometry and behaviour.
///
/// - Rows: the ``dataSource`` gives the counts and the cells; the delegate (the scroll view's
///   ``UIScrollView/delegate``, adopting ``UITableViewDelegate``) gives the heights. Rows are laid out one
///   under the other; only the rows in view have cells, taken back and handed out again as the content
///   scrolls.
/// - Touches (T1–T3): a table is a scroll view, so a touch reaches a row's cell after the content-touch
///   delay; the cell passes it up the responder chain to the table, which highlights the row then, and
///   selects it when the finger lifts. A touch that becomes a scroll is cancelled: the highlight goes
///   and nothing is selected. Changing the selection by code tells the delegate nothing (T4).
/// - Controls in cells (T5): a control keeps its touches, so its tap neither highlights nor selects the
///   row; and ``touchesShouldCancel(in:)`` is true for controls here, so a drag that starts on one
///   scrolls the table.
/// - Swipe actions (T6): a horizontal swipe on a row reveals the actions its delegate gives, and the
///   table is editing while they show; a tap on one calls its handler; a touch elsewhere hides them.
///
/// UIKit lays out a table once per display frame. ResponderKit has no frames: a table lays out its rows
/// when ``UIView/layoutIfNeeded()`` is called, when the loop's turn ends and before a new touch is
/// hit-tested once it needs layout, and as soon as its content offset or size changes, so the cells
/// are always where the next touch looks for them.
///
/// See <doc:TablesAndCollections>.
@MainActor
open class UITableView: UIScrollView {
    /// Traces name this class and its subclasses "UITableView".
    override var traceClassName: String { "UITableView" }

    /// How sections look: in a plain table they touch; grouped tables separate them with header and
    /// footer space, and inset-grouped tables also inset the rows from the sides.
    public enum Style: Int, Sendable {
        /// Sections one under the other, headers and footers 0 pt high by default.
        case plain
        /// Sections separated by default headers and footers of 18 pt (chosen: UIKit's grouped gaps
        /// change with the system version and the presence of titles, which ResponderKit has none of).
        case grouped
        /// Grouped, with rows inset 20 pt from each side (chosen: UIKit insets them by the layout margins,
        /// 16 or 20 pt depending on the width).
        case insetGrouped
    }

    /// Where a row comes to rest when the table scrolls to it.
    public enum ScrollPosition: Int, Sendable {
        /// As little scrolling as shows the whole row (for `selectRow(at:animated:scrollPosition:)`:
        /// no scrolling at all, as documented).
        case none
        /// The row at the top of the bounds.
        case top
        /// The row in the middle of the bounds.
        case middle
        /// The row at the bottom of the bounds.
        case bottom
    }

    // MARK: Creating

    /// Creates a table of `style`.
    public init(frame: CGRect, style: Style) {
        self.style = style
        let grouped = style != .plain
        sectionHeaderHeight = grouped ? 18 : 0
        sectionFooterHeight = grouped ? 18 : 0
        super.init(frame: frame)
        // The table is the target of its swipe recognizers, called directly (an unbound method reference
        // would make a closure on every move of a swipe).
        swipeRecognizer.table = self
        swipeRecognizer.addAction(of: self) { table, recognizer in table.swipeRecognizerChanged(recognizer) }
        dismissalRecognizer.table = self
        dismissalRecognizer.addAction(of: self) { table, recognizer in table.swipeDismissalRecognized(recognizer) }
        addGestureRecognizer(swipeRecognizer)
        addGestureRecognizer(dismissalRecognizer)
    }

    /// Creates a plain table.
    public override convenience init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    /// Fails, as ``UIView/init(coder:)`` does: ResponderKit reads no archives.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The table's style, set when it was created.
    public let style: Style

    // MARK: Data

    /// Gives the rows and their cells. Held weakly. Setting it reloads the data.
    open weak var dataSource: UITableViewDataSource? {
        didSet { setNeedsReload() }
    }

    /// The height of each row, unless the delegate's `tableView(_:heightForRowAt:)` says otherwise.
    /// 44 pt by default (UIKit's documented default before self-sizing rows).
    open var rowHeight: CGFloat = 44 {
        didSet { if rowHeight != oldValue { setNeedsReload() } }
    }
    /// The height of each section's header, unless the delegate says otherwise.
    open var sectionHeaderHeight: CGFloat {
        didSet { if sectionHeaderHeight != oldValue { setNeedsReload() } }
    }
    /// The height of each section's footer, unless the delegate says otherwise.
    open var sectionFooterHeight: CGFloat {
        didSet { if sectionFooterHeight != oldValue { setNeedsReload() } }
    }

    /// A view above the first section, as wide as the table; its height is its own.
    open var tableHeaderView: UIView? {
        didSet { replaceAccessoryView(oldValue, with: tableHeaderView) }
    }
    /// A view below the last section, as wide as the table; its height is its own.
    open var tableFooterView: UIView? {
        didSet { replaceAccessoryView(oldValue, with: tableFooterView) }
    }

    /// Reloads everything: the counts, the heights, and the cells of the rows in view (the data source is
    /// asked for them again on the next layout). The selection is cleared, and swipe actions are hidden.
    open func reloadData() {
        closeSwipeActions(because: .reloaded)
        clearSelectionForReload()
        setNeedsReload()
        loadRowsIfNeeded()
    }

    // MARK: Selection

    /// Whether a tap selects a row (and a touch highlights it). True by default, as documented (T3).
    open var allowsSelection = true
    /// Whether several rows may be selected: a tap on a selected row then deselects it. False by default.
    open var allowsMultipleSelection = false
    /// Whether a tap selects a row while the table is editing. False by default.
    open var allowsSelectionDuringEditing = false
    /// Whether several rows may be selected while the table is editing. False by default.
    open var allowsMultipleSelectionDuringEditing = false

    // MARK: Editing

    /// Whether the table is editing: set by ``setEditing(_:animated:)``, and by a swipe that reveals a
    /// row's actions (T6). While editing, a tap selects a row only with ``allowsSelectionDuringEditing``.
    open var isEditing: Bool {
        get { storedIsEditing }
        set { setEditing(newValue, animated: false) }
    }

    /// Starts or ends editing. Swipe actions showing are hidden first.
    open func setEditing(_ editing: Bool, animated: Bool) {
        closeSwipeActions(because: .editingChanged)
        storedIsEditing = editing
    }

    // MARK: Scroll view

    /// True for every view, controls included: a drag that starts on a control in a cell scrolls the
    /// table and cancels the control's touch (T5), unlike in a plain scroll view.
    open override func touchesShouldCancel(in view: UIView) -> Bool {
        true
    }

    /// The bounds; a change of the content offset or of the size lays the rows out at once.
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let old = storedBounds
            super.bounds = newValue
            guard storedBounds != old else { return }
            // T6: scrolling hides a row's swipe actions.
            if swipe != nil, isDragging { closeSwipeActions(because: .scrolled) }
            // Laid out at once (not through the open setNeedsLayout: nothing waits for the next input).
            needsLayout = true
            markAncestorsForLayout()
            layOutSubtreeIfNeeded()
        }
    }

    /// Lays out the rows: loads the data if needed, takes back the cells of rows that left the bounds
    /// and asks the data source for the cells of rows that came in. A subclass that overrides it calls
    /// super.
    open override func layoutSubviews() {
        super.layoutSubviews()
        loadRowsIfNeeded()
        if storedBounds.width != laidOutWidth { relayOutForWidth() }
        tileRows()
    }

    /// Marks the view as needing layout, and asks its application to lay it out when the loop's turn ends
    /// and before a new touch is hit-tested, as UIKit's display frame would (see
    /// UIApplication+Layout.swift): a touch finds the cells where the rows are, and the data source is
    /// never asked in the middle of delivering an event.
    open override func setNeedsLayout() {
        super.setNeedsLayout()
        window?.application.scheduleLayout(self)
    }

    /// Coming into a window with layout pending, it is laid out when the loop's turn ends.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if needsLayout || subviewsNeedLayout { window?.application.scheduleLayout(self) }
    }

    /// Answers for the swipe-action recognizer (T6) and the scroll view's own recognizers.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer === swipeRecognizer { return swipeShouldBegin() }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    // MARK: Touches (see UITableView+Selection.swift)

    /// A touch on a row highlights it (T1). The table handles the touches its cells pass up and sends
    /// none further: a view controller behind a table does not hear them (observed in UIKit).
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        rowTouchBegan(touches)
    }

    /// A touch that leaves its row removes the highlight and will select nothing (chosen).
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        followedTouchMoved(touches)
    }

    /// The finger lifted on a highlighted row: it is selected (T2).
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        followedTouchEnded(touches)
    }

    /// The touch was cancelled (a scroll, a recognizer): the highlight goes, nothing is selected (T3).
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        followedTouchCancelled(touches)
    }

    // MARK: State

    /// Where the sections and rows lie, once loaded.
    var geometry = TableRowGeometry()
    /// Whether `geometry` reflects the data source and delegate.
    var rowsAreLoaded = false
    /// Whether cells are being taken back and made (the data source is being asked).
    var isTiling = false
    /// The width the rows were last laid out for.
    var laidOutWidth: CGFloat = -1
    /// The cells kept for reuse, and how to make new ones.
    var reusePool = CellReusePool<UITableViewCell>()
    /// The rows in view with their cells, in row order.
    var visibleRows: [VisibleRow] = []
    /// The selected rows.
    var selectedRows = Set<IndexPath>()
    /// The touch on a row, from the moment the table hears of it to its end.
    var followedTouch: ItemTouch?
    /// Whether the table is editing.
    var storedIsEditing = false
    /// The row whose swipe actions are being dragged or show, if any.
    var swipe: SwipeActionsSession?
    /// The row, side and actions the table agreed to swipe, until the swipe begins.
    var pendingSwipe: (IndexPath, TraceRecord.SwipeActionDecision.Edge, UISwipeActionsConfiguration)?
    /// Numbers the swipe sessions.
    var swipeSerial = 0
    /// Swipes on rows (T6).
    let swipeRecognizer = UISwipeActionPanGestureRecognizer()
    /// Hides showing swipe actions when a touch lands elsewhere (T6).
    let dismissalRecognizer = UISwipeDismissalGestureRecognizer()

    /// A row in view and its cell.
    struct VisibleRow {
        var section: Int
        var row: Int
        let cell: UITableViewCell
        var indexPath: IndexPath { IndexPath(row: row, section: section) }
    }

    /// The delegate, as a table's.
    var tableDelegate: UITableViewDelegate? { delegate as? UITableViewDelegate }
}
