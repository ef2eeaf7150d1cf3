import Foundation

/// The arbiter: one per application. It feeds touches to gesture recognizers before views, settles
/// their state changes against each other, sends their actions, and decides which view touches are
/// delivered, held back or cancelled.
///
/// The policy in short: every recognizer a touch is offered is in play until it decides. The first to
/// begin or recognize wins, and every other one sharing its touches fails (or is cancelled), unless
/// the two may recognize together. One that must wait for another's failure waits, wins only once the
/// other fails, and fails if the other wins. Ties go to the recognizer met first. A recognizer leaves
/// play, and is reset, once it has decided and its touches are gone.
///
/// The arbiter owns its bookkeeping: each recognizer's ``Record`` (settled and wanted state, what it
/// waits for, its order, its sequence's touches, its membership of the arbiter's lists) is written here
/// and nowhere else. A recognizer sets its public `state`, which reaches the arbiter through one call,
/// ``recognizer(_:wants:)``. Every settled change goes through ``commit(_:to:cause:sendingActions:before:)``,
/// which changes the state, reports it and sends the actions; every reset through ``reset(_:from:cause:)``.
///
/// The rules it enforces:
/// - R5: a new touch is offered to the recognizers of its hit-test view and every ancestor, deepest
///   first and, on one view, in the order they were added; that order settles every tie.
/// - D2: the delegate's `shouldReceive` (event, then touch) is asked before a recognizer gets a touch.
/// - R25: the failure-requirement questions are asked when two recognizers first share a touch, before
///   the touch reaches views; their answers hold for the gesture.
/// - R9: a recognizer leaving `.possible` asks every view from the hit-test view up to its own view,
///   then its delegate (unless it was just asked as a view), whether it should begin.
/// - R7: failure requirements from every source form one graph; a recognizer that depends on an
///   undecided one waits in `.possible` with its wanted transition, makes it when the other fails, and
///   fails if the other recognizes. Cycles are broken and reported.
/// - R6: a recognizer that begins or recognizes fails (or cancels) every other one sharing its touches,
///   unless either delegate allows simultaneity or `canPrevent`/`canBePrevented` say no.
/// - R8: then its actions run, then the views' touches are cancelled — all before the call returns.
/// - R13, D10–D12: `delaysTouchesBegan`, `delaysTouchesEnded` and `cancelsTouchesInView`.
/// - R22, D6: a recognizer is reset only once it is terminal and its touches are gone.
///
/// State changes made while recognizers are being fed are settled after the whole event is fed, in R5
/// order; changes made at other times (timers, actions, `isEnabled`) are settled at once.
///
/// Cost: every event is linear in the recognizers and touches in play. Membership of the arbiter's
/// lists is a flag or a stamp in the record, never a search; the changes to settle wait in a heap
/// ordered by R5 order; each recognizer knows who waits for it.
@MainActor
final class GestureEnvironment {
    // Dispatch reads the arbiter's state on every event. It is marked
    // `@exclusivity(unchecked)`: the runtime's exclusivity check on each access costs more than the
    // access itself, and no access to these properties ever overlaps a mutation of the same property
    // (they are read, assigned, or edited in place by code that does not read them back).

    /// The application that owns this arbiter. Not weak: a weak reference gives the application a side
    /// table, and every retain and release of an object with one takes the runtime's slow path (about
    /// four times the cost), several times per event. Not counted: the application owns the arbiter
    /// (``UIApplication/gestureEnvironment`` is a constant), so the arbiter never outlives it.
    @exclusivity(unchecked) unowned(unsafe) var application: UIApplication?
    /// Whether the application has a tracer, kept here by the application: sending an action asks on
    /// every move, and the answer is usually no.
    @exclusivity(unchecked) var isTracing = false

    /// Recognizers in play (tracking touches, waiting, or between the taps of a multi-tap), in the
    /// order they joined.
    @exclusivity(unchecked) private(set) var active: [UIGestureRecognizer] = []
    /// Recognizers with state changes not yet settled: a binary min-heap on their R5 order. Each one's
    /// changes wait in its record, in the order it made them.
    @exclusivity(unchecked) private var queue: [QueueEntry] = []
    /// Recognizers in play that began or recognized, in no particular order (R6: who may prevent whom).
    @exclusivity(unchecked) private var winners: [UIGestureRecognizer] = []
    /// Touches whose view delivery is held back.
    @exclusivity(unchecked) var withheld: [UITouch] = []
    @exclusivity(unchecked) var feedingDepth = 0
    /// The touches of the event being delivered, until its view delivery starts: a held-back touch
    /// released before then gets its latest move from that delivery (R13).
    @exclusivity(unchecked) var touchesAwaitingViewDelivery: [UITouch] = []
    @exclusivity(unchecked) private var isSettling = false
    @exclusivity(unchecked) private var meetingCounter = 0
    @exclusivity(unchecked) private var joinCounter = 0
    @exclusivity(unchecked) private var stampCounter = 0
    /// Recognizers that asked failure-requirement questions about a touch beginning in the event being
    /// fed, with that touch (R25). Usually empty: built-ins without a delegate have no question to ask.
    @exclusivity(unchecked) private var questioners: [(touch: UITouch, recognizer: UIGestureRecognizer)] = []

    /// The application's clock (held here too, so that recognizers read the time in one step).
    let clock: EventClock

    /// Creates the arbiter of an application, which then sets ``application``.
    init(clock: EventClock) {
        self.clock = clock
    }

    // The queue owns a retain of each recognizer in it (see ``QueueEntry``): an arbiter that goes away with
    // changes still queued gives them back, as an array of references would have.
    //
    // Recognizers in play point back at the arbiter without counting it (see
    // ``UIGestureRecognizer/environment``): an application that goes away mid-gesture leaves them
    // pointing nowhere, so they are told here.
    isolated deinit {
        for entry in queue { entry.recognizer.release() }
        for recognizer in active { recognizer.environment = nil }
    }

    /// Whether state changes wait to be settled (none should, once an event has been handled).
    var hasUnsettledChanges: Bool { !queue.isEmpty }

    /// A fresh stamp, for marking the members of a list being built.
    private func newStamp() -> Int {
        stampCounter &+= 1
        return stampCounter
    }

    // MARK: Reused storage

    // Every touch event needs a few short lists (its changed touches, its recognizers, the touches one
    // recognizer or view is handed). Building them afresh costs allocations on every event; instead each
    // is borrowed from these spares for the length of a call and handed back empty, keeping its capacity.
    // A re-entrant call (an action that dispatches again) finds no spare left and allocates its own, so
    // borrowing never changes behaviour. A set handed to a recognizer or a view is a value: if the callee
    // keeps it, emptying our spare copies it first, and the callee's copy stays intact.
    @exclusivity(unchecked) private var spareTouchLists: [[UITouch]] = []
    @exclusivity(unchecked) private var spareRecognizerLists: [[UIGestureRecognizer]] = []
    @exclusivity(unchecked) private var spareTouchSets: [Set<UITouch>] = []
    @exclusivity(unchecked) private var spareViewLists: [[UIView]] = []
    /// The two lists every touch event builds (its changed touches, and its recognizers in R5 order),
    /// each kept in a slot of its own: swapping a list out of a slot and back costs a fraction of
    /// borrowing it from the spares. A re-entrant delivery finds the slots empty and builds its own.
    @exclusivity(unchecked) private var eventTouches: [UITouch] = []
    @exclusivity(unchecked) private var eventRecognizers: [UIGestureRecognizer] = []
    /// The set last handed to a view's touch method (see ``TouchSetCache``). Cleared when touches leave
    /// the touch event, so it keeps no touch longer than the event does.
    @exclusivity(unchecked) var viewTouchSet = TouchSetCache()

    func borrowTouchList() -> [UITouch] { spareTouchLists.popLast() ?? [] }

    func giveBack(_ list: inout [UITouch]) {
        list.removeAllKeepingStorage()
        spareTouchLists.append(list)
        list = []
    }

    private func borrowRecognizerList() -> [UIGestureRecognizer] { spareRecognizerLists.popLast() ?? [] }

    private func giveBack(_ list: inout [UIGestureRecognizer]) {
        list.removeAllKeepingStorage()
        spareRecognizerLists.append(list)
        list = []
    }

    func borrowViewList() -> [UIView] { spareViewLists.popLast() ?? [] }

    func giveBack(_ list: inout [UIView]) {
        list.removeAllKeepingStorage()
        spareViewLists.append(list)
        list = []
    }

    func borrowTouchSet() -> Set<UITouch> { spareTouchSets.popLast() ?? [] }

    func giveBack(_ set: inout Set<UITouch>) {
        if !set.isEmpty { set.removeAll(keepingCapacity: true) }
        spareTouchSets.append(set)
        set = []
    }

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
    private func collectRecognizers(from view: UIView?) -> [UIGestureRecognizer] {
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

    private func feed(_ recognizer: UIGestureRecognizer, _ touches: [UITouch], _ event: UIEvent) {
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
    private func refusal(of touch: UITouch, by recognizer: UIGestureRecognizer, event: UIEvent,
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
    private func call(_ recognizer: UIGestureRecognizer, _ method: TraceRecord.ResponderMethod, _ touches: [UITouch],
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
        guard recognizer.environment !== self || !record.isActive else { return }
        recognizer.environment = self
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

    // MARK: Failure requirements asked when a touch is shared (R25)

    /// Whether the failure-requirement questions about `recognizer` can answer anything but false: it has
    /// a delegate, or its class is not one of the built-ins (whose hooks answer false), so a subclass may
    /// override the hooks. Pairs of two recognizers that cannot are not asked: every answer would be false.
    private func asksQuestions(_ recognizer: UIGestureRecognizer) -> Bool {
        if recognizer.delegate != nil { return true }
        let kind = ObjectIdentifier(type(of: recognizer))
        return kind != ObjectIdentifier(UIPanGestureRecognizer.self) && kind != ObjectIdentifier(UITapGestureRecognizer.self)
            && kind != ObjectIdentifier(UILongPressGestureRecognizer.self) && kind != ObjectIdentifier(UISwipeGestureRecognizer.self)
            && kind != ObjectIdentifier(UIPinchGestureRecognizer.self) && kind != ObjectIdentifier(UIRotationGestureRecognizer.self)
            && kind != ObjectIdentifier(UIScreenEdgePanGestureRecognizer.self)
    }

    /// R25: `recognizer` starts sharing `touch` with the recognizers that already receive it. Each pair
    /// not yet asked in this gesture is asked, both ways, whether one must wait for the other to fail:
    /// first whether the newcomer waits for the other, then the reverse (a choice: UIKit does not say).
    /// Within one way the sources are asked in turn until one says yes: the requiring recognizer's
    /// hook, the other's hook, the requiring recognizer's delegate, the other's delegate.
    private func pairFailureRequirements(of recognizer: UIGestureRecognizer, sharing touch: UITouch) {
        let newcomerAsks = asksQuestions(recognizer)
        if newcomerAsks {
            for other in touch.receivingRecognizers where other !== recognizer { askFailureQuestions(recognizer, other) }
            questioners.append((touch, recognizer))
        } else if !questioners.isEmpty {
            for entry in questioners where entry.touch === touch && entry.recognizer !== recognizer
                && touch.receivingRecognizers.containsObject(entry.recognizer) {
                askFailureQuestions(recognizer, entry.recognizer)
            }
        }
    }

    /// Asks the questions of one pair, once per gesture (see ``pairFailureRequirements(of:sharing:)``).
    private func askFailureQuestions(_ newcomer: UIGestureRecognizer, _ other: UIGestureRecognizer) {
        let newRecord = newcomer.arbitration, otherRecord = other.arbitration
        if newRecord.questioned.containsObject(other) || otherRecord.questioned.containsObject(newcomer) { return }
        newRecord.questioned.append(other)
        otherRecord.questioned.append(newcomer)
        if answersRequirement(of: newcomer, toWaitFor: other) { newRecord.requiredByAnswer.append(other) }
        if answersRequirement(of: other, toWaitFor: newcomer) { otherRecord.requiredByAnswer.append(newcomer) }
    }

    /// Whether `recognizer` must wait for `other` to fail, by the hooks and delegates (D8).
    private func answersRequirement(of recognizer: UIGestureRecognizer, toWaitFor other: UIGestureRecognizer) -> Bool {
        if recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer) { return true }
        if let delegate = recognizer.delegate {
            let answer = delegate.gestureRecognizer(recognizer, shouldRequireFailureOf: other)
            traceQuestion(recognizer, .shouldRequireFailure(of: other.traceSubject), answer: answer)
            if answer { return true }
        }
        if let delegate = other.delegate {
            let answer = delegate.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer)
            traceQuestion(other, .shouldBeRequiredToFail(by: recognizer.traceSubject), answer: answer)
            if answer { return true }
        }
        return false
    }

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

    private func settleNow() {
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

    private func apply(_ recognizer: UIGestureRecognizer, _ transition: Transition) {
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
    private func attempt(_ recognizer: UIGestureRecognizer, to wanted: UIGestureRecognizer.State,
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
    private func commit(_ recognizer: UIGestureRecognizer, to new: UIGestureRecognizer.State,
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
    private func fail(_ recognizer: UIGestureRecognizer, cause: @autoclosure () -> TraceCause?) {
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

    /// The recognizers in play that started waiting for `recognizer` (which has some), in the order they
    /// joined play, each once; the record's list is emptied (a decided recognizer is waited for no more).
    /// The list is borrowed, and the caller hands it back (``giveBack(_:)``): a chain settles one link per
    /// recognizer, and a list allocated for each was one of the allocations every link made.
    private func takeWaiters(of recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
        let record = recognizer.arbitration
        var list = borrowRecognizerList()
        for waiting in record.waiters where waiting.arbitration.isActive && !list.containsObject(waiting) {
            list.append(waiting)
        }
        record.waiters.removeAllKeepingStorage()
        sortByJoinOrder(&list)
        return list
    }

    /// Sorts a short list of recognizers into the order they joined play (insertion sort: the lists are
    /// a handful long, and usually already sorted).
    private func sortByJoinOrder(_ list: inout [UIGestureRecognizer]) {
        guard list.count > 1 else { return }
        for index in 1 ..< list.count {
            let item = list[index]
            let key = item.arbitration.joinIndex
            var position = index
            while position > 0, list[position - 1].arbitration.joinIndex > key {
                list[position] = list[position - 1]
                position -= 1
            }
            list[position] = item
        }
    }

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
    private func askShouldBegin(of view: UIView, for recognizer: UIGestureRecognizer,
                                delegate: UIGestureRecognizerDelegate?, asked: inout Bool) -> Bool {
        let answer = view.gestureRecognizerShouldBegin(recognizer)
        if view === delegate {
            asked = true
            traceQuestion(recognizer, .shouldBegin, answer: answer)
        }
        return answer
    }

    // MARK: Failure requirements (R7)

    private func isUndecided(_ recognizer: UIGestureRecognizer) -> Bool {
        let record = recognizer.arbitration
        return record.settled == .possible && recognizer.isEnabled && record.isActive
    }

    /// Appends to `result` (empty) the undecided recognizers `recognizer` must wait for, in the order they
    /// joined play: those it requires to fail (`require(toFail:)`, checked now) and those the questions of
    /// R25 named. An edge that would close a cycle is left out and reported. The list is the caller's
    /// (borrowed), and the cycles are struck from it in place: every recognizer that tries to begin comes
    /// here, and two lists allocated for each were two of the allocations of every link of a chain.
    private func collectUndecidedDependencies(of recognizer: UIGestureRecognizer, into result: inout [UIGestureRecognizer]) {
        for entry in recognizer.requiredToFail {
            if let other = entry.recognizer, other !== recognizer, isUndecided(other), !result.containsObject(other) {
                result.append(other)
            }
        }
        for other in recognizer.arbitration.requiredByAnswer
        where other !== recognizer && isUndecided(other) && !result.containsObject(other) {
            result.append(other)
        }
        guard !result.isEmpty else { return }
        sortByJoinOrder(&result)
        var kept = 0
        for index in result.indices {
            let other = result[index]
            if waits(other, for: recognizer) {
                trace(.failureCycleBroken(recognizer: recognizer.traceSubject, ignoring: other.traceSubject))
                continue
            }
            result[kept] = other
            kept += 1
        }
        if kept < result.count { result.removeLast(result.count - kept) }
    }

    /// Whether `start` is waiting, directly or through others, for `target`.
    private func waits(_ start: UIGestureRecognizer, for target: UIGestureRecognizer) -> Bool {
        guard !start.arbitration.waitsFor.isEmpty else { return start === target }
        let stamp = newStamp()
        var stack = [start]
        while let current = stack.popLast() {
            if current === target { return true }
            let record = current.arbitration
            if record.mark == stamp { continue }
            record.mark = stamp
            stack.append(contentsOf: record.waitsFor)
        }
        return false
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
        var candidates = borrowRecognizerList()
        defer { giveBack(&candidates) }
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
        return false
    }

    private func recognizeSimultaneously(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
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

    // MARK: Actions

    /// The one path for actions: those of the recognizer's settled state, if it sends any (D5).
    private func sendActions(of recognizer: UIGestureRecognizer) {
        GestureEnvironment.sendActions(of: recognizer, for: recognizer.arbitration.settled)
    }

    /// Calls every action of `recognizer` whose target is still alive (targets are held weakly), if
    /// `state` sends actions (D5), tracing each. A recognizer not in play (its state set from outside a
    /// gesture) sends its actions through here too.
    static func sendActions(of recognizer: UIGestureRecognizer, for state: UIGestureRecognizer.State) {
        guard UIGestureRecognizer.sendsActions(state) else { return }
        // The actions as they are now (a handler that adds or removes actions changes the next dispatch,
        // not this one). Each pair is a class instance, so reading it out is one retain.
        let actions = recognizer.targetActions
        // The application to report to, if it traces: found once, through the arbiter's flag when the
        // recognizer is in play (the usual answer, no, then costs no load of the application).
        let tracingApplication: UIApplication?
        if let environment = recognizer.environment {
            tracingApplication = environment.isTracing ? environment.application : nil
        } else if let application = recognizer.reportingApplication, application.tracer != nil {
            tracingApplication = application
        } else {
            tracingApplication = nil
        }
        var index = 0
        while index < actions.count {
            defer { index += 1 }
            let action = actions[index]
            guard let target = action.target else { continue }
            if let application = tracingApplication {
                application.report(.recognizerAction(recognizer: recognizer.traceSubject, state: state,
                                                     target: TraceIdentity.subject(of: target)))
            }
            action.invoke(target, recognizer)
        }
    }

    // MARK: Resetting (D6, R22)

    /// Whether a recognizer in play has finished its gesture and waits to be reset.
    private func hasFinishedRecognizer() -> Bool {
        for recognizer in active where isFinished(recognizer) { return true }
        return false
    }

    private func resetFinishedRecognizers() {
        // Usually none is finished (every move of a drag comes here twice): find out without writing.
        guard hasFinishedRecognizer() else { return }
        var finished = borrowRecognizerList()
        defer { giveBack(&finished) }
        var kept = 0
        for index in active.indices {
            let recognizer = active[index]
            if isFinished(recognizer) {
                finished.append(recognizer)
            } else {
                active[kept] = recognizer
                kept += 1
            }
        }
        guard !finished.isEmpty else { return }
        active.truncate(to: kept)
        for recognizer in finished { recognizer.arbitration.isActive = false }
        detach(finished)
        for recognizer in finished {
            reset(recognizer, from: recognizer.arbitration.settled, cause: .reset(removedFromView: false))
        }
    }

    /// Whether `recognizer` is done with its gesture: decided, its touches and presses gone, no change
    /// of its state waiting to be settled.
    @inline(__always)
    private func isFinished(_ recognizer: UIGestureRecognizer) -> Bool {
        let record = recognizer.arbitration
        guard record.settled.isTerminal, recognizer.trackedPresses.isEmpty else { return false }
        for touch in recognizer.trackedTouches where !touch.phase.isFinished { return false }
        return record.queued.isEmpty
    }

    /// The one reset: a recognizer out of play returns to `.possible` (user reset first, then the
    /// arbiter's record), and the trace says so.
    private func reset(_ recognizer: UIGestureRecognizer, from finalState: UIGestureRecognizer.State, cause: TraceCause) {
        // The recognizer's lists are emptied keeping their storage: its next gesture fills them again.
        recognizer.invalidateTimers()
        recognizer.reset()
        recognizer.storedState = .possible
        recognizer.reasonForNextChange = nil
        recognizer.trackedTouches.removeAllKeepingStorage()
        if !recognizer.trackedPresses.isEmpty { recognizer.trackedPresses.removeAll() }
        let record = recognizer.arbitration
        if record.isWinner {
            record.isWinner = false
            winners.removeObject(recognizer)
        }
        if record.isQueued { removeFromQueue(recognizer) }
        record.clear()
        recognizer.environment = nil
        trace(.recognizerState(recognizer: recognizer.traceSubject, from: finalState, to: .possible, cause: cause))
    }

    /// Takes recognizers (already out of play) off every touch and press they were offered or fed, each
    /// list edited once.
    private func detach(_ recognizers: [UIGestureRecognizer]) {
        let stamp = newStamp()
        for recognizer in recognizers { recognizer.arbitration.mark = stamp }
        var touches = borrowTouchList()
        defer { giveBack(&touches) }
        for recognizer in recognizers {
            for touch in recognizer.arbitration.sequenceTouches where touch.arbiterStamp != stamp {
                touch.arbiterStamp = stamp
                touches.append(touch)
            }
        }
        for touch in application?.touchEvent.touchList ?? [] where touch.arbiterStamp != stamp {
            touch.arbiterStamp = stamp
            touches.append(touch)
        }
        for touch in touches {
            GestureEnvironment.removeMarked(stamp, from: &touch.receivingRecognizers)
            GestureEnvironment.removeMarked(stamp, from: &touch.candidateRecognizers)
        }
        // Presses too: a press still down must not hand its later phases to a recognizer that was reset.
        for press in application?.pressesEvent.pressList ?? [] {
            GestureEnvironment.removeMarked(stamp, from: &press.receivingRecognizers)
        }
    }

    /// Removes, in one pass keeping the order, the recognizers whose record carries `stamp`.
    private static func removeMarked(_ stamp: Int, from list: inout [UIGestureRecognizer]) {
        var kept = 0
        for index in list.indices {
            let recognizer = list[index]
            if recognizer.arbitration.mark == stamp { continue }
            if kept != index { list[kept] = recognizer }
            kept += 1
        }
        list.truncate(to: kept)
    }

    // MARK: The queue of changes to settle

    // Each entry of the heap carries its recognizer's R5 order, so that sifting compares integers in the
    // array and never reaches into the recognizers; and it holds its recognizer as an `Unmanaged`
    // reference, retained once when queued and released once when it leaves, so that moving an entry is
    // a plain copy. The heap used to read the order from each recognizer's record and write every moved
    // recognizer's place back into it, and each move retained and released two recognizers. A
    // recognizer that another holds weakly (`require(toFail:)` does) keeps its reference count in a side
    // table, so each of those counts went through the runtime's slow path to memory outside the array:
    // in a chain of 1,000, a fifth of the event's instructions, and a share growing with log N.
    //
    // The R5 orders of the recognizers in play are distinct (each comes from one counter), so the order
    // in which the heap hands them out does not depend on its layout.

    /// A recognizer in the queue, with its R5 order at the time it was queued or the queue was rebuilt.
    /// The queue owns one retain of the recognizer (taken in ``enqueue(_:)``, given back when it leaves).
    struct QueueEntry {
        var order: Int
        let recognizer: Unmanaged<UIGestureRecognizer>
    }

    private func enqueue(_ recognizer: UIGestureRecognizer) {
        recognizer.arbitration.isQueued = true
        queue.append(QueueEntry(order: recognizer.arbitration.order, recognizer: .passRetained(recognizer)))
        siftUp(queue.count - 1)
    }

    private func dequeueFirst() {
        let first = queue[0].recognizer
        let last = queue.removeLast()
        if !queue.isEmpty {
            queue[0] = last
            siftDown(0)
        }
        first.takeUnretainedValue().arbitration.isQueued = false
        first.release()
    }

    /// Takes a recognizer out of the queue with its changes (it is reset or removed from its view, which
    /// is rare): a search, then the heap is rebuilt.
    private func removeFromQueue(_ recognizer: UIGestureRecognizer) {
        let record = recognizer.arbitration
        guard record.isQueued else { return }
        record.isQueued = false
        record.queued.removeAll()
        guard let index = queue.firstIndex(where: { $0.recognizer.takeUnretainedValue() === recognizer }) else { return }
        queue.swapAt(index, queue.count - 1)
        queue.removeLast().recognizer.release()
        rebuildQueue()
    }

    /// Restores the heap after the R5 orders changed: each entry takes its recognizer's order again.
    private func rebuildQueue() {
        for index in queue.indices { queue[index].order = queue[index].recognizer.takeUnretainedValue().arbitration.order }
        guard queue.count > 1 else { return }
        for index in stride(from: queue.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    private func siftUp(_ start: Int) {
        var index = start
        while index > 0 {
            let parent = (index - 1) / 2
            guard queue[index].order < queue[parent].order else { break }
            queue.swapAt(index, parent)
            index = parent
        }
    }

    private func siftDown(_ start: Int) {
        var index = start
        while true {
            let left = 2 * index + 1, right = left + 1
            var smallest = index
            if left < queue.count, queue[left].order < queue[smallest].order { smallest = left }
            if right < queue.count, queue[right].order < queue[smallest].order { smallest = right }
            guard smallest != index else { return }
            queue.swapAt(index, smallest)
            index = smallest
        }
    }

    // MARK: Changes from outside

    /// `isEnabled` turned off: a gesture in progress is cancelled, a possible one fails (D13).
    func recognizerWasDisabled(_ recognizer: UIGestureRecognizer) {
        guard let application else { return }
        // Traced in both cases: `isEnabled` is mostly turned off from outside any dispatch, where no tracer is
        // active, and the cancel of a gesture in progress (with its action) went unrecorded.
        application.deferringInput {
            switch recognizer.arbitration.settled {
            case .began, .changed: recognizer.setState(.cancelled, because: .disabled)
            case .possible:
                fail(recognizer, cause: .disabled)
                settle()
            default: break
            }
        }
    }

    /// A recognizer was removed from its view: it leaves the game without sending actions.
    func forget(_ recognizer: UIGestureRecognizer) {
        guard let application else { return }
        application.deferringInput {
            // Every state change is traced, so a trace read alone follows the transition table (D4): a
            // gesture in progress is traced as cancelled (it still sends no action), and the reset too.
            // (Untraced, the next gesture's first record started from a state the trace never reached.)
            // Out of play first: the failure below may run actions whose handlers remove views, and so forget
            // this recognizer again from inside: it was reset, and traced as reset, twice.
            let record = recognizer.arbitration
            guard record.isActive else { return }
            record.isActive = false
            active.removeObject(recognizer)
            let finalState: UIGestureRecognizer.State
            switch record.settled {
            case .possible:
                fail(recognizer, cause: .removedFromView(inProgress: false))
                finalState = .failed
            case .began, .changed:
                commit(recognizer, to: .cancelled, cause: .removedFromView(inProgress: true), sendingActions: false)
                finalState = .cancelled
            case .ended, .cancelled, .failed:
                finalState = record.settled
            }
            if record.isQueued { removeFromQueue(recognizer) }
            detach([recognizer])
            // Removed before its last change's action went out (another's handler removed it), it sends none.
            reset(recognizer, from: finalState, cause: .reset(removedFromView: true))
            releaseWithheldTouches()
            settle()
        }
    }

    /// `ignore(_:for:)`: the recognizer lets go of a touch, which its view then gets without delay (D13).
    func recognizer(_ recognizer: UIGestureRecognizer, ignores touch: UITouch) {
        recognizer.trackedTouches.removeObject(touch)
        recognizer.arbitration.sequenceTouches.removeObject(touch)
        touch.receivingRecognizers.removeObject(recognizer)
        touch.candidateRecognizers.removeObject(recognizer)
    }

    /// `ignore(_:for:)` for a press: the recognizer stops tracking it.
    func recognizer(_ recognizer: UIGestureRecognizer, ignores press: UIPress) {
        recognizer.trackedPresses.removeObject(press)
    }

    // MARK: Tracing

    /// Reports a decision to the application's tracer, if it has one.
    @inline(__always)
    func trace(_ kind: @autoclosure () -> TraceRecord.Kind) {
        application?.report(kind())
    }

    /// Reports a delegate's answer (R25: the delegate's questions are part of the trace).
    @inline(__always)
    private func traceQuestion(_ recognizer: UIGestureRecognizer, _ question: TraceRecord.DelegateQuestion, answer: Bool) {
        if let application, application.tracer != nil {
            application.report(.delegateAsked(recognizer: recognizer.traceSubject, question: question, answer: answer))
        }
    }
}

extension UIGestureRecognizer.State {
    /// Whether the state ends a gesture: failed, ended (recognized) or cancelled.
    var isTerminal: Bool {
        switch self {
        case .failed, .ended, .cancelled: return true
        case .possible, .began, .changed: return false
        }
    }
}
