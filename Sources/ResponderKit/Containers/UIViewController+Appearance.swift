import Foundation

/// Appearance: `viewWillAppear(_:)`, `viewDidAppear(_:)`, `viewWillDisappear(_:)` and
/// `viewDidDisappear(_:)`, each called once per change, in UIKit's order.
///
/// A controller appears when its root view comes into a visible window and disappears when it leaves
/// one (or the window is hidden): UIKit drives the callbacks from the view's moves in the same way, the
/// will-callback as the view is about to move and the did-callback once it has. Parents come before
/// their children, as the views are visited.
///
/// A container that animates a change (a navigation controller's push or pop, a presentation) drives
/// the callbacks of the controllers it moves itself, through ``UIViewController/beginAppearanceTransition(_:animated:)``
/// and ``UIViewController/endAppearanceTransition()``: the will-callback when the transition starts, the
/// did-callback when it ends. While it does, the moves of their views call nothing.
extension UIViewController {

    /// Where a controller stands in its appearance.
    enum AppearanceState: Equatable {
        case disappeared, appearing, appeared, disappearing
    }

    /// Whether the controller is being presented, during the appearance callbacks of its presentation.
    public var isBeingPresented: Bool { appearanceFlags.contains(.beingPresented) }
    /// Whether the controller is being dismissed, during the appearance callbacks of its dismissal.
    public var isBeingDismissed: Bool { appearanceFlags.contains(.beingDismissed) }
    /// Whether the controller is being added to a parent (a navigation controller's push), during its
    /// appearance callbacks.
    public var isMovingToParent: Bool { appearanceFlags.contains(.movingToParent) }
    /// Whether the controller is being removed from its parent (a navigation controller's pop), during
    /// its appearance callbacks. A pop the user cancels (the back swipe let go early) has set it in
    /// `viewWillDisappear(_:)` all the same.
    public var isMovingFromParent: Bool { appearanceFlags.contains(.movingFromParent) }

    /// Why a controller appears or disappears, for the flags above.
    struct AppearanceFlags: OptionSet {
        let rawValue: UInt8
        static let beingPresented = AppearanceFlags(rawValue: 1 << 0)
        static let beingDismissed = AppearanceFlags(rawValue: 1 << 1)
        static let movingToParent = AppearanceFlags(rawValue: 1 << 2)
        static let movingFromParent = AppearanceFlags(rawValue: 1 << 3)
    }

    // MARK: Machinery

    /// Begins an appearance change. `managed`: a container drives it, and the view's moves must not
    /// end it; otherwise the view's move into or out of a window ends it.
    func beginAppearance(_ appearing: Bool, animated: Bool, managed: Bool, forwarding: Bool = true) {
        switch (appearing, appearanceState) {
        case (true, .appearing), (true, .appeared), (false, .disappearing), (false, .disappeared): return
        default: break
        }
        appearanceState = appearing ? .appearing : .disappearing
        appearanceIsManaged = managed
        appearanceAnimated = animated
        if appearing { viewWillAppear(animated) } else { viewWillDisappear(animated) }
        guard forwarding else { return }
        for child in appearanceChildren { child.beginAppearance(appearing, animated: animated, managed: managed) }
    }

    /// Ends an appearance change begun by ``beginAppearance(_:animated:managed:forwarding:)``.
    func endAppearance(forwarding: Bool = true) {
        let animated = appearanceAnimated
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            appearanceIsManaged = false
            viewDidAppear(animated)
        case .disappearing:
            appearanceState = .disappeared
            appearanceIsManaged = false
            viewDidDisappear(animated)
        case .appeared, .disappeared:
            return
        }
        guard forwarding else { return }
        for child in appearanceChildren { child.endAppearance() }
    }

    /// The children that appear and disappear with this controller: those whose views are inside its
    /// view, unless it forwards nothing.
    private var appearanceChildren: [UIViewController] {
        guard shouldAutomaticallyForwardAppearanceMethods, let view = viewIfLoaded, !children.isEmpty else { return [] }
        return children.filter { $0.viewIfLoaded?.isDescendant(of: view) == true }
    }

    /// The root view is about to move into `newWindow` (nil: out of its window). Unless a container
    /// drives the change, the controller begins to appear (a visible window) or to disappear.
    func rootViewWillMove(toWindow newWindow: UIWindow?) {
        guard !appearanceIsManaged else { return }
        let visible = newWindow.map { !$0.isHidden } ?? false
        if visible, appearanceState == .disappeared || appearanceState == .disappearing {
            beginAppearance(true, animated: false, managed: false, forwarding: false)
        } else if !visible, appearanceState == .appeared || appearanceState == .appearing {
            beginAppearance(false, animated: false, managed: false, forwarding: false)
        }
    }

    /// The root view moved: an appearance change its move began ends.
    func rootViewDidMoveToWindow() {
        guard !appearanceIsManaged else { return }
        endAppearance(forwarding: false)
    }

    /// `window` was shown or hidden: the controllers whose views are in it appear or disappear, parents
    /// first (the views in order, each view before its subviews).
    static func windowVisibilityChanged(_ window: UIWindow) {
        var controllers: [UIViewController] = []
        collectControllers(in: window, into: &controllers)
        let appearing = !window.isHidden
        var changed: [UIViewController] = []
        for controller in controllers where !controller.appearanceIsManaged {
            let settled = appearing ? AppearanceState.disappeared : .appeared
            guard controller.appearanceState == settled else { continue }
            controller.beginAppearance(appearing, animated: false, managed: false, forwarding: false)
            changed.append(controller)
        }
        for controller in changed { controller.endAppearance(forwarding: false) }
    }

    private static func collectControllers(in view: UIView, into controllers: inout [UIViewController]) {
        if let controller = view.owningViewController { controllers.append(controller) }
        for subview in view.subviews { collectControllers(in: subview, into: &controllers) }
    }

    /// Runs `body` with `flags` set, for the appearance callbacks it makes.
    func withAppearanceFlags(_ flags: AppearanceFlags, _ body: () -> Void) {
        let saved = appearanceFlags
        appearanceFlags.formUnion(flags)
        body()
        appearanceFlags = saved
    }
}
