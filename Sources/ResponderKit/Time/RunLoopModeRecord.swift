import Foundation

/// What the application's loop modes decide (I4), as ``TraceRecord/Kind/runLoopMode(_:)`` reports it:
/// the loop entering or leaving the tracking mode, and an application timer firing.
public enum RunLoopModeRecord: Sendable, Equatable {
    /// The loop changed mode (a scroll view began tracking, or the last one stopped). Leaving the
    /// tracking mode releases `releasedTimers` default-mode timers that waited; they fire at the loop's
    /// next turn. Reported only with ``UIApplication/tracesRunLoopStages``, like the loop's stages.
    case modeChanged(from: RunLoop.Mode, to: RunLoop.Mode, releasedTimers: Int)
    /// An application timer (``ApplicationTimer``) scheduled for `mode` and due at `due` (trace time)
    /// fired, `late` seconds after it was due (a default-mode timer waits out the tracking mode).
    case timerFired(timer: String, mode: RunLoop.Mode, due: TimeInterval, late: TimeInterval)

    /// The category, subject and detail a trace prints.
    var columns: (category: String, subject: String, detail: String) {
        switch self {
        case .modeChanged(let from, let to, let released):
            let waiting = released == 0 ? "" : released == 1 ? " (1 waiting timer fires)" : " (\(released) waiting timers fire)"
            return ("mode", "run loop", "\(from.traceName) → \(to.traceName)\(waiting)")
        case .timerFired(let timer, let mode, let due, let late):
            // Half a millisecond hides a real-time loop's jitter; a timer that waited is later than that.
            let lateness = late < 0.0005 ? "" : " \(String(format: "%.3f", late)) s late"
            return ("timer", timer, "fired\(lateness) (\(mode.traceName), due \(String(format: "%.3f", due)))")
        }
    }
}
