import Foundation

/// Recognizes dragging fingers: continuous (E3).
///
/// It begins when between ``minimumNumberOfTouches`` and ``maximumNumberOfTouches`` fingers are down
/// and their centroid has moved ``Thresholds/panHysteresis`` or more along either axis of the window;
/// every move after that is `.changed`, and it ends when the last finger lifts. Touches beyond the
/// maximum are ignored.
///
/// ``translation(in:)`` does not include the hysteresis (R21): as the pan begins, the hysteresis is
/// taken off each axis of the fingers' travel (an axis that travelled less than it reads 0), so a
/// view that follows the translation does not jump when the pan begins. A drag of (80, 200) that began
/// when it had travelled (4, 10) reads (76, 190) at its end. The translation stays continuous when
/// fingers join or leave.
///
/// It also takes scrolling from a trackpad or a wheel when ``allowedScrollTypesMask`` allows its type
/// (U3; none by default, as in UIKit): it begins with the scroll's first step, with no hysteresis,
/// its translation is the sum of the steps, and it ends when the scroll ends, with the velocity of the
/// trackpad's last steps (a wheel's ends with none).
@MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    override class var kitClass: UIGestureRecognizer.Type { UIPanGestureRecognizer.self }

    /// The fewest fingers that may pan. 1 by default.
    open var minimumNumberOfTouches: Int {
        get { fenced.minimumNumberOfTouches }
        set { fenced.minimumNumberOfTouches = newValue }
    }
    /// The most fingers that may pan. `Int.max` by default.
    open var maximumNumberOfTouches: Int {
        get { fenced.maximumNumberOfTouches }
        set { fenced.maximumNumberOfTouches = newValue }
    }

    /// The kinds of scrolling the pan takes, from a trackpad (`.continuous`) or a wheel (`.discrete`).
    /// Empty by default, as in UIKit: a pan then ignores scrolling (U3). Touch types are another matter:
    /// ``UIGestureRecognizer/allowedTouchTypes`` empty does not turn scrolling off.
    open var allowedScrollTypesMask: UIScrollTypeMask {
        get { fenced.allowedScrollTypesMask }
        set { fenced.allowedScrollTypesMask = newValue }
    }

    override class var defaultAllowedPressTypes: [UIPress.PressType] { [] }

    // The pan's limits and state, read and written on every move: fenced storage (see ``FencedStorage``).
    #if DEBUG
    private final var fenced = Fenced()
    #else
    @exclusivity(unchecked) private final var fenced = Fenced()
    #endif

    private struct Fenced: FencedStorage {
        var allowedScrollTypesMask: UIScrollTypeMask = []
        var minimumNumberOfTouches = 1
        var maximumNumberOfTouches = Int.max
        /// The translation accumulated before the current set of fingers, in window coordinates.
        var translationBase = CGPoint.zero
        /// The centroid the current set of fingers is measured from, in window coordinates.
        var centroidStart: CGPoint?
        /// What was taken off the translation as the pan began: the hysteresis along each axis, in window
        /// coordinates. The translation plus this is how far the fingers have travelled since touch-down.
        var removedHysteresis = CGPoint.zero
        var lastSample: (point: CGPoint, time: TimeInterval)?
        var currentVelocity = CGPoint.zero
        /// The centroid of the fingers at the last move, in window coordinates.
        var lastCentroid = CGPoint.zero
    }

    /// The total translation of the fingers, in `view`'s coordinate system (nil: the window's).
    open func translation(in view: UIView?) -> CGPoint {
        vector(windowTranslation, into: view)
    }

    /// Sets the translation, as if the gesture had started elsewhere; it also resets the velocity.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        fenced.translationBase = vector(translation, from: view)
        fenced.centroidStart = liveTouches.isEmpty ? nil : centroid(of: liveTouches)
        fenced.lastCentroid = fenced.centroidStart ?? .zero
        fenced.currentVelocity = .zero
    }

    /// The velocity of the fingers, in points per second in `view`'s coordinate system (nil: the window's).
    open func velocity(in view: UIView?) -> CGPoint {
        vector(fenced.currentVelocity, into: view)
    }

    /// How far the fingers have travelled since they came down, in `view`'s coordinate system (nil: the
    /// window's): the translation with the hysteresis it lost as the pan began (R21). Decisions taken
    /// as the pan begins (along which axis a drag goes) read this: the translation has just lost its
    /// hysteresis, and an axis that reached it exactly reads 0.
    func travel(in view: UIView?) -> CGPoint {
        let translation = windowTranslation
        return vector(CGPoint(x: translation.x + fenced.removedHysteresis.x, y: translation.y + fenced.removedHysteresis.y), into: view)
    }

    /// The translation in window coordinates: what earlier sets of fingers travelled, plus the current set's travel.
    var windowTranslation: CGPoint {
        guard let start = fenced.centroidStart else { return fenced.translationBase }
        return CGPoint(x: fenced.translationBase.x + fenced.lastCentroid.x - start.x, y: fenced.translationBase.y + fenced.lastCentroid.y - start.y)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let live = liveTouches
        if live.count > maximumNumberOfTouches {
            // Fingers beyond the maximum do not take part.
            for touch in touches.sorted(by: { $0.finger > $1.finger }) where liveTouches.count > maximumNumberOfTouches {
                ignore(touch, for: event)
            }
        }
        rebase()
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        let live = liveTouches
        sampleVelocity(of: live, coalescedIn: event)
        stepContinuousGesture {
            guard live.count >= minimumNumberOfTouches, live.count <= maximumNumberOfTouches else { return nil }
            let travelled = windowTranslation
            let moved = max(abs(travelled.x), abs(travelled.y))
            let hysteresis = thresholds.panHysteresis
            guard moved >= hysteresis else { return nil }
            removeHysteresis(hysteresis)
            return .movedPastHysteresis(distance: moved, hysteresis: hysteresis)
        }
    }

    /// Takes the hysteresis off each axis of the translation as the pan begins (R21): an axis that
    /// travelled less than it reads 0, the other keeps what it travelled past it. UIKit does the same
    /// (observed: UIKit's pan, and a drag of (80, 200) that moves a scroll view's content by about
    /// (75, 190) on a device, in a public UI-test suite that drives real UIKit).
    private func removeHysteresis(_ hysteresis: CGFloat) {
        let travelled = windowTranslation
        func kept(_ value: CGFloat) -> CGFloat {
            value > 0 ? max(value - hysteresis, 0) : min(value + hysteresis, 0)
        }
        let translation = CGPoint(x: kept(travelled.x), y: kept(travelled.y))
        fenced.removedHysteresis.x += travelled.x - translation.x
        fenced.removedHysteresis.y += travelled.y - translation.y
        fenced.translationBase = translation
        if fenced.centroidStart != nil { fenced.centroidStart = fenced.lastCentroid }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let remaining = liveTouches
        // Fingers that rested before lifting have no velocity left: a list the finger held still does
        // not fling on lift. The velocity is that of the last step only while it is recent.
        if let last = fenced.lastSample, now - last.time > thresholds.panVelocityLifetime { fenced.currentVelocity = .zero }
        if remaining.isEmpty {
            switch state {
            case .began, .changed: state = .ended
            case .possible: setState(.failed, because: .liftedBeforeMoving(hysteresis: thresholds.panHysteresis))
            default: break
            }
        } else {
            rebase()
            if (state == .began || state == .changed) && remaining.count < minimumNumberOfTouches { state = .ended }
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        cancelContinuousGesture()
    }

    /// Keeps the translation continuous when the set of fingers changes.
    private func rebase() {
        let live = liveTouches
        fenced.translationBase = windowTranslation
        fenced.centroidStart = live.isEmpty ? nil : centroid(of: live)
        fenced.lastCentroid = fenced.centroidStart ?? .zero
        fenced.lastSample = fenced.centroidStart.map { ($0, now) }
    }


    /// Measures the velocity over the last step of the fingers. When the event merged several moves
    /// (I5), the last step is the one between the last two samples, not the whole merged travel, so
    /// the velocity is the same whether or not moves were coalesced.
    private func sampleVelocity(of live: [UITouch], coalescedIn event: UIEvent) {
        guard !live.isEmpty else { return }
        let point = centroid(of: live)
        fenced.lastCentroid = point
        let time = now
        // A plain loop: a closure handed to `contains(where:)` checks its executor on every call.
        var coalesced = false
        for touch in live where !touch.coalescedEarlier.isEmpty {
            coalesced = true
            break
        }
        if coalesced {
            var sum = CGPoint.zero
            var sampleTime = -TimeInterval.infinity
            for touch in live {
                if let earlier = touch.coalescedEarlier.last {
                    let location = touch.window?.pointFromParent(earlier.touch.location) ?? earlier.touch.location
                    sum.x += location.x
                    sum.y += location.y
                    sampleTime = max(sampleTime, earlier.timestamp)
                } else {
                    sum.x += touch.locationInWindow.x
                    sum.y += touch.locationInWindow.y
                }
            }
            let count = CGFloat(live.count)
            fenced.lastSample = (CGPoint(x: sum.x / count, y: sum.y / count), sampleTime + (time - event.timestamp))
        }
        if let last = fenced.lastSample, time > last.time {
            let dt = CGFloat(time - last.time)
            fenced.currentVelocity = CGPoint(x: (point.x - last.point.x) / dt, y: (point.y - last.point.y) / dt)
        }
        fenced.lastSample = (point, time)
    }

    // MARK: Scrolling (U3)

    override func admission(of input: PointerInput) -> PointerAdmission {
        guard input.kind == .scroll else { return .notForThisKind }
        let mask = allowedScrollTypesMask
        guard mask.contains(UIScrollTypeMask(input.scrollType)) else {
            return .refused(.scrollTypeNotAllowed(type: input.scrollType, allowed: mask))
        }
        return .accepted
    }

    override func pointerBegan(_ input: PointerInput, with event: UIEvent) {
        fenced.translationBase = .zero
        fenced.centroidStart = nil
        fenced.lastSample = (input.locationInWindow, input.timestamp)
        fenced.currentVelocity = .zero
    }

    override func pointerChanged(_ input: PointerInput, with event: UIEvent) {
        let delta = input.delta
        fenced.translationBase.x += delta.x
        fenced.translationBase.y += delta.y
        let time = input.timestamp
        if let last = fenced.lastSample, time > last.time {
            let dt = CGFloat(time - last.time)
            fenced.currentVelocity = CGPoint(x: delta.x / dt, y: delta.y / dt)
        }
        fenced.lastSample = (input.locationInWindow, time)
        stepContinuousGesture {
            let travelled = fenced.translationBase
            let distance = max(abs(travelled.x), abs(travelled.y))
            return distance > 0 ? .scrolled(type: input.scrollType, distance: distance) : nil
        }
    }

    override func pointerEnded(_ input: PointerInput, with event: UIEvent) {
        // A wheel does not fling; a trackpad's fingers that rested before lifting have no velocity left.
        if input.scrollType == .discrete { fenced.currentVelocity = .zero }
        if let last = fenced.lastSample, input.timestamp - last.time > thresholds.panVelocityLifetime { fenced.currentVelocity = .zero }
        switch state {
        case .began, .changed: state = .ended
        case .possible: setState(.failed, because: .scrollEndedWithoutMoving)
        default: break
        }
    }

    override func pointerCancelled(_ input: PointerInput, with event: UIEvent) {
        cancelContinuousGesture()
    }

    /// Converts a window-space vector into `view`'s coordinate system.
    func vector(_ v: CGPoint, into view: UIView?) -> CGPoint {
        guard let view else { return v }
        let origin = view.convert(CGPoint.zero, from: view.window)
        let tip = view.convert(v, from: view.window)
        return CGPoint(x: tip.x - origin.x, y: tip.y - origin.y)
    }

    /// Converts a vector in `view`'s coordinate system into window space.
    func vector(_ v: CGPoint, from view: UIView?) -> CGPoint {
        guard let view else { return v }
        let origin = view.convert(CGPoint.zero, to: view.window)
        let tip = view.convert(v, to: view.window)
        return CGPoint(x: tip.x - origin.x, y: tip.y - origin.y)
    }

    open override func reset() {
        super.reset()
        fenced.translationBase = .zero
        fenced.removedHysteresis = .zero
        fenced.centroidStart = nil
        fenced.lastSample = nil
        fenced.currentVelocity = .zero
        fenced.lastCentroid = .zero
    }
}
