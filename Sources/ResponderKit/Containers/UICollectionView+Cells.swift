import Foundation

/// Items and cells: counts, the layout's frames, registration, reuse, and the tiling that gives each
/// item in view its cell.
extension UICollectionView {

    // MARK: Counts

    /// The number of sections.
    public var numberOfSections: Int {
        loadItemsIfNeeded()
        return itemCounts.count
    }

    /// The number of items in `section` (0 for a section that does not exist).
    public func numberOfItems(inSection section: Int) -> Int {
        loadItemsIfNeeded()
        guard section >= 0, section < itemCounts.count else { return 0 }
        return itemCounts[section]
    }

    // MARK: Geometry

    /// Where the layout puts the item at `indexPath`, or nil when there is no such item.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard contains(indexPath) else { return nil }
        prepareLayoutIfNeeded()
        return storedLayout.layoutAttributesForItem(at: indexPath)
    }

    /// The item whose cell is at `point` (in the collection view's coordinates), or nil: the space
    /// between items, outside the items.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        loadItemsIfNeeded()
        prepareLayoutIfNeeded()
        guard let found = storedLayout.item(at: point), contains(found) else { return nil }
        return found
    }

    /// Scrolls so that the item at `indexPath` comes to rest at `scrollPosition` (within the content's
    /// range); empty: no scrolling.
    public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard !scrollPosition.isEmpty, let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
        var offset = contentOffset
        if scrollPosition.contains(.top) { offset.y = frame.minY }
        if scrollPosition.contains(.centeredVertically) { offset.y = frame.midY - bounds.height / 2 }
        if scrollPosition.contains(.bottom) { offset.y = frame.maxY - bounds.height }
        if scrollPosition.contains(.left) { offset.x = frame.minX }
        if scrollPosition.contains(.centeredHorizontally) { offset.x = frame.midX - bounds.width / 2 }
        if scrollPosition.contains(.right) { offset.x = frame.maxX - bounds.width }
        setContentOffset(clampedOffset(offset), animated: animated)
    }

    // MARK: Registering and dequeuing

    /// Registers the class the collection view makes new cells of for `identifier` (nil unregisters
    /// it). It must be `UICollectionViewCell` or a subclass; cells are made with `init(frame:)`.
    public func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass else {
            reusePool.register(nil, for: identifier)
            return
        }
        guard let type = cellClass as? UICollectionViewCell.Type else {
            preconditionFailure("register(_:forCellWithReuseIdentifier:): \(cellClass) is not UICollectionViewCell or a subclass of it")
        }
        reusePool.register({ identifier in
            let cell = type.init(frame: .zero)
            cell.reuseIdentifier = identifier
            return cell
        }, for: identifier)
    }

    /// A cell for the item at `indexPath`, reused (after its `prepareForReuse()`) or new, sized to the
    /// item. A class must be registered for `identifier` (as in UIKit, it is a programming error
    /// otherwise, and traps).
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        let cell: UICollectionViewCell
        if let queued = reusePool.takeQueued(identifier) {
            queued.prepareForReuse()
            cell = queued
        } else if let made = reusePool.make(identifier) {
            cell = made
        } else {
            preconditionFailure("dequeueReusableCell(withReuseIdentifier:for:): no cell class is registered for '\(identifier)'; call register(_:forCellWithReuseIdentifier:) first")
        }
        if let frame = layoutAttributesForItem(at: indexPath)?.frame { cell.frame = frame }
        return cell
    }

    // MARK: Cells in view

    /// The cell of the item at `indexPath`, or nil when the item is not in view.
    public func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        layOutPendingItems()
        guard indexPath.count == 2 else { return nil }
        for entry in visibleItems where entry.section == indexPath[0] && entry.item == indexPath[1] { return entry.cell }
        return nil
    }

    /// The item `cell` shows, or nil.
    public func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        for entry in visibleItems where entry.cell === cell { return entry.indexPath }
        return nil
    }

    /// The cells of the items in view, in item order.
    public var visibleCells: [UICollectionViewCell] {
        layOutPendingItems()
        return visibleItems.map(\.cell)
    }

    /// The items in view, in order.
    public var indexPathsForVisibleItems: [IndexPath] {
        layOutPendingItems()
        return visibleItems.map(\.indexPath)
    }

    // MARK: Loading

    func setNeedsReload() {
        itemsAreLoaded = false
        setNeedsLayout()
    }

    /// The layout was invalidated: it is prepared again and every cell takes its new frame.
    func layoutDidInvalidate() {
        itemsNeedRelayout = true
        setNeedsLayout()
    }

    /// Reads the counts if they are stale; the cells of items in view are taken back, and the layout
    /// will be prepared again.
    func loadItemsIfNeeded() {
        // Not while cells are being made: a reload asked for then comes with the next layout.
        guard !itemsAreLoaded, !isTiling else { return }
        itemsAreLoaded = true
        while !visibleItems.isEmpty { recycle(visibleItems.removeLast()) }
        var counts: [Int] = []
        if let dataSource {
            let sections = max(0, dataSource.numberOfSections(in: self))
            counts.reserveCapacity(sections)
            for section in 0..<sections { counts.append(max(0, dataSource.collectionView(self, numberOfItemsInSection: section))) }
        }
        itemCounts = counts
        storedLayout.isPrepared = false
        if let touch = followedTouch, !contains(touch.indexPath) { forgetFollowedTouch() }
    }

    /// Prepares the layout if it is stale, and sizes the content to it.
    func prepareLayoutIfNeeded() {
        loadItemsIfNeeded()
        guard !storedLayout.isPrepared else { return }
        storedLayout.prepareIfNeeded()
        contentSize = storedLayout.collectionViewContentSize
        itemsNeedRelayout = true
    }

    /// Whether `indexPath` names an existing item.
    func contains(_ indexPath: IndexPath) -> Bool {
        loadItemsIfNeeded()
        guard indexPath.count == 2 else { return false }
        let section = indexPath[0], item = indexPath[1]
        return section >= 0 && section < itemCounts.count && item >= 0 && item < itemCounts[section]
    }

    func layOutPendingItems() {
        if needsLayout || subviewsNeedLayout { layOutSubtreeIfNeeded() }
    }

    // MARK: Tiling

    /// Takes back the cells of items the layout no longer puts in the bounds, asks for the cells of
    /// those it now does, and gives each its frame and attributes. The two lists are in item order, so
    /// one pass merges them; the layout's answer goes into a buffer that keeps its storage.
    func tileItems() {
        guard itemsAreLoaded, storedLayout.isPrepared else { return }
        // The data source may scroll, reload or lay the collection out from `cellForItemAt`: the pass under
        // way finishes with what it has, and the collection lays out again next time.
        guard !isTiling else {
            setNeedsLayout()
            return
        }
        isTiling = true
        defer { isTiling = false }
        storedLayout.visibleItems(in: storedBounds, into: &itemBuffer)
        let relayout = itemsNeedRelayout
        itemsNeedRelayout = false
        var old = 0, new = 0
        while old < visibleItems.count || new < itemBuffer.count {
            if new < itemBuffer.count, !contains(section: itemBuffer[new].section, item: itemBuffer[new].item) {
                new += 1
                continue
            }
            let order: Int
            if old == visibleItems.count { order = 1 } else if new == itemBuffer.count { order = -1 } else {
                let a = visibleItems[old], b = itemBuffer[new]
                order = (a.section, a.item) < (b.section, b.item) ? -1 : (a.section, a.item) == (b.section, b.item) ? 0 : 1
            }
            if order < 0 {
                recycle(visibleItems.remove(at: old))
            } else if order == 0 {
                if relayout { apply(itemBuffer[new], to: visibleItems[old].cell) }
                old += 1
                new += 1
            } else {
                let placed = itemBuffer[new]
                if let cell = makeCell(for: placed) {
                    visibleItems.insert(VisibleCell(section: placed.section, item: placed.item, zIndex: placed.zIndex, cell: cell), at: old)
                    old += 1
                    collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: IndexPath(item: placed.item, section: placed.section))
                }
                new += 1
            }
        }
    }

    private func contains(section: Int, item: Int) -> Bool {
        section >= 0 && section < itemCounts.count && item >= 0 && item < itemCounts[section]
    }

    /// Asks the data source for the cell of an item coming into view, and puts it in place with the
    /// item's attributes and selection.
    private func makeCell(for placed: VisibleItem) -> UICollectionViewCell? {
        guard let dataSource else { return nil }
        let indexPath = IndexPath(item: placed.item, section: placed.section)
        let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
        apply(placed, to: cell)
        if cell.isHighlighted { cell.isHighlighted = false }
        let selected = selectedItems.contains(indexPath)
        if cell.isSelected != selected { cell.isSelected = selected }
        // Behind the collection view's other subviews, and among the cells after those of a lower or
        // equal zIndex, so that hit-testing tries higher ones first.
        var index = 0
        for entry in visibleItems where entry.zIndex <= placed.zIndex { index += 1 }
        insertSubview(cell, at: min(index, subviews.count))
        return cell
    }

    private func apply(_ placed: VisibleItem, to cell: UICollectionViewCell) {
        if cell.frame != placed.frame { cell.frame = placed.frame }
        if cell.alpha != placed.alpha { cell.alpha = placed.alpha }
        if cell.isHidden != placed.isHidden { cell.isHidden = placed.isHidden }
    }

    private func recycle(_ entry: VisibleCell) {
        entry.cell.removeFromSuperview()
        collectionDelegate?.collectionView(self, didEndDisplaying: entry.cell, forItemAt: entry.indexPath)
        if let identifier = entry.cell.reuseIdentifier { reusePool.enqueue(entry.cell, as: identifier) }
    }
}
