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

extension UIView {
    /// The name of the library class this view is (or descends from), for traces: `UIButton` for any
    /// button subclass, `UIView` for a plain view's subclass.
    var kitClassName: String {
        switch self {
        case is UIButton: return "UIButton"
        case is UISwitch: return "UISwitch"
        case is UISlider: return "UISlider"
        case is UITextField: return "UITextField"
        case is UIControl: return "UIControl"
        case is UILabel: return "UILabel"
        case is UIImageView: return "UIImageView"
        case is UIWindow: return "UIWindow"
        default: return "UIView"
        }
    }
}
