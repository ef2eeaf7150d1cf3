// EventSimulator's input aimed at views (tap(on:), doubleTap(on:), longPress(on:), drag(on:by:)), the
// lookup by accessibilityIdentifier, the errors that say why a view cannot be touched, and
// advance(until:timeout:), the bounded wait on virtual time.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct ViewTargetedInputTests {

    /// Counts a button's primary actions.
    @MainActor final class Counter {
        var count = 0
        func increment() { count += 1 }
    }

    /// Records each action of a recognizer with its state and, for a pan, its translation.
    @MainActor final class Actions {
        var states: [UIGestureRecognizer.State] = []
        var translations: [CGPoint] = []
        func handle(_ recognizer: UIGestureRecognizer) {
            states.append(recognizer.state)
            if let pan = recognizer as? UIPanGestureRecognizer { translations.append(pan.translation(in: nil)) }
        }
    }

    /// A window at (10, 20) with a panel at (20, 40) holding a button 'buy' at (40, 20, 100, 40): the
    /// button's centre is (120, 100) on screen.
    @MainActor final class Shop {
        let app = UIApplication()
        let window: UIWindow
        let panel = UIView(frame: CGRect(x: 20, y: 40, width: 300, height: 200))
        let buy = UIButton(frame: CGRect(x: 40, y: 20, width: 100, height: 40))
        let counter = Counter()
        let sim: EventSimulator

        init() {
            window = UIWindow(frame: CGRect(x: 10, y: 20, width: 390, height: 600), application: app)
            window.accessibilityIdentifier = "window"
            panel.accessibilityIdentifier = "panel"
            buy.accessibilityIdentifier = "buy"
            buy.addTarget(counter, action: Counter.increment, for: .primaryActionTriggered)
            panel.addSubview(buy)
            window.addSubview(panel)
            window.makeKeyAndVisible()
            sim = EventSimulator(application: app)
        }
    }

    // MARK: Finding and touching a view

    @Test func tapOnAViewTouchesTheCentreOfItsBoundsOnScreen() throws {
        let shop = Shop()
        let recorder = TraceRecorder()
        shop.app.tracer = recorder
        try shop.sim.tap(on: shop.buy)
        #expect(shop.counter.count == 1)
        let downs = recorder.records.compactMap { record -> String? in
            if case .input = record.kind { return record.description } else { return nil }
        }
        #expect(downs.first?.hasSuffix("down (120, 100)") == true, "\(downs)")
    }

    @Test func tapOnAnIdentifierFindsTheViewThatHasIt() throws {
        let shop = Shop()
        try shop.sim.tap(on: "buy")
        #expect(shop.counter.count == 1)
        #expect(try shop.sim.view(withAccessibilityIdentifier: "panel") === shop.panel)
    }

    @Test func theCheckBeforeATapLeavesNoHitTestRecordsInTheTrace() throws {
        let shop = Shop()
        let recorder = TraceRecorder()
        shop.app.tracer = recorder
        try shop.sim.tap(on: "buy")
        let onCoordinates = Shop()
        let reference = TraceRecorder()
        onCoordinates.app.tracer = reference
        onCoordinates.sim.tap(at: CGPoint(x: 120, y: 100))
        #expect(recorder.render() == reference.render(), "tap(on:) traces exactly what tap(at:) on its centre does")
        #expect(shop.app.tracer === recorder, "the tracer is attached again after the check")
    }

    @Test func anUnknownIdentifierThrowsNoViewAndNothingIsPlayed() {
        let shop = Shop()
        #expect(throws: EventSimulator.TargetError.noView(accessibilityIdentifier: "pay")) { try shop.sim.tap(on: "pay") }
        let error = EventSimulator.TargetError.noView(accessibilityIdentifier: "pay")
        #expect(error.description == "no view of the application's windows has the accessibilityIdentifier 'pay'")
        #expect(shop.counter.count == 0)
    }

    @Test func anIdentifierSharedByTwoViewsThrowsAmbiguousNamingBoth() {
        let shop = Shop()
        let twin = UIView(frame: CGRect(x: 0, y: 100, width: 50, height: 50))
        twin.accessibilityIdentifier = "buy"
        shop.panel.addSubview(twin)
        do {
            try shop.sim.tap(on: "buy")
            Issue.record("a shared identifier was accepted")
        } catch {
            guard case .ambiguous("buy", let views) = error else { Issue.record("\(error)"); return }
            #expect(views.map(\.className) == ["UIView", "UIButton"], "front to back")
            #expect(error.description.hasPrefix("2 views have the accessibilityIdentifier 'buy' (a UIView, a UIButton)"))
        }
        #expect(shop.counter.count == 0)
    }

    // MARK: Why a view cannot be touched

    /// The error `body` throws, or a recorded issue.
    private func targetError(_ body: () throws -> Void) -> EventSimulator.TargetError? {
        do {
            try body()
            Issue.record("no error")
        } catch let error as EventSimulator.TargetError {
            return error
        } catch {
            Issue.record("not a TargetError: \(error)")
        }
        return nil
    }

    @Test func aViewCoveredByASiblingNamesTheSiblingThatWouldTakeTheTouch() {
        let shop = Shop()
        let cover = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        cover.accessibilityIdentifier = "cover"
        shop.panel.addSubview(cover)
        let error = targetError { try shop.sim.tap(on: shop.buy) }
        guard case .notHittable(_, let point, .covered(let front), let taker) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(point == CGPoint(x: 120, y: 100))
        #expect(front.name == "cover" && taker?.name == "cover")
        #expect(error?.description == "'buy' cannot be touched at its centre (120, 100): 'cover' is in front of it there and would take the touch")
        #expect(shop.counter.count == 0)
    }

    @Test func aViewInAWindowOfAHigherLevelCoversTheTarget() {
        let shop = Shop()
        let alert = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 300), application: shop.app)
        alert.accessibilityIdentifier = "alert"
        alert.windowLevel = .alert
        alert.isHidden = false
        let error = targetError { try shop.sim.tap(on: "buy") }
        guard case .notHittable(_, _, .covered(let front), _) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(front.name == "alert")
    }

    @Test func aSuperviewWithInteractionOffIsNamedAsTheReasonWithTheViewThatTakesTheTouchInstead() {
        let shop = Shop()
        shop.panel.isUserInteractionEnabled = false
        let error = targetError { try shop.sim.tap(on: "buy") }
        guard case .notHittable(_, _, .skipped(let skipped, .interactionDisabled), let taker) = error else {
            Issue.record("\(String(describing: error))"); return
        }
        #expect(skipped.name == "panel" && taker?.name == "window")
        #expect(error?.description == "'buy' cannot be touched at its centre (120, 100): hit-testing skips 'panel' (user interaction disabled), "
                + "and so everything in it; 'window' would take the touch")
    }

    @Test func aDisabledButtonIsSkippedItself() {
        let shop = Shop()
        shop.buy.isEnabled = false
        let error = targetError { try shop.sim.tap(on: shop.buy) }
        guard case .notHittable(_, _, .skipped(let skipped, .disabled), let taker) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(skipped.name == "buy" && taker?.name == "panel")
        #expect(error?.description == "'buy' cannot be touched at its centre (120, 100): hit-testing skips it (control disabled); 'panel' would take the touch")
    }

    @Test func aHiddenViewAndATransparentAncestorAreReasonsToo() {
        let hidden = Shop()
        hidden.buy.isHidden = true
        #expect(targetError { try hidden.sim.tap(on: "buy") }.map { "\($0)" }?.contains("hit-testing skips it (hidden)") == true)
        let faded = Shop()
        faded.panel.alpha = 0
        #expect(targetError { try faded.sim.tap(on: "buy") }.map { "\($0)" }?.contains("hit-testing skips 'panel' (alpha <= 0.01)") == true)
    }

    @Test func aViewOutsideItsSuperviewsBoundsIsUnreachableAndTheSuperviewIsNamed() {
        let shop = Shop()
        shop.buy.frame = CGRect(x: 280, y: 20, width: 100, height: 40)   // its centre, x 330, is past the panel's width, 300
        let error = targetError { try shop.sim.tap(on: "buy") }
        guard case .notHittable(_, let point, .outside(let outer, let bounds), let taker) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(point == CGPoint(x: 360, y: 100))
        #expect(outer.name == "panel" && bounds == CGRect(x: 0, y: 0, width: 300, height: 200) && taker?.name == "window")
        #expect(error?.description == "'buy' cannot be touched at its centre (360, 100): the point is outside the bounds of its ancestor 'panel' (0, 0, 300, 200), "
                + "and hit-testing looks only inside a view's bounds; 'window' would take the touch")
    }

    @Test func aViewWithEmptyBoundsIsOutsideItsOwnBounds() {
        let shop = Shop()
        shop.buy.frame = CGRect(x: 40, y: 20, width: 0, height: 0)
        let error = targetError { try shop.sim.tap(on: "buy") }
        guard case .notHittable(_, _, .outside(let outer, _), _) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(outer.name == "buy")
        #expect(error?.description.contains("the point is outside its own bounds (0, 0, 0, 0)") == true)
    }

    @Test func anAncestorWhoseHitTestAnswersItselfIsNamed() {
        /// Takes every touch inside it for itself, as a custom container may.
        final class Greedy: UIView {
            override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
                self.point(inside: point, with: event) ? self : nil
            }
        }
        let shop = Shop()
        let greedy = Greedy(frame: shop.panel.frame)
        greedy.accessibilityIdentifier = "greedy"
        shop.panel.removeFromSuperview()
        shop.panel.frame.origin = .zero
        greedy.addSubview(shop.panel)
        shop.window.addSubview(greedy)
        let error = targetError { try shop.sim.tap(on: "buy") }
        guard case .notHittable(_, _, .answeredBy(let ancestor), let taker) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(ancestor.name == "greedy" && taker?.name == "greedy")
    }

    @Test func aViewInNoWindowOrAHiddenWindowOrWhileTheAppIgnoresTouchesCannotBeTouched() {
        let shop = Shop()
        let loose = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        loose.accessibilityIdentifier = "loose"
        #expect(targetError { try shop.sim.tap(on: loose) } == .notHittable(loose.traceSubject, at: nil, obstacle: .notInWindow, takenBy: nil))
        #expect(targetError { try shop.sim.tap(on: loose) }?.description == "'loose' cannot be touched: it is in no window")

        shop.app.beginIgnoringInteractionEvents()
        #expect(targetError { try shop.sim.tap(on: "buy") }?.description.hasSuffix(": the application is ignoring interaction events") == true)
        shop.app.endIgnoringInteractionEvents()

        shop.window.isHidden = true
        let error = targetError { try shop.sim.tap(on: "buy") }
        guard case .notHittable(_, _, .windowHidden(let window), nil) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(window.name == "window")
    }

    @Test func aViewOfAnotherApplicationIsRefused() {
        let shop = Shop(), other = Shop()
        let error = targetError { try shop.sim.tap(on: other.buy) }
        guard case .notHittable(_, _, .otherApplication, _) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(other.counter.count == 0 && shop.counter.count == 0)
    }

    @Test func aTouchLandingOnASubviewOfTheTargetCountsAsReachingIt() throws {
        let shop = Shop()
        let label = UILabel(frame: shop.buy.bounds)
        label.isUserInteractionEnabled = true
        shop.buy.addSubview(label)
        try shop.sim.tap(on: "buy")   // the label takes the touch; it is inside the button
    }

    // MARK: The other gestures

    @Test func doubleTapOnAViewFiresADoubleTapRecognizerThere() throws {
        let shop = Shop()
        let actions = Actions()
        let double = UITapGestureRecognizer(target: actions, action: Actions.handle)
        double.numberOfTapsRequired = 2
        shop.panel.addGestureRecognizer(double)
        try shop.sim.doubleTap(on: "panel")
        #expect(actions.states == [.ended])
    }

    @Test func aDoubleTapWhoseFirstTapHidesTheViewFailsOnTheSecondTap() {
        /// Hides itself when tapped.
        @MainActor final class Hider { weak var view: UIView?; func hide() { view?.isHidden = true } }
        let shop = Shop()
        let hider = Hider()
        hider.view = shop.buy
        shop.buy.addTarget(hider, action: Hider.hide, for: .touchUpInside)
        let error = targetError { try shop.sim.doubleTap(on: "buy") }
        #expect(shop.counter.count == 1, "the first tap was played")
        guard case .notHittable(_, _, .skipped(_, .hidden), _) = error else { Issue.record("\(String(describing: error))"); return }
    }

    @Test func longPressOnAViewHoldsItForTheDuration() throws {
        let shop = Shop()
        let actions = Actions()
        shop.panel.addGestureRecognizer(UILongPressGestureRecognizer(target: actions, action: Actions.handle))
        try shop.sim.longPress(on: "panel", duration: 0.7)
        #expect(actions.states == [.began, .ended])
        #expect(abs(shop.sim.now - 0.7) < 1e-9)
    }

    @Test func dragOnAViewStartsAtItsCentreAndMovesByTheTranslation() throws {
        let shop = Shop()
        let actions = Actions()
        shop.panel.addGestureRecognizer(UIPanGestureRecognizer(target: actions, action: Actions.handle))
        try shop.sim.drag(on: shop.panel, by: CGPoint(x: 80, y: -30), duration: 0.2, steps: 4)
        #expect(actions.states.first == .began && actions.states.last == .ended)
        // Steps of (20, -7.5): the pan begins on the first and its translation leaves out 10 pt of
        // hysteresis on each axis, all of the y axis's 7.5 then (R21).
        #expect(actions.translations.last == CGPoint(x: 70, y: -22.5))
    }

    @Test func dragOnACoveredViewThrowsBeforeAnyFingerGoesDown() {
        let shop = Shop()
        let recorder = TraceRecorder()
        shop.app.tracer = recorder
        shop.panel.isHidden = true
        #expect(throws: EventSimulator.TargetError.self) { try shop.sim.drag(on: "buy", by: CGPoint(x: 50, y: 0)) }
        #expect(recorder.records.isEmpty, "nothing was played")
        #expect(shop.sim.now == 0)
    }

    // MARK: Waiting on virtual time

    @Test func advanceUntilStopsAtTheTimerThatMakesTheConditionHold() throws {
        let shop = Shop()
        let press = UILongPressGestureRecognizer()
        shop.panel.addGestureRecognizer(press)
        shop.sim.touchDown(1, at: CGPoint(x: 100, y: 200))
        shop.sim.advance(by: 0.1)
        let waited = try shop.sim.advance(until: { press.state == .began }, timeout: 2)
        #expect(abs(waited - 0.4) < 1e-9, "the press begins 0.5 s after the finger went down")
        #expect(abs(shop.sim.now - 0.5) < 1e-9, "time stops there, not at the timeout")
        shop.sim.touchUp(1)
    }

    @Test func advanceUntilAConditionThatHoldsReturnsAtOnce() throws {
        let shop = Shop()
        #expect(try shop.sim.advance(until: { true }, timeout: 3) == 0)
        #expect(shop.sim.now == 0)
    }

    @Test func advanceUntilThrowsAtTheTimeoutWithTimeMovedToIt() {
        let shop = Shop()
        shop.sim.advance(by: 1)
        var checks = 0
        #expect(throws: EventSimulator.Timeout(timeout: 2, startedAt: 1)) {
            try shop.sim.advance(until: { checks += 1; return shop.counter.count > 0 }, timeout: 2)
        }
        #expect(shop.sim.now == 3)
        #expect(checks == 2, "with no timer waiting, nothing can change: checked now and at the end only")
        #expect(EventSimulator.Timeout(timeout: 2, startedAt: 1).description
                == "the condition did not hold within 2 s of virtual time (from 1 s to 3 s)")
    }

    @Test func advanceUntilSeesEachStateATimerLeavesEvenOneThatLaterChanges() throws {
        // A repeating application timer counts up; the condition catches the count at exactly 3.
        let shop = Shop()
        var ticks = 0
        shop.app.scheduledTimer(withTimeInterval: 0.25, repeats: true) { _ in ticks += 1 }
        let waited = try shop.sim.advance(until: { ticks == 3 }, timeout: 10)
        #expect(ticks == 3 && abs(waited - 0.75) < 1e-9)
    }

    @Test func advanceUntilTurnsTheLoopAtItsFramesWhenALoopRateIsSet() throws {
        let shop = Shop()
        shop.sim.loopRate = 60
        shop.sim.tap(at: CGPoint(x: 120, y: 100))   // waits in the port until the next frame
        #expect(shop.counter.count == 0)
        let waited = try shop.sim.advance(until: { shop.counter.count == 1 }, timeout: 1)
        #expect(abs(waited - 1.0 / 60) < 1e-9)
    }

    @Test func aConditionThatThrowsStopsTheWait() {
        struct Stop: Error {}
        let shop = Shop()
        #expect(throws: Stop.self) { try shop.sim.advance(until: { throw Stop() }, timeout: 1) }
    }
}
