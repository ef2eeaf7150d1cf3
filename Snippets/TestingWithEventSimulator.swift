import ResponderKit

// snippet.hide
/// Keeps the states its long press went through.
@MainActor final class Controller: UIViewController {
    var states: [UIGestureRecognizer.State] = []
    func pressed(_ press: UILongPressGestureRecognizer) { states.append(press.state) }
}

let app = UIApplication()
let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844), application: app)
window.accessibilityIdentifier = "window"
let controller = Controller()
window.rootViewController = controller
window.makeKeyAndVisible()
let view: UIView = controller.view
view.accessibilityIdentifier = "photo"
// snippet.show

// snippet.fingers
let sim = EventSimulator(application: app)
sim.touchDown(1, at: CGPoint(x: 10, y: 10))
sim.advance(by: 0.1)
sim.touchMove(1, to: CGPoint(x: 40, y: 10))
sim.touchUp(1)
// snippet.end

// snippet.long-press
let press = UILongPressGestureRecognizer(target: controller, action: Controller.pressed)
view.addGestureRecognizer(press)
sim.touchDown(1, at: CGPoint(x: 50, y: 50))
sim.advance(by: 0.3)      // not yet: the minimum press duration is 0.5 s
sim.advance(by: 0.3)      // began at 0.5 s, on the way
sim.touchUp(1)            // ended
// snippet.end
// snippet.hide
precondition(controller.states == [.began, .ended], "the long press began on the way and ended at the lift")
// snippet.show

// snippet.wait
sim.touchDown(1, at: CGPoint(x: 50, y: 50))
let waited = try sim.advance(until: { press.state == .began }, timeout: 2)
print(waited)             // 0.5: the press began as soon as its minimum duration had passed
sim.touchUp(1)
// snippet.end
// snippet.hide
precondition(abs(waited - 0.5) < 1e-9)
// snippet.show

// snippet.on-views
let buy = UIButton(frame: CGRect(x: 40, y: 100, width: 120, height: 44))
buy.accessibilityIdentifier = "buy"
view.addSubview(buy)

try sim.tap(on: "buy")                           // the centre of the view with that identifier
try sim.tap(on: buy)                             // or of the view itself
try sim.doubleTap(on: "photo")
try sim.longPress(on: "photo", duration: 0.8)
try sim.drag(on: "photo", by: CGPoint(x: 120, y: 0), duration: 0.3)
// snippet.end
// snippet.hide
precondition(controller.states.suffix(2) == [.began, .ended], "the long press on the view")
// snippet.show

// snippet.not-hittable
let banner = UIView(frame: CGRect(x: 0, y: 90, width: 390, height: 80))
banner.accessibilityIdentifier = "banner"
view.addSubview(banner)                          // in front of the button
do {
    try sim.tap(on: "buy")
} catch {
    print(error)
}
// snippet.end
