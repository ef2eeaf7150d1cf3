import Foundation
import ResponderKit

/// The built-in tour: small scenes built in code, each played on virtual time with its trace printed.
@MainActor
enum Demo {
    static func run() -> String {
        [responderChain(), doubleTapOverSingleTap(), panOverSwipe(), buttonInsideTappableView()]
            .joined(separator: "\n\n")
    }

    /// A view that handles touches itself and stops them.
    final class Stopper: UIView {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
    }

    /// A view that can become first responder and handles shakes.
    final class ShakeView: UIView {
        override var canBecomeFirstResponder: Bool { true }
        override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {}
    }

    @MainActor final class Handler {
        func tapped(_ recognizer: UITapGestureRecognizer) {}
        func panned(_ recognizer: UIPanGestureRecognizer) {}
        func swiped(_ recognizer: UISwipeGestureRecognizer) {}
        func buttonTapped(_ sender: UIButton) {}
    }

    static func scene(_ title: String) -> (UIApplication, UIWindow, EventSimulator, TraceRecorder) {
        let app = UIApplication()
        let recorder = TraceRecorder()
        app.tracer = recorder
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
        window.accessibilityIdentifier = "window"
        window.makeKeyAndVisible()
        return (app, window, EventSimulator(application: app), recorder)
    }

    static func add<V: UIView>(_ view: V, _ name: String, in parent: UIView) -> V {
        view.accessibilityIdentifier = name
        parent.addSubview(view)
        return view
    }

    static func section(_ title: String, _ recorder: TraceRecorder) -> String {
        "== \(title) ==\n" + recorder.render()
    }

    /// A tap on a view that forwards (the default) climbs the whole chain; a tap on one that does not
    /// stops there; a drag stays bound to the view it began in; a shake goes to the first responder.
    static func responderChain() -> String {
        let (_, window, sim, recorder) = scene("responder chain")
        let controller = UIViewController()
        controller.title = "controller"
        window.rootViewController = controller
        controller.view.accessibilityIdentifier = "root"
        let card = add(UIView(frame: CGRect(x: 20, y: 40, width: 280, height: 200)), "card", in: controller.view)
        _ = add(UIView(frame: CGRect(x: 10, y: 10, width: 120, height: 80)), "forwarder", in: card)
        _ = add(Stopper(frame: CGRect(x: 150, y: 10, width: 120, height: 80)), "stopper", in: card)
        let shaker = add(ShakeView(frame: CGRect(x: 20, y: 300, width: 280, height: 100)), "shaker", in: controller.view)
        _ = shaker.becomeFirstResponder()
        recorder.removeAll()
        sim.tap(at: CGPoint(x: 50, y: 70))
        sim.advance(by: 1)
        sim.tap(at: CGPoint(x: 200, y: 70))
        sim.advance(by: 1)
        sim.drag(from: CGPoint(x: 50, y: 70), to: CGPoint(x: 250, y: 400), duration: 0.2, steps: 2)
        sim.shake()
        return section("The responder chain: a forwarding view, a stopping view, a drag, a shake", recorder)
    }

    /// A single tap that requires a double tap to fail fires only once the double tap gives up.
    static func doubleTapOverSingleTap() -> String {
        let (_, window, sim, recorder) = scene("double over single")
        let handler = Handler()
        let photo = add(UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 320)), "photo", in: window)
        let single = UITapGestureRecognizer(target: handler, action: Handler.tapped)
        single.name = "singleTap"
        let double = UITapGestureRecognizer(target: handler, action: Handler.tapped)
        double.name = "doubleTap"
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        photo.addGestureRecognizer(single)
        photo.addGestureRecognizer(double)
        sim.tap(at: CGPoint(x: 100, y: 100))
        sim.advance(by: 1)
        sim.tap(at: CGPoint(x: 100, y: 100))
        sim.advance(by: 0.1)
        sim.tap(at: CGPoint(x: 102, y: 101))
        sim.advance(by: 1)
        return section("A single tap that waits for a double tap to fail", recorder)
    }

    /// Pan and swipe on one view: the pan begins first and the swipe never wins.
    static func panOverSwipe() -> String {
        let (_, window, sim, recorder) = scene("pan over swipe")
        let handler = Handler()
        let list = add(UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480)), "list", in: window)
        let pan = UIPanGestureRecognizer(target: handler, action: Handler.panned)
        pan.name = "pan"
        let swipe = UISwipeGestureRecognizer(target: handler, action: Handler.swiped)
        swipe.name = "swipe"
        list.addGestureRecognizer(pan)
        list.addGestureRecognizer(swipe)
        sim.drag(from: CGPoint(x: 40, y: 200), to: CGPoint(x: 240, y: 200), duration: 0.15, steps: 3)
        return section("Pan and swipe on one view: the swipe never wins", recorder)
    }

    /// A button inside a view with a one-finger tap: the button wins (R10); a tap beside it goes to the view.
    static func buttonInsideTappableView() -> String {
        let (_, window, sim, recorder) = scene("button in tappable view")
        let handler = Handler()
        let panel = add(UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 200)), "panel", in: window)
        let tap = UITapGestureRecognizer(target: handler, action: Handler.tapped)
        tap.name = "panelTap"
        panel.addGestureRecognizer(tap)
        let button = add(UIButton(frame: CGRect(x: 20, y: 20, width: 100, height: 44)), "buy", in: panel)
        button.addTarget(handler, action: Handler.buttonTapped, for: .touchUpInside)
        sim.tap(at: CGPoint(x: 60, y: 40))
        sim.advance(by: 1)
        sim.tap(at: CGPoint(x: 250, y: 150))
        return section("A button inside a view with its own tap recognizer", recorder)
    }
}
