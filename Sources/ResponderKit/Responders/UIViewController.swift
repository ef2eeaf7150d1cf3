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

    /// A name for the controller; traces use it.
    open var title: String?

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
    public private(set) var children: [UIViewController] = []

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

    // MARK: Presentation

    /// The controller this one presents, if any.
    public private(set) var presentedViewController: UIViewController?
    /// The controller that presented this one, if any.
    public private(set) var presentingViewController: UIViewController? {
        get { presentingViewControllerLink?.object(as: UIViewController.self) }
        set { presentingViewControllerLink = newValue?.link }
    }
    private var presentingViewControllerLink: WeakLink<UIResponder>?

    /// Presents `viewControllerToPresent`: its view fills the presenter's window, above everything in it.
    ///
    /// As in UIKit, the presentation is made by the root of this controller's parent chain, and a
    /// controller that is already presenting refuses (the call is reported to the tracer and ignored).
    /// There is no animation; `completion` runs once the view is shown.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
                      completion: (() -> Void)? = nil) {
        var presenter = self
        while let parent = presenter.parent { presenter = parent }
        if presenter.presentedViewController != nil || viewControllerToPresent.presentingViewController != nil {
            presenter.viewIfLoaded?.window?.application.report(
                .dropped(what: "present '\(viewControllerToPresent.traceName)'",
                         reason: .alreadyPresenting(presenter.traceSubject)))
            return
        }
        // UIKit refuses to present an active controller: the presenter itself, a child, one that presents, or
        // one whose view is on screen. Allowed, presenting back up a presentation chain made the responder
        // chain loop (presented → presenting → … → presented) and delivery recursed until the stack overflowed.
        let candidate = viewControllerToPresent
        if candidate === presenter || candidate.parent != nil || candidate.presentedViewController != nil
            || candidate.viewIfLoaded?.window != nil {
            presenter.viewIfLoaded?.window?.application.report(
                .dropped(what: "present '\(candidate.traceName)'", reason: .activeController(candidate.traceSubject)))
            return
        }
        presenter.presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = presenter
        if let window = presenter.viewIfLoaded?.window {
            let view = viewControllerToPresent.view!
            view.frame = window.bounds
            window.addSubview(view)
        }
        completion?()
    }

    /// Dismisses the controller this one presents, or, if it presents none, this controller itself.
    /// Controllers presented by the dismissed one go with it. The views leave the window, which cancels
    /// their touches (R14).
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        let presenter: UIViewController
        if presentedViewController != nil {
            presenter = self
        } else if let presenting = presentingViewController {
            presenter = presenting
        } else {
            completion?()
            return
        }
        if let presented = presenter.presentedViewController {
            presented.dismissPresentationChain()
        }
        completion?()
    }

    private func dismissPresentationChain() {
        presentedViewController?.dismissPresentationChain()
        viewIfLoaded?.removeFromSuperview()
        presentingViewController?.presentedViewController = nil
        presentingViewController = nil
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
