import Foundation

/// The coordinator of a running transition between view controllers: a navigation controller's push
/// or pop (the back swipe among them), a presentation or a dismissal (a sheet's drag among them).
///
/// A controller taking part reads it from ``UIViewController/transitionCoordinator`` during the
/// transition, usually in `viewWillAppear(_:)` or `viewWillDisappear(_:)`, to run code alongside the
/// transition and to learn how it ended.
@MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` alongside the transition (at once, as the transition starts, since nothing is
    /// drawn) and `completion` once it ends, completed or cancelled. Returns whether they were queued:
    /// false once the transition has ended.
    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool

    /// Calls `handler` when the user stops driving the transition (the finger lifts), with
    /// ``UIViewControllerTransitionCoordinatorContext/isCancelled`` telling whether it will complete.
    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
}

extension UIViewControllerTransitionCoordinator {
    /// Runs `animation` alongside the transition, with no completion.
    @discardableResult
    public func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }
}
