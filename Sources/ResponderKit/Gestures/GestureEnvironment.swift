import Foundation

/// The arbiter: one per application. It feeds touches to gesture recognizers before views, settles
/// their state changes against each other, sends their actions, and decides which view touches are
/// delivered, held back or cancelled.
///
/// The rules it enforces:
/// - R5: a new touch is offered to the recognizers of its hit-test view and every ancestor, deepest
///   first and, on one view, in the order they were added; that order settles every tie.
/// - D2: the delegate's `shouldReceive` (event, then touch) is asked before a recognizer gets a touch.
/// - R9: a recognizer leaving `.possible` asks every view from the hit-test view up to its own view,
///   then its delegate, whether it should begin.
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
@MainActor
final class GestureEnvironment {
    // Dispatch reads the arbiter's state on every event. It is marked
    // `@exclusivity(unchecked)`: the runtime's exclusivity check on each access costs more than the
    // access itself, and no access to these properties ever overlaps a mutation of the same property
    // (they are read, assigned, or edited in place by code that does not read them back).

    @exclusivity(unchecked) weak var application: UIApplication?

    /// Recognizers in play (tracking touches, waiting, or between the taps of a multi-tap), in the
    /// order they were met (R5).
    @exclusivity(unchecked) var active: [UIGestureRecognizer] = []
    /// State changes not yet settled, in the order they were made.
    @exclusivity(unchecked)
    var transitions: [(recognizer: UIGestureRecognizer, from: UIGestureRecognizer.State,
                       to: UIGestureRecognizer.State, cause: String?)] = []
    /// Touches whose view delivery is held back.
    @exclusivity(unchecked) var withheld: [UITouch] = []
    @exclusivity(unchecked) var feedingDepth = 0
    /// The touches of the event being delivered, until its view delivery starts: a held-back touch
    /// released before then gets its latest move from that delivery (R13).
    @exclusivity(unchecked) var touchesAwaitingViewDelivery: [UITouch] = []
    @exclusivity(unchecked) private var isSettling = false
    @exclusivity(unchecked) private var meetingCounter = 0

    /// The application's clock (held here too, so that recognizers read the time in one step).
    let clock: EventClock

    /// Creates the arbiter of an application, which then sets ``application``.
    init(clock: EventClock) {
        self.clock = clock
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

    func borrowTouchList() -> [UITouch] { spareTouchLists.popLast() ?? [] }

    func giveBack(_ list: inout [UITouch]) {
        list.removeAll(keepingCapacity: true)
        spareTouchLists.append(list)
        list = []
    }

    private func borrowRecognizerList() -> [UIGestureRecognizer] { spareRecognizerLists.popLast() ?? [] }

    private func giveBack(_ list: inout [UIGestureRecognizer]) {
        list.removeAll(keepingCapacity: true)
        spareRecognizerLists.append(list)
        list = []
    }

    func borrowViewList() -> [UIView] { spareViewLists.popLast() ?? [] }

    func giveBack(_ list: inout [UIView]) {
        list.removeAll(keepingCapacity: true)
        spareViewLists.append(list)
        list = []
    }

    func borrowTouchSet() -> Set<UITouch> { spareTouchSets.popLast() ?? [] }

    func giveBack(_ set: inout Set<UITouch>) {
        set.removeAll(keepingCapacity: true)
        spareTouchSets.append(set)
        set = []
    }

    // MARK: Feeding touches

    /// Delivers a window's changed touches: recognizers first, then views.
    func deliverTouches(of event: UIEvent, in window: UIWindow) {
        var changed = borrowTouchList()
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
        var order = borrowRecognizerList()
        for touch in changed {
            let source = touch.phase == .began ? touch.candidateRecognizers : touch.receivingRecognizers
            for recognizer in source where endsTouches || !recognizer.settledState.isTerminal {
                if !order.containsObject(recognizer) { order.append(recognizer) }
            }
        }
        feedingDepth += 1
        touchesAwaitingViewDelivery = changed
        for recognizer in order where !recognizer.isDecided { feed(recognizer, changed, event) }
        feedingDepth -= 1
        // R5: ties in this event go by this event's order (deepest view first, then order added), also
        // for a recognizer still in play from an earlier sequence: a double tap between its taps must
        // not settle before the single tap that was added before it (R6: then the single tap fires too).
        for recognizer in order where active.containsObject(recognizer) {
            meetingCounter += 1
            recognizer.arbitrationOrder = meetingCounter
        }
        settle()
        touchesAwaitingViewDelivery = []
        deliverToViews(changed, event)
        // Ended and cancelled touches leave their recognizers only now, so that actions sent on the
        // last lift still see them (a two-finger tap's location is the centroid of both).
        for recognizer in order where recognizer.hasFinishedTouches { recognizer.forgetFinishedTouches() }
        settle()
        giveBack(&changed)
        giveBack(&order)
    }

    /// The recognizers a new touch on `view` is offered: its view's and every ancestor's (R5).
    private func collectRecognizers(from view: UIView?) -> [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = []
        var current = view
        while let v = current {
            for recognizer in v.attachedRecognizers where recognizer.isEnabled { result.append(recognizer) }
            current = v.superview
        }
        return result
    }

    private func feed(_ recognizer: UIGestureRecognizer, _ touches: [UITouch], _ event: UIEvent) {
        // A recognizer that has decided, or waits for others to decide, is fed nothing more (it keeps
        // its touches until they end).
        guard !recognizer.isDecided else { return }
        guard recognizer.isEnabled, recognizer.view != nil else { return }
        var began = borrowTouchList()
        defer { giveBack(&began) }
        var askedEvent = false
        var eventAccepted = true
        for touch in touches where touch.phase == .began && touch.candidateRecognizers.containsObject(recognizer) {
            if let reason = refusal(of: touch, by: recognizer, event: event, askedEvent: &askedEvent, eventAccepted: &eventAccepted) {
                touch.candidateRecognizers.removeObject(recognizer)
                trace(.recognizerNotFed(recognizer: recognizer.traceName, what: "touch #\(touch.finger)", reason: reason))
                continue
            }
            began.append(touch)
        }
        if !began.isEmpty {
            join(recognizer)
            for touch in began {
                touch.receivingRecognizers.append(recognizer)
                recognizer.trackedTouches.append(touch)
                recognizer.sequenceTouches.append(touch)
            }
            call(recognizer, "touchesBegan", began, whereIn: nil) { $0.touchesBegan($1, with: event) }
        }
        // The tracked touches as they were before the recognizer was called, in each phase.
        let tracked = recognizer.trackedTouches
        // D6: once a recognizer reaches a terminal state (in `touchesBegan` of this very event, say), it gets
        // no more of the event's touches. Fed on, built-ins asked for failed → failed, which was refused.
        guard !recognizer.storedState.isTerminal else { return }
        call(recognizer, "touchesMoved", tracked, whereIn: touches, phase: .moved) { $0.touchesMoved($1, with: event) }
        guard !recognizer.storedState.isTerminal else { return }
        call(recognizer, "touchesEnded", tracked, whereIn: touches, phase: .ended) { $0.touchesEnded($1, with: event) }
        guard !recognizer.storedState.isTerminal else { return }
        let cancelled = call(recognizer, "touchesCancelled", tracked, whereIn: touches, phase: .cancelled) {
            $0.touchesCancelled($1, with: event)
        }
        if cancelled, recognizer.storedState == .possible, recognizer.pendingState == nil, !recognizer.hasLiveTouches {
            recognizer.setState(.failed, because: "its touches were cancelled")
        }
    }

    /// Why `recognizer` may not have `touch`, or nil if it may (D2, allowed and exclusive touch types).
    private func refusal(of touch: UITouch, by recognizer: UIGestureRecognizer, event: UIEvent,
                         askedEvent: inout Bool, eventAccepted: inout Bool) -> String? {
        if !recognizer.allowedTouchTypes.contains(touch.type) { return "touch type \(touch.type) is not allowed" }
        if recognizer.requiresExclusiveTouchType, let first = recognizer.trackedTouches.first, first.type != touch.type {
            return "it already tracks touches of type \(first.type)"
        }
        if let delegate = recognizer.delegate {
            if !askedEvent {
                askedEvent = true
                eventAccepted = delegate.gestureRecognizer(recognizer, shouldReceive: event)
            }
            if !eventAccepted { return "its delegate's shouldReceive(event) answered false" }
            if !delegate.gestureRecognizer(recognizer, shouldReceive: touch) { return "its delegate's shouldReceive(touch) answered false" }
        }
        return nil
    }

    /// Calls one `touches…` method of `recognizer` with those of `touches` that are in `event` (all of
    /// them when `event` is nil) and, if given, in `phase`; nothing when none are. Returns whether it called.
    @discardableResult
    private func call(_ recognizer: UIGestureRecognizer, _ method: String, _ touches: [UITouch],
                      whereIn event: [UITouch]?, phase: UITouch.Phase? = nil,
                      _ body: (UIGestureRecognizer, Set<UITouch>) -> Void) -> Bool {
        var set = borrowTouchSet()
        defer { giveBack(&set) }
        for touch in touches {
            if let phase, touch.phase != phase { continue }
            if let event, !event.containsObject(touch) { continue }
            set.insert(touch)
        }
        guard !set.isEmpty else { return false }
        if TraceContext.isActive {
            trace(.recognizerFed(recognizer: recognizer.traceName, method: method, fingers: set.map(\.finger).sorted()))
        }
        body(recognizer, set)
        return true
    }

    /// Puts a recognizer in play.
    func join(_ recognizer: UIGestureRecognizer) {
        guard recognizer.environment !== self || !active.containsObject(recognizer) else { return }
        recognizer.environment = self
        meetingCounter += 1
        recognizer.arbitrationOrder = meetingCounter
        active.append(recognizer)
    }

    // MARK: State changes

    /// Called by a recognizer after every valid change of its state.
    func recognizer(_ recognizer: UIGestureRecognizer, changedFrom old: UIGestureRecognizer.State,
                    to new: UIGestureRecognizer.State, cause: String?) {
        transitions.append((recognizer, old, new, cause))
        if feedingDepth == 0 { settle() }
    }

    /// Settles every pending state change, then releases held-back touches and resets finished
    /// recognizers, until nothing is left to do. Re-entrant calls (from actions) leave the work to the
    /// outer loop.
    func settle() {
        guard !isSettling else { return }
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
            while let index = nextTransitionIndex() {
                let transition = transitions.remove(at: index)
                apply(transition.recognizer, from: transition.from, to: transition.to, cause: transition.cause)
            }
            releaseWithheldTouches()
        } while !transitions.isEmpty
        resetFinishedRecognizers()
    }

    /// The earliest change of the recognizer met first (R5 order decides ties within one event).
    private func nextTransitionIndex() -> Int? {
        guard !transitions.isEmpty else { return nil }
        var best = 0
        for index in transitions.indices.dropFirst()
        where transitions[index].recognizer.arbitrationOrder < transitions[best].recognizer.arbitrationOrder {
            best = index
        }
        // Keep one recognizer's own changes in the order it made them.
        let recognizer = transitions[best].recognizer
        return firstTransition(of: recognizer)
    }

    private func firstTransition(of recognizer: UIGestureRecognizer) -> Int? {
        for index in transitions.indices where transitions[index].recognizer === recognizer { return index }
        return nil
    }

    private func apply(_ recognizer: UIGestureRecognizer, from: UIGestureRecognizer.State,
                       to: UIGestureRecognizer.State, cause: String?) {
        // A change made before an earlier one was reverted (the recognizer was sent to wait, or failed)
        // no longer describes the recognizer: drop it.
        guard from == recognizer.settledState else { return }
        switch (from, to) {
        case (.possible, .began), (.possible, .ended):
            if recognizer.pendingState != nil {
                // Already waiting (R7): only the wanted transition changes.
                recognizer.storedState = .possible
                recognizer.pendingState = to
                return
            }
            attempt(recognizer, to: to, cause: cause, released: false)
        case (.possible, .failed):
            commitFailure(recognizer, cause: cause)
        default:
            // In progress: began/changed → changed/ended/cancelled. Each settled step sets `storedState` to
            // the state its actions are for, so that a handler reading `state` sees it (a recognizer that
            // began and changed in one event is at .began for the began action, then at .changed).
            recognizer.storedState = to
            recognizer.settledState = to
            trace(.recognizerState(recognizer: recognizer.traceName, from: from.description, to: to.description, cause: cause))
            sendActions(of: recognizer)
        }
    }

    /// A recognizer wants to begin or recognize: R9, then R7, then it commits. The cause is evaluated
    /// only to be kept for a wait or reported to a tracer.
    private func attempt(_ recognizer: UIGestureRecognizer, to wanted: UIGestureRecognizer.State,
                         cause: @autoclosure () -> String?, released: Bool) {
        if !released {
            if let refuser = shouldBeginRefusal(of: recognizer) {
                recognizer.storedState = .failed
                commitFailure(recognizer, cause: "refused by \(refuser)")
                return
            }
            let dependencies = undecidedDependencies(of: recognizer)
            if !dependencies.isEmpty {
                recognizer.storedState = .possible
                recognizer.pendingState = wanted
                recognizer.pendingDependencies = dependencies
                recognizer.pendingCause = cause()
                trace(.recognizerWaiting(recognizer: recognizer.traceName, wants: wanted.description,
                                         waitingFor: dependencies.map(\.traceName)))
                return
            }
        }
        // R6 holds for a recognizer released by another's failure (R7) too: if a recognizer sharing its
        // touches has already begun or recognized and may prevent it, it fails. Without this, in a chain
        // single → double → triple, the triple tap's recognition failed the double, which released the
        // single: two actions for one gesture.
        if released, let winner = active.first(where: { beats($0, recognizer) }) {
            recognizer.storedState = .failed
            commitFailure(recognizer, cause: "prevented by '\(winner.traceName)'")
            return
        }
        recognizer.storedState = wanted
        recognizer.settledState = wanted
        recognizer.pendingState = nil
        recognizer.pendingDependencies = []
        trace(.recognizerState(recognizer: recognizer.traceName, from: "possible", to: wanted.description, cause: cause()))
        // R7: whoever waited for this recognizer to fail fails instead.
        for waiting in active where waiting.pendingDependencies.containsObject(recognizer) {
            waiting.pendingState = nil
            waiting.pendingDependencies = []
            waiting.storedState = .failed
            commitFailure(waiting, cause: "'\(recognizer.traceName)' \(wanted == .began ? "began" : "recognized")")
        }
        preventOthers(by: recognizer)
        sendActions(of: recognizer)
        if recognizer.cancelsTouchesInView {
            cancelViewTouches(of: recognizer)
            cancelResponderPresses(of: recognizer)
        }
        // A continuous gesture released (R7) after its fingers lifted (a waiting recognizer is fed nothing)
        // has no touch left to end it: left began, it stayed in play for ever. It ends now.
        if released, wanted == .began, recognizer.storedState == .began, recognizer.settledState == .began,
           recognizer.liveTouches.isEmpty,
           !recognizer.trackedPresses.contains(where: { $0.phase != .ended && $0.phase != .cancelled }) {
            recognizer.setState(.ended, because: "its touches lifted while it waited")
        }
    }

    /// Fails a recognizer. Its cause goes to the tracer only, and is evaluated only if one listens.
    private func commitFailure(_ recognizer: UIGestureRecognizer, cause: @autoclosure () -> String?) {
        recognizer.storedState = .failed
        recognizer.settledState = .failed
        recognizer.pendingState = nil
        recognizer.pendingDependencies = []
        for timer in recognizer.timers { timer.invalidate() }
        trace(.recognizerState(recognizer: recognizer.traceName, from: "possible", to: "failed", cause: cause()))
        // R7: recognizers waiting for this one may now go ahead.
        for waiting in active where waiting.pendingDependencies.containsObject(recognizer) {
            waiting.pendingDependencies.removeAll { $0 === recognizer || !isUndecided($0) }
            if waiting.pendingDependencies.isEmpty, let wanted = waiting.pendingState {
                let earlier = waiting.pendingCause
                waiting.pendingCause = nil
                attempt(waiting, to: wanted,
                        cause: earlier.map { "\($0); '\(recognizer.traceName)' failed" } ?? "'\(recognizer.traceName)' failed",
                        released: true)
            }
        }
    }

    /// The first view (hit-test view up to the recognizer's view) or delegate that refuses, or nil (R9).
    private func shouldBeginRefusal(of recognizer: UIGestureRecognizer) -> String? {
        if let touch = recognizer.sequenceTouches.first, let recognizerView = recognizer.view {
            var current = touch.view
            while let view = current {
                if !view.gestureRecognizerShouldBegin(recognizer) { return "\(view.kitClassName) '\(view.traceName)'" }
                if view === recognizerView { break }
                current = view.superview
            }
        } else if let view = recognizer.view, !view.gestureRecognizerShouldBegin(recognizer) {
            return "\(view.kitClassName) '\(view.traceName)'"
        }
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) {
            return "its delegate"
        }
        return nil
    }

    // MARK: Failure requirements (R7)

    private func isUndecided(_ recognizer: UIGestureRecognizer) -> Bool {
        recognizer.settledState == .possible && recognizer.isEnabled && active.containsObject(recognizer)
    }

    /// Whether `recognizer` must wait for `other` to fail, from any of the five sources (D7, D8).
    private func requiresFailure(of other: UIGestureRecognizer, by recognizer: UIGestureRecognizer) -> Bool {
        if recognizer.requiredToFail.contains(where: { $0.recognizer === other }) { return true }
        if recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer) { return true }
        if recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true { return true }
        if other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true { return true }
        return false
    }

    private func undecidedDependencies(of recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = []
        for other in active where other !== recognizer && isUndecided(other) && requiresFailure(of: other, by: recognizer) {
            if waits(other, for: recognizer) {
                trace(.failureCycleBroken(recognizer: recognizer.traceName, ignoring: other.traceName))
                continue
            }
            result.append(other)
        }
        return result
    }

    /// Whether `start` is waiting, directly or through others, for `target`.
    private func waits(_ start: UIGestureRecognizer, for target: UIGestureRecognizer) -> Bool {
        var seen: [UIGestureRecognizer] = []
        var stack = [start]
        while let current = stack.popLast() {
            if current === target { return true }
            if seen.containsObject(current) { continue }
            seen.append(current)
            stack.append(contentsOf: current.pendingDependencies)
        }
        return false
    }

    // MARK: Exclusivity (R6)

    private func preventOthers(by winner: UIGestureRecognizer) {
        for other in active where other !== winner && shareTouches(winner, other) {
            let state = other.settledState
            guard state == .possible || state == .began || state == .changed else { continue }
            if recognizeSimultaneously(winner, other) { continue }
            guard winner.canPrevent(other), other.canBePrevented(by: winner) else { continue }
            if state == .possible {
                other.storedState = .failed
                commitFailure(other, cause: "prevented by '\(winner.traceName)'")
            } else {
                other.storedState = .cancelled
                other.settledState = .cancelled
                trace(.recognizerState(recognizer: other.traceName, from: state.description, to: "cancelled",
                                       cause: "prevented by '\(winner.traceName)'"))
                sendActions(of: other)
            }
        }
    }

    /// Whether `winner`, having begun or recognized, excludes `other` (R6).
    private func beats(_ winner: UIGestureRecognizer, _ other: UIGestureRecognizer) -> Bool {
        let state = winner.settledState
        guard winner !== other, state == .began || state == .changed || state == .ended else { return false }
        return shareTouches(winner, other) && !recognizeSimultaneously(winner, other)
            && winner.canPrevent(other) && other.canBePrevented(by: winner)
    }

    private func shareTouches(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.sequenceTouches.contains { touch in b.sequenceTouches.containsObject(touch) }
            || a.trackedPresses.contains { press in b.trackedPresses.containsObject(press) }
    }

    private func recognizeSimultaneously(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        if a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true { return true }
        if b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true { return true }
        return false
    }

    // MARK: Actions

    private func sendActions(of recognizer: UIGestureRecognizer) {
        guard UIGestureRecognizer.sendsActions(recognizer.settledState) else { return }
        for entry in recognizer.targetActions {
            guard let target = entry.target else { continue }
            if TraceContext.isActive {
                trace(.recognizerAction(recognizer: recognizer.traceName, state: recognizer.settledState.description,
                                        target: traceName(of: target)))
            }
            entry.invoke(target, recognizer)
        }
    }

    private func traceName(of target: AnyObject) -> String {
        if let responder = target as? UIResponder { return responder.traceName }
        return String(describing: type(of: target))
    }

    // MARK: Resetting (D6, R22)

    private func resetFinishedRecognizers() {
        var index = 0
        while index < active.count {
            guard isFinished(active[index]) else {
                index += 1
                continue
            }
            let recognizer = active[index]
            let finalState = recognizer.settledState
            active.remove(at: index)
            detach(recognizer)
            recognizer.performReset()
            recognizer.environment = nil
            trace(.recognizerState(recognizer: recognizer.traceName, from: finalState.description,
                                   to: "possible", cause: "reset"))
        }
    }

    /// Whether `recognizer` is done with its gesture: decided, its touches and presses gone, no change
    /// of its state waiting to be settled.
    @inline(__always)
    private func isFinished(_ recognizer: UIGestureRecognizer) -> Bool {
        guard recognizer.settledState.isTerminal, recognizer.trackedPresses.isEmpty else { return false }
        for touch in recognizer.trackedTouches where !touch.phase.isFinished { return false }
        return firstTransition(of: recognizer) == nil
    }

    /// Takes a recognizer off every touch it was offered or fed.
    private func detach(_ recognizer: UIGestureRecognizer) {
        for touch in recognizer.sequenceTouches {
            touch.receivingRecognizers.removeObject(recognizer)
            touch.candidateRecognizers.removeObject(recognizer)
        }
        for touch in application?.touchEvent.touchList ?? [] {
            touch.candidateRecognizers.removeObject(recognizer)
        }
        // Presses too: a press still down must not hand its later phases to a recognizer that was reset.
        for press in application?.pressesEvent.pressList ?? [] {
            press.receivingRecognizers.removeAll { $0 === recognizer }
        }
    }

    // MARK: Changes from outside

    /// `isEnabled` turned off: a gesture in progress is cancelled, a possible one fails (D13).
    func recognizerWasDisabled(_ recognizer: UIGestureRecognizer) {
        guard let application else { return }
        // Traced in both cases: `isEnabled` is mostly turned off from outside any dispatch, where no tracer is
        // active, and the cancel of a gesture in progress (with its action) went unrecorded.
        application.deferringInput { TraceContext.withTracing(of: application) {
            switch recognizer.settledState {
            case .began, .changed: recognizer.setState(.cancelled, because: "disabled")
            case .possible:
                recognizer.storedState = .failed
                commitFailure(recognizer, cause: "disabled")
                settle()
            default: break
            }
        } }
    }

    /// A recognizer was removed from its view: it leaves the game without sending actions.
    func forget(_ recognizer: UIGestureRecognizer) {
        guard let application else { return }
        application.deferringInput { TraceContext.withTracing(of: application) {
            // Every state change is traced, so a trace read alone follows the transition table (D4): a
            // gesture in progress is traced as cancelled (it still sends no action), and the reset too.
            // (Untraced, the next gesture's first record started from a state the trace never reached.)
            // Out of play first: the failure below may run actions whose handlers remove views, and so forget
            // this recognizer again from inside: it was reset, and traced as reset, twice.
            guard active.containsObject(recognizer) else { return }
            active.removeObject(recognizer)
            let finalState: UIGestureRecognizer.State
            switch recognizer.settledState {
            case .possible:
                recognizer.storedState = .failed
                commitFailure(recognizer, cause: "removed from its view")
                finalState = .failed
            case .began, .changed:
                trace(.recognizerState(recognizer: recognizer.traceName, from: recognizer.settledState.description,
                                       to: "cancelled", cause: "removed from its view; no action sent"))
                finalState = .cancelled
            case .ended, .cancelled, .failed:
                finalState = recognizer.settledState
            }
            recognizer.settledState = .failed
            transitions.removeAll { $0.recognizer === recognizer }
            detach(recognizer)
            recognizer.performReset()
            recognizer.environment = nil
            // Removed before its last change's action went out (another's handler removed it), it sends none.
            trace(.recognizerState(recognizer: recognizer.traceName, from: finalState.description, to: "possible",
                                   cause: "reset; removed from its view"))
            releaseWithheldTouches()
            settle()
        } }
    }

    /// `ignore(_:for:)`: the recognizer lets go of a touch, which its view then gets without delay (D13).
    func recognizer(_ recognizer: UIGestureRecognizer, ignores touch: UITouch) {
        recognizer.trackedTouches.removeObject(touch)
        recognizer.sequenceTouches.removeObject(touch)
        touch.receivingRecognizers.removeObject(recognizer)
        touch.candidateRecognizers.removeObject(recognizer)
    }

    @inline(__always)
    func trace(_ kind: @autoclosure () -> TraceRecord.Kind) {
        if TraceContext.isActive { TraceContext.record(kind()) }
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
