import Foundation
import ResponderKit

/// A dumped view's geometry restated in the scenario format's terms.
///
/// UIKit prints `frame`, which under a transform is the bounding box of the transformed bounds, and
/// prints `bounds` and `transform` only when they are not the plain ones. A scenario sets `frame` with
/// the identity transform and then the transform, around the centre (as `UIView` does, R24), so its
/// `frame` is the untransformed one: the bounds size, centred where the transform leaves the centre
/// (the printed frame's centre less the translation). Provenance: UIKit's `frame` documentation
/// (undefined under a non-identity transform: only its centre and the bounds are meaningful).
struct ImportedGeometry {
    /// The frame before the transform, in the superview's coordinates.
    var frame: CGRect
    var boundsOrigin: CGPoint
    /// The transform as the scenario states it: scale, then rotation, then translation.
    var scale: CGSize = CGSize(width: 1, height: 1)
    var rotationDegrees: CGFloat = 0
    var translation: CGPoint = .zero
    /// The transform as UIKit printed it (identity when none was).
    var transform: CGAffineTransform = .identity
    /// What could not be carried over exactly.
    var notes: [String] = []

    init(_ view: DumpedView) {
        boundsOrigin = view.bounds?.origin ?? view.contentOffset ?? .zero
        guard let t = view.transform, !t.isIdentity else {
            frame = view.frame
            if let bounds = view.bounds, bounds.size != view.frame.size {
                notes.append("bounds size \(bounds.size.width)×\(bounds.size.height) differs from the frame's without a transform; the frame's is used")
            }
            return
        }
        transform = t
        // Scale then rotate: a = sx·cos θ, b = sx·sin θ, c = −sy·sin θ, d = sy·cos θ.
        let sx = (t.a * t.a + t.b * t.b).squareRoot()
        let angle = atan2(t.b, t.a)
        let sy = t.d * cos(angle) - t.c * sin(angle)
        scale = CGSize(width: sx, height: sy)
        rotationDegrees = angle * 180 / .pi
        translation = CGPoint(x: t.tx, y: t.ty)
        let shear = t.a * t.c + t.b * t.d
        if abs(shear) > 1e-6 * max(1, sx * abs(sy)) {
            notes.append("the transform has a shear, which a scenario cannot state: imported as scale \(Self.number(sx))×\(Self.number(sy)), rotation \(Self.number(rotationDegrees))°")
        }
        let size: CGSize
        if let bounds = view.bounds {
            size = bounds.size
        } else {
            // Undo the bounding box: W = |a|w + |c|h, H = |b|w + |d|h.
            let determinant = abs(t.a) * abs(t.d) - abs(t.c) * abs(t.b)
            if abs(determinant) > 1e-9 {
                let w = (abs(t.d) * view.frame.width - abs(t.c) * view.frame.height) / determinant
                let h = (abs(t.a) * view.frame.height - abs(t.b) * view.frame.width) / determinant
                size = CGSize(width: max(0, w), height: max(0, h))
            } else {
                size = view.frame.size
                notes.append("the size under the transform cannot be recovered without a 'bounds' field: the printed frame's size is used")
            }
        }
        let center = CGPoint(x: view.frame.midX - t.tx, y: view.frame.midY - t.ty)
        frame = CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }

    /// The transform a scenario rebuilds from ``scale``, ``rotationDegrees`` and ``translation``.
    var scenarioTransform: CGAffineTransform {
        CGAffineTransform(scaleX: scale.width, y: scale.height)
            .concatenating(CGAffineTransform(rotationAngle: rotationDegrees * .pi / 180))
            .concatenating(CGAffineTransform(translationX: translation.x, y: translation.y))
    }

    /// A point of the view's bounds in its superview's coordinates (as `UIView.convert` does).
    func pointInSuperview(_ point: CGPoint) -> CGPoint {
        let t = scenarioTransform
        let offset = CGPoint(x: point.x - boundsOrigin.x - frame.width / 2, y: point.y - boundsOrigin.y - frame.height / 2)
        return CGPoint(x: frame.midX + t.a * offset.x + t.c * offset.y + t.tx,
                       y: frame.midY + t.b * offset.x + t.d * offset.y + t.ty)
    }

    /// The centre of the view's bounds.
    var boundsCenter: CGPoint { CGPoint(x: boundsOrigin.x + frame.width / 2, y: boundsOrigin.y + frame.height / 2) }

    /// A number as the scenario writes it: at most four decimals, no trailing zeros.
    static func number(_ value: CGFloat) -> String {
        let rounded = (Double(value) * 10_000).rounded() / 10_000
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }
}
