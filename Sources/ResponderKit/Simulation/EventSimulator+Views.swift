import Foundation

// Input aimed at a view rather than at a point, as KIF's and Hammer's testers do: the view is found by
// its `accessibilityIdentifier` (the name traces print) or given as itself, and the finger goes down at
// the centre of its bounds. Before the finger goes down, the simulator hit-tests that point as a new
// touch would (without tracing) and throws a `TargetError` when the touch would not reach the view or
// one of its subviews, naming the view that would take it and why. Chosen: the centre, as KIF taps the
// centre of an element's frame; and a view counts as reached when hit-testing answers it or a
// descendant, as both testers accept.
extension EventSimulator {

    // MARK: Finding a view

    /// The one view whose `accessibilityIdentifier` is `identifier`, among the application's windows
    /// (hidden ones included, so that a failure to touch it can say why).
    ///
    /// Throws ``TargetError/noView(accessibilityIdentifier:)`` when no view has it, and
    /// ``TargetError/ambiguous(accessibilityIdentifier:views:)`` when several do: identifiers name one
    /// view each, and a test should not touch whichever comes first.
    public func view(withAccessibilityIdentifier identifier: String) throws(TargetError) -> UIView {
        var found: [UIView] = []
        for window in application.windows.reversed() {
            collect(identifier, in: window, into: &found)
        }
        guard let view = found.first else { throw .noView(accessibilityIdentifier: identifier) }
        guard found.count == 1 else { throw .ambiguous(accessibilityIdentifier: identifier, views: found.map(\.traceSubject)) }
        return view
    }

    private func collect(_ identifier: String, in view: UIView, into found: inout [UIView]) {
        if view.accessibilityIdentifier == identifier { found.append(view) }
        // Front to back, as hit-testing looks.
        for subview in view.subviews.reversed() { collect(identifier, in: subview, into: &found) }
    }

    // MARK: Gestures on a view

    /// Taps the centre of `view`, as ``tap(at:)`` does, after checking that a touch there reaches `view`
    /// or one of its subviews; otherwise throws a ``TargetError`` that says which view would take it
    /// and why.
    public func tap(on view: UIView) throws(TargetError) {
        tap(at: try hittableCentre(of: view))
    }

    /// Taps the centre of the view whose `accessibilityIdentifier` is `identifier`; see ``tap(on:)-(UIView)``.
    public func tap(on identifier: String) throws(TargetError) {
        try tap(on: try view(withAccessibilityIdentifier: identifier))
    }

    /// Two taps at the centre of `view`, with no time passing, as two ``tap(at:)`` calls: a double tap
    /// (``UITouch/tapCount`` 2). Each tap is checked as ``tap(on:)-(UIView)`` checks it, so a first tap
    /// that hides or covers the view makes the second one throw.
    public func doubleTap(on view: UIView) throws(TargetError) {
        tap(at: try hittableCentre(of: view))
        tap(at: try hittableCentre(of: view))
    }

    /// A double tap on the view whose `accessibilityIdentifier` is `identifier`; see ``doubleTap(on:)-(UIView)``.
    public func doubleTap(on identifier: String) throws(TargetError) {
        try doubleTap(on: try view(withAccessibilityIdentifier: identifier))
    }

    /// A long press at the centre of `view`, held still for `duration`, as ``longPress(at:duration:)``;
    /// checked as ``tap(on:)-(UIView)`` is.
    public func longPress(on view: UIView, duration: TimeInterval = 0.6) throws(TargetError) {
        longPress(at: try hittableCentre(of: view), duration: duration)
    }

    /// A long press on the view whose `accessibilityIdentifier` is `identifier`; see
    /// ``longPress(on:duration:)-(UIView,_)``.
    public func longPress(on identifier: String, duration: TimeInterval = 0.6) throws(TargetError) {
        try longPress(on: try view(withAccessibilityIdentifier: identifier), duration: duration)
    }

    /// A drag that starts at the centre of `view` and moves by `translation` (in screen points) over
    /// `duration`, as ``drag(from:to:duration:steps:)``; the start is checked as ``tap(on:)-(UIView)``
    /// checks a tap. The finger may leave the view on the way, as a real one may.
    public func drag(on view: UIView, by translation: CGPoint, duration: TimeInterval = 0.25, steps: Int = 10) throws(TargetError) {
        let start = try hittableCentre(of: view)
        drag(from: start, to: CGPoint(x: start.x + translation.x, y: start.y + translation.y), duration: duration, steps: steps)
    }

    /// A drag from the centre of the view whose `accessibilityIdentifier` is `identifier`; see
    /// ``drag(on:by:duration:steps:)-(UIView,_,_,_)``.
    public func drag(on identifier: String, by translation: CGPoint, duration: TimeInterval = 0.25, steps: Int = 10) throws(TargetError) {
        try drag(on: try view(withAccessibilityIdentifier: identifier), by: translation, duration: duration, steps: steps)
    }

    // MARK: Checking that a touch reaches the view

    /// The centre of `view` on screen, if a new touch there would be bound to `view` or a descendant.
    ///
    /// The check hit-tests the application's visible windows in touch order, as a new touch does (R3,
    /// A1), with the application's tracer detached so that the trace shows only the input played. When
    /// the touch would go elsewhere, the error's ``TargetError/Obstacle`` is the first reason on the
    /// way down from the window: the window, or an ancestor (or the view) that hit-testing skips or whose
    /// `point(inside:with:)` leaves the point out; failing those, the view that answered instead.
    func hittableCentre(of view: UIView) throws(TargetError) -> CGPoint {
        let subject = view.traceSubject
        guard let window = view.window else { throw .notHittable(subject, at: nil, obstacle: .notInWindow, takenBy: nil) }
        let local = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        let screen = window.pointToParent(view.convert(local, to: nil))
        guard window.application === application else {
            throw .notHittable(subject, at: screen, obstacle: .otherApplication(window: window.traceSubject), takenBy: nil)
        }
        if application.isIgnoringInteractionEvents {
            throw .notHittable(subject, at: screen, obstacle: .ignoringInteractionEvents, takenBy: nil)
        }
        let taker = viewTakingTouch(at: screen)
        if let taker, taker === view || taker.isDescendant(of: view) { return screen }
        let obstacle = self.obstacle(between: window, and: view, at: screen) ?? {
            guard let taker else { return .noView }
            return view.isDescendant(of: taker) ? .answeredBy(taker.traceSubject) : .covered(by: taker.traceSubject)
        }()
        throw .notHittable(subject, at: screen, obstacle: obstacle, takenBy: taker?.traceSubject)
    }

    /// The view a new touch at `screenPoint` would be bound to: the first answer of the visible windows,
    /// frontmost first (R3). Hit-testing reports each step to the tracer, so it is detached meanwhile.
    private func viewTakingTouch(at screenPoint: CGPoint) -> UIView? {
        let tracer = application.tracer
        application.tracer = nil
        defer { application.tracer = tracer }
        for window in application.windowsInTouchOrder {
            if let hit = window.hitTest(window.pointFromParent(screenPoint), with: nil) { return hit }
        }
        return nil
    }

    /// The first reason, from `window` down to `view`, for hit-testing not to reach `view` at
    /// `screenPoint`: a hidden window, a view it skips, or a view that leaves the point out.
    private func obstacle(between window: UIWindow, and view: UIView, at screenPoint: CGPoint) -> TargetError.Obstacle? {
        guard application.visibleWindows.contains(where: { $0 === window }) else { return .windowHidden(window.traceSubject) }
        var chain: [UIView] = []
        var next: UIView? = view
        while let current = next { chain.append(current); next = current.superview }
        var point = screenPoint
        for current in chain.reversed() {
            point = current.pointFromParent(point)
            if let reason = current.hitTestSkipReason { return .skipped(current.traceSubject, reason) }
            if !current.point(inside: point, with: nil) { return .outside(current.traceSubject, bounds: current.bounds) }
        }
        return nil
    }
}
