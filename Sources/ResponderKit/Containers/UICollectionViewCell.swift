import Foundation

/// One item of a collection view: a view whose ``contentView`` holds the item's subviews, with the
/// item's highlight and selection state.
///
/// The collection view sets ``isHighlighted`` and ``isSelected`` as touches and its selection change
/// (T2); subclasses observe them with `didSet`. Touches in a cell that nothing in it handles go up the
/// responder chain to the collection view, which highlights and selects the item; a control in the cell
/// keeps its touches.
@MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// Traces name this class and its subclasses "UICollectionViewCell".
    override var traceClassName: String { "UICollectionViewCell" }

    /// Creates a cell.
    public required init(frame: CGRect) {
        super.init(frame: frame)
        contentView.frame = CGRect(origin: .zero, size: frame.size)
        addSubview(contentView)
    }

    /// Fails, as ``UIView/init(coder:)`` does: ResponderKit reads no archives.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The view that holds the cell's content: add subviews here. It always covers the cell.
    public let contentView = UIView(frame: .zero)

    /// Whether the item is highlighted: its touch is down on it.
    open var isHighlighted = false
    /// Whether the item is selected.
    open var isSelected = false

    // The content view follows the cell's size at once, as UIKit's autoresizing content view does.
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
}
