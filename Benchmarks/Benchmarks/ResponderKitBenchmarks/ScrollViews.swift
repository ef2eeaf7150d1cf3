import Foundation
import Benchmark
import BenchmarkScenes
import ResponderKit

/// `scroll.dragMove` and `scroll.decelerationFrame`: ten lists (a scroll view over tall content with
/// rows of buttons), each in its own application. A batch is 100 steps in each list.
@MainActor
final class ScrollBatch {
    static let steps = 100
    let lists: [(list: UIScrollView, input: Input)]

    init(scenes: Int = 10) {
        lists = (0 ..< scenes).map { _ in
            let window = makeWindow()
            let list = UIScrollView(frame: window.bounds)
            list.contentSize = CGSize(width: 390, height: 100_000)
            window.addSubview(list)
            let content = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 100_000))
            list.addSubview(content)
            for row in 0 ..< 40 {
                content.addSubview(UIButton(frame: CGRect(x: 20, y: CGFloat(row) * 60, width: 350, height: 44)))
            }
            return (list, Input(application: window.application))
        }
        // One drag and one deceleration in each list, unmeasured, so the batch starts from used scenes.
        beginDrags()
        dragMoves()
        endDrags()
        fling()
        decelerationFrames()
        stop()
    }

    var moveCount: Int { lists.count * Self.steps }

    /// A finger down on a row and moved past the pan's hysteresis: every list is dragging.
    func beginDrags() {
        for (list, input) in lists {
            input.down(0, at: CGPoint(x: 200, y: 700))
            input.advance(by: Input.frame)
            input.move(0, to: CGPoint(x: 200, y: 680))
            precondition(list.isDragging, "the list must be dragging")
        }
    }

    /// One move of 3 pt in every list, `steps` times.
    func dragMoves() {
        for step in 1 ... Self.steps {
            for (_, input) in lists {
                input.advance(by: Input.frame)
                input.move(0, to: CGPoint(x: 200, y: 680 - CGFloat(step) * 3))
            }
        }
    }

    func endDrags() {
        for (list, input) in lists {
            input.up(0)
            input.advance(by: 5)
            list.setContentOffset(.zero, animated: false)
        }
    }

    /// A quick flick in every list: each decelerates for longer than a batch of frames.
    func fling() {
        for (list, input) in lists {
            input.down(0, at: CGPoint(x: 200, y: 700))
            for step in 1 ... 4 {
                input.advance(by: 1.0 / 60)
                input.move(0, to: CGPoint(x: 200, y: 700 - CGFloat(step) * 50))
            }
            input.up(0)
            precondition(list.isDecelerating, "the list must decelerate")
        }
    }

    /// One deceleration frame (1/60 s of the clock) in every list, `steps` times.
    func decelerationFrames() {
        for _ in 1 ... Self.steps {
            for (_, input) in lists { input.advance(by: 1.0 / 60) }
        }
    }

    func stop() {
        for (list, _) in lists {
            precondition(list.isDecelerating, "the list must still decelerate after a batch of frames")
            list.setContentOffset(.zero, animated: false)
        }
    }
}

@MainActor
enum ScrollScenes {
    static let batch = ScrollBatch()
}

func scrollBenchmarks() {
    mainActorBenchmark("scroll.dragMove") { benchmark in
        let batch = ScrollScenes.batch
        precondition(batch.moveCount == benchmark.configuration.scalingFactor.rawValue)
        batch.beginDrags()
        benchmark.startMeasurement()
        batch.dragMoves()
        benchmark.stopMeasurement()
        batch.endDrags()
    }

    mainActorBenchmark("scroll.decelerationFrame") { benchmark in
        let batch = ScrollScenes.batch
        batch.fling()
        benchmark.startMeasurement()
        batch.decelerationFrames()
        benchmark.stopMeasurement()
        batch.stop()
    }
}
