import Foundation
import Testing
import ResponderKit
@testable import ResponderLab

/// Every kind of record, every cause and every value a record can hold reads back from its JSON as
/// the record written: a trace file loses nothing an explanation or a picture needs.
@MainActor
@Suite struct TraceJSONReadingTests {
    static let view = TraceSubject(id: 7, className: "UIView", name: "card")
    static let window = TraceSubject(id: 3, className: "UIWindow", name: "window")
    static let tap = TraceSubject(id: 11, className: "UITapGestureRecognizer", name: "tap")
    static let pan = TraceSubject(id: 12, className: "UIPanGestureRecognizer", name: "pan")
    static let list = TraceSubject(id: 20, className: "UIScrollView", name: "list")
    static let target = TraceSubject(id: -4_611_686_018_427_387_904, className: "ActionLog", name: "ActionLog")

    /// Every case of `TraceCause` (59), some twice with other values.
    static let causes: [TraceCause] = [
        .preventedBy(pan), .requiredToFail(other: pan, outcome: .began), .requiredToFail(other: pan, outcome: .recognized),
        .requirementsFailed(last: pan, own: .held(duration: 0.5)), .requirementsFailed(last: pan, own: nil),
        .refusedByView(view), .refusedByDelegate, .delegateDeclined(.shouldReceiveTouch(finger: 2)), .delegateDeclined(.shouldBegin),
        .touchTypeNotAllowed(.pencil), .otherTouchTypeTracked(.direct), .touchesCancelled, .pressesCancelled,
        .pressesNotRecognized(type: "UIPanGestureRecognizer"), .liftedWhileWaiting, .disabled, .removedFromView(inProgress: true),
        .reset(removedFromView: false), .wrongNumberOfTouches(count: 1, required: 2), .wrongNumberOfTapFingers(count: 2, required: 1),
        .movedTooFar(distance: 10.000000001, allowed: 10), .tapTooFarFromLast(tap: 2, distance: 50.5, allowed: 45),
        .heldTooLong(maximum: 0.5), .nextTapTimedOut(tap: 2, interval: 0.35), .nextTouchTimedOut(afterTap: 1, interval: 0.35),
        .liftedTooSoon(minimumDuration: 0.5), .releasedTooSoon(minimumDuration: 0.5), .held(duration: 0.50000000001),
        .movedPastHysteresis(distance: 0.1 + 0.2, hysteresis: 10), .liftedBeforeMoving(hysteresis: 10),
        .spanChanged(distance: 12, hysteresis: 8), .turned(radians: 0.44999999999999996, hysteresis: 0.35), .neverHadTwoFingers,
        .liftedBeforePinching, .liftedBeforeTurning, .swiped(direction: "right", distance: 60, duration: 0.06000000000000004),
        .swipeTooSlow(distance: 50, limit: 0.5), .wrongDirection(distance: 60), .liftedBeforeTravelling(distance: 50), .noEdges,
        .beganAwayFromEdge(margin: 20), .edgeDeferred(edge: "bottom"), .scrollViewBeganDragging, .contentTouchesNotDelayed,
        .contentTouchDelayElapsed(delay: 0.15), .liftedWithinContentTouchDelay, .swipeActionsShowing, .touchOnSwipeActions,
        .cannotBecomeFirstResponder, .refusedToResign(view),
        .textFieldShouldBeginEditingDeclined,
        .hoverEntered, .hoverExited, .hoverEndedByClick, .scrollTypeNotAllowed(type: .discrete, allowed: []),
        .scrollTypeNotAllowed(type: .continuous, allowed: .discrete), .busyWithOtherInput, .scrolled(type: .continuous, distance: 12.5),
        .scrollEndedWithoutMoving, .pinchedOnTrackpad(scale: 1.25), .rotatedOnTrackpad(radians: 0.2617993877991494),
        .transformEndedWithoutChange, .buttonsNotRequired(pressed: .secondary, required: [.primary, .secondary]),
    ]

    static let kinds: [TraceRecord.Kind] = {
        let one = TraceInput.TouchSample(finger: 1, phase: .began, location: CGPoint(x: 113.80999999999999, y: -0.5), samples: 1)
        let two = TraceInput.TouchSample(finger: 2, phase: .moved, location: CGPoint(x: 4, y: 5), samples: 3)
        let click = TraceInput.TouchSample(finger: 3, phase: .ended, location: CGPoint(x: 4, y: 5), samples: 1, type: .indirectPointer,
                                           buttonMask: .secondary)
        let pencil = TraceInput.TouchSample(finger: 4, phase: .began, location: .zero, samples: 1, type: .pencil)
        var kinds: [TraceRecord.Kind] = [
            .input(.touches(one, more: [])), .input(.touches(one, more: [two])), .input(.estimatedPropertiesUpdate(index: 3)),
            .input(.press(characters: "a", type: UIPress.PressType(rawValue: 65_547), phase: .began)),
            .input(.press(characters: nil, type: .select, phase: .ended)), .input(.motion(.motionShake, .cancelled)),
            .input(.remoteControl(.remoteControlTogglePlayPause)), .input(.touches(click, more: [pencil])),
            .input(.hover(phase: .began, location: CGPoint(x: 1, y: 2), type: .indirectPointer)),
            .input(.hover(phase: .ended, location: .zero, type: .pencil)),
            .input(.scroll(phase: .changed, location: CGPoint(x: 3, y: 4), delta: CGPoint(x: 0, y: -10.5), type: .discrete, momentum: false)),
            .input(.scroll(phase: .ended, location: .zero, delta: .zero, type: .continuous, momentum: true)),
            .input(.transform(phase: .changed, location: CGPoint(x: 5, y: 6), scale: 1.25, rotation: -0.5)), .input(.pencilTap),
            .pointer(.bound(input: .scroll, view: view, window: window)), .pointer(.overNoView),
            .pointer(.fed(recognizer: pan, input: .transform, phase: .cancelled)),
            .pointer(.notFed(recognizer: pan, input: .scroll, cause: .scrollTypeNotAllowed(type: .discrete, allowed: .continuous))),
            .pointer(.endedAfterPause(input: .scroll, delay: 0.1)), .pointer(.hoverEndedByClick(finger: 1000)),
            .pointer(.transformAsTouches(fingers: [-1, -2], span: 100)), .pointer(.pencilTap(view: view, delegate: nil)),
            .pointer(.pencilTap(view: view, delegate: target)),
            .keyCommand(key: "⌘S", action: "save:", startedAt: view, offeredBy: view, outcome: .performed(by: window)),
            .keyCommand(key: "UpArrow", action: "up:", startedAt: window, offeredBy: view, outcome: .noResponderPerforms),
            .keyCommand(key: "A", action: "a:", startedAt: view, offeredBy: window, outcome: .textInputFirst(view)),
            .hitTestOutside(view: view, point: CGPoint(x: -80, y: 100)), .hitTestInside(view: view, point: .zero),
            .hitTestResult(window: window, view: nil), .hitTestResult(window: window, view: view),
            .touchBound(finger: 1, view: view, window: window, tapCount: 2),
            .delivered(responder: view, method: .touchesEstimatedPropertiesUpdated, fingers: [1, 2, 3, 4, 5]),
            .forwarded(from: view, to: window, method: .pressesChanged), .unhandled(last: window, method: .remoteControlReceived),
            .firstResponderChanged(window: window, from: nil, to: view), .firstResponderRefused(responder: view, cause: .cannotBecomeFirstResponder),
            .action(name: "save:", target: nil, sender: view, handled: false), .action(name: "copy:", target: view, sender: nil, handled: true),
            .recognizerFed(recognizer: tap, method: .touchesBegan, fingers: []), .recognizerNotFed(recognizer: tap, finger: nil, cause: .refusedByDelegate),
            .recognizerNotFed(recognizer: tap, finger: 2, cause: .touchTypeNotAllowed(.indirectPointer)),
            .recognizerState(recognizer: tap, from: .possible, to: .failed, cause: nil),
            .recognizerInvalidTransition(recognizer: tap, from: .ended, to: .changed),
            .recognizerWaiting(recognizer: tap, wants: .ended, waitingFor: [pan, tap]),
            .failureCycleBroken(recognizer: tap, ignoring: pan), .recognizerAction(recognizer: pan, state: .cancelled, target: target),
            .touchWithheld(finger: 1, view: view, phase: .ended, by: [tap]), .touchReleased(finger: 1, view: view),
            .touchesCancelledByRecognizer(recognizer: pan, fingers: [1]), .touchDiscarded(finger: 1, view: view, by: pan),
            .controlEvents(control: view, events: [.touchUpInside, .primaryActionTriggered]), .controlEvents(control: view, events: .editingDidEndOnExit),
            .controlAction(control: view, action: "buy", target: nil), .controlAction(control: view, action: "buy", target: target),
            .controlTargetGone(control: view, action: "buy"),
            .runLoop(.portDrained(records: 3)), .runLoop(.movesCoalesced(finger: 1, samples: 4)), .runLoop(.timerFired(due: 0.30000000000000004)),
            .runLoop(.eventQueueHandled(events: 2)), .runLoop(.sendEvent(.presses)),
            .system(.consumed(what: "#1", reason: .noForegroundApplication)), .system(.button(.volumeUp)),
            .system(.applicationState(application: "Other", from: .inactive, to: .background)),
            .system(.touchesCancelled(application: "UIApplication", fingers: [1, 2], reason: .applicationSwitch)),
            .system(.remoteControlRouted(.remoteControlNextTrack, to: "UIApplication")), .system(.edgeDeferred(edge: "top")),
            .system(.systemGesture(edge: "bottom")),
            .runLoopMode(.modeChanged(from: .default, to: .tracking, releasedTimers: 2)),
            .runLoopMode(.timerFired(timer: "clock", mode: .common, due: 0.44999999999999996, late: 0.35)),
            .contentTouch(finger: 1, view: view, scrollView: list, fate: .released(after: 0.15)),
            .scrollView(scrollView: list, change: .decelerationStarted(from: CGPoint(x: 0, y: 90), to: CGPoint(x: 0, y: 539.5))),
            .scrollView(scrollView: list, change: .animationStarted(from: .zero, to: CGPoint(x: 320, y: 0))),
            .scrollView(scrollView: list, change: .zoomAnimationStarted(fromScale: 3.5, toScale: 3)),
            .scrollView(scrollView: list, change: .dragRefused(.cannotScroll)),
            .scrollView(scrollView: list, change: .dragRefused(.leftToOuterScrollView(list))),
        ]
        kinds += [TraceRecord.HitTestSkip.hidden, .transparent, .interactionDisabled, .disabled].map {
            .hitTestSkipped(view: view, point: CGPoint(x: 1.5, y: 2), reason: $0)
        }
        kinds += [TraceRecord.DropReason.ignoringInteractionEvents, .noWindowHit, .exclusiveTouch(owner: view),
                  .multipleTouchDisabled(view: view), .viewLeftWindow(view: view), .unknownFinger(3), .fingerAlreadyDown(4),
                  .notReceivingRemoteControlEvents, .noKeyWindow, .noInitialResponder, .alreadyPresenting(view), .activeController(view),
                  .momentumScroll, .notFromThisApplication]
            .map { .dropped(what: "touch #1", reason: $0) }
        kinds += [TraceRecord.DelegateQuestion.shouldReceiveEvent, .shouldReceiveTouch(finger: 9), .shouldReceivePress, .shouldBegin,
                  .shouldRequireFailure(of: pan), .shouldBeRequiredToFail(by: pan), .shouldRecognizeSimultaneously(with: pan)]
            .map { .delegateAsked(recognizer: tap, question: $0, answer: true) }
        kinds += [TraceRecord.ScrollViewCall.didScroll(offset: CGPoint(x: 0, y: 23.333333333333332)), .willBeginDragging,
                  .willEndDragging(velocity: CGPoint(x: 0, y: 1875), target: CGPoint(x: 0, y: 1016.5625)),
                  .didEndDragging(willDecelerate: true), .willBeginDecelerating, .didEndDecelerating, .didEndScrollingAnimation,
                  .willBeginZooming, .didZoom(scale: 1.25), .didEndZooming(scale: 2)]
            .map { .scrollViewDelegate(scrollView: list, call: $0) }
        kinds += [TraceRecord.ContentTouchFate.delayed, .releasedOnLift, .stillWithheld(by: [tap, pan]), .refusedByTouchesShouldBegin, .cancelledByScrolling,
                  .discardedByScrolling, .keptByTouchesShouldCancel, .keptCanCancelContentTouchesOff, .stoppedScrolling]
            .map { .contentTouch(finger: 2, view: view, scrollView: list, fate: $0) }
        kinds += [TraceRecord.ScrollViewChange.StopReason.rest, .touch, .drag, .replaced, .zoomSet]
            .map { .scrollView(scrollView: list, change: .stopped(at: CGPoint(x: 0, y: 520), reason: $0)) }
        kinds += causes.map { .recognizerState(recognizer: tap, from: .possible, to: .failed, cause: $0) }
        let nav = TraceSubject(id: 30, className: "UINavigationController", name: "nav")
        let sheet = TraceSubject(id: 31, className: "UIViewController", name: "sheet")
        kinds += [TraceRecord.NavigationChange.transitionBegan(isPush: true, from: sheet, to: nil, animated: true, interactive: false),
                  .transitionEnded(shown: sheet, cancelled: true), .transitionEnded(shown: nil, cancelled: false),
                  .backSwipeRefused(.onlyRootController), .backSwipeRefused(.transitionRunning), .backSwipeRefused(.notAwayFromEdge),
                  .backSwipeFoundNothingToPop,
                  .backSwipeDecided(completes: true, progress: 0.5625, velocity: 1.25, reason: .flick(threshold: 1)),
                  .backSwipeDecided(completes: false, progress: 0.25, velocity: 0, reason: .distance(threshold: 0.5)),
                  .backSwipeDecided(completes: false, progress: 0.1, velocity: -0.5, reason: .recognizerCancelled)]
            .map { .navigation(controller: nav, change: $0) }
        kinds += [TraceRecord.PresentationChange.transitionBegan(presenting: nav, style: .formSheet, dismissing: true, animated: true,
                                                                 interactive: true),
                  .transitionBegan(presenting: nil, style: .automatic, dismissing: false, animated: false, interactive: false),
                  .transitionEnded(dismissed: true, cancelled: false), .dismissalRefused(.modalInPresentation(sheet)),
                  .dismissalRefused(.delegateDeclined),
                  .sheetDecided(dismisses: true, progress: 0.52, velocity: 0.5, reason: .distance(threshold: 0.48)),
                  .sheetDecided(dismisses: false, progress: 0.1, velocity: -2.5, reason: .flick(threshold: 2)),
                  .sheetDecided(dismisses: false, progress: 0, velocity: 0, reason: .recognizerCancelled)]
            .map { .presentation(controller: sheet, change: $0) }
        let table = TraceSubject(id: 40, className: "UITableView", name: "table")
        let row = IndexPath(row: 3, section: 1)
        typealias Selection = TraceRecord.SelectionDecision
        var selections: [Selection] = [.highlighted(finger: 1, heldFor: 0.15000000000000002, onLift: false),
                                       .highlighted(finger: 2, heldFor: 0, onLift: true), .redirected(to: IndexPath(row: 0, section: 0)),
                                       .selected(byCode: true), .selected(byCode: false)]
        selections += Selection.HighlightRefusal.allCases.map { .notHighlighted(finger: 1, reason: $0) }
        selections += Selection.UnhighlightReason.allCases.map { .unhighlighted(reason: $0) }
        selections += Selection.SelectionRefusal.allCases.map { .notSelected(reason: $0) }
        selections += Selection.DeselectionCause.allCases.map { .deselected(cause: $0) }
        selections += Selection.DeselectionRefusal.allCases.map { .deselectionRefused(reason: $0) }
        kinds += selections.map { .selection(container: table, item: row, decision: $0) }
        kinds += [TraceRecord.SwipeActionDecision.began(edge: .trailing, actions: ["Archive", "Delete"]), .began(edge: .leading, actions: []),
                  .refused(.notHorizontal), .refused(.noActions(.leading)), .refused(.editing), .refused(.noRow), .opened(width: 148.5),
                  .closed(.notFarEnough(shown: 20.25, needed: 74)), .closed(.swipedBack), .closed(.touchElsewhere), .closed(.tapOnRow),
                  .closed(.scrolled), .closed(.actionCompleted), .closed(.editingChanged), .closed(.reloaded), .closed(.cancelled),
                  .performed(action: "Archive", fullSwipe: true), .completed(action: "Delete", performed: false)]
            .map { .swipeActions(table: table, row: row, decision: $0) }
        return kinds
    }()

    @Test func everyKindOfRecordReadsBackAsWritten() throws {
        for (index, kind) in Self.kinds.enumerated() {
            let record = TraceRecord(time: Double(index) / 1000, kind: kind)
            let line = TraceJSON.line(record)
            let object = try #require(try JSONReader.parse(Substring(line)) as? [String: Any])
            let read = try TraceJSON.record(from: object)
            #expect(read == record, "\(line)")
        }
    }

    @Test func aReaderOfOtherJSONSaysWhatIsWrongAndWhere() {
        for (text, expected) in [("{\"a\": }", "a value expected at character 7"), ("[1, 2", "']' expected at character 6"),
                                 ("\"\\q\"", "an unknown escape in text at character 4"), ("{} x", "text after the value at character 4"),
                                 (String(repeating: "[", count: 600), "nested more than 512 deep")] {
            do {
                _ = try JSONReader.parse(Substring(text))
                Issue.record("'\(text)' was read")
            } catch {
                #expect(error.message.contains(expected), "\(text): \(error.message)")
            }
        }
        #expect((try? JSONReader.parse("\"\\ud83d\\udc4d \\u00e9\"")) as? String == "👍 é")
        #expect((try? JSONReader.parse("[0.44999999999999996, 9223372036854775807, -0.5e1]")) as? [AnyHashable]
                == [0.44999999999999996 as Double, Int.max, -5.0 as Double] as [AnyHashable])
    }
}
