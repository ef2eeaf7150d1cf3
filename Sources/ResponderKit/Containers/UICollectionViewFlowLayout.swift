import Foundation

/// Lays items out in lines, as UIKit's flow layout does: item after item along the line until the next
/// would not fit, then a new line; vertically scrolling lines run left to right, horizontally
/// scrolling ones top to bottom.
///
/// Sizes and spacings are the properties below, or per item and per section the answers of a delegate
/// adopting ``UICollectionViewDelegateFlowLayout``. Within a line the items are spread so that the line
/// fills the width (the spacing is at least ``minimumInteritemSpacing``), a line of a single item is
/// centered, and items are centered across the line (observed in UIKit: its lines are justified, which
/// is why left-aligned layouts are a common request). Lines are ``minimumLineSpacing`` apart. Each section
/// has its header space, its inset and its footer space.
///
/// Finding the items of a rectangle or the item under a point is a binary search over the lines.
@MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {

    /// The direction the content scrolls in.
    public enum ScrollDirection: Int, Sendable {
        /// Lines run left to right, one under the other.
        case vertical
        /// Lines run top to bottom, one beside the other.
        case horizontal
    }

    /// The size of every item, unless the delegate says otherwise. 50 × 50 by default, as documented.
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// The least space between lines. 10 pt by default, as documented.
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The least space between items of a line. 10 pt by default, as documented.
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The space around each section's items. None by default.
    open var sectionInset = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0) { didSet { invalidateLayout() } }
    /// The scroll direction. Vertical by default.
    open var scrollDirection = ScrollDirection.vertical { didSet { invalidateLayout() } }
    /// The space before each section's items (its height scrolling vertically, its width horizontally).
    /// None by default.
    open var headerReferenceSize = CGSize.zero { didSet { invalidateLayout() } }
    /// The space after each section's items. None by default.
    open var footerReferenceSize = CGSize.zero { didSet { invalidateLayout() } }

    /// Creates a layout with the documented defaults.
    public override init() {
        super.init()
    }

    // MARK: Layout

    /// One line of items.
    private struct Line {
        /// The line's extent along the scroll direction.
        var start: CGFloat
        var end: CGFloat
        /// Its first item, and the item after its last.
        var firstItem: Int
        var endItem: Int
    }

    private struct Section {
        var frames: [CGRect] = []
        var lines: [Line] = []
    }

    private var sections: [Section] = []
    private var contentSize = CGSize.zero

    open override func prepare() {
        super.prepare()
        sections = []
        contentSize = .zero
        guard let collectionView else { return }
        let vertical = scrollDirection == .vertical
        let bounds = collectionView.bounds.size
        let inset = collectionView.contentInset
        // The extent across the lines: the width for vertical scrolling, the height for horizontal.
        let across = vertical ? bounds.width - inset.left - inset.right : bounds.height - inset.top - inset.bottom
        let delegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
        var position: CGFloat = 0
        let sectionCount = collectionView.numberOfSections
        sections.reserveCapacity(sectionCount)
        for section in 0..<sectionCount {
            let count = collectionView.numberOfItems(inSection: section)
            let insets = delegate?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? sectionInset
            let lineSpacing = delegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing
            let itemSpacing = delegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section) ?? minimumInteritemSpacing
            let header = delegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section) ?? headerReferenceSize
            let footer = delegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section) ?? footerReferenceSize
            // In the line's own axes: `along` runs along the line, `lineward` along the scroll direction.
            let leadingInset = vertical ? insets.left : insets.top
            let trailingInset = vertical ? insets.right : insets.bottom
            let available = max(0, across - leadingInset - trailingInset)
            position += (vertical ? header.height : header.width) + (vertical ? insets.top : insets.left)
            var result = Section()
            result.frames.reserveCapacity(count)
            var sizes: [CGSize] = []
            sizes.reserveCapacity(count)
            for item in 0..<count {
                let size = delegate?.collectionView(collectionView, layout: self, sizeForItemAt: IndexPath(item: item, section: section)) ?? itemSize
                sizes.append(CGSize(width: Self.clean(size.width), height: Self.clean(size.height)))
            }
            var item = 0
            var firstLine = true
            while item < count {
                // Fill a line: at least one item, then as many as fit with the least spacing.
                var end = item + 1
                var used = vertical ? sizes[item].width : sizes[item].height
                while end < count {
                    let next = vertical ? sizes[end].width : sizes[end].height
                    guard used + itemSpacing + next <= available + 0.0001 else { break }
                    used += itemSpacing + next
                    end += 1
                }
                if !firstLine { position += lineSpacing }
                firstLine = false
                var thickness: CGFloat = 0
                for index in item..<end { thickness = max(thickness, vertical ? sizes[index].height : sizes[index].width) }
                let n = end - item
                let spacing = n > 1 ? itemSpacing + max(0, available - used) / CGFloat(n - 1) : 0
                var along = leadingInset + (n == 1 ? max(0, available - used) / 2 : 0)
                for index in item..<end {
                    let size = sizes[index]
                    let length = vertical ? size.width : size.height
                    let depth = vertical ? size.height : size.width
                    let lineward = position + (thickness - depth) / 2
                    result.frames.append(vertical
                        ? CGRect(x: along, y: lineward, width: size.width, height: size.height)
                        : CGRect(x: lineward, y: along, width: size.width, height: size.height))
                    along += length + spacing
                }
                result.lines.append(Line(start: position, end: position + thickness, firstItem: item, endItem: end))
                position += thickness
                item = end
            }
            position += (vertical ? insets.bottom : insets.right) + (vertical ? footer.height : footer.width)
            sections.append(result)
        }
        contentSize = vertical ? CGSize(width: max(0, across), height: position) : CGSize(width: position, height: max(0, across))
    }

    private static func clean(_ value: CGFloat) -> CGFloat { value.isFinite ? max(0, value) : 0 }

    /// A new layout when the size across the lines changes (the lines break elsewhere).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        let old = collectionView.bounds.size
        return scrollDirection == .vertical ? newBounds.width != old.width : newBounds.height != old.height
    }

    open override var collectionViewContentSize: CGSize { contentSize }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var result: [UICollectionViewLayoutAttributes] = []
        forEachItem(in: rect) { section, item, frame in
            let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
            attributes.frame = frame
            result.append(attributes)
        }
        return result
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath[0] >= 0, indexPath[0] < sections.count,
              indexPath[1] >= 0, indexPath[1] < sections[indexPath[0]].frames.count else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = sections[indexPath[0]].frames[indexPath[1]]
        return attributes
    }

    // MARK: Searching

    override func visibleItems(in rect: CGRect, into items: inout [VisibleItem]) {
        items.removeAll(keepingCapacity: true)
        forEachItem(in: rect) { section, item, frame in
            items.append(VisibleItem(section: section, item: item, frame: frame))
        }
    }

    override func item(at point: CGPoint) -> IndexPath? {
        var found: IndexPath?
        forEachItem(in: CGRect(x: point.x, y: point.y, width: 0, height: 0)) { section, item, frame in
            if found == nil, frame.contains(point) { found = IndexPath(item: item, section: section) }
        }
        return found
    }

    /// Calls `body` for each item whose frame meets `rect` (a zero-size rect meets the frames that contain
    /// its origin), in order: lines found by binary search.
    private func forEachItem(in rect: CGRect, _ body: (Int, Int, CGRect) -> Void) {
        let vertical = scrollDirection == .vertical
        let low = vertical ? rect.minY : rect.minX
        let high = vertical ? rect.maxY : rect.maxX
        for (sectionIndex, section) in sections.enumerated() {
            guard let last = section.lines.last, let first = section.lines.first,
                  last.end >= low, first.start <= high else { continue }
            // The first line that ends at or after `low`.
            var lower = 0, upper = section.lines.count - 1
            while lower < upper {
                let middle = (lower + upper) / 2
                if section.lines[middle].end < low { lower = middle + 1 } else { upper = middle }
            }
            var lineIndex = lower
            while lineIndex < section.lines.count, section.lines[lineIndex].start <= high {
                let line = section.lines[lineIndex]
                for item in line.firstItem..<line.endItem {
                    let frame = section.frames[item]
                    if Self.meets(frame, rect) { body(sectionIndex, item, frame) }
                }
                lineIndex += 1
            }
        }
    }

    /// Whether `frame` meets `rect`: they overlap, or the zero-size `rect` lies inside `frame`.
    private static func meets(_ frame: CGRect, _ rect: CGRect) -> Bool {
        if rect.width == 0 && rect.height == 0 { return frame.contains(rect.origin) }
        return frame.intersects(rect)
    }
}
