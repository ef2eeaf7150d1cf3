import ResponderKit

/// A button whose touch area reaches beyond its bounds by `hitTestEdgeInsets` (negative insets grow
/// it), so that a small icon is easy to hit. A disabled or hidden button still takes no touches.
class EnlargedHitAreaButton: UIButton {
    /// Added to the bounds to make the touch area: negative values enlarge it.
    var hitTestEdgeInsets = UIEdgeInsets(top: -20, left: -20, bottom: -20, right: -20)

    override init(frame: CGRect) {
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        guard isEnabled, !isHidden, isUserInteractionEnabled else {
            return super.point(inside: point, with: event)
        }
        return bounds.inset(by: hitTestEdgeInsets).contains(point)
    }
}
