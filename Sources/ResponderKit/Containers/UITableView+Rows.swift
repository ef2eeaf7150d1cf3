import Foundation

/// The rows' geometry: counts and heights from the data source and delegate, and the questions about
/// where rows are.
extension UITableView {

    // MARK: Counts

    /// The number of sections.
    public var numberOfSections: Int {
        loadRowsIfNeeded()
        return geometry.sections.count
    }

    /// The number of rows in `section` (0 for a section that does not exist).
    public func numberOfRows(inSection section: Int) -> Int {
        loadRowsIfNeeded()
        guard section >= 0, section < geometry.sections.count else { return 0 }
        return geometry.sections[section].rowCount
    }

    // MARK: Geometry

    /// The rectangle of the row at `indexPath`, in the table's coordinates (its content's), or `.zero`
    /// when there is no such row.
    public func rectForRow(at indexPath: IndexPath) -> CGRect {
        loadRowsIfNeeded()
        guard geometry.contains(indexPath), let extent = geometry.rowExtent(section: indexPath.section, row: indexPath.row) else {
            return .zero
        }
        return rowRect(top: extent.top, height: extent.height)
    }

    /// The rectangle of a whole section, header to footer, or `.zero` when there is no such section.
    public func rect(forSection section: Int) -> CGRect {
        loadRowsIfNeeded()
        guard section >= 0, section < geometry.sections.count else { return .zero }
        let s = geometry.sections[section]
        return CGRect(x: 0, y: s.top, width: bounds.width, height: s.bottom - s.top)
    }

    /// The rectangle of a section's header, or `.zero` when there is no such section.
    public func rectForHeader(inSection section: Int) -> CGRect {
        loadRowsIfNeeded()
        guard section >= 0, section < geometry.sections.count else { return .zero }
        let s = geometry.sections[section]
        return CGRect(x: 0, y: s.top, width: bounds.width, height: s.headerHeight)
    }

    /// The rectangle of a section's footer, or `.zero` when there is no such section.
    public func rectForFooter(inSection section: Int) -> CGRect {
        loadRowsIfNeeded()
        guard section >= 0, section < geometry.sections.count else { return .zero }
        let s = geometry.sections[section]
        return CGRect(x: 0, y: s.rowsBottom, width: bounds.width, height: s.footerHeight)
    }

    /// The row at `point` (in the table's coordinates), or nil: a header, a footer, outside the rows.
    /// A binary search: as quick for 10,000 rows as for 10.
    public func indexPathForRow(at point: CGPoint) -> IndexPath? {
        loadRowsIfNeeded()
        guard let position = geometry.row(at: point.y), let extent = geometry.rowExtent(section: position.section, row: position.row),
              rowRect(top: extent.top, height: extent.height).contains(point) else { return nil }
        return IndexPath(row: position.row, section: position.section)
    }

    /// The rows that meet `rect`, in order, or nil when none do.
    public func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        loadRowsIfNeeded()
        guard !rect.isEmpty, var position = geometry.firstRow(endingBelow: rect.minY) else { return nil }
        var paths: [IndexPath] = []
        while let extent = geometry.rowExtent(section: position.section, row: position.row), extent.top < rect.maxY {
            if rowRect(top: extent.top, height: extent.height).intersects(rect) {
                paths.append(IndexPath(row: position.row, section: position.section))
            }
            guard let next = geometry.row(after: position) else { break }
            position = next
        }
        return paths.isEmpty ? nil : paths
    }

    /// Scrolls so that the row at `indexPath` comes to rest at `scrollPosition` (within the content's
    /// range). `.none` scrolls as little as shows the whole row.
    public func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        let rect = rectForRow(at: indexPath)
        guard rect != .zero || geometry.contains(indexPath) else { return }
        var offset = contentOffset
        switch scrollPosition {
        case .none:
            scrollRectToVisible(rect, animated: animated)
            return
        case .top: offset.y = rect.minY
        case .middle: offset.y = rect.midY - bounds.height / 2
        case .bottom: offset.y = rect.maxY - bounds.height
        }
        setContentOffset(clampedOffset(offset), animated: animated)
    }

    // MARK: Loading

    /// Marks the data as stale: the next question or layout reloads it.
    func setNeedsReload() {
        rowsAreLoaded = false
        setNeedsLayout()
    }

    /// Reads the counts and heights if they are stale, and sizes the content to them. The cells of rows
    /// in view are taken back: the next layout asks the data source for them again.
    func loadRowsIfNeeded() {
        // Not while cells are being made: a reload asked for then comes with the next layout.
        guard !rowsAreLoaded, !isTiling else { return }
        rowsAreLoaded = true
        recycleAllCells()
        var loaded = TableRowGeometry()
        loaded.sectionsTop = tableHeaderView?.bounds.height ?? 0
        loaded.footerHeight = tableFooterView?.bounds.height ?? 0
        if let dataSource {
            let delegate = tableDelegate
            let sectionCount = max(0, dataSource.numberOfSections(in: self))
            loaded.sections.reserveCapacity(sectionCount)
            var top = loaded.sectionsTop
            for section in 0..<sectionCount {
                let rows = max(0, dataSource.tableView(self, numberOfRowsInSection: section))
                let header = delegate?.tableView(self, heightForHeaderInSection: section) ?? sectionHeaderHeight
                var edges: [CGFloat] = []
                edges.reserveCapacity(rows + 1)
                var y: CGFloat = 0
                edges.append(0)
                for row in 0..<rows {
                    let height = delegate?.tableView(self, heightForRowAt: IndexPath(row: row, section: section)) ?? rowHeight
                    y += height.isFinite ? max(0, height) : 0
                    edges.append(y)
                }
                let footer = delegate?.tableView(self, heightForFooterInSection: section) ?? sectionFooterHeight
                let s = TableRowGeometry.Section(top: top, headerHeight: Self.height(header), footerHeight: Self.height(footer), rowEdges: edges)
                loaded.sections.append(s)
                top = s.bottom
            }
        }
        geometry = loaded
        laidOutWidth = -1
        contentSize = CGSize(width: bounds.width, height: geometry.contentHeight)
        placeAccessoryViews()
        // Rows or sections may have gone: a touch or swipe on one that no longer exists is forgotten.
        if let touch = followedTouch, !geometry.contains(touch.indexPath) { forgetFollowedTouch() }
    }

    /// A height as the table uses it: finite and not negative.
    private static func height(_ value: CGFloat) -> CGFloat { value.isFinite ? max(0, value) : 0 }

    /// The rectangle of a row from its extent: as wide as the table, less the inset-grouped margins.
    func rowRect(top: CGFloat, height: CGFloat) -> CGRect {
        let inset: CGFloat = style == .insetGrouped ? min(20, bounds.width / 2) : 0
        return CGRect(x: inset, y: top, width: bounds.width - 2 * inset, height: height)
    }

    // MARK: Header and footer views

    func replaceAccessoryView(_ old: UIView?, with new: UIView?) {
        guard old !== new else { return }
        if let old, old.superview === self { old.removeFromSuperview() }
        if let new { addSubview(new) }
        setNeedsReload()
        // Sized to the table at once; placed along the rows when they reload.
        placeAccessoryViews()
    }

    /// Puts the table's header view above the sections and its footer view below them, as wide as the
    /// table.
    func placeAccessoryViews() {
        if let header = tableHeaderView {
            header.frame = CGRect(x: 0, y: 0, width: bounds.width, height: header.bounds.height)
        }
        if let footer = tableFooterView {
            footer.frame = CGRect(x: 0, y: geometry.sectionsBottom, width: bounds.width, height: footer.bounds.height)
        }
    }

    /// The table's width changed: the content, the accessory views and every cell follow it.
    func relayOutForWidth() {
        laidOutWidth = storedBounds.width
        if contentSize.width != storedBounds.width {
            contentSize = CGSize(width: storedBounds.width, height: geometry.contentHeight)
        }
        placeAccessoryViews()
        for entry in visibleRows {
            if let extent = geometry.rowExtent(section: entry.section, row: entry.row) {
                entry.cell.frame = cellFrame(forRowAt: entry.section, entry.row, top: extent.top, height: extent.height)
            }
        }
    }
}
