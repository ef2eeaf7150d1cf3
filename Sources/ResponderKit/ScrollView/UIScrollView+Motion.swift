import Foundation

/// The content moving on its own: deceleration after a drag (and the spring back of a bounce, and the
/// snap to a page), the animation of `setContentOffset(_:animated:)`, and the animated zoom of
/// `setZoomScale(_:animated:)` and `zoom(to:animated:)`. Frames are timers on the application's clock,
/// ``UIScrollView/frameInterval`` apart, so virtual time drives them in tests.
extension UIScrollView {

    /// A motion under way.
    struct Motion {
        enum Kind {
            /// Decelerating: the distance to the rest point shrinks by `keep` every second (S5's rate per
            /// millisecond, to the thousandth power), so it starts at the release velocity.
            case deceleration(keep: CGFloat)
            /// Animating to a point over ``UIScrollView/animationDuration``, easing out.
            case animation
            /// Animating the zoom scale (and the offset with it) over ``UIScrollView/animationDuration``,
            /// easing out.
            case zoom(fromScale: CGFloat, toScale: CGFloat)
        }
        var kind: Kind
        var start: TimeInterval
        var from: CGPoint
        var to: CGPoint
    }

    /// Why a motion stopped.
    typealias MotionStop = TraceRecord.ScrollViewChange.StopReason

    func startDeceleration(to target: CGPoint, keepingPerMillisecond rate: CGFloat) {
        guard let clock = window?.application.clock else {
            contentOffset = target
            finishDeceleration()
            return
        }
        let keep = pow(Swift.min(Swift.max(rate, 0.5), 0.9999), 1000)
        motion = Motion(kind: .deceleration(keep: keep), start: clock.now, from: contentOffset, to: target)
        traceMotion(.decelerationStarted(from: contentOffset, to: target))
        scheduleFrame(on: clock)
    }

    /// Starts the animation of `setContentOffset(_:animated:)`; false when there is no clock to run it on.
    func startAnimation(to target: CGPoint) -> Bool {
        guard let clock = window?.application.clock else { return false }
        motion = Motion(kind: .animation, start: clock.now, from: contentOffset, to: target)
        traceMotion(.animationStarted(from: contentOffset, to: target))
        scheduleFrame(on: clock)
        return true
    }

    /// Starts the animated zoom of `setZoomScale(_:animated:)` or `zoom(to:animated:)` to `scale` and
    /// `offset`; false when there is no clock to run it on. The delegate hears will-begin zooming now,
    /// did zoom every frame, did end zooming at the end (UIKit documents the three for animated changes).
    func startZoomAnimation(to scale: CGFloat, offset: CGPoint) -> Bool {
        guard let clock = window?.application.clock else { return false }
        motion = Motion(kind: .zoom(fromScale: storedZoomScale, toScale: scale), start: clock.now,
                        from: contentOffset, to: offset)
        traceMotion(.zoomAnimationStarted(fromScale: storedZoomScale, toScale: scale))
        scheduleFrame(on: clock)
        traceDelegateCall(.willBeginZooming)
        delegate?.scrollViewWillBeginZooming(self, with: delegate?.viewForZooming(in: self))
        return true
    }

    private func scheduleFrame(on clock: EventClock) {
        // The motion goes on even if the view leaves its window: frames run on the clock it started on.
        // One closure and one timer serve every frame on that clock, so a frame allocates nothing.
        let action: @MainActor () -> Void
        if let frameAction { action = frameAction } else {
            action = { [link] in link.object(as: UIScrollView.self)?.motionFrame() }
            frameAction = action
        }
        if let frameTimer, motionClock === clock {
            clock.reschedule(frameTimer, after: UIScrollView.frameInterval, action)
        } else {
            frameTimer?.invalidate()
            motionClock = clock
            frameTimer = clock.schedule(after: UIScrollView.frameInterval, action)
        }
    }

    private func motionFrame() {
        guard let current = motion, let clock = motionClock else { return }
        let elapsed = CGFloat(clock.now - current.start)
        var offset: CGPoint
        var done: Bool
        switch current.kind {
        case .deceleration(let keep):
            let remaining = pow(keep, elapsed)
            offset = CGPoint(x: current.to.x + (current.from.x - current.to.x) * remaining,
                             y: current.to.y + (current.from.y - current.to.y) * remaining)
            done = distance(offset, current.to) < UIScrollView.restDistance
        case .animation, .zoom:
            let progress = Swift.min(1, elapsed / CGFloat(UIScrollView.animationDuration))
            let eased = 1 - (1 - progress) * (1 - progress)
            offset = CGPoint(x: current.from.x + (current.to.x - current.from.x) * eased,
                             y: current.from.y + (current.to.y - current.from.y) * eased)
            done = progress >= 1
            if case .zoom(let fromScale, let toScale) = current.kind {
                tracesDidScroll = false
                applyZoom(done ? toScale : fromScale + (toScale - fromScale) * eased, around: nil)
                tracesDidScroll = true
            }
        }
        if done { offset = current.to }
        tracesDidScroll = false
        contentOffset = offset
        tracesDidScroll = true
        // The delegate's didScroll may have stopped or replaced this motion.
        guard let now = motion, now.start == current.start, now.to == current.to else { return }
        if done {
            motion = nil
            switch current.kind {
            case .deceleration:
                traceMotion(.stopped(at: offset, reason: .rest))
                finishDeceleration()
            case .animation:
                traceMotion(.stopped(at: offset, reason: .rest))
                traceDelegateCall(.didEndScrollingAnimation)
                delegate?.scrollViewDidEndScrollingAnimation(self)
            case .zoom:
                traceMotion(.stopped(at: offset, reason: .rest))
                finishZoomAnimation()
            }
        } else {
            scheduleFrame(on: clock)
        }
    }

    private func finishDeceleration() {
        guard isDecelerating else { return }
        isDecelerating = false
        traceDelegateCall(.didEndDecelerating)
        delegate?.scrollViewDidEndDecelerating(self)
    }

    /// The animated zoom ended, at rest or interrupted.
    private func finishZoomAnimation() {
        traceDelegateCall(.didEndZooming(scale: storedZoomScale))
        delegate?.scrollViewDidEndZooming(self, with: delegate?.viewForZooming(in: self), atScale: storedZoomScale)
    }

    /// Stops a motion under way where it is. A deceleration stopped by a touch still ends with
    /// `scrollViewDidEndDecelerating(_:)`, and an animated zoom with `scrollViewDidEndZooming` at the
    /// scale it reached (chosen, so every will-begin has its did-end); an interrupted animation sends no
    /// `scrollViewDidEndScrollingAnimation(_:)`, as in UIKit.
    func stopMotion(because reason: MotionStop) {
        // The timer is kept for the next motion's frames.
        frameTimer?.invalidate()
        guard let current = motion else { return }
        motion = nil
        traceMotion(.stopped(at: contentOffset, reason: reason))
        switch current.kind {
        case .deceleration: finishDeceleration()
        case .zoom: finishZoomAnimation()
        case .animation: break
        }
    }
}
