import Foundation

/// The system's gestures at the screen edges, attached to each window of the foreground application so
/// that it takes part in the application's arbitration, as UIKit's system gesture recognizers do (I3).
///
/// It is one screen-edge pan for all the system edges (the home indicator at the bottom, Notification
/// Center at the top): one recognizer per window, as seed 001's device log shows one system recognizer
/// that the application's delegate is asked about. A swipe is the system's gesture of the edge it
/// began nearest to. Every other recognizer of the application must wait for
/// it to fail (``shouldBeRequiredToFail(by:)``), so it wins over the application's own edge gestures
/// and, when it begins, cancels the application's touches in their views (R8) — once. Unless the window's
/// root view controller defers the edge (``UIViewController/preferredScreenEdgesDeferringSystemGestures``):
/// then the first swipe from that edge fails it at once and is the application's, and a second swipe
/// from that edge begun within ``deferralWindow`` is the system's.
@MainActor
final class SystemGestureRecognizer: UIScreenEdgePanGestureRecognizer {
    /// How long after a deferred swipe a second one goes to the system. Chosen: UIKit does not document
    /// it, and devices show the second swipe working when it follows within a second or two.
    static let deferralWindow: TimeInterval = 2

    weak var system: DeviceSystem?
    /// The edge the current swipe began nearest to.
    private(set) var edge: UIRectEdge = .bottom
    /// When each deferred edge last gave a swipe to the application.
    private var deferredAt: [UInt: TimeInterval] = [:]

    init(edges systemEdges: UIRectEdge, system: DeviceSystem) {
        self.system = system
        super.init(target: nil, action: nil)
        edges = systemEdges
        addTarget(self, action: SystemGestureRecognizer.handle)
        name = "system edges"
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

    /// The system edge nearest to `point` (in the window's coordinates).
    private func nearestEdge(to point: CGPoint) -> UIRectEdge {
        guard let bounds = view?.bounds else { return .bottom }
        let distances: [(UIRectEdge, CGFloat)] = [(.bottom, bounds.maxY - point.y), (.top, point.y - bounds.minY),
                                                  (.left, point.x - bounds.minX), (.right, bounds.maxX - point.x)]
        return distances.filter { edges.contains($0.0) }.min { $0.1 < $1.1 }?.0 ?? .bottom
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard state == .possible, let touch = touches.first else { return }
        edge = nearestEdge(to: touch.location(in: view))
        let deferring = view?.window?.rootViewController?.preferredScreenEdgesDeferringSystemGestures ?? []
        guard deferring.contains(edge) else { return }
        if let deferredAt = deferredAt[edge.rawValue], now - deferredAt <= Self.deferralWindow {
            self.deferredAt[edge.rawValue] = nil
            return
        }
        deferredAt[edge.rawValue] = now
        reportingApplication?.report(.system(.edgeDeferred(edge: Self.edgeName(edge))))
        setState(.failed, because: .edgeDeferred(edge: Self.edgeName(edge)))
    }

    /// Called through the action when the gesture changes state.
    func handle() {
        switch state {
        case .began: reportingApplication?.report(.system(.systemGesture(edge: Self.edgeName(edge))))
        case .ended: system?.systemGestureCompleted(edge: edge, in: view?.window?.application)
        default: break
        }
    }
}
