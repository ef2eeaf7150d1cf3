import Foundation

/// The back swipe's recognizer (``UINavigationController/interactivePopGestureRecognizer``): a
/// screen-edge pan on the left edge, with `delaysTouchesBegan` on, as device logs print it, whose
/// delegate and target are the navigation controller's ``NavigationInteractivePop``. Traces name it
/// `interactivePopGestureRecognizer` unless the app names it.
final class InteractivePopGestureRecognizer: UIScreenEdgePanGestureRecognizer {
    /// Traces call it by its role, unless the app names it.
    override class var traceTypeName: String? { "interactivePopGestureRecognizer" }

    /// The driver, held here as well as by the navigation controller: a recognizer holds its delegate and
    /// targets weakly, and the controller's view can outlive the controller (an app that keeps the view).
    /// The driver then refuses every event, so the swipe never begins with nobody to hear it.
    let driver: NavigationInteractivePop

    init(navigationController: UINavigationController, driver: NavigationInteractivePop) {
        self.driver = driver
        super.init(target: nil, action: nil)
        edges = .left
        delaysTouchesBegan = true
        delegate = driver
        // The driver is the target, as UIKit's interactive transition object is. A direct call: an unbound
        // method reference would make a closure on every move of the swipe.
        addAction(of: driver) { driver, recognizer in driver.handle(recognizer) }
    }

    /// A scroll view that cannot scroll sideways (a vertical list) waits for the back swipe to fail, so
    /// the swipe works over it, and a drag along the list, which the swipe refuses, still scrolls it. One
    /// that can scroll sideways does not wait: as the deeper recognizer it takes the edge swipe, unless
    /// the app makes its pan require the back swipe to fail (T7, observed). A recognizer's own answer, so
    /// it holds whatever the delegate (asked when the two first share a touch, R25).
    override func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let scrollView = otherGestureRecognizer.view as? UIScrollView,
              scrollView.panGestureRecognizer === otherGestureRecognizer else { return false }
        return !scrollView.canScroll(.horizontal)
    }
}
