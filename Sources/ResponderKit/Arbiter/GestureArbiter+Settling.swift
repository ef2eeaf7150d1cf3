import Foundation

/// Settling: the state changes recognizers ask for, taken in R5 order, through R9, R7 and R6, to one
/// commit that reports the change and sends the actions.
extension GestureArbiter {

    // MARK: Changes asked for

    /// Called by a recognizer after every valid change of its state: the one way a recognizer asks the
    /// arbiter for a transition.
    func recognizer(_ recognizer: UIGestureRecognizer, wants transition: consuming Transition) {
        let record = recognizer.arbitration
        record.request(transition)
        if !record.isQueued { queue.enqueue(recognizer) }
        if feedingDepth == 0 { settle() }
    }

    /// The arbiter asks for a change of `recognizer`'s state itself, as the recognizer would (a recognizer
    /// whose touches were cancelled fails, a disabled one is cancelled…): checked against the transition
    /// table (D4) and settled like any other, without going through the public `state` setter.
    func request(_ recognizer: UIGestureRecognizer, _ newState: UIGestureRecognizer.State, cause: TraceCause) {
        recognizer.changeState(to: newState, cause: cause)
    }

    // MARK: Settling

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

    private func settleNow() {
        guard beginSettling() else { return }
        defer { endSettling() }
        repeat {
            // The earliest change of the recognizer met first (R5 order decides ties within one event).
            while let recognizer = queue.first {
                let record = recognizer.arbitration
                let transition = record.takeQueuedTransition()
                if record.queued.isEmpty { queue.dequeueFirst() }
                apply(recognizer, transition)
            }
            if !withheld.isEmpty { viewDelivery.releaseWithheldTouches(asking: self) }
        } while !queue.isEmpty
        resetFinishedRecognizers()
    }

    private func apply(_ recognizer: UIGestureRecognizer, _ transition: Transition) {
        let record = recognizer.arbitration
        // A change made before an earlier one was reverted (the recognizer was sent to wait, or failed)
        // no longer describes the recognizer: drop it.
        guard transition.from == record.settled else { return }
        switch (transition.from, transition.to) {
        case (.possible, .began), (.possible, .ended):
            if record.wanted != nil {
                // Already waiting (R7): only the wanted transition changes.
                record.wait(wanting: transition.to, for: nil, cause: nil)
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
    private func attempt(_ recognizer: UIGestureRecognizer, to wanted: UIGestureRecognizer.State,
                         cause: @autoclosure () -> TraceCause?, released: Bool) {
        let record = recognizer.arbitration
        if !released {
            if let refuser = shouldBeginRefusal(of: recognizer) {
                fail(recognizer, cause: refuser)
                return
            }
            var dependencies = scratch.borrowRecognizerList()
            defer { scratch.giveBack(&dependencies) }
            collectUndecidedDependencies(of: recognizer, into: &dependencies)
            if !dependencies.isEmpty {
                record.wait(wanting: wanted, for: dependencies, cause: cause())
                for dependency in dependencies { dependency.arbitration.addWaiter(recognizer) }
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
            if !record.waiters.isEmpty {
                var waiters = takeWaiters(of: recognizer)
                for waiting in waiters where waiting.arbitration.waitsFor.containsObject(recognizer) {
                    fail(waiting, cause: .requiredToFail(other: recognizer.traceSubject, outcome: outcome))
                }
                scratch.giveBack(&waiters)
            }
            preventOthers(by: recognizer)
        }
        if recognizer.cancelsTouchesInView {
            viewDelivery.cancelViewTouches(of: recognizer, asking: self)
            cancelResponderPresses(of: recognizer)
        }
        // A continuous gesture released (R7) after its fingers lifted (a waiting recognizer is fed nothing)
        // has no touch left to end it: left began, it stayed in play for ever. It ends now.
        if released, wanted == .began, record.state == .began, record.settled == .began,
           recognizer.liveTouches.isEmpty, record.trackedPointer == nil,
           !record.trackedPresses.contains(where: { $0.phase != .ended && $0.phase != .cancelled }) {
            request(recognizer, .ended, cause: .liftedWhileWaiting)
        }
    }

    /// Every settled change of state goes through here. It settles the recognizer at `new` (its state
    /// and its settled state, ending any wait), reports the change, runs `before` (what must happen
    /// between the report and the actions: R7's and R6's consequences of a win), and sends the actions
    /// of the new state (D5), unless `sendingActions` is false (a recognizer removed from its view sends
    /// none).
    func commit(_ recognizer: UIGestureRecognizer, to new: UIGestureRecognizer.State,
                cause: @autoclosure () -> TraceCause?, sendingActions: Bool = true, before: () -> Void = {}) {
        let old = recognizer.arbitration.settled
        markSettled(recognizer, at: new)
        if new == .failed { for timer in recognizer.timers { timer.invalidate() } }
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
        defer { scratch.giveBack(&waiters) }
        for waiting in waiters {
            let record = waiting.arbitration
            guard record.waitsFor.containsObject(recognizer) else { continue }
            // It waits on for those that are still undecided (asking runs `isEnabled`, which a subclass
            // may override: the record is edited once the answers are in).
            var remaining = scratch.borrowRecognizerList()
            for other in record.waitsFor where other !== recognizer && isUndecided(other) { remaining.append(other) }
            let (released, earlier) = record.keepWaiting(for: remaining)
            scratch.giveBack(&remaining)
            if released, let wanted = record.wanted {
                attempt(waiting, to: wanted,
                        cause: .requirementsFailed(last: recognizer.traceSubject, own: earlier),
                        released: true)
            }
        }
    }

    // MARK: Should it begin (R9)

    /// The first view (hit-test view up to the recognizer's view) or delegate that refuses, or nil (R9).
    /// R25: each responder is asked once: a view that is also the delegate is not asked again as the delegate.
    private func shouldBeginRefusal(of recognizer: UIGestureRecognizer) -> TraceCause? {
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
        } else if let input = recognizer.arbitration.trackedPointer, let recognizerView = recognizer.view,
                  let hitView = input.view, hitView.isDescendant(of: recognizerView) {
            // A hover, scroll or transform asks the same views: from the one under the pointer up.
            var current: UIView? = hitView
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
        if let delegate, !delegateAsked, !ask(recognizer, .shouldBegin, { delegate.gestureRecognizerShouldBegin(recognizer) }) {
            return .refusedByDelegate
        }
        return nil
    }

    /// Asks a view on the path whether `recognizer` should begin. A view that is also the delegate is
    /// asked as the delegate too (one method in UIKit, R25): the question is traced as the delegate's.
    private func askShouldBegin(of view: UIView, for recognizer: UIGestureRecognizer,
                                delegate: UIGestureRecognizerDelegate?, asked: inout Bool) -> Bool {
        guard view === delegate else { return view.gestureRecognizerShouldBegin(recognizer) }
        asked = true
        return ask(recognizer, .shouldBegin) { view.gestureRecognizerShouldBegin(recognizer) }
    }

    // MARK: Exclusivity (R6)

    private func preventOthers(by winner: UIGestureRecognizer) {
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
    private func firstWinner(beating recognizer: UIGestureRecognizer) -> UIGestureRecognizer? {
        guard !winners.isEmpty else { return nil }
        // Borrowed: a recognizer released in a chain comes here, and a list allocated each time was one of
        // the allocations of every link.
        var candidates = scratch.borrowRecognizerList()
        defer { scratch.giveBack(&candidates) }
        for winner in winners where winner.arbitration.isActive { candidates.append(winner) }
        sortByJoinOrder(&candidates)
        for winner in candidates where beats(winner, recognizer) { return winner }
        return nil
    }

    /// Whether `winner`, having begun or recognized, excludes `other` (R6).
    private func beats(_ winner: UIGestureRecognizer, _ other: UIGestureRecognizer) -> Bool {
        let state = winner.arbitration.settled
        guard winner !== other, state == .began || state == .changed || state == .ended else { return false }
        return shareTouches(winner, other) && !recognizeSimultaneously(winner, other)
            && winner.canPrevent(other) && other.canBePrevented(by: winner)
    }

    // Plain loops, not `contains(where:)`: a closure formed on the main actor and handed to a function
    // that takes a plain closure checks at every call that it runs on the main executor (Swift 6's
    // dynamic isolation check), and R6 and R7 ask this of every pair they look at: in a chain of 1,000,
    // those checks were a twentieth of the event's instructions.
    private func shareTouches(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        for touch in a.sequenceTouches where b.sequenceTouches.containsObject(touch) { return true }
        for press in a.trackedPresses where b.trackedPresses.containsObject(press) { return true }
        // A scroll or a transform is shared like a touch; a hover is not: every hover recognizer the
        // pointer is over follows it, and none prevents another (U1, chosen).
        if let input = a.arbitration.trackedPointer, input === b.arbitration.trackedPointer, input.kind != .hover { return true }
        return false
    }

    /// Whether either delegate lets the two recognize together, asking `a`'s first.
    private func recognizeSimultaneously(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        if let delegate = a.delegate, ask(a, .shouldRecognizeSimultaneously(with: b.traceSubject), {
            delegate.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b)
        }) { return true }
        if let delegate = b.delegate, ask(b, .shouldRecognizeSimultaneously(with: a.traceSubject), {
            delegate.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a)
        }) { return true }
        return false
    }
}
