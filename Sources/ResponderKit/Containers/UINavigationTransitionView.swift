import Foundation

/// The view in which a navigation controller's transitions happen: UIKit's private class of the same
/// name. It fills the navigation controller's view and holds the ``UIViewControllerWrapperView``.
final class UINavigationTransitionView: UIView {}
