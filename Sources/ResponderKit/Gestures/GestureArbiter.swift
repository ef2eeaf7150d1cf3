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
final class GestureArbiter {
    // Dispatch reads the arbiter's state on every event. It is marked
    // `@exclusivity(unchecked)`: the runtime's exclusivity check on each access costs more than the
    // access itself, and no access to these properties ever overlaps a mutation of the same property
    // (they are read, assigned, or edited in place by code that does not read them back).

    /// The application that owns this arbiter. Not weak: a weak reference gives the application a side
    /// table, and every retain and release of an object with one takes the runtime's slow path (about
    /// four times the cost), several times per event. Not counted: the application owns the arbiter
    /// (``UIApplication/arbiter`` is a constant), so the arbiter never outlives it.
    @exclusivity(unchecked) unowned(unsafe) var application: UIApplication?
    /// Whether the application has a tracer, kept here by the application: sending an action asks on
    /// every move, and the answer is usually no.
    @exclusivity(unchecked) var isTracing = false

    /// Recognizers in play (tracking touches, waiting, or between the taps of a multi-tap), in the
    /// order they joined.
    @exclusivity(unchecked) var active: [UIGestureRecognizer] = []
    /// Recognizers with state changes not yet settled: a binary min-heap on their R5 order. Each one's
    /// changes wait in its record, in the order it made them.
    @exclusivity(unchecked) var queue: [QueueEntry] = []
    /// Recognizers in play that began or recognized, in no particular order (R6: who may prevent whom).
    @exclusivity(unchecked) var winners: [UIGestureRecognizer] = []
    /// Touches whose view delivery is held back.
    @exclusivity(unchecked) var withheld: [UITouch] = []
    @exclusivity(unchecked) var feedingDepth = 0
    /// The touches of the event being delivered, until its view delivery starts: a held-back touch
    /// released before then gets its latest move from that delivery (R13).
    @exclusivity(unchecked) var touchesAwaitingViewDelivery: [UITouch] = []
    @exclusivity(unchecked) var isSettling = false
    @exclusivity(unchecked) var meetingCounter = 0
    @exclusivity(unchecked) var joinCounter = 0
    @exclusivity(unchecked) var stampCounter = 0
    /// Recognizers that asked failure-requirement questions about a touch beginning in the event being
    /// fed, with that touch (R25). Usually empty: built-ins without a delegate have no question to ask.
    @exclusivity(unchecked) var questioners: [(touch: UITouch, recognizer: UIGestureRecognizer)] = []

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
    // ``UIGestureRecognizer/arbiter``): an application that goes away mid-gesture leaves them
    // pointing nowhere, so they are told here.
    isolated deinit {
        for entry in queue { entry.recognizer.release() }
        for recognizer in active { recognizer.arbiter = nil }
    }

    /// Whether state changes wait to be settled (none should, once an event has been handled).
    var hasUnsettledChanges: Bool { !queue.isEmpty }

    /// A fresh stamp, for marking the members of a list being built.
    func newStamp() -> Int {
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
    @exclusivity(unchecked) var spareTouchLists: [[UITouch]] = []
    @exclusivity(unchecked) var spareRecognizerLists: [[UIGestureRecognizer]] = []
    @exclusivity(unchecked) var spareTouchSets: [Set<UITouch>] = []
    @exclusivity(unchecked) var spareViewLists: [[UIView]] = []
    /// The two lists every touch event builds (its changed touches, and its recognizers in R5 order),
    /// each kept in a slot of its own: swapping a list out of a slot and back costs a fraction of
    /// borrowing it from the spares. A re-entrant delivery finds the slots empty and builds its own.
    @exclusivity(unchecked) var eventTouches: [UITouch] = []
    @exclusivity(unchecked) var eventRecognizers: [UIGestureRecognizer] = []
    /// The set last handed to a view's touch method (see ``TouchSetCache``). Cleared when touches leave
    /// the touch event, so it keeps no touch longer than the event does.
    @exclusivity(unchecked) var viewTouchSet = TouchSetCache()

    func borrowTouchList() -> [UITouch] { spareTouchLists.popLast() ?? [] }

    func giveBack(_ list: inout [UITouch]) {
        list.removeAllKeepingStorage()
        spareTouchLists.append(list)
        list = []
    }

    func borrowRecognizerList() -> [UIGestureRecognizer] { spareRecognizerLists.popLast() ?? [] }

    func giveBack(_ list: inout [UIGestureRecognizer]) {
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

    // MARK: Tracing

    /// Reports a decision to the application's tracer, if it has one.
    @inline(__always)
    func trace(_ kind: @autoclosure () -> TraceRecord.Kind) {
        application?.report(kind())
    }

    /// Reports a delegate's answer (R25: the delegate's questions are part of the trace).
    @inline(__always)
    func traceQuestion(_ recognizer: UIGestureRecognizer, _ question: TraceRecord.DelegateQuestion, answer: Bool) {
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
