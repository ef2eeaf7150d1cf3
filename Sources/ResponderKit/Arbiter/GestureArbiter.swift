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
/// ## The door
///
/// Arbitration state lives in records the arbiter owns: one per recognizer (``RecognizerRecord``, its
/// state, what it waits for, its touches), one per touch and per press (``TouchRecord``,
/// ``PressRecord``: who it is fed to, whether its view delivery is held back), and the arbiter's own
/// lists below. Their fields are `private(set)` or `private`: each is written only in the file that
/// declares it, by a few named steps (join, request, wait, commit, leave, clear…). The arbiter's
/// other files (routing, the failure graph, settling, actions, leaving play, presses) decide; view
/// delivery asks. A recognizer sets its public `state`, which reaches the arbiter through one call,
/// ``recognizer(_:wants:)``; the arbiter changes a recognizer's state only through its record, never
/// through that setter. Every settled change goes through one commit, which changes the state, reports
/// it and sends the actions; every reset through one reset.
///
/// Cost: every event is linear in the recognizers and touches in play. Membership of the arbiter's
/// lists is a flag or a stamp in the record, never a search; the changes to settle wait in a heap
/// ordered by R5 order (``SettleQueue``); each recognizer knows who waits for it.
@MainActor
final class GestureArbiter {
    /// The arbiter's own state, read on every event: fenced storage (see ``FencedStorage``). It is read
    /// through the read-only properties below and written only by the steps of this file, each an edit
    /// that calls nothing outside it.
    #if DEBUG
    private var fenced = Fields()
    #else
    @exclusivity(unchecked) private var fenced = Fields()
    #endif

    private struct Fields: FencedStorage {
        var applicationLink: WeakLink<UIResponder>?
        var isTracing = false
        var active: [UIGestureRecognizer] = []
        var winners: [UIGestureRecognizer] = []
        var withheld: [UITouch] = []
        var feedingDepth = 0
        var touchesAwaitingViewDelivery: [UITouch] = []
        var questioners: [(touch: UITouch, recognizer: UIGestureRecognizer)] = []
        var isSettling = false
        var meetingCounter = 0
        var joinCounter = 0
        var stampCounter = 0
    }

    /// The application that owns this arbiter, through its link (see ``WeakLink``): not weak, since a
    /// weak reference gives the application a side table, and every retain and release of an object
    /// with one takes the runtime's slow path, several times per event. The arbiter may outlive its
    /// application for the length of a call (a recognizer that sets its state keeps the arbiter for the
    /// call, and an action may free the application): the link then reads nil.
    var application: UIApplication? { fenced.applicationLink?.object(as: UIApplication.self) }
    /// Whether the application has a tracer, kept here by the application: sending an action asks on
    /// every move, and the answer is usually no.
    var isTracing: Bool { fenced.isTracing }
    /// Recognizers in play (tracking touches, waiting, or between the taps of a multi-tap), in the
    /// order they joined.
    var active: [UIGestureRecognizer] { _read { yield fenced.active } }
    /// Recognizers in play that began or recognized, in no particular order (R6: who may prevent whom).
    var winners: [UIGestureRecognizer] { _read { yield fenced.winners } }
    /// Touches whose view delivery is held back (R13).
    var withheld: [UITouch] { _read { yield fenced.withheld } }
    /// Nesting of feeding: changes made while recognizers are fed wait until the event is fed.
    var feedingDepth: Int { fenced.feedingDepth }
    /// The touches of the event being delivered, until its view delivery starts: a held-back touch
    /// released before then gets its latest move from that delivery (R13).
    var touchesAwaitingViewDelivery: [UITouch] { _read { yield fenced.touchesAwaitingViewDelivery } }
    /// Recognizers that asked failure-requirement questions about a touch beginning in the event being
    /// fed, with that touch (R25). Usually empty: built-ins without a delegate have no question to ask.
    var questioners: [(touch: UITouch, recognizer: UIGestureRecognizer)] { _read { yield fenced.questioners } }
    /// Whether settling is under way (re-entrant calls leave the work to it).
    var isSettling: Bool { fenced.isSettling }

    /// Recognizers with state changes not yet settled, by R5 order.
    let queue = SettleQueue()

    /// Short lists reused from event to event.
    let scratch = ScratchLists()
    /// Delivery to views, which comes after the arbiter and asks it what is held back.
    let viewDelivery = ViewDelivery()
    /// The application's clock (held here too, so that recognizers read the time in one step).
    let clock: EventClock

    /// Creates the arbiter of an application, which then attaches itself.
    init(clock: EventClock) {
        self.clock = clock
    }

    // Recognizers in play point back at the arbiter without counting it (see
    // ``RecognizerRecord/arbiter``): an application that goes away mid-gesture takes them out of play.
    isolated deinit {
        for recognizer in fenced.active { recognizer.arbitration.leave() }
    }

    /// The application attaches itself once it is initialized.
    func attach(to application: UIApplication) {
        fenced.applicationLink = application.link
    }

    /// The application's tracer came or went.
    func setTracing(_ tracing: Bool) {
        fenced.isTracing = tracing
    }

    /// Whether state changes wait to be settled (none should, once an event has been handled).
    var hasUnsettledChanges: Bool { !queue.isEmpty }

    /// A fresh stamp, for marking the members of a list being built.
    func newStamp() -> Int {
        fenced.stampCounter &+= 1
        return fenced.stampCounter
    }

    /// The last stamp taken: a pass that runs user code between its marks and their reading takes its
    /// stamp again if another pass took one meanwhile (and may have marked the same records).
    var currentStamp: Int { fenced.stampCounter }

    // MARK: Steps: play

    /// Puts a recognizer in play, met now.
    func join(_ recognizer: UIGestureRecognizer) {
        let record = recognizer.arbitration
        guard record.arbiter !== self || !record.isActive else { return }
        fenced.meetingCounter += 1
        fenced.joinCounter += 1
        record.join(self, order: fenced.meetingCounter, joinIndex: fenced.joinCounter)
        // A recognizer with changes to settle is in play, so it never joins again; were it to, its key in
        // the queue must follow its new order.
        if record.isQueued { queue.rebuild() }
        fenced.active.append(recognizer)
    }

    /// R5: ties in this event go by this event's order (deepest view first, then order added), also
    /// for a recognizer still in play from an earlier sequence.
    func meet(_ order: [UIGestureRecognizer]) {
        for recognizer in order where recognizer.arbitration.isActive {
            fenced.meetingCounter += 1
            recognizer.arbitration.meet(order: fenced.meetingCounter)
        }
        if !queue.isEmpty { queue.rebuild() }
    }

    /// Takes the recognizers that are `finished` out of play, into `finished` (borrowed, empty), keeping
    /// the order of the others.
    func leavePlay(_ finished: inout [UIGestureRecognizer], where isFinished: (UIGestureRecognizer) -> Bool) {
        // By index, each access on its own: `isFinished` is the caller's.
        var kept = 0
        let count = fenced.active.count
        for index in 0 ..< count {
            let recognizer = fenced.active[index]
            if isFinished(recognizer) {
                finished.append(recognizer)
            } else {
                fenced.active[kept] = recognizer
                kept += 1
            }
        }
        guard !finished.isEmpty else { return }
        fenced.active.truncate(to: kept)
        for recognizer in finished { recognizer.arbitration.leave() }
    }

    /// Takes one recognizer out of play (it was removed from its view).
    func leavePlay(_ recognizer: UIGestureRecognizer) {
        recognizer.arbitration.leave()
        fenced.active.removeObject(recognizer)
    }

    /// Settles `recognizer` at `new` (see ``RecognizerRecord/commit(to:)``), listing it among the
    /// winners if it began or recognized (R6).
    func markSettled(_ recognizer: UIGestureRecognizer, at new: UIGestureRecognizer.State) {
        if recognizer.arbitration.commit(to: new) { fenced.winners.append(recognizer) }
    }

    /// Back to rest at its reset: off every list of the arbiter, its record cleared.
    func clear(_ recognizer: UIGestureRecognizer) {
        let record = recognizer.arbitration
        if record.isWinner { fenced.winners.removeObject(recognizer) }
        if record.isQueued { queue.remove(recognizer) }
        record.clear()
    }

    // MARK: Steps: feeding and settling

    /// The event's recognizers are about to be fed `touches`.
    func beginFeeding(_ touches: [UITouch]) {
        fenced.feedingDepth += 1
        fenced.touchesAwaitingViewDelivery = touches
    }

    /// Presses are about to be fed.
    func beginFeedingPresses() {
        fenced.feedingDepth += 1
    }

    /// A hover, a scroll or a transform is about to be fed.
    func beginFeedingPointer() {
        fenced.feedingDepth += 1
    }

    /// The event's recognizers were fed.
    func endFeeding() {
        fenced.questioners.removeAllKeepingStorage()
        fenced.feedingDepth -= 1
    }

    /// The event's view delivery starts.
    func beginViewDelivery() {
        fenced.touchesAwaitingViewDelivery = []
    }

    /// R25: `recognizer` asked its questions about `touch`, which began in the event being fed.
    func noteQuestioner(_ recognizer: UIGestureRecognizer, of touch: UITouch) {
        fenced.questioners.append((touch, recognizer))
    }

    /// Settling starts; returns false when it is already under way.
    func beginSettling() -> Bool {
        guard !fenced.isSettling else { return false }
        fenced.isSettling = true
        return true
    }

    func endSettling() {
        fenced.isSettling = false
    }

    // MARK: Steps: touches held back (R13)

    /// `touch`'s view delivery is held back.
    func withhold(_ touch: UITouch) {
        if !fenced.withheld.containsObject(touch) { fenced.withheld.append(touch) }
    }

    /// `touch`'s view delivery is no longer held back.
    func stopWithholding(_ touch: UITouch) {
        fenced.withheld.removeObject(touch)
    }

    /// Whether `touch`'s view delivery is held back.
    func isWithheld(_ touch: UITouch) -> Bool {
        fenced.withheld.containsObject(touch)
    }

    // MARK: Tracing

    /// Reports a decision to the application's tracer, if it has one.
    @inline(__always)
    func trace(_ kind: @autoclosure () -> TraceRecord.Kind) {
        if isTracing { application?.report(kind()) }
    }

    /// Asks a delegate (or a view that answers as one) a question, and reports the answer (R25: the
    /// delegate's questions are part of the trace).
    @inline(__always)
    func ask(_ recognizer: UIGestureRecognizer, _ question: @autoclosure () -> TraceRecord.DelegateQuestion,
             _ answer: () -> Bool) -> Bool {
        let answer = answer()
        if isTracing { trace(.delegateAsked(recognizer: recognizer.traceSubject, question: question(), answer: answer)) }
        return answer
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
