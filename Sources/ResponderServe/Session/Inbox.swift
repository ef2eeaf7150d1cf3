import Foundation

/// Messages read on a session's reader thread, waiting for its main thread: at most ``capacity``.
/// When it is full the reader waits, so it stops reading its input and the server stops sending (and
/// reading the page): a page's messages wait in the kernel's buffers, not in memory here.
final class Inbox: @unchecked Sendable {
    static let capacity = 16

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var messages: [String] = []
    private var ended = false

    /// Adds a message, waiting while the inbox is full (reader thread).
    func put(_ message: String) {
        condition.lock()
        while messages.count >= Self.capacity { condition.wait() }
        messages.append(message)
        condition.broadcast()
        condition.unlock()
    }

    /// Marks the end of the input (reader thread).
    func finish() {
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    /// Takes the messages waiting, after waiting until one comes, the input ends, or `limit` passes.
    func take(waitingUntil limit: Date) -> (messages: [String], ended: Bool) {
        condition.lock()
        defer { condition.unlock() }
        if messages.isEmpty && !ended { _ = condition.wait(until: limit) }
        let taken = messages
        messages.removeAll()
        condition.broadcast()
        return (taken, ended)
    }
}
