import Foundation
import ResponderKit

/// A scenario's `table`: a UITableView that is its own data source and delegate, answering as the file
/// says (rows, heights, highlight, will-select, swipe actions), with the hit behaviours. Its cells are
/// named after their rows (`list.3`), and so is what the file puts in each cell (`buy.3`). Its own
/// recognizers are named `<name>.delay`, `<name>.pan`, `<name>.swipe` and `<name>.swipe-dismissal`.
@MainActor
final class ScenarioTable: UITableView, UITableViewDataSource, UITableViewDelegate, HasHitBehaviour {
    var behaviour = HitBehaviour()
    let spec: ContainerSpec
    /// The scene, which makes cell content and keeps the names (held weakly: the scene owns the table).
    private weak var scene: Scene?

    init(_ spec: ContainerSpec, scene: Scene) {
        self.spec = spec
        self.scene = scene
        super.init(frame: .zero, style: spec.style)
        rowHeight = spec.rowHeight
        if let height = spec.sectionHeaderHeight { sectionHeaderHeight = height }
        if let height = spec.sectionFooterHeight { sectionFooterHeight = height }
        allowsSelection = spec.allowsSelection
        allowsMultipleSelection = spec.allowsMultipleSelection
        register(ScenarioTableCell.self, forCellReuseIdentifier: "cell")
        dataSource = self
        delegate = self
    }

    required init?(coder: NSCoder) { nil }

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        behavedPoint(inside: point) { super.point(inside: point, with: event) }
    }
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        behavedHitTest { super.hitTest(point, with: event) }
    }
    override var canBecomeFirstResponder: Bool { behavedCanBecomeFirstResponder(inherited: super.canBecomeFirstResponder) }
    override func gestureRecognizerShouldBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        behavedShouldBegin(recognizer) { super.gestureRecognizerShouldBegin(recognizer) }
    }

    /// Applies the scroll properties, names the table's own recognizers and selects the file's rows.
    func configure(_ scroll: ScrollSpec, name: String) {
        reloadData()
        applyScrollProperties(scroll, name: name)
        let own = ContainerSpec.tableRecognizerNames(of: name)
        let recognizers = gestureRecognizers ?? []
        // After the scroll view's delay and pan come the swipe and its dismissal, in that order.
        for (index, recognizerName) in own.enumerated() where recognizers.count > index + 2 {
            recognizers[index + 2].name = recognizerName
        }
        for row in spec.selected { selectRow(at: row, animated: false, scrollPosition: .none) }
    }

    // MARK: Data source

    func numberOfSections(in tableView: UITableView) -> Int { spec.sections.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { spec.sections[section] }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = dequeueReusableCell(withIdentifier: "cell", for: indexPath) as! ScenarioTableCell
        if let scene {
            if !cell.isFilled, let template = spec.cell { cell.fill(template, scene: scene) }
            let suffix = ContainerSpec.suffix(of: indexPath)
            scene.nameCellContent(cell, as: (accessibilityIdentifier ?? "table") + suffix, content: cell.content,
                                  recognizers: cell.contentRecognizers, suffix: suffix)
        }
        return cell
    }

    // MARK: Delegate

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        spec.heights[indexPath] ?? rowHeight
    }
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        !spec.noHighlight.contains(indexPath)
    }
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        spec.willSelect[indexPath] ?? indexPath
    }
    func tableView(_ tableView: UITableView,
                   trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        configuration(spec.trailingActions)
    }
    func tableView(_ tableView: UITableView,
                   leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        configuration(spec.leadingActions)
    }

    /// Actions with the file's titles; their handlers complete at once unless the file says not to (the
    /// trace records each action performed and completed).
    private func configuration(_ titles: [String]) -> UISwipeActionsConfiguration? {
        guard !titles.isEmpty else { return nil }
        let completes = spec.actionsComplete
        let actions = titles.map { title in
            UIContextualAction(style: title.lowercased() == "delete" ? .destructive : .normal, title: title) { _, _, completion in
                if completes { completion(true) }
            }
        }
        let configuration = UISwipeActionsConfiguration(actions: actions)
        configuration.performsFirstActionWithFullSwipe = spec.fullSwipe
        return configuration
    }
}

/// A scenario table's cell: it holds, in its content view, what the file puts in every cell.
@MainActor
final class ScenarioTableCell: UITableViewCell {
    private(set) var isFilled = false
    private(set) var content: [(template: String, view: UIView)] = []
    private(set) var contentRecognizers: [(template: String, recognizer: UIGestureRecognizer)] = []

    /// Makes the template's subviews and recognizers, once per cell.
    func fill(_ template: ContainerSpec.CellTemplate, scene: Scene) {
        isFilled = true
        (content, contentRecognizers) = CellContent.make(template, in: contentView, on: self, scene: scene)
    }
}

/// Makes a cell's content from a template, keeping each view and recognizer with its name in the file.
@MainActor
enum CellContent {
    static func make(_ template: ContainerSpec.CellTemplate, in contentView: UIView, on cell: UIView, scene: Scene)
        -> ([(template: String, view: UIView)], [(template: String, recognizer: UIGestureRecognizer)]) {
        var views: [(template: String, view: UIView)] = []
        var recognizers: [(template: String, recognizer: UIGestureRecognizer)] = []
        func collect(_ spec: ViewSpec, _ view: UIView) {
            views.append((spec.name, view))
            for (recognizerSpec, recognizer) in zip(spec.recognizers, view.gestureRecognizers ?? []) {
                recognizers.append((recognizerSpec.name, recognizer))
            }
            for (subspec, subview) in zip(spec.subviews, view.subviews) { collect(subspec, subview) }
        }
        for spec in template.subviews {
            let view = scene.view(spec, registering: false)
            contentView.addSubview(view)
            collect(spec, view)
        }
        for spec in template.recognizers {
            let recognizer = scene.recognizer(spec, registering: false)
            cell.addGestureRecognizer(recognizer)
            recognizers.append((spec.name, recognizer))
        }
        return (views, recognizers)
    }
}
