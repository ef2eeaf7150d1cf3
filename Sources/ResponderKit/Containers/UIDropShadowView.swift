import Foundation

/// A sheet: UIKit's private class of the same name, the presentation controller's `presentedView`. It
/// holds the presented controller's view, and carries the sheet's own pan (named
/// `_UISheetInteractionBackgroundDismissRecognizer`, as in UIKit), which drags it down to dismiss it.
final class UIDropShadowView: UIView {}
