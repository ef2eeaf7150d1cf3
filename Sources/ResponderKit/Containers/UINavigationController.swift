import Foundation

/// A container that shows one controller of a stack at a time, pushing and popping them, with the
/// back swipe (``interactivePopGestureRecognizer``) that pops the top one interactively (T7).
///
/// Its view is a `UILayoutContainerView` holding a `UINavigationTransitionView`, which holds a
/// `UIViewControllerWrapperView`, which holds the top controller's view, as on a device. So the
/// responder chain from a child's view runs: the view, its controller, the wrapper view, the transition
/// view, the layout container view, the navigation controller, and on (B3).
///
/// Every change of the stack (``pushViewController(_:animated:)``, the pops,
/// ``setViewControllers(_:animated:)``) changes ``viewControllers`` at once, and shows the new top
/// controller with a transition. While the navigation controller is on screen the transition calls the
/// appearance callbacks in UIKit's order: the delegate's `willShow`, the old top's `viewWillDisappear`,
/// the new top's `viewWillAppear`, then the old top's `viewDidDisappear`, the new top's
/// `viewDidAppear`, its `didMove(toParent:)`, and the delegate's `didShow`. An animated transition runs
/// for ``transitionDuration`` on the application's clock (virtual or real); the views of both
/// controllers take no touches meanwhile. A change made during a transition waits for it to end, and
/// the navigation controller then moves straight to the top controller of the time.
@MainActor
open class UINavigationController: UIViewController {

    /// How long an animated push or pop runs: 0.35 s (chosen: the duration commonly measured for UIKit's
    /// push; it is not documented).
    public static let transitionDuration: TimeInterval = 0.35

    // MARK: Creating

    /// Creates a navigation controller with an empty stack.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// Creates a navigation controller whose stack holds `rootViewController`.
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        setViewControllers([rootViewController], animated: false)
    }

    /// Fails, as ``UIViewController/init(coder:)`` does: ResponderKit reads no archives.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: The stack

    /// The controllers of the stack, the root first and the top last. Setting it is
    /// ``setViewControllers(_:animated:)`` without animation.
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The controller at the top of the stack.
    open var topViewController: UIViewController? { stack.last }

    /// The controller whose view is visible: the one presented over the navigation controller if there
    /// is one (the last of its presentation chain), otherwise the top controller.
    open var visibleViewController: UIViewController? {
        var presented = presentedViewController
        while let next = presented?.presentedViewController { presented = next }
        return presented ?? topViewController
    }

    /// Receives the navigation controller's news. Held weakly.
    open weak var delegate: UINavigationControllerDelegate?

    /// Pushes `viewController` onto the stack and shows it. Pushing a controller that is already in the
    /// stack is a programming error, and traps, as UIKit raises.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        setViewControllers(stack + [viewController], animated: animated)
    }

    /// Pops the top controller and returns it; with only the root controller left, does nothing and
    /// returns nil.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard stack.count > 1 else { return nil }
        let top = stack[stack.count - 1]
        setViewControllers(Array(stack.dropLast()), animated: animated)
        return top
    }

    /// Pops every controller above the root one and returns them, bottom first; nil if there were none.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard stack.count > 1 else { return nil }
        let popped = Array(stack.dropFirst())
        setViewControllers([stack[0]], animated: animated)
        return popped
    }

    /// Pops the controllers above `viewController` and returns them, bottom first; nil if it is not in
    /// the stack or is the top.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = stack.firstIndex(where: { $0 === viewController }), index < stack.count - 1 else { return nil }
        let popped = Array(stack[(index + 1)...])
        setViewControllers(Array(stack[...index]), animated: animated)
        return popped
    }

    /// Replaces the stack. The new top controller is shown with a push if it was not in the stack, with
    /// a pop otherwise. A controller may appear once: a repeat is a programming error, and traps, as
    /// UIKit raises.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        for (index, controller) in viewControllers.enumerated() {
            precondition(controller !== self, "UINavigationController: a navigation controller cannot be in its own stack")
            precondition(!viewControllers[..<index].contains { $0 === controller },
                         "UINavigationController: '\(controller.traceName)' appears twice in the stack; a controller may be pushed once")
        }
        let old = stack
        stack = viewControllers
        for controller in viewControllers where !old.contains(where: { $0 === controller }) {
            addChild(controller)
            awaitingDidMove.append(controller)
        }
        for controller in old where !viewControllers.contains(where: { $0 === controller }) {
            controller.willMove(toParent: nil)
        }
        orderChildren()
        lastChangeWasAnimated = animated
        showTopController(animated: animated)
    }

    // MARK: The back swipe

    /// The screen-edge pan that pops the top controller as the user drags from the left edge (T7).
    ///
    /// UIKit documents that the navigation controller "installs this gesture recognizer on its view";
    /// reading it loads the view. It is a `UIScreenEdgePanGestureRecognizer` on the left edge whose
    /// `delaysTouchesBegan` is true (device logs print it so): a touch at the edge reaches the top
    /// controller's views only once the recognizer fails, so a button at the edge gets its touch-down when
    /// the finger lifts, and never if the pop begins (D11, R13).
    ///
    /// Its delegate is the navigation controller's own: the recognizer takes no touches while only the
    /// root controller is on the stack or a transition runs, and begins only on a drag away from the
    /// edge. An app may replace the delegate (the usual fix for a custom back button); then those checks
    /// are the app's to make, as in UIKit: without them the swipe begins on the root controller, where
    /// there is nothing to pop, and the navigation controller is left waiting for an interactive
    /// transition, so the next animated push stops at its start and the screen takes no touches, until
    /// another swipe cancels that push.
    ///
    /// The pop completes, when the finger lifts, on a flick toward the right of at least
    /// ``Thresholds/popFlickVelocity`` widths a second, or, slower, past
    /// ``Thresholds/popCompletionFraction`` of the width; it is cancelled otherwise (the recognizer's own
    /// ``UIGestureRecognizer/thresholds``).
    open var interactivePopGestureRecognizer: UIGestureRecognizer? {
        _ = view
        return popRecognizer
    }

    // MARK: The view

    /// Creates the navigation controller's view (a layout container view) with its transition view and
    /// wrapper view, and installs the back swipe on it.
    open override func loadView() {
        let container = UILayoutContainerView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        transitionView.frame = container.bounds
        wrapperView.frame = transitionView.bounds
        transitionView.addSubview(wrapperView)
        container.addSubview(transitionView)
        container.layout = { [weak self] in self?.layOutContent() }
        // The back swipe begins only on a drag away from the edge, whatever its delegate (chosen: UIKit's
        // does not begin on a drag along the edge): its view answers for it.
        container.shouldBegin = { [weak self] recognizer in
            guard let self, recognizer === popRecognizer else { return true }
            return popDriver.goesAwayFromEdge(recognizer)
        }
        let recognizer = InteractivePopGestureRecognizer(navigationController: self, driver: popDriver)
        container.addGestureRecognizer(recognizer)
        popRecognizer = recognizer
        view = container
        showTopController(animated: false)
    }

    // MARK: Machinery

    /// The stack, the root first.
    private var stack: [UIViewController] = []
    /// The controller whose view is in the wrapper view (the old top while a transition runs), and the
    /// stack as it was when it was shown.
    @Linked private var shownController: UIViewController?
    private var shownStack: [UIViewController] = []
    /// Controllers added to the stack that have not had `didMove(toParent:)` yet.
    private var awaitingDidMove: [UIViewController] = []
    /// The transition running, if any.
    private(set) var runningTransition: NavigationTransition?
    /// Whether the last change of the stack asked for animation (the catch-up after a transition uses it).
    private var lastChangeWasAnimated = false
    /// UIKit's interactive-transition flag: set when the back swipe begins, taken by the next transition,
    /// which the swipe then drives (see ``interactivePopGestureRecognizer``).
    var wantsInteractiveTransition = false

    let transitionView = UINavigationTransitionView(frame: .zero)
    let wrapperView = UIViewControllerWrapperView(frame: .zero)
    private var popRecognizer: InteractivePopGestureRecognizer?
    /// The back swipe's delegate and target (UIKit's interactive transition object). Held here: a
    /// recognizer holds its delegate weakly.
    private(set) lazy var popDriver = NavigationInteractivePop(navigationController: self)

    /// Children in the order of the stack, then those still leaving it.
    private func orderChildren() {
        let leaving = children.filter { child in !stack.contains { $0 === child } }
        children = stack + leaving
    }

    /// Lays out the transition view, the wrapper view and the shown controller's view in the bounds.
    private func layOutContent() {
        guard let container = viewIfLoaded else { return }
        transitionView.frame = container.bounds
        wrapperView.frame = transitionView.bounds
        if let transition = runningTransition {
            transition.layOut()
        } else {
            shownController?.viewIfLoaded?.frame = wrapperView.bounds
        }
    }

    /// Whether the navigation controller's view is in a visible window.
    var isOnScreen: Bool {
        guard let window = viewIfLoaded?.window else { return false }
        return !window.isHidden
    }

    /// Shows the top controller: at once if the navigation controller is not on screen, with a
    /// transition otherwise; after the running transition if there is one.
    func showTopController(animated: Bool) {
        guard isViewLoaded, runningTransition == nil else { return }
        let target = stack.last
        let shown = shownController
        guard target !== shown else {
            finishMoves()
            return
        }
        let isPush = target.map { target in !shownStack.contains { $0 === target } } ?? false
        let onScreen = isOnScreen
        let interactive = wantsInteractiveTransition && animated && onScreen
        // UIKit's flag is taken by the next transition, whether or not it can be driven.
        if target != nil { wantsInteractiveTransition = false }
        let transition = NavigationTransition(navigationController: self, from: shown, to: target, isPush: isPush,
                                              animated: animated && onScreen, interactive: interactive, onScreen: onScreen,
                                              stackBefore: shownStack, stackAfter: stack)
        runningTransition = transition
        transition.start()
    }

    /// A transition ended. Completed, its destination is shown; cancelled, its origin is shown again,
    /// and the stack it changed goes back as it was, unless the app changed it since.
    func transitionDidEnd(_ transition: NavigationTransition, completed: Bool) {
        guard runningTransition === transition else { return }
        runningTransition = nil
        if completed {
            shownController = transition.to
            shownStack = transition.stackAfter
        } else {
            shownController = transition.from
            shownStack = transition.stackBefore
            if stack.elementsEqual(transition.stackAfter, by: { $0 === $1 }) {
                let before = transition.stackBefore
                for controller in before where !stack.contains(where: { $0 === controller }) {
                    controller.didMove(toParent: self)
                }
                for controller in stack where !before.contains(where: { $0 === controller }) {
                    controller.willMove(toParent: nil)
                    awaitingDidMove.removeAll { $0 === controller }
                }
                stack = before
                orderChildren()
            }
        }
        finishMoves()
    }

    /// After a transition: shows the top controller of the time, if the stack changed meanwhile.
    func catchUp() {
        showTopController(animated: lastChangeWasAnimated)
    }

    /// Ends the moves of the children once nothing shows them moving: those added get
    /// `didMove(toParent:)`, those removed leave the children (`didMove(toParent: nil)`).
    private func finishMoves() {
        let added = awaitingDidMove
        awaitingDidMove = []
        for controller in added where controller.parent === self && stack.contains(where: { $0 === controller }) {
            controller.didMove(toParent: self)
        }
        for child in children where child !== shownController && !stack.contains(where: { $0 === child })
            && runningTransition?.involves(child) != true {
            child.removeFromParent()
        }
    }

    /// The delegate's callbacks, for the transition.
    func tellDelegateWillShow(_ controller: UIViewController, animated: Bool) {
        delegate?.navigationController(self, willShow: controller, animated: animated)
    }

    func tellDelegateDidShow(_ controller: UIViewController, animated: Bool) {
        delegate?.navigationController(self, didShow: controller, animated: animated)
    }

    override var traceClassName: String { "UINavigationController" }
}
