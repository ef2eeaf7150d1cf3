import Foundation

/// A stage of the application's loop turn (I1, I4, I5), as ``TraceRecord/Kind/runLoop(_:)`` reports it.
///
/// The stages follow the seeds' path: the loop wakes on the input port (source1) and moves what waits
/// there into the FIFO queue, merging waiting moves; due timers fire; the queue handler (source0)
/// turns each record into an event and calls `UIApplication.sendEvent(_:)`. They are reported only when
/// ``UIApplication/tracesRunLoopStages`` is on, so ordinary traces keep to the decisions.
public enum RunLoopStage: Sendable, Equatable {
    /// The loop woke on the input port and moved `records` posted records into the queue (source1).
    case portDrained(records: Int)
    /// `samples` waiting moves of finger `finger` became one change of one event (I5).
    case movesCoalesced(finger: Int, samples: Int)
    /// A timer due at `due` (trace time) fired; the changes it causes follow.
    case timerFired(due: TimeInterval)
    /// The queue handler took `events` records from the FIFO queue (source0).
    case eventQueueHandled(events: Int)
    /// `UIApplication.sendEvent(_:)` was called with an event of this type.
    case sendEvent(UIEvent.EventType)

    /// The source the seeds' device logs show for the stage, and the detail.
    var columns: (subject: String, detail: String) {
        switch self {
        case .portDrained(let records): return ("source1", "input port → queue: \(records) record\(records == 1 ? "" : "s")")
        case .movesCoalesced(let finger, let samples): return ("coalesce", "#\(finger): \(samples) moves → 1 change")
        case .timerFired(let due): return ("timer", "fired (due \(String(format: "%.3f", due)))")
        case .eventQueueHandled(let events): return ("source0", "handle event queue: \(events) record\(events == 1 ? "" : "s")")
        case .sendEvent(let type): return ("sendEvent", "\(type)")
        }
    }
}
