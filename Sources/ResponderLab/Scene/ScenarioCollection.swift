import Foundation
import ResponderKit

/// A scenario's `collection`: a UICollectionView with a flow layout as the file says, its own data source
/// and delegate, and the hit behaviours. Its cells are named after their items (`grid.5`), and so is what
/// the file puts in each cell. Its own recognizers are named `<name>.delay` and `<name>.pan`.
@MainActor
final class ScenarioCollection: UICollectionView, UICollectionViewDataSource, UICollectionViewDelegate, HasHitBehaviour {
    var behaviour = HitBehaviour()
    let spec: ContainerSpec
    private weak var scene: Scene?

    init(_ spec: ContainerSpec, scene: Scene) {
        self.spec = spec
        self.scene = scene
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = spec.itemSize
        layout.minimumLineSpacing = spec.lineSpacing
        layout.minimumInteritemSpacing = spec.itemSpacing
        layout.sectionInset = spec.sectionInset
        layout.scrollDirection = spec.horizontal ? .horizontal : .vertical
        super.init(frame: .zero, collectionViewLayout: layout)
        allowsSelection = spec.allowsSelection
        allowsMultipleSelection = spec.allowsMultipleSelection
        register(ScenarioCollectionCell.self, forCellWithReuseIdentifier: "cell")
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

    /// Applies the scroll properties and selects the file's items.
    func configure(_ scroll: ScrollSpec, name: String) {
        reloadData()
        layoutIfNeeded()
        applyScrollProperties(scroll, name: name)
        for item in spec.selected { selectItem(at: item, animated: false, scrollPosition: []) }
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { spec.sections.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { spec.sections[section] }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! ScenarioCollectionCell
        if let scene {
            if !cell.isFilled, let template = spec.cell { cell.fill(template, scene: scene) }
            let suffix = ContainerSpec.suffix(of: indexPath)
            scene.nameCellContent(cell, as: (accessibilityIdentifier ?? "collection") + suffix, content: cell.content,
                                  recognizers: cell.contentRecognizers, suffix: suffix)
        }
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        !spec.noHighlight.contains(indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        !spec.noSelect.contains(indexPath)
    }
}

/// A scenario collection's cell: it holds, in its content view, what the file puts in every cell.
@MainActor
final class ScenarioCollectionCell: UICollectionViewCell {
    private(set) var isFilled = false
    private(set) var content: [(template: String, view: UIView)] = []
    private(set) var contentRecognizers: [(template: String, recognizer: UIGestureRecognizer)] = []

    func fill(_ template: ContainerSpec.CellTemplate, scene: Scene) {
        isFilled = true
        (content, contentRecognizers) = CellContent.make(template, in: contentView, on: self, scene: scene)
    }
}
