import Foundation

/// One change of the controller a navigation controller shows: from the controller shown before
/// (`from`) to the top of the stack (`to`), as a push (the new view slides in from the right, over the
/// old one) or a pop (the old view slides out to the right, uncovering the new one).
///
/// It moves the views and calls the appearance callbacks and the delegate in UIKit's order, and runs
/// on a ``ControllerTransition``, which handles time, interaction and the coordinator.
@MainActor
final class NavigationTransition {
    @Linked private var navigationController: UINavigationController?
    let from: UIViewController?
    let to: UIViewController?
    let isPush: Bool
    /// The stack when `from` was shown, and the stack `to` is the top of.
    let stackBefore: [UIViewController]
    let stackAfter: [UIViewController]
    /// Whether the navigation controller is on screen: only then do the controllers appear and disappear.
    private let onScreen: Bool
    private(set) var timeline: ControllerTransition!

    init(navigationController: UINavigationController, from: UIViewController?, to: UIViewController?, isPush: Bool,
         animated: Bool, interactive: Bool, onScreen: Bool, stackBefore: [UIViewController], stackAfter: [UIViewController]) {
        self.navigationController = navigationController
        self.from = from
        self.to = to
        self.isPush = isPush
        self.onScreen = onScreen
        self.stackBefore = stackBefore
        self.stackAfter = stackAfter
        let application = onScreen ? navigationController.viewIfLoaded?.window?.application : nil
        timeline = ControllerTransition(
            from: from, to: to, containerView: navigationController.wrapperView, animated: animated,
            interactive: interactive, duration: UINavigationController.transitionDuration, application: application,
            container: .init(layout: { [weak self] progress in self?.layOut(progress) },
                             finish: { [weak self] completed in self?.finish(completed: completed) }))
    }

    /// Whether `controller` is one of the two controllers of the transition.
    func involves(_ controller: UIViewController) -> Bool { controller === from || controller === to }

    /// Whether the user drives the transition (the back swipe).
    var isInteractive: Bool { timeline.isInteractive }

    // MARK: Start

    func start() {
        guard let navigationController else { return }
        let animated = timeline.isAnimated
        let toView = to?.view
        if onScreen, let to { navigationController.tellDelegateWillShow(to, animated: animated) }
        if onScreen {
            from?.activeTransition = timeline
            to?.activeTransition = timeline
            navigationController.activeTransition = timeline
            if let from, !stackAfter.contains(where: { $0 === from }) { from.appearanceFlags.insert(.movingFromParent) }
            if let to, !stackBefore.contains(where: { $0 === to }) { to.appearanceFlags.insert(.movingToParent) }
            from?.beginAppearance(false, animated: animated, managed: true)
            to?.beginAppearance(true, animated: animated, managed: true)
        }
        report(.transitionBegan(isPush: isPush, from: from?.traceSubject, to: to?.traceSubject, animated: animated,
                                interactive: timeline.isInteractive))
        if let toView {
            let wrapper = navigationController.wrapperView
            if isPush || from?.viewIfLoaded?.superview !== wrapper {
                wrapper.addSubview(toView)
            } else if let fromView = from?.viewIfLoaded {
                wrapper.insertSubview(toView, belowSubview: fromView)
            }
        }
        timeline.start()
    }

    // MARK: Layout

    /// Lays out the views for the transition's current progress.
    func layOut() {
        layOut(timeline.percentComplete)
    }

    /// Push: the new view comes in from the right over the old one. Pop: the old view leaves to the
    /// right, over the new one. (UIKit also slides the view underneath by a third of the width; that is
    /// drawing only, and left out.)
    private func layOut(_ progress: CGFloat) {
        guard let navigationController else { return }
        let bounds = navigationController.wrapperView.bounds
        let width = bounds.width
        var moving = bounds
        if isPush {
            moving.origin.x += width * (1 - progress)
            to?.viewIfLoaded?.frame = moving
            from?.viewIfLoaded?.frame = bounds
        } else {
            moving.origin.x += width * progress
            from?.viewIfLoaded?.frame = moving
            to?.viewIfLoaded?.frame = bounds
        }
    }

    // MARK: End

    /// The timeline ended: the views and controllers settle, completed or cancelled.
    private func finish(completed: Bool) {
        guard let navigationController else { return }
        let animated = timeline.isAnimated
        let shown = completed ? to : from
        let hidden = completed ? from : to
        if onScreen, !completed {
            // Going back: the controller that was to appear disappears, the one leaving appears again.
            to?.beginAppearance(false, animated: animated, managed: true)
            from?.beginAppearance(true, animated: animated, managed: true)
        }
        if let hiddenView = hidden?.viewIfLoaded, hiddenView.superview === navigationController.wrapperView {
            hiddenView.removeFromSuperview()
        }
        if let shownView = shown?.viewIfLoaded {
            shownView.frame = navigationController.wrapperView.bounds
            if shownView.superview !== navigationController.wrapperView { navigationController.wrapperView.addSubview(shownView) }
        }
        if onScreen {
            hidden?.endAppearance()
            shown?.endAppearance()
            for controller in [from, to, navigationController] {
                controller?.appearanceFlags.subtract([.movingToParent, .movingFromParent])
                if controller?.activeTransition === timeline { controller?.activeTransition = nil }
            }
        }
        report(.transitionEnded(shown: shown?.traceSubject, cancelled: !completed))
        navigationController.transitionDidEnd(self, completed: completed)
        if onScreen, completed, let to { navigationController.tellDelegateDidShow(to, animated: animated) }
        navigationController.catchUp()
    }

    private func report(_ change: @autoclosure () -> TraceRecord.NavigationChange) {
        guard onScreen, let navigationController, let application = navigationController.viewIfLoaded?.window?.application,
              application.tracer != nil else { return }
        application.report(.navigation(controller: navigationController.traceSubject, change: change()))
    }
}
