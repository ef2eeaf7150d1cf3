// The navigation part of the containers' API contract (its call sites, unchanged), until the contract
// file itself can be copied in: it also needs the table and collection views.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct NavigationContractCallSites {

    // MARK: Navigation controller

    final class Screen: UIViewController {
        override func loadView() { view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480)) }
    }

    final class NavLog: UINavigationControllerDelegate {
        var calls: [String] = []
        func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
            calls.append("willShow \(viewController.title ?? "")")
        }
        func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
            calls.append("didShow \(viewController.title ?? "")")
        }
    }

    private func ids(_ controllers: [UIViewController]?) -> [ObjectIdentifier]? { controllers?.map { ObjectIdentifier($0) } }

    @MainActor final class PopWatcher {
        var states: [UIGestureRecognizer.State] = []
        func changed(_ recognizer: UIGestureRecognizer) { states.append(recognizer.state) }
    }

    @Test func navigationStackPushPopAndThePopGesture() {
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        let root = Screen()
        root.title = "root"
        let nav = UINavigationController(rootViewController: root)
        let log = NavLog()
        nav.delegate = log
        window.rootViewController = nav
        window.makeKeyAndVisible()

        #expect(ids(nav.viewControllers) == ids([root]))
        #expect(nav.topViewController === root && nav.visibleViewController === root)
        #expect(root.navigationController === nav)
        #expect(root.parent === nav)
        #expect(UIViewController().navigationController == nil)
        let pop = nav.interactivePopGestureRecognizer
        #expect(pop != nil)
        #expect(pop?.view === nav.view)                              // documented: installed on its view
        let watcher = PopWatcher()
        pop?.addTarget(watcher, action: PopWatcher.changed)

        let detail = Screen()
        detail.title = "detail"
        nav.pushViewController(detail, animated: false)
        #expect(ids(nav.viewControllers) == ids([root, detail]))
        #expect(nav.topViewController === detail)
        #expect(detail.navigationController === nav)
        #expect(detail.view.window === window)
        #expect(log.calls == ["willShow detail", "didShow detail"])

        // The pop gesture: from the left edge, dragged most of the way across and held, then lifted.
        let sim = EventSimulator(application: app)
        sim.drag(from: CGPoint(x: 4, y: 240), to: CGPoint(x: 260, y: 240), duration: 0.5, steps: 30)
        sim.advance(by: 1)
        #expect(watcher.states.first == .began)
        #expect(ids(nav.viewControllers) == ids([root]))
        #expect(nav.topViewController === root)
        #expect(detail.navigationController == nil)

        nav.pushViewController(detail, animated: true)
        sim.advance(by: 1)
        let popped = nav.popViewController(animated: false)
        #expect(popped === detail)
        #expect(nav.popViewController(animated: false) == nil)      // the root stays
        let third = Screen()
        nav.setViewControllers([root, detail, third], animated: false)
        #expect(ids(nav.popToViewController(detail, animated: false)) == ids([third]))
        #expect(ids(nav.popToRootViewController(animated: false)) == ids([detail]))
        nav.viewControllers = [root, detail]
        #expect(nav.topViewController === detail)
        _ = UINavigationController()
    }
}
