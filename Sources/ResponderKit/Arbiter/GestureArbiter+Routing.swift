import Foundation

/// Routing: which recognizers a touch is offered (R5), what each is handed (D2, D6), and when a
/// recognizer joins play. Then the views get the touches (``ViewDelivery``).
extension GestureArbiter {

    /// Delivers a window's changed touches: recognizers first, then views.
    func deliverTouches(of event: UIEvent, in window: UIWindow) {
        // The event's two lists are taken from their slots and put back at the end.
        var changed: [UITouch] = [], order: [UIGestureRecognizer] = []
        scratch.swapEventLists(&changed, &order)
        var endsTouches = false
        for touch in event.touchList where touch.window === window && touch.phase != .stationary {
            changed.append(touch)
            if touch.phase.isFinished { endsTouches = true }
        }
        for touch in changed where touch.phase == .began && touch.arbitration.candidates.isEmpty {
            touch.arbitration.offer(to: collectRecognizers(from: touch.view))
        }
        // R5 order across the event: the first touch's recognizers first, each recognizer once.
        //
        // A recognizer that has settled its gesture (failed, recognized, ended, cancelled) but still
        // tracks live touches is left out unless the event ends touches: it is fed nothing, and its
        // arbitration order no longer matters, as it has no change of state left to settle. All that
        // can still happen to it is losing touches that end, which only an event that ends touches
        // does. (A drag keeps five such recognizers beside its pan for its whole length.)
        let stamp = newStamp()
        for touch in changed {
            let began = touch.phase == .began
            let source = began ? touch.arbitration.candidates : touch.arbitration.receivers
            for recognizer in source {
                let record = recognizer.arbitration
                guard endsTouches || !record.settled.isTerminal else { continue }
                if record.mark != stamp {
                    record.mark(stamp)
                    record.clearOffered()
                    order.append(recognizer)
                }
                if began { record.offer(touch) }
            }
        }
        beginFeeding(changed)
        for recognizer in order where !isDecided(recognizer) { feed(recognizer, changed, event) }
        for recognizer in order where !recognizer.arbitration.offered.isEmpty { recognizer.arbitration.clearOffered() }
        endFeeding()
        // R5: a double tap between its taps must not settle before the single tap that was added before
        // it (R6: then the single tap fires too).
        meet(order)
        settle()
        beginViewDelivery()
        viewDelivery.deliver(changed, event, asking: self)
        // Ended and cancelled touches leave their recognizers only now, so that actions sent on the
        // last lift still see them (a two-finger tap's location is the centroid of both).
        for recognizer in order where recognizer.hasFinishedTouches { recognizer.arbitration.dropFinishedTouches() }
        settle()
        changed.removeAllKeepingStorage()
        order.removeAllKeepingStorage()
        scratch.swapEventLists(&changed, &order)
    }

    /// The recognizers a new touch on `view` is offered: its view's and every ancestor's (R5).
    ///
    /// On one view, in the order they were added, except that a scroll view's own pan and pinch come
    /// after the recognizers the app added to the scroll view (R5): a two-finger pan added to a
    /// scrollable scroll view wins a drag that begins both in one event. (The two flags are read once
    /// per view and recognizer as a touch begins; only a scroll view sets them.)
    ///
    /// A hover recognizer (which takes no touches) is left out of a touch's list; a scroll or a
    /// transform is offered the whole list (`forTouches` false) and each recognizer says whether it
    /// takes it.
    func collectRecognizers(from view: UIView?, forTouches: Bool = true) -> [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = []
        var current = view
        while let v = current {
            for recognizer in v.attachedRecognizers where recognizer.isEnabled && !recognizer.comesAfterAppRecognizers {
                if forTouches, !recognizer.takesTouches { continue }
                result.append(recognizer)
            }
            if v.hasRecognizersThatComeLast {
                for recognizer in v.attachedRecognizers where recognizer.isEnabled && recognizer.comesAfterAppRecognizers {
                    result.append(recognizer)
                }
            }
            current = v.superview
        }
        return result
    }

    /// Whether the arbiter has settled the recognizer's gesture (failed, recognized, ended or
    /// cancelled), or it waits for others to decide (R7): either way it is fed nothing more.
    func isDecided(_ recognizer: UIGestureRecognizer) -> Bool {
        let record = recognizer.arbitration
        return record.settled.isTerminal || record.wanted != nil
    }

    private func feed(_ recognizer: UIGestureRecognizer, _ touches: [UITouch], _ event: UIEvent) {
        // A recognizer that has decided, or waits for others to decide, is fed nothing more (it keeps
        // its touches until they end).
        guard !isDecided(recognizer) else { return }
        guard recognizer.isEnabled, recognizer.view != nil else { return }
        let record = recognizer.arbitration
        // Only an event that offers new touches needs the list (not a move): an empty literal costs nothing.
        var began = record.offered.isEmpty ? [] : scratch.borrowTouchList()
        defer { if began.capacity > 0 { scratch.giveBack(&began) } }
        var askedEvent = false
        var eventAccepted = true
        for touch in record.offered {
            if let reason = refusal(of: touch, by: recognizer, event: event, askedEvent: &askedEvent, eventAccepted: &eventAccepted) {
                touch.arbitration.decline(by: recognizer)
                trace(.recognizerNotFed(recognizer: recognizer.traceSubject, finger: touch.finger, cause: reason))
                continue
            }
            began.append(touch)
        }
        if !began.isEmpty {
            join(recognizer)
            for touch in began {
                // R25: sharing this touch with the recognizers that already have it, it asks the
                // failure-requirement questions now, before the touch reaches views.
                pairFailureRequirements(of: recognizer, sharing: touch)
                // The questions run user code, which may have taken the recognizer out of play.
                guard record.isActive else { return }
                touch.arbitration.join(recognizer)
                record.receive(touch)
            }
            call(recognizer, .touchesBegan, began, whereIn: nil) { $0.touchesBegan($1, with: event) }
        }
        // The tracked touches as they were before the recognizer was called, in each phase.
        let tracked = record.trackedTouches
        // D6: once a recognizer reaches a terminal state (in `touchesBegan` of this very event, say), it gets
        // no more of the event's touches. Fed on, built-ins asked for failed → failed, which was refused.
        // Nor does one that left play meanwhile (its view was removed, its scene torn down): what it would
        // be handed, it would keep.
        guard stillFeeds(record) else { return }
        call(recognizer, .touchesMoved, tracked, whereIn: touches, phase: .moved) { $0.touchesMoved($1, with: event) }
        guard stillFeeds(record) else { return }
        call(recognizer, .touchesEnded, tracked, whereIn: touches, phase: .ended) { $0.touchesEnded($1, with: event) }
        guard stillFeeds(record) else { return }
        let cancelled = call(recognizer, .touchesCancelled, tracked, whereIn: touches, phase: .cancelled) {
            $0.touchesCancelled($1, with: event)
        }
        // A recognizer left possible with no finger down after a cancel fails: the arbiter asks for the
        // change itself, as the recognizer would have.
        if cancelled, record.state == .possible, record.wanted == nil, !recognizer.hasLiveTouches {
            request(recognizer, .failed, cause: .touchesCancelled)
        }
    }

    /// Whether a recognizer being fed an event gets the event's next phase: it is not terminal, and it
    /// is still in play (its view may have been removed, or its scene torn down, by the code it ran:
    /// what it would be handed then, it would keep). One out of play tracks no touch: it is handed none.
    @inline(__always)
    private func stillFeeds(_ record: RecognizerRecord) -> Bool {
        !record.state.isTerminal && record.isActive
    }

    /// Why `recognizer` may not have `touch`, or nil if it may (D2, allowed and exclusive touch types).
    private func refusal(of touch: UITouch, by recognizer: UIGestureRecognizer, event: UIEvent,
                         askedEvent: inout Bool, eventAccepted: inout Bool) -> TraceCause? {
        if !recognizer.allowedTouchTypes.contains(touch.type) { return .touchTypeNotAllowed(touch.type) }
        if recognizer.requiresExclusiveTouchType, let first = recognizer.trackedTouches.first, first.type != touch.type {
            return .otherTouchTypeTracked(first.type)
        }
        if let delegate = recognizer.delegate {
            if !askedEvent {
                askedEvent = true
                eventAccepted = ask(recognizer, .shouldReceiveEvent) { delegate.gestureRecognizer(recognizer, shouldReceive: event) }
            }
            if !eventAccepted { return .delegateDeclined(.shouldReceiveEvent) }
            let accepted = ask(recognizer, .shouldReceiveTouch(finger: touch.finger)) {
                delegate.gestureRecognizer(recognizer, shouldReceive: touch)
            }
            if !accepted { return .delegateDeclined(.shouldReceiveTouch(finger: touch.finger)) }
        }
        return nil
    }

    /// Calls one `touches…` method of `recognizer` with those of `touches` that are in `event` (all of
    /// them when `event` is nil) and, if given, in `phase`; nothing when none are. Returns whether it called.
    @discardableResult
    private func call(_ recognizer: UIGestureRecognizer, _ method: TraceRecord.ResponderMethod, _ touches: [UITouch],
                      whereIn event: [UITouch]?, phase: UITouch.Phase? = nil,
                      _ body: (UIGestureRecognizer, Set<UITouch>) -> Void) -> Bool {
        // Most calls have no touch to hand over (a move ends nothing): find out before building a set.
        var any = false
        for touch in touches {
            if let phase, touch.phase != phase { continue }
            if let event, !event.containsObject(touch) { continue }
            any = true
            break
        }
        guard any, let set = recognizer.arbitration.touchSet(of: touches, whereIn: event, phase: phase) else { return false }
        if let application, application.tracer != nil {
            application.report(.recognizerFed(recognizer: recognizer.traceSubject, method: method,
                                              fingers: TraceFingers(sorting: set.lazy.map(\.finger))))
        }
        body(recognizer, set)
        return true
    }
}
