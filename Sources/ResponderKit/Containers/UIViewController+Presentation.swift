import Foundation

/// Presentation: ``UIViewController/present(_:animated:completion:)`` and
/// ``UIViewController/dismiss(animated:completion:)``, their views and their transitions.
extension UIViewController {

    /// The controller's presentation controller: made on first use for its ``modalPresentationStyle``,
    /// so that a delegate can be set before it is presented.
    public var presentationController: UIPresentationController? {
        if let storedPresentationController { return storedPresentationController }
        let made = UIPresentationController(presentedViewController: self, presenting: presentingViewController)
        storedPresentationController = made
        return made
    }

    /// The coordinator of the transition this controller, or one of its ancestors, takes part in, while
    /// it runs: a navigation controller's push or pop, a presentation or a dismissal. Nil otherwise.
    public var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
        var current: UIViewController? = self
        while let controller = current {
            if let transition = controller.activeTransition, !transition.hasEnded { return transition }
            current = controller.parent
        }
        return nil
    }

    // MARK: Presenting

    func performPresentation(of candidate: UIViewController, animated: Bool, completion: (() -> Void)?) {
        var presenter = self
        while let parent = presenter.parent { presenter = parent }
        if presenter.presentedViewController != nil || candidate.presentingViewController != nil {
            presenter.viewIfLoaded?.window?.application.report(
                .dropped(what: "present '\(candidate.traceName)'", reason: .alreadyPresenting(presenter.traceSubject)))
            return
        }
        // UIKit refuses to present an active controller: the presenter itself, a child, one that presents, or
        // one whose view is on screen. Allowed, presenting back up a presentation chain made the responder
        // chain loop (presented → presenting → … → presented) and delivery recursed until the stack overflowed.
        if candidate === presenter || candidate.parent != nil || candidate.presentedViewController != nil
            || candidate.viewIfLoaded?.window != nil {
            presenter.viewIfLoaded?.window?.application.report(
                .dropped(what: "present '\(candidate.traceName)'", reason: .activeController(candidate.traceSubject)))
            return
        }
        let window = presenter.viewIfLoaded?.window
        guard let presentation = candidate.presentationController else { return }
        presentation.presentingController = presenter
        presentation.resolvedStyle = UIPresentationController.resolve(candidate.modalPresentationStyle, in: window?.bounds)
        presenter.presentedViewController = candidate
        candidate.presentingViewController = presenter
        guard let window else {
            completion?()
            return
        }
        let transitionView = UITransitionView(frame: window.bounds)
        presentation.transitionView = transitionView
        // Weak: the presentation holds the transition, which holds this closure, until it ends.
        let transition = PresentationTransition(presentation: presentation, in: window, dismissal: false, animated: animated,
                                                interactive: false) { [weak presentation, weak candidate] _ in
            presentation?.runningTransition = nil
            candidate?.reportPresentation(.transitionEnded(dismissed: false, cancelled: false))
            completion?()
        }
        presentation.runningTransition = transition
        candidate.reportPresentation(.transitionBegan(presenting: presenter.traceSubject, style: presentation.presentationStyle,
                                                      dismissing: false, animated: transition.timeline.isAnimated,
                                                      interactive: false), in: window)
        let view = candidate.view!
        transition.prepare()
        if presentation.presentationStyle.isSheet {
            let sheet = UIDropShadowView(frame: presentation.frameOfPresentedViewInContainerView)
            view.frame = sheet.bounds
            sheet.addSubview(view)
            transitionView.addSubview(sheet)
            presentation.dropShadowView = sheet
            presentation.sheetInteraction = SheetInteraction(presentation: presentation, sheet: sheet)
        } else {
            view.frame = transitionView.bounds
            transitionView.addSubview(view)
        }
        window.addSubview(transitionView)
        transition.start()
    }

    // MARK: Dismissing

    func performDismissal(animated: Bool, completion: (() -> Void)?) {
        let presenter: UIViewController
        if presentedViewController != nil {
            presenter = self
        } else if let presenting = presentingViewController {
            presenter = presenting
        } else {
            completion?()
            return
        }
        guard let presented = presenter.presentedViewController, let presentation = presented.presentationController else {
            completion?()
            return
        }
        // Controllers presented by the dismissed one go first, at once: only the dismissed one animates.
        if presented.presentedViewController != nil { presented.performDismissal(animated: false, completion: nil) }
        // A presentation still running ends now; a drag under way is cancelled.
        presentation.runningTransition?.timeline.end()
        guard presenter.presentedViewController === presented else {
            completion?()
            return
        }
        guard let transition = makeDismissal(of: presentation, animated: animated, interactive: false, completion: { _ in completion?() }) else {
            completion?()
            return
        }
        transition.prepare()
        transition.start()
    }

    /// A dismissal of `presentation`'s controller, not yet begun: the caller prepares it and starts it
    /// (a sheet's drag tells the delegate in between). Nil, after unlinking the controllers, when the
    /// presentation has no views on screen to take away.
    func makeDismissal(of presentation: UIPresentationController, animated: Bool, interactive: Bool,
                       completion: @escaping @MainActor (_ completed: Bool) -> Void) -> PresentationTransition? {
        guard let presented = presentation.presentedController else { return nil }
        let presenting = presentation.presentingController
        guard let window = presentation.transitionView?.window else {
            presentation.transitionView?.removeFromSuperview()
            presentation.clearPresentation()
            presenting?.presentedViewController = nil
            presented.presentingViewController = nil
            completion(true)
            return nil
        }
        // Weak: the presentation holds the transition, which holds this closure, until it ends.
        let transition = PresentationTransition(presentation: presentation, in: window, dismissal: true, animated: animated,
                                                interactive: interactive) { [weak presentation, weak presenting, weak presented, weak window] completed in
            presentation?.runningTransition = nil
            if completed {
                presentation?.clearPresentation()
                presenting?.presentedViewController = nil
                presented?.presentingViewController = nil
            }
            presented?.reportPresentation(.transitionEnded(dismissed: true, cancelled: !completed), in: window)
            completion(completed)
        }
        presentation.runningTransition = transition
        presented.reportPresentation(.transitionBegan(presenting: presenting?.traceSubject, style: presentation.presentationStyle,
                                                      dismissing: true, animated: transition.timeline.isAnimated,
                                                      interactive: transition.isInteractive), in: window)
        return transition
    }

    // MARK: Tracing

    /// Reports a presentation decision about this (presented) controller.
    func reportPresentation(_ change: @autoclosure () -> TraceRecord.PresentationChange, in window: UIWindow? = nil) {
        guard let application = (window ?? viewIfLoaded?.window)?.application, application.tracer != nil else { return }
        application.report(.presentation(controller: traceSubject, change: change()))
    }
}

extension UIPresentationController {
    /// The presentation is over: its views and its sheet's drag go.
    func clearPresentation() {
        sheetInteraction?.uninstall()
        sheetInteraction = nil
        dropShadowView = nil
        transitionView = nil
        presentingViewHome = nil
        presentingController = nil
        resolvedStyle = nil
    }
}
