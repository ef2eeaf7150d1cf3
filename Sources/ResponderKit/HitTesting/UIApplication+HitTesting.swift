import Foundation

extension UIApplication {
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
