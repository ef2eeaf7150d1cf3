import Foundation

/// The system's gesture at a screen edge, attached to each window of the foreground application so
/// that it takes part in the application's arbitration, as UIKit's system gesture recognizers do (I3).
///
/// It is a screen-edge pan for its one edge. Every other recognizer of the application must wait for
/// it to fail (``shouldBeRequiredToFail(by:)``), so it wins over the application's own edge gestures
/// and, when it begins, cancels the application's touches in their views (R8) — once. Unless the window's
/// root view controller defers the edge (``UIViewController/preferredScreenEdgesDeferringSystemGestures``):
/// then the first swipe fails it at once and is the application's, and a second swipe begun within
/// ``deferralWindow`` is the system's.
@MainActor
final class SystemGestureRecognizer: UIScreenEdgePanGestureRecognizer {
    /// How long after a deferred swipe a second one goes to the system. Chosen: UIKit does not document
    /// it, and devices show the second swipe working when it follows within a second or two.
    static let deferralWindow: TimeInterval = 2

    weak var system: DeviceSystem?
    let edge: UIRectEdge
    private var deferredAt: TimeInterval?

    init(edge: UIRectEdge, system: DeviceSystem) {
        self.edge = edge
        self.system = system
        super.init()
        edges = edge
        addTarget(self, action: SystemGestureRecognizer.handle)
        name = "system \(Self.edgeName(edge)) edge"
    }

    static func edgeName(_ edge: UIRectEdge) -> String {
        switch edge {
        case .bottom: return "bottom"
        case .top: return "top"
        case .left: return "left"
        default: return "right"
        }
    }

    override func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        !(otherGestureRecognizer is SystemGestureRecognizer)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard state == .possible else { return }
        let deferring = view?.window?.rootViewController?.preferredScreenEdgesDeferringSystemGestures ?? []
        guard deferring.contains(edge) else { return }
        if let deferredAt, now - deferredAt <= Self.deferralWindow {
            self.deferredAt = nil
            return
        }
        deferredAt = now
        TraceContext.record(.system(.edgeDeferred(edge: Self.edgeName(edge))))
        setState(.failed, because: "the application defers the \(Self.edgeName(edge)) edge: the first swipe is its own")
    }

    /// Called through the action when the gesture changes state.
    func handle() {
        switch state {
        case .began: TraceContext.record(.system(.systemGesture(edge: Self.edgeName(edge))))
        case .ended: system?.systemGestureCompleted(edge: edge, in: view?.window?.application)
        default: break
        }
    }
}
