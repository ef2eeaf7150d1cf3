// Touch delivery: spec section C, R4, R14, R23.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct TouchDeliveryTests {

    // MARK: Binding (A11, R4)

    @Test func touchStaysWithItsViewWhenTheFingerMovesOverAnotherView() {
        let scene = Scene()
        let start = scene.addView("start", CGRect(x: 0, y: 0, width: 100, height: 100))
        let other = scene.addView("other", CGRect(x: 100, y: 0, width: 100, height: 100))

        scene.sim.touchDown(1, at: CGPoint(x: 50, y: 50))
        scene.sim.touchMove(1, to: CGPoint(x: 150, y: 50))
        scene.sim.touchUp(1)
        #expect(start.methods == ["began", "moved", "ended"])
        #expect(other.methods.isEmpty)
        let touches = start.touchCalls.compactMap(\.touches.first)
        #expect(touches.count == 3)
        #expect(touches.allSatisfy { $0 === touches[0] && $0.view === start }) // one UITouch for the finger's life
        #expect(start.touchCalls.allSatisfy { $0.event === start.touchCalls[0].event }) // one UIEvent too
    }

    @Test func touchStaysWithItsViewWhenTheViewMovesAwayFromTheFinger() {
        let scene = Scene()
        let view = scene.addView("view", CGRect(x: 0, y: 0, width: 100, height: 100))
        scene.sim.touchDown(1, at: CGPoint(x: 50, y: 50))
        view.frame = CGRect(x: 200, y: 200, width: 50, height: 50)
        scene.sim.touchMove(1, to: CGPoint(x: 55, y: 55))
        scene.sim.touchUp(1)
        #expect(view.methods == ["began", "moved", "ended"])
        #expect(scene.window.hitTest(CGPoint(x: 55, y: 55), with: nil) === scene.window)
    }

    // MARK: Forwarding (B9)

    @Test func unhandledTouchesClimbFromViewToSuperviewControllerWindowApplicationAndDelegate() {
        let log = CallLog()
        let app = LoggingApplication(log: log)
        let delegate = LoggingDelegate(log: log)
        app.delegate = delegate
        let scene = Scene(app: app, window: { app, log in LoggingWindow("window", application: app, log: log) }, log: log)
        let root = LoggingController("root", log: log)
        scene.window.rootViewController = root
        let parent = scene.addView("parent", CGRect(x: 0, y: 0, width: 200, height: 200), to: root.view)
        scene.addView("child", CGRect(x: 0, y: 0, width: 100, height: 100), to: parent)

        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        #expect(log.lines == ["child.began", "parent.began", "root.began", "window.began", "app.began", "delegate.began"])
        log.clear()
        scene.sim.touchMove(1, to: CGPoint(x: 300, y: 400))
        scene.sim.touchUp(1)
        #expect(log.lines == ["child.moved", "parent.moved", "root.moved", "window.moved", "delegate.moved",
                              "child.ended", "parent.ended", "root.ended", "window.ended", "app.ended", "delegate.ended"])
    }

    @Test func viewThatDoesNotCallSuperStopsTheForwarding() {
        let scene = Scene()
        let parent = scene.addView("parent", CGRect(x: 0, y: 0, width: 200, height: 200))
        let middle = scene.addView("middle", CGRect(x: 0, y: 0, width: 200, height: 200), to: parent)
        scene.addView("child", CGRect(x: 0, y: 0, width: 100, height: 100), to: middle)
        middle.passesOn = false

        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        scene.sim.touchMove(1, to: CGPoint(x: 20, y: 20))
        scene.sim.touchUp(1)
        scene.sim.touchDown(2, at: CGPoint(x: 10, y: 10))
        scene.sim.touchCancel(2)
        #expect(scene.log.lines == ["child.began", "middle.began", "child.moved", "middle.moved",
                                    "child.ended", "middle.ended", "child.began", "middle.began",
                                    "child.cancelled", "middle.cancelled"])
        #expect(parent.methods.isEmpty)
    }

    @Test func traceShowsForwardingUpToTheEndOfTheChain() {
        let scene = Scene()
        scene.addView("leaf", CGRect(x: 0, y: 0, width: 100, height: 100))
        let recorder = scene.record()
        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        let steps = recorder.records.compactMap { record -> String? in
            switch record.kind {
            case .delivered(let responder, let method, let fingers): return "deliver \(responder) \(method) \(fingers)"
            case .forwarded(let from, let to, _): return "\(from) → \(to)"
            case .unhandled(let last, _): return "unhandled at \(last)"
            default: return nil
            }
        }
        #expect(steps == ["deliver leaf touchesBegan #1", "leaf → UIWindow", "UIWindow → UIApplication",
                          "unhandled at UIApplication"])
    }

    // MARK: Locations (C5)

    @Test func locationAndPreviousLocationInViewAndWindowCoordinates() throws {
        let scene = Scene { app, log in
            LoggingWindow("window", frame: CGRect(x: 0, y: 20, width: 320, height: 460), application: app, log: log)
        }
        let view = scene.addView("view", CGRect(x: 100, y: 100, width: 100, height: 100))
        let scrolled = scene.addView("scrolled", CGRect(x: 0, y: 0, width: 50, height: 50))
        scrolled.bounds.origin = CGPoint(x: 0, y: 30)
        scrolled.isUserInteractionEnabled = false

        scene.sim.touchDown(1, at: CGPoint(x: 110, y: 130))   // screen coordinates
        scene.sim.touchMove(1, to: CGPoint(x: 120, y: 150))
        let touch = try #require(view.touchCalls.last?.touches.first)
        #expect(touch.location(in: nil) == CGPoint(x: 120, y: 130))
        #expect(touch.location(in: scene.window) == CGPoint(x: 120, y: 130))
        #expect(touch.previousLocation(in: nil) == CGPoint(x: 110, y: 110))
        #expect(touch.location(in: view) == CGPoint(x: 20, y: 30))
        #expect(touch.previousLocation(in: view) == CGPoint(x: 10, y: 10))
        #expect(touch.location(in: scrolled) == CGPoint(x: 120, y: 160))

        scene.sim.touchMove(1, to: CGPoint(x: 130, y: 150))
        #expect(touch.previousLocation(in: view) == CGPoint(x: 20, y: 30))
        #expect(touch.location(in: view) == CGPoint(x: 30, y: 30))
    }

    // MARK: Several touches (C6, C7, C8)

    @Test func stationaryTouchesAreInAllTouchesButNotInTheChangedSet() throws {
        let scene = Scene()
        let left = scene.addView("left", CGRect(x: 0, y: 0, width: 100, height: 100))
        let right = scene.addView("right", CGRect(x: 100, y: 0, width: 100, height: 100))

        scene.sim.touchDown(1, at: CGPoint(x: 50, y: 50))
        scene.sim.touchDown(2, at: CGPoint(x: 150, y: 50))
        scene.sim.touchMove(1, to: CGPoint(x: 60, y: 50))
        #expect(left.methods == ["began", "moved"])
        #expect(right.methods == ["began"])
        let moved = try #require(left.touchCalls.last)
        #expect(moved.touches.count == 1)
        let all = try #require(moved.event?.allTouches)
        #expect(all.count == 2)
        let rightTouch = try #require(right.touchCalls.first?.touches.first)
        #expect(all.contains(rightTouch))
        #expect(rightTouch.phase == .stationary)
        #expect(moved.touches.first?.phase == .moved)
    }

    @Test func touchesForViewAndForWindowSelectWhereEachTouchBegan() throws {
        let scene = Scene()
        let otherWindow = UIWindow(frame: CGRect(x: 320, y: 0, width: 320, height: 480), application: scene.app)
        otherWindow.isHidden = false
        let a = scene.addView("a", CGRect(x: 0, y: 0, width: 100, height: 100))
        let b = scene.addView("b", CGRect(x: 100, y: 0, width: 100, height: 100))
        let c = scene.addView("c", CGRect(x: 0, y: 0, width: 100, height: 100), to: otherWindow)

        scene.sim.touch(.down(1, at: CGPoint(x: 10, y: 10)), .down(2, at: CGPoint(x: 110, y: 10)),
                        .down(3, at: CGPoint(x: 330, y: 10)))
        let event = try #require(a.touchCalls.first?.event)
        let (ta, tb, tc) = try (#require(a.touchCalls.first?.touches.first), #require(b.touchCalls.first?.touches.first),
                                #require(c.touchCalls.first?.touches.first))
        #expect(event === b.touchCalls.first?.event && event === c.touchCalls.first?.event)
        #expect(event.allTouches == [ta, tb, tc])
        #expect(event.touches(for: a) == [ta])
        #expect(event.touches(for: b) == [tb])
        #expect(event.touches(for: scene.window) == [ta, tb])
        #expect(event.touches(for: otherWindow) == [tc])
        #expect(tc.window === otherWindow && ta.window === scene.window)
        #expect(tc.location(in: nil) == CGPoint(x: 10, y: 10))
    }

    @Test func viewWithoutMultipleTouchGetsOnlyTheFirstOfItsTouches() throws {
        let scene = Scene()
        let view = scene.addView("view", CGRect(x: 0, y: 0, width: 200, height: 200))
        #expect(!view.isMultipleTouchEnabled)
        let recorder = scene.record()

        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        scene.sim.touchDown(2, at: CGPoint(x: 50, y: 50))
        scene.sim.touchMove(2, to: CGPoint(x: 60, y: 60))
        scene.sim.touchUp(2)
        scene.sim.touchUp(1)
        #expect(view.methods == ["began", "ended"])
        #expect(view.touchCalls.allSatisfy { $0.touches.count == 1 })
        #expect(view.touchCalls[0].touches == view.touchCalls[1].touches)
        #expect(recorder.dropTexts == [TraceRecord.DropReason.multipleTouchDisabled(view: "view").description])

        // Two fingers landing together: the view gets one of them.
        scene.sim.touch(.down(3, at: CGPoint(x: 10, y: 10)), .down(4, at: CGPoint(x: 20, y: 20)))
        #expect(view.touchCalls.last?.touches.count == 1)
    }

    @Test func multipleTouchEnabledViewGetsEveryTouch() {
        let scene = Scene()
        let view = scene.addView("view", CGRect(x: 0, y: 0, width: 200, height: 200))
        view.isMultipleTouchEnabled = true

        scene.sim.touch(.down(1, at: CGPoint(x: 10, y: 10)), .down(2, at: CGPoint(x: 50, y: 50)))
        scene.sim.touchDown(3, at: CGPoint(x: 90, y: 90))
        scene.sim.touch(.up(1), .up(2), .up(3))
        #expect(view.methods == ["began", "began", "ended"])
        #expect(view.touchCalls.map(\.touches.count) == [2, 1, 3])
    }

    @Test func exclusiveTouchViewKeepsNewTouchesAwayFromOtherViewsOfItsWindow() {
        let scene = Scene()
        let exclusive = scene.addView("exclusive", CGRect(x: 0, y: 0, width: 100, height: 100))
        exclusive.isExclusiveTouch = true
        let other = scene.addView("other", CGRect(x: 100, y: 0, width: 100, height: 100))
        let recorder = scene.record()

        scene.sim.touchDown(1, at: CGPoint(x: 50, y: 50))
        scene.sim.touchDown(2, at: CGPoint(x: 150, y: 50))
        scene.sim.touchMove(2, to: CGPoint(x: 160, y: 50))
        scene.sim.touchUp(2)
        #expect(other.methods.isEmpty)
        #expect(recorder.dropTexts == [TraceRecord.DropReason.exclusiveTouch(owner: "exclusive").description])

        scene.sim.touchUp(1)
        scene.sim.tap(at: CGPoint(x: 150, y: 50)) // the exclusive view no longer tracks anything
        #expect(other.methods == ["began", "ended"])
    }

    @Test func exclusiveTouchViewGetsNoTouchWhileAnotherViewOfItsWindowTracksOne() {
        let scene = Scene()
        let exclusive = scene.addView("exclusive", CGRect(x: 0, y: 0, width: 100, height: 100))
        exclusive.isExclusiveTouch = true
        let other = scene.addView("other", CGRect(x: 100, y: 0, width: 100, height: 100))
        let recorder = scene.record()

        scene.sim.touchDown(1, at: CGPoint(x: 150, y: 50))
        scene.sim.tap(at: CGPoint(x: 50, y: 50))
        #expect(exclusive.methods.isEmpty)
        #expect(other.methods == ["began"])
        #expect(recorder.dropTexts == [TraceRecord.DropReason.exclusiveTouch(owner: "exclusive").description])
    }

    @Test func exclusiveTouchButtonsDoNotStopAPinchOnTheirSuperview() {
        // C7 (Apple's SimpleGestureRecognizers sample): recognizers ignore `isExclusiveTouch`. The second
        // finger is kept from its button, but the pinch on the superview still gets both fingers.
        let scene = Scene()
        let panel = scene.addView("panel", CGRect(x: 0, y: 0, width: 320, height: 400))
        let left = UIButton(frame: CGRect(x: 20, y: 100, width: 100, height: 100))
        let right = UIButton(frame: CGRect(x: 200, y: 100, width: 100, height: 100))
        left.accessibilityIdentifier = "left"
        right.accessibilityIdentifier = "right"
        left.isExclusiveTouch = true
        right.isExclusiveTouch = true
        panel.addSubview(left)
        panel.addSubview(right)
        var scales: [CGFloat] = []
        final class Target {
            var onPinch: (UIPinchGestureRecognizer) -> Void = { _ in }
            func pinched(_ pinch: UIPinchGestureRecognizer) { onPinch(pinch) }
        }
        let target = Target()
        target.onPinch = { pinch in if pinch.state == .ended { scales.append(pinch.scale) } }
        let pinch = UIPinchGestureRecognizer(target: target, action: Target.pinched)
        panel.addGestureRecognizer(pinch)
        let recorder = scene.record()

        scene.sim.touch(.down(1, at: CGPoint(x: 110, y: 150)), .down(2, at: CGPoint(x: 210, y: 150)))
        for step in 1 ... 5 {
            scene.sim.advance(by: 0.016)
            scene.sim.touch(.move(1, to: CGPoint(x: 110 - CGFloat(step) * 10, y: 150)),
                            .move(2, to: CGPoint(x: 210 + CGFloat(step) * 10, y: 150)))
        }
        scene.sim.touch(.up(1), .up(2))
        #expect(recorder.dropTexts == [TraceRecord.DropReason.exclusiveTouch(owner: "left").description])
        #expect(scales.count == 1)
        // The pinch begins at the first step, 120 pt apart, and measures from there (R21).
        #expect(abs((scales.first ?? 0) - 200.0 / 120) < 0.001)
    }

    @Test func aTouchKeptFromItsViewByExclusivityIsStillFedToTheRecognizersOfItsView() {
        let scene = Scene()
        let exclusive = scene.addView("exclusive", CGRect(x: 0, y: 0, width: 100, height: 100))
        exclusive.isExclusiveTouch = true
        let other = scene.addView("other", CGRect(x: 100, y: 0, width: 100, height: 100))
        final class Counter { var taps = 0; func tapped() { taps += 1 } }
        let counter = Counter()
        other.addGestureRecognizer(UITapGestureRecognizer(target: counter, action: Counter.tapped))

        scene.sim.touchDown(1, at: CGPoint(x: 50, y: 50))
        scene.sim.tap(at: CGPoint(x: 150, y: 50))
        #expect(counter.taps == 1)
        #expect(other.methods.isEmpty)
    }

    @Test func exclusiveTouchViewWhoseTouchWasCancelledNoLongerKeepsOthersOut() {
        let scene = Scene()
        let exclusive = scene.addView("exclusive", CGRect(x: 0, y: 0, width: 100, height: 100))
        exclusive.isExclusiveTouch = true
        let other = scene.addView("other", CGRect(x: 100, y: 0, width: 100, height: 100))
        scene.sim.touchDown(1, at: CGPoint(x: 50, y: 50))
        exclusive.isHidden = true // its touch is cancelled for it, though the finger stays down
        scene.sim.tap(at: CGPoint(x: 150, y: 50))
        #expect(other.methods == ["began", "ended"])
    }

    @Test func exclusiveTouchDoesNotReachIntoOtherWindows() {
        let scene = Scene()
        let exclusive = scene.addView("exclusive", CGRect(x: 0, y: 0, width: 100, height: 100))
        exclusive.isExclusiveTouch = true
        let otherWindow = UIWindow(frame: CGRect(x: 320, y: 0, width: 320, height: 480), application: scene.app)
        otherWindow.isHidden = false
        let other = scene.addView("other", CGRect(x: 0, y: 0, width: 100, height: 100), to: otherWindow)

        scene.sim.touchDown(1, at: CGPoint(x: 50, y: 50))
        scene.sim.tap(at: CGPoint(x: 350, y: 50))
        #expect(other.methods == ["began", "ended"])
    }

    // MARK: Tap count (R23)

    /// Taps at `points` (one finger down and up each), waiting `gaps[i]` before tap i + 1; returns each tapCount.
    private func tapCounts(_ scene: Scene, at points: [CGPoint], gaps: [TimeInterval]) -> [Int] {
        let view = scene.addView("pad", CGRect(x: 0, y: 0, width: 320, height: 480))
        for (index, point) in points.enumerated() {
            if index > 0 { scene.sim.advance(by: gaps[index - 1]) }
            scene.sim.tap(at: point)
        }
        return view.touchCalls.filter { $0.method == "began" }.compactMap { $0.touches.first?.tapCount }
    }

    @Test func tapCountGrowsForTapsThatComeSoonAndNearby() {
        let scene = Scene()
        let points = [CGPoint(x: 100, y: 100), CGPoint(x: 110, y: 105), CGPoint(x: 95, y: 100), CGPoint(x: 100, y: 90)]
        #expect(tapCounts(scene, at: points, gaps: [0.2, 0.3, 0.1]) == [1, 2, 3, 4])
    }

    @Test func tapCountStartsAgainAfterTheMultiTapInterval() {
        let scene = Scene()
        let interval = scene.app.thresholds.multiTapInterval
        let p = CGPoint(x: 100, y: 100)
        #expect(tapCounts(scene, at: [p, p, p, p], gaps: [0.1, interval + 0.05, 0.1]) == [1, 2, 1, 2])
    }

    @Test func tapCountStartsAgainWhenTheTapLandsFarAway() {
        let scene = Scene()
        let slop = scene.app.thresholds.multiTapSlop
        let points = [CGPoint(x: 100, y: 100), CGPoint(x: 100 + slop + 5, y: 100), CGPoint(x: 100 + slop + 10, y: 100)]
        #expect(tapCounts(scene, at: points, gaps: [0.1, 0.1]) == [1, 1, 2])
    }

    @Test func tapIntervalIsMeasuredFromTheLiftOfThePreviousTouch() {
        let scene = Scene()
        let view = scene.addView("pad", CGRect(x: 0, y: 0, width: 320, height: 480))
        let p = CGPoint(x: 100, y: 100)
        scene.sim.touchDown(1, at: p)
        scene.sim.advance(by: 0.3) // a slow first tap
        scene.sim.touchUp(1)
        scene.sim.advance(by: 0.3)
        scene.sim.touchDown(1, at: p)
        #expect(view.touchCalls.last?.touches.first?.tapCount == 2)
    }

    @Test func tapCountStartsAgainAfterACancelledTouch() {
        let scene = Scene()
        let view = scene.addView("pad", CGRect(x: 0, y: 0, width: 320, height: 480))
        let p = CGPoint(x: 100, y: 100)
        scene.sim.tap(at: p)
        scene.sim.touchDown(1, at: p)
        scene.sim.touchCancel(1)
        scene.sim.tap(at: p)
        #expect(view.touchCalls.filter { $0.method == "began" }.compactMap { $0.touches.first?.tapCount } == [1, 2, 1])
    }

    @Test func tapCountFollowsTheApplicationsThresholds() {
        let scene = Scene()
        scene.app.thresholds.multiTapInterval = 1.0
        let p = CGPoint(x: 100, y: 100)
        #expect(tapCounts(scene, at: [p, p], gaps: [0.8]) == [1, 2])
    }

    // MARK: Cancellation (C2, R14)

    @Test func systemCancelDeliversTouchesCancelledUpTheChain() {
        let scene = Scene()
        let parent = scene.addView("parent", CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = scene.addView("child", CGRect(x: 0, y: 0, width: 100, height: 100), to: parent)
        let recorder = scene.record()

        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        scene.sim.touchCancel(1)
        scene.sim.touchUp(1) // the finger is gone: nothing more
        #expect(child.methods == ["began", "cancelled"])
        #expect(parent.methods == ["began", "cancelled"])
        #expect(child.touchCalls.last?.touches.first?.phase == .cancelled)
        #expect(recorder.dropReasons == [.unknownFinger(1)])
    }

    @Test func cancelAllTouchesEndsEveryViewsTouches() {
        let scene = Scene()
        let a = scene.addView("a", CGRect(x: 0, y: 0, width: 100, height: 100))
        let b = scene.addView("b", CGRect(x: 100, y: 0, width: 100, height: 100))
        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        scene.sim.touchDown(2, at: CGPoint(x: 110, y: 10))
        scene.sim.cancelAllTouches()
        #expect(a.methods == ["began", "cancelled"])
        #expect(b.methods == ["began", "cancelled"])
    }

    @Test func viewRemovedMidTouchGetsExactlyOneCancelAndNothingAfterItAndSoDoesItsSuperview() {
        let scene = Scene()
        let parent = scene.addView("parent", CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = scene.addView("child", CGRect(x: 0, y: 0, width: 100, height: 100), to: parent)
        let recorder = scene.record()

        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        child.removeFromSuperview()
        #expect(scene.log.lines == ["child.began", "parent.began", "child.cancelled", "parent.cancelled"])
        scene.sim.touchMove(1, to: CGPoint(x: 20, y: 20))
        parent.addSubview(child) // back in the window: still nothing for this touch
        scene.sim.touchMove(1, to: CGPoint(x: 30, y: 20))
        scene.sim.touchUp(1)
        #expect(scene.log.lines == ["child.began", "parent.began", "child.cancelled", "parent.cancelled"])
        #expect(recorder.dropTexts.allSatisfy { $0 == TraceRecord.DropReason.viewLeftWindow(view: "child").description })
        #expect(recorder.dropReasons.count == 3)
    }

    @Test func viewRemovingItselfInTouchesBeganGetsNothingMoreFromThatEvent() {
        final class SelfRemover: LoggingView {
            var removesOnBegan = false
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                super.touchesBegan(touches, with: event)
                if removesOnBegan { removeFromSuperview() }
            }
        }
        let scene = Scene()
        let view = SelfRemover("view", frame: CGRect(x: 0, y: 0, width: 100, height: 100), log: scene.log)
        view.isMultipleTouchEnabled = true
        scene.window.addSubview(view)
        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        view.removesOnBegan = true
        // One event: finger 2 goes down while finger 1 moves; the view leaves during touchesBegan.
        scene.sim.touch(.down(2, at: CGPoint(x: 50, y: 50)), .move(1, to: CGPoint(x: 20, y: 20)))
        scene.sim.touch(.up(1), .up(2))
        #expect(view.methods == ["began", "began", "cancelled"])
        #expect(view.touchCalls.last?.touches.count == 2)
    }

    @Test func removingAnAncestorCancelsTheTouchesOfViewsInsideIt() {
        let scene = Scene()
        let container = scene.addView("container", CGRect(x: 0, y: 0, width: 200, height: 200))
        let leaf = scene.addView("leaf", CGRect(x: 0, y: 0, width: 100, height: 100), to: container)
        let outside = scene.addView("outside", CGRect(x: 200, y: 0, width: 100, height: 100))

        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        scene.sim.touchDown(2, at: CGPoint(x: 210, y: 10))
        container.removeFromSuperview()
        scene.sim.touch(.up(1), .up(2))
        #expect(leaf.methods == ["began", "cancelled"])
        #expect(container.methods == ["began", "cancelled"])
        #expect(outside.methods == ["began", "ended"])
    }

    @Test func movingAViewWithinItsWindowKeepsItsTouch() {
        let scene = Scene()
        let a = scene.addView("a", CGRect(x: 0, y: 0, width: 100, height: 100))
        let b = scene.addView("b", CGRect(x: 100, y: 0, width: 100, height: 100))
        scene.sim.touchDown(1, at: CGPoint(x: 110, y: 10))
        a.addSubview(b)
        scene.sim.touchUp(1)
        #expect(b.methods == ["began", "ended"])
    }

    @Test func viewMovedToAnotherWindowMidTouchGetsOneCancel() {
        let scene = Scene()
        let other = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: scene.app)
        let view = scene.addView("view", CGRect(x: 0, y: 0, width: 100, height: 100))
        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        other.addSubview(view)
        scene.sim.touchUp(1)
        #expect(view.methods == ["began", "cancelled"])
    }

    @Test func viewHiddenMidTouchGetsExactlyOneCancelAndNothingAfterItAndSoDoesItsSuperview() {
        let scene = Scene()
        let parent = scene.addView("parent", CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = scene.addView("child", CGRect(x: 0, y: 0, width: 100, height: 100), to: parent)

        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        child.isHidden = true
        child.isHidden = true  // hiding again changes nothing
        scene.sim.touchMove(1, to: CGPoint(x: 20, y: 20))
        child.isHidden = false // shown again: still nothing for this touch
        scene.sim.touchUp(1)
        #expect(scene.log.lines == ["child.began", "parent.began", "child.cancelled", "parent.cancelled"])
    }

    @Test func hidingAnAncestorOrTheWindowCancelsTheTouchesInside() {
        let scene = Scene()
        let container = scene.addView("container", CGRect(x: 0, y: 0, width: 200, height: 200))
        let leaf = scene.addView("leaf", CGRect(x: 0, y: 0, width: 100, height: 100), to: container)
        let sibling = scene.addView("sibling", CGRect(x: 200, y: 0, width: 100, height: 100))

        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        scene.sim.touchDown(2, at: CGPoint(x: 210, y: 10))
        container.isHidden = true
        #expect(leaf.methods == ["began", "cancelled"])
        #expect(sibling.methods == ["began"])
        scene.window.isHidden = true
        scene.sim.touch(.up(1), .up(2))
        #expect(sibling.methods == ["began", "cancelled"])
        #expect(leaf.methods == ["began", "cancelled"])
    }

    // MARK: Ignoring interaction events (H3)

    @Test func ignoringInteractionEventsNestsAndDropsNewTouchesForTheirWholeLife() {
        let scene = Scene()
        let view = scene.addView("view", CGRect(x: 0, y: 0, width: 200, height: 200))
        let recorder = scene.record()

        scene.app.beginIgnoringInteractionEvents()
        scene.app.beginIgnoringInteractionEvents()
        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        scene.app.endIgnoringInteractionEvents()
        #expect(scene.app.isIgnoringInteractionEvents)
        scene.sim.tap(at: CGPoint(x: 10, y: 10))
        scene.app.endIgnoringInteractionEvents()
        #expect(!scene.app.isIgnoringInteractionEvents)
        scene.sim.touchMove(1, to: CGPoint(x: 20, y: 20)) // began while ignoring: still dropped
        scene.sim.touchUp(1)
        #expect(view.methods.isEmpty)
        #expect(recorder.dropReasons == [.ignoringInteractionEvents, .ignoringInteractionEvents])

        scene.sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(view.methods == ["began", "ended"])
    }

    @Test func extraEndIgnoringDoesNotUnbalanceLaterCalls() {
        let app = UIApplication()
        app.endIgnoringInteractionEvents()
        app.beginIgnoringInteractionEvents()
        #expect(app.isIgnoringInteractionEvents)
        app.endIgnoringInteractionEvents()
        #expect(!app.isIgnoringInteractionEvents)
    }

    @Test func touchesInFlightStillFinishWhileIgnoring() {
        let scene = Scene()
        let view = scene.addView("view", CGRect(x: 0, y: 0, width: 200, height: 200))
        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        scene.app.beginIgnoringInteractionEvents()
        scene.sim.touchMove(1, to: CGPoint(x: 20, y: 20))
        scene.sim.touchUp(1)
        #expect(view.methods == ["began", "moved", "ended"])
    }

    // MARK: Estimated properties

    @Test func estimatedPropertiesUpdatesReachTheTouchesViewAndClimbTheChain() throws {
        let scene = Scene()
        let parent = scene.addView("parent", CGRect(x: 0, y: 0, width: 200, height: 200))
        let view = scene.addView("view", CGRect(x: 0, y: 0, width: 100, height: 100), to: parent)

        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10), expectingUpdates: [.force, .location])
        let touch = try #require(view.touchCalls.first?.touches.first)
        #expect(touch.estimatedPropertiesExpectingUpdates == [.force, .location])
        #expect(touch.estimationUpdateIndex != nil)
        scene.sim.updateEstimatedProperties(ofFinger: 1, location: CGPoint(x: 12, y: 14), force: 0.5)
        #expect(scene.log.lines == ["view.began", "parent.began", "view.estimated", "parent.estimated"])
        #expect(view.touchCalls.last?.touches == [touch])
        #expect(touch.force == 0.5)
        #expect(touch.location(in: view) == CGPoint(x: 12, y: 14))
        #expect(touch.estimatedPropertiesExpectingUpdates.isEmpty)
    }

    @Test func estimatedPropertiesUpdateStillArrivesAfterTheTouchEnded() {
        let scene = Scene()
        let view = scene.addView("view", CGRect(x: 0, y: 0, width: 100, height: 100))
        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10), expectingUpdates: [.force])
        scene.sim.touchUp(1)
        scene.sim.updateEstimatedProperties(ofFinger: 1, force: 0.7)
        #expect(view.methods == ["began", "ended", "estimated"])
    }

    @Test func estimatedPropertiesUpdateIsNotDeliveredAfterTheViewsCancel() {
        let scene = Scene()
        let removed = scene.addView("removed", CGRect(x: 0, y: 0, width: 100, height: 100))
        let cancelled = scene.addView("cancelled", CGRect(x: 100, y: 0, width: 100, height: 100))
        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10), expectingUpdates: [.force])
        scene.sim.touchDown(2, at: CGPoint(x: 110, y: 10), expectingUpdates: [.force])
        removed.removeFromSuperview()
        scene.sim.touchCancel(2)
        scene.sim.updateEstimatedProperties(ofFinger: 1, force: 0.7)
        scene.sim.updateEstimatedProperties(ofFinger: 2, force: 0.7)
        #expect(removed.methods == ["began", "cancelled"])
        #expect(cancelled.methods == ["began", "cancelled"])
    }
}
