import Foundation
import ResponderKit

/// A dumped `UITableView` or `UICollectionView` restated as a scenario's `table` or `collection`.
///
/// A dump shows only the cells in view, and neither their rows nor the data source's counts, so the
/// rows are estimated from the cells: their most common height (a table) or their size and spacing (a
/// collection), the first cell's row from its place in the content, and the count from the content size
/// when the dump prints it. The first cell's content becomes what every cell holds (`cell:`): a scenario
/// gives all cells the same content. What the estimate could not carry over is noted.
struct ImportedContainer {
    typealias Node = HierarchyDump.Node

    /// The lines of the container's own keys (`rows: 40`, `row-height: 44`…), in order.
    private(set) var keys: [String] = []
    /// The first cell's content, which every cell of the scenario holds.
    private(set) var template: [Node] = []
    /// The first cell's content view's origin in the container's content (for the tap target).
    private(set) var templateOrigin: CGPoint = .zero
    /// The first cell's centre in the container's content, if there is a cell.
    private(set) var firstCellCentre: CGPoint?
    private(set) var notes: [String] = []

    /// The dumped classes of containers and their cells.
    static let cellClass: [ViewSpec.Kind: String] = [.table: "UITableViewCell", .collection: "UICollectionViewCell"]

    init(_ node: Node, kind: ViewSpec.Kind) {
        let view = node.view
        let found = Self.cells(in: node, cellClass: Self.cellClass[kind] ?? "")
            .sorted { ($0.view.frame.minY, $0.view.frame.minX) < ($1.view.frame.minY, $1.view.frame.minX) }
        let cells = found.map(\.view)
        if let offset = view.contentOffset ?? view.bounds?.origin, offset != .zero {
            keys.append("content-offset: [\(Self.number(offset.x)), \(Self.number(offset.y))]")
        }
        if let i = view.contentInset, i != .zero {
            keys.append("content-inset: [\(Self.number(i.top)), \(Self.number(i.left)), \(Self.number(i.bottom)), \(Self.number(i.right))]")
        }
        let skipped = Self.otherSubviews(of: node, cellClass: Self.cellClass[kind] ?? "")
        if skipped > 0 {
            notes.append("\(skipped) subview\(skipped == 1 ? "" : "s") of the \(kind.rawValue) that are not cells (scroll indicators, separators, headers) are not imported: the \(kind.rawValue) makes its own")
        }
        guard let first = cells.first, let firstNode = found.first?.node else {
            keys.append(kind == .table ? "rows: 0  # no cell in the dump" : "items: 0  # no cell in the dump")
            return
        }
        firstCellCentre = CGPoint(x: first.frame.midX, y: first.frame.midY)
        if let content = Self.contentView(of: firstNode, kind: kind) {
            template = content.subviews
            templateOrigin = CGPoint(x: first.frame.minX + content.view.frame.minX, y: first.frame.minY + content.view.frame.minY)
        } else {
            template = firstNode.subviews
            templateOrigin = first.frame.origin
        }
        if cells.count > 1 {
            notes.append("\(cells.count) cells in the dump: the first one's content is what every cell holds (a scenario gives all cells the same content)")
        }
        if kind == .table { table(cells, contentSize: view.contentSize) } else { collection(cells, view: view) }
    }

    /// A table: the most common cell height is the row height; rows of another height are listed; the
    /// first cell's row is where the content puts it.
    private mutating func table(_ cells: [DumpedView], contentSize: CGSize?) {
        var counts: [CGFloat: Int] = [:]
        for cell in cells { counts[cell.frame.height, default: 0] += 1 }
        let height = counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key ?? 44
        let firstRow = height > 0 ? max(0, Int((cells[0].frame.minY / height).rounded())) : 0
        var rows = firstRow + cells.count
        if let contentSize, height > 0 { rows = max(rows, Int((contentSize.height / height).rounded())) }
        keys.append("rows: \(rows)  # estimated: \(cells.count) cells in view\(contentSize == nil ? "" : ", and the content size")")
        if height != 44 { keys.append("row-height: \(Self.number(height))") }
        let others = cells.enumerated().filter { $0.element.frame.height != height }
        if !others.isEmpty {
            keys.append("heights: [" + others.map { "[\(firstRow + $0.offset), \(Self.number($0.element.frame.height))]" }.joined(separator: ", ") + "]")
        }
        if firstRow > 0 { notes.append("the first cell in view is taken for row \(firstRow), as if every row above it had the row height") }
    }

    /// A collection: the first cell's size is the item size; the spacings are the least gaps between
    /// cells in one line and between lines; the first cell's place gives the insets.
    private mutating func collection(_ cells: [DumpedView], view: DumpedView) {
        let size = cells[0].frame.size
        keys.append("items: \(cells.count)  # estimated: the cells in view")
        keys.append("item-size: [\(Self.number(size.width)), \(Self.number(size.height))]")
        let horizontal = view.contentSize.map { $0.width > view.frame.width && $0.height <= view.frame.height } ?? false
        var itemGap: CGFloat?, lineGap: CGFloat?
        for (a, b) in zip(cells, cells.dropFirst()) {
            if abs(a.frame.minY - b.frame.minY) < 0.5 {
                let gap = b.frame.minX - a.frame.maxX
                if gap >= 0 { itemGap = min(itemGap ?? gap, gap) }
            } else {
                let gap = b.frame.minY - a.frame.maxY
                if gap >= 0 { lineGap = min(lineGap ?? gap, gap) }
            }
        }
        if horizontal {
            keys.append("direction: horizontal")
            (itemGap, lineGap) = (lineGap, itemGap)
        }
        if let itemGap, itemGap != 10 { keys.append("item-spacing: \(Self.number(itemGap))") }
        if let lineGap, lineGap != 10 { keys.append("line-spacing: \(Self.number(lineGap))") }
        let origin = cells[0].frame.origin
        if origin != .zero {
            keys.append("section-inset: [\(Self.number(origin.y)), \(Self.number(origin.x)), 0, 0]")
        }
        notes.append("a collection's layout is taken for a flow layout: item size, spacings and insets from the cells in view")
    }

    /// The cells below the container, in any wrapper (older tables put theirs in a `UITableViewWrapperView`),
    /// not inside a nested container; with their frames in the container's content.
    private static func cells(in node: Node, cellClass: String) -> [(view: DumpedView, node: Node)] {
        var result: [(view: DumpedView, node: Node)] = []
        func visit(_ node: Node, offset: CGPoint) {
            for child in node.subviews {
                var view = child.view
                if isCell(view, cellClass) {
                    view.frame.origin.x += offset.x
                    view.frame.origin.y += offset.y
                    result.append((view, child))
                } else if !isContainer(view) {
                    let origin = view.frame.origin
                    let bounds = view.bounds?.origin ?? .zero
                    visit(child, offset: CGPoint(x: offset.x + origin.x - bounds.x, y: offset.y + origin.y - bounds.y))
                }
            }
        }
        visit(node, offset: .zero)
        return result
    }

    /// A cell of that kind: its class, a subclass UIKit printed with its `baseClass`, or a class named like
    /// one (`MyApp.ContactTableViewCell`: older dumps give no ancestry).
    private static func isCell(_ view: DumpedView, _ cellClass: String) -> Bool {
        if view.className == cellClass || view.baseClass == cellClass { return true }
        let bare = view.className.split(separator: ".").last.map(String.init) ?? view.className
        return bare.hasSuffix(String(cellClass.dropFirst(2)))
    }

    private static func isContainer(_ view: DumpedView) -> Bool {
        let kind = ImportedScenario.kind(of: view)
        return kind == .table || kind == .collection
    }

    /// How many direct subviews are not cells nor a wrapper holding them.
    private static func otherSubviews(of node: Node, cellClass: String) -> Int {
        node.subviews.filter { child in
            !isCell(child.view, cellClass) && cells(in: child, cellClass: cellClass).isEmpty
        }.count
    }

    /// A cell's content view: a table cell's `UITableViewCellContentView`; a collection cell's first
    /// subview, a plain `UIView` as large as the cell.
    private static func contentView(of cell: Node, kind: ViewSpec.Kind) -> Node? {
        if kind == .table { return cell.subviews.first { $0.view.className == "UITableViewCellContentView" } }
        guard let first = cell.subviews.first, first.view.className == "UIView", first.view.frame.size == cell.view.frame.size else { return nil }
        return first
    }

    static func number(_ value: CGFloat) -> String { ImportedGeometry.number(value) }
}
