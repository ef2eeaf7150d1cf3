// Input from other threads (R20, I4): several producers post while the loop runs; nothing is lost,
// each producer's order is kept, and everything is delivered on the loop's thread. CI runs this suite
// under the thread sanitizer too.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct InputPortThreadTests {

    /// Records, per finger, every sample it is shown (coalesced ones included) and the thread of each call.
    final class SampleLog: UIView {
        var samples: [Int: [CGFloat]] = [:]
        var phases: [Int: [UITouch.Phase]] = [:]
        var threads: Set<ObjectIdentifier> = []
        var ended = 0
        var onAllEnded: (() -> Void)?
        var producers = 0
        var fingers: [ObjectIdentifier: Int] = [:]

        private func note(_ touches: Set<UITouch>, _ event: UIEvent?) {
            threads.insert(ObjectIdentifier(Thread.current))
            for touch in touches {
                // The finger is the x column the producer posts in.
                let finger = Int(touch.location(in: nil).x) / 40
                phases[finger, default: []].append(touch.phase)
                for sample in event?.coalescedTouches(for: touch) ?? [] where sample.phase == .moved {
                    samples[finger, default: []].append(sample.location(in: nil).y)
                }
                if touch.phase == .ended {
                    ended += 1
                    if ended == producers { onAllEnded?() }
                }
            }
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note(touches, event) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note(touches, event) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note(touches, event) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note(touches, event) }
    }

    @Test func concurrentProducersLoseNothingKeepTheirOrderAndDeliverOnTheLoopsThread() {
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        window.makeKeyAndVisible()
        let view = SampleLog(frame: window.bounds)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        let loop = EventLoop(application: app)
        let producers = 4, moves = 300
        view.producers = producers
        view.onAllEnded = { loop.stop() }

        let port = app.inputPort
        for producer in 0..<producers {
            Thread.detachNewThread {
                let x = CGFloat(producer * 40 + 20)
                func post(_ phase: UITouch.Phase, _ y: CGFloat) {
                    port.post(.touches([HIDEvent.Touch(finger: producer, phase: phase, location: CGPoint(x: x, y: y))]))
                }
                post(.began, 10)
                for step in 1...moves { post(.moved, 10 + CGFloat(step)) }
                post(.ended, 10 + CGFloat(moves))
            }
        }
        loop.run(until: Date(timeIntervalSinceNow: 10))

        #expect(view.ended == producers)
        for producer in 0..<producers {
            #expect(view.samples[producer] == (1...moves).map { 10 + CGFloat($0) }, "finger \(producer): every move, in order")
            #expect(view.phases[producer]?.first == .began)
            #expect(view.phases[producer]?.last == .ended)
        }
        #expect(view.threads == [ObjectIdentifier(Thread.current)])
    }

    @Test func aWakeHandlerIsCalledOnThePostingThreadForEachPost() async {
        let app = UIApplication()
        let counter = Counter()
        app.inputPort.setWakeHandler { counter.increment() }
        let port = app.inputPort
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { for _ in 0..<50 { port.post(.remoteControl(.remoteControlPlay)) } }
            }
        }
        #expect(counter.value == 200)
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func increment() { lock.lock(); count += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    }
}
