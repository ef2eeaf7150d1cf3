import Foundation

/// An object that manages a view hierarchy: it loads its root view on demand, contains child
/// controllers, and presents other controllers.
///
/// In the responder chain a controller sits between its root view and that view's superview (B2, B3):
/// a root view's `next` is its controller, and a controller's `next` is the presenting controller if it
/// was presented, otherwise its view's superview (the window, for a window's root controller).
@MainActor
open class UIViewController: UIResponder {

    /// Creates a view controller. Its view is created the first time ``view`` is read.
    ///
    /// The designated initializer, as in UIKit, where a subclass that declares its own initializer
    /// calls `super.init(nibName: nil, bundle: nil)`. There are no nibs here: with a nil name (the usual
    /// call) the view is built by ``loadView()``; with a name, the default ``loadView()`` traps with a
    /// message, as UIKit raises when the nib it was named cannot be found, unless the subclass overrides
    /// ``loadView()`` to build the view in code.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        storedNibName = nibNameOrNil
        storedNibBundle = nibBundleOrNil
        super.init()
    }

    /// Creates a view controller with no nib, through ``init(nibName:bundle:)``, as UIKit's `init` does:
    /// a subclass that overrides `init(nibName:bundle:)` runs it.
    public override convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Would create a view controller from an Interface Builder archive. ResponderKit reads no archives
    /// (there are no nibs or storyboards here), so it fails: it returns nil and decodes nothing.
    ///
    /// It is `required`, as in UIKit, where view controllers adopt `NSCoding`: a subclass that declares
    /// its own designated initializer writes `required init?(coder:)`, and the one UIKit code already
    /// has compiles as it is, `super.init(coder: coder)` included.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The name of the nib the controller was created with, if any (``init(nibName:bundle:)``).
    open var nibName: String? { storedNibName }
    private let storedNibName: String?

    /// The bundle the controller was created with, if any (``init(nibName:bundle:)``).
    open var nibBundle: Bundle? { storedNibBundle }
    private let storedNibBundle: Bundle?

    // MARK: The view

    private var storedView: UIView?

    /// The root view. Reading it loads it first: ``loadView()`` then ``viewDidLoad()``.
    public var view: UIView! {
        get {
            if storedView == nil {
                loadView()
                if storedView == nil { storedView = UIView(frame: .zero) }
                viewDidLoad()
            }
            return storedView
        }
        set {
            storedView?.owningViewController = nil
            storedView = newValue
            newValue?.owningViewController = self
        }
    }

    /// The root view if it is loaded, without loading it.
    public var viewIfLoaded: UIView? { storedView }

    /// Whether the root view is loaded.
    public var isViewLoaded: Bool { storedView != nil }

    /// Creates the root view and assigns it to ``view``. The default creates a plain `UIView`; override
    /// it to build the view in code. A controller created with a nib name cannot load that nib (there
    /// are none here): the default traps, naming the nib, as UIKit raises when a nib is missing.
    open func loadView() {
        if let nibName {
            preconditionFailure("""
                \(typeName) was created with the nib '\(nibName)', and ResponderKit loads no nibs: create it \
                with init(nibName: nil, bundle: nil), or override loadView() to build its view in code
                """)
        }
        view = UIView(frame: .zero)
    }

    /// Called once, after the root view was loaded.
    open func viewDidLoad() {}

    // MARK: Appearance (see UIViewController+Appearance.swift)

    /// Called before the root view comes on screen: into a visible window, or as a container's
    /// transition (a push, a presentation) begins to show it.
    open func viewWillAppear(_ animated: Bool) {}

    /// Called once the root view is on screen, at the end of the transition that shows it.
    open func viewDidAppear(_ animated: Bool) {}

    /// Called before the root view leaves the screen, or as a container's transition begins to hide it.
    /// A back swipe the user lets go early calls it all the same, then `viewWillAppear(_:)` and
    /// `viewDidAppear(_:)` as the view comes back.
    open func viewWillDisappear(_ animated: Bool) {}

    /// Called once the root view has left the screen.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Starts an appearance transition: calls ``viewWillAppear(_:)`` (`isAppearing`) or
    /// ``viewWillDisappear(_:)``, and passes the call on to the children whose views are in this
    /// controller's view, when ``shouldAutomaticallyForwardAppearanceMethods`` allows it. A custom
    /// container calls it for a child it shows or hides, and ``endAppearanceTransition()`` afterwards.
    /// A call that asks for the state the controller is already heading to, or is in, does nothing.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        beginAppearance(isAppearing, animated: animated, managed: true)
    }

    /// Ends the appearance transition begun by ``beginAppearanceTransition(_:animated:)``: calls
    /// ``viewDidAppear(_:)`` or ``viewDidDisappear(_:)``, and passes the call on to the children.
    open func endAppearanceTransition() {
        endAppearance()
    }

    /// Whether the appearance callbacks pass on to the children whose views are inside this
    /// controller's view. True by default; a container that calls its children's
    /// ``beginAppearanceTransition(_:animated:)`` itself answers false.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// Where the controller stands in its appearance.
    final var appearanceState: AppearanceState = .disappeared
    /// Whether a container drives the appearance change under way (the view's moves then call nothing).
    final var appearanceIsManaged = false
    /// Whether the appearance change under way is animated.
    final var appearanceAnimated = false
    /// Why the controller appears or disappears now (being presented, moving to a parent…).
    final var appearanceFlags: AppearanceFlags = []
    /// The transition this controller takes part in, while it runs.
    final var activeTransition: ControllerTransition?

    /// A name for the controller; traces use it.
    open var title: String?

    // MARK: Key commands

    /// The commands added with ``addKeyCommand(_:)``, and offered by ``keyCommands`` (U5).
    private var addedKeyCommands: [UIKeyCommand] = []

    /// The key commands the controller offers: those added with ``addKeyCommand(_:)`` (nil for none).
    open override var keyCommands: [UIKeyCommand]? { addedKeyCommands.isEmpty ? nil : addedKeyCommands }

    /// Offers `keyCommand` through the controller's ``keyCommands``.
    open func addKeyCommand(_ keyCommand: UIKeyCommand) {
        guard !addedKeyCommands.contains(where: { $0 === keyCommand }) else { return }
        addedKeyCommands.append(keyCommand)
    }

    /// Stops offering `keyCommand`.
    open func removeKeyCommand(_ keyCommand: UIKeyCommand) {
        addedKeyCommands.removeAll { $0 === keyCommand }
    }

    /// The screen edges whose system gestures should wait for a second swipe, so that the first one
    /// goes to the application (I3). Empty by default. The system reads the window's root view
    /// controller's value each time a touch begins near an edge, so an override may change its answer
    /// at any time.
    open var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { [] }

    // MARK: Containment

    /// The controller that contains this one.
    public private(set) var parent: UIViewController? {
        get { parentLink?.object(as: UIViewController.self) }
        set { parentLink = newValue?.link }
    }
    /// Held through links, as ``UIView/superview`` is (see ``WeakLink``).
    private var parentLink: WeakLink<UIResponder>?
    /// The contained controllers, in the order they were added.
    public internal(set) var children: [UIViewController] = []

    /// Adds `childController` as a child. It calls the child's ``willMove(toParent:)``; the caller adds the
    /// child's view and then calls its ``didMove(toParent:)``.
    open func addChild(_ childController: UIViewController) {
        precondition(childController !== self, "addChild: a view controller cannot be its own child")
        if childController.parent === self { return }
        childController.removeFromParent()
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }

    /// Removes this controller from its parent and calls ``didMove(toParent:)`` with nil. The caller calls
    /// ``willMove(toParent:)`` with nil and removes the view first.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Called before the controller is added to a parent, or before it is removed (with nil).
    open func willMove(toParent parent: UIViewController?) {}

    /// Called after the controller was added to a parent, or after it was removed (with nil).
    open func didMove(toParent parent: UIViewController?) {}

    // MARK: Presentation (see UIViewController+Presentation.swift)

    /// The controller this one presents, if any.
    public internal(set) var presentedViewController: UIViewController?
    /// The controller that presented this one, if any.
    public internal(set) var presentingViewController: UIViewController? {
        get { presentingViewControllerLink?.object(as: UIViewController.self) }
        set { presentingViewControllerLink = newValue?.link }
    }
    private var presentingViewControllerLink: WeakLink<UIResponder>?

    /// How the controller is shown when presented. `.automatic` by default, which UIKit makes a page
    /// sheet for most controllers, and so does ResponderKit.
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic

    /// Whether the user may not dismiss the controller while it is presented: a sheet then only gives a
    /// little under the finger and springs back, and the presentation controller's delegate hears
    /// `presentationControllerDidAttemptToDismiss(_:)`. False by default. A child of the presented
    /// controller (the top controller of a presented navigation controller) may set it too.
    open var isModalInPresentation = false

    /// The presentation controller, made on first use (``presentationController``).
    var storedPresentationController: UIPresentationController?

    /// Presents `viewControllerToPresent` in the presenter's window, as its
    /// ``modalPresentationStyle`` says: a page sheet by default, full screen, over full screen, or a form
    /// sheet. Animated, the presentation runs on the application's clock and `completion` runs at its
    /// end; otherwise at once.
    ///
    /// As in UIKit, the presentation is made by the root of this controller's parent chain, and a
    /// controller that is already presenting refuses (the call is reported to the tracer and ignored).
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
                      completion: (() -> Void)? = nil) {
        performPresentation(of: viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses the controller this one presents, or, if it presents none, this controller itself.
    /// Controllers presented by the dismissed one go with it. The views leave the window at the end of
    /// the dismissal, which cancels their touches (R14). `completion` runs once it is done.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        performDismissal(animated: flag, completion: completion)
    }

    // MARK: Responder chain

    /// The presenting controller if this one was presented, otherwise the root view's superview (B3).
    open override var next: UIResponder? {
        if let presentingViewController, !presentationLoops { return presentingViewController }
        return storedView?.superview
    }

    /// Whether going on to the presenting controllers would lead back here: the app moved the view of a
    /// presenting controller inside this controller's view. The chain then goes on from the view's superview
    /// instead of looping (a loop made delivery recurse until the stack overflowed).
    private var presentationLoops: Bool {
        guard let mine = storedView else { return false }
        var presenter = presentingViewController
        while let current = presenter {
            if let theirs = current.viewIfLoaded, theirs.isDescendant(of: mine) { return true }
            presenter = current.presentingViewController
        }
        return false
    }

    override var firstResponderWindow: UIWindow? { storedView?.window }

    override var traceName: String { title ?? typeName }
    override var traceClassName: String { "UIViewController" }
    override var reportingApplication: UIApplication? { viewIfLoaded?.window?.application }
}
