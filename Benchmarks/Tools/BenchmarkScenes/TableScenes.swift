import Foundation
import ResponderKit

// The table both the time benchmarks and the instruction counts measure: a full-window table of 44-pt
// rows, each cell holding a label, with a data source and delegate that count selections.

/// The data source and delegate of a ``TableScene``: `rows` rows in one section, cells of class
/// `UITableViewCell` registered as "row"; it counts the rows selected.
@MainActor
public final class CountingRows: UITableViewDataSource, UITableViewDelegate {
    public let rows: Int
    public private(set) var selections = 0
    public private(set) var lastSelected: IndexPath?

    public init(rows: Int) { self.rows = rows }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows }
    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        selections += 1
        lastSelected = indexPath
    }
}

/// A window of its own application holding a table of `rows` rows at its top, as wide as the window and
/// `height` points high (the whole window by default), laid out.
@MainActor
public final class TableScene {
    public let window = makeWindow()
    public let table: UITableView
    public let source: CountingRows

    public init(rows: Int, height: CGFloat = 844) {
        source = CountingRows(rows: rows)
        table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: height), style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = source
        table.delegate = source
        window.addSubview(table)
        table.layoutIfNeeded()
        precondition(table.visibleCells.count == min(rows, Int((height / 44).rounded(.up))), "the table must show its rows")
    }

    /// The centre of row `row`, in window coordinates, at the current scroll position.
    public func centre(of row: Int) -> CGPoint {
        let rect = table.convert(table.rectForRow(at: IndexPath(row: row, section: 0)), to: nil)
        return CGPoint(x: rect.midX, y: rect.midY)
    }
}
