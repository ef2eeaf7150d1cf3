// Fixtures for the table and collection suites: a table whose data source and delegate write every call
// into one ordered log, a cell that logs its state changes, and a scene around them.

import Foundation
import Testing
import ResponderKit

/// A cell that logs its highlight, selection and reuse, and may hold a button.
@MainActor
final class LogCell: UITableViewCell {
    var states: [String] = []
    var reuses = 0
    override func setHighlighted(_ highlighted: Bool, animated: Bool) {
        states.append(highlighted ? "highlighted" : "unhighlighted")
        super.setHighlighted(highlighted, animated: animated)
    }
    override func setSelected(_ selected: Bool, animated: Bool) {
        states.append(selected ? "selected" : "deselected")
        super.setSelected(selected, animated: animated)
    }
    override func prepareForReuse() {
        reuses += 1
        states = []
        super.prepareForReuse()
    }
}

/// A table's data source and delegate: `sections` of rows, every call logged as a word and a row number.
@MainActor
final class RowLog: UITableViewDataSource, UITableViewDelegate {
    var sections = [40]
    var heights: [IndexPath: CGFloat] = [:]
    var calls: [String] = []
    var displayed: [String] = []
    var highlights = true
    var willSelect: ((IndexPath) -> IndexPath?)?
    var willDeselect: ((IndexPath) -> IndexPath?)?
    var trailing: ((IndexPath) -> UISwipeActionsConfiguration?)?
    var leading: ((IndexPath) -> UISwipeActionsConfiguration?)?
    var headerHeight: CGFloat?
    var footerHeight: CGFloat?
    /// Configures each cell as it is handed out (a button, a recognizer…).
    var configure: ((LogCell, IndexPath) -> Void)?
    private(set) var cellRequests = 0

    private func name(_ p: IndexPath) -> String { p.section == 0 ? "\(p.row)" : "\(p.section).\(p.row)" }

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section] }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        cellRequests += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath) as! LogCell
        cell.accessibilityIdentifier = "cell \(name(indexPath))"
        configure?(cell, indexPath)
        return cell
    }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        heights[indexPath] ?? tableView.rowHeight
    }
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        headerHeight ?? tableView.sectionHeaderHeight
    }
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
        footerHeight ?? tableView.sectionFooterHeight
    }
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        calls.append("shouldHighlight \(name(indexPath))")
        return highlights
    }
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) { calls.append("didHighlight \(name(indexPath))") }
    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) { calls.append("didUnhighlight \(name(indexPath))") }
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        calls.append("willSelect \(name(indexPath))")
        return willSelect.map { $0(indexPath) } ?? indexPath
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        calls.append("didSelect \(name(indexPath))")
    }
    func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
        calls.append("willDeselect \(name(indexPath))")
        return willDeselect.map { $0(indexPath) } ?? indexPath
    }
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) { calls.append("didDeselect \(name(indexPath))") }
    func tableView(_ tableView: UITableView,
                   leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        leading?(indexPath)
    }
    func tableView(_ tableView: UITableView,
                   trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        trailing?(indexPath)
    }
    func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {
        calls.append("willBeginEditing \(name(indexPath))")
    }
    func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {
        calls.append("didEndEditing \(indexPath.map(name) ?? "nil")")
    }
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        displayed.append("willDisplay \(name(indexPath))")
    }
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        displayed.append("didEndDisplaying \(name(indexPath))")
    }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { calls.append("willBeginDragging") }

    /// The calls about selection and highlight only.
    var selectionCalls: [String] { calls.filter { !$0.hasPrefix("willBeginDragging") } }
}

/// A 320 × 480 window holding a table of 44-pt rows (40 by default) whose data source and delegate is a
/// ``RowLog``, laid out and ready for touches.
@MainActor
struct TableScene {
    let scene = Scene()
    let table: UITableView
    let rows: RowLog

    init(rows: RowLog = RowLog(), style: UITableView.Style = .plain, frame: CGRect = CGRect(x: 0, y: 0, width: 320, height: 480)) {
        self.rows = rows
        table = UITableView(frame: frame, style: style)
        table.accessibilityIdentifier = "table"
        table.register(LogCell.self, forCellReuseIdentifier: "row")
        table.dataSource = rows
        table.delegate = rows
        scene.window.addSubview(table)
        table.layoutIfNeeded()
    }

    var sim: EventSimulator { scene.sim }

    /// The cell of row `row` of section 0, as a ``LogCell``.
    func cell(_ row: Int, section: Int = 0) -> LogCell? {
        table.cellForRow(at: IndexPath(row: row, section: section)) as? LogCell
    }

    /// The centre of row `row`, in window coordinates.
    func centre(of row: Int, section: Int = 0) -> CGPoint {
        let rect = table.convert(table.rectForRow(at: IndexPath(row: row, section: section)), to: nil)
        return CGPoint(x: rect.midX, y: rect.midY)
    }

    /// A drag of one finger from `start` by `delta`, in `steps` moves 1/60 s apart, then lifted.
    func drag(from start: CGPoint, by delta: CGPoint, steps: Int = 10, lift: Bool = true, finger: Int = 1) {
        sim.touchDown(finger, at: start)
        for step in 1...steps {
            sim.advance(by: 1.0 / 60)
            let f = CGFloat(step) / CGFloat(steps)
            sim.touchMove(finger, to: CGPoint(x: start.x + delta.x * f, y: start.y + delta.y * f))
        }
        if lift { sim.touchUp(finger) }
    }
}
