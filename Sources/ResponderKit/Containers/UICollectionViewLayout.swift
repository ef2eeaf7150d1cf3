import Foundation

/// Decides where a collection view's cells go. Subclass it for a layout of your own, or use
/// ``UICollectionViewFlowLayout``.
///
/// The collection view calls ``prepare()`` when the layout is first needed and after
/// ``invalidateLayout()``, reads ``collectionViewContentSize`` for its content size, and asks
/// ``layoutAttributesForElements(in:)`` which cells meet its bounds as it scrolls.
@MainActor
open class UICollectionViewLayout {
    /// Creates a layout.
    public init() {}

    /// The collection view using the layout. (Held through its link: a layout does not keep its
    /// collection view alive.)
    public internal(set) var collectionView: UICollectionView? {
        get { collectionViewLink?.object(as: UICollectionView.self) }
        set { collectionViewLink = newValue?.link }
    }
    private var collectionViewLink: WeakLink<UIResponder>?

    /// Whether `prepare()` ran since the layout was last invalidated.
    var isPrepared = false

    /// Computes the layout. The default does nothing; subclasses call super.
    open func prepare() {}

    /// Marks the layout as stale: the collection view prepares it again and lays its cells out anew.
    open func invalidateLayout() {
        isPrepared = false
        collectionView?.layoutDidInvalidate()
    }

    /// Whether a change of the collection view's bounds to `newBounds` needs a new layout. False by
    /// default.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// The size of all the content. The default is zero.
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every cell that meets `rect`. The default returns nil (no cells).
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of the item at `indexPath`. The default returns nil.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    // MARK: Machinery

    /// Prepares the layout if it is stale.
    func prepareIfNeeded() {
        guard !isPrepared else { return }
        isPrepared = true
        prepare()
    }

    /// The items whose cells meet `rect`, in order, with their frames: written into `items`, which keeps
    /// its storage. By default from ``layoutAttributesForElements(in:)``; the flow layout answers without
    /// making attributes objects, so that a scroll frame allocates nothing.
    func visibleItems(in rect: CGRect, into items: inout [VisibleItem]) {
        items.removeAll(keepingCapacity: true)
        for attributes in layoutAttributesForElements(in: rect) ?? [] where attributes.indexPath.count == 2 {
            items.append(VisibleItem(section: attributes.indexPath[0], item: attributes.indexPath[1], frame: attributes.frame,
                                     alpha: attributes.alpha, isHidden: attributes.isHidden, zIndex: attributes.zIndex))
        }
        items.sort { ($0.section, $0.item) < ($1.section, $1.item) }
    }

    /// The item whose cell contains `point`: by default the frontmost of the attributes that meet it.
    func item(at point: CGPoint) -> IndexPath? {
        let probe = CGRect(x: point.x, y: point.y, width: 1, height: 1)
        var best: UICollectionViewLayoutAttributes?
        for attributes in layoutAttributesForElements(in: probe) ?? [] where attributes.frame.contains(point) && !attributes.isHidden {
            if best == nil || attributes.zIndex >= best!.zIndex { best = attributes }
        }
        return best?.indexPath
    }
}

/// An item a layout places, as the collection view tiles it.
struct VisibleItem {
    var section: Int
    var item: Int
    var frame: CGRect
    var alpha: CGFloat = 1
    var isHidden = false
    var zIndex = 0
}
