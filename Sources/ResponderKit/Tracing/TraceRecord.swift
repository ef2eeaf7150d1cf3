import Foundation

/// One decision of the event-delivery engine: what happened, to whom, and why.
///
/// A record holds values, never references: objects as ``TraceSubject``s, causes as ``TraceCause``s.
/// So a trace outlives the scene it describes, and a record costs no text until it is shown
/// (``columns``, ``description``, ``TraceRecord/render(_:)``).
///
/// See <doc:TracingAndExplain>.
public struct TraceRecord: Sendable, Equatable, CustomStringConvertible {
    /// The application clock's time when the decision was made.
    public var time: TimeInterval
    /// What was decided.
    public var kind: Kind

    /// Creates a record.
    public init(time: TimeInterval, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// The kinds of decision the engine reports. Objects are ``TraceSubject``s, states
    /// `UIGestureRecognizer.State`s and causes ``TraceCause``s: values, made into text only when shown.
    public enum Kind: Sendable, Equatable {
        /// Raw input taken from the queue; the records that follow, up to the next `input`, are its consequences.
        case input(TraceInput)
        /// A view's own `hitTest` skipped it without looking inside.
        case hitTestSkipped(view: TraceSubject, point: CGPoint, reason: HitTestSkip)
        /// A view's `point(inside:with:)` answered false.
        case hitTestOutside(view: TraceSubject, point: CGPoint)
        /// A view contains the point; its subviews are tried next, frontmost first.
        case hitTestInside(view: TraceSubject, point: CGPoint)
        /// A window's `hitTest` returned this view (or nil) for a new touch.
        case hitTestResult(window: TraceSubject, view: TraceSubject?)
        /// A new touch was bound to its view and window for the rest of its life.
        case touchBound(finger: Int, view: TraceSubject, window: TraceSubject, tapCount: Int)
        /// The engine called a method on a responder (the initial responder of the event).
        case delivered(responder: TraceSubject, method: ResponderMethod, fingers: TraceFingers)
        /// A responder's default implementation passed the call to its `next` responder.
        case forwarded(from: TraceSubject, to: TraceSubject, method: ResponderMethod)
        /// The call reached the end of the responder chain: nobody handled it.
        case unhandled(last: TraceSubject, method: ResponderMethod)
        /// The first responder of a window changed.
        case firstResponderChanged(window: TraceSubject, from: TraceSubject?, to: TraceSubject?)
        /// A request to change the first responder was refused.
        case firstResponderRefused(responder: TraceSubject, cause: TraceCause)
        /// An action was sent: to the target that performed it, or to nobody.
        case action(name: String, target: TraceSubject?, sender: TraceSubject?, handled: Bool)
        /// An event, or part of one, was not delivered.
        case dropped(what: String, reason: DropReason)

        // Gesture recognizers

        /// A recognizer got touches or presses through one of its `touches…`/`presses…` methods.
        case recognizerFed(recognizer: TraceSubject, method: ResponderMethod, fingers: TraceFingers)
        /// A recognizer was not given a new touch (`finger`) or press (`finger` nil), and why (D2).
        case recognizerNotFed(recognizer: TraceSubject, finger: Int?, cause: TraceCause)
        /// A recognizer changed state; `cause` says why when the engine or a built-in knows.
        case recognizerState(recognizer: TraceSubject, from: UIGestureRecognizer.State, to: UIGestureRecognizer.State, cause: TraceCause?)
        /// A recognizer asked for a transition the state machine does not allow; it was refused.
        case recognizerInvalidTransition(recognizer: TraceSubject, from: UIGestureRecognizer.State, to: UIGestureRecognizer.State)
        /// A recognizer that wants to leave `.possible` waits for others to fail first (R7).
        case recognizerWaiting(recognizer: TraceSubject, wants: UIGestureRecognizer.State, waitingFor: [TraceSubject])
        /// A recognizer's delegate was asked a question, and answered (D2, D3, D8, R6, R25).
        case delegateAsked(recognizer: TraceSubject, question: DelegateQuestion, answer: Bool)
        /// A cycle of failure requirements was found and broken (R7).
        case failureCycleBroken(recognizer: TraceSubject, ignoring: TraceSubject)
        /// A recognizer sent its action to a target.
        case recognizerAction(recognizer: TraceSubject, state: UIGestureRecognizer.State, target: TraceSubject)
        /// A view's touch is held back by a recognizer (R13): its `began` or its `ended` phase.
        case touchWithheld(finger: Int, view: TraceSubject, phase: UITouch.Phase, by: [TraceSubject])
        /// A touch held back is now delivered, the recognizers that held it having failed (R13).
        case touchReleased(finger: Int, view: TraceSubject)
        /// A recognizer that recognized or began cancels its touches in the views (R8, D10).
        case touchesCancelledByRecognizer(recognizer: TraceSubject, fingers: TraceFingers)
        /// A held-back touch the view never saw begin is discarded: the view hears nothing of it (D11).
        case touchDiscarded(finger: Int, view: TraceSubject, by: TraceSubject)

        // Controls

        /// A control sends these events (section F).
        case controlEvents(control: TraceSubject, events: UIControl.Event)
        /// A control's target-action pair (to `target`), or `UIAction` (`target` nil), was performed.
        case controlAction(control: TraceSubject, action: String, target: TraceSubject?)
        /// A control's target is gone (targets are held weakly): its action is skipped.
        case controlTargetGone(control: TraceSubject, action: String)

        // The live path

        /// A stage of the application's loop turn (shown only on request: see ``RunLoopStage``).
        case runLoop(RunLoopStage)
        /// A decision of the system side: routing, system buttons, interruptions, system gestures.
        case system(SystemDecision)
        /// The loop's mode changed, or an application timer fired (see ``RunLoopModeRecord``).
        case runLoopMode(RunLoopModeRecord)

        // Scroll views

        /// A scroll view called its delegate (or would have: recorded with or without one).
        case scrollViewDelegate(scrollView: TraceSubject, call: ScrollViewCall)
        /// What became of a touch in a scroll view's content (S1–S4).
        case contentTouch(finger: Int, view: TraceSubject, scrollView: TraceSubject, fate: ContentTouchFate)
        /// A scroll view's motion started or stopped, or its drag did not begin.
        case scrollView(scrollView: TraceSubject, change: ScrollViewChange)

        // Containers

        /// A navigation controller's transition, or a decision about its back swipe (T7).
        case navigation(controller: TraceSubject, change: NavigationChange)
        /// A presentation or a dismissal, or a decision about a sheet's drag.
        case presentation(controller: TraceSubject, change: PresentationChange)
        /// A table or collection view highlighted, selected or deselected a row or item, or did not (T1–T4).
        case selection(container: TraceSubject, item: IndexPath, decision: SelectionDecision)
        /// A table view showed, opened or hid a row's swipe actions, or performed one (T6).
        case swipeActions(table: TraceSubject, row: IndexPath, decision: SwipeActionDecision)

        // Modern input

        /// A decision about a pointer's hover, scroll or trackpad transform, or a pencil's tap (U1–U4).
        case pointer(PointerDecision)
        /// A key command matching a key that went down (U5): the search for it started at `startedAt` (the
        /// first responder, else the root view controller or the window, R15); it was offered by
        /// `offeredBy`, and what became of it.
        case keyCommand(key: String, action: String, startedAt: TraceSubject, offeredBy: TraceSubject, outcome: KeyCommandOutcome)

        /// The decision's cause, for the kinds that carry one.
        public var cause: TraceCause? {
            switch self {
            case .recognizerState(_, _, _, let cause): return cause
            case .recognizerNotFed(_, _, let cause), .firstResponderRefused(_, let cause): return cause
            case .pointer(.notFed(_, _, let cause)): return cause
            default: return nil
            }
        }
    }

    /// Why a view's `hitTest` skipped it (spec section A, R1, R11).
    public enum HitTestSkip: String, Sendable, Equatable {
        /// The view is hidden.
        case hidden = "hidden"
        /// The view's alpha is 0.01 or below (R1).
        case transparent = "alpha <= 0.01"
        /// The view's `isUserInteractionEnabled` is false.
        case interactionDisabled = "user interaction disabled"
        /// The view is a disabled control (R11).
        case disabled = "control disabled"
    }

    /// Why something was not delivered.
    public enum DropReason: Sendable, Equatable, CustomStringConvertible {
        /// The application ignores interaction events.
        case ignoringInteractionEvents
        /// No visible window took the touch.
        case noWindowHit
        /// An exclusive-touch view keeps the touch out (C7).
        case exclusiveTouch(owner: TraceSubject)
        /// The view already has a touch and takes only one (C6).
        case multipleTouchDisabled(view: TraceSubject)
        /// The view already got the touch's end (R14).
        case viewLeftWindow(view: TraceSubject)
        /// The finger is not down.
        case unknownFinger(Int)
        /// The finger is already down.
        case fingerAlreadyDown(Int)
        /// Remote control is off (R16).
        case notReceivingRemoteControlEvents
        /// There is no key window.
        case noKeyWindow
        /// Nothing to start the search from.
        case noInitialResponder
        /// The presenter already presents a controller.
        case alreadyPresenting(TraceSubject)
        /// The controller to present is active: the presenter, a child, presenting, or on screen.
        case activeController(TraceSubject)
        /// The application's input port was full: input posted faster than the loop handled it
        /// (``InputPort``, <doc:LivePath>).
        case inputPortFull(capacity: Int)
        /// A trackpad's own coasting after the fingers lifted: a scroll view decelerates by itself
        /// (``Thresholds/scrollEndDelay``).
        case momentumScroll
        /// A hover, scroll or transform event the application did not make (sent through `sendEvent`):
        /// nothing follows it to its end, so it is not delivered.
        case notFromThisApplication

        /// A textual form for debugging and traces.
        public var description: String {
            switch self {
            case .ignoringInteractionEvents: return "the application is ignoring interaction events"
            case .noWindowHit: return "no visible window took the touch"
            case .exclusiveTouch(let owner): return "'\(owner.name)' is exclusive-touch: it and another view of the window cannot track touches at once (C7)"
            case .multipleTouchDisabled(let view): return "'\(view.name)' already has a touch and is not multiple-touch enabled"
            case .viewLeftWindow(let view): return "its view '\(view.name)' already ended it (left the window or was hidden)"
            case .unknownFinger(let finger): return "finger \(finger) is not down"
            case .fingerAlreadyDown(let finger): return "finger \(finger) is already down"
            case .notReceivingRemoteControlEvents: return "beginReceivingRemoteControlEvents() was not called (R16)"
            case .noKeyWindow: return "there is no key window"
            case .noInitialResponder: return "no first responder, sender or window to start from"
            case .alreadyPresenting(let presenter): return "'\(presenter.name)' is already presenting a view controller"
            case .activeController(let controller):
                return "'\(controller.name)' is active (on screen, a child, presenting, or the presenter): it cannot be presented"
            case .inputPortFull(let capacity):
                return "the input port was full (\(capacity) records): input came faster than the loop handled it"
            case .momentumScroll: return "a trackpad's momentum: scroll views decelerate by themselves"
            case .notFromThisApplication: return "the application did not make this event: only its own hover, scroll and transform events are followed"
            }
        }
    }

    /// The responder methods the engine calls.
    public enum ResponderMethod: String, Sendable, Equatable {
        /// Touch methods.
        case touchesBegan, touchesMoved, touchesEnded, touchesCancelled, touchesEstimatedPropertiesUpdated
        /// Press methods.
        case pressesBegan, pressesChanged, pressesEnded, pressesCancelled
        /// Motion methods.
        case motionBegan, motionEnded, motionCancelled
        /// The remote-control method.
        case remoteControlReceived
    }

    /// The record as three columns: a category, the object concerned, and the detail. Built only when
    /// a record is shown.
    public var columns: (category: String, subject: String, detail: String) {
        func names(_ subjects: [TraceSubject]) -> String { subjects.map { "'\($0.name)'" }.joined(separator: ", ") }
        switch kind {
        case .input(let input): return ("input", "", input.description)
        case .hitTestSkipped(let view, let point, let reason): return ("hit-test", view.name, "\(format(point)) skipped: \(reason.rawValue)")
        case .hitTestOutside(let view, let point): return ("hit-test", view.name, "\(format(point)) outside")
        case .hitTestInside(let view, let point): return ("hit-test", view.name, "\(format(point)) inside")
        case .hitTestResult(let window, let view): return ("hit-test", window.name, "→ \(view?.name ?? "nil")")
        case .touchBound(let finger, let view, let window, let tapCount):
            return ("touch", "#\(finger)", "bound to '\(view.name)' in '\(window.name)', tapCount \(tapCount)")
        case .delivered(let responder, let method, let fingers):
            return ("deliver", responder.name, fingers.isEmpty ? method.rawValue : "\(method.rawValue) \(fingers)")
        case .forwarded(let from, let to, let method): return ("forward", from.name, "\(method.rawValue) → \(to.name)")
        case .unhandled(let last, let method): return ("unhandled", last.name, "\(method.rawValue): end of the responder chain")
        case .firstResponderChanged(let window, let from, let to):
            return ("first-resp", window.name, "\(from?.name ?? "nil") → \(to?.name ?? "nil")")
        case .firstResponderRefused(let responder, let cause): return ("first-resp", responder.name, "refused: \(cause)")
        case .action(let name, let target, let sender, let handled):
            let from = sender.map { " from '\($0.name)'" } ?? ""
            return ("action", name, handled ? "→ '\(target?.name ?? "?")'\(from)" : "not handled\(from)")
        case .dropped(let what, let reason): return ("dropped", what, reason.description)
        case .recognizerFed(let recognizer, let method, let fingers):
            return ("gesture", recognizer.name, fingers.isEmpty ? "fed \(method.rawValue)" : "fed \(method.rawValue) \(fingers)")
        case .recognizerNotFed(let recognizer, let finger, let cause):
            return ("gesture", recognizer.name, "not fed \(finger.map { "touch #\($0)" } ?? "press"): \(cause)")
        case .recognizerState(let recognizer, let from, let to, let cause):
            return ("gesture", recognizer.name, "\(from) → \(to)" + (cause.map { " (\($0))" } ?? ""))
        case .recognizerInvalidTransition(let recognizer, let from, let to):
            return ("gesture", recognizer.name, "refused invalid transition \(from) → \(to)")
        case .recognizerWaiting(let recognizer, let wants, let others):
            return ("gesture", recognizer.name, "wants \(wants), waiting for \(names(others)) to fail")
        case .delegateAsked(let recognizer, let question, let answer):
            return ("delegate", recognizer.name, "\(question) → \(answer)")
        case .failureCycleBroken(let recognizer, let ignoring):
            return ("gesture", recognizer.name, "failure-requirement cycle: no longer waits for '\(ignoring.name)'")
        case .recognizerAction(let recognizer, let state, let target): return ("action", recognizer.name, "\(state) → \(target.name)")
        case .touchWithheld(let finger, let view, let phase, let by):
            return ("withheld", "#\(finger)", "\(phase) for '\(view.name)', held by \(names(by))")
        case .touchReleased(let finger, let view): return ("released", "#\(finger)", "to '\(view.name)'")
        case .touchesCancelledByRecognizer(let recognizer, let fingers):
            return ("cancel", recognizer.name, "cancels \(fingers) in their views")
        case .touchDiscarded(let finger, let view, let by): return ("discarded", "#\(finger)", "never shown to '\(view.name)' ('\(by.name)' recognized)")
        case .controlEvents(let control, let events): return ("control", control.name, events.names.joined(separator: " + "))
        case .controlAction(let control, let action, let target): return ("action", control.name, "\(action) → \(target?.name ?? "handler")")
        case .controlTargetGone(let control, let action): return ("action", control.name, "\(action) skipped: its target is gone")
        case .runLoop(let stage): let c = stage.columns; return ("loop", c.subject, c.detail)
        case .system(let decision): let c = decision.columns; return ("system", c.subject, c.detail)
        case .runLoopMode(let record): return record.columns
        case .scrollViewDelegate(let scrollView, let call): return ("scroll", scrollView.name, call.description)
        case .contentTouch(let finger, let view, let scrollView, let fate):
            return ("content", "#\(finger)", "'\(view.name)' in '\(scrollView.name)' \(fate)")
        case .scrollView(let scrollView, let change): return ("scroll", scrollView.name, change.description)
        case .navigation(let controller, let change): return ("navigation", controller.name, change.description)
        case .presentation(let controller, let change): return ("present", controller.name, change.description)
        case .selection(let container, let item, let decision):
            let noun = TraceRecord.itemNoun(of: container)
            return ("select", container.name, "\(TraceRecord.itemName(item, noun: noun)) \(decision)")
        case .swipeActions(let table, let row, let decision):
            return ("swipe", table.name, "\(TraceRecord.itemName(row, noun: "row")) \(decision.description)")
        case .pointer(let decision): let c = decision.columns; return ("pointer", c.subject, c.detail)
        case .keyCommand(let key, let action, _, let offeredBy, let outcome):
            return ("key-command", key, "\(action) (offered by '\(offeredBy.name)'): \(outcome)")
        }
    }

    /// A question the arbiter asks a recognizer's delegate.
    public enum DelegateQuestion: Sendable, Equatable, CustomStringConvertible {
        /// `gestureRecognizer(_:shouldReceive:)` for the event (D2).
        case shouldReceiveEvent
        /// `gestureRecognizer(_:shouldReceive:)` for a touch (D2).
        case shouldReceiveTouch(finger: Int)
        /// `gestureRecognizer(_:shouldReceive:)` for a press (D2).
        case shouldReceivePress
        /// `gestureRecognizerShouldBegin(_:)` (R9).
        case shouldBegin
        /// `gestureRecognizer(_:shouldRequireFailureOf:)` (R7, R25).
        case shouldRequireFailure(of: TraceSubject)
        /// `gestureRecognizer(_:shouldBeRequiredToFailBy:)` (R7, R25).
        case shouldBeRequiredToFail(by: TraceSubject)
        /// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` (R6).
        case shouldRecognizeSimultaneously(with: TraceSubject)

        /// The delegate method asked, as the trace prints it.
        public var description: String {
            switch self {
            case .shouldReceiveEvent: return "shouldReceive(event)"
            case .shouldReceiveTouch(let finger): return "shouldReceive(touch #\(finger))"
            case .shouldReceivePress: return "shouldReceive(press)"
            case .shouldBegin: return "gestureRecognizerShouldBegin"
            case .shouldRequireFailure(let other): return "shouldRequireFailureOf '\(other.name)'"
            case .shouldBeRequiredToFail(let other): return "shouldBeRequiredToFailBy '\(other.name)'"
            case .shouldRecognizeSimultaneously(let other): return "shouldRecognizeSimultaneouslyWith '\(other.name)'"
            }
        }
    }

    /// A textual form for debugging and traces.
    public var description: String {
        let c = columns
        return "\(String(format: "%7.3f", time))  \(c.category)  \(c.subject)  \(c.detail)"
    }

    private func format(_ point: CGPoint) -> String {
        "(\(TraceRecord.number(point.x)), \(TraceRecord.number(point.y)))"
    }

    /// A point as a trace prints it: `(40, 200)`.
    static func point(_ point: CGPoint) -> String {
        "(\(number(point.x)), \(number(point.y)))"
    }

    /// A number as a trace prints it: integers without a fraction, others with up to two decimals.
    static func number(_ value: CGFloat) -> String {
        if value == value.rounded(), abs(value) < 1e12 { return String(Int(value)) }
        return String(format: "%.2f", Double(value))
    }
}
