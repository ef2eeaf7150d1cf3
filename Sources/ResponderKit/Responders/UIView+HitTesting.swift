import Foundation

extension UIView {
    /// UIKit's hit-testing algorithm (A1), reporting each step to the active tracer.
    func defaultHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        if let reason = hitTestSkipReason {
            trace(.hitTestSkipped(view: traceName, point: point, reason: reason))
            return nil
        }
        guard self.point(inside: point, with: event) else {
            trace(.hitTestOutside(view: traceName, point: point))
            return nil
        }
        trace(.hitTestInside(view: traceName, point: point))
        var index = subviews.count
        while index > 0 {
            index -= 1
            let subview = subviews[index]
            if let hit = subview.hitTest(subview.pointFromParent(point), with: event) { return hit }
        }
        return self
    }
}
