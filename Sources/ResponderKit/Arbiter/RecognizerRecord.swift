import Foundation

extension GestureArbiter {
    /// A state change a recognizer made, waiting to be settled.
    struct Transition {
        let from: UIGestureRecognizer.State
        let to: UIGestureRecognizer.State
        /// The recognizer's reason for the change, for the trace.
        let cause: TraceCause?
    }
}

/// The arbiter's record of one recognizer: everything arbitration knows about it.
///
/// Its fields are read anywhere but written only here, by the named steps below: a recognizer
/// ``join(_:order:joinIndex:)``s play, ``request(_:)``s transitions, may ``wait(wanting:for:cause:)``,
/// ``commit(to:)``s what the arbiter settles, ``leave()``s play and is ``clear()``ed at its reset; the
/// rest keeps the lists the arbiter builds (touches handed over, who waits for whom, marks).
///
/// The recognizer reads its public state and its touches from here (``UIGestureRecognizer/state``,
/// ``UIGestureRecognizer/trackedTouches``), so there is one copy of each. Every recognizer owns one
/// record for its whole life: putting a recognizer in play allocates nothing.
///
/// A fenced type (see ``GestureArbiter``, "Fenced state"): its fields skip the runtime's exclusivity
/// checks, and no step calls out of the record, so no access to a field can overlap another.
@MainActor
final class RecognizerRecord {
    typealias State = UIGestureRecognizer.State
    typealias Transition = GestureArbiter.Transition

    /// The arbiter of the application the recognizer is in play in; nil out of play.
    ///
    /// Neither weak nor counted (a weak reference gives the arbiter a side table, which sends each of
    /// its retains and releases down the runtime's slow path; a counted one would be a cycle while the
    /// recognizer is in play). It cannot dangle, by construction: it is set by ``join(_:order:joinIndex:)``
    /// and cleared by ``leave()``, the steps that put the recognizer in the arbiter's list of recognizers
    /// in play and take it out, so it is set exactly while the recognizer is in that list; and an
    /// arbiter that goes away makes every recognizer in its list leave. User code the arbiter runs for a
    /// recognizer it took out of play (its `reset()`, the actions of a recognizer removed from its view)
    /// finds it nil.
    @exclusivity(unchecked) private(set) unowned(unsafe) var arbiter: GestureArbiter?
    /// The recognizer's state as last set: by the recognizer, or by the arbiter as it settles a change or
    /// sends the recognizer to wait. It may run ahead of ``settled`` until the arbiter settles it.
    @exclusivity(unchecked) private(set) var state: State = .possible
    /// The state the arbiter last acted on.
    @exclusivity(unchecked) private(set) var settled: State = .possible
    /// The transition the recognizer wants while it waits for others to fail (R7).
    @exclusivity(unchecked) private(set) var wanted: State?
    /// The recognizers it waits for, fixed when the wait started (D8).
    @exclusivity(unchecked) private(set) var waitsFor: [UIGestureRecognizer] = []
    /// Why it wanted to leave `.possible` when it was sent to wait: reported when it is released.
    @exclusivity(unchecked) private(set) var waitCause: TraceCause?
    /// Recognizers that started waiting for this one (some may since have stopped: each is checked).
    @exclusivity(unchecked) private(set) var waiters: [UIGestureRecognizer] = []
    /// R25: the recognizers sharing a touch with this one whose failure it must wait for, as the
    /// failure-requirement questions answered when the two first shared a touch. They hold for the gesture.
    @exclusivity(unchecked) private(set) var requiredByAnswer: [UIGestureRecognizer] = []
    /// The recognizers this one was already paired with (R25: the questions are asked once per gesture).
    @exclusivity(unchecked) private(set) var questioned: [UIGestureRecognizer] = []

    /// The R5 order: when the arbiter last met the recognizer in an event. Settles ties.
    @exclusivity(unchecked) private(set) var order = 0
    /// When the recognizer joined play: the order of ``GestureArbiter/active``.
    @exclusivity(unchecked) private(set) var joinIndex = 0
    /// Whether it is in play (in ``GestureArbiter/active``).
    @exclusivity(unchecked) private(set) var isActive = false
    /// Whether it is in the arbiter's list of recognizers that began or recognized (R6).
    @exclusivity(unchecked) private(set) var isWinner = false
    /// Its state changes not yet settled, in the order it made them.
    @exclusivity(unchecked) private(set) var queued: [Transition] = []
    /// Whether it is in the arbiter's queue of recognizers with changes to settle.
    @exclusivity(unchecked) private(set) var isQueued = false
    /// A stamp that marks membership of a list being built (each build takes a fresh stamp).
    @exclusivity(unchecked) private(set) var mark = 0

    /// The touches beginning in the event being fed that are offered to it (R5).
    @exclusivity(unchecked) private(set) var offered: [UITouch] = []
    /// The touches it is tracking, in the order they began.
    @exclusivity(unchecked) private(set) var trackedTouches: [UITouch] = []
    /// The presses it is tracking.
    @exclusivity(unchecked) private(set) var trackedPresses: [UIPress] = []
    /// Every touch it received since its last reset, kept so that touches already lifted can still be
    /// cancelled in their views when the gesture is recognized (the first tap of a double tap).
    @exclusivity(unchecked) private(set) var sequenceTouches: [UITouch] = []
    /// The set its last touch method was given, handed over again for the same touches.
    @exclusivity(unchecked) private var touchSet = TouchSetCache()

    nonisolated init() {}

    // MARK: Play

    /// Joins play in `arbiter`, met now.
    func join(_ arbiter: GestureArbiter, order: Int, joinIndex: Int) {
        self.arbiter = arbiter
        self.order = order
        self.joinIndex = joinIndex
        isActive = true
    }

    /// Met again in an event: ties in it go by this order (R5).
    func meet(order: Int) {
        self.order = order
    }

    /// Out of play: no longer in the arbiter's list, nor pointing at the arbiter.
    func leave() {
        isActive = false
        arbiter = nil
    }

    /// Back to rest, after a reset: out of play, `.possible`, nothing tracked, nothing owed.
    func clear() {
        arbiter = nil
        state = .possible
        settled = .possible
        wanted = nil
        waitCause = nil
        if !waitsFor.isEmpty { waitsFor = [] }
        waiters.removeAllKeepingStorage()
        if !requiredByAnswer.isEmpty { requiredByAnswer = [] }
        if !questioned.isEmpty { questioned = [] }
        isActive = false
        isWinner = false
        queued.removeAllKeepingStorage()
        isQueued = false
        offered.removeAllKeepingStorage()
        // Emptied keeping their storage: the next gesture fills them again.
        trackedTouches.removeAllKeepingStorage()
        if !trackedPresses.isEmpty { trackedPresses.removeAll() }
        sequenceTouches.removeAllKeepingStorage()
        touchSet.clear()
    }

    // MARK: State

    /// The recognizer set its state (a valid transition, D4) while in play: it waits to be settled.
    ///
    /// D4: a gesture in progress that fails supersedes the changes it made earlier in the same event,
    /// as in UIKit, which settles a recognizer's state once per event. One that fails in the event in
    /// which it began (its beginning still queued) never began: no action goes out and it prevents
    /// nothing, so the others may still have the gesture. One that began earlier ends there, from the
    /// state last settled, sending no action (the arbiter's commit), not even for a change made just before.
    func request(_ transition: consuming Transition) {
        state = transition.to
        if transition.to == .failed, transition.from != .possible {
            queued.removeAllKeepingStorage()
            queued.append(Transition(from: settled, to: .failed, cause: transition.cause))
        } else {
            queued.append(transition)
        }
    }

    /// The recognizer set its state out of play (from outside any gesture): nothing is settled.
    func setStateOutOfPlay(_ newState: State) {
        state = newState
    }

    /// The next change to settle (there is one). Usually the only one: moved out from the end rather
    /// than copied out from the front.
    func takeQueuedTransition() -> Transition {
        queued.count == 1 ? queued.removeLast() : queued.removeFirst()
    }

    /// Whether it is in the arbiter's queue.
    func setQueued(_ queued: Bool) {
        isQueued = queued
    }

    /// Its changes leave the queue unsettled (it is reset or removed from its view).
    func dropQueuedTransitions() {
        isQueued = false
        queued.removeAll()
    }

    /// R7: it waits in `.possible`, wanting `wanted`. Entering the wait names what it waits for and why;
    /// a recognizer already waiting that asks again changes only what it wants (`dependencies` nil).
    func wait(wanting wanted: State, for dependencies: [UIGestureRecognizer]?, cause: TraceCause?) {
        state = .possible
        self.wanted = wanted
        guard let dependencies else { return }
        // The list keeps its storage from one wait to the next (see `commit`).
        waitsFor.removeAllKeepingStorage()
        waitsFor.append(contentsOf: dependencies)
        waitCause = cause
    }

    /// Stops waiting for `recognizer`, and for any it waited for that `isUndecided` no longer holds.
    /// Returns the cause it was sent to wait with once it waits for nothing more (taking it).
    func stopWaiting(for recognizer: UIGestureRecognizer, unless isUndecided: (UIGestureRecognizer) -> Bool) -> (released: Bool, cause: TraceCause?) {
        var kept = 0
        for index in waitsFor.indices {
            let other = waitsFor[index]
            if other === recognizer || !isUndecided(other) { continue }
            waitsFor[kept] = other
            kept += 1
        }
        waitsFor.truncate(to: kept)
        guard waitsFor.isEmpty, wanted != nil else { return (false, nil) }
        defer { waitCause = nil }
        return (true, waitCause)
    }

    /// The arbiter settled the recognizer at `new`: its state and its settled state, ending any wait.
    /// Returns whether it became a winner (it began or recognized, R6) and must join the arbiter's list.
    ///
    /// The state is set to the state the actions are for, so that a handler reading `state` sees it (a
    /// recognizer that began and changed in one event is at `.began` for the began action, then at
    /// `.changed`).
    func commit(to new: State) -> Bool {
        state = new
        settled = new
        if wanted != nil || !waitsFor.isEmpty {
            wanted = nil
            waitsFor.removeAllKeepingStorage()
            waitCause = nil
        }
        guard !isWinner, new == .began || new == .changed || new == .ended else { return false }
        isWinner = true
        return true
    }

    // MARK: The failure graph

    /// `recognizer` started waiting for this one.
    func addWaiter(_ recognizer: UIGestureRecognizer) {
        waiters.append(recognizer)
    }

    /// This one decided: nobody waits for it any more.
    func forgetWaiters() {
        waiters.removeAllKeepingStorage()
    }

    /// R25: the pair with `other` was asked.
    func noteQuestioned(_ other: UIGestureRecognizer) {
        questioned.append(other)
    }

    /// R25: it must wait for `other` to fail, as answered.
    func requireByAnswer(_ other: UIGestureRecognizer) {
        requiredByAnswer.append(other)
    }

    /// Marks it as a member of the list being built with `stamp`.
    func mark(_ stamp: Int) {
        mark = stamp
    }

    // MARK: Touches and presses

    /// Offered `touch`, beginning in the event being fed (R5).
    func offer(_ touch: UITouch) {
        offered.append(touch)
    }

    /// The event's offers are over.
    func clearOffered() {
        offered.removeAllKeepingStorage()
    }

    /// It takes `touch`: tracked until it ends, kept for the sequence.
    func receive(_ touch: UITouch) {
        trackedTouches.append(touch)
        sequenceTouches.append(touch)
    }

    /// It lets go of `touch` (`ignore(_:for:)`).
    func ignore(_ touch: UITouch) {
        trackedTouches.removeObject(touch)
        sequenceTouches.removeObject(touch)
    }

    /// Ended and cancelled touches leave the tracked list, in order.
    func dropFinishedTouches() {
        // A plain loop: a closure handed to `removeAll(where:)` checks its executor on every call.
        // By index, so that the list is edited in place rather than copied while it is read.
        let count = trackedTouches.count
        var index = 0, kept = 0
        while index < count {
            let touch = trackedTouches[index]
            index += 1
            if touch.phase.isFinished { continue }
            if kept != index - 1 { trackedTouches[kept] = touch }
            kept += 1
        }
        trackedTouches.truncate(to: kept)
    }

    /// It takes `press`.
    func receive(_ press: UIPress) {
        trackedPresses.append(press)
    }

    /// It lets go of `press` (`ignore(_:for:)`).
    func ignore(_ press: UIPress) {
        trackedPresses.removeObject(press)
    }

    /// Ended and cancelled presses leave the tracked list.
    func dropFinishedPresses() {
        trackedPresses.removeAll { $0.phase == .ended || $0.phase == .cancelled }
    }

    /// The set to hand to one of its touch methods: those of `touches` that are in `event` (all of them
    /// when `event` is nil) and, if given, in `phase`; nil when none are. The same touches as its last call
    /// (every move of a drag, a tap's touch ending) get the same set (see ``TouchSetCache``).
    func touchSet(of touches: [UITouch], whereIn event: [UITouch]?, phase: UITouch.Phase?) -> Set<UITouch>? {
        touchSet.begin()
        for touch in touches {
            if let phase, touch.phase != phase { continue }
            if let event, !event.containsObject(touch) { continue }
            touchSet.offer(touch)
        }
        return touchSet.finish()
    }
}
