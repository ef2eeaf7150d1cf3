import ResponderKit

/// A slider with two thumbs that select a range: `lowerValue` and `upperValue`, between
/// `minimumValue` and `maximumValue`.
///
/// Each thumb is a square subview as tall as the control, laid out whenever the frame or a value
/// changes (the frame set by `init(frame:)` included). A touch on a thumb, or within `thumbTouchMargin`
/// of it, drags that thumb; the lower thumb never passes the upper one. `.valueChanged` is sent on
/// every move that changes a value.
class RangeSlider: UIControl {
    var minimumValue: CGFloat = 0
    var maximumValue: CGFloat = 1
    var lowerValue: CGFloat = 0.2 {
        didSet { updateThumbFrames() }
    }
    var upperValue: CGFloat = 0.8 {
        didSet { updateThumbFrames() }
    }
    /// How far around a thumb a touch still grabs it.
    var thumbTouchMargin: CGFloat = 8

    let lowerThumb = UIView()
    let upperThumb = UIView()

    private enum Thumb {
        case lower
        case upper
    }

    private var draggedThumb: Thumb?
    private var previousLocation = CGPoint.zero

    override var frame: CGRect {
        didSet { updateThumbFrames() }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        lowerThumb.isUserInteractionEnabled = false
        upperThumb.isUserInteractionEnabled = false
        addSubview(lowerThumb)
        addSubview(upperThumb)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    private var thumbWidth: CGFloat {
        bounds.height
    }

    /// The x of a thumb's left edge for `value`.
    private func position(for value: CGFloat) -> CGFloat {
        guard maximumValue > minimumValue else { return 0 }
        return (bounds.width - thumbWidth) * (value - minimumValue) / (maximumValue - minimumValue)
    }

    private func updateThumbFrames() {
        lowerThumb.frame = CGRect(x: position(for: lowerValue), y: 0, width: thumbWidth, height: thumbWidth)
        upperThumb.frame = CGRect(x: position(for: upperValue), y: 0, width: thumbWidth, height: thumbWidth)
    }

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        previousLocation = touch.location(in: self)
        let lowerArea = lowerThumb.frame.insetBy(dx: -thumbTouchMargin, dy: -thumbTouchMargin)
        let upperArea = upperThumb.frame.insetBy(dx: -thumbTouchMargin, dy: -thumbTouchMargin)
        switch (lowerArea.contains(previousLocation), upperArea.contains(previousLocation)) {
        case (true, true):
            // Overlapping thumbs: the nearer one.
            let toLower = abs(previousLocation.x - lowerThumb.frame.midX)
            let toUpper = abs(previousLocation.x - upperThumb.frame.midX)
            draggedThumb = toLower <= toUpper ? .lower : .upper
        case (true, false):
            draggedThumb = .lower
        case (false, true):
            draggedThumb = .upper
        case (false, false):
            draggedThumb = nil
        }
        return draggedThumb != nil
    }

    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let location = touch.location(in: self)
        let travel = bounds.width - thumbWidth
        guard travel > 0 else { return false }
        let delta = (location.x - previousLocation.x) * (maximumValue - minimumValue) / travel
        previousLocation = location
        switch draggedThumb {
        case .lower:
            lowerValue = min(max(lowerValue + delta, minimumValue), upperValue)
        case .upper:
            upperValue = min(max(upperValue + delta, lowerValue), maximumValue)
        case nil:
            return false
        }
        sendActions(for: .valueChanged)
        return true
    }

    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        draggedThumb = nil
    }
}
