import Foundation
import ResponderKit

/// A ``SceneSnapshot`` as a tree to ask questions of: each view with its superview, found by identity
/// or name, and the geometry of hit-testing: converting points between views through every bounds
/// origin and transform, as `UIView.convert` does, and testing a point against a view's bounds.
@MainActor
final class SceneGraph {
    /// A view of the scene.
    @MainActor
    final class Node {
        let view: SceneSnapshot.View
        /// Its bounds, which a scroll view's content offset at another moment may change.
        var bounds: CGRect
        private(set) weak var superview: Node?
        private(set) var subviews: [Node] = []
        /// The root of its tree, set as the tree is built (nil for a root).
        fileprivate(set) weak var root: Node?
        /// The scene's windows are the roots.
        var isWindow: Bool { view.windowLevel != nil }

        init(_ view: SceneSnapshot.View, superview: Node?) {
            self.view = view
            bounds = view.bounds
            self.superview = superview
        }

        fileprivate func add(_ node: Node) { subviews.append(node) }

        var id: Int { view.subject.id }
        var name: String { view.subject.name }
        var className: String { view.subject.className }
        var isControl: Bool { view.control != nil }

        /// The root of its tree: its window.
        var window: Node { root ?? self }

        /// The map from its bounds space to its superview's (a window's: the screen's), as a transform.
        var toParentTransform: CGAffineTransform {
            CGAffineTransform(translationX: -bounds.midX, y: -bounds.midY).concatenating(view.transform)
                .concatenating(CGAffineTransform(translationX: view.center.x, y: view.center.y))
        }

        func isDescendant(of other: Node) -> Bool {
            var node: Node? = self
            while let current = node {
                if current === other { return true }
                node = current.superview
            }
            return false
        }

        /// Its ancestors and itself, from the window down.
        var pathFromWindow: [Node] {
            var path: [Node] = []
            var node: Node? = self
            while let current = node {
                path.append(current)
                node = current.superview
            }
            return path.reversed()
        }

        /// Whether `point`, in its coordinates, is inside it, as its `point(inside:with:)` answers: its bounds
        /// (max edges excluded, A4), with the insets it is known to apply.
        func contains(_ point: CGPoint) -> Bool {
            let area = view.pointInsideInsets.map { bounds.inset(by: $0) } ?? bounds
            return area.contains(point)
        }

        /// Maps a point from its bounds space into its superview's (for a window, the screen's).
        func pointToParent(_ point: CGPoint) -> CGPoint {
            var x = point.x - bounds.midX, y = point.y - bounds.midY
            let t = view.transform
            if !t.isIdentity { (x, y) = (t.a * x + t.c * y + t.tx, t.b * x + t.d * y + t.ty) }
            return CGPoint(x: x + view.center.x, y: y + view.center.y)
        }

        /// Maps a point from the superview's bounds space (for a window, the screen's) into its own.
        func pointFromParent(_ point: CGPoint) -> CGPoint {
            var x = point.x - view.center.x, y = point.y - view.center.y
            let t = view.transform
            if !t.isIdentity {
                let p = CGPoint(x: x, y: y).applying(t.inverted())
                (x, y) = (p.x, p.y)
            }
            return CGPoint(x: x + bounds.midX, y: y + bounds.midY)
        }

        /// A point of its coordinates in its window's.
        func toWindow(_ point: CGPoint) -> CGPoint {
            var p = point
            var node = self
            while let parent = node.superview {
                p = node.pointToParent(p)
                node = parent
            }
            return p
        }

        /// A point of its window's coordinates in its own.
        func fromWindow(_ point: CGPoint) -> CGPoint {
            pathFromWindow.dropFirst().reduce(point) { $1.pointFromParent($0) }
        }

        /// A point of its coordinates on the screen.
        func toScreen(_ point: CGPoint) -> CGPoint { window.pointToParent(toWindow(point)) }

        /// A point of the screen in its coordinates.
        func fromScreen(_ point: CGPoint) -> CGPoint { fromWindow(window.pointFromParent(point)) }

        /// Converts `point` from its coordinates to `other`'s, as `UIView.convert(_:to:)` does: through
        /// their window, or through the screen when they are in different windows.
        func convert(_ point: CGPoint, to other: Node) -> CGPoint {
            if other === self { return point }
            let inWindow = toWindow(point)
            let otherWindow = other.window
            let target = otherWindow === window ? inWindow : otherWindow.pointFromParent(window.pointToParent(inWindow))
            return other.fromWindow(target)
        }

        /// Its bounds' corners on the screen, clockwise from the top-left.
        var screenCorners: [CGPoint] {
            let b = bounds
            return [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY), CGPoint(x: b.minX, y: b.maxY)]
                .map(toScreen)
        }
    }

    /// The windows, back to front.
    private(set) var windows: [Node] = []
    private var byID: [Int: Node] = [:]
    /// Recognizers by identity, with the view they are on.
    private var recognizersByID: [Int: (recognizer: SceneSnapshot.Recognizer, view: Node)] = [:]
    /// The time of the snapshot it was made from.
    let time: TimeInterval

    init(_ snapshot: SceneSnapshot) {
        time = snapshot.time
        for window in snapshot.windows { windows.append(add(window, superview: nil)) }
    }

    private func add(_ view: SceneSnapshot.View, superview: Node?) -> Node {
        let node = Node(view, superview: superview)
        node.root = superview.map { $0.window }
        byID[node.id] = node
        for recognizer in view.recognizers { recognizersByID[recognizer.subject.id] = (recognizer, node) }
        for subview in view.subviews { node.add(add(subview, superview: node)) }
        return node
    }

    func node(_ id: Int) -> Node? { byID[id] }

    func recognizer(_ id: Int) -> (recognizer: SceneSnapshot.Recognizer, view: Node)? { recognizersByID[id] }

    /// Every view, windows included, in no particular order.
    var nodes: Dictionary<Int, Node>.Values { byID.values }

    /// Sets a scroll view's content offset (its bounds origin), as the trace reported it.
    func setContentOffset(_ offset: CGPoint, of id: Int) {
        byID[id]?.bounds.origin = offset
    }

    /// The responder chain from `node`: each responder's name, and the view it is when it is one.
    func responderChain(from node: Node) -> [(name: String, view: Node?)] {
        var chain: [(String, Node?)] = []
        var current: Node? = node
        var steps = 0
        // A snapshot's links cannot loop on their own, but a damaged file's can: the chain is bounded.
        while let view = current, steps < 10_000 {
            steps += 1
            chain.append((view.name, view))
            for responder in view.view.nextResponders { chain.append((responder.name, nil)) }
            if let next = view.view.nextView {
                current = byID[next]
            } else {
                current = view.view.nextResponders.isEmpty ? view.superview : nil
            }
        }
        return chain
    }
}
