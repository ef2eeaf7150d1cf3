import Foundation

extension GestureArbiter {

    /// A state change a recognizer made, waiting to be settled.
    struct Transition {
        let from: UIGestureRecognizer.State
        let to: UIGestureRecognizer.State
        /// The recognizer's reason for the change, for the trace.
        let cause: TraceCause?
    }

    /// The arbiter's bookkeeping for one recognizer. Only the arbiter (the `GestureArbiter` files)
    /// writes it; the recognizer keeps its public `state` and its touches, and reads nothing here but
    /// what its own API needs (``UIGestureRecognizer/location(in:)`` uses the sequence's touches).
    ///
    /// Every recognizer owns one record for its whole life, so putting a recognizer in play allocates
    /// nothing; ``clear()`` returns it to rest when the recognizer is reset.
    @MainActor
    final class Record {
        // Dispatch reads these on every event; `@exclusivity(unchecked)` for the reason given on the
        // arbiter's own properties.

        /// The state the arbiter last acted on; the recognizer's `state` may run ahead of it until the
        /// arbiter settles the change.
        @exclusivity(unchecked) var settled: UIGestureRecognizer.State = .possible
        /// The transition the recognizer wants while it waits for others to fail (R7).
        @exclusivity(unchecked) var wanted: UIGestureRecognizer.State?
        /// The recognizers it waits for, fixed when the wait started (D8).
        @exclusivity(unchecked) var waitsFor: [UIGestureRecognizer] = []
        /// Why it wanted to leave `.possible` when it was sent to wait: reported when it is released.
        @exclusivity(unchecked) var waitCause: TraceCause?
        /// Recognizers that started waiting for this one (some may since have stopped: each is checked).
        @exclusivity(unchecked) var waiters: [UIGestureRecognizer] = []
        /// R25: the recognizers sharing a touch with this one whose failure it must wait for, as the
        /// failure-requirement questions answered when the two first shared a touch. They hold for the gesture.
        @exclusivity(unchecked) var requiredByAnswer: [UIGestureRecognizer] = []
        /// The recognizers this one was already paired with (R25: the questions are asked once per gesture).
        /// Only recognizers whose questions can answer anything but false are listed (see `asksQuestions`).
        @exclusivity(unchecked) var questioned: [UIGestureRecognizer] = []

        /// The R5 order: when the arbiter last met the recognizer in an event. Settles ties.
        @exclusivity(unchecked) var order = 0
        /// When the recognizer joined play: the order of ``GestureArbiter/active``.
        @exclusivity(unchecked) var joinIndex = 0
        /// Whether it is in play (in ``GestureArbiter/active``).
        @exclusivity(unchecked) var isActive = false
        /// Whether it is in the arbiter's list of recognizers that began or recognized (R6).
        @exclusivity(unchecked) var isWinner = false
        /// Its state changes not yet settled, in the order it made them.
        @exclusivity(unchecked) var queued: [Transition] = []
        /// Whether it is in the arbiter's queue of recognizers with changes to settle.
        @exclusivity(unchecked) var isQueued = false
        /// A stamp that marks membership of a list being built (each build takes a fresh stamp).
        @exclusivity(unchecked) var mark = 0
        /// The touches beginning in the event being fed that are offered to it (R5).
        @exclusivity(unchecked) var offered: [UITouch] = []
        /// Every touch it received since its last reset, kept so that touches already lifted can still
        /// be cancelled in their views when the gesture is recognized (the first tap of a double tap).
        @exclusivity(unchecked) var sequenceTouches: [UITouch] = []
        /// The set its last touch method was given, handed over again for the same touches.
        @exclusivity(unchecked) var touchSet = TouchSetCache()

        nonisolated init() {}

        /// Back to rest, after a reset.
        func clear() {
            settled = .possible
            wanted = nil
            waitCause = nil
            if !waitsFor.isEmpty { waitsFor = [] }
            waiters.removeAllKeepingStorage()
            if !requiredByAnswer.isEmpty { requiredByAnswer = [] }
            if !questioned.isEmpty { questioned = [] }
            isActive = false
            queued.removeAllKeepingStorage()
            isQueued = false
            offered.removeAllKeepingStorage()
            sequenceTouches.removeAllKeepingStorage()
            touchSet.clear()
        }
    }
}
