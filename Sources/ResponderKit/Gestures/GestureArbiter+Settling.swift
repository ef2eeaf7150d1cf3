import Foundation

/// Settling: the state changes recognizers ask for, in R5 order, through R9, R7 and R6, to one commit.
extension GestureArbiter {

    // MARK: State changes

    /// Called by a recognizer after every valid change of its state: the one way a recognizer asks the
    /// arbiter for a transition.
    func recognizer(_ recognizer: UIGestureRecognizer, wants transition: consuming Transition) {
        let record = recognizer.arbitration
        // D4: a gesture in progress that fails supersedes the changes it made earlier in the same event,
        // as in UIKit, which settles a recognizer's state once per event. One that fails in the event in
        // which it began (its beginning still queued) never began: no action goes out and it prevents
        // nothing, so the others may still have the gesture. One that began earlier ends there, from the
        // state last settled, sending no action (`commit`), not even for a change made just before.
        if transition.to == .failed, transition.from != .possible {
            record.queued.removeAllKeepingStorage()
            record.queued.append(Transition(from: record.settled, to: .failed, cause: transition.cause))
        } else {
            record.queued.append(transition)
        }
        if !record.isQueued { enqueue(recognizer) }
        if feedingDepth == 0 { settle() }
    }

    /// Settles every pending state change, then releases held-back touches and resets finished
    /// recognizers, until nothing is left to do. Re-entrant calls (from actions) leave the work to the
    /// outer loop.
    func settle() {
        guard !isSettling else { return }
        // Most calls find nothing to do (every event settles once after feeding and once after its
        // views): no change waits, no touch is held back, no recognizer has finished. Then nothing
        // runs that could post input, so there is nothing to defer.
        if queue.isEmpty, withheld.isEmpty, !hasFinishedRecognizer() { return }
        // Actions and views called while settling may post input: it waits until settling is done, then
        // is handled in order (H1). Handled at once, it re-entered the arbiter half-way through its work.
        guard let application else { return settleNow() }
        application.deferringInput { settleNow() }
    }

    func settleNow() {
        guard !isSettling else { return }
        isSettling = true
        defer { isSettling = false }
        repeat {
            // The earliest change of the recognizer met first (R5 order decides ties within one event).
            while let recognizer = queue.first?.recognizer.takeUnretainedValue() {
                let record = recognizer.arbitration
                // Usually the only one: moved out from the end rather than copied out from the front.
                let transition = record.queued.count == 1 ? record.queued.removeLast() : record.queued.removeFirst()
                if record.queued.isEmpty { dequeueFirst() }
                apply(recognizer, transition)
            }
            releaseWithheldTouches()
        } while !queue.isEmpty
        resetFinishedRecognizers()
    }

    func apply(_ recognizer: UIGestureRecognizer, _ transition: Transition) {
        let record = recognizer.arbitration
        // A change made before an earlier one was reverted (the recognizer was sent to wait, or failed)
        // no longer describes the recognizer: drop it.
        guard transition.from == record.settled else { return }
        switch (transition.from, transition.to) {
        case (.possible, .began), (.possible, .ended):
            if record.wanted != nil {
                // Already waiting (R7): only the wanted transition changes.
                recognizer.storedState = .possible
                record.wanted = transition.to
                return
            }
            attempt(recognizer, to: transition.to, cause: transition.cause, released: false)
        case (.possible, .failed):
            fail(recognizer, cause: transition.cause)
        default:
            // In progress: began/changed → changed/ended/cancelled, or failed (D4: no action is sent).
            commit(recognizer, to: transition.to, cause: transition.cause)
        }
    }

    /// A recognizer wants to begin or recognize: R9, then R7, then it commits. The cause is evaluated
    /// only to be kept for a wait or reported to a tracer.
    func attempt(_ recognizer: UIGestureRecognizer, to wanted: UIGestureRecognizer.State,
                         cause: @autoclosure () -> TraceCause?, released: Bool) {
        let record = recognizer.arbitration
        if !released {
            if let refuser = shouldBeginRefusal(of: recognizer) {
                fail(recognizer, cause: refuser)
                return
            }
            var dependencies = borrowRecognizerList()
            defer { giveBack(&dependencies) }
            collectUndecidedDependencies(of: recognizer, into: &dependencies)
            if !dependencies.isEmpty {
                recognizer.storedState = .possible
                record.wanted = wanted
                // The record's list keeps its storage from one wait to the next (see `commit`).
                record.waitsFor.removeAllKeepingStorage()
                record.waitsFor.append(contentsOf: dependencies)
                record.waitCause = cause()
                for dependency in dependencies { dependency.arbitration.waiters.append(recognizer) }
                trace(.recognizerWaiting(recognizer: recognizer.traceSubject, wants: wanted,
                                         waitingFor: dependencies.map(\.traceSubject)))
                return
            }
        }
        // R6 holds for a recognizer released by another's failure (R7) too: if a recognizer sharing its
        // touches has already begun or recognized and may prevent it, it fails. Without this, in a chain
        // single → double → triple, the triple tap's recognition failed the double, which released the
        // single: two actions for one gesture.
        if released, let winner = firstWinner(beating: recognizer) {
            fail(recognizer, cause: .preventedBy(winner.traceSubject))
            return
        }
        commit(recognizer, to: wanted, cause: cause()) {
            // R7: whoever waited for this recognizer to fail fails instead.
            let outcome: TraceSubject.Outcome = wanted == .began ? .began : .recognized
            if !recognizer.arbitration.waiters.isEmpty {
                var waiters = takeWaiters(of: recognizer)
                for waiting in waiters where waiting.arbitration.waitsFor.containsObject(recognizer) {
                    fail(waiting, cause: .requiredToFail(other: recognizer.traceSubject, outcome: outcome))
                }
                giveBack(&waiters)
            }
            preventOthers(by: recognizer)
        }
        if recognizer.cancelsTouchesInView {
            cancelViewTouches(of: recognizer)
            cancelResponderPresses(of: recognizer)
        }
        // A continuous gesture released (R7) after its fingers lifted (a waiting recognizer is fed nothing)
        // has no touch left to end it: left began, it stayed in play for ever. It ends now.
        if released, wanted == .began, recognizer.storedState == .began, record.settled == .began,
           recognizer.liveTouches.isEmpty,
           !recognizer.trackedPresses.contains(where: { $0.phase != .ended && $0.phase != .cancelled }) {
            recognizer.setState(.ended, because: .liftedWhileWaiting)
        }
    }

    /// Every settled change of state goes through here. It sets the recognizer's state and the settled
    /// state (ending any wait), reports the change, runs `before` (what must happen between the report
    /// and the actions: R7's and R6's consequences of a win), and sends the actions of the new state (D5),
    /// unless `sendingActions` is false (a recognizer removed from its view sends none).
    ///
    /// The state is set to the state the actions are for, so that a handler reading `state` sees it (a
    /// recognizer that began and changed in one event is at `.began` for the began action, then at
    /// `.changed`).
    func commit(_ recognizer: UIGestureRecognizer, to new: UIGestureRecognizer.State,
                        cause: @autoclosure () -> TraceCause?, sendingActions: Bool = true, before: () -> Void = {}) {
        let record = recognizer.arbitration
        let old = record.settled
        recognizer.storedState = new
        record.settled = new
        if record.wanted != nil || !record.waitsFor.isEmpty {
            record.wanted = nil
            record.waitsFor.removeAllKeepingStorage()
            record.waitCause = nil
        }
        if new == .failed { for timer in recognizer.timers { timer.invalidate() } }
        if !record.isWinner, new == .began || new == .changed || new == .ended {
            record.isWinner = true
            winners.append(recognizer)
        }
        trace(.recognizerState(recognizer: recognizer.traceSubject, from: old, to: new, cause: cause()))
        before()
        if sendingActions { sendActions(of: recognizer) }
    }

    /// Fails a possible recognizer. Its cause goes to the tracer only, and is evaluated only if one listens.
    func fail(_ recognizer: UIGestureRecognizer, cause: @autoclosure () -> TraceCause?) {
        commit(recognizer, to: .failed, cause: cause())
        // R7: recognizers waiting for this one may now go ahead.
        guard !recognizer.arbitration.waiters.isEmpty else { return }
        var waiters = takeWaiters(of: recognizer)
        defer { giveBack(&waiters) }
        for waiting in waiters {
            let record = waiting.arbitration
            guard record.waitsFor.containsObject(recognizer) else { continue }
            record.waitsFor.removeAll { $0 === recognizer || !isUndecided($0) }
            if record.waitsFor.isEmpty, let wanted = record.wanted {
                let earlier = record.waitCause
                record.waitCause = nil
                attempt(waiting, to: wanted,
                        cause: .requirementsFailed(last: recognizer.traceSubject, own: earlier),
                        released: true)
            }
        }
    }

    /// The first view (hit-test view up to the recognizer's view) or delegate that refuses, or nil (R9).
    /// R25: each responder is asked once: a view that is also the delegate is not asked again as the delegate.
    func shouldBeginRefusal(of recognizer: UIGestureRecognizer) -> TraceCause? {
        let delegate = recognizer.delegate
        var delegateAsked = false
        if let touch = recognizer.sequenceTouches.first, let recognizerView = recognizer.view {
            var current = touch.view
            while let view = current {
                if !askShouldBegin(of: view, for: recognizer, delegate: delegate, asked: &delegateAsked) {
                    return .refusedByView(view.traceSubject)
                }
                if view === recognizerView { break }
                current = view.superview
            }
        } else if let view = recognizer.view {
            if !askShouldBegin(of: view, for: recognizer, delegate: delegate, asked: &delegateAsked) {
                return .refusedByView(view.traceSubject)
            }
        }
        if let delegate, !delegateAsked {
            let answer = delegate.gestureRecognizerShouldBegin(recognizer)
            traceQuestion(recognizer, .shouldBegin, answer: answer)
            if !answer { return .refusedByDelegate }
        }
        return nil
    }

    /// Asks a view on the path whether `recognizer` should begin. A view that is also the delegate is
    /// asked as the delegate too (one method in UIKit, R25): the question is traced as the delegate's.
    func askShouldBegin(of view: UIView, for recognizer: UIGestureRecognizer,
                                delegate: UIGestureRecognizerDelegate?, asked: inout Bool) -> Bool {
        let answer = view.gestureRecognizerShouldBegin(recognizer)
        if view === delegate {
            asked = true
            traceQuestion(recognizer, .shouldBegin, answer: answer)
        }
        return answer
    }

    // MARK: Exclusivity (R6)

    func preventOthers(by winner: UIGestureRecognizer) {
        for other in active where other !== winner && shareTouches(winner, other) {
            let state = other.arbitration.settled
            guard state == .possible || state == .began || state == .changed else { continue }
            if recognizeSimultaneously(winner, other) { continue }
            guard winner.canPrevent(other), other.canBePrevented(by: winner) else { continue }
            if state == .possible {
                fail(other, cause: .preventedBy(winner.traceSubject))
            } else {
                commit(other, to: .cancelled, cause: .preventedBy(winner.traceSubject))
            }
        }
    }

    /// The first recognizer in play (in the order they joined) that, having begun or recognized,
    /// excludes `recognizer` (R6).
    func firstWinner(beating recognizer: UIGestureRecognizer) -> UIGestureRecognizer? {
        guard !winners.isEmpty else { return nil }
        // Borrowed: a recognizer released in a chain comes here, and a list allocated each time was one of
        // the allocations of every link.
        var candidates = borrowRecognizerList()
        defer { giveBack(&candidates) }
        for winner in winners where winner.arbitration.isActive { candidates.append(winner) }
        sortByJoinOrder(&candidates)
        for winner in candidates where beats(winner, recognizer) { return winner }
        return nil
    }

    /// Whether `winner`, having begun or recognized, excludes `other` (R6).
    func beats(_ winner: UIGestureRecognizer, _ other: UIGestureRecognizer) -> Bool {
        let state = winner.arbitration.settled
        guard winner !== other, state == .began || state == .changed || state == .ended else { return false }
        return shareTouches(winner, other) && !recognizeSimultaneously(winner, other)
            && winner.canPrevent(other) && other.canBePrevented(by: winner)
    }

    // Plain loops, not `contains(where:)`: a closure formed on the main actor and handed to a function
    // that takes a plain closure checks at every call that it runs on the main executor (Swift 6's
    // dynamic isolation check), and R6 and R7 ask this of every pair they look at: in a chain of 1,000,
    // those checks were a twentieth of the event's instructions.
    func shareTouches(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        for touch in a.sequenceTouches where b.sequenceTouches.containsObject(touch) { return true }
        for press in a.trackedPresses where b.trackedPresses.containsObject(press) { return true }
        return false
    }

    func recognizeSimultaneously(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        if let delegate = a.delegate {
            let answer = delegate.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b)
            traceQuestion(a, .shouldRecognizeSimultaneously(with: b.traceSubject), answer: answer)
            if answer { return true }
        }
        if let delegate = b.delegate {
            let answer = delegate.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a)
            traceQuestion(b, .shouldRecognizeSimultaneously(with: a.traceSubject), answer: answer)
            if answer { return true }
        }
        return false
    }
}
