import Foundation

/// Where a table view's sections and rows lie along its content, from the heights its delegate gives.
///
/// Each section is a header, its rows one under the other, and a footer; sections follow each other
/// after the table's header view, and its footer view comes last. Row positions are kept as running
/// sums, so finding the row under a point is a binary search: it costs the same for 10 rows or 10,000.
struct TableRowGeometry {
    struct Section {
        /// The top of the section's header, in content coordinates.
        var top: CGFloat
        var headerHeight: CGFloat
        var footerHeight: CGFloat
        /// The tops of the rows relative to the first row's, and the bottom of the last: count + 1 values.
        var rowEdges: [CGFloat]

        var rowCount: Int { rowEdges.count - 1 }
        var rowsTop: CGFloat { top + headerHeight }
        var rowsBottom: CGFloat { rowsTop + rowEdges[rowEdges.count - 1] }
        var bottom: CGFloat { rowsBottom + footerHeight }
    }

    /// The sections, top to bottom.
    var sections: [Section] = []
    /// The top of the first section: the height of the table's header view.
    var sectionsTop: CGFloat = 0
    /// The height of the table's footer view.
    var footerHeight: CGFloat = 0

    /// The bottom of the last section.
    var sectionsBottom: CGFloat { sections.last?.bottom ?? sectionsTop }
    /// The height of the whole content.
    var contentHeight: CGFloat { sectionsBottom + footerHeight }

    /// Whether `indexPath` names an existing row.
    func contains(_ indexPath: IndexPath) -> Bool {
        guard indexPath.count == 2 else { return false }
        let section = indexPath.section, row = indexPath.row
        return section >= 0 && section < sections.count && row >= 0 && row < sections[section].rowCount
    }

    /// The row's vertical extent (top and height), or nil if there is no such row.
    func rowExtent(section: Int, row: Int) -> (top: CGFloat, height: CGFloat)? {
        guard section >= 0, section < sections.count else { return nil }
        let rows = sections[section]
        guard row >= 0, row < rows.rowCount else { return nil }
        let top = rows.rowsTop + rows.rowEdges[row]
        return (top, rows.rowEdges[row + 1] - rows.rowEdges[row])
    }

    /// The row whose extent contains `y`, or nil (a header, a footer, a gap, outside the content).
    func row(at y: CGFloat) -> (section: Int, row: Int)? {
        guard let section = sectionIndex(at: y) else { return nil }
        let rows = sections[section]
        let local = y - rows.rowsTop
        guard local >= 0, local < rows.rowEdges[rows.rowEdges.count - 1] else { return nil }
        return (section, Self.lastIndex(in: rows.rowEdges, notAbove: local))
    }

    /// The first row that ends below `y` (at or after it), or nil when no row does.
    func firstRow(endingBelow y: CGFloat) -> (section: Int, row: Int)? {
        var section = sectionIndex(at: y) ?? (y < sectionsTop ? 0 : sections.count)
        while section < sections.count {
            let rows = sections[section]
            let local = y - rows.rowsTop
            if rows.rowCount > 0, local < rows.rowEdges[rows.rowCount] {
                return (section, local < 0 ? 0 : Self.lastIndex(in: rows.rowEdges, notAbove: local))
            }
            section += 1
        }
        return nil
    }

    /// The row after the given one, across sections, or nil after the last.
    func row(after position: (section: Int, row: Int)) -> (section: Int, row: Int)? {
        var section = position.section, row = position.row + 1
        while section < sections.count {
            if row < sections[section].rowCount { return (section, row) }
            section += 1
            row = 0
        }
        return nil
    }

    /// The section whose extent (header to footer) contains `y`.
    private func sectionIndex(at y: CGFloat) -> Int? {
        guard let first = sections.first, y >= first.top, y < sectionsBottom else { return nil }
        var low = 0, high = sections.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if sections[middle].top <= y { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The largest index `i` with `edges[i] <= value`, below the last edge.
    private static func lastIndex(in edges: [CGFloat], notAbove value: CGFloat) -> Int {
        var low = 0, high = edges.count - 2
        while low < high {
            let middle = (low + high + 1) / 2
            if edges[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
