// Collection views: the flow layout's lines, the cells of the items in view, and highlight and selection
// in the order Apple's guide gives (T1–T4).

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct CollectionViewTests {

    final class Tile: UICollectionViewCell {
        var seen: [String] = []
        override var isHighlighted: Bool { didSet { seen.append(isHighlighted ? "highlighted" : "unhighlighted") } }
        override var isSelected: Bool { didSet { seen.append(isSelected ? "selected" : "deselected") } }
    }

    /// A data source and flow-layout delegate that logs every call.
    final class ItemLog: UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
        var counts = [30]
        var sizes: [IndexPath: CGSize] = [:]
        var calls: [String] = []
        var highlights = true
        var selects = true
        var deselects = true
        var configure: ((Tile, IndexPath) -> Void)?

        func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath) as! Tile
            configure?(cell, indexPath)
            return cell
        }
        func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                            sizeForItemAt indexPath: IndexPath) -> CGSize {
            sizes[indexPath] ?? (collectionViewLayout as! UICollectionViewFlowLayout).itemSize
        }
        func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
            calls.append("shouldHighlight \(indexPath.item)")
            return highlights
        }
        func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) { calls.append("didHighlight \(indexPath.item)") }
        func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) { calls.append("didUnhighlight \(indexPath.item)") }
        func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
            calls.append("shouldSelect \(indexPath.item)")
            return selects
        }
        func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { calls.append("didSelect \(indexPath.item)") }
        func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
            calls.append("shouldDeselect \(indexPath.item)")
            return deselects
        }
        func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) { calls.append("didDeselect \(indexPath.item)") }
    }

    @MainActor
    struct GridScene {
        let scene = Scene()
        let layout = UICollectionViewFlowLayout()
        let grid: UICollectionView
        let items: ItemLog

        init(items: ItemLog = ItemLog(), configure: (UICollectionViewFlowLayout) -> Void = { $0.itemSize = CGSize(width: 100, height: 100) }) {
            self.items = items
            configure(layout)
            grid = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
            grid.register(Tile.self, forCellWithReuseIdentifier: "tile")
            grid.dataSource = items
            grid.delegate = items
            scene.window.addSubview(grid)
            grid.layoutIfNeeded()
        }

        var sim: EventSimulator { scene.sim }
        func frame(_ item: Int, _ section: Int = 0) -> CGRect? { grid.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame }
        func tile(_ item: Int) -> Tile? { grid.cellForItem(at: IndexPath(item: item, section: 0)) as? Tile }
        func centre(_ item: Int) -> CGPoint {
            let f = grid.convert(frame(item)!, to: nil)
            return CGPoint(x: f.midX, y: f.midY)
        }
    }

    // MARK: Flow layout

    @Test func linesAreJustifiedAndALoneItemIsCentered() {
        let s = GridScene { $0.itemSize = CGSize(width: 90, height: 90) }
        // Three 90-pt items in 320 pt: 50 pt to spare, 25 between each.
        #expect(s.frame(0) == CGRect(x: 0, y: 0, width: 90, height: 90))
        #expect(s.frame(1) == CGRect(x: 115, y: 0, width: 90, height: 90))
        #expect(s.frame(2) == CGRect(x: 230, y: 0, width: 90, height: 90))
        #expect(s.frame(3) == CGRect(x: 0, y: 100, width: 90, height: 90))
        let one = ItemLog()
        one.counts = [4]
        let wide = GridScene(items: one) { $0.itemSize = CGSize(width: 200, height: 50) }
        #expect(wide.frame(0) == CGRect(x: 60, y: 0, width: 200, height: 50))
        #expect(wide.grid.contentSize == CGSize(width: 320, height: 4 * 50 + 3 * 10))
    }

    @Test func insetsSpacingsAndPerItemSizesMoveTheItems() {
        let items = ItemLog()
        items.counts = [3, 2]
        items.sizes = [IndexPath(item: 1, section: 0): CGSize(width: 100, height: 60)]
        let s = GridScene(items: items) { layout in
            layout.itemSize = CGSize(width: 100, height: 40)
            layout.sectionInset = UIEdgeInsets(top: 5, left: 10, bottom: 15, right: 10)
            layout.minimumLineSpacing = 20
            layout.minimumInteritemSpacing = 0
            layout.headerReferenceSize = CGSize(width: 0, height: 30)
        }
        // Section 0: one line of three in 300 pt; the tall item sets the line's height and the others are
        // centred across it.
        #expect(s.frame(0) == CGRect(x: 10, y: 45, width: 100, height: 40))
        #expect(s.frame(1) == CGRect(x: 110, y: 35, width: 100, height: 60))
        #expect(s.frame(2) == CGRect(x: 210, y: 45, width: 100, height: 40))
        // Section 1 after section 0's bottom inset, then its own header and top inset.
        let second = 30 + 5 + 60 + 15 + 30 + 5
        #expect(s.frame(0, 1) == CGRect(x: 10, y: CGFloat(second), width: 100, height: 40))
        #expect(s.grid.contentSize.height == CGFloat(second + 40 + 15))
    }

    @Test func aHorizontalLayoutFillsColumnsAndScrollsSideways() {
        let s = GridScene { layout in
            layout.scrollDirection = .horizontal
            layout.itemSize = CGSize(width: 100, height: 150)
        }
        // Three 150-pt items in a 480-pt column, 15 pt apart; columns 10 pt apart.
        #expect(s.frame(0) == CGRect(x: 0, y: 0, width: 100, height: 150))
        #expect(s.frame(1) == CGRect(x: 0, y: 165, width: 100, height: 150))
        #expect(s.frame(3) == CGRect(x: 110, y: 0, width: 100, height: 150))
        #expect(s.grid.contentSize == CGSize(width: 10 * 100 + 9 * 10, height: 480))
        s.sim.touchDown(1, at: CGPoint(x: 300, y: 100))
        for step in 1...10 {
            s.sim.advance(by: 1.0 / 60)
            s.sim.touchMove(1, to: CGPoint(x: 300 - CGFloat(step) * 20, y: 100))
        }
        s.sim.touchUp(1)
        #expect(s.grid.contentOffset.x > 100 && s.grid.contentOffset.y == 0)
    }

    @Test func changingTheLayoutsPropertiesLaysTheItemsOutAgain() {
        let s = GridScene()
        s.layout.itemSize = CGSize(width: 150, height: 150)
        s.grid.layoutIfNeeded()
        #expect(s.frame(1) == CGRect(x: 170, y: 0, width: 150, height: 150))
        #expect(s.tile(1)?.frame == CGRect(x: 170, y: 0, width: 150, height: 150))
    }

    // MARK: Cells

    @Test func onlyItemsInViewHaveCellsReusedAsTheContentScrolls() {
        let s = GridScene()
        #expect(s.grid.indexPathsForVisibleItems.count == 15)          // lines 0…4 meet 480 pt
        #expect(s.tile(15) == nil)
        let before = Set(s.grid.visibleCells.map(ObjectIdentifier.init))
        s.grid.contentOffset = CGPoint(x: 0, y: 330)
        #expect(s.grid.indexPathsForVisibleItems.first == IndexPath(item: 9, section: 0))
        let after = Set(s.grid.visibleCells.map(ObjectIdentifier.init))
        #expect(after.isSubset(of: before) || after.intersection(before).count >= 6)
        #expect(s.tile(9)?.frame == CGRect(x: 0, y: 330, width: 100, height: 100))
    }

    @Test func aCustomLayoutsHiddenItemsTakeNoTouchesAndHigherZIndexesComeFirst() {
        final class Stack: UICollectionViewLayout {
            override var collectionViewContentSize: CGSize { CGSize(width: 320, height: 480) }
            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                (0..<3).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
            }
            override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                let a = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                a.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
                a.zIndex = indexPath.item == 1 ? 5 : 0
                a.isHidden = indexPath.item == 2
                return a
            }
        }
        let items = ItemLog()
        items.counts = [3]
        let scene = Scene()
        let grid = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: Stack())
        grid.register(Tile.self, forCellWithReuseIdentifier: "tile")
        grid.dataSource = items
        grid.delegate = items
        scene.window.addSubview(grid)
        scene.sim.tap(at: CGPoint(x: 100, y: 100))
        #expect(items.calls.last == "didSelect 1")
        #expect(grid.indexPathForItem(at: CGPoint(x: 100, y: 100)) == IndexPath(item: 1, section: 0))
        #expect(grid.cellForItem(at: IndexPath(item: 2, section: 0))?.isHidden == true)
    }

    // MARK: Selection

    @Test func aTapFollowsTheGuidesOrderAndTheCellSeesEachState() {
        let s = GridScene()
        s.sim.touchDown(1, at: s.centre(4))
        s.sim.advance(by: 0.2)
        #expect(s.items.calls == ["shouldHighlight 4", "didHighlight 4"])
        #expect(s.tile(4)?.isHighlighted == true)
        s.sim.touchUp(1)
        #expect(s.items.calls == ["shouldHighlight 4", "didHighlight 4", "didUnhighlight 4", "shouldSelect 4", "didSelect 4"])
        #expect(s.tile(4)?.seen == ["highlighted", "unhighlighted", "selected"])
    }

    @Test func selectingAnotherItemDeselectsThePreviousOneWithoutAskingIt() {
        let s = GridScene()
        s.sim.tap(at: s.centre(1))
        s.items.calls = []
        s.sim.tap(at: s.centre(2))
        #expect(s.items.calls == ["shouldHighlight 2", "didHighlight 2", "didUnhighlight 2", "shouldSelect 2", "didDeselect 1", "didSelect 2"])
        #expect(s.grid.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
        #expect(s.tile(1)?.isSelected == false)
    }

    @Test func withMultipleSelectionATapOnASelectedItemAsksAndDeselectsIt() {
        let s = GridScene()
        s.grid.allowsMultipleSelection = true
        s.sim.tap(at: s.centre(1))
        s.sim.tap(at: s.centre(2))
        s.items.calls = []
        s.items.deselects = false
        s.sim.tap(at: s.centre(1))
        #expect(s.items.calls.suffix(1) == ["shouldDeselect 1"])
        #expect(s.grid.indexPathsForSelectedItems?.count == 2)
        s.items.deselects = true
        s.sim.tap(at: s.centre(1))
        #expect(s.items.calls.suffix(2) == ["shouldDeselect 1", "didDeselect 1"])
        #expect(s.grid.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
    }

    @Test func shouldHighlightFalseBypassesTheWholeSelection() {
        let s = GridScene()
        s.items.highlights = false
        s.sim.tap(at: s.centre(3))
        #expect(s.items.calls == ["shouldHighlight 3"])
        #expect(s.grid.indexPathsForSelectedItems == [])
    }

    @Test func shouldSelectFalseKeepsTheItemUnselected() {
        let s = GridScene()
        s.items.selects = false
        s.sim.tap(at: s.centre(3))
        #expect(s.items.calls.last == "shouldSelect 3")
        #expect(s.grid.indexPathsForSelectedItems == [])
    }

    @Test func aTouchThatScrollsSelectsNothingAndAllowsSelectionOffSelectsNothing() {
        let s = GridScene()
        s.sim.touchDown(1, at: s.centre(7))
        s.sim.advance(by: 0.2)
        for step in 1...8 {
            s.sim.advance(by: 1.0 / 60)
            s.sim.touchMove(1, to: CGPoint(x: s.centre(7).x, y: s.centre(7).y - CGFloat(step) * 12))
        }
        s.sim.touchUp(1)
        #expect(s.items.calls == ["shouldHighlight 7", "didHighlight 7", "didUnhighlight 7"])
        s.items.calls = []
        s.grid.allowsSelection = false
        s.sim.tap(at: s.centre(8))
        #expect(s.items.calls.isEmpty && s.grid.indexPathsForSelectedItems == [])
    }

    @Test func aTapBetweenItemsSelectsNothing() {
        let s = GridScene()
        s.sim.tap(at: CGPoint(x: 105, y: 50))
        #expect(s.items.calls.isEmpty)
    }

    @Test func aDragThatStartsOnAButtonInACellDoesNotScrollTheCollectionView() {
        let s = GridScene()
        s.items.configure = { tile, indexPath in
            if indexPath.item == 4, tile.contentView.subviews.isEmpty {
                tile.contentView.addSubview(UIButton(frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
            }
        }
        s.grid.reloadData()
        s.grid.layoutIfNeeded()
        #expect(!s.grid.touchesShouldCancel(in: UIButton(frame: .zero)))
        s.sim.touchDown(1, at: s.centre(4))
        s.sim.advance(by: 0.3)
        for step in 1...8 {
            s.sim.advance(by: 1.0 / 60)
            s.sim.touchMove(1, to: CGPoint(x: s.centre(4).x, y: s.centre(4).y - CGFloat(step) * 12))
        }
        s.sim.touchUp(1)
        #expect(s.grid.contentOffset == .zero)
        #expect(s.items.calls.isEmpty)
    }

    @Test func selectionByCodeScrollsToTheAskedPositionAndTellsNobody() {
        let s = GridScene()
        s.grid.selectItem(at: IndexPath(item: 12, section: 0), animated: false, scrollPosition: .top)
        #expect(s.items.calls.isEmpty)
        #expect(s.grid.contentOffset.y == 440)
        #expect(s.tile(12)?.isSelected == true)
        s.grid.selectItem(at: IndexPath(item: 29, section: 0), animated: false, scrollPosition: .top)
        #expect(s.grid.contentOffset.y == 1090 - 480)                // within the content's range
        s.grid.selectItem(at: nil, animated: false, scrollPosition: [])
        #expect(s.grid.indexPathsForSelectedItems == [])
    }

    @Test func anItemsViewThatDoesNotPassTheEndOnStillEndsTheHighlightWhenTheTouchEnds() {
        /// Passes touchesBegan up the chain, keeps the end: a common mistake in an app's cell content.
        final class KeepsTheEnd: UIView {
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
        }
        let s = GridScene()
        s.grid.delaysContentTouches = false
        let content = s.tile(4)!.contentView
        let keeper = KeepsTheEnd(frame: content.bounds)
        content.addSubview(keeper)
        s.sim.touchDown(1, at: s.centre(4))
        #expect(s.tile(4)?.isHighlighted == true)
        s.sim.touchUp(1)
        #expect(s.items.calls == ["shouldHighlight 4", "didHighlight 4", "didUnhighlight 4"])
        #expect(s.tile(4)?.isHighlighted == false)
        #expect(s.grid.indexPathsForSelectedItems == [])
        keeper.removeFromSuperview()
        s.items.calls = []
        s.sim.tap(at: s.centre(4))
        #expect(s.items.calls.last == "didSelect 4")
    }
}
