import Foundation

/// A scroll view that shows items where its layout puts them, one cell per visible item, and turns
/// touches on items into highlight and selection (section T of the spec). Nothing is drawn.
///
/// - Items: the ``dataSource`` gives the counts and the cells; the ``collectionViewLayout`` (usually a
///   ``UICollectionViewFlowLayout``) gives their frames. Only the items in view have cells, taken back
///   and handed out again as the content scrolls.
/// - Touches (T1–T3): a touch reaches an item's cell after the content-touch delay; the cell passes it up
///   the responder chain to the collection view, which highlights the item then and selects it when the
///   finger lifts, in the order Apple documents. A touch that becomes a scroll selects nothing.
///   Changing the selection by code tells the delegate nothing (T4).
/// - Controls in cells keep their touches. Unlike a table view, a collection view keeps the scroll
///   view's ``UIScrollView/touchesShouldCancel(in:)``: a drag that starts on a control does not scroll
///   (observed in UIKit, where overriding it is the usual fix).
///
/// Like a table, it lays out when ``UIView/layoutIfNeeded()`` is called, when the loop's turn ends and
/// before a new touch is hit-tested once it needs layout, and as soon as its content offset or size
/// changes.
///
/// See <doc:TablesAndCollections>.
@MainActor
open class UICollectionView: UIScrollView {
    /// Traces name this class and its subclasses "UICollectionView".
    override var traceClassName: String { "UICollectionView" }

    /// Where an item comes to rest when the collection view scrolls to it; combine one vertical and one
    /// horizontal position. Empty: no scrolling.
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The item's top at the top of the bounds.
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// The item in the vertical middle of the bounds.
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// The item's bottom at the bottom of the bounds.
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        /// The item's left edge at the left of the bounds.
        public static let left = ScrollPosition(rawValue: 1 << 3)
        /// The item in the horizontal middle of the bounds.
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        /// The item's right edge at the right of the bounds.
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    // MARK: Creating

    /// Creates a collection view whose items `layout` places.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        storedLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
        layout.isPrepared = false
    }

    /// Fails, as ``UIView/init(coder:)`` does: ResponderKit reads no archives.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Data and layout

    /// Gives the items and their cells. Held weakly. Setting it reloads the data.
    open weak var dataSource: UICollectionViewDataSource? {
        didSet { setNeedsReload() }
    }

    /// The layout that places the items. Setting it lays the items out anew.
    open var collectionViewLayout: UICollectionViewLayout {
        get { storedLayout }
        set {
            guard newValue !== storedLayout else { return }
            if storedLayout.collectionView === self { storedLayout.collectionView = nil }
            storedLayout = newValue
            newValue.collectionView = self
            newValue.isPrepared = false
            layoutDidInvalidate()
        }
    }

    /// Reloads everything: the counts, the layout and the cells of the items in view (asked for again on
    /// the next layout). The selection is cleared.
    open func reloadData() {
        selectedItems.removeAll()
        forgetFollowedTouch()
        setNeedsReload()
        loadItemsIfNeeded()
    }

    // MARK: Selection

    /// Whether a tap selects an item (and a touch highlights it). True by default (T3).
    open var allowsSelection = true
    /// Whether several items may be selected: a tap on a selected item then deselects it. False by default.
    open var allowsMultipleSelection = false

    // MARK: Scroll view

    /// The bounds; a change of the content offset or size lays the items out at once (and asks the
    /// layout whether the change needs a new layout).
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let old = storedBounds
            if newValue.size != old.size, storedLayout.shouldInvalidateLayout(forBoundsChange: newValue) {
                storedLayout.isPrepared = false
                itemsNeedRelayout = true
            }
            super.bounds = newValue
            guard storedBounds != old else { return }
            // Laid out at once (not through the open setNeedsLayout: nothing waits for the next input).
            needsLayout = true
            markAncestorsForLayout()
            layOutSubtreeIfNeeded()
        }
    }

    /// Lays out the items: loads the data and prepares the layout if needed, takes back the cells of
    /// items that left the bounds and asks the data source for the cells of items that came in. A
    /// subclass that overrides it calls super.
    open override func layoutSubviews() {
        super.layoutSubviews()
        loadItemsIfNeeded()
        prepareLayoutIfNeeded()
        tileItems()
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

    // MARK: Touches (see UICollectionView+Selection.swift)

    /// A touch on an item highlights it (T1). The collection view handles the touches its cells pass up
    /// and sends none further.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        itemTouchBegan(touches)
    }

    /// A touch that leaves its item removes the highlight and will select nothing (chosen).
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        followedTouchMoved(touches)
    }

    /// The finger lifted on a highlighted item: it is selected (T2).
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        followedTouchEnded(touches)
    }

    /// The touch was cancelled (a scroll, a recognizer): the highlight goes, nothing is selected (T3).
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        followedTouchCancelled(touches)
    }

    // MARK: State

    var storedLayout: UICollectionViewLayout
    /// The number of items of each section, once loaded.
    var itemCounts: [Int] = []
    /// Whether `itemCounts` reflects the data source.
    var itemsAreLoaded = false
    /// Whether cells are being taken back and made (the data source is being asked).
    var isTiling = false
    /// Whether the cells in view must take their frames again (the layout changed).
    var itemsNeedRelayout = false
    /// The cells kept for reuse, and how to make new ones.
    var reusePool = CellReusePool<UICollectionViewCell>()
    /// The items in view with their cells, in item order.
    var visibleItems: [VisibleCell] = []
    /// The items the layout places in the bounds, refilled on every layout (it keeps its storage).
    var itemBuffer: [VisibleItem] = []
    /// The selected items.
    var selectedItems = Set<IndexPath>()
    /// The touch on an item, from the moment the collection view hears of it to its end.
    var followedTouch: ItemTouch?

    /// An item in view and its cell.
    struct VisibleCell {
        var section: Int
        var item: Int
        var zIndex: Int
        let cell: UICollectionViewCell
        var indexPath: IndexPath { IndexPath(item: item, section: section) }
    }

    /// The delegate, as a collection view's.
    var collectionDelegate: UICollectionViewDelegate? { delegate as? UICollectionViewDelegate }
}
