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
}
