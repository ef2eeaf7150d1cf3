import ResponderKit

/// A rotary knob: a finger dragged around its center turns it, from pointing down-left at
/// `minimumValue` through pointing up to pointing down-right at `maximumValue` (270° in all).
///
/// It tracks the touch itself with `beginTracking`/`continueTracking`/`endTracking`: a touch must
/// start on the ring (not in the middle, within `deadZoneRadius`), and `.valueChanged` is sent as the
/// value changes, or once when the finger lifts if `isContinuous` is off.
class KnobControl: UIControl {
    var minimumValue: Float = 0
    var maximumValue: Float = 1
    /// Whether `.valueChanged` goes out while the knob turns (true) or only when the finger lifts.
    var isContinuous = true
    /// Touches that start closer than this to the center are not tracked.
    var deadZoneRadius: CGFloat = 10

    private(set) var value: Float = 0
    private var valueWhenTrackingBegan: Float = 0

    /// Half the knob's travel, in radians, either side of pointing up.
    private let halfTravel = CGFloat.pi * 3 / 4

    override init(frame: CGRect) {
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    func setValue(_ newValue: Float, animated: Bool) {
        value = min(max(newValue, minimumValue), maximumValue)
    }

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        guard hypot(point.x - center.x, point.y - center.y) > deadZoneRadius else { return false }
        valueWhenTrackingBegan = value
        update(with: touch)
        return true
    }

    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        update(with: touch)
        return true
    }

    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        if !isContinuous, value != valueWhenTrackingBegan {
            sendActions(for: .valueChanged)
        }
    }

    private func update(with touch: UITouch) {
        let point = touch.location(in: self)
        // The angle from pointing up, clockwise positive (y points down).
        let angle = atan2(point.x - bounds.midX, bounds.midY - point.y)
        let clamped = min(max(angle, -halfTravel), halfTravel)
        let fraction = Float((clamped + halfTravel) / (2 * halfTravel))
        let newValue = minimumValue + fraction * (maximumValue - minimumValue)
        guard newValue != value else { return }
        value = newValue
        if isContinuous {
            sendActions(for: .valueChanged)
        }
    }
}
