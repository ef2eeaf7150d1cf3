// A producer thread that posts faster than the application handles input: the host still gets control
// back every turn, run(until:) returns on time, stop() is honoured, and the port stays within its bound.
// Real threads and the real clock, because contention is the point; every wait is bounded and short.
// CI runs this suite under the thread sanitizer too, where everything is several times slower: the
// bounds below leave room for that, and are far below what an unbounded loop takes (it never returns
// while the producer runs).

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct LiveFloodThreadTests {

    /// A view that does a little work for each touch, so that the loop is slower than the producer, and
    /// keeps the largest port size it saw.
    final class SlowView: UIView {
        var calls = 0
        var largestPort = 0
        var onCall: ((Int) -> Void)?
        private func work(_ touches: Set<UITouch>) {
            calls += 1
            let until = Date(timeIntervalSinceNow: 0.000_05)
            while Date() < until {}
            if let port = window?.application.inputPort { largestPort = max(largestPort, port.count) }
            onCall?(calls)
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { work(touches) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { work(touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { work(touches) }
    }

    /// A producer posting taps and drags of its own finger as fast as it can until told to stop, or for
    /// 10 s at most (so that a loop that never returns while it posts fails the test instead of hanging it).
    final class Producer: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false
        private let done = DispatchSemaphore(value: 0)

        func start(posting port: InputPort) {
            Thread.detachNewThread { [self] in
                var step = 0
                let limit = Date(timeIntervalSinceNow: 10)
                while !isStopped, Date() < limit {
                    step += 1
                    let y = CGFloat(step % 400)
                    port.post(.touches([HIDEvent.Touch(finger: 1, phase: .began, location: CGPoint(x: 50, y: y))]))
                    for move in 1...3 {
                        port.post(.touches([HIDEvent.Touch(finger: 1, phase: .moved, location: CGPoint(x: 50 + CGFloat(move), y: y))]))
                    }
                    port.post(.touches([HIDEvent.Touch(finger: 1, phase: .ended, location: CGPoint(x: 53, y: y))]))
                }
                done.signal()
            }
        }

        private var isStopped: Bool {
            lock.lock(); defer { lock.unlock() }
            return stopped
        }

        /// Stops the producer and waits (at most 5 s) until it has.
        func stop() {
            lock.lock(); stopped = true; lock.unlock()
            _ = done.wait(timeout: .now() + 5)
        }
    }

    private func scene() -> (UIApplication, EventLoop, SlowView) {
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        window.makeKeyAndVisible()
        let view = SlowView(frame: window.bounds)
        window.addSubview(view)
        app.inputPort.capacity = 256
        return (app, EventLoop(application: app), view)
    }

    @Test func runUntilReturnsOnTimeWhileAProducerFloodsThePort() {
        let (app, loop, view) = scene()
        let producer = Producer()
        producer.start(posting: app.inputPort)
        let start = Date()
        loop.run(until: Date(timeIntervalSinceNow: 0.2))
        let elapsed = Date().timeIntervalSince(start)
        producer.stop()
        #expect(elapsed >= 0.2)
        #expect(elapsed < 2, "run(until:) returned \(elapsed - 0.2) s late")
        #expect(view.calls > 0)
        // Capacity, plus one record of moves behind an end, plus the end of the finger down.
        #expect(view.largestPort <= 256 + 2, "the port held \(view.largestPort) records")
    }

    @Test func stopIsHonouredWhileAProducerFloodsThePort() {
        let (app, loop, view) = scene()
        view.onCall = { calls in if calls == 500 { loop.stop() } }
        let producer = Producer()
        producer.start(posting: app.inputPort)
        let start = Date()
        loop.run(until: Date(timeIntervalSinceNow: 10))
        let elapsed = Date().timeIntervalSince(start)
        producer.stop()
        #expect(view.calls == 500, "run(until:) returned right after the event that called stop()")
        #expect(elapsed < 5)
    }

    @Test func aHostLoopGetsControlBackEveryTurnWhileAProducerFloodsThePort() {
        let (app, loop, view) = scene()
        let producer = Producer()
        producer.start(posting: app.inputPort)
        var turns = 0, longest: TimeInterval = 0
        let end = Date(timeIntervalSinceNow: 0.3)
        while Date() < end {
            let started = Date()
            _ = loop.processEvents()
            longest = max(longest, Date().timeIntervalSince(started))
            turns += 1
        }
        producer.stop()
        // Drain what is left: the port and the queue empty out, and every touch that began ended.
        let deadline = Date(timeIntervalSinceNow: 5)
        while loop.processEvents() != nil || app.inputPort.count > 0, Date() < deadline {}
        #expect(turns > 5, "the host got control back \(turns) times in 0.3 s")
        #expect(longest < 1, "the longest turn took \(longest) s with an 8 ms budget")
        #expect(view.largestPort <= 256 + 2)
        #expect(app.inputPort.count == 0)
    }
}
