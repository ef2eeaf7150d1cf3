import Foundation

/// A view a collection view hands out again and again: the base of its cells.
@MainActor
open class UICollectionReusableView: UIView {
    /// The identifier the view is reused under; set when the collection view makes it.
    public internal(set) var reuseIdentifier: String?

    /// Creates a view. Collection views make registered cells through this initializer, so it is
    /// required: a subclass that declares its own designated initializer writes `required init(frame:)`.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Fails, as ``UIView/init(coder:)`` does: ResponderKit reads no archives.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Called just before the collection view hands the view out again for another item: reset what is
    /// not content. The default does nothing.
    open func prepareForReuse() {}
}
