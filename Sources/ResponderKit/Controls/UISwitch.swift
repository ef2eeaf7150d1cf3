import Foundation

/// An on/off switch.
///
/// A tap inside toggles it; a drag of the thumb sets it by which half the finger lifts over. Either way
/// it sends `.valueChanged` (and `.primaryActionTriggered`, F6) when the value changed. Setting
/// ``isOn`` or calling ``setOn(_:animated:)`` in code sends nothing. Like a button, it beats one-finger
/// single taps attached to other views, and horizontal one-finger pans too (R10, D14).
@MainActor
open class UISwitch: UIControl {
    /// Traces name this class and its subclasses "UISwitch".
    override var traceClassName: String { "UISwitch" }

    /// Whether the switch is on. Setting it sends no event.
    open var isOn = false

    /// Sets the state without sending events; there is no animation.
    open func setOn(_ on: Bool, animated: Bool) { isOn = on }

    private var startLocation: CGPoint?
    private var dragged = false

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        startLocation = touch.location(in: self)
        dragged = false
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        if let start = startLocation, abs(touch.location(in: self).x - start.x) > 5 { dragged = true }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard let touch else { return }
        let newValue: Bool
        if dragged {
            newValue = touch.location(in: self).x >= bounds.midX
        } else if isInsideTouchZone(touch) {
            newValue = !isOn
        } else {
            return
        }
        guard newValue != isOn else { return }
        isOn = newValue
        sendActions(for: [.valueChanged, .primaryActionTriggered], with: event)
    }

    /// Refuses one-finger single taps, and horizontal one-finger pans, attached to other views (R10, D14).
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer.view !== self {
            if gestureRecognizer.isSingleFingerSingleTap { return false }
            if let pan = gestureRecognizer as? UIPanGestureRecognizer, pan.numberOfTouches == 1 {
                // Where the fingers went: the translation has just lost its hysteresis (R21).
                let translation = pan.travel(in: self)
                if abs(translation.x) > abs(translation.y) { return false }
            }
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}
