import Foundation

/// Recognizes a finger (or several) held still: continuous (E2).
///
/// It begins once ``numberOfTouchesRequired`` fingers have been down for ``minimumPressDuration``
/// without moving more than ``allowableMovement``; each move after that is `.changed`, and lifting a
/// finger ends it. Moving too far or lifting early fails it. With ``numberOfTapsRequired`` above 0,
/// that many quick taps must come first. A held press of an allowed type works the same way.
@MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    override class var kitClass: UIGestureRecognizer.Type { UILongPressGestureRecognizer.self }

    /// How long the fingers must stay down. 0.5 s by default (documented).
    open var minimumPressDuration: TimeInterval = 0.5
    /// How far the fingers may move before the gesture begins. 10 pt by default (documented).
    open var allowableMovement: CGFloat = 10
    /// How many taps come before the press. 0 by default.
    open var numberOfTapsRequired = 0
    /// How many fingers press. 1 by default.
    open var numberOfTouchesRequired = 1

    private var startLocations: [ObjectIdentifier: CGPoint] = [:]
    private var tapsDone = 0
    private var pressStarted = false

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        invalidateTimers()
        for touch in touches { startLocations[ObjectIdentifier(touch)] = touch.locationInWindow }
        let count = liveTouches.count
        if count > numberOfTouchesRequired {
            return setState(.failed, because: .wrongNumberOfTouches(count: count, required: numberOfTouchesRequired))
        }
        if count == numberOfTouchesRequired { startPressTimer() }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            for touch in touches {
                guard let start = startLocations[ObjectIdentifier(touch)] else { continue }
                let moved = distance(start, touch.locationInWindow)
                if moved > allowableMovement {
                    return setState(.failed, because: .movedTooFar(distance: moved, allowed: allowableMovement))
                }
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .began, .changed:
            state = .ended
        case .possible:
            invalidateTimers()
            if tapsDone < numberOfTapsRequired, liveTouches.isEmpty {
                tapsDone += 1
                let interval = thresholds.multiTapInterval
                scheduleTimer(after: interval) { (recognizer: UILongPressGestureRecognizer) in
                    guard recognizer.state == .possible else { return }
                    recognizer.setState(.failed, because: .nextTouchTimedOut(afterTap: recognizer.tapsDone, interval: interval))
                }
            } else {
                setState(.failed, because: .liftedTooSoon(minimumDuration: minimumPressDuration))
            }
        default:
            break
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .began || state == .changed {
            state = .cancelled
        } else if state == .possible {
            setState(.failed, because: .touchesCancelled)
        }
    }

    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent) {
        guard state == .possible, !pressStarted else { return }
        pressStarted = true
        startPressTimer()
    }

    open override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent) {
        if state == .began || state == .changed {
            state = .ended
        } else if state == .possible {
            setState(.failed, because: .releasedTooSoon(minimumDuration: minimumPressDuration))
        }
    }

    open override func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent) {
        if state == .began || state == .changed { state = .cancelled } else if state == .possible { state = .failed }
    }

    private func startPressTimer() {
        guard tapsDone >= numberOfTapsRequired else { return }
        let duration = minimumPressDuration
        scheduleTimer(after: duration) { (recognizer: UILongPressGestureRecognizer) in
            guard recognizer.state == .possible else { return }
            recognizer.setState(.began, because: .held(duration: duration))
        }
    }

    open override func reset() {
        super.reset()
        startLocations = [:]
        tapsDone = 0
        pressStarted = false
    }
}
