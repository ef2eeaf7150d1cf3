// Hit-testing: spec section A, R1, R3, R4, R24 (conversions on the way down).

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct HitTestingTests {

    // MARK: The algorithm (A1, A4)

    @Test func hitTestReturnsTheDeepestViewContainingThePoint() {
        let scene = Scene()
        let container = scene.addView("container", CGRect(x: 20, y: 20, width: 200, height: 200))
        let child = scene.addView("child", CGRect(x: 10, y: 10, width: 50, height: 50), to: container)

        #expect(scene.window.hitTest(CGPoint(x: 35, y: 35), with: nil) === child)
        #expect(scene.window.hitTest(CGPoint(x: 150, y: 150), with: nil) === container)
        #expect(scene.window.hitTest(CGPoint(x: 300, y: 400), with: nil) === scene.window)
        #expect(scene.window.hitTest(CGPoint(x: 330, y: 10), with: nil) == nil)
    }

    @Test func pointInsideExcludesTheMaxEdges() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.point(inside: CGPoint(x: 0, y: 0), with: nil))
        #expect(view.point(inside: CGPoint(x: 99.9, y: 49.9), with: nil))
        #expect(!view.point(inside: CGPoint(x: 100, y: 10), with: nil))
        #expect(!view.point(inside: CGPoint(x: 10, y: 50), with: nil))
        #expect(!view.point(inside: CGPoint(x: -0.1, y: 10), with: nil))
    }

    enum SkipCause: String, CaseIterable, Sendable { case hidden, interactionDisabled, transparent }

    @Test(arguments: SkipCause.allCases)
    func skippedViewIsNotAskedPointInsideAndItsSubviewsAreNotVisited(_ cause: SkipCause) {
        let scene = Scene()
        let back = scene.addView("back", CGRect(x: 0, y: 0, width: 200, height: 200))
        let front = scene.addView("front", CGRect(x: 0, y: 0, width: 200, height: 200))
        let inner = scene.addView("inner", CGRect(x: 0, y: 0, width: 100, height: 100), to: front)
        switch cause {
        case .hidden: front.isHidden = true
        case .interactionDisabled: front.isUserInteractionEnabled = false
        case .transparent: front.alpha = 0
        }
        let recorder = scene.record()
        scene.sim.touchDown(1, at: CGPoint(x: 50, y: 50))

        #expect(back.methods == ["began"])
        #expect(front.pointInsideCalls == 0)
        #expect(inner.hitTestCalls.isEmpty)
        #expect(inner.methods.isEmpty && front.methods.isEmpty)
        let expected: TraceRecord.HitTestSkip = switch cause {
        case .hidden: .hidden
        case .interactionDisabled: .interactionDisabled
        case .transparent: .transparent
        }
        #expect(recorder.records.contains { $0.kind.matches(.hitTestSkipped(view: "front", point: CGPoint(x: 50, y: 50), reason: expected)) })
    }

    @Test(arguments: [(0.009, false), (0.01, false), (0.011, true), (1.0, true)])
    func viewsAtOrBelowOneHundredthAlphaAreSkipped(alpha: Double, hittable: Bool) {
        let scene = Scene()
        let view = scene.addView("view", CGRect(x: 0, y: 0, width: 100, height: 100))
        view.alpha = CGFloat(alpha)
        let hit = scene.window.hitTest(CGPoint(x: 10, y: 10), with: nil)
        #expect((hit === view) == hittable)
        #expect((hit === scene.window) == !hittable)
    }

    @Test func alphaIsJudgedPerViewAndNotMultipliedDownTheTree() {
        let scene = Scene()
        let parent = scene.addView("parent", CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = scene.addView("child", CGRect(x: 0, y: 0, width: 50, height: 50), to: parent)
        parent.alpha = 0.02
        child.alpha = 0.02 // 0.02 × 0.02 would be far below the threshold
        #expect(scene.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === child)
    }

    @Test func skippedAncestorRemovesTheWholeSubtreeEvenIfDescendantsAreInteractive() {
        let scene = Scene()
        let ancestor = scene.addView("ancestor", CGRect(x: 0, y: 0, width: 200, height: 200))
        let middle = scene.addView("middle", CGRect(x: 0, y: 0, width: 200, height: 200), to: ancestor)
        let leaf = scene.addView("leaf", CGRect(x: 0, y: 0, width: 50, height: 50), to: middle)
        ancestor.isUserInteractionEnabled = false
        leaf.isUserInteractionEnabled = true
        #expect(scene.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === scene.window)
        #expect(middle.hitTestCalls.isEmpty && leaf.hitTestCalls.isEmpty)
    }

    @Test(arguments: [false, true])
    func pointOutsideSuperviewNeverHitsAnUnclippedSubview(clipsToBounds: Bool) {
        let scene = Scene()
        let parent = scene.addView("parent", CGRect(x: 0, y: 0, width: 100, height: 100))
        parent.clipsToBounds = clipsToBounds
        let overhang = scene.addView("overhang", CGRect(x: 50, y: 50, width: 100, height: 100), to: parent)

        #expect(scene.window.hitTest(CGPoint(x: 120, y: 120), with: nil) === scene.window)
        #expect(overhang.hitTestCalls.isEmpty)
        #expect(scene.window.hitTest(CGPoint(x: 60, y: 60), with: nil) === overhang)
    }

    // MARK: Siblings

    @Test func frontmostOverlappingSiblingWinsAndTheOnesBehindAreNotAsked() {
        let scene = Scene()
        let back = scene.addView("back", CGRect(x: 0, y: 0, width: 100, height: 100))
        let front = scene.addView("front", CGRect(x: 50, y: 50, width: 100, height: 100))

        #expect(scene.window.hitTest(CGPoint(x: 75, y: 75), with: nil) === front)
        #expect(back.hitTestCalls.isEmpty)
        #expect(scene.window.hitTest(CGPoint(x: 25, y: 25), with: nil) === back)

        scene.window.bringSubviewToFront(back)
        #expect(scene.window.hitTest(CGPoint(x: 75, y: 75), with: nil) === back)
        scene.window.insertSubview(front, aboveSubview: back)
        #expect(scene.window.hitTest(CGPoint(x: 75, y: 75), with: nil) === front)
    }

    @Test func siblingThatSkipsItselfLetsTheTouchThroughToTheOneBehind() {
        let scene = Scene()
        let back = scene.addView("back", CGRect(x: 0, y: 0, width: 100, height: 100))
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let image = UIImageView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scene.window.addSubview(label)
        scene.window.addSubview(image)
        // Labels and image views take no touches by default.
        #expect(scene.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
        image.isUserInteractionEnabled = true
        #expect(scene.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === image)
    }

    // MARK: Coordinates on the way down (A7, R24)

    @Test func superviewBoundsOriginShiftsThePointHandedToTheSubview() throws {
        // A7's example: parent bounds origin (0, 50), child frame (0, 50, 100, 100).
        let scene = Scene()
        let parent = scene.addView("parent", CGRect(x: 0, y: 0, width: 300, height: 300))
        parent.bounds.origin = CGPoint(x: 0, y: 50)
        let child = scene.addView("child", CGRect(x: 0, y: 50, width: 100, height: 100), to: parent)

        scene.sim.touchDown(1, at: CGPoint(x: 20, y: 10))
        #expect(child.hitTestCalls == [CGPoint(x: 20, y: 10)])
        let touch = try #require(child.touchCalls.first?.touches.first)
        #expect(touch.view === child)
        #expect(touch.location(in: child) == CGPoint(x: 20, y: 10))
        #expect(touch.location(in: parent) == CGPoint(x: 20, y: 60))
        // Above the scrolled content the child is not under the finger.
        #expect(scene.window.hitTest(CGPoint(x: 20, y: 160), with: nil) === parent)
    }

    @Test func scaledSubviewIsHitWhereItAppearsWithThePointInItsOwnCoordinates() {
        let scene = Scene()
        let view = scene.addView("view", CGRect(x: 100, y: 100, width: 50, height: 50)) // center (125, 125)
        view.transform = CGAffineTransform(scaleX: 2, y: 2)                                // covers 75…175

        #expect(scene.window.hitTest(CGPoint(x: 80, y: 80), with: nil) === view)
        #expect(view.hitTestCalls.last.map { isClose($0, CGPoint(x: 2.5, y: 2.5)) } == true)
        #expect(scene.window.hitTest(CGPoint(x: 180, y: 125), with: nil) === scene.window)
    }

    @Test func rotatedSubviewIsHitOnlyInsideItsRotatedShape() {
        let scene = Scene()
        let bar = scene.addView("bar", CGRect(x: 50, y: 140, width: 200, height: 20)) // center (150, 150)
        bar.transform = CGAffineTransform(rotationAngle: .pi / 2)                      // now vertical

        #expect(scene.window.hitTest(CGPoint(x: 150, y: 70), with: nil) === bar)
        #expect(scene.window.hitTest(CGPoint(x: 70, y: 150), with: nil) === scene.window)
        // Rotating by a quarter turn clockwise maps the window's "up" onto the bar's "left".
        #expect(view(bar, gotPointNear: CGPoint(x: 20, y: 10)))
    }

    private func view(_ view: LoggingView, gotPointNear point: CGPoint) -> Bool {
        view.hitTestCalls.contains { isClose($0, point, tolerance: 1e-6) }
    }

    @Test func windowFrameOriginIsRemovedFromScreenPoints() throws {
        let scene = Scene { app, log in
            LoggingWindow("w", frame: CGRect(x: 100, y: 200, width: 100, height: 100), application: app, log: log)
        }
        let view = scene.addView("view", CGRect(x: 10, y: 10, width: 20, height: 20))
        scene.sim.touchDown(1, at: CGPoint(x: 115, y: 215))
        let touch = try #require(view.touchCalls.first?.touches.first)
        #expect(view.hitTestCalls == [CGPoint(x: 5, y: 5)])
        #expect(touch.location(in: nil) == CGPoint(x: 15, y: 15))
        #expect(touch.location(in: view) == CGPoint(x: 5, y: 5))
    }

    @Test func detachedViewTreeHitTestsThroughBoundsOriginsWithoutAWindow() {
        let top = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let scroller = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        scroller.bounds.origin = CGPoint(x: 10, y: 0)
        let leaf = UIView(frame: CGRect(x: 20, y: 20, width: 20, height: 20))
        top.addSubview(scroller)
        scroller.addSubview(leaf)
        #expect(top.hitTest(CGPoint(x: 15, y: 25), with: nil) === leaf)   // 25 in the scrolled content
        #expect(top.hitTest(CGPoint(x: 35, y: 25), with: nil) === scroller) // 45: past the leaf
    }

    // MARK: Overrides

    @Test func pointInsideOverrideEnlargesTheTouchArea() {
        final class Roomy: UIView {
            override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
                bounds.inset(by: UIEdgeInsets(top: -20, left: -20, bottom: -20, right: -20)).contains(point)
            }
        }
        let scene = Scene()
        let small = Roomy(frame: CGRect(x: 100, y: 100, width: 10, height: 10))
        scene.window.addSubview(small)
        #expect(scene.window.hitTest(CGPoint(x: 85, y: 85), with: nil) === small)
        #expect(scene.window.hitTest(CGPoint(x: 129, y: 105), with: nil) === small)
        #expect(scene.window.hitTest(CGPoint(x: 131, y: 105), with: nil) === scene.window)
    }

    @Test func hitTestOverrideInterceptsTouchesMeantForSubviews() {
        final class Interceptor: LoggingView {
            override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
                super.hitTest(point, with: event) == nil ? nil : self
            }
        }
        let scene = Scene()
        let interceptor = Interceptor("interceptor", frame: CGRect(x: 0, y: 0, width: 200, height: 200), log: scene.log)
        scene.window.addSubview(interceptor)
        let button = scene.addView("button", CGRect(x: 10, y: 10, width: 50, height: 50), to: interceptor)

        scene.sim.tap(at: CGPoint(x: 20, y: 20))
        #expect(interceptor.methods == ["began", "ended"])
        #expect(button.methods.isEmpty)
        #expect(button.hitTestCalls.count == 1) // asked, then overruled
    }

    // MARK: Several windows (R3, A9)

    private func twoWindows(_ frontLevel: UIWindow.Level = .normal) -> (Scene, LoggingWindow, LoggingWindow) {
        let scene = Scene { app, log in LoggingWindow("first", application: app, log: log) }
        let second = LoggingWindow("second", application: scene.app, log: scene.log)
        second.windowLevel = frontLevel
        second.isHidden = false
        return (scene, scene.window as! LoggingWindow, second)
    }

    @Test func higherLevelWindowTakesTouchesBeforeOneShownLater() {
        let (scene, first, alert) = twoWindows(.alert)
        first.isHidden = true
        first.isHidden = false // shown after the alert window
        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        #expect(scene.log.lines == ["second.began"])
        #expect(first.hitTestCount == 0)
        #expect(alert.hitTestCount == 1)
    }

    @Test func withinOneLevelTheWindowShownLastTakesTouchesFirst() {
        let (scene, first, second) = twoWindows()
        scene.sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(scene.log.lines == ["second.began", "second.ended"])

        scene.log.clear()
        first.isHidden = true
        first.isHidden = false
        scene.sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(scene.log.lines == ["first.began", "first.ended"])
        #expect(second.hitTestCount == 1)
        #expect(scene.app.windows.map { ($0 as! LoggingWindow).name } == ["second", "first"])
    }

    @Test func windowReturningNilPassesTheTouchToTheWindowBelowWhichBecomesTouchWindow() throws {
        let (scene, first, overlay) = twoWindows(.alert)
        overlay.passesThroughEmptyArea = true
        let banner = scene.addView("banner", CGRect(x: 0, y: 0, width: 320, height: 40), to: overlay)
        let content = scene.addView("content", CGRect(x: 0, y: 0, width: 320, height: 480), to: first)

        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 100))
        let touch = try #require(content.touchCalls.first?.touches.first)
        #expect(touch.window === first)
        #expect(overlay.hitTestCount == 1 && first.hitTestCount == 1)
        scene.sim.touchUp(1)

        scene.sim.touchDown(2, at: CGPoint(x: 10, y: 10))
        #expect(banner.touchCalls.first?.touches.first?.window === overlay)
        #expect(first.hitTestCount == 1) // the overlay answered: the window below was not asked
    }

    @Test func hiddenWindowsTakeNoTouches() {
        let (scene, first, second) = twoWindows(.alert)
        second.isHidden = true
        scene.sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(scene.log.lines == ["first.began", "first.ended"])
        #expect(second.hitTestCount == 0)

        first.isHidden = true
        let recorder = scene.record()
        scene.log.clear()
        scene.sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(scene.log.lines.isEmpty)
        #expect(recorder.dropReasons == [.noWindowHit])
    }

    // MARK: When hit-testing runs (R4, A10)

    @Test func hitTestRunsOncePerNewTouchAndNeverForMovedStationaryOrEndedPhases() {
        let scene = Scene { app, log in LoggingWindow("w", application: app, log: log) }
        let window = scene.window as! LoggingWindow
        let view = scene.addView("view", CGRect(x: 0, y: 0, width: 100, height: 100))
        view.isMultipleTouchEnabled = true

        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        #expect(window.hitTestCount == 1 && view.hitTestCalls.count == 1)
        scene.sim.touchMove(1, to: CGPoint(x: 20, y: 20))
        scene.sim.touchDown(2, at: CGPoint(x: 50, y: 50)) // finger 1 is stationary in this event
        scene.sim.touchMove(2, to: CGPoint(x: 200, y: 300))
        scene.sim.touchUp(1)
        scene.sim.touchCancel(2)
        #expect(window.hitTestCount == 2)
        #expect(view.hitTestCalls.count == 2)
    }

    @Test func traceRecordsEachWindowsHitTestResult() {
        let (scene, _, overlay) = twoWindows(.alert)
        overlay.passesThroughEmptyArea = true
        let recorder = scene.record()
        scene.sim.touchDown(1, at: CGPoint(x: 10, y: 10))
        let results = recorder.records.compactMap { record -> String? in
            if case .hitTestResult(let window, let view) = record.kind { return "\(window.name) → \(view?.name ?? "nil")" }
            return nil
        }
        #expect(results == ["second → nil", "first → first"])
    }
}
