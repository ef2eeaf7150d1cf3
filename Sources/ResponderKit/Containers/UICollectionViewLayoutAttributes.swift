import Foundation

/// Where a collection view's layout puts one cell, and how: its frame, its stacking, and whether it shows.
///
/// The collection view applies them to the item's cell, so they decide hit-testing: a hidden cell, or one
/// at alpha 0.01 or below, takes no touches (A1), and of two overlapping cells the higher ``zIndex``
/// is tested first.
@MainActor
open class UICollectionViewLayoutAttributes {
    /// The item these attributes are for.
    public let indexPath: IndexPath
    /// The cell's frame, in the collection view's content coordinates.
    open var frame: CGRect = .zero
    /// The frame's center. Setting it moves the frame.
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    /// The frame's size. Setting it keeps the center.
    open var size: CGSize {
        get { frame.size }
        set {
            let center = self.center
            frame = CGRect(x: center.x - newValue.width / 2, y: center.y - newValue.height / 2,
                           width: newValue.width, height: newValue.height)
        }
    }
    /// The cell's alpha.
    open var alpha: CGFloat = 1
    /// Whether the cell is hidden.
    open var isHidden = false
    /// The cell's stacking order: higher is in front. 0 by default.
    open var zIndex = 0

    /// Attributes for the cell of the item at `indexPath`.
    public init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
    }
}
