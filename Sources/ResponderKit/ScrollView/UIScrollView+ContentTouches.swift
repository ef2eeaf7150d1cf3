import Foundation

/// Content touches (S1–S4, S5's last sentence): which touches the content gets, when, and which
/// scrolling takes from it.
extension UIScrollView {

    /// A touch began in the scroll view (its tracker was fed it, before any view).
    func contentTouchesBegan(_ touches: Set<UITouch>, with event: UIEvent, delayed: Bool) {
        isTracking = true
        contentTouchDownTime = event.timestamp
        // S5: a touch on a moving scroll view stops it, and is not the content's: it was meant to stop.
        if motion != nil {
            stopMotion(because: .touch)
            for touch in touches where isContent(touch.view) {
                keepFromContent(touch, .stoppedScrolling)
            }
            return
        }
        for touch in touches where isContent(touch.view) {
            if delayed {
                traceContentTouch(touch, .delayed)
            } else {
                // S1: without the delay, the content view is asked at once.
                askTouchShouldBegin(touch, with: event)
            }
        }
    }

    /// How long ago the latest touch went down on the scroll view: how long the content waited for it.
    var timeSinceContentTouchDown: TimeInterval {
        guard let now = window?.application.clock.now else { return 0 }
        return max(0, now - contentTouchDownTime)
    }

    /// The fingers left the scroll view. If a touch stopped it outside its range (in the middle of a
    /// spring back) and no drag followed, it springs back now (S5: bounces come to rest inside the content).
    func trackingEnded() {
        guard isTracking else { return }
        isTracking = false
        guard !isDragging, !isZooming, motion == nil else { return }
        let rest = clampedOffset(contentOffset)
        guard distance(rest, contentOffset) > 0 else { return }
        isDecelerating = true
        traceDelegateCall(.willBeginDecelerating)
        delegate?.scrollViewWillBeginDecelerating(self)
        if isDecelerating, motion == nil { startDeceleration(to: rest, keepingPerMillisecond: DecelerationRate.fast.rawValue) }
    }

    /// The delay passed with the finger still down (S1): each held content view is asked (S2).
    func contentTouchDelayElapsed(_ touches: [UITouch], after delay: TimeInterval) {
        let event = window?.application.touchEvent
        for touch in touches where touch.viewDelivery == .pending && isContent(touch.view) {
            if askTouchShouldBegin(touch, with: event) { traceLetThrough(touch, .released(after: delay)) }
        }
    }

    /// The fingers lifted within the delay (S1): each held content view is asked (S2), and gets began
    /// and ended together.
    func contentTouchesLiftedWithinDelay(_ touches: [UITouch], with event: UIEvent) {
        for touch in touches where touch.viewDelivery == .pending && isContent(touch.view) {
            if askTouchShouldBegin(touch, with: event) { traceLetThrough(touch, .releasedOnLift) }
        }
    }

    /// Reports that the scroll view no longer holds `touch` back. The content gets it only if no other
    /// undecided recognizer delays its began (D11, R13): the scroll view's delay ending does not release
    /// it from theirs. Then the touch stays withheld, and is delivered when they fail or discarded when
    /// one recognizes (D11), which the arbiter reports; the scroll view says only that it let it pass.
    /// (Reporting it as delivered here made the trace say both "let through" and "discarded".)
    private func traceLetThrough(_ touch: UITouch, _ fate: TraceRecord.ContentTouchFate) {
        guard let application = window?.application, application.tracer != nil else { return }
        var others: [TraceSubject] = []
        for recognizer in application.arbiter.delayingRecognizers(of: touch, began: true) where recognizer !== delayRecognizer {
            others.append(recognizer.traceSubject)
        }
        traceContentTouch(touch, others.isEmpty ? fate : .stillWithheld(by: others))
    }

    /// Asks ``touchesShouldBegin(_:with:in:)`` for one touch; a no keeps the touch from its view (S2).
    @discardableResult
    private func askTouchShouldBegin(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let view = touch.view else { return false }
        let answer = touchesShouldBegin([touch], with: event, in: view)
        if !answer { keepFromContent(touch, .refusedByTouchesShouldBegin) }
        return answer
    }

    private func keepFromContent(_ touch: UITouch, _ fate: TraceRecord.ContentTouchFate) {
        if let application = window?.application { application.arbiter.viewDelivery.keepFromView(touch, asking: application.arbiter) }
        traceContentTouch(touch, fate)
    }

    /// Whether `view` is in the content: inside the scroll view, not the scroll view itself.
    func isContent(_ view: UIView?) -> Bool {
        guard let view, view !== self else { return false }
        return view.isDescendant(of: self)
    }

    // MARK: Whether the pan begins

    /// Whether the scroll view's own pan may begin: first the axis (nested scroll views), then S3 and
    /// S4 for content that tracks.
    func panShouldBegin() -> Bool {
        // The axis. A drag mostly along an axis this view cannot scroll is left to an enclosing scroll
        // view that can (a horizontal pager of vertical lists works both ways); with none, this view
        // scrolls along the axis it can (chosen: UIKit does not document how it splits a diagonal drag).
        // The fingers' travel, not the translation: the translation has just lost its hysteresis (R21).
        let translation = scrollPan.travel(in: self)
        let mostlyHorizontal = abs(translation.x) > abs(translation.y)
        let along: Axis = mostlyHorizontal ? .horizontal : .vertical
        let across: Axis = mostlyHorizontal ? .vertical : .horizontal
        if !canScroll(along) {
            if !canScroll(across) {
                traceScrollRefusal(.cannotScroll)
                return false
            }
            if let outer = enclosingScrollView(thatCanScroll: along) {
                traceScrollRefusal(.leftToOuterScrollView(outer.traceSubject))
                return false
            }
        }
        // S3, S4: content that already tracks a touch is cancelled only if the scroll view may cancel it.
        for touch in scrollPan.sequenceTouches where touch.viewDelivery == .began && !touch.phase.isFinished {
            guard let view = touch.view, isContent(view) else { continue }
            if !canCancelContentTouches {
                traceContentTouch(touch, .keptCanCancelContentTouchesOff)
                return false
            }
            if !touchesShouldCancel(in: view) {
                traceContentTouch(touch, .keptByTouchesShouldCancel)
                return false
            }
        }
        return true
    }

    /// The nearest scroll view around this one that can scroll along `axis`.
    private func enclosingScrollView(thatCanScroll axis: Axis) -> UIScrollView? {
        var current = superview
        while let view = current {
            if let scrollView = view as? UIScrollView, scrollView.isScrollEnabled, scrollView.canScroll(axis) {
                return scrollView
            }
            current = view.superview
        }
        return nil
    }

    /// The pan began: the content's touches it is about to cancel are reported with their reason (S3).
    /// A touch still held back is discarded "within the delay" only while this scroll view's own delay
    /// holds it; past the delay (or with `delaysContentTouches` off) another recognizer withholds it, and
    /// the arbiter's own record of the discard says so (D11).
    func traceContentTouchesCancelledByScrolling() {
        let withinDelay = delayRecognizer.delaysTouchesBegan && delayRecognizer.state == .possible
        for touch in scrollPan.sequenceTouches where isContent(touch.view) {
            switch touch.viewDelivery {
            case .began where !touch.phase.isFinished: traceContentTouch(touch, .cancelledByScrolling)
            case .pending where withinDelay: traceContentTouch(touch, .discardedByScrolling)
            default: break
            }
        }
    }
}
