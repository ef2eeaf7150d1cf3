import Foundation
import BenchmarkScenes
import ResponderKit

// The live loop under a flood: producer threads post touches as fast as they can, far faster than the
// application handles them, while the main thread turns the loop as a host would. It prints how long
// each turn took, how long input waited from its post to its delivery, how large the port grew and what
// it dropped; then how late `run(until:)` returned under the same flood.
//
//     LiveFlood [seconds] [producers]        (defaults: 5 s, 2 producers)
//
// Build it in release mode: swift run -c release --package-path Benchmarks LiveFlood

@MainActor
final class FloodView: UIView {
    /// Seconds from post to delivery of each touchesBegan and of each touchesMoved.
    var beganLatencies: [Double] = []
    var moveLatencies: [Double] = []
    var samplesDelivered = 0
    var events = 0

    private func note(_ touches: Set<UITouch>, _ event: UIEvent?, into latencies: inout [Double]) {
        events += 1
        guard let port = window?.application.inputPort else { return }
        let now = port.now
        for touch in touches {
            latencies.append(now - touch.timestamp)
            samplesDelivered += event?.coalescedTouches(for: touch)?.count ?? 1
        }
    }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note(touches, event, into: &beganLatencies) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note(touches, event, into: &moveLatencies) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { events += 1 }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { events += 1 }
}

/// Producers that post drags (down, 50 moves, up) of their own finger until stopped.
final class Producers: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var posted = 0
    private let group = DispatchGroup()

    func start(_ count: Int, posting port: InputPort) {
        for producer in 0 ..< count {
            group.enter()
            Thread.detachNewThread { [self] in
                var local = 0
                var drag = 0
                while !isStopped {
                    drag += 1
                    let finger = producer + 1
                    let y = CGFloat(100 + (drag % 600))
                    port.post(.touches([HIDEvent.Touch(finger: finger, phase: .began, location: CGPoint(x: 100 + CGFloat(producer * 100), y: y))]))
                    for step in 1 ... 50 {
                        port.post(.touches([HIDEvent.Touch(finger: finger, phase: .moved, location: CGPoint(x: 100 + CGFloat(producer * 100 + step), y: y))]))
                    }
                    port.post(.touches([HIDEvent.Touch(finger: finger, phase: .ended, location: CGPoint(x: 150 + CGFloat(producer * 100), y: y))]))
                    local += 52
                }
                lock.lock(); posted += local; lock.unlock()
                group.leave()
            }
        }
    }

    private var isStopped: Bool {
        lock.lock(); defer { lock.unlock() }
        return stopped
    }

    /// Stops the producers, waits for them, and returns how many records they posted.
    func stop() -> Int {
        lock.lock(); stopped = true; lock.unlock()
        group.wait()
        return posted
    }
}

/// The calling thread's processor time, in seconds.
func threadTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1e3) }

@MainActor
func main() {
    let arguments = CommandLine.arguments
    let seconds = arguments.count > 1 ? Double(arguments[1]) ?? 5 : 5
    let producerCount = arguments.count > 2 ? Int(arguments[2]) ?? 2 : 2

    let window = makeWindow()
    let app = window.application
    let view = FloodView(frame: window.bounds)
    view.isMultipleTouchEnabled = true
    // A pan and a tap see every touch, and let the view see them all too (so that it counts every event).
    for recognizer in [UIPanGestureRecognizer(), UITapGestureRecognizer()] {
        recognizer.cancelsTouchesInView = false
        view.addGestureRecognizer(recognizer)
    }
    window.addSubview(view)
    let loop = EventLoop(application: app)
    let port = app.inputPort

    // Host-driven: turn after turn, as fast as the host can, for `seconds`.
    let producers = Producers()
    producers.start(producerCount, posting: port)
    var turns: [Double] = []
    var largestPort = 0
    let end = ProcessInfo.processInfo.systemUptime + seconds
    // Turns that found input, by wall time and by the main thread's own processor time (which leaves out
    // the time the scheduler gave the core to another thread: on a loaded machine, most of the wall time
    // of a long turn), and the events each handled.
    var cpuTurns: [Double] = []
    var eventsPerTurn: [Double] = []
    var idleTurns = 0
    while ProcessInfo.processInfo.systemUptime < end {
        largestPort = max(largestPort, port.count)
        let before = view.events
        let started = ProcessInfo.processInfo.systemUptime, cpuStarted = threadTime()
        _ = loop.processEvents()
        let length = ProcessInfo.processInfo.systemUptime - started, cpu = threadTime() - cpuStarted
        if view.events == before {
            idleTurns += 1
        } else {
            turns.append(length)
            cpuTurns.append(cpu)
            eventsPerTurn.append(Double(view.events - before))
        }
    }
    let posted = producers.stop()
    while loop.processEvents() != nil || port.count > 0 {}

    print("LiveFlood: \(producerCount) producers, \(String(format: "%.0f", seconds)) s of a host-driven loop (turn budget \(ms(loop.turnBudget)), port capacity \(port.capacity))")
    print(String(format: "  posted %d records (%.0f/s); the application handled %d events carrying %d samples", posted, Double(posted) / seconds, view.events, view.samplesDelivered))
    print("  turns that handled input: \(turns.count) (and \(idleTurns) that found none), events per turn p50 \(Int(percentile(eventsPerTurn, 0.5))), max \(Int(eventsPerTurn.max() ?? 0))")
    print("  turn length, wall: p50 \(ms(percentile(turns, 0.5))), p99 \(ms(percentile(turns, 0.99))), max \(ms(turns.max() ?? 0))")
    print("  turn length, the loop thread's processor time: p50 \(ms(percentile(cpuTurns, 0.5))), p99 \(ms(percentile(cpuTurns, 0.99))), max \(ms(cpuTurns.max() ?? 0))")
    print("  latency of a finger going down: p50 \(ms(percentile(view.beganLatencies, 0.5))), p99 \(ms(percentile(view.beganLatencies, 0.99))), max \(ms(view.beganLatencies.max() ?? 0))")
    print("  latency of a move (its latest sample): p50 \(ms(percentile(view.moveLatencies, 0.5))), p99 \(ms(percentile(view.moveLatencies, 0.99))), max \(ms(view.moveLatencies.max() ?? 0))")
    print("  port: largest \(largestPort) records; dropped \(port.droppedCount) samples")

    // Self-driven: how late run(until:) returns under the same flood.
    let flood = Producers()
    flood.start(producerCount, posting: port)
    var lateness: [Double] = []
    for _ in 0 ..< 10 {
        let limit = Date(timeIntervalSinceNow: 0.2)
        loop.run(until: limit)
        lateness.append(Date().timeIntervalSince(limit))
    }
    _ = flood.stop()
    print("  run(until: now + 0.2 s), 10 times: late by p50 \(ms(percentile(lateness, 0.5))), max \(ms(lateness.max() ?? 0))")
}

MainActor.assumeIsolated { main() }
