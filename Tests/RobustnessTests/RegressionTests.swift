// One test per bug the fuzzing, leak checks and hostile files found, named after the bug.

import Foundation
import Testing
@testable import ResponderKit
@testable import ResponderLab

/// A responder that records the event calls it receives and handles them (nothing climbs past it).
@MainActor
private final class CallRecorder: UIViewController {
    var calls: [String] = []
    var onRemote: (() -> Void)?
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) { calls.append("pressesBegan") }
    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) { calls.append("pressesEnded") }
    override func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) { calls.append("pressesCancelled") }
    override func remoteControlReceived(with event: UIEvent?) {
        calls.append("remote")
        onRemote?()
    }
}

/// A view whose touch calls can run a handler.
@MainActor
private final class HandlerView: UIView {
    var onCancelled: (() -> Void)?
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { onCancelled?() }
}

/// A view that logs the touch methods it receives.
@MainActor
private final class MethodLogView: UIView {
    var methods: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { methods.append("began") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { methods.append("moved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { methods.append("ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { methods.append("cancelled") }
}

/// An action target that runs a closure.
@MainActor
private final class Handler {
    var body: (UIGestureRecognizer) -> Void
    init(_ body: @escaping (UIGestureRecognizer) -> Void) { self.body = body }
    func fire(_ recognizer: UIGestureRecognizer) { body(recognizer) }
}

@MainActor
private func states(of name: String, in recorder: TraceRecorder) -> [String] {
    recorder.records.compactMap { record in
        if case .recognizerState(let recognizer, let from, let to, _) = record.kind, recognizer.name == name { return "\(from)→\(to)" }
        return nil
    }
}

@MainActor
@Suite final class RegressionTests {
    /// The applications this test made (weakly: some tests check that theirs are freed).
    private var applications: [Weak<UIApplication>] = []

    /// Hides every window the test left visible, so its scene goes: the application keeps visible windows
    /// alive, as UIKit does, and each window holds its application (LeakSanitizer runs over this suite).
    isolated deinit {
        for application in applications.compactMap(\.object) {
            for window in application.windows { window.isHidden = true }
        }
    }

    private func makeScene(recorder: TraceRecorder? = nil) -> (UIApplication, UIWindow, EventSimulator) {
        let app = UIApplication()
        applications.append(Weak(app))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        window.makeKeyAndVisible()
        if let recorder { app.tracer = recorder }
        return (app, window, EventSimulator(application: app))
    }

    // MARK: Engine

    /// Presses went to the current key window: once it changed (or was gone), the responder that saw
    /// `pressesBegan` never heard the end.
    @Test func pressEndReachesItsResponderAfterTheKeyWindowChanged() {
        let (app, first, sim) = makeScene()
        let firstRoot = CallRecorder()
        first.rootViewController = firstRoot
        let second = UIWindow(frame: first.frame, application: app)
        let secondRoot = CallRecorder()
        second.rootViewController = secondRoot

        sim.pressDown(.select)
        second.makeKeyAndVisible()
        sim.pressUp(.select)
        #expect(firstRoot.calls == ["pressesBegan", "pressesEnded"])
        #expect(secondRoot.calls.isEmpty)

        sim.pressDown(.menu)
        second.isHidden = true
        first.isHidden = true
        #expect(app.keyWindow == nil)
        sim.pressUp(.menu)
        #expect(secondRoot.calls == ["pressesBegan", "pressesEnded"])
    }

    /// Removing a recognizer in play reset it without a trace record: the trace's next record for it
    /// started from a state the trace never reached (and a gesture in progress vanished mid-way).
    @Test func removingARecognizerInPlayTracesItsCancelAndReset() {
        let recorder = TraceRecorder()
        let (_, window, sim) = makeScene(recorder: recorder)
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        let pan = UIPanGestureRecognizer()
        pan.name = "pan"
        let tap = UITapGestureRecognizer()
        tap.name = "tap"
        tap.numberOfTapsRequired = 2
        view.addGestureRecognizer(pan)
        view.addGestureRecognizer(tap)

        sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        sim.touchMove(1, to: CGPoint(x: 60, y: 10))
        let before = pan.state
        #expect(before == .began || before == .changed)
        view.removeGestureRecognizer(pan)
        view.removeGestureRecognizer(tap)
        #expect(states(of: "pan", in: recorder).suffix(2) == ["\(before)→cancelled", "cancelled→possible"])
        #expect(states(of: "tap", in: recorder) == ["possible→failed", "failed→possible"])
        sim.touchUp(1)

        // Every traced change of each recognizer starts where the previous one ended.
        for name in ["pan", "tap"] {
            var state = "possible"
            for change in states(of: name, in: recorder) {
                #expect(change.hasPrefix(state + "→"), "\(name): \(change) after \(state)")
                state = String(change.split(separator: "→")[1])
            }
            #expect(state == "possible")
        }
    }

    /// A touch-only recognizer (pinch, pan, rotation, swipe) given presses through `allowedPressTypes`
    /// ignored them and waited in `.possible` for ever, holding up every recognizer that required its failure.
    @Test func touchOnlyRecognizerGivenPressesFailsOnceTheyEnd() {
        let (_, window, sim) = makeScene()
        var fired = 0
        let handler = Handler { _ in fired += 1 }
        let pinch = UIPinchGestureRecognizer()
        pinch.allowedPressTypes = [.select]
        let tap = UITapGestureRecognizer(target: handler, action: Handler.fire)
        tap.require(toFail: pinch)
        window.addGestureRecognizer(pinch)
        window.addGestureRecognizer(tap)

        sim.pressDown(.select)
        sim.pressUp(.select)
        #expect(fired == 1)
        #expect(pinch.state == .possible && tap.state == .possible)
        #expect(window.application.arbiter.active.isEmpty)
    }

    /// A recognizer that failed in `touchesBegan` was still fed the same event's moves and ends; the
    /// built-ins then asked for failed → failed, which the state machine refused (D4, D6).
    @Test func recognizerThatFailsInTouchesBeganGetsNoMoreOfThatEvent() {
        let recorder = TraceRecorder()
        let (_, window, sim) = makeScene(recorder: recorder)
        let view = UIView(frame: window.bounds)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        let tap = UITapGestureRecognizer()
        tap.name = "tap"
        view.addGestureRecognizer(tap)

        sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        // One event: a second finger (too many: the tap fails in touchesBegan) and a long move of the first.
        sim.touch(.down(2, at: CGPoint(x: 100, y: 100)), .move(1, to: CGPoint(x: 200, y: 10)))
        let invalid = recorder.records.filter { if case .recognizerInvalidTransition = $0.kind { return true } else { return false } }
        #expect(invalid.isEmpty)
        let fedMoves = recorder.records.filter {
            if case .recognizerFed(let recognizer, .touchesMoved, _) = $0.kind, recognizer.name == "tap" { return true } else { return false }
        }
        #expect(fedMoves.isEmpty)
        sim.touch(.up(1), .up(2))
        #expect(tap.state == .possible)
    }

    /// A recognizer removed while a press it tracked was still down stayed listed on the press; at the
    /// press's end the arbiter took it up again although it had been reset (it ended stuck in `.failed`).
    @Test func recognizerRemovedDuringAPressIsNotTakenUpAgainAtItsEnd() {
        let (app, window, sim) = makeScene()
        let pinch = UIPinchGestureRecognizer()
        pinch.allowedPressTypes = [.select]
        window.addGestureRecognizer(pinch)
        sim.pressDown(.select)
        #expect(pinch.trackedPresses.count == 1)
        window.removeGestureRecognizer(pinch)
        #expect(app.pressesEvent.pressList.allSatisfy { $0.arbitration.receivers.isEmpty })
        sim.pressUp(.select)
        #expect(pinch.state == .possible)
        #expect(pinch.arbiter == nil)
    }

    /// Input posted by a handler that the engine called outside an input dispatch (a long press beginning
    /// on its timer, a view told of its cancelled touch) was handled at once, inside the handler, re-entering
    /// the arbiter half-way through settling (H1: it must be queued).
    @Test func inputPostedFromATimerActionWaitsUntilTheActionReturns() {
        let (app, window, sim) = makeScene()
        app.beginReceivingRemoteControlEvents()
        let root = CallRecorder()
        window.rootViewController = root
        var log: [String] = []
        root.onRemote = { log.append("remote handled") }
        let handler = Handler { recognizer in
            guard recognizer.state == .began else { return }
            log.append("action starts")
            app.enqueue(HIDEvent(timestamp: sim.now, payload: .remoteControl(.remoteControlPlay)))
            log.append("action returns")
        }
        let press = UILongPressGestureRecognizer(target: handler, action: Handler.fire)
        root.view.addGestureRecognizer(press)

        sim.touchDown(1, at: CGPoint(x: 50, y: 50))
        sim.advance(by: 0.6)
        #expect(log == ["action starts", "action returns", "remote handled"])
        sim.touchUp(1)

        // The same for a view told of its cancelled touch when it leaves the window.
        log.removeAll()
        let view = HandlerView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.view.addSubview(view)
        view.onCancelled = {
            log.append("cancel starts")
            app.enqueue(HIDEvent(timestamp: sim.now, payload: .remoteControl(.remoteControlPause)))
            log.append("cancel returns")
        }
        sim.touchDown(2, at: CGPoint(x: 10, y: 10))
        view.removeFromSuperview()
        #expect(log == ["cancel starts", "cancel returns", "remote handled"])
        sim.touchUp(2)
    }

    /// A controller could present the controller that presents it: the responder chain then looped
    /// (presented → presenting → presented …) and delivery recursed until the stack overflowed.
    @Test func presentingAnActiveControllerIsRefused() {
        let recorder = TraceRecorder()
        let (_, window, sim) = makeScene(recorder: recorder)
        let root = UIViewController()
        root.title = "root"
        window.rootViewController = root
        let presented = UIViewController()
        presented.title = "presented"
        root.present(presented, animated: false)
        presented.present(root, animated: false)
        #expect(root.presentingViewController == nil)
        #expect(presented.presentedViewController == nil)
        #expect(recorder.records.contains { $0.kind == .dropped(what: "present 'root'", reason: .activeController(root.traceSubject)) })
        // The chain from the presented controller ends.
        var responder: UIResponder? = presented
        var length = 0
        while let current = responder, length < 100 {
            responder = current.next
            length += 1
        }
        #expect(responder == nil)
        sim.shake()
    }

    /// With a presenting controller's view moved inside the presented controller's view, the chain looped
    /// through the presentation: a shake (or a press, or an action) recursed until the stack overflowed.
    @Test func responderChainEndsWhenThePresentersViewIsMovedInsideThePresented() {
        let (_, window, sim) = makeScene()
        let root = UIViewController()
        window.rootViewController = root
        let presented = UIViewController()
        root.present(presented, animated: false)
        presented.view.addSubview(root.view)
        var responder: UIResponder? = presented
        var length = 0
        while let current = responder, length < 100 {
            responder = current.next
            length += 1
        }
        #expect(responder == nil && length < 100)
        sim.shake()
        sim.pressDown(.select)
        sim.pressUp(.select)
        #expect(UIResponder.forwardingDepth == 0)
    }

    /// Turning `isEnabled` off mid-gesture from outside any dispatch cancelled the gesture (and sent its
    /// action) with no tracer active: the trace missed the cancel and the reset.
    @Test func disablingARecognizerMidGestureFromOutsideDispatchIsTraced() {
        let recorder = TraceRecorder()
        let (_, window, sim) = makeScene(recorder: recorder)
        let pan = UIPanGestureRecognizer()
        pan.name = "pan"
        window.addGestureRecognizer(pan)
        sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        sim.touchMove(1, to: CGPoint(x: 60, y: 10))
        pan.isEnabled = false
        #expect(states(of: "pan", in: recorder).last == "began→cancelled")
        sim.touchUp(1)
        #expect(states(of: "pan", in: recorder).last == "cancelled→possible")
    }

    /// A touch kept its window, and the window its application: an isolated application torn down with a
    /// finger still down (windows hidden, references dropped) was never freed, nor anything in it.
    @Test func sceneTornDownMidGestureIsFreed() {
        weak var weakApp: UIApplication?
        weak var weakWindow: UIWindow?
        weak var weakView: UIView?
        weak var weakPan: UIGestureRecognizer?
        weak var weakTouch: UITouch?
        weak var weakPress: UIPress?
        do {
            let (app, window, sim) = makeScene()
            let view = UIView(frame: window.bounds)
            window.addSubview(view)
            let pan = UIPanGestureRecognizer()
            view.addGestureRecognizer(pan)
            sim.touchDown(1, at: CGPoint(x: 10, y: 10))
            sim.touchMove(1, to: CGPoint(x: 60, y: 10))
            sim.pressDown(.select)
            weakApp = app
            weakWindow = window
            weakView = view
            weakPan = pan
            weakTouch = app.touchEvent.touchList.first
            weakPress = app.pressesEvent.pressList.first
            #expect(weakTouch != nil && weakPress != nil)
            window.isHidden = true
        }
        #expect(weakTouch == nil)
        #expect(weakPress == nil)
        #expect(weakPan == nil)
        #expect(weakView == nil)
        #expect(weakWindow == nil)
        #expect(weakApp == nil)
    }

    /// Hiding a window forgets its touches: the rest of those fingers' samples are dropped, and a new touch
    /// of the same finger after it lifts is an ordinary touch.
    @Test func hiddenWindowsTouchesAreOverForGood() {
        let (app, window, sim) = makeScene()
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        window.isHidden = true
        #expect(app.touchEvent.touchList.isEmpty)
        sim.touchMove(1, to: CGPoint(x: 20, y: 20))
        window.isHidden = false
        sim.touchUp(1)
        sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        #expect(app.touchEvent.touchList.count == 1)
        sim.touchUp(1)
        #expect(app.touchEvent.touchList.isEmpty)
    }

    /// A press was offered to the recognizers of a root controller's view taken out of its window: they
    /// went into play off-window, where views leaving a window could not take them out again.
    @Test func pressRecognizersComeOnlyFromViewsInThePressWindow() {
        let (_, window, sim) = makeScene()
        let root = UIViewController()
        window.rootViewController = root
        let tap = UITapGestureRecognizer()
        root.view.addGestureRecognizer(tap)
        root.view.removeFromSuperview()
        sim.pressDown(.select)
        #expect(tap.arbiter == nil && tap.trackedPresses.isEmpty)
        sim.pressUp(.select)
    }

    /// A continuous recognizer waiting for another's failure (R7) is fed nothing; released after its fingers
    /// lifted, it began with no touch left to end it, and stayed began, in play, for ever.
    @Test func continuousRecognizerReleasedAfterItsFingersLiftedEnds() {
        let recorder = TraceRecorder()
        let (app, window, sim) = makeScene(recorder: recorder)
        var actions: [UIGestureRecognizer.State] = []
        let handler = Handler { actions.append($0.state) }
        let pan = UIPanGestureRecognizer(target: handler, action: Handler.fire)
        pan.name = "pan"
        let pinch = UIPinchGestureRecognizer()
        pinch.name = "pinch"
        pan.require(toFail: pinch)
        window.addGestureRecognizer(pan)
        window.addGestureRecognizer(pinch)

        sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        sim.touchMove(1, to: CGPoint(x: 60, y: 10))   // the pan wants to begin; the pinch is undecided
        #expect(pan.arbitration.wanted == .began)
        sim.touchUp(1)                                 // the pinch fails ("never had two fingers")
        #expect(actions == [.began, .ended])
        #expect(pan.state == .possible && app.arbiter.active.isEmpty)
        #expect(states(of: "pan", in: recorder) == ["possible→began", "began→ended", "ended→possible"])
    }

    /// Forgetting a recognizer (its window hidden) released one waiting for its failure; that one's action
    /// removed their view, which forgot the first recognizer again from inside: it was reset, and traced as
    /// reset, twice.
    @Test func recognizerForgottenFromInsideItsOwnForgettingIsResetOnce() {
        let recorder = TraceRecorder()
        let (_, window, sim) = makeScene(recorder: recorder)
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        let pinch = UIPinchGestureRecognizer()
        pinch.name = "pinch"
        let handler = Handler { recognizer in recognizer.view?.removeFromSuperview() }
        let pan = UIPanGestureRecognizer(target: handler, action: Handler.fire)
        pan.name = "pan"
        pan.require(toFail: pinch)
        view.addGestureRecognizer(pinch)
        view.addGestureRecognizer(pan)

        sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        sim.touchMove(1, to: CGPoint(x: 60, y: 10))
        #expect(pan.arbitration.wanted == .began)
        window.isHidden = true
        #expect(states(of: "pinch", in: recorder) == ["possible→failed", "failed→possible"])
        #expect(view.superview == nil)
        sim.touchUp(1)
    }

    /// A control tracked touches a subview passed up the chain; when the chain changed mid-touch (an ancestor
    /// moved) their end never reached it, and it stayed tracking and highlighted for ever, its touchDown
    /// never followed by touchUpInside, touchUpOutside or touchCancel.
    @Test func controlDoesNotTrackATouchPassedUpFromASubview() {
        let (_, window, sim) = makeScene()
        var events: [String] = []
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        button.addAction(UIAction { _ in events.append("touchDown") }, for: .touchDown)
        button.addAction(UIAction { _ in events.append("touchUpInside") }, for: .touchUpInside)
        let cover = UIView(frame: button.bounds)
        button.addSubview(cover)
        window.addSubview(button)

        sim.touchDown(1, at: CGPoint(x: 50, y: 50))
        #expect(!button.isTracking && !button.isHighlighted)
        // The chain from the covering view no longer reaches the button before the touch ends.
        let elsewhere = UIView(frame: CGRect(x: 250, y: 300, width: 50, height: 50))
        window.addSubview(elsewhere)
        elsewhere.addSubview(cover)
        sim.touchUp(1)
        #expect(events.isEmpty)
        #expect(!button.isTracking && !button.isHighlighted)
        // A touch on the button itself is tracked as ever.
        sim.tap(at: CGPoint(x: 150, y: 150))
        #expect(events == ["touchDown", "touchUpInside"])
    }

    // MARK: Scenario tool

    /// Drawing (and explaining) a scene whose transforms make coordinates huge trapped converting them to Int.
    @Test func drawingHugeCoordinatesDoesNotTrap() throws {
        var lines = ["name: huge", "windows:", "  - name: window", "    frame: [0, 0, 320, 480]", "    subviews:"]
        var indent = 6
        for level in 0..<8 {
            let pad = String(repeating: " ", count: indent)
            lines += ["\(pad)- name: v\(level)", "\(pad)  frame: [0, 0, 1000000, 1000000]", "\(pad)  transform: {scale: 1000000}",
                      "\(pad)  subviews:"]
            indent += 4
        }
        lines += [String(repeating: " ", count: indent) + "- name: leaf", "script:", "  - tap: [1, 1]"]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("responderkit-regression-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("huge.yaml").path
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        var err: [String] = []
        #expect(Lab.draw(path, at: nil, to: directory.appendingPathComponent("huge.svg").path, err: { err.append($0) }) == 0)
        #expect(Lab.explain(path, subject: .view("leaf"), out: { _ in }, err: { err.append($0) }) == 0)
        #expect(err.isEmpty)
    }

    /// A suggestion ("did you mean …?") for a huge unknown name compared it with every candidate at a cost of
    /// length × length: seconds for a megabyte-long name, far longer between two of them. Names past the
    /// length limit are now never compared, so a candidate one edit away from a huge name is not offered:
    /// the answers below prove the comparison was skipped, without timing it.
    @Test func suggestionForAHugeNameIsNotSearched() {
        let huge = String(repeating: "a", count: 200_000)
        #expect(YAMLReader.nearest(to: huge, in: [huge + "b", "frame", "name"]) == nil)
        #expect(YAMLReader.nearest(to: "frme", in: [huge, "frame"]) == "frame")
    }

    // MARK: Content touches withheld by more than their scroll view

    /// A list (its content taller than it) holding a view, and the content touches the trace reports.
    private func listScene(recorder: TraceRecorder) -> (UIApplication, UIScrollView, MethodLogView, EventSimulator) {
        let (app, window, sim) = makeScene(recorder: recorder)
        let list = UIScrollView(frame: window.bounds)
        list.accessibilityIdentifier = "list"
        list.contentSize = CGSize(width: 320, height: 2_000)
        window.addSubview(list)
        let content = MethodLogView(frame: CGRect(x: 0, y: 0, width: 320, height: 2_000))
        content.accessibilityIdentifier = "content"
        list.addSubview(content)
        return (app, list, content, sim)
    }

    private func contentFates(in recorder: TraceRecorder) -> [TraceRecord.ContentTouchFate] {
        recorder.records.compactMap { record in
            if case .contentTouch(_, _, _, let fate) = record.kind { return fate }
            return nil
        }
    }

    /// A touch in a list's content, also held back by a recognizer on the content that delays touches
    /// began, was reported "let through after 0.15 s" when the list's delay passed (the content did not
    /// get it: the other recognizer still withheld it, D11), and then, when the list began to drag,
    /// "discarded: the scroll view began dragging within the delay", though the delay was over. The
    /// fuzzer's invariant "held content touch was both delivered and dropped" caught it (the seeds are in
    /// FoundSeeds). Now the list reports the touch still withheld, the content never hears of it, and the
    /// discard is the pan's (D10, D11).
    @Test func contentTouchStillWithheldByAnotherRecognizerIsNotReportedLetThrough() {
        let recorder = TraceRecorder()
        let (_, list, content, sim) = listScene(recorder: recorder)
        let press = UILongPressGestureRecognizer()
        press.name = "press"
        press.minimumPressDuration = 2
        press.allowableMovement = 1_000
        press.delaysTouchesBegan = true
        content.addGestureRecognizer(press)

        sim.touchDown(1, at: CGPoint(x: 100, y: 300))
        sim.advance(by: 0.2)                                  // the list's delay (0.15 s) passes; the press still waits
        #expect(content.methods.isEmpty)
        for step in 1...4 {
            sim.advance(by: 1.0 / 60)
            sim.touchMove(1, to: CGPoint(x: 100, y: 300 - CGFloat(step) * 10))
        }
        sim.touchUp(1)
        sim.advance(by: 1)

        #expect(list.contentOffset.y > 0, "the list scrolled")
        #expect(content.methods.isEmpty, "the content never saw the touch begin, so it hears nothing of it (R14)")
        #expect(contentFates(in: recorder) == [.delayed, .stillWithheld(by: [press.traceSubject])])
        #expect(recorder.records.contains { $0.kind == .touchDiscarded(finger: 1, view: content.traceSubject, by: list.panGestureRecognizer.traceSubject) })
        #expect(TraceRecord.ContentTouchFate.stillWithheld(by: [press.traceSubject]).description
                == "let through by the scroll view, still held back by 'press' (delaysTouchesBegan)")
    }

    /// The other half of the same bug: once the other recognizer fails, the touch the list let through
    /// reaches the content (D11: began, then the latest move, R13), and nothing reports it dropped.
    @Test func contentTouchStillWithheldByAnotherRecognizerReachesTheContentWhenThatOneFails() {
        let recorder = TraceRecorder()
        let (_, _, content, sim) = listScene(recorder: recorder)
        let swipe = UISwipeGestureRecognizer()
        swipe.name = "swipe"
        swipe.delaysTouchesBegan = true
        content.addGestureRecognizer(swipe)

        sim.touchDown(1, at: CGPoint(x: 100, y: 300))
        sim.advance(by: 0.2)
        #expect(content.methods.isEmpty, "the swipe still withholds the touch after the list's delay")
        sim.advance(by: 0.5)                                  // the swipe gives up: the content gets the touch
        #expect(content.methods == ["began"])
        sim.touchUp(1)
        #expect(content.methods == ["began", "ended"])
        #expect(contentFates(in: recorder) == [.delayed, .stillWithheld(by: [swipe.traceSubject])])
    }

    /// A touch on an item whose highlight the delegate refused: its content view moved to another view
    /// mid-touch, so the cancel went up the new responder chain and the collection view never heard the
    /// touch end. It followed that touch forever and ignored every later one; a later touch that took the
    /// freed touch's address was even taken for it. The fuzzer's "still follows a touch on an item at rest"
    /// caught it (the seed is in FoundSeeds). Now the application tells the collection view as the touch
    /// leaves the event.
    @Test func aCollectionViewHearsOfATouchWhoseEndWentUpAnotherResponderChain() {
        final class Source: UICollectionViewDataSource, UICollectionViewDelegate {
            var highlights: [IndexPath] = []
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 4 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            }
            func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
                highlights.append(indexPath)
                return false
            }
        }
        let (_, window, sim) = makeScene()
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let grid = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        grid.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        let source = Source()
        grid.dataSource = source
        grid.delegate = source
        grid.delaysContentTouches = false
        window.addSubview(grid)
        let other = UIView(frame: CGRect(x: 0, y: 400, width: 320, height: 80))
        window.addSubview(other)
        grid.layoutIfNeeded()
        let item = IndexPath(item: 0, section: 0)

        sim.touchDown(1, at: CGPoint(x: 50, y: 50))
        #expect(source.highlights == [item])
        other.addSubview(grid.cellForItem(at: item)!.contentView)
        sim.touchCancel(1)
        #expect(grid.followedTouch == nil)
        sim.touchDown(2, at: CGPoint(x: 50, y: 50))
        #expect(source.highlights == [item, item], "the next touch on the item is followed")
        sim.touchUp(2)
        #expect(grid.followedTouch == nil)
    }

    /// The generated cases that once broke a promise (FoundSeeds.all), each replayed with every invariant
    /// checked after every event. Each is named after its bug.
    @Test(arguments: FoundSeeds.all)
    func generatedCaseThatOnceFailedKeepsEveryPromise(_ found: FoundSeed) {
        let outcome = FuzzRunner.run(seed: found.seed, events: found.events, config: found.config)
        if !outcome.passed { Issue.record("\(found.bug):\n\(outcome.report)") }
        #expect(outcome.events >= found.events)
    }
}
