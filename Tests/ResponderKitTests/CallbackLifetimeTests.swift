// Code the engine calls may free the whole scene: the application, its window and the view, from inside
// every kind of callback the arbiter and view delivery make (actions, delegate questions, reset(), the
// touches and presses methods of recognizers and views, gestureRecognizerShouldBegin, canPrevent…).
// The engine must go on safely to the end of the call and then let everything go. CI runs this suite
// under the address sanitizer, which turns any use of a freed object into a failure.

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct CallbackLifetimeTests {

    /// A scene only the test holds: an application, its key window, a view filling it and a simulator.
    /// ``tearDown()`` hides the window, takes the view out and drops every reference, so that once the
    /// engine's calls return, nothing is left.
    @MainActor final class Scene {
        private(set) var app: UIApplication?
        private(set) var window: UIWindow?
        private(set) var view: UIView?
        private(set) var sim: EventSimulator?
        weak var goneApp: UIApplication?
        weak var goneWindow: UIWindow?
        weak var goneView: UIView?
        private(set) var tornDown = 0

        init(view: UIView = UIView()) {
            let app = UIApplication()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
            window.makeKeyAndVisible()
            view.frame = window.bounds
            window.addSubview(view)
            self.app = app
            self.window = window
            self.view = view
            sim = EventSimulator(application: app)
            goneApp = app
            goneWindow = window
            goneView = view
        }

        /// Frees the scene from inside a callback: the first call does it, later ones (the cancels it
        /// causes call back again) find it done.
        func tearDown() {
            tornDown += 1
            guard tornDown == 1 else { return }
            let window = self.window, view = self.view
            self.app = nil
            self.window = nil
            self.view = nil
            self.sim = nil
            window?.isHidden = true
            view?.removeFromSuperview()
        }

        /// Objects the scene's recognizers hold weakly (targets, delegates), kept for the test.
        private var kept: [AnyObject] = []

        /// Keeps `object` for the length of the test and returns it.
        func keep<T: AnyObject>(_ object: T) -> T {
            kept.append(object)
            return object
        }

        /// Whether the application, the window and the view are all gone.
        var isFreed: Bool { goneApp == nil && goneWindow == nil && goneView == nil }

        /// What is left of the scene, for a failure's message.
        var survivors: String {
            [goneApp.map { _ in "the application" }, goneWindow.map { _ in "the window" }, goneView.map { _ in "the view" }]
                .compactMap { $0 }.joined(separator: ", ")
        }

        let center = CGPoint(x: 160, y: 240)
    }

    /// A target whose action runs a closure.
    @MainActor final class Target {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
        func fire() { body() }
    }

    /// A delegate whose every answer first runs `hook` with the question's name, then gives the default.
    @MainActor final class Delegate: UIGestureRecognizerDelegate {
        let question: String
        let answer: Bool
        let hook: () -> Void
        init(on question: String, answer: Bool = true, _ hook: @escaping () -> Void) {
            self.question = question
            self.answer = answer
            self.hook = hook
        }
        private func ask(_ name: String, _ otherwise: Bool) -> Bool {
            guard name == question else { return otherwise }
            hook()
            return answer
        }
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            ask("shouldBegin", true)
        }
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
            ask("shouldReceiveTouch", true)
        }
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive press: UIPress) -> Bool {
            ask("shouldReceivePress", true)
        }
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            ask("shouldRecognizeSimultaneously", false)
        }
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            ask("shouldRequireFailure", false)
        }
    }

    /// A recognizer that recognizes on its first touch's end, and runs `hook` in the method named `method`.
    @MainActor final class HookedRecognizer: UIGestureRecognizer {
        var method = ""
        var hook: () -> Void = {}
        var preventsOthers = true

        private func call(_ name: String) { if name == method { hook() } }

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { call("touchesBegan") }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { call("touchesMoved") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            call("touchesEnded")
            if state == .possible { state = .recognized }
        }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
            call("touchesCancelled")
            if state == .possible { state = .failed }
        }
        override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent) { call("pressesBegan") }
        override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent) {
            call("pressesEnded")
            if state == .possible { state = .recognized }
        }
        override func reset() {
            super.reset()
            call("reset")
        }
        override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
            call("canPrevent")
            return preventsOthers
        }
        override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
            call("canBePrevented")
            return true
        }
        override func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            call("shouldRequireFailure")
            return false
        }
    }

    /// A view that runs `hook` in the method named `method`.
    @MainActor final class HookedView: UIView {
        var method = ""
        var hook: () -> Void = {}
        private func call(_ name: String) { if name == method { hook() } }

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { call("touchesBegan") }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { call("touchesMoved") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { call("touchesEnded") }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { call("touchesCancelled") }
        override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) { call("pressesBegan") }
        override var canBecomeFirstResponder: Bool { true }
        override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            call("gestureRecognizerShouldBegin")
            return true
        }
    }

    // Each test builds its scene in a `do` block, so that the test itself holds nothing of it but
    // ``Scene``'s references (and weak ones): only the engine can keep it alive once it is torn down.

    // MARK: Actions

    @Test func anActionThatFreesTheSceneIsSafe() {
        let scene = Scene()
        do {
            let tap = UITapGestureRecognizer(target: scene.keep(Target { scene.tearDown() }), action: Target.fire)
            scene.view?.addGestureRecognizer(tap)
        }
        scene.sim?.tap(at: scene.center)
        #expect(scene.tornDown > 0)
        #expect(scene.isFreed, "left: \(scene.survivors)")
    }

    @Test func theActionOfAChangeMadeFromOutsideADispatchMayFreeTheScene() {
        let scene = Scene()
        weak var pan: UIPanGestureRecognizer?
        do {
            let recognizer = UIPanGestureRecognizer(target: scene.keep(Target { scene.tearDown() }), action: Target.fire)
            scene.view?.addGestureRecognizer(recognizer)
            pan = recognizer
        }
        scene.sim?.touchDown(1, at: scene.center)
        // The pan is in play; its state is set from outside any dispatch, so only the recognizer is on
        // the stack when its action frees the scene.
        pan?.state = .began
        #expect(scene.tornDown > 0)
        #expect(scene.isFreed, "left: \(scene.survivors)")
    }

    @Test func theActionOfARecognizerReleasedByARemovalMayFreeTheScene() {
        // A single tap waits for a double tap; removing the double tap fails it, which releases the
        // single tap, whose action frees the scene, in the middle of the removal.
        let scene = Scene()
        weak var double: UITapGestureRecognizer?
        do {
            let single = UITapGestureRecognizer(target: scene.keep(Target { scene.tearDown() }), action: Target.fire)
            let recognizer = UITapGestureRecognizer()
            recognizer.numberOfTapsRequired = 2
            single.require(toFail: recognizer)
            scene.view?.addGestureRecognizer(single)
            scene.view?.addGestureRecognizer(recognizer)
            double = recognizer
        }
        scene.sim?.tap(at: scene.center)
        #expect(scene.tornDown == 0)
        if let double { scene.view?.removeGestureRecognizer(double) }
        #expect(scene.tornDown > 0)
        #expect(scene.isFreed, "left: \(scene.survivors)")
    }

    @Test func theCancelActionOfADisabledRecognizerMayFreeTheScene() {
        let scene = Scene()
        weak var pan: UIPanGestureRecognizer?
        do {
            let recognizer = UIPanGestureRecognizer()
            recognizer.addTarget(scene.keep(Target { if pan?.state == .cancelled { scene.tearDown() } }), action: Target.fire)
            scene.view?.addGestureRecognizer(recognizer)
            pan = recognizer
        }
        scene.sim?.touchDown(1, at: scene.center)
        scene.sim?.touchMove(1, to: CGPoint(x: 160, y: 300))
        #expect(pan?.state == .began || pan?.state == .changed)
        pan?.isEnabled = false
        #expect(scene.tornDown > 0)
        #expect(scene.isFreed, "left: \(scene.survivors)")
    }

    @Test func anActionSentByATimerMayFreeTheScene() {
        let scene = Scene()
        do {
            let press = UILongPressGestureRecognizer(target: scene.keep(Target { scene.tearDown() }), action: Target.fire)
            scene.view?.addGestureRecognizer(press)
        }
        scene.sim?.touchDown(1, at: scene.center)
        scene.sim?.advance(by: 1)
        #expect(scene.tornDown > 0)
        #expect(scene.isFreed, "left: \(scene.survivors)")
    }

    // MARK: Delegate questions

    @Test(arguments: ["shouldBegin", "shouldReceiveTouch", "shouldRecognizeSimultaneously", "shouldRequireFailure"])
    func aDelegateQuestionMayFreeTheScene(_ question: String) {
        let scene = Scene()
        do {
            let first = HookedRecognizer(), second = HookedRecognizer()
            first.delegate = scene.keep(Delegate(on: question) { scene.tearDown() })
            scene.view?.addGestureRecognizer(first)
            scene.view?.addGestureRecognizer(second)
        }
        scene.sim?.tap(at: scene.center)
        #expect(scene.tornDown > 0)
        #expect(scene.isFreed, "left: \(scene.survivors)")
    }

    @Test func aPressDelegateQuestionMayFreeTheScene() {
        let scene = Scene(view: HookedView())
        do {
            scene.view?.becomeFirstResponder()
            let recognizer = HookedRecognizer()
            recognizer.delegate = scene.keep(Delegate(on: "shouldReceivePress") { scene.tearDown() })
            scene.view?.addGestureRecognizer(recognizer)
        }
        scene.sim?.pressDown(.select)
        #expect(scene.tornDown > 0)
        scene.sim?.pressUp(.select)
        #expect(scene.isFreed, "left: \(scene.survivors)")
    }

    // MARK: Recognizers' own methods

    @Test(arguments: ["touchesBegan", "touchesMoved", "touchesEnded", "reset", "canPrevent", "canBePrevented",
                      "shouldRequireFailure"])
    func aRecognizersMethodMayFreeTheScene(_ method: String) {
        let scene = Scene()
        do {
            for _ in 0..<2 {
                let recognizer = HookedRecognizer()
                recognizer.method = method
                recognizer.hook = { scene.tearDown() }
                scene.view?.addGestureRecognizer(recognizer)
            }
        }
        scene.sim?.touchDown(1, at: scene.center)
        scene.sim?.touchMove(1, to: CGPoint(x: 170, y: 250))
        scene.sim?.touchUp(1)
        #expect(scene.tornDown > 0)
        #expect(scene.isFreed, "left: \(scene.survivors)")
    }

    @Test func aRecognizersTouchesCancelledMayFreeTheScene() {
        let scene = Scene()
        do {
            let recognizer = HookedRecognizer()
            recognizer.method = "touchesCancelled"
            recognizer.hook = { scene.tearDown() }
            scene.view?.addGestureRecognizer(recognizer)
        }
        scene.sim?.touchDown(1, at: scene.center)
        scene.sim?.touchCancel(1)
        #expect(scene.tornDown > 0)
        #expect(scene.isFreed, "left: \(scene.survivors)")
    }

    @Test(arguments: ["pressesBegan", "pressesEnded", "reset"])
    func aRecognizersPressMethodMayFreeTheScene(_ method: String) {
        let scene = Scene(view: HookedView())
        do {
            scene.view?.becomeFirstResponder()
            let recognizer = HookedRecognizer()
            recognizer.method = method
            recognizer.hook = { scene.tearDown() }
            scene.view?.addGestureRecognizer(recognizer)
        }
        scene.sim?.pressDown(.select)
        scene.sim?.pressUp(.select)
        #expect(scene.tornDown > 0)
        #expect(scene.isFreed, "left: \(scene.survivors)")
    }

    // MARK: Views

    /// A scene whose view runs `method`'s hook, with a pan on the view.
    private func hookedScene(_ method: String) -> Scene {
        let view = HookedView()
        view.method = method
        let scene = Scene(view: view)
        view.hook = { [unowned scene] in scene.tearDown() }
        view.addGestureRecognizer(UIPanGestureRecognizer())
        return scene
    }

    @Test(arguments: ["touchesBegan", "touchesMoved", "touchesEnded", "gestureRecognizerShouldBegin"])
    func aViewsMethodMayFreeTheScene(_ method: String) {
        let scene = hookedScene(method)
        scene.sim?.touchDown(1, at: scene.center)
        scene.sim?.touchMove(1, to: CGPoint(x: 160, y: 243))
        if method == "touchesEnded" {
            scene.sim?.touchUp(1)
        } else {
            scene.sim?.touchMove(1, to: CGPoint(x: 160, y: 300))
            scene.sim?.touchUp(1)
        }
        #expect(scene.tornDown > 0)
        #expect(scene.isFreed, "left: \(scene.survivors)")
    }

    @Test func aViewsTouchesCancelledSentByARecognizerMayFreeTheScene() {
        // R8: the pan begins and cancels the view's touch, whose touchesCancelled frees the scene.
        let scene = hookedScene("touchesCancelled")
        scene.sim?.touchDown(1, at: scene.center)
        scene.sim?.touchMove(1, to: CGPoint(x: 160, y: 300))
        #expect(scene.tornDown > 0)
        scene.sim?.touchUp(1)
        #expect(scene.isFreed, "left: \(scene.survivors)")
    }

    @Test func aHeldBackTouchReleasedToItsViewMayFreeTheScene() {
        // R13: a tap delays the touch's began; the tap fails on the move, which releases the began to
        // the view, whose touchesBegan frees the scene in the middle of the release.
        let scene = hookedScene("touchesBegan")
        do {
            let tap = UITapGestureRecognizer()
            tap.delaysTouchesBegan = true
            scene.view?.gestureRecognizers = [tap]
        }
        scene.sim?.touchDown(1, at: scene.center)
        #expect(scene.tornDown == 0)
        scene.sim?.touchMove(1, to: CGPoint(x: 160, y: 300))
        #expect(scene.tornDown > 0)
        scene.sim?.touchUp(1)
        #expect(scene.isFreed, "left: \(scene.survivors)")
    }

    @Test func aResponderPressMethodMayFreeTheScene() {
        let scene = hookedScene("pressesBegan")
        scene.view?.becomeFirstResponder()
        scene.sim?.pressDown(.select)
        #expect(scene.tornDown > 0)
        scene.sim?.pressUp(.select)
        #expect(scene.isFreed, "left: \(scene.survivors)")
    }
}
