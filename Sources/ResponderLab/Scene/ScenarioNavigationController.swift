import Foundation
import ResponderKit

/// A scenario's navigation controller: it defers the system gestures of the edges it is told to (I3),
/// when it is a window's root controller.
@MainActor
final class ScenarioNavigationController: UINavigationController {
    /// The screen edges whose system gestures wait for a second swipe (I3).
    var defersSystemGestures: UIRectEdge = []
    override var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { defersSystemGestures }
}
