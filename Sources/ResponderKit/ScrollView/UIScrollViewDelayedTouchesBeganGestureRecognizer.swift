import Foundation

/// The scroll view's own touch tracker (UIKit has a private recognizer of this name doing the same).
///
/// It sees every touch that begins in the scroll view, so it keeps ``UIScrollView/isTracking``. While
/// ``UIScrollView/delaysContentTouches`` is on it holds the touches' began phase back from the
/// content (R13's `delaysTouchesBegan`) for as long as it stays `.possible` (S1):
/// - the finger lifts first: it fails, and the content gets began and ended together;
/// - the delay (``Thresholds/contentTouchDelay``) passes: it begins, and the content gets began;
/// - the pan begins first: the pan cancels the held touches, which the content never hears of.
///
/// It never prevents another recognizer and is never prevented (it decides nothing about the gesture),
/// sends no action and cancels nothing.
@MainActor
final class UIScrollViewDelayedTouchesBeganGestureRecognizer: UIGestureRecognizer {

    override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
        delaysTouchesEnded = false
        cancelsTouchesInView = false
    }

    override class var defaultAllowedPressTypes: [UIPress.PressType] { [] }

    private var scrollView: UIScrollView? { view as? UIScrollView }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let scrollView else { return }
        scrollView.contentTouchesBegan(touches, with: event, delayed: delaysTouchesBegan && state == .possible)
        guard state == .possible else { return }
        if delaysTouchesBegan {
            if timers.isEmpty {
                let delay = thresholds.contentTouchDelay
                scheduleTimer(after: delay) { (recognizer: UIScrollViewDelayedTouchesBeganGestureRecognizer) in recognizer.delayElapsed(delay) }
            }
        } else {
            setState(.began, because: .contentTouchesNotDelayed)
        }
    }

    private func delayElapsed(_ delay: TimeInterval) {
        guard state == .possible, let scrollView else { return }
        scrollView.contentTouchDelayElapsed(trackedTouches, after: delay)
        setState(.began, because: .contentTouchDelayElapsed(delay: delay))
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard liveTouches.isEmpty else { return }
        if state == .possible {
            scrollView?.contentTouchesLiftedWithinDelay(trackedTouches, with: event)
            setState(.failed, because: .liftedWithinContentTouchDelay)
        } else if state == .began || state == .changed {
            state = .ended
        }
        scrollView?.trackingEnded()
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        guard liveTouches.isEmpty else { return }
        if state == .began || state == .changed { state = .cancelled }
        scrollView?.trackingEnded()
    }

    override func reset() {
        super.reset()
        scrollView?.trackingEnded()
    }
}

/// The scroll view's pan: a `UIPanGestureRecognizer` that begins only when its scroll view agrees
/// (``UIScrollView/gestureRecognizerShouldBegin(_:)``: the axis, then S3 and S4). It knows its scroll
/// view without going through ``UIGestureRecognizer/view``, which is already nil when a recognizer
/// removed mid-gesture is reset.
@MainActor
final class UIScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    @Linked var scrollView: UIScrollView?

    /// A scroll view's pan takes every kind of scrolling (U3: UIKit's scroll views scroll with a
    /// trackpad and a wheel).
    override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
        allowedScrollTypesMask = .all
    }

    override func reset() {
        super.reset()
        scrollView?.panWasReset()
    }
}
