import Foundation

extension UIView {
    /// UIKit's hit-testing algorithm (A1), reporting each step to the tracer of the view's application.
    func defaultHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        // Whether a tracer listens is looked up once per view, not once per decision: the view's
        // window's application's tracer.
        let application = tracingApplication
        let tracing = application != nil
        if let reason = hitTestSkipReason {
            if tracing { application?.report(.hitTestSkipped(view: traceSubject, point: point, reason: reason)) }
            return nil
        }
        guard self.point(inside: point, with: event) else {
            if tracing { application?.report(.hitTestOutside(view: traceSubject, point: point)) }
            return nil
        }
        if tracing { application?.report(.hitTestInside(view: traceSubject, point: point)) }
        return hitTestSubviews(point, with: event, tracing: tracing) ?? self
    }

    /// The first answer of the subviews, frontmost first, to `point` in this view's coordinates (A1).
    private func hitTestSubviews(_ point: CGPoint, with event: UIEvent?, tracing: Bool) -> UIView? {
        var subviews = self.subviews
        var point = point
        // A plain subview that contains the point settles the answer: one of its own subviews, or
        // itself. Hit-testing goes on inside it without recursion, keeping the list that holds it.
        var holder: [UIView] = [], held = -1
        descent: while true {
            var index = subviews.count
            while index > 0 {
                index -= 1
                let subview = subviews[index]
                let local = subview.pointFromParent(point)
                if subview.usesDefaultHitTesting && !tracing {
                    // Exactly what `subview.hitTest(local, with: event)` answers for the engine's plain
                    // classes, from their stored state. Without a dynamic call the subview need not even
                    // be retained, which is most of the cost of passing over thousands of siblings (views
                    // are weakly referenced, so their retains take the runtime's slow path).
                    if subview.isSkippedByDefault || !subview.storedBounds.contains(local) { continue }
                    let inside = subview.subviews
                    if inside.isEmpty { return subview }
                    holder = subviews
                    held = index
                    subviews = inside
                    point = local
                    continue descent
                }
                if let hit = subview.hitTest(local, with: event) { return hit }
            }
            return held < 0 ? nil : holder[held]
        }
    }

    /// ``hitTestSkipReason`` is not nil, for a view of a class that uses the defaults.
    private var isSkippedByDefault: Bool {
        storedIsHidden || !storedIsUserInteractionEnabled || storedAlpha <= 0.01
    }
}

extension UIView {
    /// The view's application, if it has a tracer attached.
    private var tracingApplication: UIApplication? {
        guard let application = window?.application, application.tracer != nil else { return nil }
        return application
    }
}
