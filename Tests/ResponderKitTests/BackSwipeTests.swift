// The back swipe (interactivePopGestureRecognizer, T7): the top controller's view follows the finger,
// the pop completes or is cancelled by distance and speed, the coordinator says which; it never begins
// on the root controller or during a transition unless its delegate is replaced; it competes with the
// app's own recognizers by the usual rules, and holds an edge touch back from the views.

import Foundation
import Testing
@testable import ResponderKit

@MainActor
@Suite struct BackSwipeTests {

    @Test func thePopRecognizerIsALeftEdgePanOnTheNavigationControllersViewThatDelaysTouchesBegan() {
        let n = NavigationScene()
        let pop = n.pop
        #expect(pop is UIScreenEdgePanGestureRecognizer)
        #expect((pop as? UIScreenEdgePanGestureRecognizer)?.edges == .left)
        #expect(pop.delaysTouchesBegan && pop.cancelsTouchesInView)
        #expect(pop.view === n.nav.view)
        #expect(pop.delegate != nil)
        #expect(pop.traceSubject.name == "interactivePopGestureRecognizer")
    }

    @Test func theTopViewFollowsTheFingerAndAPopPastHalfTheWidthCompletes() {
        let n = NavigationScene()
        let detail = n.push("detail")
        detail.logsCoordinator = true
        n.root.logsCoordinator = true
        n.sim.dragHolding(from: CGPoint(x: 5, y: 240), to: CGPoint(x: 197, y: 240), duration: 1, hold: 0.2, lift: false)
        // The pan's translation leaves out its 10 pt hysteresis: 192 − 10 = 182 pt.
        #expect(detail.view.frame.minX == 182)
        #expect(n.root.view.window != nil && n.nav.topViewController === n.root)
        #expect(n.log.lines.prefix(4) == ["detail.willMove(nil)", "delegate.willShow root",
                                          "detail.viewWillDisappear movingFromParent", "root.viewWillAppear"])
        n.log.clear()
        n.sim.touchUp(1)
        #expect(n.log.lines == ["detail.coordinator interaction ended, cancelled false", "root.coordinator interaction ended, cancelled false"])
        n.sim.advance(by: 1)
        #expect(n.log.lines.suffix(6) == ["detail.coordinator completion, cancelled false", "root.coordinator completion, cancelled false",
                                          "detail.viewDidDisappear", "root.viewDidAppear", "detail.didMove(nil)",
                                          "delegate.didShow root"])
        #expect(n.nav.viewControllers.count == 1 && detail.navigationController == nil)
    }

    @Test func aPopLetGoShortOfHalfTheWidthIsCancelledAndTheStackComesBack() {
        let n = NavigationScene()
        let detail = n.push("detail")
        detail.logsCoordinator = true
        n.sim.dragHolding(from: CGPoint(x: 5, y: 240), to: CGPoint(x: 105, y: 240), duration: 1, hold: 0.2)
        #expect(n.log.lines.contains("detail.coordinator interaction ended, cancelled true"))
        n.sim.advance(by: 1)
        // Cancelled, as on a device: the controller below disappears again, the top one appears again;
        // the delegate heard willShow but hears no didShow.
        #expect(n.log.lines.suffix(6) == ["detail.coordinator completion, cancelled true", "root.viewWillDisappear",
                                          "detail.viewWillAppear", "root.viewDidDisappear", "detail.viewDidAppear",
                                          "detail.didMove(nav)"])
        #expect(!n.log.lines.contains("delegate.didShow root"))
        #expect(n.nav.viewControllers.map(\.title) == ["root", "detail"])
        #expect(detail.view.frame.minX == 0 && n.root.view.window == nil)
        #expect(detail.view.isUserInteractionEnabled)
    }

    @Test func aFlickToTheRightPopsFromAShortDistanceAndAFlickBackCancels() {
        let n = NavigationScene()
        n.push("detail")
        // 80 pt in 0.1 s: 800 pt/s, more than one width (320 pt) a second.
        n.sim.dragHolding(from: CGPoint(x: 5, y: 240), to: CGPoint(x: 85, y: 240), duration: 0.1, steps: 5, hold: 0)
        n.sim.advance(by: 1)
        #expect(n.nav.viewControllers.count == 1)

        n.push("again")
        n.sim.touchDown(1, at: CGPoint(x: 5, y: 240))
        for x in stride(from: 25, through: 245, by: 20) {
            n.sim.advance(by: 0.03)
            n.sim.touchMove(1, to: CGPoint(x: CGFloat(x), y: 240))
        }
        n.sim.advance(by: 0.02)
        n.sim.touchMove(1, to: CGPoint(x: 200, y: 240))   // quickly back toward the edge: 2,250 pt/s
        n.sim.touchUp(1)
        n.sim.advance(by: 1)
        #expect(n.nav.viewControllers.map(\.title) == ["root", "again"])
    }

    @Test func theThresholdsAreThePopRecognizersOwn() {
        let n = NavigationScene()
        n.push("detail")
        n.pop.thresholds.popCompletionFraction = 0.2
        n.sim.dragHolding(from: CGPoint(x: 5, y: 240), to: CGPoint(x: 105, y: 240), duration: 1, hold: 0.2)
        n.sim.advance(by: 1)
        #expect(n.nav.viewControllers.count == 1)
    }

    @Test func theSwipeTakesNoTouchOnTheRootControllerAndTheTraceSaysWhy() {
        let n = NavigationScene()
        let recorder = n.scene.record()
        n.sim.drag(from: CGPoint(x: 5, y: 240), to: CGPoint(x: 250, y: 240), duration: 0.5)
        #expect(n.pop.state == .possible)
        let texts = recorder.records.map(\.description)
        #expect(texts.contains { $0.contains("back swipe refused: only the root controller is on the stack (T7)") })
        #expect(texts.contains { $0.contains("interactivePopGestureRecognizer  not fed touch #1000: its delegate's shouldReceive(event) answered false") })
    }

    @Test func theSwipeTakesNoTouchDuringATransition() {
        let n = NavigationScene()
        n.nav.pushViewController(AppearanceLoggingController("detail", log: n.log), animated: true)
        n.sim.dragHolding(from: CGPoint(x: 5, y: 240), to: CGPoint(x: 250, y: 240), duration: 0.3, hold: 0)
        n.sim.advance(by: 1)
        #expect(n.nav.viewControllers.count == 2)
    }

    @Test func theSwipeDoesNotBeginOnADragAlongTheEdge() {
        let n = NavigationScene()
        n.push("detail")
        n.sim.drag(from: CGPoint(x: 5, y: 100), to: CGPoint(x: 8, y: 300), duration: 0.5)
        n.sim.advance(by: 1)
        #expect(n.nav.viewControllers.count == 2)
    }

    // MARK: A replaced delegate

    final class AlwaysBegin: UIGestureRecognizerDelegate {}

    final class BeginsWhenThereIsSomethingToPop: UIGestureRecognizerDelegate {
        let nav: UINavigationController
        init(_ nav: UINavigationController) { self.nav = nav }
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { nav.viewControllers.count > 1 }
    }

    @Test func aReplacedDelegateLetsTheSwipeBeginOnTheRootAndTheNextPushFreezesUntilAnotherSwipe() {
        let n = NavigationScene()
        let delegate = AlwaysBegin()
        n.pop.delegate = delegate
        let recorder = n.scene.record()
        n.sim.drag(from: CGPoint(x: 5, y: 240), to: CGPoint(x: 250, y: 240), duration: 0.5)
        #expect(recorder.records.contains { $0.description.contains("back swipe began with only the root controller") })
        #expect(n.nav.viewControllers.count == 1)

        // The next animated push waits for a swipe to drive it: it never ends, and neither view takes touches.
        let detail = AppearanceLoggingController("detail", log: n.log)
        let button = UIButton(frame: CGRect(x: 100, y: 200, width: 120, height: 44))
        var taps = 0
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        detail.view.addSubview(button)
        n.nav.pushViewController(detail, animated: true)
        n.sim.advance(by: 5)
        #expect(detail.view.frame.minX == 320)
        #expect(!detail.view.isUserInteractionEnabled && n.nav.transitionCoordinator?.isInteractive == true)
        n.sim.tap(at: CGPoint(x: 160, y: 220))
        #expect(taps == 0)

        // Another swipe drives that push, and a swipe that would pop cancels it.
        n.sim.drag(from: CGPoint(x: 5, y: 240), to: CGPoint(x: 250, y: 240), duration: 0.5)
        n.sim.advance(by: 1)
        #expect(n.nav.viewControllers.count == 1 && n.nav.transitionCoordinator == nil)
        #expect(n.root.view.isUserInteractionEnabled && detail.parent == nil)
    }

    @Test func aReplacedDelegateThatChecksTheStackKeepsTheSwipeAndAvoidsTheFreeze() {
        let n = NavigationScene()
        let delegate = BeginsWhenThereIsSomethingToPop(n.nav)
        n.pop.delegate = delegate
        n.sim.drag(from: CGPoint(x: 5, y: 240), to: CGPoint(x: 250, y: 240), duration: 0.5)
        n.push("detail")
        n.sim.drag(from: CGPoint(x: 5, y: 240), to: CGPoint(x: 250, y: 240), duration: 0.5)
        n.sim.advance(by: 1)
        #expect(n.nav.viewControllers.count == 1 && n.nav.transitionCoordinator == nil)
    }

    // MARK: Competing recognizers

    /// A controller whose view holds a full-size scroll view with content `width` wide and twice as tall.
    final class ScrollingController: UIViewController {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        init(contentWidth: CGFloat) {
            super.init(nibName: nil, bundle: nil)
            scrollView.contentSize = CGSize(width: contentWidth, height: 960)
            title = "scrolling"
        }
        required init?(coder: NSCoder) { nil }
        override func loadView() {
            view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            view.addSubview(scrollView)
        }
    }

    @Test func aHorizontallyScrollableScrollViewTakesTheEdgeSwipe() {
        let n = NavigationScene()
        let content = ScrollingController(contentWidth: 960)
        n.nav.pushViewController(content, animated: false)
        content.scrollView.contentOffset = CGPoint(x: 320, y: 0)
        n.sim.drag(from: CGPoint(x: 5, y: 240), to: CGPoint(x: 205, y: 240), duration: 0.5)
        n.sim.advance(by: 1)
        #expect(n.nav.viewControllers.count == 2)
        #expect(content.scrollView.contentOffset.x < 320)
    }

    @Test func aScrollViewWhosePanRequiresThePopToFailGivesTheSwipeBack() {
        let n = NavigationScene()
        let content = ScrollingController(contentWidth: 960)
        n.nav.pushViewController(content, animated: false)
        content.scrollView.contentOffset = CGPoint(x: 320, y: 0)
        content.scrollView.panGestureRecognizer.require(toFail: n.pop)
        n.sim.drag(from: CGPoint(x: 5, y: 240), to: CGPoint(x: 205, y: 240), duration: 0.5)
        n.sim.advance(by: 1)
        #expect(n.nav.viewControllers.count == 1)
        #expect(content.scrollView.contentOffset.x == 320)
    }

    @Test func aVerticalListWaitsForTheEdgeSwipeWhichPopsAndScrollsWhenTheSwipeRefusesADragAlongTheEdge() {
        let n = NavigationScene()
        let content = ScrollingController(contentWidth: 320)
        n.nav.pushViewController(content, animated: false)
        n.sim.drag(from: CGPoint(x: 5, y: 300), to: CGPoint(x: 15, y: 100), duration: 0.5)
        #expect(content.scrollView.contentOffset.y > 100)
        n.sim.advance(by: 2)
        n.sim.drag(from: CGPoint(x: 5, y: 240), to: CGPoint(x: 205, y: 250), duration: 0.5)
        n.sim.advance(by: 1)
        #expect(n.nav.viewControllers.count == 1)
    }

    @Test func anAppsOwnEdgePanCompetesByTheUsualRules() {
        let n = NavigationScene()
        let detail = n.push("detail")
        // On the controller's view: deeper than the pop, it is offered the touch first and wins the tie (R5).
        let mine = UIScreenEdgePanGestureRecognizer()
        mine.edges = .left
        detail.view.addGestureRecognizer(mine)
        n.sim.drag(from: CGPoint(x: 5, y: 240), to: CGPoint(x: 205, y: 240), duration: 0.5)
        n.sim.advance(by: 1)
        #expect(n.nav.viewControllers.count == 2)
        // On the navigation controller's view, added after the pop: the pop comes first and wins.
        detail.view.removeGestureRecognizer(mine)
        n.nav.view.addGestureRecognizer(mine)
        n.sim.drag(from: CGPoint(x: 5, y: 240), to: CGPoint(x: 205, y: 240), duration: 0.5)
        n.sim.advance(by: 1)
        #expect(n.nav.viewControllers.count == 1)
    }

    @Test func aButtonAtTheEdgeGetsItsTouchDownWhenTheFingerLiftsAndNeverIfThePopBegins() {
        let n = NavigationScene()
        let detail = n.push("detail")
        let button = UIButton(frame: CGRect(x: 0, y: 200, width: 60, height: 44))
        var events: [String] = []
        button.addAction(UIAction { _ in events.append("down") }, for: .touchDown)
        button.addAction(UIAction { _ in events.append("up inside") }, for: .touchUpInside)
        detail.view.addSubview(button)

        n.sim.touchDown(1, at: CGPoint(x: 6, y: 220))
        n.sim.advance(by: 0.5)
        #expect(events.isEmpty)                      // held back while the pop may still begin (D11)
        n.sim.touchUp(1)
        #expect(events == ["down", "up inside"])     // the pop failed: the touch comes down and goes up at once

        events = []
        n.sim.drag(from: CGPoint(x: 6, y: 220), to: CGPoint(x: 200, y: 220), duration: 0.5)
        n.sim.advance(by: 1)
        #expect(events.isEmpty)                      // the pop began: the button never heard of the touch
        #expect(n.nav.viewControllers.count == 1)

        // Away from the edge the pop fails at once: the button gets its touch-down at once.
        n.push("other")
        let other = n.nav.topViewController!
        let inner = UIButton(frame: CGRect(x: 100, y: 200, width: 60, height: 44))
        inner.addAction(UIAction { _ in events.append("inner down") }, for: .touchDown)
        other.view.addSubview(inner)
        n.sim.touchDown(1, at: CGPoint(x: 120, y: 220))
        #expect(events == ["inner down"])
        n.sim.touchUp(1)
    }

    @Test func aNavigationViewKeptAfterItsControllerIsFreedTakesNoBackSwipe() {
        // An app may keep the view of a navigation controller it let go. The back swipe on that view must not
        // begin with nobody to hear it: its driver (held by the recognizer) refuses every event.
        let scene = Scene()
        var nav: UINavigationController? = UINavigationController(rootViewController: UIViewController())
        nav?.pushViewController(UIViewController(), animated: false)
        weak let weakNav = nav
        let view = nav!.view!
        let pop = nav?.interactivePopGestureRecognizer
        scene.window.addSubview(view)
        nav = nil
        #expect(weakNav == nil && pop?.view === view && pop?.delegate != nil)
        let recorder = scene.record()
        scene.sim.dragHolding(from: CGPoint(x: 5, y: 240), to: CGPoint(x: 197, y: 240), duration: 1, hold: 0.2, lift: false)
        #expect(pop?.state == .possible)
        #expect(!recorder.records.contains { if case .recognizerState(_, _, .began, _) = $0.kind { true } else { false } })
        scene.sim.touchUp(1)
    }
}
