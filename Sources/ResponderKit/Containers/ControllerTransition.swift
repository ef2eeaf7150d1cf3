import Foundation

/// One transition between view controllers, on the application's clock: a navigation controller's
/// push or pop, a presentation or a dismissal. It is also the transition's coordinator, the object
/// ``UIViewController/transitionCoordinator`` returns while it runs.
///
/// Its timeline:
/// - ``start()``: the views of both controllers stop taking touches for the length of an animated
///   transition (UIKit's transition context turns off `isUserInteractionEnabled` on them and turns it
///   back on at the end; a view whose interaction was already off is left alone), the closures given to ``animate(alongsideTransition:completion:)`` run, and
///   the container lays out its views for the end of the transition, as UIKit sets the final values of
///   an animation at once (hit-testing sees them). An animated transition ends ``transitionDuration``
///   later; one that is not animated ends at once.
/// - An interactive transition (the back swipe, a sheet's drag) instead follows ``update(_:)`` until the
///   user lets go: ``finishInteractive()`` or ``cancelInteractive()`` tells the handlers given to
///   ``notifyWhenInteractionChanges(_:)``, and the rest runs on the clock: `(1 − progress) × duration`
///   to complete, `progress × duration` to go back, as `UIPercentDrivenInteractiveTransition` does at
///   its default completion speed of 1.
/// - The end: the views take touches again, the completions run (``isCancelled`` tells which way it
///   went), then the container finishes (moves views, ends the appearance callbacks, tells its delegate).
@MainActor
final class ControllerTransition: UIViewControllerTransitionCoordinator {

    /// How the container lays out its views for a progress from 0 to 1, and what it does at the end.
    struct Container {
        /// Lays out the views for `progress` (0: as at the start; 1: as at the end).
        var layout: @MainActor (CGFloat) -> Void
        /// The transition ended: `completed` is false if it was cancelled.
        var finish: @MainActor (_ completed: Bool) -> Void
    }

    let isAnimated: Bool
    let presentationStyle: UIModalPresentationStyle
    let initiallyInteractive: Bool
    private(set) var isInteractive: Bool
    private(set) var isCancelled = false
    let transitionDuration: TimeInterval
    private(set) var percentComplete: CGFloat = 0
    let completionVelocity: CGFloat = 1
    let containerView: UIView
    @Linked private var fromController: UIViewController?
    @Linked private var toController: UIViewController?
    private let container: Container

    /// Whether it has started, and whether it has ended.
    private(set) var hasStarted = false
    private(set) var hasEnded = false
    /// Views whose user interaction it turned off, to turn back on at the end.
    private var disabledViews: [UIView] = []
    private var alongside: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var interactionHandlers: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var timer: EventTimer?
    /// The application whose clock the transition runs on. Held through its link: the clock holds the
    /// transition's timer, and a transition that held the clock (or the application) would keep both alive.
    @Linked private var application: UIApplication?

    init(from: UIViewController?, to: UIViewController?, containerView: UIView, animated: Bool, interactive: Bool,
         duration: TimeInterval, style: UIModalPresentationStyle = .fullScreen, application: UIApplication?, container: Container) {
        fromController = from
        toController = to
        self.containerView = containerView
        // Without an application (no window) nothing can run over time: the transition is not animated.
        isAnimated = animated && application != nil
        initiallyInteractive = isAnimated && interactive
        isInteractive = initiallyInteractive
        transitionDuration = isAnimated ? duration : 0
        presentationStyle = style
        self.application = application
        self.container = container
    }

    // MARK: The coordinator

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        switch key {
        case .from: return fromController
        case .to: return toController
        default: return nil
        }
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        switch key {
        case .from: return fromController?.viewIfLoaded
        case .to: return toController?.viewIfLoaded
        default: return nil
        }
    }

    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        guard !hasEnded else { return false }
        if let animation {
            if hasStarted { animation(self) } else { alongside.append(animation) }
        }
        if let completion { completions.append(completion) }
        return true
    }

    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void) {
        guard !hasEnded else { return }
        interactionHandlers.append(handler)
    }

    // MARK: The timeline

    /// Starts the transition (see the type's overview).
    func start() {
        guard !hasStarted else { return }
        hasStarted = true
        if isAnimated {
            for controller in [fromController, toController] {
                guard let view = controller?.viewIfLoaded, view.isUserInteractionEnabled else { continue }
                view.isUserInteractionEnabled = false
                disabledViews.append(view)
            }
        }
        let animations = alongside
        alongside = []
        for animation in animations { animation(self) }
        if isInteractive {
            container.layout(percentComplete)
        } else {
            percentComplete = 1
            container.layout(1)
            run(after: transitionDuration)
        }
    }

    /// The user moved the transition to `progress` (0…1).
    func update(_ progress: CGFloat) {
        guard isInteractive, !hasEnded else { return }
        percentComplete = min(max(progress, 0), 1)
        container.layout(percentComplete)
    }

    /// The user let go, and the transition completes.
    func finishInteractive() {
        stopInteraction(cancelled: false)
    }

    /// The user let go, and the transition goes back.
    func cancelInteractive() {
        stopInteraction(cancelled: true)
    }

    private func stopInteraction(cancelled: Bool) {
        guard isInteractive, !hasEnded else { return }
        isInteractive = false
        isCancelled = cancelled
        let remaining = cancelled ? percentComplete : 1 - percentComplete
        let handlers = interactionHandlers
        interactionHandlers = []
        for handler in handlers { handler(self) }
        percentComplete = cancelled ? 0 : 1
        container.layout(percentComplete)
        run(after: transitionDuration * Double(remaining))
    }

    /// Ends the transition after `delay` on the clock, or now.
    private func run(after delay: TimeInterval) {
        guard let clock = application?.clock, isAnimated, delay > 0 else { return end() }
        // Weak: the transition holds its timer.
        timer = clock.schedule(after: delay) { [weak self] in self?.end() }
    }

    /// Ends the transition now, wherever it is: a transition still driven by the user is cancelled.
    func end() {
        guard hasStarted, !hasEnded else { return }
        timer?.invalidate()
        timer = nil
        if isInteractive {
            isInteractive = false
            isCancelled = true
            percentComplete = 0
            container.layout(0)
        }
        hasEnded = true
        for view in disabledViews { view.isUserInteractionEnabled = true }
        disabledViews = []
        let completions = self.completions
        self.completions = []
        interactionHandlers = []
        for completion in completions { completion(self) }
        container.finish(!isCancelled)
    }
}
