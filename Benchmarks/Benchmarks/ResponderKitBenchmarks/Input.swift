import Foundation
import ResponderKit

/// Plays raw input into one application the way a live input source does: one `HIDEvent` per change,
/// through `UIApplication.enqueue(_:)`, on the application's virtual clock.
///
/// The samples live in one reused buffer. `enqueue` has handled (and released) an event by the time it
/// returns, so the next change mutates the buffer in place: the input side allocates nothing, and
/// every allocation a benchmark counts is the engine's.
@MainActor
final class Input {
    let application: UIApplication
    let simulator: EventSimulator
    // The input source's own bookkeeping is measured along with every event: `@exclusivity(unchecked)`
    // keeps the runtime's access checks on it from weighing in the numbers.
    @exclusivity(unchecked) private var samples: [HIDEvent.Touch] = []
    /// Where each finger is, by finger number (fingers are 0 ..< capacity).
    @exclusivity(unchecked) private var locations: [CGPoint]
    /// Touch events posted so far.
    @exclusivity(unchecked) private(set) var eventCount = 0

    /// One frame at 120 Hz: the time between two samples of a moving finger.
    static let frame: TimeInterval = 1.0 / 120

    init(application: UIApplication, fingers capacity: Int = 10) {
        self.application = application
        simulator = EventSimulator(application: application)
        samples.reserveCapacity(capacity)
        locations = Array(repeating: .zero, count: capacity)
    }

    var now: TimeInterval { simulator.now }

    /// Moves the virtual clock, firing the timers that fall due (long press, multi-tap timeouts…).
    func advance(by interval: TimeInterval) {
        simulator.advance(by: interval)
    }

    /// Fingers `fingers` change together, each to the location `place` gives it: one touch event.
    func send(_ phase: UITouch.Phase, fingers: Range<Int>, at place: (Int) -> CGPoint) {
        samples.removeAll(keepingCapacity: true)
        for finger in fingers {
            let location = phase == .ended || phase == .cancelled ? locations[finger] : place(finger)
            locations[finger] = location
            samples.append(HIDEvent.Touch(finger: finger, phase: phase, location: location))
        }
        eventCount += 1
        application.enqueue(HIDEvent(timestamp: simulator.now, payload: .touches(samples)))
    }

    func down(_ finger: Int, at location: CGPoint) { send(.began, fingers: finger ..< finger + 1) { _ in location } }
    func move(_ finger: Int, to location: CGPoint) { send(.moved, fingers: finger ..< finger + 1) { _ in location } }
    func up(_ finger: Int) { send(.ended, fingers: finger ..< finger + 1) { _ in .zero } }

    /// A tap: down and up at `location`, then enough time for the next tap not to count as a repeat.
    func tap(at location: CGPoint) {
        down(0, at: location)
        up(0)
        advance(by: 0.5)
    }
}
