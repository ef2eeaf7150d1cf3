import Benchmark
import Foundation
import BenchmarkScenes
import ResponderKit

// ResponderKit's performance benchmarks. BENCHMARKS.md says what each one measures and holds this
// machine's results; run them with `swift package --package-path Benchmarks benchmark`.
//
// Every benchmark reports per operation (a hit test, a touch event, a tap): each measured batch holds
// a known number of operations, and the scaling factor divides by it. Wall time and allocations
// (through the MallocInterposer trait) are the metrics; resident memory shows that long runs keep
// nothing.

/// The engine is `@MainActor`, as UIKit is: every body runs on the main actor. A body prepares what
/// must not be measured, calls `startMeasurement()`, runs the batch, and calls `stopMeasurement()`.
func mainActorBenchmark(_ name: String, scaling: BenchmarkScalingFactor = .kilo, seconds: Int = 2,
                        _ body: @escaping @MainActor (Benchmark) -> Void) {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], timeUnits: .nanoseconds,
        warmupIterations: 3, scalingFactor: scaling, maxDuration: .seconds(seconds), maxIterations: 100_000)
    Benchmark(name, configuration: configuration) { @MainActor benchmark async in
        body(benchmark)
    }
}

/// Runs `operation` once per unit of the scaling factor, measured.
@MainActor
func measure(_ benchmark: Benchmark, _ operation: () -> Void) {
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { operation() }
    benchmark.stopMeasurement()
}

/// The scenes, built once on first use (building is never measured).
@MainActor
enum Scenes {
    static let deep = DeepScene()
    static let wide = WideScene()
    static let flat = FlatRects(wide.frames)
    static let plainApp = AppScene(gestures: false)
    /// Ten scenes with gestures, so a batch of 1,000 moves is ten complete 100-step drags.
    static let drags = DragBatch(scenes: 10, fingers: 1)
    static let tenFingerDrags = DragBatch(scenes: 10, fingers: 10)
    static let tracedDrags = DragBatch(scenes: 10, fingers: 1, tracer: .discarding)
    /// The ring holds fewer records than a batch writes, so the measured moves overwrite old records:
    /// the steady state of a recorder left on.
    static let flightRecordedDrags = DragBatch(scenes: 10, fingers: 1, tracer: .flightRecorder(capacity: 256))
    static let agedDrags = DragBatch(scenes: 10, fingers: 1, history: 100_000)
    static let live = LiveScene()
    static let coalescing = CoalescingScene()
}

/// Times one batch of drag moves; the fingers go down before and lift after the measurement.
@MainActor
func measureDrags(_ benchmark: Benchmark, _ batch: DragBatch) {
    precondition(batch.moveCount == benchmark.configuration.scalingFactor.rawValue)
    batch.begin()
    benchmark.startMeasurement()
    batch.moves()
    benchmark.stopMeasurement()
    batch.end()
}

let benchmarks: @Sendable () -> Void = {
    // MARK: Hit-testing

    mainActorBenchmark("hitTest.deep32") { benchmark in
        let scene = Scenes.deep
        measure(benchmark) { blackHole(scene.window.hitTest(scene.point, with: nil)) }
    }

    mainActorBenchmark("hitTest.wide10k.topmost") { benchmark in
        let scene = Scenes.wide
        measure(benchmark) { blackHole(scene.window.hitTest(scene.topmostPoint, with: nil)) }
    }

    mainActorBenchmark("hitTest.wide10k.bottomMost") { benchmark in
        let scene = Scenes.wide
        measure(benchmark) { blackHole(scene.window.hitTest(scene.bottomMostPoint, with: nil)) }
    }

    mainActorBenchmark("hitTest.flatBaseline.topmost") { benchmark in
        let flat = Scenes.flat, point = Scenes.wide.topmostPoint
        measure(benchmark) { blackHole(flat.hit(point)) }
    }

    mainActorBenchmark("hitTest.flatBaseline.bottomMost") { benchmark in
        let flat = Scenes.flat, point = Scenes.wide.bottomMostPoint
        measure(benchmark) { blackHole(flat.hit(point)) }
    }

    // MARK: Dispatch

    mainActorBenchmark("dispatch.tap") { benchmark in
        let scene = Scenes.plainApp
        measure(benchmark) { scene.input.tap(at: scene.targetDot) }
    }

    mainActorBenchmark("dispatch.dragWithGestures") { benchmark in
        measureDrags(benchmark, Scenes.drags)
    }

    mainActorBenchmark("dispatch.tenFingers") { benchmark in
        measureDrags(benchmark, Scenes.tenFingerDrags)
    }

    mainActorBenchmark("dispatch.dragWithGestures.traced") { benchmark in
        measureDrags(benchmark, Scenes.tracedDrags)
    }

    mainActorBenchmark("dispatch.dragWithGestures.flightRecorder") { benchmark in
        measureDrags(benchmark, Scenes.flightRecordedDrags)
    }

    mainActorBenchmark("dispatch.dragWithGestures.after100k") { benchmark in
        measureDrags(benchmark, Scenes.agedDrags)
    }

    // MARK: The live path

    liveBenchmark("live.latency.hostDriven") { benchmark in
        let scene = Scenes.live
        let wake = DispatchSemaphore(value: 0)
        scene.port.setWakeHandler { wake.signal() }
        defer { scene.port.setWakeHandler(nil) }
        measureLatency(benchmark, scene) {
            // A host loop: one turn, then sleep until the next timer or until input wakes it.
            let limit = Date(timeIntervalSinceNow: 5)
            while scene.probe.latencies.count < latencyBatch, Date() < limit {
                let wait = scene.loop.processEvents() ?? 0.01
                _ = wake.wait(timeout: .now() + wait)
            }
        }
    }

    liveBenchmark("live.latency.selfDriven") { benchmark in
        let scene = Scenes.live
        scene.probe.onDelivery = { if scene.probe.latencies.count == latencyBatch { scene.loop.stop() } }
        defer { scene.probe.onDelivery = nil }
        measureLatency(benchmark, scene) { scene.loop.run(until: Date(timeIntervalSinceNow: 5)) }
    }

    mainActorBenchmark("dispatch.move.plain") { benchmark in
        let scene = Scenes.coalescing
        measure(benchmark) { scene.move(samples: 1) }
    }

    mainActorBenchmark("dispatch.move.coalesced4") { benchmark in
        let scene = Scenes.coalescing
        measure(benchmark) { scene.move(samples: 4) }
    }

    // MARK: The lab: loading and replaying growing scenes

    for workload in LabWorkload.all {
        labBenchmark(workload)
    }

    // MARK: Scaling (Scaling.swift)

    scalingBenchmarks()

    // MARK: Scroll views (ScrollViews.swift)

    scrollBenchmarks()

    // MARK: Tables (Tables.swift)

    tableBenchmarks()

    // MARK: Pointer and trackpad (Pointer.swift)

    pointerBenchmarks()
}
