import Foundation
import ResponderKit

/// The app's own delegate for a navigation controller's back swipe, as a scenario's `back-swipe` asks:
/// it replaces the navigation controller's, as apps do to keep the swipe with a custom back button.
@MainActor
final class ScenarioBackSwipeDelegate: UIGestureRecognizerDelegate {
    private weak var navigationController: UINavigationController?
    /// Whether it checks the stack (`checks-stack`) or lets the swipe begin whenever (`always`).
    private let checksStack: Bool

    init(navigationController: UINavigationController, checksStack: Bool) {
        self.navigationController = navigationController
        self.checksStack = checksStack
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard checksStack else { return true }
        return (navigationController?.viewControllers.count ?? 0) > 1
    }
}
