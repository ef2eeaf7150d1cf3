import Foundation
import Benchmark
import BenchmarkScenes
import ResponderKit

/// `table.scrollMove`: ten tables of 10,000 rows (each in its own application), dragged by a finger; a
/// batch is 100 moves of 3 pt in each, so rows leave and come in (a cell taken back and handed out again
/// about every 15 moves). `table.decelerationFrame`: the same tables flicked, one frame of 1/60 s each.
@MainActor
final class TableBatch {
    static let steps = 100
    let tables: [(scene: TableScene, input: Input)]

    init(scenes: Int = 10) {
        tables = (0 ..< scenes).map { _ in
            let scene = TableScene(rows: 10_000)
            return (scene, Input(application: scene.window.application))
        }
        // One drag and one deceleration in each table, unmeasured: the reuse queues and the buffers have
        // their sizes before the batch starts.
        beginDrags()
        dragMoves()
        endDrags()
        fling()
        decelerationFrames()
        stop()
    }

    var moveCount: Int { tables.count * Self.steps }

    func beginDrags() {
        for (scene, input) in tables {
            input.down(0, at: CGPoint(x: 200, y: 700))
            input.advance(by: Input.frame)
            input.move(0, to: CGPoint(x: 200, y: 680))
            precondition(scene.table.isDragging, "the table must be dragging")
        }
    }

    /// One move of 3 pt in every table, `steps` times: 300 pt, about 7 rows leaving and 7 coming.
    func dragMoves() {
        for step in 1 ... Self.steps {
            for (_, input) in tables {
                input.advance(by: Input.frame)
                input.move(0, to: CGPoint(x: 200, y: 680 - CGFloat(step) * 3))
            }
        }
    }

    func endDrags() {
        for (scene, input) in tables {
            input.up(0)
            input.advance(by: 5)
            scene.table.setContentOffset(.zero, animated: false)
        }
    }

    func fling() {
        for (scene, input) in tables {
            input.down(0, at: CGPoint(x: 200, y: 700))
            for step in 1 ... 4 {
                input.advance(by: 1.0 / 60)
                input.move(0, to: CGPoint(x: 200, y: 700 - CGFloat(step) * 50))
            }
            input.up(0)
            precondition(scene.table.isDecelerating, "the table must decelerate")
        }
    }

    func decelerationFrames() {
        for _ in 1 ... Self.steps {
            for (_, input) in tables { input.advance(by: 1.0 / 60) }
        }
    }

    func stop() {
        for (scene, _) in tables {
            precondition(scene.table.isDecelerating, "the table must still decelerate after a batch of frames")
            scene.table.setContentOffset(.zero, animated: false)
        }
    }
}

/// `table.tap.rows10` and `table.tap.rows10k`: taps on the rows of a 440-pt table (10 rows in view) of 10
/// or 10,000 rows; each tap selects its row.
@MainActor
final class TableTaps {
    let scene: TableScene
    let input: Input
    /// The centres of the rows in view, found before any measurement (finding them allocates).
    private let centres: [CGPoint]
    private var next = 0

    init(rows: Int) {
        let scene = TableScene(rows: rows, height: 440)
        self.scene = scene
        input = Input(application: scene.window.application)
        if rows > 10 { scene.table.scrollToRow(at: IndexPath(row: rows / 2, section: 0), at: .top, animated: false) }
        precondition(scene.table.visibleCells.count == 10)
        let first = scene.table.indexPathsForVisibleRows?.first?.row ?? 0
        centres = (first ..< first + 10).map { scene.centre(of: $0) }
        tap()
    }

    func tap() {
        input.tap(at: centres[next % 10])
        next += 1
    }
}

@MainActor
enum TableScenes {
    static let batch = TableBatch()
    static let taps10 = TableTaps(rows: 10)
    static let taps10k = TableTaps(rows: 10_000)
}

func tableBenchmarks() {
    mainActorBenchmark("table.scrollMove") { benchmark in
        let batch = TableScenes.batch
        precondition(batch.moveCount == benchmark.configuration.scalingFactor.rawValue)
        batch.beginDrags()
        benchmark.startMeasurement()
        batch.dragMoves()
        benchmark.stopMeasurement()
        batch.endDrags()
    }

    mainActorBenchmark("table.decelerationFrame") { benchmark in
        let batch = TableScenes.batch
        batch.fling()
        benchmark.startMeasurement()
        batch.decelerationFrames()
        benchmark.stopMeasurement()
        batch.stop()
    }

    mainActorBenchmark("table.tap.rows10") { benchmark in
        let taps = TableScenes.taps10
        measure(benchmark) { taps.tap() }
        precondition(taps.scene.source.selections > 0)
    }

    mainActorBenchmark("table.tap.rows10k") { benchmark in
        let taps = TableScenes.taps10k
        measure(benchmark) { taps.tap() }
        precondition(taps.scene.source.selections > 0)
    }
}
