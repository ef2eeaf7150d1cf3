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
@MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    override class var kitClass: UIGestureRecognizer.Type { UIPanGestureRecognizer.self }

    /// The fewest fingers that may pan. 1 by default.
    @exclusivity(unchecked) open var minimumNumberOfTouches = 1
    /// The most fingers that may pan. `Int.max` by default.
    @exclusivity(unchecked) open var maximumNumberOfTouches = Int.max

    override class var defaultAllowedPressTypes: [UIPress.PressType] { [] }

    // The pan's state below and its limits above are read and written on every move, never through
    // overlapping accesses: the runtime's exclusivity checks are left out (`@exclusivity(unchecked)`).

    /// The translation accumulated before the current set of fingers, in window coordinates.
    @exclusivity(unchecked) private var translationBase = CGPoint.zero
    /// The centroid the current set of fingers is measured from, in window coordinates.
    @exclusivity(unchecked) private var centroidStart: CGPoint?
    /// What was taken off the translation as the pan began: the hysteresis along each axis, in window
    /// coordinates. The translation plus this is how far the fingers have travelled since touch-down.
    @exclusivity(unchecked) private var removedHysteresis = CGPoint.zero
    @exclusivity(unchecked) private var lastSample: (point: CGPoint, time: TimeInterval)?
    @exclusivity(unchecked) private var currentVelocity = CGPoint.zero

    /// The total translation of the fingers, in `view`'s coordinate system (nil: the window's).
    open func translation(in view: UIView?) -> CGPoint {
        vector(windowTranslation, into: view)
    }

    /// Sets the translation, as if the gesture had started elsewhere; it also resets the velocity.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        translationBase = vector(translation, from: view)
        centroidStart = liveTouches.isEmpty ? nil : centroid(of: liveTouches)
        lastCentroid = centroidStart ?? .zero
        currentVelocity = .zero
    }

    /// The velocity of the fingers, in points per second in `view`'s coordinate system (nil: the window's).
    open func velocity(in view: UIView?) -> CGPoint {
        vector(currentVelocity, into: view)
    }

    /// How far the fingers have travelled since they came down, in `view`'s coordinate system (nil: the
    /// window's): the translation with the hysteresis it lost as the pan began (R21). Decisions taken
    /// as the pan begins (along which axis a drag goes) read this: the translation has just lost its
    /// hysteresis, and an axis that reached it exactly reads 0.
    func travel(in view: UIView?) -> CGPoint {
        let translation = windowTranslation
        return vector(CGPoint(x: translation.x + removedHysteresis.x, y: translation.y + removedHysteresis.y), into: view)
    }

    /// The translation in window coordinates: what earlier sets of fingers travelled, plus the current set's travel.
    var windowTranslation: CGPoint {
        guard let start = centroidStart else { return translationBase }
        return CGPoint(x: translationBase.x + lastCentroid.x - start.x, y: translationBase.y + lastCentroid.y - start.y)
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
        removedHysteresis.x += travelled.x - translation.x
        removedHysteresis.y += travelled.y - translation.y
        translationBase = translation
        if centroidStart != nil { centroidStart = lastCentroid }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let remaining = liveTouches
        // Fingers that rested before lifting have no velocity left: a list the finger held still does
        // not fling on lift. The velocity is that of the last step only while it is recent.
        if let last = lastSample, now - last.time > thresholds.panVelocityLifetime { currentVelocity = .zero }
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
        translationBase = windowTranslation
        centroidStart = live.isEmpty ? nil : centroid(of: live)
        lastCentroid = centroidStart ?? .zero
        lastSample = centroidStart.map { ($0, now) }
    }

    @exclusivity(unchecked) private var lastCentroid = CGPoint.zero

    /// Measures the velocity over the last step of the fingers. When the event merged several moves
    /// (I5), the last step is the one between the last two samples, not the whole merged travel, so
    /// the velocity is the same whether or not moves were coalesced.
    private func sampleVelocity(of live: [UITouch], coalescedIn event: UIEvent) {
        guard !live.isEmpty else { return }
        let point = centroid(of: live)
        lastCentroid = point
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
            lastSample = (CGPoint(x: sum.x / count, y: sum.y / count), sampleTime + (time - event.timestamp))
        }
        if let last = lastSample, time > last.time {
            let dt = CGFloat(time - last.time)
            currentVelocity = CGPoint(x: (point.x - last.point.x) / dt, y: (point.y - last.point.y) / dt)
        }
        lastSample = (point, time)
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
        translationBase = .zero
        removedHysteresis = .zero
        centroidStart = nil
        lastSample = nil
        currentVelocity = .zero
        lastCentroid = .zero
    }
}
