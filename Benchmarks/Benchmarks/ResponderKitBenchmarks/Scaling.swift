import Benchmark
import Foundation
import BenchmarkScenes
import ResponderKit

// `arbitration.scaling`: how one event's cost grows with the recognizers and the fingers in play.
// Each measured operation is one touch event; everything around it (the fingers going down before a
// move, lifting after it, the time that passes between gestures) happens outside the measurement.

/// One view holding `count` pan recognizers. With `chain`, each pan requires the next to fail, so the
/// move that crosses the hysteresis settles a chain of `count` failure requirements.
@MainActor
final class PanScene {
    let window = makeWindow()
    let input: Input
    private(set) var pans: [UIPanGestureRecognizer] = []
    let start = CGPoint(x: 195, y: 422)
    /// Pans that began, across the whole run (checked, so the scene really exercises recognition).
    private(set) var began = 0

    init(count: Int, chain: Bool) {
        input = Input(application: window.application, fingers: 1)
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        for _ in 0 ..< count {
            let pan = UIPanGestureRecognizer()
            pan.addTarget(self, action: PanScene.panned)
            view.addGestureRecognizer(pan)
            pans.append(pan)
        }
        if chain {
            for index in pans.indices.dropLast() { pans[index].require(toFail: pans[index + 1]) }
        }
        // One whole drag, unmeasured: a pan must begin.
        down()
        beginMove()
        up()
        precondition(began > 0, "the drag must begin a pan")
    }

    func panned(_ pan: UIPanGestureRecognizer) { if pan.state == .began { began += 1 } }

    func down() { input.down(0, at: start) }
    /// A move within the hysteresis: every pan looks at it and none begins.
    func smallMove() {
        input.advance(by: Input.frame)
        input.move(0, to: CGPoint(x: start.x, y: start.y - 2))
    }
    /// A move past the hysteresis: a pan begins (the others fail, or wait and fail).
    func beginMove() {
        input.advance(by: Input.frame)
        input.move(0, to: CGPoint(x: start.x, y: start.y - 30))
    }
    func up() {
        input.up(0)
        input.advance(by: 0.5)
    }
}

/// Fifty views in a 5 × 10 grid, each with a tap, a long press and a swipe (so each finger that lands
/// starts three timers). `fingers` fingers land at once, one per view.
@MainActor
final class FingersScene {
    let window = makeWindow()
    let input: Input
    let fingers: Int
    private var centers: [CGPoint] = []

    init(fingers: Int) {
        precondition(fingers <= 50)
        self.fingers = fingers
        input = Input(application: window.application, fingers: fingers)
        let size = CGSize(width: 78, height: 84)
        for index in 0 ..< 50 {
            let frame = CGRect(x: CGFloat(index % 5) * size.width, y: CGFloat(index / 5) * size.height,
                               width: size.width, height: size.height)
            let view = UIView(frame: frame)
            view.addGestureRecognizer(UITapGestureRecognizer())
            view.addGestureRecognizer(UILongPressGestureRecognizer())
            view.addGestureRecognizer(UISwipeGestureRecognizer())
            window.addSubview(view)
            centers.append(CGPoint(x: frame.midX, y: frame.midY))
        }
        down()
        up()
    }

    func down() { input.send(.began, fingers: 0 ..< fingers) { self.centers[$0] } }
    func up() {
        input.send(.ended, fingers: 0 ..< fingers) { _ in .zero }
        input.advance(by: 2)
    }
}

/// A benchmark of single events: each iteration prepares, measures one event, and cleans up.
func eventBenchmark<Scene>(_ name: String, seconds: Int = 2, scene: @escaping @MainActor () -> Scene,
                           before: @escaping @MainActor (Scene) -> Void, measured: @escaping @MainActor (Scene) -> Void,
                           after: @escaping @MainActor (Scene) -> Void) {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 2,
        scalingFactor: .one, maxDuration: .seconds(seconds), maxIterations: 10_000)
    let built = SceneHolder<Scene>()
    Benchmark(name, configuration: configuration) { @MainActor benchmark async in
        let current = built.scene ?? scene()
        built.scene = current
        before(current)
        benchmark.startMeasurement()
        measured(current)
        benchmark.stopMeasurement()
        after(current)
    }
}

/// Holds a benchmark's scene, built on its first iteration (only the main actor touches it).
final class SceneHolder<Scene>: @unchecked Sendable {
    var scene: Scene?
}

func scalingBenchmarks() {
    for count in [10, 100, 1000] {
        eventBenchmark("arbitration.scaling.pans\(count).down", scene: { PanScene(count: count, chain: false) },
                       before: { _ in }, measured: { $0.down() }, after: { $0.up() })
        eventBenchmark("arbitration.scaling.pans\(count).move", scene: { PanScene(count: count, chain: false) },
                       before: { $0.down() }, measured: { $0.smallMove() }, after: { $0.up() })
        eventBenchmark("arbitration.scaling.pans\(count).up", scene: { PanScene(count: count, chain: false) },
                       before: { $0.down(); $0.beginMove() }, measured: { $0.up() }, after: { _ in })
        eventBenchmark("arbitration.scaling.chain\(count).begin", seconds: 4,
                       scene: { PanScene(count: count, chain: true) },
                       before: { $0.down() }, measured: { $0.beginMove() }, after: { $0.up() })
    }
    for fingers in [1, 10, 25, 50] {
        eventBenchmark("arbitration.scaling.fingers\(fingers).down", scene: { FingersScene(fingers: fingers) },
                       before: { _ in }, measured: { $0.down() }, after: { $0.up() })
    }
}
