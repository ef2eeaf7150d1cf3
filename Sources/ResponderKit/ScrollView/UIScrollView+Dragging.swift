import Foundation

/// Dragging: the pan moves the content offset with the finger; past the edges it rubber-bands when
/// ``UIScrollView/bounces``; on lift the delegate may move the rest point, then the content
/// decelerates, springs back or snaps to a page.
extension UIScrollView {

    func handlePan(_ pan: UIScrollViewPanGestureRecognizer) {
        switch pan.state {
        case .began:
            stopMotion(because: .drag)
            dragStartOffset = contentOffset
            // Window vectors to this view's, measured once per drag: each move then converts without
            // walking the ancestors (which allocates).
            dragAxes = (pan.vector(CGPoint(x: 1, y: 0), into: self), pan.vector(CGPoint(x: 0, y: 1), into: self))
            // The lock follows where the drag started to go: its travel, hysteresis included (R21).
            lockedAxis = directionalLock(for: pan.travel(in: self))
            if pan.cancelsTouchesInView { traceContentTouchesCancelledByScrolling() }
            // The content will not get the touches it was waiting for: the delay is over.
            // (Only while it is in play: a pan that scrolls with a trackpad or a wheel shares no touch with it.)
            if delayRecognizer.state == .possible, delayRecognizer.arbiter != nil {
                delayRecognizer.setState(.failed, because: .scrollViewBeganDragging)
            }
            isDragging = true
            traceDelegateCall(.willBeginDragging)
            delegate?.scrollViewWillBeginDragging(self)
            followFinger(pan)
        case .changed:
            followFinger(pan)
        case .ended, .cancelled:
            endDragging(velocity: pan.state == .ended ? pan.velocity(in: self) : .zero)
        default:
            break
        }
    }

    /// The pan was reset. A drag it abandoned without a last action (the scroll view left its window
    /// mid-drag, or the pan was removed) still ends, so the delegate hears did-end for its will-begin.
    func panWasReset() {
        if isDragging { endDragging(velocity: .zero) }
    }

    /// With ``isDirectionalLockEnabled``, a drag that starts more than twice as far along one axis as
    /// along the other stays on that axis (chosen ratio; UIKit documents only "one general direction").
    private func directionalLock(for translation: CGPoint) -> Axis? {
        guard isDirectionalLockEnabled else { return nil }
        if abs(translation.x) > 2 * abs(translation.y) { return .horizontal }
        if abs(translation.y) > 2 * abs(translation.x) { return .vertical }
        return nil
    }

    private func followFinger(_ pan: UIPanGestureRecognizer) {
        let window = pan.translation(in: nil)
        let (ex, ey) = dragAxes
        let translation = CGPoint(x: ex.x * window.x + ey.x * window.y, y: ex.y * window.x + ey.y * window.y)
        var offset = contentOffset
        let low = minimumContentOffset, high = maximumContentOffset
        if lockedAxis != .vertical, canScroll(.horizontal) {
            offset.x = rubberBanded(dragStartOffset.x - translation.x, low.x, high.x)
        }
        if lockedAxis != .horizontal, canScroll(.vertical) {
            offset.y = rubberBanded(dragStartOffset.y - translation.y, low.y, high.y)
        }
        if offset != contentOffset { contentOffset = offset }
    }

    /// Past an edge the content moves half as far as the finger when it bounces (chosen: UIKit's
    /// resistance grows with the distance and is not documented), and stops at the edge when not.
    private func rubberBanded(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
        if value < low { return bounces ? low - (low - value) / 2 : low }
        if value > high { return bounces ? high + (value - high) / 2 : high }
        return value
    }

    /// The finger lifted with `fingerVelocity` (points per second, in this view's coordinates).
    private func endDragging(velocity fingerVelocity: CGPoint) {
        guard isDragging else { return }
        let rate = decelerationRate.rawValue
        // The content moves against the finger; an axis the drag does not move keeps still.
        var velocity = CGPoint(x: -fingerVelocity.x, y: -fingerVelocity.y)
        if lockedAxis == .vertical || !canScroll(.horizontal) { velocity.x = 0 }
        if lockedAxis == .horizontal || !canScroll(.vertical) { velocity.y = 0 }
        if !velocity.x.isFinite || !velocity.y.isFinite { velocity = .zero }
        var target = isPagingEnabled ? pageTarget(velocity: velocity) : projectedRest(velocity: velocity, rate: rate)
        target = clampedOffset(target)
        traceDelegateCall(.willEndDragging(velocity: velocity, target: target))
        var chosen = target
        // UIKit gives the velocity in points per millisecond.
        withUnsafeMutablePointer(to: &chosen) { pointer in
            delegate?.scrollViewWillEndDragging(self, withVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000),
                                                 targetContentOffset: pointer)
        }
        // A rest point outside the content (or not finite) is brought back within it, so the content
        // always comes to rest in range (a departure: UIKit goes wherever the delegate says).
        if !chosen.x.isFinite || !chosen.y.isFinite { chosen = target }
        chosen = clampedOffset(chosen)
        let decelerate = distance(chosen, contentOffset) >= UIScrollView.restDistance
        traceDelegateCall(.didEndDragging(willDecelerate: decelerate))
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerate)
        lockedAxis = nil
        if decelerate {
            isDecelerating = true
            traceDelegateCall(.willBeginDecelerating)
            delegate?.scrollViewWillBeginDecelerating(self)
            // The delegate may have stopped or replaced the motion in its call; a deceleration starts only if not.
            if isDecelerating, motion == nil {
                let keep = isPagingEnabled ? DecelerationRate.fast.rawValue : rate
                startDeceleration(to: chosen, keepingPerMillisecond: keep)
            }
        } else {
            // Within half a point of its rest: it stays where it is, inside the range.
            let rest = clampedOffset(contentOffset)
            if rest != contentOffset { contentOffset = rest }
        }
        isDragging = false
    }

    /// Where the content would stop on its own: speed decays by `rate` every millisecond, so it travels
    /// `v / ln(1 / rate^1000)` more points (S5).
    private func projectedRest(velocity: CGPoint, rate: CGFloat) -> CGPoint {
        let decay = -log(pow(rate, 1000))
        guard decay > 0, decay.isFinite else { return contentOffset }
        return CGPoint(x: contentOffset.x + velocity.x / decay, y: contentOffset.y + velocity.y / decay)
    }

    /// Paging (S5): the page nearest where the content would stop, at most one page from the page where
    /// the drag began (chosen: UIKit turns one page per flick). Pages are multiples of the bounds size.
    private func pageTarget(velocity: CGPoint) -> CGPoint {
        let projected = projectedRest(velocity: velocity, rate: DecelerationRate.normal.rawValue)
        func page(_ projected: CGFloat, _ start: CGFloat, _ size: CGFloat) -> CGFloat {
            guard size > 0 else { return projected }
            let startPage = (start / size).rounded()
            let wanted = (projected / size).rounded()
            return Swift.min(Swift.max(wanted, startPage - 1), startPage + 1) * size
        }
        return CGPoint(x: page(projected.x, dragStartOffset.x, bounds.width),
                       y: page(projected.y, dragStartOffset.y, bounds.height))
    }

    /// The content comes to rest within this distance of its rest point (then it is put on it).
    static let restDistance: CGFloat = 0.5
}

