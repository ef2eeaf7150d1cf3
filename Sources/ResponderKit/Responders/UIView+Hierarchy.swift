import Foundation

extension UIView {

    // MARK: Editing the hierarchy

    /// Adds `view` on top of the other subviews, removing it from its previous superview first.
    public func addSubview(_ view: UIView) {
        insert(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in ``subviews`` (0 is the back).
    public func insertSubview(_ view: UIView, at index: Int) {
        insert(view, at: index)
    }

    /// Inserts `view` just above `siblingSubview`.
    public func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === siblingSubview }) else { return addSubview(view) }
        insert(view, at: index + 1)
    }

    /// Inserts `view` just below `siblingSubview`.
    public func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === siblingSubview }) else { return addSubview(view) }
        insert(view, at: index)
    }

    /// Moves `view` to the front of the subviews.
    public func bringSubviewToFront(_ view: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: index))
    }

    /// Moves `view` to the back of the subviews.
    public func sendSubviewToBack(_ view: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: index), at: 0)
    }

    /// Swaps the subviews at two indices.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        subviews.swapAt(index1, index2)
    }

    /// Removes the view from its superview. If this takes it out of its window, the touches it (or a
    /// subview) is tracking are cancelled first, while the responder chain is still intact (R14), and
    /// a first responder inside it resigns.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if let oldWindow { prepareToLeave(oldWindow, for: nil) }
        // An identity search without a closure: a main-actor predicate costs an executor check per
        // subview (see Array+Identity.swift), and a table removes a cell on every row that scrolls away.
        parent.subviews.removeObject(self)
        superview = nil
        // The superview lays out again (as in UIKit).
        parent.setNeedsLayout()
        if oldWindow != nil { notifyDidMoveToWindow() }
        didMoveToSuperview()
    }

    // MARK: Finding views

    /// The view itself or its first descendant (depth first, back to front) whose ``tag`` is `tag`.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Whether the view is `view` or one of its descendants.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    // MARK: Machinery

    private func insert(_ view: UIView, at index: Int) {
        precondition(view !== self && !isDescendant(of: view),
                     "addSubview: a view cannot be added inside itself or one of its own descendants")
        precondition(!(view is UIWindow), "addSubview: a window cannot be a subview")
        if view.superview === self {
            // Already ours: only the order changes.
            let current = subviews.firstIndex { $0 === view }!
            subviews.remove(at: current)
            subviews.insert(view, at: min(max(0, current < index ? index - 1 : index), subviews.count))
            return
        }
        let oldWindow = view.window
        let newWindow = window
        if let oldParent = view.superview {
            oldParent.willRemoveSubview(view)
        }
        view.willMove(toSuperview: self)
        if oldWindow !== newWindow {
            if let oldWindow { view.prepareToLeave(oldWindow, for: newWindow) } else { view.notifyWillMove(toWindow: newWindow) }
        }
        view.superview?.subviews.removeObject(view)
        subviews.insert(view, at: min(max(0, index), subviews.count))
        view.superview = self
        // The view and its new superview lay out again (observed in UIKit: adding a subview lays out both).
        setNeedsLayout()
        view.setNeedsLayout()
        if oldWindow !== newWindow { view.notifyDidMoveToWindow() }
        view.didMoveToSuperview()
        didAddSubview(view)
    }

    /// Tells the subtree it is leaving `window`, ends its touches and resigns a first responder in it.
    private func prepareToLeave(_ window: UIWindow, for newWindow: UIWindow?) {
        notifyWillMove(toWindow: newWindow)
        window.application.subtreeWillLeaveWindow(self, window: window)
    }

    private func notifyWillMove(toWindow newWindow: UIWindow?) {
        willMove(toWindow: newWindow)
        // A controller's root view: the controller appears or disappears (UIViewController+Appearance.swift).
        owningViewController?.rootViewWillMove(toWindow: newWindow)
        for subview in subviews { subview.notifyWillMove(toWindow: newWindow) }
    }

    private func notifyDidMoveToWindow() {
        didMoveToWindow()
        owningViewController?.rootViewDidMoveToWindow()
        for subview in subviews { subview.notifyDidMoveToWindow() }
    }

    /// Hiding a view ends the touches its subtree is tracking (R14).
    func viewDidBecomeHidden() {
        guard let window else { return }
        window.application.subtreeWasHidden(self)
    }
}
