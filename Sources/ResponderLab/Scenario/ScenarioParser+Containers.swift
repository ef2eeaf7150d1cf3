import Foundation
import ResponderKit
import Yams

/// The keys of `table` and `collection` views (see `Scenarios/README.md`, Tables and collections).
extension ScenarioParser {
    static let containerKeys = ["rows", "items", "row-height", "heights", "style", "section-header-height",
                                "section-footer-height", "trailing-actions", "leading-actions", "full-swipe",
                                "actions-complete", "will-select", "item-size", "line-spacing", "item-spacing",
                                "section-inset", "direction", "no-select", "allows-selection",
                                "allows-multiple-selection", "selected", "no-highlight", "cell"]
    static let tableOnlyKeys = ["rows", "row-height", "heights", "style", "section-header-height", "section-footer-height",
                                "trailing-actions", "leading-actions", "full-swipe", "actions-complete", "will-select"]
    static let collectionOnlyKeys = ["items", "item-size", "line-spacing", "item-spacing", "section-inset", "direction", "no-select"]
    static let cellKeys = ["subviews", "recognizers"]
    static let tableStyles: [(String, UITableView.Style)] = [("plain", .plain), ("grouped", .grouped), ("inset-grouped", .insetGrouped)]

    func container(_ fields: YAMLReader.Fields, kind: ViewSpec.Kind, name: String) -> ContainerSpec {
        var spec = ContainerSpec()
        let isTable = kind == .table
        for key in isTable ? Self.collectionOnlyKeys : Self.tableOnlyKeys where fields[key] != nil {
            let other = isTable ? "collection" : "table"
            reader.fail(at: fields.keyLocations[key]!, "'\(key)' is for a \(other); '\(name)' is a \(kind.rawValue)")
        }
        func flag(_ key: String) -> Bool? { fields[key].flatMap { reader.bool($0, key) } }
        func length(_ key: String) -> CGFloat? { fields[key].flatMap { reader.number($0, key, range: 0...1e6) }.map { CGFloat($0) } }

        let countKey = isTable ? "rows" : "items"
        if let node = fields[countKey] { spec.sections = counts(node, countKey) }
        if spec.rowCount > reader.limits.containerRows {
            reader.fail(at: fields.keyLocations[countKey]!, ScenarioLimits.message(
                reader.limits.containerRows, "\(isTable ? "rows" : "items") in one \(kind.rawValue)", stopped: "'\(name)' has \(spec.rowCount)"))
            spec.sections = [0]
        }
        spec.allowsSelection = flag("allows-selection") ?? true
        spec.allowsMultipleSelection = flag("allows-multiple-selection") ?? false
        spec.selected = fields["selected"].flatMap { indexPaths($0, "selected", in: spec) } ?? []
        spec.noHighlight = Set(fields["no-highlight"].flatMap { indexPaths($0, "no-highlight", in: spec) } ?? [])
        if let node = fields["cell"], let cell = reader.mapping(node, "a cell", allowed: Self.cellKeys) {
            spec.cell = ContainerSpec.CellTemplate(
                subviews: cell["subviews"].flatMap { reader.sequence($0, "subviews") }?.compactMap(view) ?? [],
                recognizers: cell["recognizers"].flatMap { reader.sequence($0, "recognizers") }?.compactMap(recognizer) ?? [])
        }
        if isTable {
            spec.style = fields["style"].flatMap { reader.choice($0, "table style", Self.tableStyles) } ?? .plain
            spec.rowHeight = length("row-height") ?? 44
            spec.sectionHeaderHeight = length("section-header-height")
            spec.sectionFooterHeight = length("section-footer-height")
            if let node = fields["heights"], let entries = reader.sequence(node, "heights") {
                for entry in entries {
                    guard let pair = reader.sequence(entry, "a height"), pair.count == 2 else {
                        reader.fail(entry, "each of heights must be [row, height] (or [[section, row], height])")
                        continue
                    }
                    if let row = indexPath(pair[0], "the row of a height", in: spec),
                       let height = reader.number(pair[1], "a row's height", range: 0...1e6) {
                        spec.heights[row] = CGFloat(height)
                    }
                }
            }
            spec.trailingActions = fields["trailing-actions"].flatMap { titles($0, "trailing-actions") } ?? []
            spec.leadingActions = fields["leading-actions"].flatMap { titles($0, "leading-actions") } ?? []
            spec.fullSwipe = flag("full-swipe") ?? true
            spec.actionsComplete = flag("actions-complete") ?? true
            if let node = fields["will-select"], let entries = reader.sequence(node, "will-select") {
                for entry in entries {
                    guard let pair = reader.sequence(entry, "a will-select answer"), pair.count == 2 else {
                        reader.fail(entry, "each of will-select must be [row, row to select instead] or [row, none]")
                        continue
                    }
                    guard let row = indexPath(pair[0], "the row of a will-select answer", in: spec) else { continue }
                    if case .scalar(let scalar) = pair[1], scalar.string == "none" {
                        spec.willSelect[row] = .some(nil)
                    } else if let other = indexPath(pair[1], "the row will-select chooses", in: spec) {
                        spec.willSelect[row] = other
                    }
                }
            }
        } else {
            if let size = fields["item-size"].flatMap({ reader.numbers($0, "item-size", count: 2, form: "[width, height]") }) {
                if size.allSatisfy({ $0 >= 0 }) {
                    spec.itemSize = CGSize(width: size[0], height: size[1])
                } else {
                    reader.fail(at: fields.keyLocations["item-size"]!, "item-size must not be negative")
                }
            }
            spec.lineSpacing = length("line-spacing") ?? 10
            spec.itemSpacing = length("item-spacing") ?? 10
            if let node = fields["section-inset"], let values = reader.numbers(node, "section-inset", count: 4, form: "[top, left, bottom, right]") {
                spec.sectionInset = UIEdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
            }
            spec.horizontal = fields["direction"].flatMap {
                reader.choice($0, "scroll direction", [("vertical", false), ("horizontal", true)])
            } ?? false
            spec.noSelect = Set(fields["no-select"].flatMap { indexPaths($0, "no-select", in: spec) } ?? [])
        }
        return spec
    }

    /// `12` (one section of 12) or `[3, 5]` (sections of 3 and 5).
    private func counts(_ node: Node, _ what: String) -> [Int] {
        let limit = reader.limits.containerRows
        if case .sequence = node, let items = reader.sequence(node, what) {
            return items.compactMap { reader.integer($0, "each section's count in \(what)", range: 0...limit) }
        }
        return reader.integer(node, what, range: 0...limit).map { [$0] } ?? [0]
    }

    /// A row: `3` (in section 0) or `[1, 3]`, which must exist.
    private func indexPath(_ node: Node, _ what: String, in spec: ContainerSpec) -> IndexPath? {
        let path: IndexPath
        if case .sequence = node {
            guard let values = reader.numbers(node, what, count: 2, form: "[section, row]") else { return nil }
            path = IndexPath(row: Int(values[1]), section: Int(values[0]))
        } else {
            guard let row = reader.integer(node, what, range: 0...reader.limits.containerRows) else { return nil }
            path = IndexPath(row: row, section: 0)
        }
        guard path[0] >= 0, path[0] < spec.sections.count, path[1] >= 0, path[1] < spec.sections[path[0]] else {
            reader.fail(node, "\(what): there is no row \(path[1]) in section \(path[0]) (sections: \(spec.sections))")
            return nil
        }
        return path
    }

    /// A list of rows (`[1, 3]` is rows 1 and 3; `[[1, 3]]` is row 3 of section 1), or one row number.
    private func indexPaths(_ node: Node, _ what: String, in spec: ContainerSpec) -> [IndexPath]? {
        if case .sequence = node {
            return reader.sequence(node, what)?.compactMap { indexPath($0, "a row of \(what)", in: spec) }
        }
        return indexPath(node, what, in: spec).map { [$0] }
    }

    /// A list of action titles.
    private func titles(_ node: Node, _ what: String) -> [String]? {
        reader.names(node, what)?.map(\.name)
    }
}
