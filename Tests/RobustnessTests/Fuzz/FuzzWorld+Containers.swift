// Tables and collections in the fuzzer's scenes: random rows, heights, sizes and layouts, cells that
// may hold a button, swipe actions whose handlers complete or not, delegates that refuse now and then,
// and handlers that reload, select or remove the container while it delivers. Their choices come from
// a generator of their own, so scenes of earlier seeds keep their other views.

import Foundation
@testable import ResponderKit

/// A table of a fuzzed scene: its own data source and delegate, answering as its generator chose.
@MainActor
final class FuzzTable: UITableView, UITableViewDataSource, UITableViewDelegate {
    weak var world: FuzzWorld?
    var sections: [Int] = [0]
    var heights: [CGFloat] = []
    var noHighlight: Set<Int> = []
    var refusesSelection: Set<Int> = []
    var trailing: [String] = []
    var leading: [String] = []
    var completes = true
    var buttonChance = 0.0
    /// Completions kept by handlers that do not complete at once, called later by a mutation (bounded).
    var keptCompletions: [(Bool) -> Void] = []

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section] }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        world?.adoptCell(cell, contentView: cell.contentView, of: self, buttonChance: buttonChance)
        world?.containerHandler(self)
        return cell
    }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        heights.isEmpty ? rowHeight : heights[indexPath.row % heights.count]
    }
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { !noHighlight.contains(indexPath.row) }
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        refusesSelection.contains(indexPath.row) ? nil : indexPath
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { world?.containerHandler(self) }
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) { world?.containerHandler(self) }
    func tableView(_ tableView: UITableView,
                   trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        configuration(trailing)
    }
    func tableView(_ tableView: UITableView,
                   leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        configuration(leading)
    }
    func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) { world?.adoptSwipeActions(of: self) }

    private func configuration(_ titles: [String]) -> UISwipeActionsConfiguration? {
        guard !titles.isEmpty else { return nil }
        let actions = titles.map { title in
            UIContextualAction(style: .normal, title: title) { [weak self] _, _, completion in
                guard let self else { return }
                if completes { completion(true) } else if keptCompletions.count < 8 { keptCompletions.append(completion) }
                world?.containerHandler(self)
            }
        }
        let configuration = UISwipeActionsConfiguration(actions: actions)
        configuration.performsFirstActionWithFullSwipe = world?.containerRng.chance(0.5) ?? true
        return configuration
    }
}

/// A collection of a fuzzed scene, with a flow layout its generator chose.
@MainActor
final class FuzzCollection: UICollectionView, UICollectionViewDataSource, UICollectionViewDelegate {
    weak var world: FuzzWorld?
    var sections: [Int] = [0]
    var noHighlight: Set<Int> = []
    var refusesSelection: Set<Int> = []
    var buttonChance = 0.0

    func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { sections[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        world?.adoptCell(cell, contentView: cell.contentView, of: self, buttonChance: buttonChance)
        world?.containerHandler(self)
        return cell
    }
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { !noHighlight.contains(indexPath.item) }
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { !refusesSelection.contains(indexPath.item) }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { world?.containerHandler(self) }
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) { world?.containerHandler(self) }
}

extension FuzzWorld {

    /// Turns some plain views into tables or collections (about one in ten), configured at random.
    func maybeContainer(name: String, frame: CGRect) -> UIScrollView? {
        guard containerRng.chance(0.1) else { return nil }
        let container: UIScrollView
        func counts() -> [Int] {
            (0..<containerRng.int(1...3)).map { _ in containerRng.pick([0, 1, 3, 12, 40, 200]) }
        }
        func rows(_ limit: Int) -> Set<Int> { Set((0..<containerRng.int(0...3)).map { _ in containerRng.int(0...limit) }) }
        if containerRng.chance(0.65) {
            let table = FuzzTable(frame: frame, style: containerRng.pick([.plain, .plain, .grouped, .insetGrouped]))
            table.world = self
            table.sections = counts()
            table.rowHeight = containerRng.pick([20, 44, 44, 80])
            if containerRng.chance(0.3) { table.heights = (0..<containerRng.int(1...5)).map { _ in containerRng.pick([1, 30, 44, 100]) } }
            table.noHighlight = rows(12)
            table.refusesSelection = rows(12)
            table.trailing = containerRng.chance(0.5) ? Array(["Archive", "Delete", "Flag"].prefix(containerRng.int(1...3))) : []
            table.leading = containerRng.chance(0.3) ? ["Pin"] : []
            table.completes = !containerRng.chance(0.3)
            table.allowsMultipleSelection = containerRng.chance(0.3)
            table.allowsSelection = !containerRng.chance(0.1)
            table.allowsSelectionDuringEditing = containerRng.chance(0.3)
            table.buttonChance = containerRng.pick([0, 0.3, 1])
            table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
            table.dataSource = table
            table.delegate = table
            container = table
            let names = ["\(name).delay", "\(name).pan", "\(name).swipe", "\(name).swipe-dismissal"]
            register(container.gestureRecognizers ?? [], as: names)
            tracer.recognizersWithoutTracedActions.insert(names[0])
        } else {
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: containerRng.pick([0, 10, 50, 100, 400]), height: containerRng.pick([10, 50, 100]))
            layout.minimumLineSpacing = containerRng.pick([0, 10, 30])
            layout.minimumInteritemSpacing = containerRng.pick([0, 10, 30])
            if containerRng.chance(0.3) { layout.sectionInset = UIEdgeInsets(top: 10, left: 5, bottom: 20, right: 5) }
            layout.scrollDirection = containerRng.chance(0.3) ? .horizontal : .vertical
            let collection = FuzzCollection(frame: frame, collectionViewLayout: layout)
            collection.world = self
            collection.sections = counts()
            collection.noHighlight = rows(12)
            collection.refusesSelection = rows(12)
            collection.allowsMultipleSelection = containerRng.chance(0.3)
            collection.allowsSelection = !containerRng.chance(0.1)
            collection.buttonChance = containerRng.pick([0, 0.3, 1])
            collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            collection.dataSource = collection
            collection.delegate = collection
            container = collection
            let names = ["\(name).delay", "\(name).pan"]
            register(container.gestureRecognizers ?? [], as: names)
            tracer.recognizersWithoutTracedActions.insert(names[0])
        }
        container.accessibilityIdentifier = name
        container.delaysContentTouches = !containerRng.chance(0.3)
        containers.append(container)
        return container
    }

    private func register(_ recognizers: [UIGestureRecognizer], as names: [String]) {
        for (recognizer, recognizerName) in zip(recognizers, names) {
            recognizer.name = recognizerName
            tracer.register(recognizer, as: recognizerName)
            note(recognizer, "recognizer \(recognizerName)")
        }
    }

    /// Names and registers a cell the first time a container hands it out, with its content view and,
    /// now and then, a button in it (the cell's views keep their names when the cell is reused).
    func adoptCell(_ cell: UIView, contentView: UIView, of container: UIScrollView, buttonChance: Double) {
        guard cell.accessibilityIdentifier == nil else { return }
        let name = nextName("\(container.accessibilityIdentifier ?? "c").cell")
        cell.accessibilityIdentifier = name
        contentView.accessibilityIdentifier = name + ".content"
        tracer.register(cell, as: name)
        tracer.register(contentView, as: name + ".content")
        note(cell, "cell \(name)")
        if containerRng.chance(buttonChance) {
            let button = ProbeButton(name: nextName("\(name).button"), frame: CGRect(x: 4, y: 4, width: 60, height: 30))
            button.probe.host = self
            button.addTarget(target, action: FuzzActionTarget.buttonUp, for: .touchUpInside)
            registerView(button)
            contentView.addSubview(button)
        }
    }

    /// Names the view of a row's swipe actions and its buttons, which the table made as the swipe began.
    func adoptSwipeActions(of table: FuzzTable) {
        for case let pull as UISwipeActionPullView in table.subviews where pull.accessibilityIdentifier == "swipe actions" {
            let name = nextName("\(table.accessibilityIdentifier ?? "t").actions")
            pull.accessibilityIdentifier = name
            tracer.register(pull, as: name)
            for (index, button) in pull.buttons.enumerated() {
                button.accessibilityIdentifier = "\(name).\(index)"
                tracer.register(button, as: "\(name).\(index)")
            }
        }
    }

    /// A cell asked for, a highlight, a selection or an action's handler, now and then re-entrant: it
    /// reloads, selects by code (which scrolls), changes editing, calls a kept completion, or takes the
    /// container out of its window.
    func containerHandler(_ container: UIScrollView) {
        guard enabled(.changeContainerInHandler), containerRng.chance(config.hookProbability) else { return }
        hooksFired[.changeContainerInHandler, default: 0] += 1
        switch containerRng.int(0...4) {
        case 0:
            (container as? UITableView)?.reloadData()
            (container as? UICollectionView)?.reloadData()
        case 1:
            (container as? UITableView)?.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .top)
            (container as? UICollectionView)?.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: .top)
        case 2:
            (container as? UITableView)?.setEditing(containerRng.chance(0.5), animated: false)
        case 3:
            if let table = container as? FuzzTable, !table.keptCompletions.isEmpty { table.keptCompletions.removeFirst()(containerRng.chance(0.5)) }
        default:
            container.removeFromSuperview()
        }
    }

    /// After every step: each container's cells in view are for rows it has, in order, each once. (Where
    /// a cell is is not checked: the scene's mutations move and remove cells, as an app may.)
    func checkContainers() {
        for container in containers {
            if let table = container as? UITableView {
                let rows = table.visibleRows.map { ($0.section, $0.row) }
                if zip(rows, rows.dropFirst()).contains(where: { !($0 < $1) }) {
                    ledger.fail("'\(name(table))': its rows in view are not in order, or one is there twice: \(rows)")
                }
                if let last = rows.last, table.rowsAreLoaded, !table.geometry.contains(IndexPath(row: last.1, section: last.0)) {
                    ledger.fail("'\(name(table))' has a cell for row \(last), which it does not have")
                }
            } else if let collection = container as? UICollectionView {
                let items = collection.visibleItems.map { ($0.section, $0.item) }
                if zip(items, items.dropFirst()).contains(where: { !($0 < $1) }) {
                    ledger.fail("'\(name(collection))': its items in view are not in order, or one is there twice: \(items)")
                }
            }
        }
    }

    /// At rest: no container follows a touch, no cell is highlighted, and the trace's highlights ended.
    func checkContainersAtRest() {
        for container in containers {
            if let table = container as? UITableView {
                if table.followedTouch != nil { ledger.fail("'\(name(table))' still follows a touch on a row at rest") }
                if table.visibleCells.contains(where: \.isHighlighted) { ledger.fail("'\(name(table))' has a highlighted cell at rest") }
            } else if let collection = container as? UICollectionView {
                if collection.followedTouch != nil { ledger.fail("'\(name(collection))' still follows a touch on an item at rest") }
                if collection.visibleCells.contains(where: \.isHighlighted) { ledger.fail("'\(name(collection))' has a highlighted cell at rest") }
            }
        }
        if !tracer.containers.highlighted.isEmpty {
            ledger.fail("the trace highlights these rows and never unhighlights them: \(tracer.containers.highlighted.sorted())")
        }
    }
}
