import Foundation
import ResponderKit

/// The application of a scenario: it notes where every touch went, for pictures, then sends each event
/// on as any application does.
@MainActor
final class RecordingApplication: UIApplication {
    /// One finger's life: where it went (in its window's coordinates), when, and the view it was bound to.
    struct TouchPath {
        var points: [(time: TimeInterval, point: CGPoint)]
        /// Weak: each window holds the application, so a strong window here would keep the scene alive
        /// after its run (R27). The scene holds both for as long as a picture can be drawn.
        weak var view: UIView?
        weak var window: UIWindow?
    }

    private(set) var paths: [TouchPath] = []
    private var current: [ObjectIdentifier: Int] = [:]

    override func sendEvent(_ event: UIEvent) {
        if event.type == .touches {
            for touch in event.allTouches ?? [] where touch.phase != .stationary {
                let id = ObjectIdentifier(touch)
                if touch.phase == .began || current[id] == nil {
                    current[id] = paths.count
                    paths.append(TouchPath(points: [], view: touch.view, window: touch.window))
                }
                paths[current[id]!].points.append((event.timestamp, touch.location(in: nil)))
                if touch.phase == .ended || touch.phase == .cancelled { current[id] = nil }
            }
        }
        super.sendEvent(event)
    }
}
