import Foundation

/// Feeding touches: which recognizers a touch is offered (R5), what each is handed, and when a recognizer
/// joins play.
extension GestureArbiter {

    // MARK: Feeding touches

    /// Delivers a window's changed touches: recognizers first, then views.
    func deliverTouches(of event: UIEvent, in window: UIWindow) {
        // The event's two lists are taken from their slots (see ``eventTouches``) and put back at the end.
        var changed: [UITouch] = []
        swap(&changed, &eventTouches)
        var endsTouches = false
        for touch in event.touchList where touch.window === window && touch.phase != .stationary {
            changed.append(touch)
            if touch.phase.isFinished { endsTouches = true }
        }
        for touch in changed where touch.phase == .began && touch.candidateRecognizers.isEmpty {
            touch.candidateRecognizers = collectRecognizers(from: touch.view)
        }
        // R5 order across the event: the first touch's recognizers first, each recognizer once.
        //
        // A recognizer that has settled its gesture (failed, recognized, ended, cancelled) but still
        // tracks live touches is left out unless the event ends touches: it is fed nothing, and its
        // arbitration order no longer matters, as it has no change of state left to settle. All that
        // can still happen to it is losing touches that end, which only an event that ends touches
        // does. (A drag keeps five such recognizers beside its pan for its whole length.)
        var order: [UIGestureRecognizer] = []
        swap(&order, &eventRecognizers)
        let stamp = newStamp()
        for touch in changed {
            let began = touch.phase == .began
            let source = began ? touch.candidateRecognizers : touch.receivingRecognizers
            for recognizer in source {
                let record = recognizer.arbitration
                guard endsTouches || !record.settled.isTerminal else { continue }
                if record.mark != stamp {
                    record.mark = stamp
                    record.offered.removeAllKeepingStorage()
                    order.append(recognizer)
                }
                if began { record.offered.append(touch) }
            }
        }
        feedingDepth += 1
        touchesAwaitingViewDelivery = changed
        for recognizer in order where !isDecided(recognizer) { feed(recognizer, changed, event) }
        for recognizer in order where !recognizer.arbitration.offered.isEmpty {
            recognizer.arbitration.offered.removeAllKeepingStorage()
        }
        questioners.removeAllKeepingStorage()
        feedingDepth -= 1
        // R5: ties in this event go by this event's order (deepest view first, then order added), also
        // for a recognizer still in play from an earlier sequence: a double tap between its taps must
        // not settle before the single tap that was added before it (R6: then the single tap fires too).
        for recognizer in order where recognizer.arbitration.isActive {
            meetingCounter += 1
            recognizer.arbitration.order = meetingCounter
        }
        if !queue.isEmpty { rebuildQueue() }
        settle()
        touchesAwaitingViewDelivery = []
        deliverToViews(changed, event)
        // Ended and cancelled touches leave their recognizers only now, so that actions sent on the
        // last lift still see them (a two-finger tap's location is the centroid of both).
        for recognizer in order where recognizer.hasFinishedTouches {
            // A plain loop: a closure handed to `removeAll(where:)` checks its executor on every call.
            // By index, so that the list is edited in place rather than copied while it is read.
            let count = recognizer.trackedTouches.count
            var index = 0, kept = 0
            while index < count {
                let touch = recognizer.trackedTouches[index]
                index += 1
                if touch.phase.isFinished { continue }
                if kept != index - 1 { recognizer.trackedTouches[kept] = touch }
                kept += 1
            }
            recognizer.trackedTouches.truncate(to: kept)
        }
        settle()
        changed.removeAllKeepingStorage()
        swap(&changed, &eventTouches)
        order.removeAllKeepingStorage()
        swap(&order, &eventRecognizers)
    }

    /// The recognizers a new touch on `view` is offered: its view's and every ancestor's (R5).
    ///
    /// On one view, in the order they were added, except that a scroll view's own pan and pinch come
    /// after the recognizers the app added to the scroll view (R5): a two-finger pan added to a
    /// scrollable scroll view wins a drag that begins both in one event. (The two flags are read once
    /// per view and recognizer as a touch begins; only a scroll view sets them.)
    func collectRecognizers(from view: UIView?) -> [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = []
        var current = view
        while let v = current {
            for recognizer in v.attachedRecognizers where recognizer.isEnabled && !recognizer.comesAfterAppRecognizers {
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

    func feed(_ recognizer: UIGestureRecognizer, _ touches: [UITouch], _ event: UIEvent) {
        // A recognizer that has decided, or waits for others to decide, is fed nothing more (it keeps
        // its touches until they end).
        guard !isDecided(recognizer) else { return }
        guard recognizer.isEnabled, recognizer.view != nil else { return }
        let record = recognizer.arbitration
        // Only an event that offers new touches needs the list (not a move): an empty literal costs nothing.
        var began = record.offered.isEmpty ? [] : borrowTouchList()
        defer { if began.capacity > 0 { giveBack(&began) } }
        var askedEvent = false
        var eventAccepted = true
        for touch in record.offered {
            if let reason = refusal(of: touch, by: recognizer, event: event, askedEvent: &askedEvent, eventAccepted: &eventAccepted) {
                touch.candidateRecognizers.removeObject(recognizer)
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
                touch.receivingRecognizers.append(recognizer)
                recognizer.trackedTouches.append(touch)
                record.sequenceTouches.append(touch)
            }
            call(recognizer, .touchesBegan, began, whereIn: nil) { $0.touchesBegan($1, with: event) }
        }
        // The tracked touches as they were before the recognizer was called, in each phase.
        let tracked = recognizer.trackedTouches
        // D6: once a recognizer reaches a terminal state (in `touchesBegan` of this very event, say), it gets
        // no more of the event's touches. Fed on, built-ins asked for failed → failed, which was refused.
        guard !recognizer.storedState.isTerminal else { return }
        call(recognizer, .touchesMoved, tracked, whereIn: touches, phase: .moved) { $0.touchesMoved($1, with: event) }
        guard !recognizer.storedState.isTerminal else { return }
        call(recognizer, .touchesEnded, tracked, whereIn: touches, phase: .ended) { $0.touchesEnded($1, with: event) }
        guard !recognizer.storedState.isTerminal else { return }
        let cancelled = call(recognizer, .touchesCancelled, tracked, whereIn: touches, phase: .cancelled) {
            $0.touchesCancelled($1, with: event)
        }
        if cancelled, recognizer.storedState == .possible, record.wanted == nil, !recognizer.hasLiveTouches {
            recognizer.setState(.failed, because: .touchesCancelled)
        }
    }

    /// Why `recognizer` may not have `touch`, or nil if it may (D2, allowed and exclusive touch types).
    func refusal(of touch: UITouch, by recognizer: UIGestureRecognizer, event: UIEvent,
                         askedEvent: inout Bool, eventAccepted: inout Bool) -> TraceCause? {
        if !recognizer.allowedTouchTypes.contains(touch.type) { return .touchTypeNotAllowed(touch.type) }
        if recognizer.requiresExclusiveTouchType, let first = recognizer.trackedTouches.first, first.type != touch.type {
            return .otherTouchTypeTracked(first.type)
        }
        if let delegate = recognizer.delegate {
            if !askedEvent {
                askedEvent = true
                eventAccepted = delegate.gestureRecognizer(recognizer, shouldReceive: event)
                traceQuestion(recognizer, .shouldReceiveEvent, answer: eventAccepted)
            }
            if !eventAccepted { return .delegateDeclined(.shouldReceiveEvent) }
            let accepted = delegate.gestureRecognizer(recognizer, shouldReceive: touch)
            traceQuestion(recognizer, .shouldReceiveTouch(finger: touch.finger), answer: accepted)
            if !accepted { return .delegateDeclined(.shouldReceiveTouch(finger: touch.finger)) }
        }
        return nil
    }

    /// Calls one `touches…` method of `recognizer` with those of `touches` that are in `event` (all of
    /// them when `event` is nil) and, if given, in `phase`; nothing when none are. Returns whether it called.
    @discardableResult
    func call(_ recognizer: UIGestureRecognizer, _ method: TraceRecord.ResponderMethod, _ touches: [UITouch],
                      whereIn event: [UITouch]?, phase: UITouch.Phase? = nil,
                      _ body: (UIGestureRecognizer, Set<UITouch>) -> Void) -> Bool {
        // Most calls have no touch to hand over (a move ends nothing): find out before borrowing a set.
        var any = false
        for touch in touches {
            if let phase, touch.phase != phase { continue }
            if let event, !event.containsObject(touch) { continue }
            any = true
            break
        }
        guard any else { return false }
        // The same touches as the recognizer's last call (every move of a drag, a tap's touch ending):
        // the same set goes out again (see ``TouchSetCache``).
        let record = recognizer.arbitration
        record.touchSet.begin()
        for touch in touches {
            if let phase, touch.phase != phase { continue }
            if let event, !event.containsObject(touch) { continue }
            record.touchSet.offer(touch)
        }
        guard let set = record.touchSet.finish() else { return false }
        if let application, application.tracer != nil {
            application.report(.recognizerFed(recognizer: recognizer.traceSubject, method: method,
                                              fingers: TraceFingers(sorting: set.lazy.map(\.finger))))
        }
        body(recognizer, set)
        return true
    }

    /// Puts a recognizer in play.
    func join(_ recognizer: UIGestureRecognizer) {
        let record = recognizer.arbitration
        guard recognizer.arbiter !== self || !record.isActive else { return }
        recognizer.arbiter = self
        meetingCounter += 1
        record.order = meetingCounter
        // A recognizer with changes to settle is in play, so it never joins again; were it to, its key in
        // the queue must follow its new order.
        if record.isQueued { rebuildQueue() }
        joinCounter += 1
        record.joinIndex = joinCounter
        record.isActive = true
        active.append(recognizer)
    }
}
