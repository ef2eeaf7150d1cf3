import Foundation

/// One row of a table view: a view whose ``contentView`` holds the row's subviews, with the row's
/// highlight and selection state.
///
/// The table sets ``isHighlighted`` and ``isSelected`` through ``setHighlighted(_:animated:)`` and
/// ``setSelected(_:animated:)``, which subclasses override (calling super) to follow them. Touches in a
/// cell that nothing in it handles go up the responder chain to the table view, which highlights and
/// selects the row (T1, T2); a control in the cell keeps its touches, so its tap selects nothing (T5).
///
/// A cell is reused: when its row scrolls away the table takes it back, and hands it out again for
/// another row, after ``prepareForReuse()``.
///
/// Subclasses that declare their own designated initializer write `required init(style:reuseIdentifier:)`
/// (not `override init`): the table creates registered cells through their class, which Swift allows
/// only for a required initializer.
@MainActor
open class UITableViewCell: UIView {
    /// Traces name this class and its subclasses "UITableViewCell".
    override var traceClassName: String { "UITableViewCell" }

    /// The standard layouts of a cell's labels.
    public enum CellStyle: Int, Sendable {
        /// A text label only.
        case `default`
        /// A text label, and a detail label on its right.
        case value1
        /// A detail label, and a text label on its right.
        case value2
        /// A text label above a detail label.
        case subtitle
    }

    /// How a selected or highlighted cell is drawn. It changes no event handling: a cell with `.none`
    /// still highlights and selects, and the delegate hears of it, as in UIKit.
    public enum SelectionStyle: Int, Sendable {
        /// Not drawn highlighted or selected.
        case none
        /// Blue (iOS 6 and earlier).
        case blue
        /// Gray.
        case gray
        /// The system's style.
        case `default`
    }

    // MARK: Creating

    /// Creates a cell with the labels of `style`, reusable under `reuseIdentifier`. Its frame is
    /// 320 × 44 until a table sizes it to its row.
    public required init(style: CellStyle, reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        self.cellStyle = style
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        addSubview(contentView)
    }

    /// Creates a `.default` cell with no reuse identifier.
    public override convenience init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// Fails, as ``UIView/init(coder:)`` does: ResponderKit reads no archives.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Content

    /// The view that holds the cell's content: add subviews here. It always covers the cell.
    public let contentView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))

    /// The identifier the cell is reused under.
    public let reuseIdentifier: String?

    /// The style the cell was created with.
    private let cellStyle: CellStyle

    /// The main label, in ``contentView``, made the first time it is asked for (as in UIKit: a cell whose
    /// labels are never used has none in its hierarchy).
    open var textLabel: UILabel? {
        if let textLabelStorage { return textLabelStorage }
        let label = makeLabel()
        textLabelStorage = label
        return label
    }
    private var textLabelStorage: UILabel?

    /// The secondary label, in ``contentView``, made the first time it is asked for; nil for the
    /// `.default` style.
    open var detailTextLabel: UILabel? {
        guard cellStyle != .default else { return nil }
        if let detailLabelStorage { return detailLabelStorage }
        let label = makeLabel()
        detailLabelStorage = label
        return label
    }
    private var detailLabelStorage: UILabel?

    private func makeLabel() -> UILabel {
        let label = UILabel(frame: .zero)
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }

    /// How the cell is drawn when selected or highlighted (drawing only; see ``SelectionStyle``).
    open var selectionStyle: SelectionStyle = .default

    // The content view follows the cell's size at once, as UIKit's autoresizing content view does: a
    // subclass whose layoutSubviews does not call super still has its content where touches land.
    /// The cell's frame, as for any view (``UIView/frame``); its content view follows its size at once.
    open override var frame: CGRect {
        get { super.frame }
        set {
            super.frame = newValue
            fitContentView()
        }
    }

    /// The cell's bounds, as for any view (``UIView/bounds``); its content view follows its size at once.
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            super.bounds = newValue
            fitContentView()
        }
    }

    private func fitContentView() {
        let size = bounds.size
        guard contentView.bounds.size != size || contentView.frame.origin != .zero else { return }
        contentView.frame = CGRect(origin: .zero, size: size)
    }

    /// Places the labels: the text label over the content, less a margin of 16 pt on each side, with the
    /// detail label beside or below it as the style says (chosen: the labels take no touches, so only
    /// their place in the hierarchy matters).
    open override func layoutSubviews() {
        super.layoutSubviews()
        let area = contentView.bounds.insetBy(dx: min(16, contentView.bounds.width / 2), dy: 0)
        guard let detail = detailLabelStorage else {
            textLabelStorage?.frame = area
            return
        }
        switch cellStyle {
        case .subtitle:
            let (top, bottom) = area.divided(atDistance: area.height / 2, from: .minYEdge)
            textLabelStorage?.frame = top
            detail.frame = bottom
        case .value2:
            let (left, right) = area.divided(atDistance: area.width / 3, from: .minXEdge)
            detail.frame = left
            textLabelStorage?.frame = right
        case .value1, .default:
            let (left, right) = area.divided(atDistance: area.width / 2, from: .minXEdge)
            textLabelStorage?.frame = left
            detail.frame = right
        }
    }

    // MARK: Highlight and selection

    /// Whether the cell is highlighted: its row is touched. Setting it calls
    /// ``setHighlighted(_:animated:)`` without animation.
    open var isHighlighted: Bool {
        get { storedIsHighlighted }
        set { setHighlighted(newValue, animated: false) }
    }

    /// Whether the cell's row is selected. Setting it calls ``setSelected(_:animated:)`` without
    /// animation; the table's selection is changed with ``UITableView/selectRow(at:animated:scrollPosition:)``.
    open var isSelected: Bool {
        get { storedIsSelected }
        set { setSelected(newValue, animated: false) }
    }

    private var storedIsHighlighted = false
    private var storedIsSelected = false

    /// Sets the highlight. The table calls it when a touch highlights the row and when the highlight
    /// goes; override it (calling super) to follow it.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        storedIsHighlighted = highlighted
    }

    /// Sets the selected state. The table calls it when its selection changes and when it shows the row;
    /// override it (calling super) to follow it.
    open func setSelected(_ selected: Bool, animated: Bool) {
        storedIsSelected = selected
    }

    // MARK: Reuse

    /// Called just before a table hands out the cell again for another row: reset what is not content.
    /// The table sets the highlight and selection of its new row itself. The default does nothing.
    open func prepareForReuse() {}

}
