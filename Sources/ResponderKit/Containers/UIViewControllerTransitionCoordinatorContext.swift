import Foundation

/// What a transition between view controllers is doing: handed to the closures given to a
/// ``UIViewControllerTransitionCoordinator``.
///
/// Read ``isCancelled`` in a completion to tell a back swipe that popped from one the user let go
/// of early (T7), or a sheet dragged away from one that sprang back.
@MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    /// Whether the transition is animated.
    var isAnimated: Bool { get }
    /// The presentation style of a presentation or dismissal; `.fullScreen` for other transitions, as in UIKit.
    var presentationStyle: UIModalPresentationStyle { get }
    /// Whether the transition began driven by the user (a back swipe, a sheet's drag).
    var initiallyInteractive: Bool { get }
    /// Whether the user is driving the transition now. It turns false when the finger lifts.
    var isInteractive: Bool { get }
    /// Whether the transition was cancelled: the controllers are back where they were.
    var isCancelled: Bool { get }
    /// How long the transition runs, in seconds, when nothing drives it.
    var transitionDuration: TimeInterval { get }
    /// How far the transition has come, from 0 to 1.
    var percentComplete: CGFloat { get }
    /// How fast the transition runs once the user lets go, as a multiple of its normal speed (1).
    var completionVelocity: CGFloat { get }
    /// The view that holds the views of the transition.
    var containerView: UIView { get }
    /// The controller for `key`: `.from` (visible when the transition began) or `.to`.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The view for `key`: the root view of that controller.
    func view(forKey key: UITransitionContextViewKey) -> UIView?
}
