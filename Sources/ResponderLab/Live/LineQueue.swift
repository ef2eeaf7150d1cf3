import Foundation

/// Lines read on a reader thread, waiting for the live run's loop on the main thread.
final class LineQueue: @unchecked Sendable {
    // Guarded by `condition`, which the live run's loop also sleeps on.
    private let condition = NSCondition()
    private var lines: [String] = []
    private var ended = false

    /// Adds a line (reader thread).
    func append(_ line: String) {
        condition.lock()
        lines.append(line)
        condition.signal()
        condition.unlock()
    }

    /// Marks the end of the input (reader thread).
    func finish() {
        condition.lock()
        ended = true
        condition.signal()
        condition.unlock()
    }

    /// Takes the lines read so far, and whether the input has ended.
    func take() -> (lines: [String], ended: Bool) {
        condition.lock()
        defer { condition.unlock() }
        let taken = lines
        lines.removeAll()
        return (taken, ended)
    }

    /// Sleeps until a line arrives, the input ends, or `limit` passes.
    func wait(until limit: Date) {
        condition.lock()
        defer { condition.unlock() }
        if lines.isEmpty && !ended { _ = condition.wait(until: limit) }
    }
}
