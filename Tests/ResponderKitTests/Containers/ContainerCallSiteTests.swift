// The call sites code written for UIKit makes on tables, cells, swipe actions, collection views and the
// flow layout: each compiles as written for UIKit and does what UIKit documents.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct ContainerCallSiteTests {

    /// A cell subclass with the overrides UIKit code writes, each calling super.
    final class Row: UITableViewCell {
        var highlights: [Bool] = []
        override func setHighlighted(_ highlighted: Bool, animated: Bool) {
            highlights.append(highlighted)
            super.setHighlighted(highlighted, animated: animated)
        }
        override func setSelected(_ selected: Bool, animated: Bool) { super.setSelected(selected, animated: animated) }
        override func prepareForReuse() { super.prepareForReuse() }
    }

    /// A data source and delegate in UIKit's shape: a first row 80 pt high, the others 50.
    final class Source: UITableViewDataSource, UITableViewDelegate {
        var log: [String] = []
        func numberOfSections(in tableView: UITableView) -> Int { 1 }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 40 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        }
        func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { indexPath.row == 0 ? 80 : 50 }
        func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
            log.append("shouldHighlight \(indexPath.row)")
            return true
        }
        func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) { log.append("didHighlight \(indexPath.row)") }
        func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) { log.append("didUnhighlight \(indexPath.row)") }
        func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
            log.append("willSelect \(indexPath.row)")
            return indexPath
        }
        func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { log.append("didSelect \(indexPath.row)") }
        func tableView(_ tableView: UITableView,
                       trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
            let flag = UIContextualAction(style: .normal, title: "Flag") { [weak self] action, _, completion in
                self?.log.append("handler \(action.title ?? "")")
                completion(true)
            }
            let remove = UIContextualAction(style: .destructive, title: "Remove") { _, _, completion in completion(false) }
            let configuration = UISwipeActionsConfiguration(actions: [flag, remove])
            configuration.performsFirstActionWithFullSwipe = false
            return configuration
        }
        func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) { log.append("willBeginEditing \(indexPath.row)") }
        func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) { log.append("didEndEditing") }
        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { log.append("willBeginDragging") }
    }

    private func table() -> (UITableView, Source, EventSimulator) {
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        window.makeKeyAndVisible()
        let table = UITableView(frame: window.bounds, style: .plain)
        let source = Source()
        table.register(Row.self, forCellReuseIdentifier: "row")
        table.dataSource = source
        table.delegate = source
        window.addSubview(table)
        table.reloadData()
        table.layoutIfNeeded()
        return (table, source, EventSimulator(application: app))
    }

    @Test func indexPathsHaveRowsItemsAndSections() {
        let path = IndexPath(row: 4, section: 2)
        #expect(path.row == 4 && path.section == 2 && path.count == 2)
        #expect(IndexPath(item: 7, section: 1).item == 7)
        #expect(IndexPath(item: 7, section: 1) == IndexPath(row: 7, section: 1))
        var changed = path
        changed.row = 5
        #expect(changed == IndexPath(row: 5, section: 2))
    }

    @Test func aTableHasUIKitsDefaultsAndRowsAtTheDelegatesHeights() {
        let (table, source, _) = table()
        #expect(table.style == .plain && UITableView(frame: .zero).style == .plain)
        #expect(table.allowsSelection && !table.allowsMultipleSelection && !table.isEditing)
        #expect(table.delaysContentTouches)
        #expect(table.delegate === source)
        #expect(table.numberOfSections == 1 && table.numberOfRows(inSection: 0) == 40)
        #expect(table.indexPathForSelectedRow == nil && table.indexPathsForSelectedRows == nil)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)) == CGRect(x: 0, y: 0, width: 320, height: 80))
        #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)) == CGRect(x: 0, y: 130, width: 320, height: 50))
        #expect(table.contentSize == CGSize(width: 320, height: 2030))
        #expect(table.indexPathForRow(at: CGPoint(x: 5, y: 131)) == IndexPath(row: 2, section: 0))
        #expect(table.indexPathForRow(at: CGPoint(x: 5, y: 2030)) == nil)
    }

    @Test func cellsAreTheRegisteredClassAndOnlyForRowsInView() throws {
        let (table, _, _) = table()
        let path = IndexPath(row: 2, section: 0)
        let cell = try #require(table.cellForRow(at: path))
        #expect(cell is Row)
        #expect(cell.reuseIdentifier == "row")
        #expect(cell.contentView.isDescendant(of: cell))
        #expect(table.indexPath(for: cell) == path)
        #expect(table.cellForRow(at: IndexPath(row: 30, section: 0)) == nil)
        #expect(table.visibleCells.count == table.indexPathsForVisibleRows?.count)
        #expect(table.dequeueReusableCell(withIdentifier: "row") is Row)
        #expect(UITableViewCell(style: .subtitle, reuseIdentifier: nil).detailTextLabel != nil)
        #expect(UITableViewCell(style: .default, reuseIdentifier: "x").selectionStyle == .default)
    }

    @Test func scrollToRowPutsTheRowAtTheTop() {
        let (table, _, _) = table()
        table.scrollToRow(at: IndexPath(row: 10, section: 0), at: .top, animated: false)
        #expect(table.contentOffset.y == 80 + 9 * 50)
    }

    @Test func aTapCallsTheDelegateInUIKitsOrderAndSelectsOnLift() {
        let (table, source, sim) = table()
        sim.tap(at: CGPoint(x: 100, y: 150))                       // row 2: y 130…180
        #expect(source.log == ["shouldHighlight 2", "didHighlight 2", "didUnhighlight 2", "willSelect 2", "didSelect 2"])
        let row = table.cellForRow(at: IndexPath(row: 2, section: 0)) as? Row
        #expect(row?.highlights == [true, false])
        #expect(row?.isSelected == true && row?.isHighlighted == false)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
    }

    @Test func selectionByCodeTellsTheDelegateNothing() {
        let (table, source, _) = table()
        table.selectRow(at: IndexPath(row: 4, section: 0), animated: false, scrollPosition: .none)
        table.deselectRow(at: IndexPath(row: 4, section: 0), animated: false)
        table.selectRow(at: IndexPath(row: 6, section: 0), animated: true, scrollPosition: .none)
        #expect(source.log.isEmpty)
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 6, section: 0)])
        #expect(table.contentOffset == .zero)                      // documented: `.none` does not scroll here
        table.selectRow(at: nil, animated: false, scrollPosition: .none)
        #expect(table.indexPathForSelectedRow == nil)
    }

    @Test func swipeActionsHaveTheirTitlesStylesAndDefaults() {
        let (table, source, _) = table()
        let configuration = source.tableView(table, trailingSwipeActionsConfigurationForRowAt: IndexPath(row: 0, section: 0))
        #expect(configuration?.actions.map(\.title) == ["Flag", "Remove"])
        #expect(configuration?.actions.first?.style == .normal && configuration?.actions.last?.style == .destructive)
        #expect(UISwipeActionsConfiguration(actions: []).performsFirstActionWithFullSwipe)
    }

    @Test func aLeftwardSwipeOnARowOpensItsTrailingActionsAndEditsTheTable() {
        let (table, source, sim) = table()
        sim.drag(from: CGPoint(x: 300, y: 150), to: CGPoint(x: 60, y: 150), duration: 0.3, steps: 20)
        sim.advance(by: 1)
        #expect(source.log.contains("willBeginEditing 2"))
        #expect(table.isEditing)
        #expect(table.contentOffset == .zero)
        #expect(!source.log.contains("didSelect 2"))
        table.setEditing(false, animated: false)
        #expect(!table.isEditing && source.log.last == "didEndEditing")
    }

    /// A cell that observes its state with `didSet`, as collection cells are written.
    final class Tile: UICollectionViewCell {
        var seen: [String] = []
        override var isHighlighted: Bool { didSet { seen.append(isHighlighted ? "highlighted" : "unhighlighted") } }
        override var isSelected: Bool { didSet { seen.append(isSelected ? "selected" : "deselected") } }
    }

    final class Tiles: UICollectionViewDataSource, UICollectionViewDelegate {
        var log: [String] = []
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 9 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
        }
        func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
            log.append("shouldHighlight \(indexPath.item)")
            return true
        }
        func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) { log.append("didHighlight \(indexPath.item)") }
        func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) { log.append("didUnhighlight \(indexPath.item)") }
        func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
            log.append("shouldSelect \(indexPath.item)")
            return true
        }
        func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { log.append("didSelect \(indexPath.item)") }
        func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
        func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) { log.append("didDeselect \(indexPath.item)") }
    }

    @Test func aFlowLayoutHasItsDocumentedDefaultsAndPlacesItemsInLines() throws {
        let layout = UICollectionViewFlowLayout()
        #expect(layout.itemSize == CGSize(width: 50, height: 50))
        #expect(layout.minimumLineSpacing == 10 && layout.minimumInteritemSpacing == 10)
        #expect(layout.scrollDirection == .vertical && layout.sectionInset == UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        layout.itemSize = CGSize(width: 100, height: 100)
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        window.makeKeyAndVisible()
        let grid = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        #expect(grid.collectionViewLayout === layout)
        let tiles = Tiles()
        grid.register(Tile.self, forCellWithReuseIdentifier: "tile")
        grid.dataSource = tiles
        grid.delegate = tiles
        window.addSubview(grid)
        grid.reloadData()
        grid.layoutIfNeeded()
        #expect(grid.allowsSelection && !grid.allowsMultipleSelection)
        #expect(grid.numberOfSections == 1 && grid.numberOfItems(inSection: 0) == 9)
        let four = IndexPath(item: 4, section: 0)
        #expect(grid.layoutAttributesForItem(at: four)?.frame == CGRect(x: 110, y: 110, width: 100, height: 100))
        #expect(grid.indexPathForItem(at: CGPoint(x: 150, y: 150)) == four)
        #expect(grid.indexPathForItem(at: CGPoint(x: 215, y: 150)) == nil)          // between items 4 and 5
        let cell = try #require(grid.cellForItem(at: four) as? Tile)
        #expect(cell.frame == CGRect(x: 110, y: 110, width: 100, height: 100))
        #expect(grid.indexPath(for: cell) == four)
        #expect(grid.visibleCells.count == grid.indexPathsForVisibleItems.count)

        EventSimulator(application: app).tap(at: CGPoint(x: 160, y: 160))
        #expect(tiles.log == ["shouldHighlight 4", "didHighlight 4", "didUnhighlight 4", "shouldSelect 4", "didSelect 4"])
        #expect(cell.seen == ["highlighted", "unhighlighted", "selected"])
        #expect(grid.indexPathsForSelectedItems == [four])

        tiles.log = []
        grid.deselectItem(at: four, animated: false)
        grid.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: .centeredVertically)
        #expect(tiles.log.isEmpty)
        #expect(grid.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
    }
}
