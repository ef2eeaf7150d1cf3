// How recognizers share touches with each other and with views (spec R5–R10, R13, R22, D1–D3,
// D7–D13): who is offered a touch and in what order, delegate questions, exclusivity, failure
// requirements, the order of actions and cancels, and what views get of touches a recognizer delays.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct GestureArbitrationTests {

    // MARK: Fixtures

    @MainActor final class Log {
        var entries: [String] = []
    }

    /// A view that logs its touch methods and `gestureRecognizerShouldBegin`, optionally forwarding
    /// touches up the responder chain and refusing recognizers.
    final class LogView: UIView {
        let log: Log
        var forwards = false
        var refusesRecognizers = false
        var logsShouldBegin = false
        var logsLocations = false
        /// What `touchesBegan` saw, for R5 checks.
        var recognizersSeen: [UIGestureRecognizer] = []
        var touchesForRecognizers: [Int] = []
        var probedRecognizers: [UIGestureRecognizer] = []

        init(_ name: String, frame: CGRect, log: Log) {
            self.log = log
            super.init(frame: frame)
            accessibilityIdentifier = name
        }
        required init?(coder: NSCoder) { nil }
        private var name: String { accessibilityIdentifier ?? "?" }
        private func entry(_ what: String, _ touches: Set<UITouch>) -> String {
            guard logsLocations, let touch = touches.first else { return "\(name) \(what)" }
            let point = touch.location(in: nil)
            return "\(name) \(what) (\(Int(point.x)), \(Int(point.y)))"
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            log.entries.append(entry("began", touches))
            recognizersSeen = touches.first?.gestureRecognizers ?? []
            touchesForRecognizers = probedRecognizers.map { event?.touches(for: $0)?.count ?? -1 }
            if forwards { super.touchesBegan(touches, with: event) }
        }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
            log.entries.append(entry("moved", touches))
            if forwards { super.touchesMoved(touches, with: event) }
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            log.entries.append(entry("ended", touches))
            if forwards { super.touchesEnded(touches, with: event) }
        }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
            log.entries.append(entry("cancelled", touches))
            if forwards { super.touchesCancelled(touches, with: event) }
        }
        override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            if logsShouldBegin { log.entries.append("\(name) shouldBegin") }
            return !refusesRecognizers
        }
    }

    /// A recognizer that logs what it is fed and never recognizes: it fails when its last finger lifts.
    final class Probe: UIGestureRecognizer {
        let log: Log
        init(_ name: String, log: Log) {
            self.log = log
            super.init(target: nil, action: nil)
            self.name = name
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            log.entries.append("\(name!) touchesBegan \(touches.count)")
        }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            log.entries.append("\(name!) touchesMoved \(touches.count)")
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            log.entries.append("\(name!) touchesEnded \(touches.count)")
            if numberOfTouches == touches.count { state = .failed }
        }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { state = .failed }
    }

    /// A delegate whose answers are set per test, logging the questions it is asked.
    final class Delegate: UIGestureRecognizerDelegate {
        let name: String
        let log: Log?
        var receivesEvent = true
        var receivesTouch: (UITouch) -> Bool = { _ in true }
        var shouldBegin = true
        var simultaneous = false
        var requiresFailureOf: UIGestureRecognizer?
        var requiredToFailBy: UIGestureRecognizer?

        init(_ name: String = "delegate", log: Log? = nil) {
            self.name = name
            self.log = log
        }
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool {
            log?.entries.append("\(name) shouldReceive event")
            return receivesEvent
        }
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
            log?.entries.append("\(name) shouldReceive touch")
            return receivesTouch(touch)
        }
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            log?.entries.append("\(name) shouldBegin")
            return shouldBegin
        }
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            simultaneous
        }
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            otherGestureRecognizer === requiresFailureOf
        }
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            otherGestureRecognizer === requiredToFailBy
        }
    }

    /// Counts actions and records the states they saw, optionally logging them.
    @MainActor final class Actions {
        let name: String
        let log: Log?
        var states: [UIGestureRecognizer.State] = []
        var count: Int { states.count }
        init(_ name: String = "action", log: Log? = nil) {
            self.name = name
            self.log = log
        }
        func handle(_ recognizer: UIGestureRecognizer) {
            states.append(recognizer.state)
            log?.entries.append(name)
        }
    }

    @MainActor final class Scene {
        let app = UIApplication()
        let window: UIWindow
        let sim: EventSimulator
        let trace = TraceRecorder()
        let log = Log()
        /// A full-window view.
        let pad: LogView

        init() {
            window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
            window.makeKeyAndVisible()
            sim = EventSimulator(application: app)
            app.tracer = trace
            pad = LogView("pad", frame: window.bounds, log: log)
            window.addSubview(pad)
        }

        func view(_ name: String, _ frame: CGRect, in parent: UIView) -> LogView {
            let view = LogView(name, frame: frame, log: log)
            parent.addSubview(view)
            return view
        }

        func states(of recognizer: String) -> [String] {
            trace.records.compactMap { record in
                if case .recognizerState(let subject, let from, let to, let cause) = record.kind, subject.name == recognizer {
                    return "\(from)→\(to)" + (cause.map { " (\($0))" } ?? "")
                }
                return nil
            }
        }

        func hasRecord(_ match: (TraceRecord.Kind) -> Bool) -> Bool { trace.records.contains { match($0.kind) } }
    }

    let center = CGPoint(x: 160, y: 240)

    // MARK: R5 — who is offered a touch, in what order

    @Test func aTouchIsOfferedToTheRecognizersOfItsViewAndEveryAncestorDeepestFirstInOrderAdded() {
        let scene = Scene()
        let log = scene.log
        let child = scene.view("child", CGRect(x: 100, y: 100, width: 100, height: 100), in: scene.pad)
        let sibling = scene.view("sibling", CGRect(x: 0, y: 0, width: 50, height: 50), in: scene.pad)
        let onChild = Probe("C", log: log), onPad1 = Probe("P1", log: log), onPad2 = Probe("P2", log: log)
        let onWindow = Probe("W", log: log), onSibling = Probe("S", log: log)
        scene.window.addGestureRecognizer(onWindow)
        scene.pad.addGestureRecognizer(onPad1)
        scene.pad.addGestureRecognizer(onPad2)
        child.addGestureRecognizer(onChild)
        sibling.addGestureRecognizer(onSibling)
        child.probedRecognizers = [onChild, onPad1, onWindow, onSibling]

        scene.sim.touchDown(1, at: CGPoint(x: 150, y: 150))
        #expect(log.entries == ["C touchesBegan 1", "P1 touchesBegan 1", "P2 touchesBegan 1", "W touchesBegan 1", "child began"])
        let expected: [UIGestureRecognizer] = [onChild, onPad1, onPad2, onWindow]
        #expect(child.recognizersSeen.count == 4)
        #expect(zip(child.recognizersSeen, expected).allSatisfy { $0 === $1 })
        #expect(child.touchesForRecognizers == [1, 1, 1, 0]) // UIEvent.touches(for: recognizer)

        log.entries.removeAll()
        scene.sim.touchMove(1, to: CGPoint(x: 155, y: 150))
        #expect(log.entries == ["C touchesMoved 1", "P1 touchesMoved 1", "P2 touchesMoved 1", "W touchesMoved 1", "child moved"])
        scene.sim.touchUp(1)
    }

    @Test func recognizersAreCollectedOnceWhenTheTouchBegins() {
        let scene = Scene()
        scene.sim.touchDown(1, at: center)
        let late = Probe("late", log: scene.log)
        scene.pad.addGestureRecognizer(late)
        scene.sim.touchMove(1, to: CGPoint(x: 170, y: 240))
        scene.sim.touchUp(1)
        #expect(!scene.log.entries.contains { $0.hasPrefix("late") })

        scene.sim.touchDown(2, at: center)
        #expect(scene.log.entries.last == "pad began")
        #expect(scene.log.entries.contains("late touchesBegan 1"))
        scene.sim.touchUp(2)
    }

    // MARK: D2 — the delegate is asked before the recognizer gets a touch

    @Test func theDelegateIsAskedShouldReceiveEventThenTouchBeforeTheRecognizersTouchesBegan() {
        let scene = Scene()
        scene.pad.isMultipleTouchEnabled = true
        let probe = Probe("probe", log: scene.log)
        let delegate = Delegate(log: scene.log)
        probe.delegate = delegate
        scene.pad.addGestureRecognizer(probe)

        scene.sim.touch(.down(1, at: CGPoint(x: 100, y: 100)), .down(2, at: CGPoint(x: 200, y: 200)))
        #expect(scene.log.entries == ["delegate shouldReceive event", "delegate shouldReceive touch",
                                      "delegate shouldReceive touch", "probe touchesBegan 2", "pad began"])
        scene.log.entries.removeAll()
        scene.sim.touchMove(1, to: CGPoint(x: 110, y: 100))
        #expect(scene.log.entries == ["probe touchesMoved 1", "pad moved"]) // asked for new touches only
        scene.sim.touch(.up(1), .up(2))
    }

    @Test(arguments: ["event", "touch"])
    func aDelegateAnsweringFalseHidesTheTouchFromTheRecognizer(refused: String) {
        let scene = Scene()
        let probe = Probe("probe", log: scene.log)
        let tap = UITapGestureRecognizer()
        let taps = Actions()
        tap.addTarget(taps, action: Actions.handle)
        let delegate = Delegate()
        if refused == "event" { delegate.receivesEvent = false } else { delegate.receivesTouch = { _ in false } }
        probe.delegate = delegate
        tap.delegate = delegate
        scene.pad.addGestureRecognizer(probe)
        scene.pad.addGestureRecognizer(tap)
        scene.pad.probedRecognizers = [probe, tap]

        scene.sim.tap(at: center)
        #expect(!scene.log.entries.contains { $0.hasPrefix("probe") })
        #expect(scene.pad.recognizersSeen.isEmpty)
        #expect(scene.pad.touchesForRecognizers == [0, 0])
        #expect(taps.count == 0)
        #expect(scene.log.entries == ["pad began", "pad ended"])
        #expect(scene.hasRecord { if case .recognizerNotFed = $0 { return true } else { return false } })
    }

    @Test func aDelegateMayHideOneTouchAndLetAnotherThrough() {
        let scene = Scene()
        let probe = Probe("probe", log: scene.log)
        let delegate = Delegate()
        delegate.receivesTouch = { $0.location(in: nil).x < 150 }
        probe.delegate = delegate
        scene.pad.addGestureRecognizer(probe)

        scene.sim.touch(.down(1, at: CGPoint(x: 100, y: 100)), .down(2, at: CGPoint(x: 200, y: 200)))
        #expect(scene.log.entries.first == "probe touchesBegan 1")
        #expect(probe.numberOfTouches == 1)
        #expect(probe.location(in: nil) == CGPoint(x: 100, y: 100))
        scene.sim.touch(.up(1), .up(2))
    }

    // MARK: R9 — shouldBegin

    @MainActor final class Nest {
        let scene = Scene()
        let outer: LogView, middle: LogView, inner: LogView
        let tap = UITapGestureRecognizer()
        let delegate: Delegate
        let actions: Actions
        init() {
            outer = scene.view("outer", CGRect(x: 20, y: 20, width: 280, height: 440), in: scene.pad)
            middle = scene.view("middle", CGRect(x: 20, y: 20, width: 240, height: 400), in: outer)
            inner = scene.view("inner", CGRect(x: 20, y: 20, width: 200, height: 360), in: middle)
            for view in [scene.pad, outer, middle, inner] { view.logsShouldBegin = true }
            delegate = Delegate(log: scene.log)
            actions = Actions(log: scene.log)
            tap.name = "tap"
            tap.delegate = delegate
            tap.addTarget(actions, action: Actions.handle)
            outer.addGestureRecognizer(tap)
        }
    }

    @Test func shouldBeginIsAskedOfEveryViewFromTheHitViewUpToTheRecognizersViewThenOfTheDelegate() {
        let nest = Nest()
        nest.scene.sim.tap(at: CGPoint(x: 100, y: 100))
        #expect(nest.scene.log.entries == ["delegate shouldReceive event", "delegate shouldReceive touch", "inner began",
                                           "inner shouldBegin", "middle shouldBegin", "outer shouldBegin",
                                           "delegate shouldBegin", "action", "inner cancelled"])
    }

    @Test(arguments: ["inner", "middle", "outer", "delegate"])
    func anyShouldBeginRefusalFailsTheRecognizer(refuser: String) {
        let nest = Nest()
        switch refuser {
        case "inner": nest.inner.refusesRecognizers = true
        case "middle": nest.middle.refusesRecognizers = true
        case "outer": nest.outer.refusesRecognizers = true
        default: nest.delegate.shouldBegin = false
        }
        nest.scene.sim.tap(at: CGPoint(x: 100, y: 100))
        #expect(nest.actions.count == 0)
        #expect(nest.scene.log.entries.last == "inner ended")
        #expect(nest.scene.states(of: "tap").first?.hasPrefix("possible→failed (refused by") == true)
        #expect(nest.tap.state == .possible)
    }

    // MARK: R6 — exclusivity

    @Test(arguments: [false, true])
    func withPanAndSwipeOnOneViewTheSwipeNeverWins(swipeAddedFirst: Bool) {
        let scene = Scene()
        let pan = UIPanGestureRecognizer(), swipe = UISwipeGestureRecognizer()
        pan.name = "pan"
        swipe.name = "swipe"
        let pans = Actions(), swipes = Actions()
        pan.addTarget(pans, action: Actions.handle)
        swipe.addTarget(swipes, action: Actions.handle)
        if swipeAddedFirst { scene.pad.addGestureRecognizer(swipe) }
        scene.pad.addGestureRecognizer(pan)
        if !swipeAddedFirst { scene.pad.addGestureRecognizer(swipe) }

        scene.sim.drag(from: CGPoint(x: 40, y: 240), to: CGPoint(x: 240, y: 240), duration: 0.1, steps: 10)
        #expect(swipes.count == 0)
        #expect(pans.states.first == .began && pans.states.last == .ended)
        #expect(scene.states(of: "swipe").first == "possible→failed (prevented by 'pan')")
    }

    @Test(arguments: ["pan", "swipe"])
    func eitherDelegateAllowingSimultaneityLetsBothRecognize(delegateOn: String) {
        let scene = Scene()
        let pan = UIPanGestureRecognizer(), swipe = UISwipeGestureRecognizer()
        let pans = Actions(), swipes = Actions()
        pan.addTarget(pans, action: Actions.handle)
        swipe.addTarget(swipes, action: Actions.handle)
        let delegate = Delegate()
        delegate.simultaneous = true
        if delegateOn == "pan" { pan.delegate = delegate } else { swipe.delegate = delegate }
        scene.pad.addGestureRecognizer(pan)
        scene.pad.addGestureRecognizer(swipe)

        scene.sim.drag(from: CGPoint(x: 40, y: 240), to: CGPoint(x: 240, y: 240), duration: 0.1, steps: 10)
        #expect(swipes.states == [.recognized])
        #expect(pans.states.first == .began && pans.states.last == .ended)
    }

    final class NonPreventingPan: UIPanGestureRecognizer {
        override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
            !(preventedGestureRecognizer is UISwipeGestureRecognizer)
        }
    }

    final class UnpreventableSwipe: UISwipeGestureRecognizer {
        override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    }

    @Test(arguments: ["canPrevent", "canBePrevented"])
    func canPreventOrCanBePreventedAnsweringFalseLetsTheOtherRecognizeAfterAPanBegan(override: String) {
        let scene = Scene()
        let pan: UIPanGestureRecognizer = override == "canPrevent" ? NonPreventingPan() : UIPanGestureRecognizer()
        let swipe: UISwipeGestureRecognizer = override == "canBePrevented" ? UnpreventableSwipe() : UISwipeGestureRecognizer()
        let pans = Actions(), swipes = Actions()
        pan.addTarget(pans, action: Actions.handle)
        swipe.addTarget(swipes, action: Actions.handle)
        scene.pad.addGestureRecognizer(pan)
        scene.pad.addGestureRecognizer(swipe)

        scene.sim.drag(from: CGPoint(x: 40, y: 240), to: CGPoint(x: 240, y: 240), duration: 0.1, steps: 10)
        #expect(swipes.states == [.recognized])
        // The swipe, not prevented, recognizes later and in turn prevents the pan (prevention is one-way).
        #expect(pans.states.first == .began && pans.states.last == .cancelled)
    }

    @Test func ofTwoSingleTapsOnOneViewOnlyTheFirstAddedFires() {
        let scene = Scene()
        let first = UITapGestureRecognizer(), second = UITapGestureRecognizer()
        let firsts = Actions(), seconds = Actions()
        first.addTarget(firsts, action: Actions.handle)
        second.addTarget(seconds, action: Actions.handle)
        scene.pad.addGestureRecognizer(first)
        scene.pad.addGestureRecognizer(second)

        scene.sim.tap(at: center)
        #expect(firsts.count == 1)
        #expect(seconds.count == 0)
    }

    @Test func aTapNeverPreventsATapThatNeedsMoreTaps() {
        let scene = Scene()
        let single = UITapGestureRecognizer(), double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let singles = Actions(), doubles = Actions()
        single.addTarget(singles, action: Actions.handle)
        double.addTarget(doubles, action: Actions.handle)
        scene.pad.addGestureRecognizer(single)
        scene.pad.addGestureRecognizer(double)

        scene.sim.tap(at: center)
        #expect(singles.count == 1)
        #expect(double.state == .possible) // not failed by the single tap's recognition
        scene.sim.advance(by: 0.1)
        scene.sim.tap(at: center)
        #expect(doubles.count == 1)
        #expect(singles.count == 2) // without a failure requirement the single tap fires on both taps
    }

    final class UnpreventableLongPress: UILongPressGestureRecognizer {
        override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    }

    @Test func aBeganContinuousRecognizerIsCancelledWithACancelledActionWhenAnotherBegins() {
        let scene = Scene()
        let pan = UIPanGestureRecognizer()
        let press = UnpreventableLongPress()
        press.allowableMovement = 100
        let pans = Actions(), presses = Actions()
        pan.addTarget(pans, action: Actions.handle)
        press.addTarget(presses, action: Actions.handle)
        scene.pad.addGestureRecognizer(pan)
        scene.pad.addGestureRecognizer(press)

        scene.sim.touchDown(1, at: center)
        scene.sim.advance(by: 0.1)
        scene.sim.touchMove(1, to: CGPoint(x: 190, y: 240))
        #expect(pans.states == [.began])
        scene.sim.advance(by: 0.5)
        #expect(presses.states == [.began])
        #expect(pans.states == [.began, .cancelled])
        #expect(pan.state == .cancelled)
        scene.sim.touchMove(1, to: CGPoint(x: 200, y: 240))
        scene.sim.touchUp(1)
        #expect(pans.states == [.began, .cancelled])
        #expect(presses.states == [.began, .changed, .ended])
    }

    // MARK: R7 — failure requirements

    enum Dependency: String, CaseIterable, Sendable {
        case requireToFail, delegateShouldRequireFailureOf, delegateShouldBeRequiredToFailBy
        case subclassShouldRequireFailure, subclassShouldBeRequiredToFail
    }

    final class WaitingTap: UITapGestureRecognizer {
        weak var other: UIGestureRecognizer?
        override func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            otherGestureRecognizer === other
        }
    }

    final class AwaitedTap: UITapGestureRecognizer {
        weak var other: UIGestureRecognizer?
        override func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            otherGestureRecognizer === other
        }
    }

    /// A single tap made to depend on a double tap's failure in one of the five ways (R7).
    @MainActor final class SingleAwaitingDouble {
        let scene = Scene()
        let single: UITapGestureRecognizer
        let double: UITapGestureRecognizer
        let singles = Actions(), doubles = Actions()
        let delegate = Delegate()

        init(_ dependency: Dependency, simultaneous: Bool = false) {
            switch dependency {
            case .subclassShouldRequireFailure:
                let waiting = WaitingTap()
                single = waiting
                double = UITapGestureRecognizer()
                waiting.other = double
            case .subclassShouldBeRequiredToFail:
                let awaited = AwaitedTap()
                single = UITapGestureRecognizer()
                double = awaited
                awaited.other = single
            default:
                single = UITapGestureRecognizer()
                double = UITapGestureRecognizer()
            }
            single.name = "single"
            double.name = "double"
            double.numberOfTapsRequired = 2
            switch dependency {
            case .requireToFail: single.require(toFail: double)
            case .delegateShouldRequireFailureOf:
                delegate.requiresFailureOf = double
                single.delegate = delegate
            case .delegateShouldBeRequiredToFailBy:
                delegate.requiredToFailBy = single
                double.delegate = delegate
            default: break
            }
            if simultaneous {
                delegate.simultaneous = true
                if single.delegate == nil && double.delegate == nil { single.delegate = delegate }
            }
            single.addTarget(singles, action: Actions.handle)
            double.addTarget(doubles, action: Actions.handle)
            scene.pad.addGestureRecognizer(single)
            scene.pad.addGestureRecognizer(double)
        }
    }

    @Test(arguments: Dependency.allCases)
    func aRecognizerWaitsForTheOneItDependsOnToFail(dependency: Dependency) {
        let setup = SingleAwaitingDouble(dependency)
        let scene = setup.scene

        scene.sim.tap(at: center)
        #expect(setup.singles.count == 0)
        #expect(setup.single.state == .possible)
        #expect(scene.hasRecord { $0.matches(.recognizerWaiting(recognizer: "single", wants: .ended, waitingFor: ["double"])) })
        scene.sim.advance(by: 0.3)
        #expect(setup.singles.count == 0)
        scene.sim.advance(by: 0.1) // past the double tap's 0.35 s multi-tap interval: it fails
        #expect(setup.singles.states == [.recognized])
        #expect(setup.doubles.count == 0)
        #expect(setup.single.state == .possible && setup.double.state == .possible)
    }

    @Test(arguments: Dependency.allCases)
    func theDependentFailsWhenTheOtherRecognizes(dependency: Dependency) {
        // Simultaneous recognition is allowed, so only the failure requirement can fail the single tap.
        let setup = SingleAwaitingDouble(dependency, simultaneous: true)
        let scene = setup.scene

        scene.sim.tap(at: center)
        scene.sim.advance(by: 0.1)
        scene.sim.tap(at: center)
        scene.sim.advance(by: 1)
        #expect(setup.doubles.states == [.recognized])
        #expect(setup.singles.count == 0)
        #expect(scene.states(of: "single").contains("possible→failed ('double' recognized)"))
    }

    @Test(arguments: [2, 3])
    func aCycleOfFailureRequirementsDoesNotHangAndIsReported(length: Int) {
        let scene = Scene()
        let taps = (0..<length).map { index -> UITapGestureRecognizer in
            let tap = UITapGestureRecognizer()
            tap.name = "tap\(index)"
            return tap
        }
        let actions = Actions()
        for (index, tap) in taps.enumerated() {
            tap.require(toFail: taps[(index + 1) % length])
            tap.addTarget(actions, action: Actions.handle)
            scene.pad.addGestureRecognizer(tap)
        }

        scene.sim.tap(at: center)
        scene.sim.advance(by: 1)
        #expect(actions.count == 1) // one tap, one recognizer: the cycle is broken, not everyone fails
        #expect(scene.hasRecord { if case .failureCycleBroken = $0 { return true } else { return false } })
        #expect(taps.allSatisfy { $0.state == .possible })

        scene.sim.tap(at: center)
        scene.sim.advance(by: 1)
        #expect(actions.count == 2)
    }

    // MARK: R25 — when the delegate is asked

    /// A view that is also a recognizer's delegate, logging the questions it gets either way.
    final class DelegateView: UIView, UIGestureRecognizerDelegate {
        let log: Log
        var requiredToFailBy: UIGestureRecognizer?
        init(_ name: String, frame: CGRect, log: Log) {
            self.log = log
            super.init(frame: frame)
            accessibilityIdentifier = name
        }
        required init?(coder: NSCoder) { nil }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.entries.append("view began") }
        override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            log.entries.append("shouldBegin")
            return true
        }
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            log.entries.append("shouldBeRequiredToFailBy \(otherGestureRecognizer.name ?? "?")")
            return otherGestureRecognizer === requiredToFailBy
        }
    }

    @Test func failureRequirementQuestionsAreAskedWhenTwoRecognizersFirstShareATouchBeforeViewsGetIt() {
        let scene = Scene()
        let log = scene.log
        let view = DelegateView("root", frame: scene.window.bounds, log: log)
        scene.pad.addSubview(view)
        let tap = UITapGestureRecognizer(), pan = UIPanGestureRecognizer()
        tap.name = "tap"
        pan.name = "pan"
        tap.delegate = view
        let taps = Actions("tapped", log: log)
        tap.addTarget(taps, action: Actions.handle)
        scene.pad.addGestureRecognizer(tap)
        scene.window.addGestureRecognizer(pan)
        view.requiredToFailBy = pan

        scene.sim.touchDown(1, at: center)
        // Asked as the touch is handed to the second recognizer, before the view's touchesBegan.
        #expect(log.entries == ["shouldBeRequiredToFailBy pan", "view began"])
        scene.sim.touchMove(1, to: CGPoint(x: center.x + 1, y: center.y))
        scene.sim.touchUp(1)
        // Asked once for the gesture, not again when the tap tries to recognize.
        #expect(log.entries.filter { $0.hasPrefix("shouldBeRequiredToFailBy") }.count == 1)
        #expect(scene.hasRecord {
            if $0.matches(.delegateAsked(recognizer: "tap", question: .shouldBeRequiredToFail(by: "pan"), answer: true)) { return true }
            return false
        })
        // The answer holds: the pan waits for the tap's failure, and the tap recognizes.
        #expect(taps.count == 1)
    }

    /// How many times the delegate of the recognizer named `recognizer` was asked whether it must wait
    /// for `other`'s failure.
    private func timesAsked(_ scene: Scene, _ recognizer: String, toWaitFor other: String) -> Int {
        scene.trace.records.filter { record in
            guard case .delegateAsked(let subject, .shouldRequireFailure(let of), _) = record.kind else { return false }
            return subject.name == recognizer && of.name == other
        }.count
    }

    @Test func aPairSharingMoreTouchesIsNotAskedAgainUntilBothAreReset() {
        // The pan is on a view; the tap, whose delegate gives the pair questions, on the pad around it, so
        // the tap joins a touch after the pan and asks.
        let scene = Scene()
        let inner = scene.view("inner", CGRect(x: 60, y: 60, width: 200, height: 200), in: scene.pad)
        let tap = UITapGestureRecognizer(), pan = UIPanGestureRecognizer()
        tap.name = "tap"
        pan.name = "pan"
        let delegate = Delegate("tap's delegate")
        var declines = false
        delegate.receivesTouch = { _ in !declines }
        tap.delegate = delegate
        inner.addGestureRecognizer(pan)
        scene.pad.addGestureRecognizer(tap)

        // Two fingers shared by the pair: asked once.
        scene.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        scene.sim.touchDown(2, at: CGPoint(x: 120, y: 100))
        #expect(timesAsked(scene, "tap", toWaitFor: "pan") == 1)
        scene.sim.touchUp(1)
        scene.sim.touchUp(2)
        scene.sim.advance(by: 1)

        // Both were reset: a new gesture asks again. A finger the tap declines keeps the pan in play
        // while the tap fails (the pan begins), loses its finger and is reset.
        scene.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        #expect(timesAsked(scene, "tap", toWaitFor: "pan") == 2)
        declines = true
        scene.sim.touchDown(2, at: CGPoint(x: 120, y: 100))
        declines = false
        scene.sim.touchMove(1, to: CGPoint(x: 100, y: 160))
        scene.sim.touchUp(1)
        #expect(tap.state == .possible)
        #expect(pan.state == .began)
        // The tap no longer lists the pair, but the pan does: a finger the two share now is not asked
        // about again.
        scene.sim.touchDown(3, at: CGPoint(x: 140, y: 100))
        #expect(timesAsked(scene, "tap", toWaitFor: "pan") == 2)
        scene.sim.touchUp(3)
        scene.sim.touchUp(2)
        scene.sim.advance(by: 1)

        // Both reset: asked again.
        scene.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        #expect(timesAsked(scene, "tap", toWaitFor: "pan") == 3)
        scene.sim.touchUp(1)
    }

    @Test func aViewThatIsAlsoTheDelegateIsAskedShouldBeginOnce() {
        let scene = Scene()
        let log = scene.log
        let view = DelegateView("root", frame: scene.window.bounds, log: log)
        scene.pad.addSubview(view)
        let tap = UITapGestureRecognizer()
        tap.delegate = view
        let taps = Actions("tapped", log: log)
        tap.addTarget(taps, action: Actions.handle)
        view.addGestureRecognizer(tap)

        scene.sim.tap(at: center)
        #expect(log.entries.filter { !$0.hasPrefix("pad") } == ["view began", "shouldBegin", "tapped"])
    }

    @Test func aDelegateThatIsNotOnThePathIsAskedShouldBeginAfterTheViewsAndTraced() {
        let scene = Scene()
        let delegate = Delegate("delegate", log: scene.log)
        let tap = UITapGestureRecognizer()
        tap.name = "tap"
        tap.delegate = delegate
        scene.pad.addGestureRecognizer(tap)
        scene.pad.logsShouldBegin = true

        scene.sim.tap(at: center)
        #expect(scene.log.entries.filter { $0.hasSuffix("shouldBegin") } == ["pad shouldBegin", "delegate shouldBegin"])
        #expect(scene.hasRecord {
            if $0.matches(.delegateAsked(recognizer: "tap", question: .shouldBegin, answer: true)) { return true }
            return false
        })
    }

    // MARK: R8 — actions first, then cancels, child first up the chain (seed logs)

    final class LoggingController: UIViewController {
        let log: Log
        let root: UIView
        init(log: Log, root: UIView) {
            self.log = log
            self.root = root
            super.init(nibName: nil, bundle: nil)
            title = "vc"
        }
        required init?(coder: NSCoder) { nil }
        override func loadView() { view = root }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.entries.append("vc began") }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.entries.append("vc moved") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.entries.append("vc ended") }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.entries.append("vc cancelled") }
        func asd() { log.entries.append("vc asd") }
    }

    @Test(arguments: [0, 2])
    func theTapActionComesBeforeTouchesCancelledWhichGoesUpTheChainChildFirst(moves: Int) {
        // Seed 002, scenarios 3 and 4: a tap recognizer on a controller's root view, targeting the controller.
        let app = UIApplication()
        let log = Log()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        let zx = LogView("zx", frame: window.bounds, log: log)
        zx.forwards = true
        let controller = LoggingController(log: log, root: zx)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        zx.addGestureRecognizer(UITapGestureRecognizer(target: controller, action: LoggingController.asd))
        let sim = EventSimulator(application: app)

        sim.touchDown(1, at: center)
        for step in 0..<moves { sim.touchMove(1, to: CGPoint(x: 162 + 2 * CGFloat(step), y: 240)) }
        sim.touchUp(1)
        let moved = Array(repeating: ["zx moved", "vc moved"], count: moves).flatMap { $0 }
        #expect(log.entries == ["zx began", "vc began"] + moved + ["vc asd", "zx cancelled", "vc cancelled"])
    }

    @Test func theDelegateIsAskedBeforeTheViewsTouchesBeganAndShouldBeginAfterIt() {
        // Seed 001, scenario 2: RootView holds the tap and is its delegate; SuperView, inside it, is tapped.
        let scene = Scene()
        let log = scene.log
        let superView = scene.view("superView", CGRect(x: 40, y: 40, width: 240, height: 400), in: scene.pad)
        let tap = UITapGestureRecognizer()
        let delegate = Delegate("root", log: log)
        tap.delegate = delegate
        scene.pad.addGestureRecognizer(tap)
        let actions = Actions("root tapAction", log: log)
        tap.addTarget(actions, action: Actions.handle)

        scene.sim.tap(at: center)
        #expect(log.entries == ["root shouldReceive event", "root shouldReceive touch", "superView began",
                                "root shouldBegin", "root tapAction", "superView cancelled"])
        _ = superView
    }

    // MARK: R22 — multi-tap recognizers span touch sequences

    @Test func aSingleTapWaitingForADoubleTapStaysPossibleAcrossSequencesAndFiresAfterTheTimeout() {
        let setup = SingleAwaitingDouble(.requireToFail)
        let scene = setup.scene

        scene.sim.tap(at: center)
        #expect(setup.single.state == .possible)
        #expect(setup.double.state == .possible)
        scene.sim.advance(by: 0.34)
        #expect(setup.singles.count == 0)
        #expect(setup.double.state == .possible)
        scene.sim.advance(by: 0.02)
        #expect(setup.singles.count == 1)
        let fired = scene.trace.records.first { record in
            if case .recognizerState(let single, .possible, .ended, _) = record.kind { return single.name == "single" } else { return false }
        }
        #expect(fired.map { abs($0.time - 0.35) < 1e-9 } == true) // on virtual time, exactly at the double's timeout
    }

    @Test(arguments: [1, 2, 3], [false, true])
    func chainedSingleDoubleAndTripleTapsEachFireExactlyWhenMeant(taps: Int, addedDeepestCountFirst: Bool) {
        let scene = Scene()
        let recognizers = (1...3).map { count -> UITapGestureRecognizer in
            let tap = UITapGestureRecognizer()
            tap.numberOfTapsRequired = count
            tap.name = "x\(count)"
            return tap
        }
        recognizers[0].require(toFail: recognizers[1])
        recognizers[1].require(toFail: recognizers[2])
        let actions = recognizers.map { Actions($0.name!) }
        for (tap, action) in zip(recognizers, actions) { tap.addTarget(action, action: Actions.handle) }
        for tap in addedDeepestCountFirst ? recognizers.reversed() : recognizers { scene.pad.addGestureRecognizer(tap) }

        for index in 0..<taps {
            if index > 0 { scene.sim.advance(by: 0.1) }
            scene.sim.tap(at: center)
        }
        let immediately = actions.map(\.count)
        scene.sim.advance(by: 1)
        let finally = actions.map(\.count)

        var expected = [0, 0, 0]
        expected[taps - 1] = 1
        #expect(finally == expected)
        // Only the triple tap, which waits for nobody, fires at the last lift; the others wait for timeouts.
        #expect(immediately == (taps == 3 ? [0, 0, 1] : [0, 0, 0]))
        #expect(recognizers.allSatisfy { $0.state == .possible })
    }

    // MARK: D10 — cancelsTouchesInView

    @Test func withCancelsTouchesInViewFalseTheViewGetsTouchesEndedAndTheActionFires() {
        let scene = Scene()
        let tap = UITapGestureRecognizer()
        tap.cancelsTouchesInView = false
        let taps = Actions()
        tap.addTarget(taps, action: Actions.handle)
        scene.pad.addGestureRecognizer(tap)

        scene.sim.tap(at: center)
        #expect(taps.count == 1)
        #expect(scene.log.entries.filter { $0.hasPrefix("pad") } == ["pad began", "pad ended"])
    }

    @Test func withCancelsTouchesInViewFalseAPanLeavesTheViewItsMoves() {
        let scene = Scene()
        let pan = UIPanGestureRecognizer()
        pan.cancelsTouchesInView = false
        let pans = Actions()
        pan.addTarget(pans, action: Actions.handle)
        scene.pad.addGestureRecognizer(pan)

        scene.sim.drag(from: CGPoint(x: 40, y: 240), to: CGPoint(x: 240, y: 240), duration: 0.2, steps: 4)
        #expect(pans.states == [.began, .changed, .changed, .changed, .ended])
        #expect(scene.log.entries == ["pad began", "pad moved", "pad moved", "pad moved", "pad moved", "pad ended"])
    }

    @Test func aContinuousRecognizerCancelsTheViewsTouchesWhenItBeginsAndTheViewGetsNothingMore() {
        let scene = Scene()
        let pan = UIPanGestureRecognizer()
        let pans = Actions(log: scene.log)
        pan.addTarget(pans, action: Actions.handle)
        scene.pad.addGestureRecognizer(pan)

        scene.sim.touchDown(1, at: CGPoint(x: 40, y: 240))
        scene.sim.touchMove(1, to: CGPoint(x: 45, y: 240))
        scene.sim.touchMove(1, to: CGPoint(x: 80, y: 240))
        scene.sim.touchMove(1, to: CGPoint(x: 120, y: 240))
        scene.sim.touchUp(1)
        #expect(scene.log.entries == ["pad began", "pad moved", "action", "pad cancelled", "action", "action"])
    }

    // MARK: R13, D11, D12 — delaysTouchesBegan and delaysTouchesEnded

    @Test(arguments: ["moving too far", "holding too long"])
    func delaysTouchesBeganOnFailureGivesTheViewBeganThenOneMoveWithTheLatestPosition(failure: String) {
        let scene = Scene()
        scene.pad.logsLocations = true
        let tap = UITapGestureRecognizer()
        tap.name = "tap"
        tap.delaysTouchesBegan = true
        scene.pad.addGestureRecognizer(tap)

        scene.sim.touchDown(1, at: CGPoint(x: 100, y: 100))
        scene.sim.touchMove(1, to: CGPoint(x: 105, y: 100))
        scene.sim.touchMove(1, to: CGPoint(x: 110, y: 100))
        scene.sim.touchMove(1, to: CGPoint(x: 115, y: 100))
        #expect(scene.log.entries.isEmpty)
        if failure == "moving too far" {
            scene.sim.touchMove(1, to: CGPoint(x: 200, y: 100))
            #expect(scene.log.entries == ["pad began (200, 100)", "pad moved (200, 100)"])
        } else {
            scene.sim.advance(by: 2)
            #expect(scene.log.entries == ["pad began (115, 100)", "pad moved (115, 100)"])
        }
        #expect(tap.state == .failed)
        scene.sim.touchMove(1, to: CGPoint(x: 210, y: 110))
        scene.sim.touchUp(1)
        #expect(Array(scene.log.entries.suffix(2)) == ["pad moved (210, 110)", "pad ended (210, 110)"])
        #expect(scene.log.entries.count == 4)
    }

    @Test func delaysTouchesBeganWithoutMovesGivesTheViewJustBeganThenEnded() {
        let scene = Scene()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        double.delaysTouchesBegan = true
        scene.pad.addGestureRecognizer(double)

        scene.sim.tap(at: center)
        #expect(scene.log.entries.isEmpty)
        scene.sim.advance(by: 1)
        #expect(scene.log.entries == ["pad began", "pad ended"])
    }

    @Test func delaysTouchesBeganOnSuccessTheViewGetsNothingAtAll() {
        let scene = Scene()
        let tap = UITapGestureRecognizer()
        tap.delaysTouchesBegan = true
        let taps = Actions()
        tap.addTarget(taps, action: Actions.handle)
        scene.pad.addGestureRecognizer(tap)

        scene.sim.touchDown(1, at: center)
        scene.sim.touchMove(1, to: CGPoint(x: 165, y: 240))
        scene.sim.touchUp(1)
        scene.sim.advance(by: 1)
        #expect(taps.count == 1)
        #expect(scene.log.entries.isEmpty)
    }

    @Test(arguments: [true, false])
    func aDoubleTapShowsTheViewWhatDelaysTouchesEndedSays(delaysTouchesEnded: Bool) {
        let scene = Scene()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        double.delaysTouchesEnded = delaysTouchesEnded
        let doubles = Actions()
        double.addTarget(doubles, action: Actions.handle)
        scene.pad.addGestureRecognizer(double)

        scene.sim.tap(at: center)
        scene.sim.advance(by: 0.1)
        scene.sim.tap(at: center)
        #expect(doubles.count == 1)
        #expect(scene.log.entries == (delaysTouchesEnded ? ["pad began", "pad began", "pad cancelled", "pad cancelled"]
                                                         : ["pad began", "pad ended", "pad began", "pad cancelled"]))
    }

    @Test func aWithheldTouchEndIsDeliveredWhenTheRecognizerFails() {
        let scene = Scene()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        scene.pad.addGestureRecognizer(double)

        scene.sim.tap(at: center)
        #expect(scene.log.entries == ["pad began"])
        scene.sim.advance(by: 0.5)
        #expect(scene.log.entries == ["pad began", "pad ended"])
    }

    // MARK: D13 — ignore(_:for:)

    final class Ignoring: UIGestureRecognizer {
        var fed: [String] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            fed.append("began")
            for touch in touches { ignore(touch, for: event) }
        }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { fed.append("moved") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { fed.append("ended") }
    }

    @Test func anIgnoredTouchGoesToTheViewWithoutDelay() {
        let scene = Scene()
        let ignoring = Ignoring()
        ignoring.delaysTouchesBegan = true
        ignoring.delaysTouchesEnded = true
        scene.pad.addGestureRecognizer(ignoring)

        scene.sim.touchDown(1, at: center)
        #expect(scene.log.entries == ["pad began"])
        #expect(scene.pad.recognizersSeen.isEmpty)
        scene.sim.touchMove(1, to: CGPoint(x: 170, y: 240))
        scene.sim.touchUp(1)
        #expect(scene.log.entries == ["pad began", "pad moved", "pad ended"])
        #expect(ignoring.fed == ["began"])
    }

    // MARK: Removing a recognizer mid-gesture

    @Test func removingARecognizerMidGestureStopsItsActionsAndResetsIt() {
        let scene = Scene()
        let pan = UIPanGestureRecognizer()
        let pans = Actions()
        pan.addTarget(pans, action: Actions.handle)
        scene.pad.addGestureRecognizer(pan)

        scene.sim.touchDown(1, at: center)
        scene.sim.touchMove(1, to: CGPoint(x: 200, y: 240))
        #expect(pans.states == [.began])
        scene.pad.removeGestureRecognizer(pan)
        #expect(pan.view == nil)
        #expect(pan.state == .possible)
        scene.sim.touchMove(1, to: CGPoint(x: 220, y: 240))
        scene.sim.touchUp(1)
        #expect(!pans.states.dropFirst().contains { $0 == .changed || $0 == .ended })
        #expect(scene.log.entries == ["pad began", "pad cancelled"]) // cancelled at began; nothing after
    }

    @Test func removingADelayingRecognizerReleasesTheTouchesItHeld() {
        let scene = Scene()
        let tap = UITapGestureRecognizer()
        tap.delaysTouchesBegan = true
        scene.pad.addGestureRecognizer(tap)

        scene.sim.touchDown(1, at: center)
        #expect(scene.log.entries.isEmpty)
        scene.pad.removeGestureRecognizer(tap)
        #expect(scene.log.entries == ["pad began"])
        scene.sim.touchUp(1)
        #expect(scene.log.entries == ["pad began", "pad ended"])
    }

    @Test func removingTheRecognizerAnotherWaitsForLetsTheWaiterGoAhead() {
        let setup = SingleAwaitingDouble(.requireToFail)
        setup.scene.sim.tap(at: center)
        #expect(setup.singles.count == 0)
        setup.scene.pad.removeGestureRecognizer(setup.double)
        #expect(setup.singles.states == [.recognized])
    }

    // MARK: R10 — controls against a superview's recognizers

    @MainActor final class ControlEvents {
        var events: [String] = []
        func upInside() { events.append("upInside") }
        func cancel() { events.append("cancel") }
        func valueChanged() { events.append("valueChanged") }
    }

    @Test func aButtonWinsOverItsSuperviewsOneFingerSingleTap() {
        let scene = Scene()
        let button = UIButton(frame: CGRect(x: 100, y: 100, width: 100, height: 44))
        let events = ControlEvents()
        button.addTarget(events, action: ControlEvents.upInside, for: .touchUpInside)
        scene.pad.addSubview(button)
        let tap = UITapGestureRecognizer()
        let taps = Actions()
        tap.addTarget(taps, action: Actions.handle)
        scene.pad.addGestureRecognizer(tap)

        scene.sim.tap(at: CGPoint(x: 150, y: 120))
        #expect(events.events == ["upInside"])
        #expect(taps.count == 0)
        scene.sim.advance(by: 1)
        scene.sim.tap(at: CGPoint(x: 20, y: 20)) // elsewhere the superview's tap works
        #expect(taps.count == 1)
    }

    @Test func aTapAttachedToTheButtonItselfWinsAndTheButtonsTouchIsCancelled() {
        let scene = Scene()
        let button = UIButton(frame: CGRect(x: 100, y: 100, width: 100, height: 44))
        let events = ControlEvents()
        button.addTarget(events, action: ControlEvents.upInside, for: .touchUpInside)
        button.addTarget(events, action: ControlEvents.cancel, for: .touchCancel)
        scene.pad.addSubview(button)
        let tap = UITapGestureRecognizer()
        let taps = Actions()
        tap.addTarget(taps, action: Actions.handle)
        button.addGestureRecognizer(tap)

        scene.sim.tap(at: CGPoint(x: 150, y: 120))
        #expect(taps.count == 1)
        #expect(events.events == ["cancel"])
    }

    @Test func aSliderRefusesASuperviewsSwipeAlongItsTrackButNotAcrossIt() {
        let scene = Scene()
        let slider = UISlider(frame: CGRect(x: 10, y: 200, width: 300, height: 40))
        scene.pad.addSubview(slider)
        let along = UISwipeGestureRecognizer(), across = UISwipeGestureRecognizer()
        along.direction = .right
        across.direction = .down
        let alongs = Actions(), acrosses = Actions()
        along.addTarget(alongs, action: Actions.handle)
        across.addTarget(acrosses, action: Actions.handle)
        scene.pad.addGestureRecognizer(along)
        scene.pad.addGestureRecognizer(across)

        scene.sim.drag(from: CGPoint(x: 20, y: 220), to: CGPoint(x: 200, y: 220), duration: 0.1, steps: 5)
        #expect(alongs.count == 0)
        #expect(slider.value > 0.5) // the slider kept its touch
        scene.sim.advance(by: 1)
        scene.sim.drag(from: CGPoint(x: 150, y: 205), to: CGPoint(x: 150, y: 400), duration: 0.1, steps: 5)
        #expect(acrosses.states == [.recognized])
    }
}
