import Benchmark
import Dispatch
import Foundation
import BenchmarkScenes
import ResponderKit

// The live path: input posted on another thread, delivered by the application's own loop.

/// A first responder that notes, for each `pressesChanged`, how long ago its input was posted.
@MainActor
final class LatencyProbe: UIView {
    /// Nanoseconds from post to delivery, for each press change since the last `reset`.
    var latencies: [Int] = []
    var onDelivery: (() -> Void)?
    override var canBecomeFirstResponder: Bool { true }

    override func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard let press = presses.first else { return }
        latencies.append(Int((ProcessInfo.processInfo.systemUptime - press.timestamp) * 1e9))
        onDelivery?()
    }
}

/// An application on real time with a probe as first responder and a held button, whose changes a
/// producer thread posts.
@MainActor
final class LiveScene {
    let window = makeWindow()
    let probe = LatencyProbe(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let loop: EventLoop
    var port: InputPort { window.application.inputPort }

    init() {
        window.addSubview(probe)
        precondition(probe.becomeFirstResponder())
        loop = EventLoop(application: window.application)
        port.post(.press(HIDEvent.Press(identifier: 1, phase: .began, type: .select)))
        loop.processEvents()
    }

    /// Starts a thread that posts `count` press changes, one every `interval` seconds, each stamped
    /// with the time it is posted.
    func startProducer(count: Int, interval: TimeInterval = 0.0002) {
        let port = self.port
        Thread.detachNewThread {
            for _ in 0 ..< count {
                port.post(.press(HIDEvent.Press(identifier: 1, phase: .changed, type: .select)))
                Thread.sleep(forTimeInterval: interval)
            }
        }
    }
}

/// A pan over a full-window view on virtual time, fed moves straight through the input port.
@MainActor
final class CoalescingScene {
    let window = makeWindow()
    let simulator: EventSimulator
    private var x: CGFloat = 10
    private var samples: [HIDEvent.Touch] = [HIDEvent.Touch(finger: 1, phase: .moved, location: .zero)]

    init() {
        let view = UIView(frame: window.bounds)
        view.addGestureRecognizer(UIPanGestureRecognizer())
        window.addSubview(view)
        simulator = EventSimulator(application: window.application)
        simulator.touchDown(1, at: CGPoint(x: x, y: 400))
    }

    /// One touch event of the finger, made of `samples` moves posted 1/240 s apart before one loop turn.
    func move(samples count: Int) {
        let port = window.application.inputPort
        for _ in 0 ..< count {
            x = x >= 380 ? 10 : x + 1
            samples[0].location = CGPoint(x: x, y: 400)
            port.post(HIDEvent(timestamp: simulator.now, payload: .touches(samples)))
        }
        simulator.turnLoop()
    }
}

/// The custom metric the live benchmarks report: nanoseconds from a post to its delivery.
let latencyMetric = BenchmarkMetric.custom("post→delivery (ns)", polarity: .prefersSmaller, useScalingFactor: false)

/// Posts per measured batch of the latency benchmarks.
let latencyBatch = 100

/// Times one batch of posts from another thread to their delivery, recording each one's latency.
/// `turn` runs the loop until the batch is delivered (or a bound of 5 s passes).
@MainActor
func measureLatency(_ benchmark: Benchmark, _ scene: LiveScene, turn: () -> Void) {
    scene.probe.latencies.removeAll(keepingCapacity: true)
    benchmark.startMeasurement()
    scene.startProducer(count: latencyBatch)
    turn()
    benchmark.stopMeasurement()
    precondition(scene.probe.latencies.count == latencyBatch, "the loop delivered \(scene.probe.latencies.count) of \(latencyBatch) posts")
    for latency in scene.probe.latencies { benchmark.measurement(latencyMetric, latency) }
}

/// The latency benchmarks' configuration: one batch per iteration, the custom metric beside wall time.
func liveBenchmark(_ name: String, _ body: @escaping @MainActor (Benchmark) -> Void) {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, latencyMetric], timeUnits: .microseconds, warmupIterations: 2,
        scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 200)
    Benchmark(name, configuration: configuration) { @MainActor benchmark async in
        body(benchmark)
    }
}
