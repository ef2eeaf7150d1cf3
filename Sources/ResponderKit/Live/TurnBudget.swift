import Foundation

/// How much one turn of a live loop may do (``EventLoop/turnBudget``): the turn ends after the record
/// or timer that reaches its deadline, or that finds the loop stopped, and leaves the rest in the queue
/// and the port for the next turn, in order.
@MainActor
struct TurnBudget {
    /// The time on the application's (real) clock at which the turn ends.
    let deadline: TimeInterval
    /// Whether the loop was told to stop during the turn (``EventLoop/stop()`` from a handler).
    let isStopped: () -> Bool

    /// Whether the turn must end now.
    func isSpent(at now: TimeInterval) -> Bool { now >= deadline || isStopped() }
}
