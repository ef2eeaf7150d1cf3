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
/// Its fields are read anywhere, through the read-only properties below, but written only by the
/// named steps of this file: a recognizer ``join(_:order:joinIndex:)``s play, ``request(_:)``s
/// transitions, may ``wait(wanting:for:cause:)``, ``commit(to:)``s what the arbiter settles,
/// ``leave()``s play and is ``clear()``ed at its reset; the other steps keep the lists the arbiter
/// builds (touches handed over, who waits for whom, marks).
///
/// The recognizer reads its public state and its touches from here (``UIGestureRecognizer/state``,
/// ``UIGestureRecognizer/trackedTouches``), so there is one copy of each. Every recognizer owns one
/// record for its whole life: putting a recognizer in play allocates nothing.
@MainActor
final class RecognizerRecord {
    typealias State = UIGestureRecognizer.State
    typealias Transition = GestureArbiter.Transition

    /// The record's fields, read on every event: fenced storage (see ``FencedStorage``). Each step below
    /// is one edit of it that calls nothing outside it.
    #if DEBUG
    private var fenced = Fields()
    #else
    @exclusivity(unchecked) private var fenced = Fields()
    #endif

    nonisolated init() {}

    // MARK: Fields

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
    var arbiter: GestureArbiter? { fenced.arbiter }
    /// The recognizer's state as last set: by the recognizer, or by the arbiter as it settles a change or
    /// sends the recognizer to wait. It may run ahead of ``settled`` until the arbiter settles it.
    var state: State { fenced.state }
    /// The state the arbiter last acted on.
    var settled: State { fenced.settled }
    /// The transition the recognizer wants while it waits for others to fail (R7).
    var wanted: State? { fenced.wanted }
    /// The recognizers it waits for, fixed when the wait started (D8).
    var waitsFor: [UIGestureRecognizer] { _read { yield fenced.waitsFor } }
    /// Recognizers that started waiting for this one (some may since have stopped: each is checked).
    var waiters: [UIGestureRecognizer] { _read { yield fenced.waiters } }
    /// R25: the recognizers sharing a touch with this one whose failure it must wait for, as the
    /// failure-requirement questions answered when the two first shared a touch. They hold for the gesture.
    var requiredByAnswer: [UIGestureRecognizer] { _read { yield fenced.requiredByAnswer } }
    /// The recognizers this one was paired with since it was last reset, each with the time of the
    /// pairing (R25: the questions are asked once per gesture; see ``wasPaired(_:with:stamp:)``).
    var questioned: [Pairing] { _read { yield fenced.questioned } }
    /// The R5 order: when the arbiter last met the recognizer in an event. Settles ties.
    var order: Int { fenced.order }
    /// When the recognizer joined play: the order of ``GestureArbiter/active``.
    var joinIndex: Int { fenced.joinIndex }
    /// Whether it is in play (in ``GestureArbiter/active``).
    var isActive: Bool { fenced.isActive }
    /// Whether it is in the arbiter's list of recognizers that began or recognized (R6).
    var isWinner: Bool { fenced.isWinner }
    /// Its state changes not yet settled, in the order it made them.
    var queued: [Transition] { _read { yield fenced.queued } }
    /// Whether it is in the arbiter's queue of recognizers with changes to settle.
    var isQueued: Bool { fenced.isQueued }
    /// A stamp that marks membership of a list being built (each build takes a fresh stamp).
    var mark: Int { fenced.mark }
    /// A stamp that marks the partners of the recognizer being paired (``markPartners(_:)``).
    var pairMark: Int { fenced.pairMark }
    /// The touches beginning in the event being fed that are offered to it (R5).
    var offered: [UITouch] { _read { yield fenced.offered } }
    /// The touches it is tracking, in the order they began.
    var trackedTouches: [UITouch] { _read { yield fenced.trackedTouches } }
    /// The presses it is tracking.
    var trackedPresses: [UIPress] { _read { yield fenced.trackedPresses } }
    /// Every touch it received since its last reset, kept so that touches already lifted can still be
    /// cancelled in their views when the gesture is recognized (the first tap of a double tap).
    var sequenceTouches: [UITouch] { _read { yield fenced.sequenceTouches } }
    /// The hover, scroll or transform it is fed (U1–U3), until that gesture ends (or, for a hover,
    /// leaves its view).
    var trackedPointer: PointerInput? { fenced.trackedPointer }

    // MARK: Play

    /// Joins play in `arbiter`, met now.
    func join(_ arbiter: GestureArbiter, order: Int, joinIndex: Int) {
        fenced.join(arbiter, order: order, joinIndex: joinIndex)
    }

    /// Met again in an event: ties in it go by this order (R5).
    func meet(order: Int) {
        fenced.order = order
    }

    /// Out of play: no longer in the arbiter's list, nor pointing at the arbiter.
    func leave() {
        fenced.isActive = false
        fenced.arbiter = nil
    }

    /// Back to rest, after a reset: out of play, `.possible`, nothing tracked, nothing owed.
    func clear() {
        fenced.clear()
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
        fenced.request(transition)
    }

    /// The recognizer set its state out of play (from outside any gesture): nothing is settled.
    func setStateOutOfPlay(_ newState: State) {
        fenced.state = newState
    }

    /// The next change to settle (there is one). Usually the only one: moved out from the end rather
    /// than copied out from the front.
    func takeQueuedTransition() -> Transition {
        fenced.queued.count == 1 ? fenced.queued.removeLast() : fenced.queued.removeFirst()
    }

    /// Whether it is in the arbiter's queue.
    func setQueued(_ isQueued: Bool) {
        fenced.isQueued = isQueued
    }

    /// Its changes leave the queue unsettled (it is reset or removed from its view).
    func dropQueuedTransitions() {
        fenced.isQueued = false
        fenced.queued.removeAll()
    }

    /// R7: it waits in `.possible`, wanting `wanted`. Entering the wait names what it waits for and why;
    /// a recognizer already waiting that asks again changes only what it wants (`dependencies` nil).
    func wait(wanting wanted: State, for dependencies: [UIGestureRecognizer]?, cause: TraceCause?) {
        fenced.wait(wanting: wanted, for: dependencies, cause: cause)
    }

    /// It waits now only for `remaining`, those it waited for that are still undecided. Returns the
    /// cause it was sent to wait with once it waits for nothing more (taking it), and whether it did.
    func keepWaiting(for remaining: [UIGestureRecognizer]) -> (released: Bool, cause: TraceCause?) {
        fenced.keepWaiting(for: remaining)
    }

    /// The arbiter settled the recognizer at `new`: its state and its settled state, ending any wait.
    /// Returns whether it became a winner (it began or recognized, R6) and must join the arbiter's list.
    ///
    /// The state is set to the state the actions are for, so that a handler reading `state` sees it (a
    /// recognizer that began and changed in one event is at `.began` for the began action, then at
    /// `.changed`).
    func commit(to new: State) -> Bool {
        fenced.commit(to: new)
    }

    // MARK: The failure graph

    /// `recognizer` started waiting for this one.
    func addWaiter(_ recognizer: UIGestureRecognizer) {
        fenced.waiters.append(recognizer)
    }

    /// This one decided: nobody waits for it any more.
    func forgetWaiters() {
        fenced.waiters.removeAllKeepingStorage()
    }

    /// R25: `first` and `second` were paired: each record lists the other, with the time of the pairing.
    static func pair(_ first: UIGestureRecognizer, _ second: UIGestureRecognizer) {
        pairingClock += 1
        first.arbitration.fenced.notePaired(with: second, at: pairingClock)
        second.arbitration.fenced.notePaired(with: first, at: pairingClock)
    }

    /// Marks with `stamp` (in ``pairMark``) every recognizer this one lists as paired with it: then
    /// ``wasPaired(_:with:stamp:)`` answers for each in constant time.
    func markPartners(_ stamp: Int) {
        for pairing in fenced.questioned { pairing.partner.arbitration.fenced.pairMark = stamp }
    }

    /// R25: whether `recognizer` (whose record this is) and `other` were already paired in this gesture:
    /// either lists the other. The partners of `recognizer` carry `stamp` (``markPartners(_:)``).
    ///
    /// Constant time, except while a recognizer this one no longer lists (it was reset since) still
    /// lists this one: only then is `other`'s list searched. Each list is emptied at its own
    /// recognizer's reset, so once paired, two recognizers that share touches again before both are
    /// reset are not asked again.
    func wasPaired(_ recognizer: UIGestureRecognizer, with other: UIGestureRecognizer, stamp: Int) -> Bool {
        if other.arbitration.fenced.pairMark == stamp { return true }
        guard fenced.unlistedHolders > 0 else { return false }
        for pairing in other.arbitration.fenced.questioned where pairing.partner === recognizer { return true }
        return false
    }

    /// R25: it must wait for `other` to fail, as answered.
    func requireByAnswer(_ other: UIGestureRecognizer) {
        fenced.requiredByAnswer.append(other)
    }

    /// Marks it as a member of the list being built with `stamp`.
    func mark(_ stamp: Int) {
        fenced.mark = stamp
    }

    // MARK: Touches and presses

    /// Offered `touch`, beginning in the event being fed (R5).
    func offer(_ touch: UITouch) {
        fenced.offered.append(touch)
    }

    /// The event's offers are over.
    func clearOffered() {
        fenced.offered.removeAllKeepingStorage()
    }

    /// It takes `touch`: tracked until it ends, kept for the sequence.
    func receive(_ touch: UITouch) {
        fenced.trackedTouches.append(touch)
        fenced.sequenceTouches.append(touch)
    }

    /// It lets go of `touch` (`ignore(_:for:)`).
    func ignore(_ touch: UITouch) {
        fenced.trackedTouches.removeObject(touch)
        fenced.sequenceTouches.removeObject(touch)
    }

    /// Ended and cancelled touches leave the tracked list, in order.
    func dropFinishedTouches() {
        fenced.dropFinishedTouches()
    }

    /// It takes `press`.
    func receive(_ press: UIPress) {
        fenced.trackedPresses.append(press)
    }

    /// It lets go of `press` (`ignore(_:for:)`).
    func ignore(_ press: UIPress) {
        fenced.trackedPresses.removeObject(press)
    }

    /// Ended and cancelled presses leave the tracked list.
    func dropFinishedPresses() {
        fenced.dropFinishedPresses()
    }

    /// It takes a hover, a scroll or a transform.
    func receive(_ input: PointerInput) {
        fenced.trackedPointer = input
    }

    /// It lets go of the pointer's gesture (which ended, or left its view).
    func dropPointer() {
        fenced.trackedPointer = nil
    }

    /// The set to hand to one of its touch methods: those of `touches` that are in `event` (all of them
    /// when `event` is nil) and, if given, in `phase`; nil when none are. The same touches as its last call
    /// (every move of a drag, a tap's touch ending) get the same set (see ``TouchSetCache``).
    func touchSet(of touches: [UITouch], whereIn event: [UITouch]?, phase: UITouch.Phase?) -> Set<UITouch>? {
        fenced.touchSet(of: touches, whereIn: event, phase: phase)
    }
}

extension RecognizerRecord {
    /// One entry of ``RecognizerRecord/questioned``: a recognizer this one was paired with, and when.
    struct Pairing {
        let partner: UIGestureRecognizer
        /// The time of the pairing, on ``pairingClock``.
        let time: Int
    }

    /// The time of pairings and of the resets that drop them: it only goes forward, whatever the
    /// application.
    fileprivate static var pairingClock = 0

    /// The fields, and the edits the steps above make to them.
    fileprivate struct Fields: FencedStorage {
        unowned(unsafe) var arbiter: GestureArbiter?
        var state: State = .possible
        var settled: State = .possible
        var wanted: State?
        var waitsFor: [UIGestureRecognizer] = []
        /// Why it wanted to leave `.possible` when it was sent to wait: reported when it is released.
        var waitCause: TraceCause?
        var waiters: [UIGestureRecognizer] = []
        var requiredByAnswer: [UIGestureRecognizer] = []
        var questioned: [Pairing] = []
        /// When a reset last dropped pairings from ``questioned``: a partner listed it before then and
        /// is no longer listed by it.
        var droppedPairingsAt = 0
        /// How many records list this one (each pairing adds one to both, a reset takes its own off
        /// its partners').
        var holders = 0
        /// How many of those this one does not list (it was reset since they were paired): while there
        /// are any, whether it was paired with a recognizer takes a search of that one's list.
        var unlistedHolders = 0
        var pairMark = 0
        var order = 0
        var joinIndex = 0
        var isActive = false
        var isWinner = false
        var queued: [Transition] = []
        var isQueued = false
        var mark = 0
        var offered: [UITouch] = []
        var trackedTouches: [UITouch] = []
        var trackedPresses: [UIPress] = []
        var sequenceTouches: [UITouch] = []
        var trackedPointer: PointerInput?
        /// The set its last touch method was given, handed over again for the same touches.
        var touchSet = TouchSetCache()

        mutating func join(_ arbiter: GestureArbiter, order: Int, joinIndex: Int) {
            self.arbiter = arbiter
            self.order = order
            self.joinIndex = joinIndex
            isActive = true
        }

        @MainActor mutating func clear() {
            arbiter = nil
            state = .possible
            settled = .possible
            wanted = nil
            waitCause = nil
            if !waitsFor.isEmpty { waitsFor = [] }
            waiters.removeAllKeepingStorage()
            if !requiredByAnswer.isEmpty { requiredByAnswer = [] }
            if !questioned.isEmpty { dropPairings() }
            isActive = false
            isWinner = false
            queued.removeAllKeepingStorage()
            isQueued = false
            offered.removeAllKeepingStorage()
            // Emptied keeping their storage: the next gesture fills them again.
            trackedTouches.removeAllKeepingStorage()
            if !trackedPresses.isEmpty { trackedPresses.removeAll() }
            sequenceTouches.removeAllKeepingStorage()
            if trackedPointer != nil { trackedPointer = nil }
            touchSet.clear()
        }

        mutating func notePaired(with partner: UIGestureRecognizer, at time: Int) {
            questioned.append(Pairing(partner: partner, time: time))
            holders += 1
        }

        /// At a reset: this record lists nobody any more. Every record that lists it becomes one it does
        /// not list; each partner loses a holder, and an unlisted one if it no longer listed this one
        /// (it was reset since the pairing).
        @MainActor mutating func dropPairings() {
            RecognizerRecord.pairingClock += 1
            droppedPairingsAt = RecognizerRecord.pairingClock
            for pairing in questioned {
                let partner = pairing.partner.arbitration
                partner.fenced.holders -= 1
                if pairing.time < partner.fenced.droppedPairingsAt { partner.fenced.unlistedHolders -= 1 }
            }
            unlistedHolders = holders
            questioned = []
        }

        mutating func request(_ transition: consuming Transition) {
            state = transition.to
            if transition.to == .failed, transition.from != .possible {
                queued.removeAllKeepingStorage()
                queued.append(Transition(from: settled, to: .failed, cause: transition.cause))
            } else {
                queued.append(transition)
            }
        }

        mutating func wait(wanting wanted: State, for dependencies: [UIGestureRecognizer]?, cause: TraceCause?) {
            state = .possible
            self.wanted = wanted
            guard let dependencies else { return }
            // The list keeps its storage from one wait to the next (see `commit`).
            waitsFor.removeAllKeepingStorage()
            waitsFor.append(contentsOf: dependencies)
            waitCause = cause
        }

        mutating func keepWaiting(for remaining: [UIGestureRecognizer]) -> (released: Bool, cause: TraceCause?) {
            waitsFor.removeAllKeepingStorage()
            waitsFor.append(contentsOf: remaining)
            guard waitsFor.isEmpty, wanted != nil else { return (false, nil) }
            defer { waitCause = nil }
            return (true, waitCause)
        }

        mutating func commit(to new: State) -> Bool {
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

        @MainActor mutating func dropFinishedTouches() {
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

        @MainActor mutating func dropFinishedPresses() {
            var kept = 0
            for index in trackedPresses.indices {
                let press = trackedPresses[index]
                if press.phase == .ended || press.phase == .cancelled { continue }
                trackedPresses[kept] = press
                kept += 1
            }
            trackedPresses.truncate(to: kept)
        }

        @MainActor mutating func touchSet(of touches: [UITouch], whereIn event: [UITouch]?, phase: UITouch.Phase?) -> Set<UITouch>? {
            touchSet.begin()
            for touch in touches {
                if let phase, touch.phase != phase { continue }
                if let event, !event.containsObject(touch) { continue }
                touchSet.offer(touch)
            }
            return touchSet.finish()
        }
    }
}
