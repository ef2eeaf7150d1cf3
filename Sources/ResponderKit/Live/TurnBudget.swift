import Foundation

/// What bounds one turn of the loop: nothing (``UnboundedTurn``: the simulator's turns and input handled
/// as it is enqueued), or a live loop's budget (``TurnBudget``). The turn is generic over it, so the
/// unbounded turn is compiled without a single check.
@MainActor
protocol TurnLimit {
    /// Whether the turn must end now, after the record or timer in hand.
    func isSpent(_ clock: EventClock) -> Bool
}

/// No bound: the turn handles everything there is.
struct UnboundedTurn: TurnLimit {
    @inline(__always) func isSpent(_ clock: EventClock) -> Bool { false }
}

/// A live loop's turn (``EventLoop/turnBudget``): it ends after the record or timer that reaches its
/// deadline, or that finds the loop stopped, and leaves the rest in the queue and the port for the next
/// turn, in order.
@MainActor
struct TurnBudget: TurnLimit {
    /// The time on the application's (real) clock at which the turn ends.
    let deadline: TimeInterval
    /// Whether the loop was told to stop during the turn (``EventLoop/stop()`` from a handler).
    let isStopped: () -> Bool

    func isSpent(_ clock: EventClock) -> Bool { clock.now >= deadline || isStopped() }
}
