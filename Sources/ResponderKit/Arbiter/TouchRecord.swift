import Foundation

/// How far a touch (or a press) went with the responder it is bound to: its view (or the responder a
/// press began at).
enum ResponderDelivery: Int {
    /// The responder has not been told of it yet.
    case pending
    /// The responder got the began call and still expects an end.
    case began
    /// The responder got its one end, `touchesEnded` (R14); only refinements of estimated properties
    /// still go to it.
    case ended
    /// The responder got the cancel, or the touch was ended for it before it saw it begin (its view
    /// left the window or was hidden): nothing more goes to it, not even refinements (R14).
    case cancelled
    /// The view never takes this touch: it is not multiple-touch enabled and had one already (C6), an
    /// exclusive-touch view keeps it out (C7), or a scroll view keeps it from its content (S2, S5).
    /// Recognizers still get it.
    case refused

    /// Whether the responder is done with it: it got its end, or never will.
    var isFinished: Bool { self == .ended || self == .cancelled }

    /// Compares the raw values, as ``UITouch/Phase`` does.
    static func == (lhs: ResponderDelivery, rhs: ResponderDelivery) -> Bool { lhs.rawValue == rhs.rawValue }
}

/// The arbiter's record of one touch: which recognizers it is offered and fed to, whether its view
/// delivery is held back (R13), and how far it went with its view.
///
/// Its fields are read anywhere (view delivery asks the arbiter through them) but written only here,
/// by the named steps below. A touch keeps its record inline (``UITouch/arbitration``), so a touch
/// still costs one allocation.
@MainActor
struct TouchRecord {
    /// Recognizers that may still be offered the touch (collected once, when it began: R5).
    private(set) var candidates: [UIGestureRecognizer] = []
    /// Recognizers that accepted the touch, in the order they are fed.
    private(set) var receivers: [UIGestureRecognizer] = []
    /// How many times ``receivers`` changed: a pass that marked them knows whether its marks still hold.
    private(set) var receiverEdits = 0
    /// A stamp that marks membership of a list being built (each build takes a fresh stamp).
    private(set) var mark = 0
    /// Its `touchesBegan` is held back from the view (delaysTouchesBegan, R13).
    private(set) var isBeganHeld = false
    /// It moved while its began was held back: one `touchesMoved` follows the release (R13).
    private(set) var movedWhileHeld = false
    /// Its end (`.ended`) is held back from the view.
    private(set) var heldEnd: UITouch.Phase?
    /// How far the touch went with its view.
    private(set) var viewDelivery: ResponderDelivery = .pending
    /// A recognizer cancelled it in its view (so later phases are not reported as dropped).
    private(set) var isCancelledByRecognizer = false

    // MARK: Recognizers

    /// The touch began: these are the recognizers it may be offered (R5).
    mutating func offer(to recognizers: [UIGestureRecognizer]) {
        candidates = recognizers
    }

    /// `recognizer` declined it (D2, touch types): it is not offered again.
    mutating func decline(by recognizer: UIGestureRecognizer) {
        candidates.removeObject(recognizer)
    }

    /// `recognizer` takes it.
    mutating func join(_ recognizer: UIGestureRecognizer) {
        receivers.append(recognizer)
        receiverEdits &+= 1
    }

    /// `recognizer` lets go of it (`ignore(_:for:)`).
    mutating func leave(_ recognizer: UIGestureRecognizer) {
        receivers.removeObject(recognizer)
        candidates.removeObject(recognizer)
        receiverEdits &+= 1
    }

    /// The recognizers whose record carries `stamp` (reset, or removed from their view) leave it, in one
    /// pass over each list keeping the order.
    mutating func leaveMarked(_ stamp: Int) {
        receivers.removeRecognizers(marked: stamp)
        candidates.removeRecognizers(marked: stamp)
        receiverEdits &+= 1
    }

    /// Marks it as a member of the list being built with `stamp`.
    mutating func mark(_ stamp: Int) {
        mark = stamp
    }

    // MARK: Held back (R13)

    /// Its began is held back from the view.
    mutating func holdBegan() {
        isBeganHeld = true
    }

    /// It moved: if its began is held back, one move follows the release.
    mutating func noteMove() {
        if isBeganHeld { movedWhileHeld = true }
    }

    /// Its end is held back from the view.
    mutating func holdEnd() {
        heldEnd = .ended
    }

    /// Its began goes to the view now.
    mutating func releaseBegan() {
        isBeganHeld = false
        viewDelivery = .began
    }

    /// The one move that follows a released began went out (or was left to the event being delivered).
    mutating func clearMoveWhileHeld() {
        movedWhileHeld = false
    }

    /// Its held end goes to the view now, if it has one (taking it).
    mutating func releaseEnd() -> UITouch.Phase? {
        defer { heldEnd = nil }
        return heldEnd
    }

    // MARK: Its view

    /// The view gets its began now.
    mutating func deliverBegan() {
        viewDelivery = .began
    }

    /// The view gets its end now: `.ended` or `.cancelled`.
    mutating func deliverEnd(_ end: ResponderDelivery) {
        viewDelivery = end
    }

    /// The view that saw it begin gets `touchesCancelled` now: a held end is superseded.
    mutating func cancelInView() {
        viewDelivery = .cancelled
        heldEnd = nil
    }

    /// The view never hears of it: it saw nothing begin, so it hears nothing more (R14).
    mutating func discard() {
        viewDelivery = .cancelled
        isBeganHeld = false
        heldEnd = nil
    }

    /// The view never takes it (C6, C7; S2, S5 for a scroll view's content): recognizers still have it.
    mutating func refuse() {
        discard()
        movedWhileHeld = false
        viewDelivery = .refused
    }

    /// A recognizer cancelled it in its view (R8).
    mutating func noteCancelledByRecognizer() {
        isCancelledByRecognizer = true
    }
}

/// The arbiter's record of one press: which recognizers it is fed to, and how far it went with the
/// responder it began at. Written only here, as ``TouchRecord`` is.
@MainActor
struct PressRecord {
    /// Recognizers that accepted the press.
    private(set) var receivers: [UIGestureRecognizer] = []
    /// How far the press went with its responder: `.pending`, `.began` or `.ended` (its end or cancel).
    private(set) var responderDelivery: ResponderDelivery = .pending

    /// `recognizer` takes it.
    mutating func join(_ recognizer: UIGestureRecognizer) {
        receivers.append(recognizer)
    }

    /// The recognizers whose record carries `stamp` leave it (they were reset: a press still down must
    /// not hand its later phases to them).
    mutating func leaveMarked(_ stamp: Int) {
        receivers.removeRecognizers(marked: stamp)
    }

    /// The responder gets its began now.
    mutating func deliverBegan() {
        responderDelivery = .began
    }

    /// The responder gets its end or cancel now, or never will (a recognizer cancelled it first).
    mutating func deliverEnd() {
        responderDelivery = .ended
    }
}

extension [UIGestureRecognizer] {
    /// Removes, in one pass keeping the order, the recognizers whose record carries `stamp`.
    @MainActor
    mutating func removeRecognizers(marked stamp: Int) {
        var kept = 0
        for index in indices {
            let recognizer = self[index]
            if recognizer.arbitration.mark == stamp { continue }
            if kept != index { self[kept] = recognizer }
            kept += 1
        }
        truncate(to: kept)
    }
}
