// The input port is bounded: at its capacity moves coalesce, a touch that begins is dropped whole, an
// end whose beginning got in always gets in (R14), and every drop is counted and traced. Virtual time:
// the port is filled by hand before the loop turns.

import Foundation
import Testing
@testable import ResponderKit // for the clock's injectable time source

@MainActor
@Suite struct InputPortCapacityTests {

    /// Logs every touch call per finger, with the samples of each move (coalesced ones included).
    final class FingerLog: UIView {
        var calls: [Int: [String]] = [:]
        var movedSamples: [Int: [CGFloat]] = [:]
        private func note(_ name: String, _ touches: Set<UITouch>, _ event: UIEvent?) {
            for touch in touches {
                calls[touch.finger, default: []].append(name)
                if name == "moved" {
                    for sample in event?.coalescedTouches(for: touch) ?? [] {
                        movedSamples[touch.finger, default: []].append(sample.location(in: nil).y)
                    }
                }
            }
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("began", touches, event) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("moved", touches, event) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("ended", touches, event) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note("cancelled", touches, event) }
    }

    /// Logs presses and shakes, and handles them (nothing climbs further).
    final class ButtonLog: UIViewController {
        var calls: [String] = []
        override var canBecomeFirstResponder: Bool { true }
        override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
            for press in presses { calls.append("began \(press.type.rawValue)") }
        }
        override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
            for press in presses { calls.append("ended \(press.type.rawValue)") }
        }
        override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { calls.append("motion began") }
        override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { calls.append("motion ended") }
    }

    @MainActor
    struct Scene {
        let app = UIApplication()
        let window: UIWindow
        let log: FingerLog
        let loop: EventLoop
        let recorder = TraceRecorder()

        init(capacity: Int) {
            app.useRealTimeSource(ManualTime(0).source)
            window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
            window.makeKeyAndVisible()
            log = FingerLog(frame: window.bounds)
            log.isMultipleTouchEnabled = true
            window.addSubview(log)
            loop = EventLoop(application: app)
            app.tracer = recorder
            app.inputPort.capacity = capacity
        }

        func post(_ finger: Int, _ phase: UITouch.Phase, y: CGFloat = 100) {
            app.inputPort.post(.touches([HIDEvent.Touch(finger: finger, phase: phase, location: CGPoint(x: 50 + CGFloat(finger), y: y))]))
        }

        var portDrops: [String] {
            recorder.records.compactMap { record in
                if case .dropped(let what, .inputPortFull) = record.kind { return what }
                return nil
            }
        }
    }

    @Test func aFloodOfMovesCoalescesIntoTheLastRecordAndThePortKeepsItsCapacity() {
        let scene = Scene(capacity: 8)
        scene.post(1, .began)
        for step in 1...1_000 { scene.post(1, .moved, y: 100 + CGFloat(step)) }
        #expect(scene.app.inputPort.count <= 8, "the moves merged instead of piling up")
        scene.post(1, .ended, y: 1_100)
        #expect(scene.app.inputPort.droppedCount == 0, "moves are coalesced, never dropped")
        scene.loop.processEvents()
        #expect(scene.log.calls[1]?.first == "began")
        #expect(scene.log.calls[1]?.last == "ended")
        // Every sample reaches the view, in order, as main or coalesced touches (I5).
        #expect(scene.log.movedSamples[1] == (1...1_000).map { 100 + CGFloat($0) })
        #expect(scene.portDrops.isEmpty)
    }

    @Test func aFingerThatGoesDownWhileThePortIsFullIsDroppedForItsWholeLife() {
        let scene = Scene(capacity: 2)
        scene.post(1, .began)
        scene.post(1, .moved, y: 110)
        scene.post(2, .began)                         // the port is full: finger 2's touch is dropped
        scene.post(2, .moved, y: 120)
        scene.loop.processEvents()                    // room again, but finger 2 stays dropped until it lifts
        scene.post(2, .moved, y: 130)
        scene.post(2, .ended, y: 130)
        scene.post(1, .ended, y: 110)
        scene.loop.processEvents()
        #expect(scene.log.calls[2] == nil, "the application never hears of a touch whose beginning was dropped")
        #expect(scene.log.calls[1] == ["began", "moved", "ended"])
        #expect(scene.app.inputPort.droppedCount == 4)
        // Each turn reports what was dropped since the last one, with the capacity.
        #expect(scene.portDrops == ["2 touch samples", "2 touch samples"])
        #expect(TraceRecord.DropReason.inputPortFull(capacity: 2).description
                == "the input port was full (2 records): input came faster than the loop handled it")
        // A new touch of the same finger, after the dropped one lifted, is an ordinary touch.
        scene.post(2, .began)
        scene.post(2, .ended)
        scene.loop.processEvents()
        #expect(scene.log.calls[2] == ["began", "ended"])
    }

    @Test func anEndWhoseBeginningGotInGetsInBeyondTheCapacity() {
        let scene = Scene(capacity: 2)
        scene.post(1, .began)
        scene.post(2, .began)                         // full
        scene.post(1, .ended)
        scene.post(2, .cancelled)
        scene.post(3, .ended)                         // never down: dropped
        #expect(scene.app.inputPort.count == 4)
        scene.loop.processEvents()
        #expect(scene.log.calls[1] == ["began", "ended"])
        #expect(scene.log.calls[2] == ["began", "cancelled"], "no view is left with a touch that never ends (R14)")
        #expect(scene.app.inputPort.droppedCount == 1)
    }

    @Test func movesWithNothingToMergeIntoWaitAfterTheRecordInTheWay() {
        let scene = Scene(capacity: 2)
        scene.post(1, .began)
        scene.post(2, .began)                         // full, the last record a beginning
        scene.post(1, .moved, y: 110)                 // one record of moves after it
        scene.post(2, .moved, y: 120)                 // merges into that record
        scene.post(1, .moved, y: 111)
        #expect(scene.app.inputPort.count == 3)
        scene.post(1, .ended, y: 111)
        scene.post(2, .ended, y: 120)
        scene.loop.processEvents()
        #expect(scene.log.movedSamples[1] == [110, 111])
        #expect(scene.log.movedSamples[2] == [120])
        #expect(scene.app.inputPort.droppedCount == 0)
    }

    @Test func pressesAndShakesKeepTheirPairsAndCommandsAreDroppedWhenFull() {
        let scene = Scene(capacity: 1)
        let buttons = ButtonLog()
        scene.window.rootViewController = buttons
        _ = buttons.becomeFirstResponder()
        scene.app.beginReceivingRemoteControlEvents()
        let port = scene.app.inputPort
        func press(_ type: UIPress.PressType, _ phase: UIPress.Phase) {
            port.post(.press(HIDEvent.Press(identifier: type.rawValue, phase: phase, type: type)))
        }
        press(.select, .began)                        // fills the port
        press(.menu, .began)                          // dropped, and its end with it
        port.post(.motion(.motionShake, .began))      // dropped, and its end with it
        port.post(.remoteControl(.remoteControlPlay)) // dropped
        press(.menu, .ended)
        port.post(.motion(.motionShake, .ended))
        press(.select, .ended)                        // its beginning got in: it gets in
        scene.loop.processEvents()
        #expect(buttons.calls == ["began \(UIPress.PressType.select.rawValue)", "ended \(UIPress.PressType.select.rawValue)"])
        #expect(port.droppedCount == 5)
        #expect(scene.portDrops == ["2 presses, 2 motions, 1 remote-control command"])
    }

    @Test func aRunOfCoalescedMovesKeepsAtMostItsMaximumAndCountsTheRest() {
        let scene = Scene(capacity: 1)
        let moves = HIDEvent.maximumCoalescedSamples + 10
        scene.post(1, .began)
        for step in 1...moves { scene.post(1, .moved, y: CGFloat(step)) }
        scene.post(1, .ended, y: CGFloat(moves))
        scene.loop.processEvents()
        let delivered = scene.log.movedSamples[1] ?? []
        #expect(delivered.count + scene.app.inputPort.droppedCount == moves)
        #expect(delivered.count <= HIDEvent.maximumCoalescedSamples + 1)
        #expect(delivered.last == CGFloat(moves), "the latest samples are kept")
        #expect(delivered == delivered.sorted())
        #expect(scene.portDrops.first?.hasSuffix("coalesced moves") == true)
    }

    /// Random streams of touches (several fingers, every phase, ends without beginnings) through a tiny
    /// port, with turns at random moments: every view that saw a touch begin sees it end exactly once,
    /// and nothing reaches a view for a touch it never saw begin (R14).
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func randomStreamsThroughAFullPortKeepEveryTouchWhole(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let scene = Scene(capacity: Int.random(in: 1...4, using: &random))
        var down: Set<Int> = []
        for _ in 0..<400 {
            let finger = Int.random(in: 0..<5, using: &random)
            let phase: UITouch.Phase
            if down.contains(finger) {
                phase = [.moved, .moved, .moved, .ended, .cancelled].randomElement(using: &random)!
            } else {
                phase = Int.random(in: 0..<8, using: &random) == 0 ? .ended : .began   // a stray end now and then
            }
            if phase == .began { down.insert(finger) } else if phase == .ended || phase == .cancelled { down.remove(finger) }
            scene.post(finger, phase, y: CGFloat(Int.random(in: 0..<400, using: &random)))
            if Int.random(in: 0..<10, using: &random) == 0 { scene.loop.processEvents() }
        }
        for finger in down { scene.post(finger, .ended) }
        scene.loop.processEvents()
        for (finger, calls) in scene.log.calls {
            var open = false
            for call in calls {
                switch call {
                case "began":
                    #expect(!open, "finger \(finger): began twice without an end: \(calls)")
                    open = true
                case "ended", "cancelled":
                    #expect(open, "finger \(finger): an end with no beginning: \(calls)")
                    open = false
                default:
                    #expect(open, "finger \(finger): a move outside a touch: \(calls)")
                }
            }
            #expect(!open, "finger \(finger): a touch that never ends: \(calls)")
        }
        #expect(scene.app.inputPort.count == 0)
    }
}

/// SplitMix64, for random streams that replay from their seed.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
