import ResponderKit

/// A tap that must be quick: a `UITapGestureRecognizer` that also fails when a finger stays down
/// longer than `maximumPressDuration`, so that a slower press is left to a long press or to the view.
///
/// Everything else is the tap's own: the number of taps and fingers, how far a finger may move, how
/// long to wait between taps.
class QuickTapGestureRecognizer: UITapGestureRecognizer {
    /// The longest a finger may stay down, in seconds.
    var maximumPressDuration: TimeInterval = 0.2

    private var pressStart: TimeInterval?

    override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
        delaysTouchesEnded = false
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        if pressStart == nil {
            pressStart = event.timestamp
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if let start = pressStart, event.timestamp - start > maximumPressDuration {
            state = .failed
            return
        }
        pressStart = nil
        super.touchesEnded(touches, with: event)
    }

    override func reset() {
        super.reset()
        pressStart = nil
    }
}
