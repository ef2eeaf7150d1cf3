// A table's rows: where sections, headers, footers and rows lie, which rows have cells, and how cells
// are taken back and handed out again as the content scrolls.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct TableRowsAndReuseTests {

    @Test func sectionsStackHeaderRowsFooterAfterTheTablesHeaderView() {
        let rows = RowLog()
        rows.sections = [2, 3]
        rows.headerHeight = 30
        rows.footerHeight = 10
        let header = UIView(frame: CGRect(x: 0, y: 0, width: 1, height: 60))
        let s = TableScene(rows: rows)
        s.table.tableHeaderView = header
        #expect(header.frame == CGRect(x: 0, y: 0, width: 320, height: 60))
        #expect(s.table.rectForHeader(inSection: 0) == CGRect(x: 0, y: 60, width: 320, height: 30))
        #expect(s.table.rectForRow(at: IndexPath(row: 0, section: 0)) == CGRect(x: 0, y: 90, width: 320, height: 44))
        #expect(s.table.rectForFooter(inSection: 0) == CGRect(x: 0, y: 178, width: 320, height: 10))
        #expect(s.table.rect(forSection: 1) == CGRect(x: 0, y: 188, width: 320, height: 30 + 3 * 44 + 10))
        #expect(s.table.rectForRow(at: IndexPath(row: 2, section: 1)) == CGRect(x: 0, y: 306, width: 320, height: 44))
        #expect(s.table.contentSize.height == 60 + 2 * (30 + 10) + 5 * 44)
        // Headers and footers are no rows.
        #expect(s.table.indexPathForRow(at: CGPoint(x: 10, y: 70)) == nil)
        #expect(s.table.indexPathForRow(at: CGPoint(x: 10, y: 180)) == nil)
        #expect(s.table.indexPathForRow(at: CGPoint(x: 10, y: 307)) == IndexPath(row: 2, section: 1))
        #expect(s.table.indexPathsForRows(in: CGRect(x: 0, y: 120, width: 10, height: 100))
                == [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0), IndexPath(row: 0, section: 1)])
        #expect(s.table.rectForRow(at: IndexPath(row: 3, section: 1)) == .zero)
    }

    @Test func groupedTablesSeparateSectionsAndInsetGroupedOnesInsetTheirRows() {
        let grouped = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .grouped)
        #expect(grouped.sectionHeaderHeight == 18 && grouped.sectionFooterHeight == 18)
        #expect(UITableView(frame: .zero).sectionHeaderHeight == 0)
        let rows = RowLog()
        rows.sections = [1]
        let s = TableScene(rows: rows, style: .insetGrouped)
        #expect(s.table.rectForRow(at: IndexPath(row: 0, section: 0)) == CGRect(x: 20, y: 18, width: 280, height: 44))
        #expect(s.table.indexPathForRow(at: CGPoint(x: 10, y: 30)) == nil)      // the inset is no row
        #expect(s.cell(0)?.frame == CGRect(x: 20, y: 18, width: 280, height: 44))
    }

    @Test func onlyTheRowsInViewHaveCellsAndEachCellCoversItsRow() {
        let s = TableScene()                                // 40 rows of 44 pt in 480 pt: rows 0…10
        #expect(s.table.indexPathsForVisibleRows == (0...10).map { IndexPath(row: $0, section: 0) })
        #expect(s.rows.cellRequests == 11)
        for row in 0...10 {
            #expect(s.cell(row)?.frame == s.table.rectForRow(at: IndexPath(row: row, section: 0)))
            #expect(s.cell(row)?.contentView.frame == CGRect(x: 0, y: 0, width: 320, height: 44))
        }
        #expect(s.cell(11) == nil)
        #expect(s.rows.displayed.first == "willDisplay 0" && s.rows.displayed.count == 11)
    }

    @Test func scrollingTakesBackTheCellsOfRowsThatLeaveAndReusesThemForRowsThatCome() throws {
        let s = TableScene()
        let first = try #require(s.cell(0))
        s.rows.displayed = []
        s.table.contentOffset = CGPoint(x: 0, y: 100)        // rows 2…13 in view
        #expect(s.table.indexPathsForVisibleRows?.first == IndexPath(row: 2, section: 0))
        #expect(s.table.indexPathsForVisibleRows?.last == IndexPath(row: 13, section: 0))
        #expect(s.rows.displayed.prefix(2) == ["didEndDisplaying 0", "didEndDisplaying 1"])
        #expect(s.rows.displayed.suffix(3) == ["willDisplay 11", "willDisplay 12", "willDisplay 13"])
        #expect(s.rows.cellRequests == 14)
        // Three rows came, two cells were free: the table made one cell more than it shows.
        let reused = s.table.visibleCells.compactMap { $0 as? LogCell }.filter { $0.reuses > 0 }
        #expect(reused.count == 2)
        #expect(reused.contains { $0 === first })
    }

    @Test func aLongScrollKeepsTheNumberOfCellsAtWhatTheBoundsHold() {
        let rows = RowLog()
        rows.sections = [10_000]
        let s = TableScene(rows: rows)
        var cells = Set<ObjectIdentifier>()
        for step in 0..<200 {
            s.table.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 997)
            for cell in s.table.visibleCells { cells.insert(ObjectIdentifier(cell)) }
        }
        #expect(s.table.visibleCells.count <= 12)
        #expect(cells.count <= 13)
    }

    @Test func aDragScrollsTheRowsAndTheCellsFollow() {
        let s = TableScene()
        s.drag(from: CGPoint(x: 160, y: 400), by: CGPoint(x: 0, y: -300), steps: 12)
        _ = try? s.sim.advance(until: { !s.table.isDecelerating }, timeout: 10)
        let top = s.table.contentOffset.y
        #expect(top > 250)
        let first = s.table.indexPathsForVisibleRows?.first?.row ?? -1
        #expect(first == Int(top / 44))
        // A tap finds the row under the finger in its new place.
        s.rows.calls = []
        s.sim.tap(at: CGPoint(x: 160, y: 100))
        #expect(s.table.indexPathForSelectedRow == s.table.indexPathForRow(at: CGPoint(x: 160, y: top + 100)))
    }

    @Test func reloadDataAsksForTheRowsAgainAndClearsTheSelection() {
        let s = TableScene()
        s.table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        s.rows.sections = [3]
        s.table.reloadData()
        #expect(s.table.numberOfRows(inSection: 0) == 3)
        #expect(s.table.indexPathForSelectedRow == nil)
        #expect(s.table.indexPathsForVisibleRows?.count == 3)
        #expect(s.table.contentSize.height == 3 * 44)
    }

    @Test func aTableLaysItselfOutBeforeTheFirstTouchWithoutBeingAsked() {
        let rows = RowLog()
        let scene = Scene()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.register(LogCell.self, forCellReuseIdentifier: "row")
        table.dataSource = rows
        table.delegate = rows
        scene.window.addSubview(table)
        scene.sim.tap(at: CGPoint(x: 100, y: 100))
        #expect(rows.calls.contains("didSelect 2"))
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == true)
    }

    @Test func aTableThatReloadedIsLaidOutAtTheEndOfTheLoopsTurnWithoutInput() {
        let rows = RowLog()
        let scene = Scene()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.register(LogCell.self, forCellReuseIdentifier: "row")
        table.dataSource = rows
        table.delegate = rows
        scene.window.addSubview(table)
        #expect(!table.subviews.contains { $0 is UITableViewCell }, "nothing asked for its layout yet")
        scene.sim.turnLoop()
        #expect(table.subviews.filter { $0 is UITableViewCell }.count == 11, "rows 0…10 of 44 points fill 480 points")
        rows.sections = [3]
        table.reloadData()
        scene.sim.turnLoop()
        #expect(table.subviews.filter { $0 is UITableViewCell }.count == 3)
    }

    @Test func rowHeightIsUsedUnlessTheDelegateGivesHeights() {
        let rows = RowLog()
        rows.heights = [IndexPath(row: 1, section: 0): 100]
        let s = TableScene(rows: rows)
        s.table.rowHeight = 60
        #expect(s.table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 60)
        #expect(s.table.rectForRow(at: IndexPath(row: 1, section: 0)) == CGRect(x: 0, y: 60, width: 320, height: 100))
        #expect(s.table.rectForRow(at: IndexPath(row: 2, section: 0)).minY == 160)
    }

    @Test func aWiderTableWidensItsRowsAndCells() {
        let s = TableScene()
        s.table.frame = CGRect(x: 0, y: 0, width: 400, height: 480)
        s.table.layoutIfNeeded()
        #expect(s.cell(0)?.frame.width == 400)
        #expect(s.table.contentSize.width == 400)
    }

    @Test func dequeueWithoutARegisteredClassReturnsNilAndUnregisteringForgetsTheClass() {
        let table = UITableView(frame: .zero)
        #expect(table.dequeueReusableCell(withIdentifier: "none") == nil)
        table.register(LogCell.self, forCellReuseIdentifier: "x")
        #expect(table.dequeueReusableCell(withIdentifier: "x") is LogCell)
        table.register(nil, forCellReuseIdentifier: "x")
        #expect(table.dequeueReusableCell(withIdentifier: "x") == nil)
    }
}
