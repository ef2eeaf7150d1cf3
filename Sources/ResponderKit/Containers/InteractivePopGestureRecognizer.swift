import Foundation

/// The back swipe's recognizer (``UINavigationController/interactivePopGestureRecognizer``): a
/// screen-edge pan on the left edge, with `delaysTouchesBegan` on, as device logs print it, whose
/// delegate and target are the navigation controller's ``NavigationInteractivePop``. Traces name it
/// `interactivePopGestureRecognizer` unless the app names it.
final class InteractivePopGestureRecognizer: UIScreenEdgePanGestureRecognizer {
    init(navigationController: UINavigationController, driver: NavigationInteractivePop) {
        super.init(target: nil, action: nil)
        edges = .left
        delaysTouchesBegan = true
        delegate = driver
        // The driver is the target, as UIKit's interactive transition object is. A direct call: an unbound
        // method reference would make a closure on every move of the swipe.
        targetActions.append(TargetAction(target: driver) { driver, recognizer in
            unsafeDowncast(driver, to: NavigationInteractivePop.self).handle(unsafeDowncast(recognizer, to: UIScreenEdgePanGestureRecognizer.self))
        })
    }

    override var traceName: String { name ?? "interactivePopGestureRecognizer" }
}
