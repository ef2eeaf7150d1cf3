import Foundation
import ResponderKit

/// A tracer that keeps nothing: it prices building and handing over the records, not storing them.
@MainActor
final class DiscardingTracer: EventTracer {
    private(set) var records = 0
    func record(_ record: TraceRecord) { records += 1 }
}

/// The tracer a drag benchmark attaches to each scene's application.
enum BenchmarkTracer {
    /// None: the untraced drag.
    case none
    /// A ``DiscardingTracer``.
    case discarding
    /// A `FlightRecorder` keeping the latest `capacity` records.
    case flightRecorder(capacity: Int)
}

/// Drags in several identical scenes at once, each in its own application, so that one measured batch
/// holds exactly the moves of complete 100-step drags and nothing else: every scene's fingers go down
/// before the measurement starts and lift after it stops. Moves alternate between the scenes, step by
/// step; every count a benchmark reports is therefore per touchMoved event.
@MainActor
final class DragBatch {
    let scenes: [AppScene]
    let fingers: Int
    let steps: Int
    /// Touch events in one batch: one per step per scene.
    var moveCount: Int { scenes.count * steps }

    init(scenes: Int, fingers: Int, steps: Int = 100, tracer: BenchmarkTracer = .none, history: Int = 0) {
        self.fingers = fingers
        self.steps = steps
        self.scenes = (0 ..< scenes).map { _ in AppScene(gestures: true) }
        for scene in self.scenes {
            if history > 0 { scene.playHistory(events: history) }
            switch tracer {
            case .none: break
            case .discarding: scene.application.tracer = DiscardingTracer()
            case .flightRecorder(let capacity): scene.application.tracer = FlightRecorder(capacity: capacity)
            }
        }
        // One drag in each scene, unmeasured: the benchmark starts from a scene that has been used. It
        // must be a pan and nothing else.
        let before = self.scenes.map { ($0.actions.pans, $0.actions.taps, $0.actions.swipes, $0.actions.longPresses) }
        begin()
        moves()
        end()
        for (scene, counts) in zip(self.scenes, before) {
            precondition(scene.actions.pans > counts.0, "the drag must be recognized as a pan")
            let others = (scene.actions.taps, scene.actions.swipes, scene.actions.longPresses)
            precondition(others == (counts.1, counts.2, counts.3), "a drag is neither a tap, a swipe nor a long press")
        }
    }

    func begin() { for scene in scenes { scene.beginDrag(fingers: fingers) } }

    func moves() {
        for step in 1 ... steps {
            for scene in scenes { scene.moveDrag(fingers: fingers, step: step) }
        }
    }

    func end() { for scene in scenes { scene.endDrag(fingers: fingers) } }
}

extension AppScene {
    /// Plays `events` touch events of everyday use into the scene: scrolls, taps, double taps, long
    /// presses, pinches, button taps, ten-finger drags and cancelled touches, over and over. Checks that
    /// each gesture was recognized, so the history really exercised every recognizer.
    func playHistory(events: Int) {
        let target = input.eventCount + events
        let button = buttons[9]
        let buttonCenter = button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: window)
        while input.eventCount < target {
            drag(fingers: 1, steps: 30)
            input.tap(at: targetDot)
            // A double tap: the second tap comes 0.1 s after the first.
            input.down(0, at: targetDot)
            input.up(0)
            input.advance(by: 0.1)
            input.tap(at: targetDot)
            // A long press.
            input.down(0, at: targetDot)
            input.advance(by: 0.6)
            input.up(0)
            input.advance(by: 0.5)
            // A pinch: fingers on the dots of cells 9 and 10 spread apart.
            input.send(.began, fingers: 0 ..< 2) { start(ofFinger: $0) }
            for step in 1 ... 20 {
                input.advance(by: Input.frame)
                input.send(.moved, fingers: 0 ..< 2) { finger in
                    let start = start(ofFinger: finger)
                    return CGPoint(x: start.x, y: start.y + CGFloat(finger == 0 ? -step : step) * 2)
                }
            }
            input.send(.ended, fingers: 0 ..< 2) { _ in .zero }
            input.advance(by: 0.5)
            input.tap(at: buttonCenter)
            drag(fingers: 10, steps: 10)
            // A touch the system cancels.
            input.down(0, at: targetDot)
            input.send(.cancelled, fingers: 0 ..< 1) { _ in .zero }
            input.advance(by: 0.5)
        }
        precondition(actions.taps > 0 && actions.doubleTaps > 0 && actions.longPresses > 0 && actions.pans > 0
                     && actions.pinches > 0 && actions.buttonTaps > 0,
                     "the history must exercise every gesture")
    }
}
