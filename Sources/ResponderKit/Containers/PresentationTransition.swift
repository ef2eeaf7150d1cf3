import Foundation

/// One presentation or dismissal: the presented view slides up into its place, or down out of the
/// window. It moves the views and calls the appearance callbacks in UIKit's order, on a
/// ``ControllerTransition``.
///
/// A presentation calls, full screen, the presenting controller's `viewWillDisappear`, then the
/// presented controller's `viewWillAppear` (a sheet leaves the presenting controller on screen: it gets no
/// callback, as in UIKit since sheets); at the end the presented controller's `viewDidAppear`, then the
/// presenting controller's `viewDidDisappear`, and full screen its views leave the window, as UIKit
/// documents for `.fullScreen`. A dismissal mirrors it: the presented controller disappears, the
/// presenting one (full screen) appears. A dismissal the user drives (a sheet's drag) may be
/// cancelled: the presented controller then disappears and appears again, as on a device.
@MainActor
final class PresentationTransition {
    let isDismissal: Bool
    @Linked private var presented: UIViewController?
    @Linked private var presenting: UIViewController?
    /// Weak: the presentation holds this transition while it runs.
    private weak var presentation: UIPresentationController?
    private let style: UIModalPresentationStyle
    private let onScreen: Bool
    private(set) var timeline: ControllerTransition!
    /// Called once the transition has ended and everything settled, completed or not.
    private let completion: @MainActor (_ completed: Bool) -> Void

    init(presentation: UIPresentationController, in window: UIWindow?, dismissal: Bool, animated: Bool, interactive: Bool,
         completion: @escaping @MainActor (_ completed: Bool) -> Void) {
        self.presentation = presentation
        isDismissal = dismissal
        presented = presentation.presentedController
        presenting = presentation.presentingController
        style = presentation.presentationStyle
        onScreen = window.map { !$0.isHidden } ?? false
        self.completion = completion
        timeline = ControllerTransition(
            from: dismissal ? presented : presenting, to: dismissal ? presenting : presented,
            containerView: presentation.transitionView ?? UIView(frame: .zero), animated: animated, interactive: interactive,
            duration: UIPresentationController.transitionDuration, style: style,
            application: onScreen ? window?.application : nil,
            container: .init(layout: { [weak self] progress in self?.layOut(progress) },
                             finish: { [weak self] completed in self?.finish(completed: completed) }))
    }

    /// Whether the user drives the transition.
    var isInteractive: Bool { timeline.isInteractive }

    /// Whether the presenting controller's views leave the window under the presented one.
    private var hidesPresenting: Bool { style == .fullScreen }

    /// Sets the transition on the controllers, so that ``UIViewController/transitionCoordinator`` finds it
    /// (the delegate's `presentationControllerWillDismiss` reads it before the transition starts).
    func attach() {
        for controller in [presented, presenting] { controller?.activeTransition = timeline }
    }

    /// Begins the appearance callbacks (the will-callbacks), before the views move: their moves then
    /// call nothing more.
    func prepare() {
        attach()
        let animated = timeline.isAnimated
        if onScreen {
            if isDismissal {
                presented?.appearanceFlags.insert(.beingDismissed)
                presented?.beginAppearance(false, animated: animated, managed: true)
                if hidesPresenting { presenting?.beginAppearance(true, animated: animated, managed: true) }
            } else {
                if hidesPresenting { presenting?.beginAppearance(false, animated: animated, managed: true) }
                presented?.appearanceFlags.insert(.beingPresented)
                presented?.beginAppearance(true, animated: animated, managed: true)
            }
        }
        if isDismissal, hidesPresenting { restorePresentingView() }
    }

    /// Runs the transition, once ``prepare()`` was called and the views are in place.
    func start() {
        timeline.start()
    }

    /// The presented view's place for `progress`: it slides up from below the window as it is presented,
    /// and down out of it as it is dismissed.
    private func layOut(_ progress: CGFloat) {
        guard let moving = presentation?.presentedView, let container = presentation?.transitionView else { return }
        var frame = UIPresentationController.frame(for: style, in: container.bounds)
        let offscreen = container.bounds.maxY - frame.minY
        frame.origin.y += offscreen * (isDismissal ? progress : 1 - progress)
        moving.frame = frame
    }

    private func finish(completed: Bool) {
        let animated = timeline.isAnimated
        if completed, isDismissal { presentation?.transitionView?.removeFromSuperview() }
        if onScreen {
            if completed {
                presented?.endAppearance()
                if hidesPresenting {
                    if !isDismissal { hidePresentingView() }
                    presenting?.endAppearance()
                }
            } else {
                // Only a dismissal is ever cancelled (the user let a sheet go early): it comes back.
                presented?.beginAppearance(true, animated: animated, managed: true)
                presented?.endAppearance()
                if hidesPresenting {
                    presenting?.beginAppearance(false, animated: animated, managed: true)
                    hidePresentingView()
                    presenting?.endAppearance()
                }
            }
            presented?.appearanceFlags.subtract([.beingPresented, .beingDismissed])
        } else if completed, !isDismissal, hidesPresenting {
            hidePresentingView()
        }
        for controller in [presented, presenting] where controller?.activeTransition === timeline {
            controller?.activeTransition = nil
        }
        completion(completed)
    }

    /// Full screen: the presenting controller's view leaves the window once the presentation completes.
    private func hidePresentingView() {
        guard let view = presenting?.viewIfLoaded, let superview = view.superview, view.window != nil else { return }
        presentation?.presentingViewHome = superview
        view.removeFromSuperview()
    }

    /// …and comes back under the presentation as a dismissal begins.
    private func restorePresentingView() {
        guard let presentation, let view = presenting?.viewIfLoaded, view.superview == nil,
              let home = presentation.presentingViewHome, let transitionView = presentation.transitionView else { return }
        if transitionView.superview === home {
            home.insertSubview(view, belowSubview: transitionView)
        } else {
            home.insertSubview(view, at: 0)
        }
        presentation.presentingViewHome = nil
    }
}
