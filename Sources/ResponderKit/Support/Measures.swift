import Foundation

// Small measures shared across the engine: how far apart two points are (tap counting, recognizers).

/// The distance between two points.
@inline(__always)
func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
    let dx = a.x - b.x, dy = a.y - b.y
    return (dx * dx + dy * dy).squareRoot()
}
