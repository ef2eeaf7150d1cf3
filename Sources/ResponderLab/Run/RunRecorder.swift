import Foundation
import ResponderKit

/// The trace of a scenario's run: every record, up to a limit (`ScenarioLimits.traceRecords`).
///
/// The limit holds within a step, not only between steps: one input can make records by the square of
/// the recognizers it reaches (their delegates are asked about every pair, R25), so a file of a few
/// thousand recognizers made millions of records in one tap, and gigabytes, before the run could
/// check. At the limit the recorder keeps nothing more, says so (``isFull``) and calls ``onFull``,
/// which detaches it: the rest of the step runs untraced, and the run stops after it (R27).
@MainActor
final class RunRecorder: EventTracer {
    /// Every record kept, oldest first: at most ``limit``.
    private(set) var records: [TraceRecord] = []
    /// The most records kept.
    let limit: Int
    /// Whether a record came past ``limit`` (and was not kept).
    private(set) var isFull = false
    /// Called once, with the first record past the limit.
    var onFull: (() -> Void)?
    /// Takes a snapshot of the scene at each new touch, before its hit-test: the geometry it read.
    var scenes: SceneRecorder?

    init(limit: Int) {
        self.limit = limit
    }

    /// Keeps `record`, unless the limit is reached.
    func record(_ record: consuming TraceRecord) {
        guard records.count < limit else {
            if !isFull {
                isFull = true
                onFull?()
            }
            return
        }
        if let scenes, case .input(let input) = record.kind, input.touchSamples.contains(where: { $0.phase == .began }) {
            scenes.capture(recordIndex: records.count)
        }
        records.append(record)
    }

    /// The records as text, as `TraceRecorder.render()` shows them.
    func render() -> String { TraceRecord.render(records) }
}
