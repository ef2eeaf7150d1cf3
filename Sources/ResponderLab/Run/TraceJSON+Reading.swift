import Foundation
import ResponderKit

/// Reading records back from the objects ``TraceJSON`` writes: each field by its label, with the type
/// the record holds. A record read back equals the record written, but for its time, which the file
/// keeps to the millisecond.
///
/// A case the engine adds to a record's kind or to ``TraceCause`` needs its line here (and in
/// `TraceJSONReadingTests`): until then, a file's record of it is left out as unknown.
extension TraceJSON {
    /// Why an object could not be read: the field and what it should hold.
    struct ReadError: Error, Equatable {
        var message: String
    }

    /// The record an object holds; nil when its `kind`, or its cause's, is one this version does not
    /// know (a newer writer's: readers skip those, as the schema asks).
    static func record(from object: [String: Any]) throws(ReadError) -> TraceRecord? {
        let fields = Fields(object, path: "")
        let time = try fields.double("time")
        do {
            return TraceRecord(time: time, kind: try readKind(fields))
        } catch let error as ReadError {
            throw error
        } catch {
            return nil
        }
    }

    /// A case this version does not know, met while reading a record.
    private enum Unknown: Error { case kind }

    private static func readKind(_ f: Fields) throws -> TraceRecord.Kind {
        switch try f.string("kind") {
        case "input": return .input(try input(f.object("value")))
        case "hitTestSkipped":
            return .hitTestSkipped(view: try f.subject("view"), point: try f.point("point"),
                                   reason: try f.named("reason", hitTestSkips))
        case "hitTestOutside": return .hitTestOutside(view: try f.subject("view"), point: try f.point("point"))
        case "hitTestInside": return .hitTestInside(view: try f.subject("view"), point: try f.point("point"))
        case "hitTestResult": return .hitTestResult(window: try f.subject("window"), view: try f.optionalSubject("view"))
        case "touchBound":
            return .touchBound(finger: try f.int("finger"), view: try f.subject("view"), window: try f.subject("window"),
                               tapCount: try f.int("tapCount"))
        case "delivered":
            return .delivered(responder: try f.subject("responder"), method: try f.method("method"), fingers: try f.fingers("fingers"))
        case "forwarded": return .forwarded(from: try f.subject("from"), to: try f.subject("to"), method: try f.method("method"))
        case "unhandled": return .unhandled(last: try f.subject("last"), method: try f.method("method"))
        case "firstResponderChanged":
            return .firstResponderChanged(window: try f.subject("window"), from: try f.optionalSubject("from"), to: try f.optionalSubject("to"))
        case "firstResponderRefused": return .firstResponderRefused(responder: try f.subject("responder"), cause: try cause(f.object("cause")))
        case "action":
            return .action(name: try f.string("name"), target: try f.optionalSubject("target"), sender: try f.optionalSubject("sender"),
                           handled: try f.bool("handled"))
        case "dropped": return .dropped(what: try f.string("what"), reason: try dropReason(f.object("reason")))
        case "recognizerFed":
            return .recognizerFed(recognizer: try f.subject("recognizer"), method: try f.method("method"), fingers: try f.fingers("fingers"))
        case "recognizerNotFed":
            return .recognizerNotFed(recognizer: try f.subject("recognizer"), finger: try f.optionalInt("finger"), cause: try cause(f.object("cause")))
        case "recognizerState":
            return .recognizerState(recognizer: try f.subject("recognizer"), from: try f.state("from"), to: try f.state("to"),
                                    cause: try f.isNull("cause") ? nil : cause(f.object("cause")))
        case "recognizerInvalidTransition":
            return .recognizerInvalidTransition(recognizer: try f.subject("recognizer"), from: try f.state("from"), to: try f.state("to"))
        case "recognizerWaiting":
            return .recognizerWaiting(recognizer: try f.subject("recognizer"), wants: try f.state("wants"), waitingFor: try f.subjects("waitingFor"))
        case "delegateAsked":
            return .delegateAsked(recognizer: try f.subject("recognizer"), question: try question(f.object("question")), answer: try f.bool("answer"))
        case "failureCycleBroken": return .failureCycleBroken(recognizer: try f.subject("recognizer"), ignoring: try f.subject("ignoring"))
        case "recognizerAction":
            return .recognizerAction(recognizer: try f.subject("recognizer"), state: try f.state("state"), target: try f.subject("target"))
        case "touchWithheld":
            return .touchWithheld(finger: try f.int("finger"), view: try f.subject("view"), phase: try f.intEnum("phase"), by: try f.subjects("by"))
        case "touchReleased": return .touchReleased(finger: try f.int("finger"), view: try f.subject("view"))
        case "touchesCancelledByRecognizer":
            return .touchesCancelledByRecognizer(recognizer: try f.subject("recognizer"), fingers: try f.fingers("fingers"))
        case "touchDiscarded": return .touchDiscarded(finger: try f.int("finger"), view: try f.subject("view"), by: try f.subject("by"))
        case "controlEvents": return .controlEvents(control: try f.subject("control"), events: try f.events("events"))
        case "controlAction":
            return .controlAction(control: try f.subject("control"), action: try f.string("action"), target: try f.optionalSubject("target"))
        case "controlTargetGone": return .controlTargetGone(control: try f.subject("control"), action: try f.string("action"))
        case "runLoop": return .runLoop(try stage(f.object("value")))
        case "system": return .system(try decision(f.object("value")))
        case "runLoopMode": return .runLoopMode(try modeRecord(f.object("value")))
        case "scrollViewDelegate": return .scrollViewDelegate(scrollView: try f.subject("scrollView"), call: try scrollCall(f.object("call")))
        case "contentTouch":
            return .contentTouch(finger: try f.int("finger"), view: try f.subject("view"), scrollView: try f.subject("scrollView"),
                                 fate: try fate(f.object("fate")))
        case "scrollView": return .scrollView(scrollView: try f.subject("scrollView"), change: try scrollChange(f.object("change")))
        case "navigation": return .navigation(controller: try f.subject("controller"), change: try navigationChange(f.object("change")))
        case "presentation":
            return .presentation(controller: try f.subject("controller"), change: try presentationChange(f.object("change")))
        case "selection":
            return .selection(container: try f.subject("container"), item: try f.indexPath("item"),
                              decision: try selectionDecision(f.object("decision")))
        case "swipeActions":
            return .swipeActions(table: try f.subject("table"), row: try f.indexPath("row"), decision: try swipeDecision(f.object("decision")))
        case "pointer": return .pointer(try pointerDecision(f.object("value")))
        case "keyCommand":
            return .keyCommand(key: try f.string("key"), action: try f.string("action"), startedAt: try f.subject("startedAt"),
                               offeredBy: try f.subject("offeredBy"),
                               outcome: try keyCommandOutcome(f.object("outcome")))
        default: throw Unknown.kind
        }
    }

    private static func pointerDecision(_ f: Fields) throws -> TraceRecord.PointerDecision {
        switch try f.string("kind") {
        case "bound": return .bound(input: try f.intEnum("input"), view: try f.subject("view"), window: try f.subject("window"))
        case "overNoView": return .overNoView
        case "fed": return .fed(recognizer: try f.subject("recognizer"), input: try f.intEnum("input"), phase: try f.intEnum("phase"))
        case "notFed": return .notFed(recognizer: try f.subject("recognizer"), input: try f.intEnum("input"), cause: try cause(f.object("cause")))
        case "endedAfterPause": return .endedAfterPause(input: try f.intEnum("input"), delay: try f.double("delay"))
        case "hoverEndedByClick": return .hoverEndedByClick(finger: try f.int("finger"))
        case "transformAsTouches": return .transformAsTouches(fingers: try f.ints("fingers"), span: try f.number("span"))
        case "pencilTap": return .pencilTap(view: try f.subject("view"), delegate: try f.optionalSubject("delegate"))
        default: throw Unknown.kind
        }
    }

    private static func keyCommandOutcome(_ f: Fields) throws -> TraceRecord.KeyCommandOutcome {
        switch try f.string("kind") {
        case "performed": return .performed(by: try f.subject("by"))
        case "noResponderPerforms": return .noResponderPerforms
        case "textInputFirst": return .textInputFirst(try f.subject("value"))
        default: throw Unknown.kind
        }
    }

    // MARK: Values

    private static func input(_ f: Fields) throws -> TraceInput {
        switch try f.string("kind") {
        case "touches":
            let samples = try f.objects("samples").map { s throws -> TraceInput.TouchSample in
                // The type and the buttons came with modern input: older files have neither (a finger's).
                TraceInput.TouchSample(finger: try s.int("finger"), phase: try s.intEnum("phase"), location: try s.point("location"),
                                       samples: try s.int("samples"), type: s.isNull("type") ? .direct : try s.intEnum("type"),
                                       buttonMask: UIEvent.ButtonMask(rawValue: s.isNull("buttons") ? 0 : try s.int("buttons")))
            }
            guard let first = samples.first else { throw f.error("samples", "at least one sample") }
            return .touches(first, more: Array(samples.dropFirst()))
        case "estimatedPropertiesUpdate": return .estimatedPropertiesUpdate(index: try f.int("index"))
        case "press":
            return .press(characters: try f.optionalString("characters"), type: UIPress.PressType(rawValue: try f.int("type")),
                          phase: try f.intEnum("phase"))
        case "motion": return .motion(try f.intEnum("value"), try f.named("value1", motionPhases))
        case "remoteControl": return .remoteControl(try f.intEnum("value"))
        case "hover": return .hover(phase: try f.intEnum("phase"), location: try f.point("location"), type: try f.intEnum("type"))
        case "scroll":
            return .scroll(phase: try f.intEnum("phase"), location: try f.point("location"), delta: try f.point("delta"),
                           type: try f.intEnum("type"), momentum: try f.bool("momentum"))
        case "transform":
            return .transform(phase: try f.intEnum("phase"), location: try f.point("location"), scale: try f.number("scale"),
                              rotation: try f.number("rotation"))
        case "pencilTap": return .pencilTap
        default: throw Unknown.kind
        }
    }

    private static func cause(_ f: Fields) throws -> TraceCause {
        switch try f.string("kind") {
        case "preventedBy": return .preventedBy(try f.subject("value"))
        case "requiredToFail": return .requiredToFail(other: try f.subject("other"), outcome: try f.named("outcome", outcomes))
        case "requirementsFailed":
            return .requirementsFailed(last: try f.subject("last"), own: try f.isNull("own") ? nil : cause(f.object("own")))
        case "refusedByView": return .refusedByView(try f.subject("value"))
        case "refusedByDelegate": return .refusedByDelegate
        case "delegateDeclined": return .delegateDeclined(try question(f.object("value")))
        case "touchTypeNotAllowed": return .touchTypeNotAllowed(try f.intEnum("value"))
        case "otherTouchTypeTracked": return .otherTouchTypeTracked(try f.intEnum("value"))
        case "touchesCancelled": return .touchesCancelled
        case "pressesCancelled": return .pressesCancelled
        case "pressesNotRecognized": return .pressesNotRecognized(type: try f.string("type"))
        case "liftedWhileWaiting": return .liftedWhileWaiting
        case "disabled": return .disabled
        case "removedFromView": return .removedFromView(inProgress: try f.bool("inProgress"))
        case "reset": return .reset(removedFromView: try f.bool("removedFromView"))
        case "wrongNumberOfTouches": return .wrongNumberOfTouches(count: try f.int("count"), required: try f.int("required"))
        case "wrongNumberOfTapFingers": return .wrongNumberOfTapFingers(count: try f.int("count"), required: try f.int("required"))
        case "movedTooFar": return .movedTooFar(distance: try f.number("distance"), allowed: try f.number("allowed"))
        case "tapTooFarFromLast":
            return .tapTooFarFromLast(tap: try f.int("tap"), distance: try f.number("distance"), allowed: try f.number("allowed"))
        case "heldTooLong": return .heldTooLong(maximum: try f.double("maximum"))
        case "nextTapTimedOut": return .nextTapTimedOut(tap: try f.int("tap"), interval: try f.double("interval"))
        case "nextTouchTimedOut": return .nextTouchTimedOut(afterTap: try f.int("afterTap"), interval: try f.double("interval"))
        case "liftedTooSoon": return .liftedTooSoon(minimumDuration: try f.double("minimumDuration"))
        case "releasedTooSoon": return .releasedTooSoon(minimumDuration: try f.double("minimumDuration"))
        case "held": return .held(duration: try f.double("duration"))
        case "movedPastHysteresis": return .movedPastHysteresis(distance: try f.number("distance"), hysteresis: try f.number("hysteresis"))
        case "liftedBeforeMoving": return .liftedBeforeMoving(hysteresis: try f.number("hysteresis"))
        case "spanChanged": return .spanChanged(distance: try f.number("distance"), hysteresis: try f.number("hysteresis"))
        case "turned": return .turned(radians: try f.number("radians"), hysteresis: try f.number("hysteresis"))
        case "neverHadTwoFingers": return .neverHadTwoFingers
        case "liftedBeforePinching": return .liftedBeforePinching
        case "liftedBeforeTurning": return .liftedBeforeTurning
        case "swiped": return .swiped(direction: try f.string("direction"), distance: try f.number("distance"), duration: try f.double("duration"))
        case "swipeTooSlow": return .swipeTooSlow(distance: try f.number("distance"), limit: try f.double("limit"))
        case "wrongDirection": return .wrongDirection(distance: try f.number("distance"))
        case "liftedBeforeTravelling": return .liftedBeforeTravelling(distance: try f.number("distance"))
        case "noEdges": return .noEdges
        case "beganAwayFromEdge": return .beganAwayFromEdge(margin: try f.number("margin"))
        case "edgeDeferred": return .edgeDeferred(edge: try f.string("edge"))
        case "scrollViewBeganDragging": return .scrollViewBeganDragging
        case "contentTouchesNotDelayed": return .contentTouchesNotDelayed
        case "contentTouchDelayElapsed": return .contentTouchDelayElapsed(delay: try f.double("delay"))
        case "liftedWithinContentTouchDelay": return .liftedWithinContentTouchDelay
        case "swipeActionsShowing": return .swipeActionsShowing
        case "touchOnSwipeActions": return .touchOnSwipeActions
        case "cannotBecomeFirstResponder": return .cannotBecomeFirstResponder
        case "refusedToResign": return .refusedToResign(try f.subject("value"))
        case "textFieldShouldBeginEditingDeclined": return .textFieldShouldBeginEditingDeclined
        case "hoverEntered": return .hoverEntered
        case "hoverExited": return .hoverExited
        case "hoverEndedByClick": return .hoverEndedByClick
        case "scrollTypeNotAllowed":
            return .scrollTypeNotAllowed(type: try f.intEnum("type"), allowed: UIScrollTypeMask(rawValue: try f.int("allowed")))
        case "busyWithOtherInput": return .busyWithOtherInput
        case "scrolled": return .scrolled(type: try f.intEnum("type"), distance: try f.number("distance"))
        case "scrollEndedWithoutMoving": return .scrollEndedWithoutMoving
        case "pinchedOnTrackpad": return .pinchedOnTrackpad(scale: try f.number("scale"))
        case "rotatedOnTrackpad": return .rotatedOnTrackpad(radians: try f.number("radians"))
        case "transformEndedWithoutChange": return .transformEndedWithoutChange
        case "buttonsNotRequired":
            return .buttonsNotRequired(pressed: UIEvent.ButtonMask(rawValue: try f.int("pressed")),
                                       required: UIEvent.ButtonMask(rawValue: try f.int("required")))
        default: throw Unknown.kind
        }
    }

    private static func question(_ f: Fields) throws -> TraceRecord.DelegateQuestion {
        switch try f.string("kind") {
        case "shouldReceiveEvent": return .shouldReceiveEvent
        case "shouldReceiveTouch": return .shouldReceiveTouch(finger: try f.int("finger"))
        case "shouldReceivePress": return .shouldReceivePress
        case "shouldBegin": return .shouldBegin
        case "shouldRequireFailure": return .shouldRequireFailure(of: try f.subject("of"))
        case "shouldBeRequiredToFail": return .shouldBeRequiredToFail(by: try f.subject("by"))
        case "shouldRecognizeSimultaneously": return .shouldRecognizeSimultaneously(with: try f.subject("with"))
        default: throw Unknown.kind
        }
    }

    private static func dropReason(_ f: Fields) throws -> TraceRecord.DropReason {
        switch try f.string("kind") {
        case "ignoringInteractionEvents": return .ignoringInteractionEvents
        case "noWindowHit": return .noWindowHit
        case "exclusiveTouch": return .exclusiveTouch(owner: try f.subject("owner"))
        case "multipleTouchDisabled": return .multipleTouchDisabled(view: try f.subject("view"))
        case "viewLeftWindow": return .viewLeftWindow(view: try f.subject("view"))
        case "unknownFinger": return .unknownFinger(try f.int("value"))
        case "fingerAlreadyDown": return .fingerAlreadyDown(try f.int("value"))
        case "notReceivingRemoteControlEvents": return .notReceivingRemoteControlEvents
        case "noKeyWindow": return .noKeyWindow
        case "noInitialResponder": return .noInitialResponder
        case "momentumScroll": return .momentumScroll
        case "notFromThisApplication": return .notFromThisApplication
        case "alreadyPresenting": return .alreadyPresenting(try f.subject("value"))
        case "activeController": return .activeController(try f.subject("value"))
        default: throw Unknown.kind
        }
    }

    private static func stage(_ f: Fields) throws -> RunLoopStage {
        switch try f.string("kind") {
        case "portDrained": return .portDrained(records: try f.int("records"))
        case "movesCoalesced": return .movesCoalesced(finger: try f.int("finger"), samples: try f.int("samples"))
        case "timerFired": return .timerFired(due: try f.double("due"))
        case "eventQueueHandled": return .eventQueueHandled(events: try f.int("events"))
        case "sendEvent": return .sendEvent(try f.intEnum("value"))
        default: throw Unknown.kind
        }
    }

    private static func decision(_ f: Fields) throws -> SystemDecision {
        switch try f.string("kind") {
        case "consumed": return .consumed(what: try f.string("what"), reason: try f.named("reason", systemReasons))
        case "button": return .button(try f.named("value", Dictionary(uniqueKeysWithValues: SystemButton.allCases.map { ("\($0)", $0) })))
        case "applicationState":
            return .applicationState(application: try f.string("application"), from: try f.intEnum("from"), to: try f.intEnum("to"))
        case "touchesCancelled":
            return .touchesCancelled(application: try f.string("application"), fingers: try f.ints("fingers"), reason: try f.named("reason", systemReasons))
        case "remoteControlRouted": return .remoteControlRouted(try f.intEnum("value"), to: try f.string("to"))
        case "edgeDeferred": return .edgeDeferred(edge: try f.string("edge"))
        case "systemGesture": return .systemGesture(edge: try f.string("edge"))
        default: throw Unknown.kind
        }
    }

    private static func modeRecord(_ f: Fields) throws -> RunLoopModeRecord {
        switch try f.string("kind") {
        case "modeChanged":
            return .modeChanged(from: RunLoop.Mode(try f.string("from")), to: RunLoop.Mode(try f.string("to")),
                                releasedTimers: try f.int("releasedTimers"))
        case "timerFired":
            return .timerFired(timer: try f.string("timer"), mode: RunLoop.Mode(try f.string("mode")), due: try f.double("due"),
                               late: try f.double("late"))
        default: throw Unknown.kind
        }
    }

    private static func scrollCall(_ f: Fields) throws -> TraceRecord.ScrollViewCall {
        switch try f.string("kind") {
        case "didScroll": return .didScroll(offset: try f.point("offset"))
        case "willBeginDragging": return .willBeginDragging
        case "willEndDragging": return .willEndDragging(velocity: try f.point("velocity"), target: try f.point("target"))
        case "didEndDragging": return .didEndDragging(willDecelerate: try f.bool("willDecelerate"))
        case "willBeginDecelerating": return .willBeginDecelerating
        case "didEndDecelerating": return .didEndDecelerating
        case "didEndScrollingAnimation": return .didEndScrollingAnimation
        case "willBeginZooming": return .willBeginZooming
        case "didZoom": return .didZoom(scale: try f.number("scale"))
        case "didEndZooming": return .didEndZooming(scale: try f.number("scale"))
        default: throw Unknown.kind
        }
    }

    private static func fate(_ f: Fields) throws -> TraceRecord.ContentTouchFate {
        switch try f.string("kind") {
        case "delayed": return .delayed
        case "released": return .released(after: try f.double("after"))
        case "releasedOnLift": return .releasedOnLift
        case "stillWithheld": return .stillWithheld(by: try f.subjects("by"))
        case "refusedByTouchesShouldBegin": return .refusedByTouchesShouldBegin
        case "cancelledByScrolling": return .cancelledByScrolling
        case "discardedByScrolling": return .discardedByScrolling
        case "keptByTouchesShouldCancel": return .keptByTouchesShouldCancel
        case "keptCanCancelContentTouchesOff": return .keptCanCancelContentTouchesOff
        case "stoppedScrolling": return .stoppedScrolling
        default: throw Unknown.kind
        }
    }

    private static func scrollChange(_ f: Fields) throws -> TraceRecord.ScrollViewChange {
        switch try f.string("kind") {
        case "decelerationStarted": return .decelerationStarted(from: try f.point("from"), to: try f.point("to"))
        case "animationStarted": return .animationStarted(from: try f.point("from"), to: try f.point("to"))
        case "zoomAnimationStarted": return .zoomAnimationStarted(fromScale: try f.number("fromScale"), toScale: try f.number("toScale"))
        case "stopped": return .stopped(at: try f.point("at"), reason: try f.named("reason", stopReasons))
        case "dragRefused":
            let refusal = try f.object("value")
            switch try refusal.string("kind") {
            case "cannotScroll": return .dragRefused(.cannotScroll)
            case "leftToOuterScrollView": return .dragRefused(.leftToOuterScrollView(try refusal.subject("value")))
            default: throw Unknown.kind
            }
        default: throw Unknown.kind
        }
    }

    private static func navigationChange(_ f: Fields) throws -> TraceRecord.NavigationChange {
        switch try f.string("kind") {
        case "transitionBegan":
            return .transitionBegan(isPush: try f.bool("isPush"), from: try f.optionalSubject("from"), to: try f.optionalSubject("to"),
                                    animated: try f.bool("animated"), interactive: try f.bool("interactive"))
        case "transitionEnded": return .transitionEnded(shown: try f.optionalSubject("shown"), cancelled: try f.bool("cancelled"))
        case "backSwipeRefused": return .backSwipeRefused(try f.object("value").named("kind", backSwipeRefusals))
        case "backSwipeFoundNothingToPop": return .backSwipeFoundNothingToPop
        case "backSwipeDecided":
            let reason = try f.object("reason")
            let decision: TraceRecord.BackSwipeDecision
            switch try reason.string("kind") {
            case "flick": decision = .flick(threshold: try reason.number("threshold"))
            case "distance": decision = .distance(threshold: try reason.number("threshold"))
            case "recognizerCancelled": decision = .recognizerCancelled
            default: throw Unknown.kind
            }
            return .backSwipeDecided(completes: try f.bool("completes"), progress: try f.number("progress"),
                                     velocity: try f.number("velocity"), reason: decision)
        default: throw Unknown.kind
        }
    }

    private static func presentationChange(_ f: Fields) throws -> TraceRecord.PresentationChange {
        switch try f.string("kind") {
        case "transitionBegan":
            return .transitionBegan(presenting: try f.optionalSubject("presenting"), style: try f.named("style", presentationStyles),
                                    dismissing: try f.bool("dismissing"), animated: try f.bool("animated"),
                                    interactive: try f.bool("interactive"))
        case "transitionEnded": return .transitionEnded(dismissed: try f.bool("dismissed"), cancelled: try f.bool("cancelled"))
        case "dismissalRefused":
            let refusal = try f.object("value")
            switch try refusal.string("kind") {
            case "modalInPresentation": return .dismissalRefused(.modalInPresentation(try refusal.subject("value")))
            case "delegateDeclined": return .dismissalRefused(.delegateDeclined)
            default: throw Unknown.kind
            }
        case "sheetDecided":
            let reason = try f.object("reason")
            let decision: TraceRecord.SheetDecision
            switch try reason.string("kind") {
            case "flick": decision = .flick(threshold: try reason.number("threshold"))
            case "distance": decision = .distance(threshold: try reason.number("threshold"))
            case "recognizerCancelled": decision = .recognizerCancelled
            default: throw Unknown.kind
            }
            return .sheetDecided(dismisses: try f.bool("dismisses"), progress: try f.number("progress"),
                                 velocity: try f.number("velocity"), reason: decision)
        default: throw Unknown.kind
        }
    }

    private static func selectionDecision(_ f: Fields) throws -> TraceRecord.SelectionDecision {
        switch try f.string("kind") {
        case "highlighted": return .highlighted(finger: try f.int("finger"), heldFor: try f.double("heldFor"), onLift: try f.bool("onLift"))
        case "notHighlighted": return .notHighlighted(finger: try f.int("finger"), reason: try f.named("reason", caseNames(TraceRecord.SelectionDecision.HighlightRefusal.self)))
        case "unhighlighted": return .unhighlighted(reason: try f.named("reason", caseNames(TraceRecord.SelectionDecision.UnhighlightReason.self)))
        case "notSelected": return .notSelected(reason: try f.named("reason", caseNames(TraceRecord.SelectionDecision.SelectionRefusal.self)))
        case "redirected": return .redirected(to: try f.indexPath("to"))
        case "selected": return .selected(byCode: try f.bool("byCode"))
        case "deselected": return .deselected(cause: try f.named("cause", caseNames(TraceRecord.SelectionDecision.DeselectionCause.self)))
        case "deselectionRefused":
            return .deselectionRefused(reason: try f.named("reason", caseNames(TraceRecord.SelectionDecision.DeselectionRefusal.self)))
        default: throw Unknown.kind
        }
    }

    private static func swipeDecision(_ f: Fields) throws -> TraceRecord.SwipeActionDecision {
        switch try f.string("kind") {
        case "began": return .began(edge: try f.named("edge", swipeEdges), actions: try f.strings("actions"))
        case "refused":
            let refusal = try f.object("value")
            switch try refusal.string("kind") {
            case "notHorizontal": return .refused(.notHorizontal)
            case "noActions": return .refused(.noActions(try refusal.named("value", swipeEdges)))
            case "editing": return .refused(.editing)
            case "noRow": return .refused(.noRow)
            default: throw Unknown.kind
            }
        case "opened": return .opened(width: try f.number("width"))
        case "closed":
            let reason = try f.object("value")
            switch try reason.string("kind") {
            case "notFarEnough": return .closed(.notFarEnough(shown: try reason.number("shown"), needed: try reason.number("needed")))
            case "swipedBack": return .closed(.swipedBack)
            case "touchElsewhere": return .closed(.touchElsewhere)
            case "tapOnRow": return .closed(.tapOnRow)
            case "scrolled": return .closed(.scrolled)
            case "actionCompleted": return .closed(.actionCompleted)
            case "editingChanged": return .closed(.editingChanged)
            case "reloaded": return .closed(.reloaded)
            case "cancelled": return .closed(.cancelled)
            default: throw Unknown.kind
            }
        case "performed": return .performed(action: try f.string("action"), fullSwipe: try f.bool("fullSwipe"))
        case "completed": return .completed(action: try f.string("action"), performed: try f.bool("performed"))
        default: throw Unknown.kind
        }
    }

    // MARK: Names of cases

    /// The cases of an enum of text raw values by their names, as `String(describing:)` writes them.
    private static func caseNames<T: CaseIterable>(_ type: T.Type) -> [String: T] {
        Dictionary(uniqueKeysWithValues: T.allCases.map { ("\($0)", $0) })
    }
    private static let swipeEdges: [String: TraceRecord.SwipeActionDecision.Edge] = ["leading": .leading, "trailing": .trailing]

    // Enums written by their case's name (`String(describing:)`) that cannot be listed: each name with
    // its case. Enums with integer raw values are found by trying their values (`Fields.intEnum`).
    private static let hitTestSkips: [String: TraceRecord.HitTestSkip] = [
        "hidden": .hidden, "transparent": .transparent, "interactionDisabled": .interactionDisabled, "disabled": .disabled,
    ]
    private static let outcomes: [String: TraceSubject.Outcome] = ["began": .began, "recognized": .recognized]
    private static let presentationStyles: [String: UIModalPresentationStyle] = [
        "automatic": .automatic, "fullScreen": .fullScreen, "pageSheet": .pageSheet, "formSheet": .formSheet,
        "overFullScreen": .overFullScreen,
    ]
    private static let backSwipeRefusals: [String: TraceRecord.BackSwipeRefusal] = [
        "onlyRootController": .onlyRootController, "transitionRunning": .transitionRunning, "notAwayFromEdge": .notAwayFromEdge,
    ]
    private static let motionPhases: [String: HIDEvent.MotionPhase] = ["began": .began, "ended": .ended, "cancelled": .cancelled]
    private static let stopReasons: [String: TraceRecord.ScrollViewChange.StopReason] = [
        "rest": .rest, "touch": .touch, "drag": .drag, "replaced": .replaced, "zoomSet": .zoomSet,
    ]
    private static let systemReasons: [String: SystemDecision.Reason] = [
        "noForegroundApplication": .noForegroundApplication, "locked": .locked, "interruption": .interruption,
        "cancelledFinger": .cancelledFinger, "lock": .lock, "home": .home, "applicationSwitch": .applicationSwitch,
        "systemButton": .systemButton, "noRemoteControlReceiver": .noRemoteControlReceiver,
    ]
}

/// An object's fields, read by label with the type expected; a missing or mistyped field is a
/// ``TraceJSON/ReadError`` naming it.
struct Fields {
    let object: [String: Any]
    /// Where the object is in its record (`cause.`), for messages.
    let path: String

    init(_ object: [String: Any], path: String) {
        self.object = object
        self.path = path
    }

    func error(_ key: String, _ expected: String) -> TraceJSON.ReadError {
        TraceJSON.ReadError(message: "'\(path)\(key)' should be \(expected)")
    }

    private func value(_ key: String) throws(TraceJSON.ReadError) -> Any {
        guard let value = object[key] else { throw TraceJSON.ReadError(message: "'\(path)\(key)' is missing") }
        return value
    }

    func isNull(_ key: String) -> Bool { object[key] == nil || object[key] is NSNull }

    func string(_ key: String) throws(TraceJSON.ReadError) -> String {
        guard let text = try value(key) as? String else { throw error(key, "text") }
        return text
    }

    func optionalString(_ key: String) throws(TraceJSON.ReadError) -> String? {
        isNull(key) ? nil : try string(key)
    }

    func bool(_ key: String) throws(TraceJSON.ReadError) -> Bool {
        guard let flag = try value(key) as? Bool else { throw error(key, "true or false") }
        return flag
    }

    func double(_ key: String) throws(TraceJSON.ReadError) -> Double {
        guard let number = Self.double(try value(key)) else { throw error(key, "a number") }
        return number
    }

    /// A number of a ``JSONReader`` value: whole ones are `Int`s there.
    static func double(_ value: Any) -> Double? {
        if let number = value as? Double { return number.isFinite ? number : nil }
        if let number = value as? Int { return Double(number) }
        return nil
    }

    func number(_ key: String) throws(TraceJSON.ReadError) -> CGFloat { CGFloat(try double(key)) }

    func int(_ key: String) throws(TraceJSON.ReadError) -> Int {
        guard let whole = try value(key) as? Int else { throw error(key, "a whole number") }
        return whole
    }

    func optionalInt(_ key: String) throws(TraceJSON.ReadError) -> Int? {
        isNull(key) ? nil : try int(key)
    }

    func ints(_ key: String) throws(TraceJSON.ReadError) -> [Int] {
        guard let list = try value(key) as? [Any] else { throw error(key, "a list of whole numbers") }
        var result: [Int] = []
        for item in list {
            guard let whole = item as? Int else { throw error(key, "a list of whole numbers") }
            result.append(whole)
        }
        return result
    }

    /// A list of texts.
    func strings(_ key: String) throws(TraceJSON.ReadError) -> [String] {
        guard let list = try value(key) as? [Any] else { throw error(key, "a list of texts") }
        var result: [String] = []
        for item in list {
            guard let text = item as? String else { throw error(key, "a list of texts") }
            result.append(text)
        }
        return result
    }

    /// An index path, written as its indexes (`[section, row]`).
    func indexPath(_ key: String) throws(TraceJSON.ReadError) -> IndexPath {
        let indexes = try ints(key)
        guard indexes.allSatisfy({ $0 >= 0 }) else { throw error(key, "a list of indexes (0 or more)") }
        return IndexPath(indexes: indexes)
    }

    func fingers(_ key: String) throws(TraceJSON.ReadError) -> TraceFingers { TraceFingers(try ints(key)) }

    func point(_ key: String) throws(TraceJSON.ReadError) -> CGPoint {
        guard let list = try value(key) as? [Any], list.count == 2, let x = Self.double(list[0]), let y = Self.double(list[1])
        else { throw error(key, "[x, y]") }
        return CGPoint(x: x, y: y)
    }

    func object(_ key: String) throws(TraceJSON.ReadError) -> Fields {
        guard let inner = try value(key) as? [String: Any] else { throw error(key, "an object") }
        return Fields(inner, path: "\(path)\(key).")
    }

    func objects(_ key: String) throws(TraceJSON.ReadError) -> [Fields] {
        guard let list = try value(key) as? [Any] else { throw error(key, "a list of objects") }
        var result: [Fields] = []
        for (index, item) in list.enumerated() {
            guard let inner = item as? [String: Any] else { throw error(key, "a list of objects") }
            result.append(Fields(inner, path: "\(path)\(key)[\(index)]."))
        }
        return result
    }

    func subject(_ key: String) throws(TraceJSON.ReadError) -> TraceSubject {
        let inner = try object(key)
        return TraceSubject(id: try inner.int("id"), className: try inner.string("class"), name: try inner.string("name"))
    }

    func optionalSubject(_ key: String) throws(TraceJSON.ReadError) -> TraceSubject? {
        isNull(key) ? nil : try subject(key)
    }

    func subjects(_ key: String) throws(TraceJSON.ReadError) -> [TraceSubject] {
        try objects(key).map { inner throws(TraceJSON.ReadError) in
            TraceSubject(id: try inner.int("id"), className: try inner.string("class"), name: try inner.string("name"))
        }
    }

    func state(_ key: String) throws(TraceJSON.ReadError) -> UIGestureRecognizer.State {
        let name = try string(key)
        for raw in 0..<8 {
            if let state = UIGestureRecognizer.State(rawValue: raw), state.description == name { return state }
        }
        throw error(key, "a recognizer state (possible, began, changed, ended, cancelled, failed)")
    }

    func method(_ key: String) throws(TraceJSON.ReadError) -> TraceRecord.ResponderMethod {
        guard let method = TraceRecord.ResponderMethod(rawValue: try string(key)) else { throw error(key, "a responder method") }
        return method
    }

    /// An enum with whole-number raw values, written by its case's name.
    func intEnum<T: RawRepresentable>(_ key: String) throws(TraceJSON.ReadError) -> T where T.RawValue == Int {
        let name = try string(key)
        // Raw values of the engine's enums are small (event subtypes reach the low hundreds).
        for raw in 0..<256 {
            if let value = T(rawValue: raw), "\(value)" == name { return value }
        }
        throw error(key, "one of the names of \(T.self)")
    }

    func named<T>(_ key: String, _ table: [String: T]) throws(TraceJSON.ReadError) -> T {
        let name = try string(key)
        guard let value = table[name] else { throw error(key, "one of \(table.keys.sorted().joined(separator: ", "))") }
        return value
    }

    func events(_ key: String) throws(TraceJSON.ReadError) -> UIControl.Event {
        guard let names = try value(key) as? [String] else { throw error(key, "a list of control event names") }
        var events: UIControl.Event = []
        for name in names {
            guard let bit = (0..<32).first(where: { UIControl.Event(rawValue: 1 << $0).names == [name] }) else {
                throw error(key, "a list of control event names")
            }
            events.insert(UIControl.Event(rawValue: 1 << bit))
        }
        return events
    }
}
