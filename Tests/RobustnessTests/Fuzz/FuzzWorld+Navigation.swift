// Containers in generated scenes: navigation controllers pushed, popped and replaced, and presentations
// of every style, animated or not, made between the events of a gesture as well as at rest (so that a
// back swipe, a sheet's drag or a scroll can be under way when the stack or the presentation changes).

import Foundation
@testable import ResponderKit

extension FuzzWorld {

    /// The navigation controllers of the scene: windows' roots and presented controllers.
    func navigationControllers() -> [UINavigationController] {
        var result: [UINavigationController] = []
        func visit(_ controller: UIViewController?) {
            guard let controller else { return }
            if let navigation = controller as? UINavigationController { result.append(navigation) }
            visit(controller.presentedViewController)
        }
        for window in windows { visit(window.rootViewController) }
        return result
    }

    func changeNavigation() {
        let navigations = navigationControllers()
        guard let navigation = rng.maybePick(navigations), rng.chance(0.85) else { return makeNavigationController() }
        let animated = rng.chance(0.6)
        switch rng.int(0...4) {
        case 0, 1:
            let controller = makePresentable()
            describe("\(name(navigation)) pushes \(name(controller))\(animated ? ", animated" : "")")
            navigation.pushViewController(controller, animated: animated)
        case 2:
            describe("\(name(navigation)) pops\(animated ? ", animated" : "")")
            navigation.popViewController(animated: animated)
        case 3:
            describe("\(name(navigation)) pops to its root\(animated ? ", animated" : "")")
            navigation.popToRootViewController(animated: animated)
        default:
            var stack = navigation.viewControllers.filter { _ in rng.chance(0.6) }
            if stack.isEmpty || rng.chance(0.4) { stack.append(makePresentable()) }
            describe("\(name(navigation)) gets a stack of \(stack.count)\(animated ? ", animated" : "")")
            navigation.setViewControllers(stack, animated: animated)
        }
    }

    /// A navigation controller with a stack of one to three controllers, as a window's root or presented.
    private func makeNavigationController() {
        let stack = (0..<rng.int(1...3)).map { _ in makePresentable() }
        let navigation = UINavigationController()
        let name = nextName("nav")
        navigation.title = name
        tracer.register(navigation, as: name)
        navigation.setViewControllers(stack, animated: false)
        // The back swipe goes by a name of its own, so that the trace can follow each one apart.
        if let pop = navigation.interactivePopGestureRecognizer {
            pop.name = nextName("pop")
            tracer.register(pop, as: pop.name!)
        }
        if rng.chance(0.5), let window = rng.maybePick(windows) {
            describe("set \(name) with \(stack.count) controllers as root of \(self.name(window))")
            window.rootViewController = navigation
        } else if let presenter = rng.maybePick(controllers.filter { $0.viewIfLoaded?.window != nil && $0.presentedViewController == nil }) {
            describe("\(self.name(presenter)) presents \(name) with \(stack.count) controllers")
            present(navigation, from: presenter)
        }
    }
}
