import Foundation

/// A slider: a thumb dragged along a horizontal track.
///
/// Only a touch that begins on the thumb is tracked (UIKit's sliders do not jump to a tapped point).
/// Dragging moves the value by the distance travelled along the track, clamped to the range, and sends
/// `.valueChanged` (with `.primaryActionTriggered`, F6) on every change when ``isContinuous``, or once
/// when the finger lifts otherwise. Setting the value in code sends nothing. A swipe recognizer attached
/// to another view whose direction is along the track, and that starts in the thumb, does not begin on
/// the slider (R10).
@MainActor
open class UISlider: UIControl {
    /// Traces name this class and its subclasses "UISlider".
    override var traceClassName: String { "UISlider" }

    /// The thumb's diameter, used to place it along the track (UIKit's standard thumb is 31 pt).
    static let thumbDiameter: CGFloat = 31

    /// The value, between ``minimumValue`` and ``maximumValue``. 0 by default.
    open var value: Float {
        get { storedValue }
        set { storedValue = min(max(newValue, minimumValue), maximumValue) }
    }
    /// The smallest value. 0 by default.
    open var minimumValue: Float = 0 {
        didSet { if storedValue < minimumValue { storedValue = minimumValue } }
    }
    /// The largest value. 1 by default.
    open var maximumValue: Float = 1 {
        didSet { if storedValue > maximumValue { storedValue = maximumValue } }
    }
    /// Whether a drag sends `.valueChanged` as it goes (true, the default) or once at the end.
    open var isContinuous = true

    private var storedValue: Float = 0
    private var valueAtTouchDown: Float = 0
    private var lastX: CGFloat = 0

    /// Sets the value without sending events; there is no animation.
    open func setValue(_ value: Float, animated: Bool) { self.value = value }

    /// The thumb's frame in the slider's coordinates for the current value.
    open func thumbRect() -> CGRect { thumbRect(at: value) }

    private func thumbRect(at value: Float) -> CGRect {
        let diameter = UISlider.thumbDiameter
        let travel = max(0, bounds.width - diameter)
        let range = maximumValue - minimumValue
        let fraction = range > 0 ? CGFloat((value - minimumValue) / range) : 0
        return CGRect(x: bounds.minX + travel * fraction, y: bounds.midY - diameter / 2, width: diameter, height: diameter)
    }

    /// Whether `point` (in the slider's coordinates) is on the thumb placed at `value`, with a little slack
    /// around it, as a finger is wider than the thumb's drawing.
    private func isOnThumb(_ point: CGPoint, at value: Float) -> Bool {
        thumbRect(at: value).insetBy(dx: -10, dy: -10).contains(point)
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        guard isOnThumb(point, at: value) else { return false }
        valueAtTouchDown = value
        lastX = point.x
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let x = touch.location(in: self).x
        let travel = max(1, bounds.width - UISlider.thumbDiameter)
        let delta = Float((x - lastX) / travel) * (maximumValue - minimumValue)
        lastX = x
        let old = value
        value = old + delta
        if value != old, isContinuous { sendActions(for: [.valueChanged, .primaryActionTriggered], with: event) }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        if !isContinuous, value != valueAtTouchDown { sendActions(for: [.valueChanged, .primaryActionTriggered], with: event) }
    }

    /// Refuses swipes along the track, attached to other views, that start in the thumb (R10: Apple's
    /// `gestureRecognizerShouldBegin(_:)` documentation). A swipe that starts on the track away from the
    /// thumb is not refused.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer.view !== self, let swipe = gestureRecognizer as? UISwipeGestureRecognizer,
           !swipe.direction.isDisjoint(with: [.left, .right]), let start = swipe.start, let window,
           isOnThumb(convert(start, from: window), at: isTracking ? valueAtTouchDown : value) {
            // Where the thumb was when the swipe started: a drag of the thumb has moved it since.
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}
