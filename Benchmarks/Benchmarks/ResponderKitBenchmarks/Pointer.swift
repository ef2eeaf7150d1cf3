import Benchmark
import Foundation
import BenchmarkScenes
import ResponderKit

/// A pointer over a full-window view that has a hover recognizer and a pan that takes a trackpad's
/// scrolling: the input a mouse or a trackpad sends most often, a hover move and a scroll step, each
/// one record through `UIApplication.enqueue(_:)` on virtual time, a 120 Hz frame apart.
@MainActor
final class PointerScene {
    let window = makeWindow()
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let hover = UIHoverGestureRecognizer()
    let pan = UIPanGestureRecognizer()
    let simulator: EventSimulator
    @exclusivity(unchecked) private var x: CGFloat = 40
    /// Operations per batch.
    static let steps = 1_000

    init() {
        window.addSubview(view)
        view.addGestureRecognizer(hover)
        pan.allowedScrollTypesMask = .continuous
        view.addGestureRecognizer(pan)
        simulator = EventSimulator(application: window.application)
    }

    private func post(_ payload: HIDEvent.Payload) {
        window.application.enqueue(HIDEvent(timestamp: simulator.now, payload: payload))
    }

    /// The pointer comes over the view: the hover begins.
    func beginHover() {
        post(.hover(HIDEvent.Hover(phase: .began, location: CGPoint(x: x, y: 40))))
        precondition(hover.state == .began, "the hover must begin")
    }

    /// `steps` hover moves of 1 pt, back to the left every 300 pt.
    func hoverMoves() {
        for _ in 1 ... Self.steps {
            simulator.advance(by: 1.0 / 120)
            x = x >= 340 ? 40 : x + 1
            post(.hover(HIDEvent.Hover(phase: .changed, location: CGPoint(x: x, y: 40))))
        }
    }

    func endHover() {
        precondition(hover.state == .changed, "the hover must be changing")
        post(.hover(HIDEvent.Hover(phase: .ended, location: CGPoint(x: x, y: 40))))
    }

    /// Two fingers begin to scroll on the trackpad, and the pan begins.
    func beginScroll() {
        post(.scroll(HIDEvent.Scroll(phase: .began, location: CGPoint(x: 200, y: 400), delta: .zero)))
        post(.scroll(HIDEvent.Scroll(phase: .changed, location: CGPoint(x: 200, y: 400), delta: CGPoint(x: 0, y: -1))))
        precondition(pan.state == .began, "the pan must begin")
    }

    /// `steps` scroll steps of 1 pt.
    func scrollSteps() {
        for _ in 1 ... Self.steps {
            simulator.advance(by: 1.0 / 120)
            post(.scroll(HIDEvent.Scroll(phase: .changed, location: CGPoint(x: 200, y: 400), delta: CGPoint(x: 0, y: -1))))
        }
    }

    func endScroll() {
        precondition(pan.state == .changed, "the pan must be changing")
        post(.scroll(HIDEvent.Scroll(phase: .ended, location: CGPoint(x: 200, y: 400), delta: .zero)))
        precondition(pan.state == .possible, "the pan must end and reset")
    }
}

@MainActor
enum PointerScenes {
    static let scene = PointerScene()
}

func pointerBenchmarks() {
    mainActorBenchmark("pointer.hoverMove") { benchmark in
        let scene = PointerScenes.scene
        precondition(PointerScene.steps == benchmark.configuration.scalingFactor.rawValue)
        scene.beginHover()
        benchmark.startMeasurement()
        scene.hoverMoves()
        benchmark.stopMeasurement()
        scene.endHover()
    }

    mainActorBenchmark("pointer.scrollStep") { benchmark in
        let scene = PointerScenes.scene
        scene.beginScroll()
        benchmark.startMeasurement()
        scene.scrollSteps()
        benchmark.stopMeasurement()
        scene.endScroll()
    }
}
