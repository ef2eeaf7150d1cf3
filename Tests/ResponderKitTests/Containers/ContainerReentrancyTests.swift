// A data source or delegate that reloads, scrolls, selects or removes its table while the table asks it
// for cells or tells it of a selection: the table finishes what it was doing and stays consistent.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct ContainerReentrancyTests {

    /// A row log that runs `onCell` inside `cellForRowAt` and `onSelect` inside `didSelectRowAt`.
    final class Meddling: UITableViewDataSource, UITableViewDelegate {
        var count = 40
        var onCell: ((UITableView, IndexPath) -> Void)?
        var onSelect: ((UITableView, IndexPath) -> Void)?
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            onCell?(tableView, indexPath)
            return cell
        }
        func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { onSelect?(tableView, indexPath) }
    }

    private func scene(_ rows: Meddling) -> (Scene, UITableView) {
        let scene = Scene()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = rows
        table.delegate = rows
        scene.window.addSubview(table)
        return (scene, table)
    }

    /// Every row in view has one cell, in the table, at its row.
    private func consistent(_ table: UITableView) -> Bool {
        guard let paths = table.indexPathsForVisibleRows else { return table.visibleCells.isEmpty }
        let expected = table.indexPathsForRows(in: table.bounds) ?? []
        return paths == expected && table.visibleCells.allSatisfy { cell in
            cell.superview === table && table.indexPath(for: cell).map { table.rectForRow(at: $0) == cell.frame } == true
        }
    }

    @Test func aReloadFromCellForRowAtComesWithTheNextLayout() {
        let rows = Meddling()
        var reloads = 0
        rows.onCell = { table, path in
            guard path.row == 3, reloads == 0 else { return }
            reloads += 1
            rows.count = 5
            table.reloadData()
        }
        let (_, table) = scene(rows)
        table.layoutIfNeeded()
        #expect(reloads == 1)
        table.layoutIfNeeded()
        #expect(table.numberOfRows(inSection: 0) == 5)
        #expect(consistent(table))
    }

    @Test func aScrollFromCellForRowAtLaysOutAgainAfterThePass() {
        let rows = Meddling()
        var scrolled = false
        rows.onCell = { table, path in
            guard !scrolled else { return }
            scrolled = true
            table.scrollToRow(at: IndexPath(row: 30, section: 0), at: .top, animated: false)
        }
        let (_, table) = scene(rows)
        table.layoutIfNeeded()
        table.layoutIfNeeded()
        #expect(table.indexPathsForVisibleRows?.first == IndexPath(row: 29, section: 0))
        #expect(consistent(table))
    }

    @Test func aSelectionHandlerMayReloadOrRemoveTheTable() {
        let rows = Meddling()
        rows.onSelect = { table, _ in table.reloadData() }
        let (scene, table) = scene(rows)
        scene.sim.tap(at: CGPoint(x: 100, y: 100))
        #expect(table.indexPathForSelectedRow == nil)          // the reload cleared it
        #expect(consistent(table))
        rows.onSelect = { table, _ in table.removeFromSuperview() }
        scene.sim.tap(at: CGPoint(x: 100, y: 100))
        #expect(table.window == nil)
        scene.sim.tap(at: CGPoint(x: 100, y: 100))               // nothing left to touch: no trap
    }

    @Test func aCollectionsReloadFromCellForItemAtComesWithTheNextLayout() {
        final class Items: UICollectionViewDataSource {
            var count = 30
            var reloaded = false
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
                if !reloaded {
                    reloaded = true
                    count = 2
                    collectionView.reloadData()
                }
                return cell
            }
        }
        let scene = Scene()
        let grid = UICollectionView(frame: scene.window.bounds, collectionViewLayout: UICollectionViewFlowLayout())
        let items = Items()
        grid.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "tile")
        grid.dataSource = items
        scene.window.addSubview(grid)
        grid.layoutIfNeeded()
        grid.layoutIfNeeded()
        #expect(grid.indexPathsForVisibleItems == [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
    }
}
