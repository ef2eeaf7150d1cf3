import Foundation

extension UIEvent {
    /// How far ahead ``predictedTouches(for:)`` looks: one frame of a 60 Hz display.
    static let predictionHorizon: TimeInterval = 1.0 / 60

    /// The samples of `touch` since the previous event, oldest first, ending with one equal to the touch
    /// itself (I5); nil when `touch` is not part of this event.
    ///
    /// When moves arrive faster than the application's loop turns (a 240 Hz stylus, a 120 Hz digitizer
    /// into a 60 Hz loop), the moves of a finger that waited in the input port become one change, and the
    /// ones in between are here, each with its own location, force and timestamp. A touch that began,
    /// ended, was cancelled or stayed still in this event has exactly one sample: those phases are never
    /// merged. The samples are copies: they are never delivered to views or recognizers, and later
    /// events do not change them.
    public func coalescedTouches(for touch: UITouch) -> [UITouch]? {
        guard type == .touches, touchList.contains(where: { $0 === touch }) else { return nil }
        var samples: [UITouch] = []
        samples.reserveCapacity(touch.coalescedEarlier.count + 1)
        var previous = touch.previousLocationInWindow
        for earlier in touch.coalescedEarlier {
            let location = touch.window?.pointFromParent(earlier.touch.location) ?? earlier.touch.location
            samples.append(UITouch(sampleOf: touch, phase: .moved, location: location, previousLocation: previous,
                                   timestamp: earlier.timestamp, force: earlier.touch.force))
            previous = location
        }
        samples.append(UITouch(sampleOf: touch, phase: touch.phase, location: touch.locationInWindow,
                               previousLocation: previous, timestamp: touch.timestamp, force: touch.force))
        return samples
    }

    /// Where `touch` is expected to be next (I5); nil when `touch` is not part of this event, empty when
    /// it did not move in this event.
    ///
    /// The model is linear and short: one estimate, one 60 Hz frame (1/60 s) after the touch's
    /// timestamp, continuing at the velocity between the touch's last two samples (coalesced samples
    /// included). It predicts nothing for a touch that began, ended, was cancelled or stayed still, nor
    /// when the last two samples share a timestamp. Like UIKit's, predictions are advisory: draw with
    /// them, never decide with them.
    public func predictedTouches(for touch: UITouch) -> [UITouch]? {
        guard type == .touches, touchList.contains(where: { $0 === touch }) else { return nil }
        guard touch.phase == .moved else { return [] }
        let (previous, previousTime): (CGPoint, TimeInterval)
        if let last = touch.coalescedEarlier.last {
            previous = touch.window?.pointFromParent(last.touch.location) ?? last.touch.location
            previousTime = last.timestamp
        } else {
            (previous, previousTime) = (touch.previousLocationInWindow, touch.previousTimestamp)
        }
        let elapsed = touch.timestamp - previousTime
        guard elapsed > 0 else { return [] }
        let scale = CGFloat(Self.predictionHorizon / elapsed)
        let current = touch.locationInWindow
        let predicted = CGPoint(x: current.x + (current.x - previous.x) * scale, y: current.y + (current.y - previous.y) * scale)
        return [UITouch(sampleOf: touch, phase: .moved, location: predicted, previousLocation: current,
                        timestamp: touch.timestamp + Self.predictionHorizon, force: touch.force)]
    }
}
