import Foundation

/// Hears a navigation controller's changes of the controller it shows, while it is on screen (a
/// change made before it is in a visible window, such as its root controller's, goes unannounced).
///
/// Every method is optional: the defaults in the extension do nothing. Implement a method with exactly
/// this signature, or the default is used.
@MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    /// Called as a push, a pop or a change of the stack begins to show `viewController`, before its
    /// `viewWillAppear(_:)`. A back swipe calls it as the swipe begins, even if the user then lets go and
    /// the pop is cancelled.
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController,
                              animated: Bool)
    /// Called once `viewController` is shown, after its `viewDidAppear(_:)`. Not called when a back swipe
    /// is cancelled.
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController,
                              animated: Bool)
}

extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController,
                                     animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController,
                                     animated: Bool) {}
}
