import Foundation

/// Cells: registration, reuse, and the tiling that gives each row in view its cell.
extension UITableView {

    // MARK: Registering and dequeuing

    /// Registers the class the table makes new cells of for `identifier` (nil unregisters it). It must
    /// be `UITableViewCell` or a subclass; cells are made with `init(style: .default, reuseIdentifier:)`.
    public func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        guard let cellClass else {
            reusePool.register(nil, for: identifier)
            return
        }
        guard let type = cellClass as? UITableViewCell.Type else {
            preconditionFailure("register(_:forCellReuseIdentifier:): \(cellClass) is not UITableViewCell or a subclass of it")
        }
        reusePool.register({ identifier in type.init(style: .default, reuseIdentifier: identifier) }, for: identifier)
    }

    /// A cell to reuse for `identifier`: one taken back from a row that scrolled away (after its
    /// `prepareForReuse()`), else a new one of the registered class, else nil.
    public func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if let cell = reusePool.takeQueued(identifier) {
            cell.prepareForReuse()
            return cell
        }
        return reusePool.make(identifier)
    }

    /// A cell for the row at `indexPath`, reused or new, sized to the row. A class must be registered for
    /// `identifier` (as in UIKit, it is a programming error otherwise, and traps).
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
            preconditionFailure("dequeueReusableCell(withIdentifier:for:): no cell class is registered for '\(identifier)'; call register(_:forCellReuseIdentifier:) first")
        }
        let rect = rectForRow(at: indexPath)
        if rect != .zero { cell.frame = rect }
        return cell
    }

    // MARK: Cells in view

    /// The cell of the row at `indexPath`, or nil when the row is not in view (only rows in view have
    /// cells).
    public func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        layOutPendingRows()
        guard indexPath.count == 2 else { return nil }
        let section = indexPath.section, row = indexPath.row
        for entry in visibleRows where entry.section == section && entry.row == row { return entry.cell }
        return nil
    }

    /// The row `cell` shows, or nil when it shows none.
    public func indexPath(for cell: UITableViewCell) -> IndexPath? {
        for entry in visibleRows where entry.cell === cell { return entry.indexPath }
        return nil
    }

    /// The cells of the rows in view, in row order.
    public var visibleCells: [UITableViewCell] {
        layOutPendingRows()
        return visibleRows.map(\.cell)
    }

    /// The rows in view, in order (nil when there are none).
    public var indexPathsForVisibleRows: [IndexPath]? {
        layOutPendingRows()
        return visibleRows.isEmpty ? nil : visibleRows.map(\.indexPath)
    }

    /// Lays out rows that wait for a layout, so that questions about cells see what a touch would.
    func layOutPendingRows() {
        if needsLayout || subviewsNeedLayout { layOutSubtreeIfNeeded() }
    }

    // MARK: Tiling

    /// Takes back the cells of rows that left the bounds and asks for the cells of rows that came in.
    /// When the same rows stay in view (most frames of a scroll) it only compares the first and last.
    func tileRows() {
        guard rowsAreLoaded else { return }
        // The data source may scroll, reload or lay the table out from `cellForRowAt`: the pass under way
        // finishes with what it has, and the table lays out again next time.
        guard !isTiling else {
            setNeedsLayout()
            return
        }
        let top = storedBounds.minY, bottom = storedBounds.maxY
        if sameRowsInView(top: top, bottom: bottom) { return }
        isTiling = true
        defer { isTiling = false }
        var index = 0
        while index < visibleRows.count {
            let entry = visibleRows[index]
            if let extent = geometry.rowExtent(section: entry.section, row: entry.row),
               extent.top < bottom, extent.top + extent.height > top || (extent.height == 0 && extent.top >= top) {
                index += 1
            } else {
                visibleRows.remove(at: index)
                recycle(entry)
            }
        }
        guard bottom > top, var position = geometry.firstRow(endingBelow: top) else { return }
        index = 0
        while let extent = geometry.rowExtent(section: position.section, row: position.row), extent.top < bottom {
            if index < visibleRows.count, visibleRows[index].section == position.section, visibleRows[index].row == position.row {
                index += 1
            } else if let cell = makeCell(section: position.section, row: position.row, top: extent.top, height: extent.height) {
                visibleRows.insert(VisibleRow(section: position.section, row: position.row, cell: cell), at: index)
                index += 1
                tableDelegate?.tableView(self, willDisplay: cell, forRowAt: IndexPath(row: position.row, section: position.section))
            }
            guard let next = geometry.row(after: position) else { break }
            position = next
        }
    }

    /// Whether the rows in view are still those that have cells: the first row in view is the first with
    /// a cell, the last with a cell is still in view and the one after it is not. Read from local copies
    /// (each read of the table's own properties is checked for exclusive access at run time), so a
    /// scroll frame that brings no new row costs a few searches.
    private func sameRowsInView(top: CGFloat, bottom: CGFloat) -> Bool {
        let rows = visibleRows
        let geometry = self.geometry
        guard let first = rows.first, let last = rows.last, bottom > top,
              let firstInView = geometry.firstRow(endingBelow: top),
              firstInView.section == first.section, firstInView.row == first.row,
              let lastExtent = geometry.rowExtent(section: last.section, row: last.row), lastExtent.top < bottom else { return false }
        guard let next = geometry.row(after: (last.section, last.row)) else { return true }
        guard let nextExtent = geometry.rowExtent(section: next.section, row: next.row) else { return false }
        return nextExtent.top >= bottom
    }

    /// Asks the data source for the cell of a row coming into view, and puts it in place with the row's
    /// selection.
    private func makeCell(section: Int, row: Int, top: CGFloat, height: CGFloat) -> UITableViewCell? {
        guard let dataSource else { return nil }
        let indexPath = IndexPath(row: row, section: section)
        let cell = dataSource.tableView(self, cellForRowAt: indexPath)
        cell.frame = cellFrame(forRowAt: section, row, top: top, height: height)
        if cell.isHighlighted { cell.setHighlighted(false, animated: false) }
        let selected = selectedRows.contains(indexPath)
        if cell.isSelected != selected { cell.setSelected(selected, animated: false) }
        // Behind the table's other subviews (header and footer views, swipe actions, views of the app's).
        insertSubview(cell, at: 0)
        return cell
    }

    /// The frame of a row's cell: the row's rectangle, moved aside while its swipe actions show.
    func cellFrame(forRowAt section: Int, _ row: Int, top: CGFloat, height: CGFloat) -> CGRect {
        var frame = rowRect(top: top, height: height)
        if let swipe, swipe.section == section, swipe.row == row { frame.origin.x += swipe.offset }
        return frame
    }

    /// Takes back the cell of a row that left the bounds: out of the table, and queued for reuse.
    private func recycle(_ entry: VisibleRow) {
        entry.cell.removeFromSuperview()
        tableDelegate?.tableView(self, didEndDisplaying: entry.cell, forRowAt: entry.indexPath)
        if let identifier = entry.cell.reuseIdentifier { reusePool.enqueue(entry.cell, as: identifier) }
    }

    /// Takes back every cell (the data is reloaded).
    func recycleAllCells() {
        while !visibleRows.isEmpty { recycle(visibleRows.removeLast()) }
    }
}
