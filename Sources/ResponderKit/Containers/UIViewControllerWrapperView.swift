import Foundation

/// The view that holds a navigation controller's top view controller's view: UIKit's private class of
/// the same name, so traces and imported hierarchies read as on a device. It lives inside the
/// ``UINavigationTransitionView`` and fills it.
final class UIViewControllerWrapperView: UIView {}
