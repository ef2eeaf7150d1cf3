import ResponderKit

// snippet.hide
@MainActor final class Screen: UIViewController {
    var appeared = false
    override func viewDidAppear(_ animated: Bool) { appeared = true }
}

let app = UIApplication()
let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844), application: app)
let simulator = EventSimulator(application: app)
let inbox = Screen()
let message = Screen()
// snippet.show

// snippet.push
let nav = UINavigationController(rootViewController: inbox)
window.rootViewController = nav
window.makeKeyAndVisible()
nav.pushViewController(message, animated: true)
simulator.advance(by: UINavigationController.transitionDuration)
// message.viewDidAppear(_:) has run; inbox's view has left the window.
// snippet.end
// snippet.hide
precondition(message.appeared && inbox.view.window == nil, "the push ended on the clock")
let photoStrip = UIScrollView(frame: message.view.bounds)
photoStrip.contentSize = CGSize(width: 3 * 390, height: 844)
message.view.addSubview(photoStrip)
// snippet.show

// snippet.strip
photoStrip.panGestureRecognizer.require(toFail: nav.interactivePopGestureRecognizer!)
// snippet.end
// snippet.hide
simulator.drag(from: CGPoint(x: 5, y: 400), to: CGPoint(x: 305, y: 400), duration: 0.5)
simulator.advance(by: 1)
precondition(nav.viewControllers.count == 1, "the back swipe popped over the strip that waits for it")

@MainActor final class Detail: UIViewController {
    // snippet.show
    // snippet.coordinator
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        transitionCoordinator?.animate(alongsideTransition: nil) { context in
            if context.isCancelled { /* the back swipe was let go early */ }
        }
    }
    // snippet.end
    // snippet.hide
}
let detail = Detail()
nav.pushViewController(detail, animated: false)
// snippet.show
