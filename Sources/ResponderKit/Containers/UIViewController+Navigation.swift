import Foundation

extension UIViewController {
    /// The nearest navigation controller that contains this controller or one of its ancestors: the
    /// parent chain's first ``UINavigationController``. Nil for a controller in none (a navigation
    /// controller that no other contains answers nil too).
    public var navigationController: UINavigationController? {
        var current = parent
        while let controller = current {
            if let navigationController = controller as? UINavigationController { return navigationController }
            current = controller.parent
        }
        return nil
    }
}
