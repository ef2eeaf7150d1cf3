import Foundation

/// The back swipe's delegate and target: UIKit's interactive navigation transition object.
///
/// As the delegate (the checks an app that replaces it takes over):
/// - the recognizer receives no event while only the root controller is on the stack, or while a
///   transition runs (T7);
/// - it recognizes with no other recognizer.
///
/// (Whatever the delegate, the navigation controller's view lets the swipe begin only on a drag that goes
/// right, away from the edge, more than it goes up or down: ``goesAwayFromEdge(_:)``.)
///
/// As the target: `.began` asks the navigation controller for an interactive pop; every change moves
/// that transition with the finger (the top controller's view follows it); on lift the pop completes on
/// a flick to the right or, slower, past a fraction of the width, and is cancelled otherwise
/// (``Thresholds/popFlickVelocity``, ``Thresholds/popCompletionFraction``).
@MainActor
final class NavigationInteractivePop: UIGestureRecognizerDelegate {
    @Linked private var navigationController: UINavigationController?

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    // MARK: The delegate

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool {
        guard let navigationController else { return false }
        let refusal: TraceRecord.BackSwipeRefusal?
        if navigationController.viewControllers.count < 2 {
            refusal = .onlyRootController
        } else if navigationController.runningTransition != nil {
            refusal = .transitionRunning
        } else {
            refusal = nil
        }
        if let refusal { report(.backSwipeRefused(refusal)) }
        return refusal == nil
    }

    /// Whether the swipe goes right, away from the edge, more than it goes up or down: asked by the
    /// navigation controller's view as the swipe would begin (R9), so it holds whatever the delegate.
    func goesAwayFromEdge(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let pan = gestureRecognizer as? UIPanGestureRecognizer else { return false }
        // The fingers' travel: the translation has just lost its hysteresis (R21).
        let travel = pan.travel(in: nil)
        let awayFromEdge = travel.x > 0 && travel.x >= abs(travel.y)
        if !awayFromEdge { report(.backSwipeRefused(.notAwayFromEdge)) }
        return awayFromEdge
    }

    // MARK: The target

    func handle(_ recognizer: UIScreenEdgePanGestureRecognizer) {
        guard let navigationController else { return }
        switch recognizer.state {
        case .began:
            navigationController.wantsInteractiveTransition = true
            if navigationController.viewControllers.count < 2 { report(.backSwipeFoundNothingToPop) }
            navigationController.popViewController(animated: true)
            follow(recognizer)
        case .changed:
            follow(recognizer)
        case .ended:
            letGo(recognizer, cancelled: false)
        case .cancelled:
            letGo(recognizer, cancelled: true)
        default:
            break
        }
    }

    /// The transition the swipe drives: the running one, if the user drives it.
    private var drivenTransition: NavigationTransition? {
        guard let transition = navigationController?.runningTransition, transition.isInteractive else { return nil }
        return transition
    }

    /// The fraction of the width the finger has travelled to the right, and its speed in widths a second.
    private func measures(of recognizer: UIPanGestureRecognizer) -> (progress: CGFloat, velocity: CGFloat) {
        guard let view = navigationController?.viewIfLoaded, view.bounds.width > 0 else { return (0, 0) }
        let width = view.bounds.width
        return (recognizer.translation(in: view).x / width, recognizer.velocity(in: view).x / width)
    }

    /// Moves the driven transition with the finger: a pop follows it to the right, and a push (one the
    /// swipe found waiting) to the left.
    private func follow(_ recognizer: UIPanGestureRecognizer) {
        guard let transition = drivenTransition else { return }
        let progress = measures(of: recognizer).progress
        transition.timeline.update(transition.isPush ? -progress : progress)
    }

    /// The finger lifted (or the recognizer was cancelled): the pop completes or goes back. A push the
    /// swipe drives goes the other way: a swipe that would pop cancels it (UIKit's rule).
    private func letGo(_ recognizer: UIPanGestureRecognizer, cancelled: Bool) {
        guard let transition = drivenTransition else { return }
        let (progress, velocity) = measures(of: recognizer)
        let thresholds = recognizer.thresholds
        let pops: Bool
        let reason: TraceRecord.BackSwipeDecision
        if cancelled {
            pops = false
            reason = .recognizerCancelled
        } else if abs(velocity) >= thresholds.popFlickVelocity {
            pops = velocity > 0
            reason = .flick(threshold: thresholds.popFlickVelocity)
        } else {
            pops = progress > thresholds.popCompletionFraction
            reason = .distance(threshold: thresholds.popCompletionFraction)
        }
        let completes = cancelled ? false : (transition.isPush ? !pops : pops)
        report(.backSwipeDecided(completes: completes, progress: progress, velocity: velocity, reason: reason))
        if completes { transition.timeline.finishInteractive() } else { transition.timeline.cancelInteractive() }
    }

    private func report(_ change: @autoclosure () -> TraceRecord.NavigationChange) {
        guard let navigationController, let application = navigationController.viewIfLoaded?.window?.application,
              application.tracer != nil else { return }
        application.report(.navigation(controller: navigationController.traceSubject, change: change()))
    }
}
