import Foundation

extension UITouch {
    /// The pencil's azimuth in `view`'s coordinates, in radians (nil: the window's): 0 when its cap
    /// points along the view's +x axis, growing clockwise (U4). 0 for a finger.
    public func azimuthAngle(in view: UIView?) -> CGFloat {
        azimuth(azimuthAngleInWindow, in: view, window: window).angle
    }

    /// The direction the pencil's cap points to, as a unit vector in `view`'s coordinates (nil: the
    /// window's): `(1, 0)` for an azimuth of 0 (U4).
    public func azimuthUnitVector(in view: UIView?) -> CGVector {
        azimuth(azimuthAngleInWindow, in: view, window: window).vector
    }
}

/// A pencil's azimuth in `view`'s coordinates (U4): `angle` is in `window`'s coordinates (0 along +x,
/// growing clockwise, with y pointing down); a view rotated or flipped in the window sees it turned.
/// Nil for `view` means the window's coordinates.
@MainActor
func azimuth(_ angle: CGFloat, in view: UIView?, window: UIWindow?) -> (angle: CGFloat, vector: CGVector) {
    let dx = cos(angle), dy = sin(angle)
    guard let view, let window, view !== window else { return (angle, CGVector(dx: dx, dy: dy)) }
    let origin = view.convert(CGPoint.zero, from: window)
    let tip = view.convert(CGPoint(x: dx, y: dy), from: window)
    var vx = tip.x - origin.x, vy = tip.y - origin.y
    let length = (vx * vx + vy * vy).squareRoot()
    guard length > 0, length.isFinite else { return (angle, CGVector(dx: dx, dy: dy)) }
    vx /= length
    vy /= length
    var turned = atan2(vy, vx)
    if turned < 0 { turned += 2 * .pi }
    return (turned, CGVector(dx: vx, dy: vy))
}
