// Nothing outlives a touch sequence (R22, D6): recognizers that settled their gesture while fingers
// were still down let go of each touch as it ends, from whichever event ends it, and are reset once
// the last one ends; thousands of sequences later the engine holds no touches, recognizers or timers.

import Foundation
import Testing
@testable import ResponderKit // for the clock's pending timers and the arbiter's recognizers in play

@MainActor
@Suite struct StateLeftBehindTests {

    @MainActor final class Counter {
        var count = 0
        func handle() { count += 1 }
    }

    /// A pad with a tap, a long press and a swipe on an inner view and a pan on the outer one.
    @MainActor struct Setup {
        let scene = Scene()
        let tap = UITapGestureRecognizer()
        let longPress = UILongPressGestureRecognizer()
        let swipe = UISwipeGestureRecognizer()
        let pan = UIPanGestureRecognizer()
        let taps = Counter(), pans = Counter()

        init() {
            let outer = scene.addView("outer", CGRect(x: 0, y: 0, width: 320, height: 480))
            let inner = scene.addView("inner", CGRect(x: 40, y: 40, width: 240, height: 400), to: outer)
            tap.addTarget(taps, action: Counter.handle)
            pan.addTarget(pans, action: Counter.handle)
            inner.addGestureRecognizer(tap)
            inner.addGestureRecognizer(longPress)
            inner.addGestureRecognizer(swipe)
            outer.addGestureRecognizer(pan)
        }

        var recognizers: [UIGestureRecognizer] { [tap, longPress, swipe, pan] }
    }

    @Test func recognizersThatFailedWhileAFingerWasDownAreResetWhenItLifts() {
        let setup = Setup()
        let sim = setup.scene.sim
        sim.touchDown(1, at: CGPoint(x: 100, y: 300))
        for step in 1...20 {
            sim.advance(by: 0.01)
            sim.touchMove(1, to: CGPoint(x: 100, y: 300 - 5 * CGFloat(step)))
        }
        #expect(setup.pan.state == .changed)
        #expect(setup.tap.state == .failed && setup.longPress.state == .failed && setup.swipe.state == .failed)
        sim.touchUp(1)
        #expect(setup.recognizers.allSatisfy { $0.state == .possible })
        #expect(setup.scene.app.arbiter.active.isEmpty)

        sim.advance(by: 1)
        sim.tap(at: CGPoint(x: 100, y: 300))
        #expect(setup.taps.count == 1)
    }

    /// The first finger's recognizers settle, then a second finger moves on its own for a while (events
    /// that end no touch), then the first finger lifts in the same event as the second one moves.
    @Test func aSettledRecognizerLetsGoOfATouchEndedInAnEventThatAlsoMovesAnother() {
        let setup = Setup()
        let sim = setup.scene.sim
        sim.touchDown(1, at: CGPoint(x: 100, y: 300))
        sim.advance(by: 0.01)
        sim.touchMove(1, to: CGPoint(x: 100, y: 250)) // the tap, long press and swipe fail; the pan begins
        #expect(setup.tap.state == .failed)
        sim.touchDown(2, at: CGPoint(x: 200, y: 300))
        for step in 1...5 {
            sim.advance(by: 0.01)
            sim.touchMove(2, to: CGPoint(x: 200, y: 300 - 5 * CGFloat(step)))
        }
        sim.touch(.up(1), .move(2, to: CGPoint(x: 200, y: 200)))
        // The settled tap, long press and swipe were fed nothing of finger 2: finger 1 gone, they reset.
        #expect(setup.tap.state == .possible && setup.longPress.state == .possible && setup.swipe.state == .possible)
        #expect(setup.pan.state == .changed)
        sim.touchUp(2)
        #expect(setup.recognizers.allSatisfy { $0.state == .possible })
        #expect(setup.scene.app.arbiter.active.isEmpty)
        #expect(setup.scene.app.touchEvent.touchList.isEmpty)
    }

    @Test func thousandsOfSequencesLeaveNoTouchesRecognizersOrTimersBehind() {
        let setup = Setup()
        let sim = setup.scene.sim
        for round in 0..<500 {
            let start = CGPoint(x: 60 + CGFloat(round % 7) * 30, y: 300)
            sim.drag(from: start, to: CGPoint(x: start.x, y: 150), duration: 0.2, steps: 12)
            sim.advance(by: 0.5)
            sim.tap(at: start)
            sim.advance(by: 0.5)
            sim.longPress(at: start, duration: 0.6)
            sim.advance(by: 0.5)
            sim.touch(.down(1, at: start), .down(2, at: CGPoint(x: start.x, y: 350)))
            sim.touch(.move(1, to: CGPoint(x: start.x, y: 200)), .move(2, to: CGPoint(x: start.x, y: 400)))
            sim.touch(.up(1), .move(2, to: CGPoint(x: start.x, y: 420)))
            sim.touchCancel(2)
            sim.advance(by: 0.5)
        }
        #expect(setup.taps.count == 500)
        #expect(setup.pans.count > 0)
        #expect(setup.recognizers.allSatisfy { $0.state == .possible })
        #expect(setup.scene.app.arbiter.active.isEmpty)
        #expect(setup.scene.app.arbiter.withheld.isEmpty)
        #expect(setup.scene.app.touchEvent.touchList.isEmpty)
        #expect(setup.scene.app.clock.pendingTimerCount == 0)
    }
}
