import Foundation

/// Why the engine decided what a record reports, as values, with the rule it applies.
///
/// The engine makes a cause without building text; ``description`` renders it when a record is shown,
/// and ``rule`` names the rule of the spec it applies (`R7`, `D13`, `E2`…), so tools such as
/// `responder explain` switch on the cause instead of reading its wording.
///
/// New kinds of decisions add cases here, each with its text and its rule; code that switches over the
/// causes outside this file keeps a `default` for the ones it does not explain.
public enum TraceCause: Sendable, Equatable, CustomStringConvertible {

    // MARK: Arbitration

    /// Another recognizer began or recognized first and this one may not recognize with it (R6).
    case preventedBy(TraceSubject)
    /// A recognizer this one was required to fail began (`.began`) or recognized (`.ended`) instead (R7).
    case requiredToFail(other: TraceSubject, outcome: TraceSubject.Outcome)
    /// The recognizers this one waited for failed, the last being `last`; `own` is the recognizer's
    /// own reason for the change it wanted when it started waiting (R7).
    indirect case requirementsFailed(last: TraceSubject, own: TraceCause?)
    /// A view on the touch's path answered false to `gestureRecognizerShouldBegin(_:)` (R9); a control
    /// does so for its superviews' gestures (R10).
    case refusedByView(TraceSubject)
    /// The recognizer's delegate answered false to `gestureRecognizerShouldBegin(_:)` (R9, D3).
    case refusedByDelegate
    /// The recognizer's delegate said no to `question` (D2).
    case delegateDeclined(TraceRecord.DelegateQuestion)
    /// The touch's type is not among the recognizer's `allowedTouchTypes` (D2).
    case touchTypeNotAllowed(UITouch.TouchType)
    /// The recognizer requires one touch type and already tracks touches of another (D2).
    case otherTouchTypeTracked(UITouch.TouchType)
    /// The recognizer's touches were cancelled (C2).
    case touchesCancelled
    /// The recognizer's presses were cancelled (C2).
    case pressesCancelled
    /// The recognizer, of this type, does not recognize presses.
    case pressesNotRecognized(type: String)
    /// A recognizer released from its wait after its fingers lifted ends at once (R7).
    case liftedWhileWaiting
    /// `isEnabled` was turned off (D13).
    case disabled
    /// The recognizer was removed from its view; a gesture in progress is cancelled without an action (D13).
    case removedFromView(inProgress: Bool)
    /// The recognizer finished its gesture and returns to `.possible` (D6); or was reset on removal.
    case reset(removedFromView: Bool)

    // MARK: Built-in recognizers (section E)

    /// The number of fingers does not match (E1, E2, E6).
    case wrongNumberOfTouches(count: Int, required: Int)
    /// A tap of `count` fingers, when `required` are required (E1).
    case wrongNumberOfTapFingers(count: Int, required: Int)
    /// The fingers moved `distance` pt, more than the `allowed` pt (E1, E2).
    case movedTooFar(distance: CGFloat, allowed: CGFloat)
    /// Tap `tap` landed `distance` pt from the previous one, more than `allowed` (E1, R22).
    case tapTooFarFromLast(tap: Int, distance: CGFloat, allowed: CGFloat)
    /// The finger was held longer than a tap may last (E1).
    case heldTooLong(maximum: TimeInterval)
    /// No tap `tap` came within the multi-tap interval (E1, R22).
    case nextTapTimedOut(tap: Int, interval: TimeInterval)
    /// No touch came within the interval after tap `tap` of a long press with taps (E2).
    case nextTouchTimedOut(afterTap: Int, interval: TimeInterval)
    /// The finger lifted before the long press's minimum duration (E2).
    case liftedTooSoon(minimumDuration: TimeInterval)
    /// The press was released before the long press's minimum duration (E2).
    case releasedTooSoon(minimumDuration: TimeInterval)
    /// The long press was held long enough and begins (E2).
    case held(duration: TimeInterval)
    /// The pan's fingers moved `distance` pt along an axis of the window, at least its hysteresis, and
    /// it begins (E3, R21).
    case movedPastHysteresis(distance: CGFloat, hysteresis: CGFloat)
    /// The pan's fingers lifted before moving its hysteresis (E3).
    case liftedBeforeMoving(hysteresis: CGFloat)
    /// The pinch's span changed past its hysteresis, and it begins (E4, R21).
    case spanChanged(distance: CGFloat, hysteresis: CGFloat)
    /// The rotation turned past its hysteresis, and it begins (E5, R21).
    case turned(radians: CGFloat, hysteresis: CGFloat)
    /// A two-finger gesture never had two fingers (E4, E5).
    case neverHadTwoFingers
    /// The pinch's fingers lifted before pinching (E4).
    case liftedBeforePinching
    /// The rotation's fingers lifted before turning (E5).
    case liftedBeforeTurning
    /// The swipe travelled `distance` pt in `direction` within `duration` s, and is recognized (E6).
    case swiped(direction: String, distance: CGFloat, duration: TimeInterval)
    /// The swipe did not travel `distance` pt within `limit` s (E6).
    case swipeTooSlow(distance: CGFloat, limit: TimeInterval)
    /// The swipe moved `distance` pt in a direction it does not accept (E6).
    case wrongDirection(distance: CGFloat)
    /// The swipe's fingers lifted before it travelled `distance` pt (E6).
    case liftedBeforeTravelling(distance: CGFloat)
    /// A screen-edge pan with no edges set never begins (E7).
    case noEdges
    /// The touch began farther than `margin` pt from the recognizer's edges (E7).
    case beganAwayFromEdge(margin: CGFloat)
    /// The application defers the system gesture at this edge: its first swipe is the application's (I3).
    case edgeDeferred(edge: String)

    // MARK: Scroll views

    /// A scroll view's content-touch delay ends because the scroll view began dragging (S1).
    case scrollViewBeganDragging
    /// `delaysContentTouches` is false: the content gets a touch at once (S1).
    case contentTouchesNotDelayed
    /// The content-touch delay ran out with the finger still: the content gets the touch now (S1).
    case contentTouchDelayElapsed(delay: TimeInterval)
    /// The finger lifted within the content-touch delay (S1).
    case liftedWithinContentTouchDelay

    // MARK: Tables

    /// A row's swipe actions show: a touch elsewhere hides them, and goes no further (T6).
    case swipeActionsShowing
    /// The touch is on a row's swipe actions: the actions' own touch (T6).
    case touchOnSwipeActions
    // MARK: Pointer, trackpad and pencil (section U)

    /// The pointer came over the hover recognizer's view (U1).
    case hoverEntered
    /// The pointer left the hover recognizer's view, or the screen (U1).
    case hoverExited
    /// A click began: the pointer is a touch while its button is down, and the hover ends (U1, chosen).
    case hoverEndedByClick
    /// The pan does not take scrolls of this type: its `allowedScrollTypesMask` is `allowed` (U3).
    case scrollTypeNotAllowed(type: UIScrollType, allowed: UIScrollTypeMask)
    /// The recognizer is busy with touches, or with another pointer gesture (U3, chosen).
    case busyWithOtherInput
    /// The scroll moved the content `distance` pt, and the pan begins (U3).
    case scrolled(type: UIScrollType, distance: CGFloat)
    /// The scroll ended before it moved the content (U3).
    case scrollEndedWithoutMoving
    /// A trackpad pinch changed the scale to `scale`, and the pinch begins (U2).
    case pinchedOnTrackpad(scale: CGFloat)
    /// A trackpad rotation turned `radians`, and the rotation begins (U2).
    case rotatedOnTrackpad(radians: CGFloat)
    /// The trackpad's fingers lifted before the transform changed anything the recognizer reads (U2).
    case transformEndedWithoutChange
    /// The click's buttons are not the ones the tap requires (U2).
    case buttonsNotRequired(pressed: UIEvent.ButtonMask, required: UIEvent.ButtonMask)

    // MARK: First responders

    /// `canBecomeFirstResponder` is false (B6, B7).
    case cannotBecomeFirstResponder
    /// The current first responder refused to resign (B7).
    case refusedToResign(TraceSubject)
    /// A text field's delegate answered false to `textFieldShouldBeginEditing(_:)` (F).
    case textFieldShouldBeginEditingDeclined

    /// The case's name (`preventedBy`, `touchesCancelled`…): what `--format json` writes as the
    /// cause's `kind`. Stable: renaming a case is a change of the JSON schema.
    public var name: String {
        switch self {
        case .preventedBy: return "preventedBy"
        case .requiredToFail: return "requiredToFail"
        case .requirementsFailed: return "requirementsFailed"
        case .refusedByView: return "refusedByView"
        case .refusedByDelegate: return "refusedByDelegate"
        case .delegateDeclined: return "delegateDeclined"
        case .touchTypeNotAllowed: return "touchTypeNotAllowed"
        case .otherTouchTypeTracked: return "otherTouchTypeTracked"
        case .touchesCancelled: return "touchesCancelled"
        case .pressesCancelled: return "pressesCancelled"
        case .pressesNotRecognized: return "pressesNotRecognized"
        case .liftedWhileWaiting: return "liftedWhileWaiting"
        case .disabled: return "disabled"
        case .removedFromView: return "removedFromView"
        case .reset: return "reset"
        case .wrongNumberOfTouches: return "wrongNumberOfTouches"
        case .wrongNumberOfTapFingers: return "wrongNumberOfTapFingers"
        case .movedTooFar: return "movedTooFar"
        case .tapTooFarFromLast: return "tapTooFarFromLast"
        case .heldTooLong: return "heldTooLong"
        case .nextTapTimedOut: return "nextTapTimedOut"
        case .nextTouchTimedOut: return "nextTouchTimedOut"
        case .liftedTooSoon: return "liftedTooSoon"
        case .releasedTooSoon: return "releasedTooSoon"
        case .held: return "held"
        case .movedPastHysteresis: return "movedPastHysteresis"
        case .liftedBeforeMoving: return "liftedBeforeMoving"
        case .spanChanged: return "spanChanged"
        case .turned: return "turned"
        case .neverHadTwoFingers: return "neverHadTwoFingers"
        case .liftedBeforePinching: return "liftedBeforePinching"
        case .liftedBeforeTurning: return "liftedBeforeTurning"
        case .swiped: return "swiped"
        case .swipeTooSlow: return "swipeTooSlow"
        case .wrongDirection: return "wrongDirection"
        case .liftedBeforeTravelling: return "liftedBeforeTravelling"
        case .noEdges: return "noEdges"
        case .beganAwayFromEdge: return "beganAwayFromEdge"
        case .edgeDeferred: return "edgeDeferred"
        case .cannotBecomeFirstResponder: return "cannotBecomeFirstResponder"
        case .refusedToResign: return "refusedToResign"
        case .textFieldShouldBeginEditingDeclined: return "textFieldShouldBeginEditingDeclined"
        case .scrollViewBeganDragging: return "scrollViewBeganDragging"
        case .contentTouchesNotDelayed: return "contentTouchesNotDelayed"
        case .contentTouchDelayElapsed: return "contentTouchDelayElapsed"
        case .liftedWithinContentTouchDelay: return "liftedWithinContentTouchDelay"
        case .swipeActionsShowing: return "swipeActionsShowing"
        case .touchOnSwipeActions: return "touchOnSwipeActions"
        case .hoverEntered: return "hoverEntered"
        case .hoverExited: return "hoverExited"
        case .hoverEndedByClick: return "hoverEndedByClick"
        case .scrollTypeNotAllowed: return "scrollTypeNotAllowed"
        case .busyWithOtherInput: return "busyWithOtherInput"
        case .scrolled: return "scrolled"
        case .scrollEndedWithoutMoving: return "scrollEndedWithoutMoving"
        case .pinchedOnTrackpad: return "pinchedOnTrackpad"
        case .rotatedOnTrackpad: return "rotatedOnTrackpad"
        case .transformEndedWithoutChange: return "transformEndedWithoutChange"
        case .buttonsNotRequired: return "buttonsNotRequired"
        }
    }

    /// The rule of the spec the decision applies.
    public var rule: String {
        switch self {
        case .preventedBy: return "R6"
        case .requiredToFail, .requirementsFailed, .liftedWhileWaiting: return "R7"
        case .refusedByView(let view): return view.refusesSuperviewGestures ? "R10" : "R9"
        case .refusedByDelegate: return "R9"
        case .delegateDeclined, .touchTypeNotAllowed, .otherTouchTypeTracked: return "D2"
        case .touchesCancelled, .pressesCancelled: return "C2"
        case .pressesNotRecognized: return "G3"
        case .disabled, .removedFromView: return "D13"
        case .reset: return "D6"
        case .wrongNumberOfTouches: return "E1"
        case .wrongNumberOfTapFingers, .heldTooLong: return "E1"
        case .tapTooFarFromLast, .nextTapTimedOut: return "R22"
        case .movedTooFar, .nextTouchTimedOut, .liftedTooSoon, .releasedTooSoon, .held: return "E2"
        case .movedPastHysteresis, .liftedBeforeMoving: return "E3"
        case .spanChanged, .liftedBeforePinching: return "E4"
        case .turned, .liftedBeforeTurning, .neverHadTwoFingers: return "E5"
        case .swiped, .swipeTooSlow, .wrongDirection, .liftedBeforeTravelling: return "E6"
        case .noEdges, .beganAwayFromEdge: return "E7"
        case .edgeDeferred: return "I3"
        case .cannotBecomeFirstResponder, .refusedToResign: return "B7"
        case .textFieldShouldBeginEditingDeclined: return "F"
        case .scrollViewBeganDragging, .contentTouchesNotDelayed, .contentTouchDelayElapsed, .liftedWithinContentTouchDelay: return "S1"
        case .swipeActionsShowing, .touchOnSwipeActions: return "T6"
        case .hoverEntered, .hoverExited, .hoverEndedByClick: return "U1"
        case .pinchedOnTrackpad, .rotatedOnTrackpad, .transformEndedWithoutChange, .buttonsNotRequired: return "U2"
        case .scrollTypeNotAllowed, .busyWithOtherInput, .scrolled, .scrollEndedWithoutMoving: return "U3"
        }
    }

    /// The cause as the trace prints it.
    public var description: String {
        switch self {
        case .preventedBy(let winner): return "prevented by '\(winner.name)'"
        case .requiredToFail(let other, let outcome): return "'\(other.name)' \(outcome)"
        case .requirementsFailed(let last, let own):
            return (own.map { "\($0); " } ?? "") + "'\(last.name)' failed"
        case .refusedByView(let view): return "refused by \(view.className) '\(view.name)'"
        case .refusedByDelegate: return "refused by its delegate"
        case .delegateDeclined(let question):
            switch question {
            case .shouldReceiveTouch: return "its delegate's shouldReceive(touch) answered false"
            default: return "its delegate's \(question) answered false"
            }
        case .touchTypeNotAllowed(let type): return "touch type \(type) is not allowed"
        case .otherTouchTypeTracked(let type): return "it already tracks touches of type \(type)"
        case .touchesCancelled: return "its touches were cancelled"
        case .pressesCancelled: return "its presses were cancelled"
        case .pressesNotRecognized(let type): return "\(type) does not recognize presses"
        case .liftedWhileWaiting: return "its touches lifted while it waited"
        case .disabled: return "disabled"
        case .removedFromView(let inProgress): return inProgress ? "removed from its view; no action sent" : "removed from its view"
        case .reset(let removed): return removed ? "reset; removed from its view" : "reset"
        case .wrongNumberOfTouches(let count, let required): return "\(count) fingers, \(required) required"
        case .wrongNumberOfTapFingers(let count, let required): return "\(count) finger tap, \(required) required"
        case .movedTooFar(let distance, let allowed):
            let shown = format(distance, past: allowed)
            return "moved \(shown.value) pt > \(shown.limit) pt allowed"
        case .tapTooFarFromLast(let tap, let distance, let allowed):
            let shown = format(distance, past: allowed)
            return "tap \(tap) landed \(shown.value) pt from the last, > \(shown.limit) pt allowed"
        case .heldTooLong(let maximum): return "held longer than \(maximum) s"
        case .nextTapTimedOut(let tap, let interval): return "no tap \(tap) within \(interval) s"
        case .nextTouchTimedOut(let tap, let interval): return "no touch within \(interval) s after tap \(tap)"
        case .liftedTooSoon(let duration): return "lifted before \(TraceRecord.number(duration)) s"
        case .releasedTooSoon(let duration): return "released before \(TraceRecord.number(duration)) s"
        case .held(let duration): return "held \(TraceRecord.number(duration)) s"
        case .movedPastHysteresis(let distance, let hysteresis):
            let shown = format(distance, past: hysteresis)
            return "moved \(shown.value) pt ≥ \(shown.limit) pt"
        case .liftedBeforeMoving(let hysteresis): return "lifted before moving \(format(hysteresis)) pt"
        case .spanChanged(let distance, let hysteresis):
            let shown = format(distance, past: hysteresis)
            return "span changed \(shown.value) pt > \(shown.limit) pt"
        case .turned(let radians, let hysteresis):
            let shown = format(radians, past: hysteresis)
            return "turned \(shown.value) rad > \(shown.limit) rad"
        case .neverHadTwoFingers: return "never had two fingers"
        case .liftedBeforePinching: return "lifted before pinching"
        case .liftedBeforeTurning: return "lifted before turning"
        case .swiped(let direction, let distance, let duration):
            return "\(direction) \(format(distance)) pt in \(TraceRecord.number(CGFloat(duration))) s"
        case .swipeTooSlow(let distance, let limit): return "did not travel \(format(distance)) pt within \(limit) s"
        case .wrongDirection(let distance): return "moved \(format(distance)) pt in a direction it does not accept"
        case .liftedBeforeTravelling(let distance): return "lifted before travelling \(format(distance)) pt"
        case .noEdges: return "no edges set"
        case .beganAwayFromEdge(let margin): return "touch began farther than \(format(margin)) pt from its edges"
        case .edgeDeferred(let edge): return "the application defers the \(edge) edge: the first swipe is its own"
        case .cannotBecomeFirstResponder: return "canBecomeFirstResponder is false"
        case .refusedToResign(let holder): return "'\(holder.name)' refused to resign"
        case .textFieldShouldBeginEditingDeclined: return "its delegate's textFieldShouldBeginEditing answered false"
        case .scrollViewBeganDragging: return "the scroll view began dragging"
        case .contentTouchesNotDelayed: return "delaysContentTouches is off: the content has the touch at once"
        case .contentTouchDelayElapsed(let delay):
            return "held \(TraceRecord.number(delay)) s (delaysContentTouches): the content gets the touch"
        case .liftedWithinContentTouchDelay: return "lifted within the delay"
        case .swipeActionsShowing: return "a row's swipe actions show: the touch hides them and goes no further"
        case .touchOnSwipeActions: return "the touch is on the swipe actions"
        case .hoverEntered: return "the pointer entered its view"
        case .hoverExited: return "the pointer left its view"
        case .hoverEndedByClick: return "a click began: no hover while a button is down"
        case .scrollTypeNotAllowed(let type, let allowed):
            return "a \(type == .discrete ? "discrete (wheel)" : "continuous (trackpad)") scroll; its allowedScrollTypesMask is \(allowed.traceName)"
        case .busyWithOtherInput: return "it is busy with touches or another pointer gesture"
        case .scrolled(let type, let distance):
            return "\(type == .discrete ? "wheel" : "trackpad") scrolled \(format(distance)) pt"
        case .scrollEndedWithoutMoving: return "the scroll ended before moving"
        case .pinchedOnTrackpad(let scale): return "pinched on the trackpad to scale \(TraceRecord.number(scale))"
        case .rotatedOnTrackpad(let radians): return "turned \(TraceRecord.number(radians)) rad on the trackpad"
        case .transformEndedWithoutChange: return "the trackpad gesture ended without changing"
        case .buttonsNotRequired(let pressed, let required):
            return "clicked with \(pressed.isEmpty ? "no button" : pressed.traceName); it requires \(required.traceName)"
        }
    }
}

extension TraceSubject {
    /// How a recognizer another waited for decided (R7).
    public enum Outcome: String, Sendable, Equatable, CustomStringConvertible {
        /// It began (a continuous gesture).
        case began
        /// It recognized (a discrete gesture, or `.ended`).
        case recognized
        /// `began` or `recognized`.
        public var description: String { rawValue }
    }
}

extension UIScrollTypeMask {
    /// The mask as traces name it: `[]`, `.discrete`, `.continuous` or `.all`.
    public var traceName: String {
        switch self {
        case []: return "[] (no scrolls)"
        case .all: return ".all"
        case .discrete: return ".discrete"
        case .continuous: return ".continuous"
        default: return "rawValue \(rawValue)"
        }
    }
}
