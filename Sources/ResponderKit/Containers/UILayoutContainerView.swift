import Foundation

/// A container controller's root view: UIKit's private class of the same name, the view of a
/// ``UINavigationController``. Whenever its size changes it lays out its content, through `layout`.
final class UILayoutContainerView: UIView {
    /// Lays out the content for the view's bounds (set by the controller that owns the view).
    var layout: (@MainActor () -> Void)?

    override var frame: CGRect {
        get { super.frame }
        set {
            let size = bounds.size
            super.frame = newValue
            if bounds.size != size { layout?() }
        }
    }

    override var bounds: CGRect {
        get { super.bounds }
        set {
            let size = super.bounds.size
            super.bounds = newValue
            if newValue.size != size { layout?() }
        }
    }
}
