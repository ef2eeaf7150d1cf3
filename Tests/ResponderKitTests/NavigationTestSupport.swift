// Fixtures for the navigation-controller and sheet suites: controllers that log their appearance
// callbacks and moves between parents, delegates that log what they hear, and finger helpers.

import Foundation
import Testing
import ResponderKit

/// A controller whose root view is a plain view of the window's size, logging its appearance callbacks
/// and its moves into and out of parents as "name.viewWillAppear"… into a shared log.
@MainActor
final class AppearanceLoggingController: UIViewController {
    let name: String
    let log: CallLog
    /// What `viewWillAppear` and `viewWillDisappear` saw of the transition coordinator, as "name.coordinator …".
    var logsCoordinator = false

    init(_ name: String, log: CallLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
        title = name
    }
    required init?(coder: NSCoder) { nil }

    override func loadView() { view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480)) }
    override func viewDidLoad() { log.add("\(name).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) {
        log.add("\(name).viewWillAppear")
        watchCoordinator()
    }
    override func viewDidAppear(_ animated: Bool) { log.add("\(name).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) {
        log.add("\(name).viewWillDisappear" + (isMovingFromParent ? " movingFromParent" : "") + (isBeingDismissed ? " beingDismissed" : ""))
        watchCoordinator()
    }
    override func viewDidDisappear(_ animated: Bool) { log.add("\(name).viewDidDisappear") }
    override func willMove(toParent parent: UIViewController?) { log.add("\(name).willMove(\(parent?.title ?? "nil"))") }
    override func didMove(toParent parent: UIViewController?) { log.add("\(name).didMove(\(parent?.title ?? "nil"))") }

    private func watchCoordinator() {
        guard logsCoordinator, let coordinator = transitionCoordinator else { return }
        let name = self.name, log = self.log
        coordinator.notifyWhenInteractionChanges { context in
            log.add("\(name).coordinator interaction ended, cancelled \(context.isCancelled)")
        }
        coordinator.animate(alongsideTransition: nil) { context in
            log.add("\(name).coordinator completion, cancelled \(context.isCancelled)")
        }
    }
}

/// A navigation delegate that logs "delegate.willShow name" and "delegate.didShow name".
@MainActor
final class NavigationDelegateLog: UINavigationControllerDelegate {
    let log: CallLog
    init(log: CallLog) { self.log = log }
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
        log.add("delegate.willShow \(viewController.title ?? "")")
    }
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        log.add("delegate.didShow \(viewController.title ?? "")")
    }
}

/// A navigation controller in the key window of a scene, with a root controller and, optionally, a
/// pushed one, all logging into the scene's log.
@MainActor
struct NavigationScene {
    let scene: Scene
    let nav: UINavigationController
    let root: AppearanceLoggingController
    let delegate: NavigationDelegateLog
    var log: CallLog { scene.log }
    var sim: EventSimulator { scene.sim }
    var pop: UIGestureRecognizer { nav.interactivePopGestureRecognizer! }

    init() {
        scene = Scene()
        root = AppearanceLoggingController("root", log: scene.log)
        nav = UINavigationController(rootViewController: root)
        nav.title = "nav"
        delegate = NavigationDelegateLog(log: scene.log)
        nav.delegate = delegate
        scene.window.rootViewController = nav
    }

    /// Pushes a logging controller named `name` without animation, and clears the log.
    @discardableResult
    func push(_ name: String) -> AppearanceLoggingController {
        let controller = AppearanceLoggingController(name, log: log)
        nav.pushViewController(controller, animated: false)
        log.clear()
        return controller
    }
}

extension EventSimulator {
    /// Drags one finger from `start` to `end` in `steps` moves over `duration`, then holds it still for
    /// `hold` seconds before lifting (a hold past the pan's velocity lifetime lifts with no velocity).
    func dragHolding(_ finger: Int = 1, from start: CGPoint, to end: CGPoint, duration: TimeInterval, steps: Int = 20,
              hold: TimeInterval = 0.2, lift: Bool = true) {
        touchDown(finger, at: start)
        for step in 1...steps {
            advance(by: duration / Double(steps))
            let t = CGFloat(step) / CGFloat(steps)
            touchMove(finger, to: CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
        }
        if hold > 0 { advance(by: hold) }
        if lift { touchUp(finger) }
    }
}
