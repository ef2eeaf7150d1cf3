import Foundation

/// A container controller's root view: UIKit's private class of the same name, the view of a
/// ``UINavigationController``. Whenever its size changes it lays out its content, through `layout`; and
/// it answers for the recognizers on it, through `shouldBegin` (R9: every view up to a recognizer's own
/// is asked, whatever the recognizer's delegate).
final class UILayoutContainerView: UIView {
    /// Lays out the content for the view's bounds (set by the controller that owns the view).
    var layout: (@MainActor () -> Void)?
    /// Whether a recognizer on the view may begin (set by the controller that owns the view).
    var shouldBegin: (@MainActor (UIGestureRecognizer) -> Bool)?

    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        (shouldBegin?(gestureRecognizer) ?? true) && super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

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
