import Foundation

// Small measures shared across the engine: how far apart two points are (tap counting, recognizers),
// and how a length or angle is written into a recognizer's reason.

/// The distance between two points.
@inline(__always)
func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
    let dx = a.x - b.x, dy = a.y - b.y
    return (dx * dx + dy * dy).squareRoot()
}

/// A length or angle as traces print it: to a tenth, integers without a fraction.
func format(_ value: CGFloat) -> String { TraceRecord.number((value * 10).rounded() / 10) }
