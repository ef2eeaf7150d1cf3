// A large mixed workload, replayed with a tracer, must give exactly the same trace as when the digest
// below was recorded: every record, in order, as the trace prints it. Work on the speed of the dispatch
// path must not change what is delivered, to whom, or in which order; this test says so in one number.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct TraceDigestTests {

    /// Counts what the gestures and controls of the scene send.
    @MainActor final class Actions {
        var taps = 0, doubleTaps = 0, longPresses = 0, pans = 0, pinches = 0, swipes = 0, buttonTaps = 0
        func tapped() { taps += 1 }
        func doubleTapped() { doubleTaps += 1 }
        func longPressed() { longPresses += 1 }
        func panned() { pans += 1 }
        func pinched() { pinches += 1 }
        func swiped() { swipes += 1 }
        func buttonTapped() { buttonTaps += 1 }
    }

    /// Folds every record's printed form into a 64-bit FNV-1a digest, one line per record.
    @MainActor final class DigestTracer: EventTracer {
        private(set) var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        private(set) var count = 0
        func record(_ record: TraceRecord) {
            count += 1
            for byte in record.description.utf8 { mix(byte) }
            mix(0x0A)
        }
        private func mix(_ byte: UInt8) {
            digest ^= UInt64(byte)
            digest = digest &* 0x0000_0100_0000_01B3
        }
    }

    /// A list screen: cells with a single tap that requires a double tap to fail, a double tap, a swipe,
    /// a long press on their content and a button; a pan over the list and a pinch around it; beside
    /// it, a scroll view holding buttons. Every object is named, so the trace is the same whatever the
    /// process created before.
    @MainActor struct Workload {
        let app = UIApplication()
        let window: UIWindow
        let sim: EventSimulator
        let actions = Actions()
        var dots: [CGPoint] = []
        var buttonCenters: [CGPoint] = []
        let scrollCenter: CGPoint

        init() {
            window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844), application: app)
            window.accessibilityIdentifier = "window"
            window.makeKeyAndVisible()
            sim = EventSimulator(application: app)
            let content = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
            content.accessibilityIdentifier = "content"
            window.addSubview(content)
            let list = UIView(frame: content.bounds)
            list.accessibilityIdentifier = "list"
            content.addSubview(list)
            for index in 0 ..< 10 {
                let cell = UIView(frame: CGRect(x: 0, y: CGFloat(index) * 60, width: 390, height: 60))
                cell.accessibilityIdentifier = "cell\(index)"
                list.addSubview(cell)
                let cellContent = UIView(frame: cell.bounds.insetBy(dx: 8, dy: 2))
                cellContent.accessibilityIdentifier = "cell\(index).content"
                cell.addSubview(cellContent)
                let badge = UIView(frame: CGRect(x: 200, y: 10, width: 30, height: 30))
                badge.accessibilityIdentifier = "cell\(index).badge"
                cellContent.addSubview(badge)
                let dot = UIView(frame: badge.bounds.insetBy(dx: 3, dy: 3))
                dot.accessibilityIdentifier = "cell\(index).dot"
                badge.addSubview(dot)
                let button = UIButton(frame: CGRect(x: 290, y: 10, width: 80, height: 36))
                button.accessibilityIdentifier = "cell\(index).button"
                button.addTarget(actions, action: Actions.buttonTapped, for: .touchUpInside)
                cellContent.addSubview(button)
                dots.append(dot.convert(CGPoint(x: dot.bounds.midX, y: dot.bounds.midY), to: window))
                buttonCenters.append(button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: window))

                let single = UITapGestureRecognizer(target: actions, action: Actions.tapped)
                single.name = "cell\(index).tap"
                let double = UITapGestureRecognizer(target: actions, action: Actions.doubleTapped)
                double.name = "cell\(index).doubleTap"
                double.numberOfTapsRequired = 2
                single.require(toFail: double)
                let swipe = UISwipeGestureRecognizer(target: actions, action: Actions.swiped)
                swipe.name = "cell\(index).swipe"
                swipe.direction = .left
                cell.addGestureRecognizer(single)
                cell.addGestureRecognizer(double)
                cell.addGestureRecognizer(swipe)
                let longPress = UILongPressGestureRecognizer(target: actions, action: Actions.longPressed)
                longPress.name = "cell\(index).longPress"
                cellContent.addGestureRecognizer(longPress)
            }
            let pan = UIPanGestureRecognizer(target: actions, action: Actions.panned)
            pan.name = "list.pan"
            list.addGestureRecognizer(pan)
            let pinch = UIPinchGestureRecognizer(target: actions, action: Actions.pinched)
            pinch.name = "content.pinch"
            content.addGestureRecognizer(pinch)

            let scrollView = UIScrollView(frame: CGRect(x: 0, y: 600, width: 390, height: 244))
            scrollView.accessibilityIdentifier = "scroll"
            scrollView.contentSize = CGSize(width: 390, height: 4000)
            window.addSubview(scrollView)
            for index in 0 ..< 20 {
                let button = UIButton(frame: CGRect(x: 20, y: CGFloat(index) * 200 + 20, width: 200, height: 60))
                button.accessibilityIdentifier = "scroll.button\(index)"
                button.addTarget(actions, action: Actions.buttonTapped, for: .touchUpInside)
                scrollView.addSubview(button)
            }
            scrollCenter = CGPoint(x: 195, y: 722)
        }

        func drag(fingers: Int, from starts: [CGPoint], steps: Int, by step: CGPoint) {
            sim.touch((0 ..< fingers).map { .down($0, at: starts[$0]) })
            for index in 1 ... steps {
                sim.advance(by: 1.0 / 120)
                var changes: [EventSimulator.TouchChange] = []
                for finger in 0 ..< fingers {
                    let start = starts[finger]
                    let distance = CGFloat(index)
                    changes.append(.move(finger, to: CGPoint(x: start.x + step.x * distance, y: start.y + step.y * distance)))
                }
                sim.touch(changes)
            }
            sim.touch((0 ..< fingers).map { .up($0) })
            sim.advance(by: 0.5)
        }

        /// One round of everyday use; `round` varies the cells and distances.
        func play(round: Int) {
            let cell = round % dots.count
            let dot = dots[cell]
            drag(fingers: 1, from: [dot], steps: 30, by: CGPoint(x: 0, y: -3))
            sim.tap(at: dot)
            sim.advance(by: 0.5)
            // A double tap.
            sim.tap(at: dot)
            sim.advance(by: 0.1)
            sim.tap(at: dot)
            sim.advance(by: 0.5)
            sim.longPress(at: dot, duration: 0.6)
            sim.advance(by: 0.5)
            // A swipe left.
            drag(fingers: 1, from: [dot], steps: 8, by: CGPoint(x: -20, y: 0))
            // A pinch: two fingers spread apart.
            let other = dots[(cell + 1) % dots.count]
            sim.touch(.down(0, at: dot), .down(1, at: other))
            for index in 1 ... 20 {
                sim.advance(by: 1.0 / 120)
                let spread = CGFloat(index * (round % 3 + 1))
                sim.touch(.move(0, to: CGPoint(x: dot.x, y: dot.y - spread)), .move(1, to: CGPoint(x: other.x, y: other.y + spread)))
            }
            sim.touch(.up(0), .up(1))
            sim.advance(by: 0.5)
            sim.tap(at: buttonCenters[cell])
            sim.advance(by: 0.5)
            // A button held, dragged off and back.
            drag(fingers: 1, from: [buttonCenters[cell]], steps: 12, by: CGPoint(x: 0, y: 8))
            drag(fingers: 10, from: dots, steps: 10, by: CGPoint(x: 0, y: -2))
            // A touch the system cancels.
            sim.touchDown(0, at: dot)
            sim.advance(by: 0.05)
            sim.touchCancel(0)
            sim.advance(by: 0.5)
            // The scroll view: a drag that scrolls, a tap on a button in it, and a flick left to decelerate.
            drag(fingers: 1, from: [scrollCenter], steps: 20, by: CGPoint(x: 0, y: round % 2 == 0 ? -6 : 6))
            sim.advance(by: 2)
            sim.tap(at: CGPoint(x: 100, y: 650))
            sim.advance(by: 0.5)
        }
    }

    /// The digest and record count of the workload's trace. When a change alters behaviour on
    /// purpose, run this test, check the new trace is right, and paste the figures its failure prints.
    static let expectedDigest: UInt64 = 0x7914_fc11_780d_db11
    static let expectedCount = 67_480

    @Test func aLargeMixedWorkloadTracesExactlyAsRecorded() {
        let workload = Workload()
        let tracer = DigestTracer()
        workload.app.tracer = tracer
        for round in 0 ..< 30 { workload.play(round: round) }
        let actions = workload.actions
        let counts = [actions.taps, actions.doubleTaps, actions.longPresses, actions.pans, actions.pinches, actions.buttonTaps]
        #expect(!counts.contains(0), "the workload must exercise every gesture and the buttons: \(counts)")
        let digest = "0x" + String(tracer.digest, radix: 16)
        #expect(tracer.digest == Self.expectedDigest && tracer.count == Self.expectedCount, """
            the trace changed: \(tracer.count) records, digest \(digest) \
            (expected \(Self.expectedCount), 0x\(String(Self.expectedDigest, radix: 16))). If behaviour changed on \
            purpose, set expectedDigest = \(digest) and expectedCount = \(tracer.count).
            """)
    }
}
