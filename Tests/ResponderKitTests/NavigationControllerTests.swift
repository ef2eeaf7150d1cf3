// UINavigationController: its stack, its transitions on the application's clock with the appearance
// callbacks in UIKit's order, the children in the responder chain, and touches blocked while a
// transition runs.

import Foundation
import Testing
@testable import ResponderKit

@MainActor
@Suite struct NavigationControllerTests {

    @Test func anAnimatedPushCallsTheAppearanceCallbacksInUIKitsOrderOnTheClock() {
        let n = NavigationScene()
        n.log.clear()
        let detail = AppearanceLoggingController("detail", log: n.log)
        n.nav.pushViewController(detail, animated: true)
        #expect(n.log.lines == ["detail.willMove(nav)", "detail.viewDidLoad", "delegate.willShow detail",
                                "root.viewWillDisappear", "detail.viewWillAppear"])
        n.sim.advance(by: UINavigationController.transitionDuration - 0.01)
        #expect(n.log.lines.count == 5)
        n.sim.advance(by: 0.02)
        #expect(n.log.lines.suffix(4) == ["root.viewDidDisappear", "detail.viewDidAppear", "detail.didMove(nav)",
                                          "delegate.didShow detail"])
        #expect(n.root.view.window == nil && detail.view.window === n.scene.window)
    }

    @Test func anAnimatedPopCallsTheCallbacksAndTheControllerLeavesItsParentAtTheEnd() {
        let n = NavigationScene()
        let detail = n.push("detail")
        let popped = n.nav.popViewController(animated: true)
        #expect(popped === detail)
        #expect(n.nav.viewControllers.count == 1 && n.nav.topViewController === n.root)
        // Popped from the stack at once; still the navigation controller's child until it is off screen.
        #expect(detail.navigationController === n.nav)
        #expect(n.log.lines == ["detail.willMove(nil)", "delegate.willShow root", "detail.viewWillDisappear movingFromParent",
                                "root.viewWillAppear"])
        n.sim.advance(by: 1)
        #expect(n.log.lines.suffix(4) == ["detail.viewDidDisappear", "root.viewDidAppear", "detail.didMove(nil)",
                                          "delegate.didShow root"])
        #expect(detail.navigationController == nil && detail.parent == nil)
    }

    @Test func childrenSitInTheResponderChainAsUIKitPutsThem() {
        let n = NavigationScene()
        let detail = n.push("detail")
        var chain: [String] = []
        var responder: UIResponder? = detail.view
        while let current = responder {
            chain.append(current.traceSubject.name)
            responder = current.next
        }
        #expect(chain == ["UIView", "detail", "UIViewControllerWrapperView", "UINavigationTransitionView",
                          "UILayoutContainerView", "nav", "UIWindow", "UIApplication"])
        #expect(n.nav.children.map(\.title) == ["root", "detail"])
        #expect(detail.view.frame == n.nav.view.bounds)
    }

    @Test func touchesReachNeitherControllersViewDuringAnAnimatedTransition() {
        let n = NavigationScene()
        let button = UIButton(frame: CGRect(x: 100, y: 200, width: 120, height: 44))
        var taps = 0
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        n.root.view.addSubview(button)
        n.nav.pushViewController(AppearanceLoggingController("detail", log: n.log), animated: true)
        n.nav.popViewController(animated: true)   // waits for the push to end
        n.sim.advance(by: 0.1)
        #expect(!n.root.view.isUserInteractionEnabled)
        n.sim.tap(at: CGPoint(x: 160, y: 220))
        #expect(taps == 0)
        n.sim.advance(by: 1)
        #expect(n.nav.topViewController === n.root && n.root.view.isUserInteractionEnabled)
        n.sim.tap(at: CGPoint(x: 160, y: 220))
        #expect(taps == 1)
    }

    @Test func changesMadeDuringATransitionWaitAndTheNavigationControllerMovesStraightToTheNewTop() {
        let n = NavigationScene()
        n.log.clear()
        let a = AppearanceLoggingController("a", log: n.log), b = AppearanceLoggingController("b", log: n.log)
        n.nav.pushViewController(a, animated: true)
        n.nav.pushViewController(b, animated: true)
        #expect(n.nav.viewControllers.map(\.title) == ["root", "a", "b"])
        n.sim.advance(by: 0.4)
        n.sim.advance(by: 0.4)
        #expect(b.view.window != nil && a.view.window == nil)
        #expect(n.log.lines.filter { $0.hasPrefix("delegate") } == ["delegate.willShow a", "delegate.didShow a",
                                                                   "delegate.willShow b", "delegate.didShow b"])
    }

    @Test func setViewControllersShowsANewTopWithAPushAndAnOldOneWithAPop() {
        let n = NavigationScene()
        let a = n.push("a")
        let b = AppearanceLoggingController("b", log: n.log)
        n.nav.setViewControllers([n.root, b], animated: false)
        #expect(n.log.lines.contains("a.viewWillDisappear movingFromParent"))
        #expect(n.log.lines.contains("b.didMove(nav)") && n.log.lines.contains("a.didMove(nil)"))
        n.log.clear()
        n.nav.setViewControllers([n.root, b, a], animated: false)
        n.nav.setViewControllers([n.root], animated: false)
        #expect(n.nav.children.map(\.title) == ["root"])
        #expect(a.parent == nil && b.parent == nil)
    }

    @Test func offScreenTheStackChangesWithoutAppearanceCallbacksOrDelegate() {
        let log = CallLog()
        let root = AppearanceLoggingController("root", log: log)
        let nav = UINavigationController(rootViewController: root)
        let delegate = NavigationDelegateLog(log: log)
        nav.delegate = delegate
        nav.pushViewController(AppearanceLoggingController("detail", log: log), animated: true)
        _ = nav.view
        #expect(!log.lines.contains { $0.contains("Appear") || $0.hasPrefix("delegate") })
        #expect(nav.topViewController?.title == "detail")
    }

    @Test func pushingAControllerTwiceIsAProgrammingError() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let root = UIViewController()
                let nav = UINavigationController(rootViewController: root)
                nav.pushViewController(root, animated: false)
            }
        }
    }

    @Test func theWindowsRootControllerAppearsWhenTheWindowIsShownAndDisappearsWhenHidden() {
        let app = UIApplication()
        let log = CallLog()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        let root = AppearanceLoggingController("root", log: log)
        let child = AppearanceLoggingController("child", log: log)
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        window.rootViewController = root
        #expect(!log.lines.contains { $0.contains("Appear") })
        log.clear()
        window.makeKeyAndVisible()
        #expect(log.lines == ["root.viewWillAppear", "child.viewWillAppear", "root.viewDidAppear", "child.viewDidAppear"])
        log.clear()
        window.isHidden = true
        #expect(log.lines == ["root.viewWillDisappear", "child.viewWillDisappear", "root.viewDidDisappear", "child.viewDidDisappear"])
    }
}
