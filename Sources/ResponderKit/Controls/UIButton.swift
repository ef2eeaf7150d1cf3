import Foundation

/// A button: its primary action is touch-up-inside (F6).
///
/// A one-finger single tap recognizer attached to any other view does not begin when the touch is on
/// the button, so the button wins (R10, D14). A recognizer attached to the button itself is not refused;
/// if it recognizes, the button's touch is cancelled and it sends `.touchCancel` instead of
/// `.touchUpInside`.
@MainActor
open class UIButton: UIControl {
    /// Traces name this class and its subclasses "UIButton".
    override var traceClassName: String { "UIButton" }

    /// Creates a button whose primary action (sent with touch-up-inside) is `primaryAction`.
    public convenience init(primaryAction: UIAction?) {
        self.init(frame: .zero)
        if let primaryAction {
            addAction(primaryAction, for: .primaryActionTriggered)
            storedTitle = primaryAction.title
        }
    }

    private var storedTitle: String?

    /// The title shown: the primary action's title, or what ``setTitle(_:for:)`` set.
    open var currentTitle: String? { storedTitle }

    /// Sets the title. (Titles per state are not kept apart: the last one set is shown.)
    open func setTitle(_ title: String?, for state: UIControl.State) { storedTitle = title }

    override var touchUpInsideEvents: UIControl.Event { [.touchUpInside, .primaryActionTriggered] }

    /// Refuses one-finger single taps attached to other views (R10).
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer.view !== self, gestureRecognizer.isSingleFingerSingleTap { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}

extension UIGestureRecognizer {
    /// A `UITapGestureRecognizer` for one tap of one finger: the kind controls beat (R10, D14).
    var isSingleFingerSingleTap: Bool {
        guard let tap = self as? UITapGestureRecognizer else { return false }
        return tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1
    }
}
