import Foundation

extension UIApplication {

    func register(_ window: UIWindow) {
        registeredWindows.removeAll { $0.window == nil }
        registeredWindows.append(WeakWindow(window: window))
    }

    func windowVisibilityChanged(_ window: UIWindow) {
        windowOrderChanged()
        if window.isHidden {
            visibleWindows.removeAll { $0 === window }
            if storedKeyWindow === window {
                // A hidden window cannot stay key: the frontmost visible window takes over, if any.
                setKeyWindow(windowsInTouchOrder.first)
            }
        } else {
            visibilityCounter += 1
            window.visibleSince = visibilityCounter
            if !visibleWindows.contains(where: { $0 === window }) { visibleWindows.append(window) }
        }
    }

    func setKeyWindow(_ window: UIWindow?) {
        let old = storedKeyWindow
        guard old !== window else { return }
        storedKeyWindow = window
        old?.resignKey()
        window?.becomeKey()
    }

    /// A window was shown, hidden or moved to another level: the touch order is sorted again when next needed.
    func windowOrderChanged() {
        windowsInTouchOrderCache = nil
    }

    /// Visible windows in the order they take touches: highest level first, then the one shown last (R3).
    /// Kept between touches, not sorted for each: it changes only when a window is shown, hidden or
    /// changes level.
    var windowsInTouchOrder: [UIWindow] {
        if let cached = windowsInTouchOrderCache { return cached }
        let order = visibleWindows.sorted { ($0.windowLevel, $0.visibleSince) > ($1.windowLevel, $1.visibleSince) }
        windowsInTouchOrderCache = order
        return order
    }

    /// Hit-tests the visible windows for a new touch at `screenPoint`; the first non-nil answer wins (R3, A9).
    func hitTestWindows(at screenPoint: CGPoint, with event: UIEvent) -> (UIWindow, UIView)? {
        // One visible window, the common case, needs no sorted copy of the list.
        for window in visibleWindows.count == 1 ? visibleWindows : windowsInTouchOrder {
            let point = window.pointFromParent(screenPoint)
            let hit = window.hitTest(point, with: event)
            trace(.hitTestResult(window: window.traceSubject, view: hit?.traceSubject))
            if let hit { return (window, hit) }
        }
        return nil
    }
}
