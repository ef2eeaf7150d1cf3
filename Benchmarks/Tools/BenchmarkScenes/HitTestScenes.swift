import Foundation
import ResponderKit

// The hit-test scenes that both the time benchmarks (ResponderKitBenchmarks) and the instruction counts
// (InstructionCounts) measure, built once here so the two measure the same trees.

/// A window of its own application, 390 × 844 pt (a phone in portrait).
@MainActor
public func makeWindow() -> UIWindow {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844), application: UIApplication())
    window.makeKeyAndVisible()
    return window
}

/// `hitTest.deep32`: 32 views nested in the window, each 4 pt smaller on every side than its parent.
@MainActor
public final class DeepScene {
    public let window = makeWindow()
    /// The innermost view's center, in window coordinates: every level contains it.
    public let point: CGPoint
    public let innermost: UIView

    public init(depth: Int = 32) {
        var parent: UIView = window
        for _ in 0 ..< depth {
            let child = UIView(frame: parent.bounds.insetBy(dx: 4, dy: 4))
            parent.addSubview(child)
            parent = child
        }
        innermost = parent
        point = innermost.convert(CGPoint(x: innermost.bounds.midX, y: innermost.bounds.midY), to: window)
        precondition(window.hitTest(point, with: nil) === innermost)
    }
}

/// `hitTest.wide10k`: 10,000 sibling views in a 100 × 100 grid of 3.9 × 8.44 pt cells filling the
/// window. Subviews are hit-tested front to back, so the last one is found first (the best case) and
/// the first one only after the other 9,999 said no (the worst case).
@MainActor
public final class WideScene {
    public static let side = 100
    public let window = makeWindow()
    /// The frames of the 10,000 views, in window coordinates, back to front.
    public let frames: [CGRect]
    /// A point inside the topmost view only, and one inside the bottom-most view only.
    public let topmostPoint: CGPoint, bottomMostPoint: CGPoint
    public let topmost: UIView, bottomMost: UIView

    public init() {
        let side = WideScene.side
        let size = CGSize(width: window.bounds.width / CGFloat(side), height: window.bounds.height / CGFloat(side))
        var frames: [CGRect] = []
        for index in 0 ..< side * side {
            let frame = CGRect(x: CGFloat(index % side) * size.width, y: CGFloat(index / side) * size.height,
                               width: size.width, height: size.height)
            frames.append(frame)
            window.addSubview(UIView(frame: frame))
        }
        self.frames = frames
        topmost = window.subviews.last!
        bottomMost = window.subviews.first!
        topmostPoint = CGPoint(x: frames.last!.midX, y: frames.last!.midY)
        bottomMostPoint = CGPoint(x: frames.first!.midX, y: frames.first!.midY)
        precondition(window.hitTest(topmostPoint, with: nil) === topmost)
        precondition(window.hitTest(bottomMostPoint, with: nil) === bottomMost)
    }
}
