import Foundation

/// A view that shows text. Like UIKit's, it ignores touches unless told otherwise:
/// ``UIView/isUserInteractionEnabled`` is false by default, so hit-testing passes through it.
@MainActor
open class UILabel: UIView {
    /// Traces name this class and its subclasses "UILabel".
    override var traceClassName: String { "UILabel" }

    /// The text shown.
    open var text: String?

    /// Creates a label; user interaction is off.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Fails, as ``UIView/init(coder:)`` does: ResponderKit reads no archives.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
