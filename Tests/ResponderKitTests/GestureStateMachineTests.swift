// Behaviour of one recognizer's state machine (spec D4–D6, D13, R22): the transition table, when
// actions are sent, weak targets, enabling and disabling, reset, custom subclasses and locations.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct GestureStateMachineTests {

    // MARK: Fixtures

    @MainActor final class Log {
        var entries: [String] = []
    }

    /// A view that logs the touch methods it gets (without forwarding them).
    final class LogView: UIView {
        let log: Log
        init(_ name: String, frame: CGRect, log: Log) {
            self.log = log
            super.init(frame: frame)
            accessibilityIdentifier = name
        }
        required init?(coder: NSCoder) { nil }
        private var name: String { accessibilityIdentifier ?? "?" }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.entries.append("\(name) began") }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.entries.append("\(name) moved") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.entries.append("\(name) ended") }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.entries.append("\(name) cancelled") }
    }

    /// A recognizer whose touch handling is given by closures, counting its resets.
    final class Scripted: UIGestureRecognizer {
        var onBegan: ((Scripted, Set<UITouch>) -> Void)?
        var onMoved: ((Scripted, Set<UITouch>) -> Void)?
        var onEnded: ((Scripted, Set<UITouch>) -> Void)?
        var onCancelled: ((Scripted, Set<UITouch>) -> Void)?
        var fed: [String] = []
        var resets = 0
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            fed.append("began \(touches.count)")
            onBegan?(self, touches)
        }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            fed.append("moved \(touches.count)")
            onMoved?(self, touches)
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            fed.append("ended \(touches.count)")
            onEnded?(self, touches)
        }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
            fed.append("cancelled \(touches.count)")
            onCancelled?(self, touches)
        }
        override func reset() {
            resets += 1
            super.reset()
        }

        /// Continuous: began on the first move, changed on every other, ended on the last lift.
        static func continuous() -> Scripted {
            let r = Scripted()
            r.onMoved = { r, _ in r.state = r.state == .possible ? .began : .changed }
            r.onEnded = { r, _ in
                guard r.numberOfTouches <= 1 else { return }
                r.state = r.state == .possible ? .failed : .ended
            }
            r.onCancelled = { r, _ in r.state = r.state == .possible ? .failed : .cancelled }
            return r
        }
    }

    /// Records the state each action call saw.
    @MainActor final class StateLog {
        var states: [UIGestureRecognizer.State] = []
        func handle(_ recognizer: UIGestureRecognizer) { states.append(recognizer.state) }
    }

    @MainActor final class Counter {
        var count = 0
    }

    @MainActor final class CountingTarget {
        let counter: Counter
        init(_ counter: Counter) { self.counter = counter }
        func fire(_ recognizer: UIGestureRecognizer) { counter.count += 1 }
        func plain() { counter.count += 1 }
        func otherPlain() { counter.count += 10 }
    }

    /// A responder that performs selector actions, logging their names.
    final class SelectorTarget: UIResponder {
        var performed: [String] = []
        override func perform(_ action: Selector, with sender: Any?) {
            performed.append("\(action)|\(sender is UIGestureRecognizer)")
        }
    }

    @MainActor final class Scene {
        let app = UIApplication()
        let window: UIWindow
        let sim: EventSimulator
        let trace = TraceRecorder()
        let log = Log()
        let pad: LogView

        init() {
            window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
            window.makeKeyAndVisible()
            sim = EventSimulator(application: app)
            app.tracer = trace
            pad = LogView("pad", frame: CGRect(x: 100, y: 100, width: 200, height: 200), log: log)
            window.addSubview(pad)
        }

        var invalidTransitions: [String] {
            trace.records.compactMap { record in
                if case .recognizerInvalidTransition(let name, let from, let to) = record.kind { return "\(name) \(from)→\(to)" }
                return nil
            }
        }

        func stateChanges(of recognizer: String) -> [String] {
            trace.records.compactMap { record in
                if case .recognizerState(let subject, let from, let to, _) = record.kind, subject.name == recognizer { return "\(from)→\(to)" }
                return nil
            }
        }

        func actionCount(of recognizer: String) -> Int {
            trace.records.filter { record in
                if case .recognizerAction(let subject, _, _) = record.kind { return subject.name == recognizer }
                return false
            }.count
        }
    }

    let p = CGPoint(x: 150, y: 150)

    // MARK: Transition table (D4)

    @Test func invalidTransitionsAreRefusedAndReportedInTheTrace() {
        let scene = Scene()
        let r = Scripted()
        r.name = "scripted"
        var seen: [UIGestureRecognizer.State] = []
        r.onBegan = { r, _ in
            r.state = .changed      // possible → changed: refused
            seen.append(r.state)
            r.state = .cancelled    // possible → cancelled: refused
            seen.append(r.state)
            r.state = .began        // valid
            seen.append(r.state)
            r.state = .began        // began → began: refused
            seen.append(r.state)
            r.state = .possible     // began → possible: refused (only reset returns to possible)
            seen.append(r.state)
            r.state = .changed      // valid
            seen.append(r.state)
        }
        r.onEnded = { r, _ in
            r.state = .ended        // valid
            r.state = .changed      // ended → changed: refused, the gesture is over
            seen.append(r.state)
        }
        scene.pad.addGestureRecognizer(r)

        scene.sim.touchDown(1, at: p)
        scene.sim.touchUp(1)

        #expect(seen == [.possible, .possible, .began, .began, .began, .changed, .ended])
        #expect(scene.invalidTransitions == ["scripted possible→changed", "scripted possible→cancelled",
                                             "scripted began→began", "scripted began→possible",
                                             "scripted ended→changed"])
        #expect(scene.stateChanges(of: "scripted") == ["possible→began", "began→changed", "changed→ended", "ended→possible"])
    }

    @Test func aRecognizerThatBeginsAndChangesInOneEventSendsBothActionsAndStillEnds() {
        let scene = Scene()
        let r = Scripted()
        r.onBegan = { r, _ in
            r.state = .began
            r.state = .changed
        }
        r.onEnded = { r, _ in r.state = .ended }
        let log = StateLog()
        r.addTarget(log, action: StateLog.handle)
        scene.pad.addGestureRecognizer(r)

        scene.sim.touchDown(1, at: p)
        #expect(log.states == [.began, .changed]) // each action sees the state it reports
        #expect(r.state == .changed)
        scene.sim.touchUp(1)
        #expect(log.states == [.began, .changed, .ended])
        #expect(r.state == .possible)
        #expect(r.resets == 1)
    }

    @Test func aRecognizerOutsideAnyGestureAlsoRefusesInvalidTransitions() {
        let r = UIPanGestureRecognizer()
        r.state = .changed
        #expect(r.state == .possible)
        r.state = .ended
        #expect(r.state == .ended)
        r.state = .began
        #expect(r.state == .ended)
    }

    // MARK: Actions (D5)

    @Test func actionsAreSentOnBeganOnEveryChangedAndOnEnded() {
        let scene = Scene()
        let r = Scripted.continuous()
        r.name = "drag"
        let log = StateLog()
        r.addTarget(log, action: StateLog.handle)
        scene.pad.addGestureRecognizer(r)

        scene.sim.touchDown(1, at: p)
        #expect(log.states.isEmpty)
        scene.sim.touchMove(1, to: CGPoint(x: 160, y: 150))
        #expect(log.states == [.began])
        scene.sim.touchMove(1, to: CGPoint(x: 170, y: 150))
        scene.sim.touchMove(1, to: CGPoint(x: 180, y: 150))
        scene.sim.touchMove(1, to: CGPoint(x: 190, y: 150))
        #expect(log.states == [.began, .changed, .changed, .changed]) // changed → changed sends each time
        scene.sim.touchUp(1)
        #expect(log.states == [.began, .changed, .changed, .changed, .ended])
        scene.sim.advance(by: 1)
        // The reset to .possible sends nothing.
        #expect(log.states.count == 5)
        #expect(r.state == .possible)
        #expect(scene.actionCount(of: "drag") == 5)
    }

    @Test func aDiscreteRecognizerSendsItsActionOnceWhenRecognized() {
        let scene = Scene()
        let r = Scripted()
        r.onEnded = { r, _ in r.state = .recognized }
        let log = StateLog()
        r.addTarget(log, action: StateLog.handle)
        scene.pad.addGestureRecognizer(r)

        scene.sim.tap(at: p)
        #expect(log.states == [.recognized])
        #expect(r.state == .possible)
    }

    @Test func aCancelledGestureSendsOneCancelledAction() {
        let scene = Scene()
        let r = Scripted.continuous()
        let log = StateLog()
        r.addTarget(log, action: StateLog.handle)
        scene.pad.addGestureRecognizer(r)

        scene.sim.touchDown(1, at: p)
        scene.sim.touchMove(1, to: CGPoint(x: 170, y: 150))
        scene.sim.touchCancel(1)
        #expect(log.states == [.began, .cancelled])
        #expect(r.state == .possible)
    }

    @Test func noActionIsSentOnFailureNorOnReset() {
        let scene = Scene()
        let r = Scripted()
        r.name = "failing"
        r.onMoved = { r, _ in r.state = .failed }
        let log = StateLog()
        r.addTarget(log, action: StateLog.handle)
        scene.pad.addGestureRecognizer(r)

        scene.sim.touchDown(1, at: p)
        scene.sim.touchMove(1, to: CGPoint(x: 170, y: 150))
        #expect(r.state == .failed)
        scene.sim.touchUp(1)
        #expect(r.state == .possible)
        #expect(log.states.isEmpty)
        #expect(scene.actionCount(of: "failing") == 0)
        #expect(scene.stateChanges(of: "failing") == ["possible→failed", "failed→possible"])
    }

    // MARK: Targets

    @Test func targetsAreHeldWeaklyAndADeallocatedTargetIsSkipped() {
        let scene = Scene()
        let deadCounter = Counter(), liveCounter = Counter()
        var doomed: CountingTarget? = CountingTarget(deadCounter)
        let live = CountingTarget(liveCounter)
        let tap = UITapGestureRecognizer(target: doomed!, action: CountingTarget.fire)
        tap.addTarget(doomed!, action: CountingTarget.plain)
        tap.addTarget(live, action: CountingTarget.fire)
        scene.pad.addGestureRecognizer(tap)

        weak let weakDoomed = doomed
        doomed = nil
        #expect(weakDoomed == nil) // the recognizer did not keep it alive

        scene.sim.tap(at: p)
        #expect(deadCounter.count == 0)
        #expect(liveCounter.count == 1)
    }

    @Test func removeTargetWithANilActionRemovesEveryActionOfThatTargetOnly() {
        let scene = Scene()
        let a = Counter(), b = Counter()
        let targetA = CountingTarget(a), targetB = CountingTarget(b)
        let tap = UITapGestureRecognizer(target: targetA, action: CountingTarget.fire)
        tap.addTarget(targetA, action: CountingTarget.plain)
        tap.addTarget(targetB, action: CountingTarget.fire)
        scene.pad.addGestureRecognizer(tap)

        tap.removeTarget(targetA, action: nil)
        scene.sim.tap(at: p)
        #expect(a.count == 0)
        #expect(b.count == 1)

        scene.sim.advance(by: 1)
        tap.removeTarget(nil, action: nil)
        scene.sim.tap(at: p)
        #expect(b.count == 1)
    }

    @Test func removeTargetWithASelectorRemovesOnlyThatSelectorsAction() {
        let scene = Scene()
        let target = SelectorTarget()
        let tap = UITapGestureRecognizer()
        tap.addTarget(target, action: "handleTap:")
        tap.addTarget(target, action: "logTap:")
        scene.pad.addGestureRecognizer(tap)

        tap.removeTarget(target, action: "logTap:")
        scene.sim.tap(at: p)
        #expect(target.performed == ["handleTap:|true"])
    }

    @Test func actionsWithoutParametersAreCalled() {
        let scene = Scene()
        let counter = Counter()
        let target = CountingTarget(counter)
        let tap = UITapGestureRecognizer(target: target, action: CountingTarget.plain)
        tap.addTarget(target, action: CountingTarget.otherPlain)
        scene.pad.addGestureRecognizer(tap)

        scene.sim.tap(at: p)
        #expect(counter.count == 11)
    }

    // MARK: isEnabled (D13)

    @Test func disablingAGestureInProgressCancelsItWithACancelledAction() {
        let scene = Scene()
        let pan = UIPanGestureRecognizer()
        let log = StateLog()
        pan.addTarget(log, action: StateLog.handle)
        scene.pad.addGestureRecognizer(pan)

        scene.sim.touchDown(1, at: p)
        scene.sim.touchMove(1, to: CGPoint(x: 180, y: 150))
        scene.sim.touchMove(1, to: CGPoint(x: 190, y: 150))
        #expect(log.states == [.began, .changed])
        pan.isEnabled = false
        #expect(pan.state == .cancelled)
        #expect(log.states == [.began, .changed, .cancelled])
        scene.sim.touchMove(1, to: CGPoint(x: 220, y: 150))
        scene.sim.touchUp(1)
        #expect(log.states == [.began, .changed, .cancelled])
        #expect(pan.state == .possible)

        // Enabled again, it works for the next gesture.
        pan.isEnabled = true
        scene.sim.drag(from: p, to: CGPoint(x: 250, y: 150))
        #expect(log.states.first == .began && log.states.dropFirst(3).first == .began)
        #expect(log.states.last == .ended)
    }

    @Test func disablingAPossibleRecognizerFailsItWithoutAction() {
        let scene = Scene()
        let press = UILongPressGestureRecognizer()
        press.name = "press"
        let log = StateLog()
        press.addTarget(log, action: StateLog.handle)
        scene.pad.addGestureRecognizer(press)

        scene.sim.touchDown(1, at: p)
        press.isEnabled = false
        #expect(press.state == .failed)
        scene.sim.advance(by: 1) // past the 0.5 s the press would have needed
        #expect(log.states.isEmpty)
        #expect(press.state == .failed)
        scene.sim.touchUp(1)
        #expect(press.state == .possible)
        #expect(scene.stateChanges(of: "press") == ["possible→failed", "failed→possible"])
    }

    @Test func aDisabledRecognizerIsNotOfferedTouches() {
        let scene = Scene()
        let tap = UITapGestureRecognizer()
        tap.isEnabled = false
        let other = UITapGestureRecognizer()
        scene.pad.addGestureRecognizer(tap)
        scene.pad.addGestureRecognizer(other)
        var offered: [UIGestureRecognizer] = []
        let probe = Scripted()
        probe.onBegan = { _, touches in offered = touches.first?.gestureRecognizers ?? [] }
        scene.pad.addGestureRecognizer(probe)

        scene.sim.tap(at: p)
        #expect(offered.count == 2)
        #expect(offered.contains { $0 === other } && !offered.contains { $0 === tap })
    }

    // MARK: Reset (D6, R22)

    @Test func resetIsCalledOnceTheRecognizerIsTerminalAndItsTouchesAreGone() {
        let scene = Scene()
        let r = Scripted()
        r.onMoved = { r, _ in if r.state == .possible { r.state = .recognized } }
        scene.pad.addGestureRecognizer(r)

        scene.sim.touch(.down(1, at: p), .down(2, at: CGPoint(x: 200, y: 200)))
        scene.sim.touchMove(1, to: CGPoint(x: 160, y: 150))
        #expect(r.state == .recognized)
        #expect(r.resets == 0)
        scene.sim.touchUp(1)
        #expect(r.resets == 0) // finger 2 is still down
        #expect(r.state == .recognized)
        scene.sim.touchUp(2)
        #expect(r.resets == 1)
        #expect(r.state == .possible)
        scene.sim.advance(by: 1)
        #expect(r.resets == 1)
    }

    @Test func aFailedRecognizerIsResetOnlyAfterItsTouchesLift() {
        let scene = Scene()
        let r = Scripted()
        r.onBegan = { r, _ in r.state = .failed }
        scene.pad.addGestureRecognizer(r)

        scene.sim.touchDown(1, at: p)
        scene.sim.touchMove(1, to: CGPoint(x: 160, y: 150))
        #expect(r.state == .failed)
        #expect(r.resets == 0)
        #expect(r.fed == ["began 1"]) // a terminal recognizer gets no more of the sequence's touches
        scene.sim.touchUp(1)
        #expect(r.resets == 1)
        #expect(r.state == .possible)
    }

    @Test func aRecognizerStillPossibleWhenTheFingersLiftIsNotResetAndSeesTheNextSequence() {
        let scene = Scene()
        let r = Scripted()
        var sequences = 0
        r.onBegan = { _, _ in sequences += 1 }
        r.onEnded = { r, _ in if sequences == 2 { r.state = .failed } }
        scene.pad.addGestureRecognizer(r)

        scene.sim.tap(at: p)
        #expect(r.state == .possible)
        #expect(r.resets == 0)
        scene.sim.advance(by: 2)
        scene.sim.tap(at: p)
        #expect(r.fed == ["began 1", "ended 1", "began 1", "ended 1"])
        #expect(r.resets == 1)
    }

    // MARK: A custom recognizer end to end

    /// Recognizes a horizontal scrub of at least 40 pt to the right; fails if the finger strays 10 pt vertically.
    final class ScrubRecognizer: UIGestureRecognizer {
        private var start: CGPoint?
        var resets = 0
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            if touches.count != 1 || start != nil { state = .failed; return }
            start = touches.first!.location(in: view)
        }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            guard let start, let point = touches.first?.location(in: view) else { return }
            if abs(point.y - start.y) > 10 {
                state = .failed
            } else if point.x - start.x >= 40 {
                state = .recognized
            }
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { state = .failed }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { state = .failed }
        override func reset() {
            super.reset()
            start = nil
            resets += 1
        }
    }

    @Test func aCustomRecognizerRecognizesCancelsTheViewsTouchesAndResets() {
        let scene = Scene()
        let scrub = ScrubRecognizer()
        let log = StateLog()
        scrub.addTarget(log, action: StateLog.handle)
        scene.pad.addGestureRecognizer(scrub)

        scene.sim.touchDown(1, at: CGPoint(x: 120, y: 150))
        scene.sim.touchMove(1, to: CGPoint(x: 140, y: 152))
        #expect(scrub.state == .possible)
        scene.sim.touchMove(1, to: CGPoint(x: 165, y: 151))
        #expect(log.states == [.recognized])
        #expect(scrub.state == .recognized)
        scene.sim.touchMove(1, to: CGPoint(x: 200, y: 151))
        scene.sim.touchUp(1)
        #expect(log.states == [.recognized])
        #expect(scene.log.entries == ["pad began", "pad moved", "pad cancelled"])
        #expect(scrub.resets == 1)
        #expect(scrub.state == .possible)
    }

    @Test func aCustomRecognizerThatFailsLeavesTheViewItsTouches() {
        let scene = Scene()
        let scrub = ScrubRecognizer()
        let log = StateLog()
        scrub.addTarget(log, action: StateLog.handle)
        scene.pad.addGestureRecognizer(scrub)

        scene.sim.touchDown(1, at: CGPoint(x: 120, y: 150))
        scene.sim.touchMove(1, to: CGPoint(x: 125, y: 180))
        #expect(scrub.state == .failed)
        scene.sim.touchMove(1, to: CGPoint(x: 200, y: 180))
        scene.sim.touchUp(1)
        #expect(log.states.isEmpty)
        #expect(scene.log.entries == ["pad began", "pad moved", "pad moved", "pad ended"])
        #expect(scrub.resets == 1)
    }

    // MARK: Locations

    @Test func locationIsTheCentroidOfTheTrackedTouchesInTheGivenView() {
        let scene = Scene()
        let r = Scripted()
        var began: (inView: CGPoint, inWindow: CGPoint, first: CGPoint, second: CGPoint, count: Int)?
        var moved: (inView: CGPoint, first: CGPoint, count: Int)?
        r.onBegan = { r, _ in
            began = (r.location(in: r.view), r.location(in: nil), r.location(ofTouch: 0, in: r.view),
                     r.location(ofTouch: 1, in: r.view), r.numberOfTouches)
        }
        r.onMoved = { r, _ in moved = (r.location(in: r.view), r.location(ofTouch: 0, in: r.view), r.numberOfTouches) }
        r.onEnded = { r, _ in if r.numberOfTouches == 1 { r.state = .failed } }
        scene.pad.addGestureRecognizer(r)

        scene.sim.touch(.down(1, at: CGPoint(x: 110, y: 120)), .down(2, at: CGPoint(x: 130, y: 160)))
        #expect(began?.count == 2)
        #expect(began?.inView == CGPoint(x: 20, y: 40))
        #expect(began?.inWindow == CGPoint(x: 120, y: 140))
        #expect(began?.first == CGPoint(x: 10, y: 20))
        #expect(began?.second == CGPoint(x: 30, y: 60))

        scene.sim.touchUp(1)
        scene.sim.touchMove(2, to: CGPoint(x: 150, y: 170))
        #expect(moved?.count == 1)
        #expect(moved?.inView == CGPoint(x: 50, y: 70))
        #expect(moved?.first == CGPoint(x: 50, y: 70))
        scene.sim.touchUp(2)
        #expect(r.numberOfTouches == 0)
        #expect(r.state == .possible)
    }
}
