// The re-entrant handlers: code that runs inside the engine's calls (touchesBegan, actions,
// motionBegan) and changes the world under its feet.

import Foundation
@testable import ResponderKit

extension FuzzWorld {

    private func fire(_ option: Reentrancy) -> Bool {
        guard enabled(option), rng.chance(config.hookProbability) else { return false }
        hooksFired[option, default: 0] += 1
        return true
    }

    private func inHandler(_ body: () -> Void) {
        handlerDepth += 1
        body()
        handlerDepth -= 1
    }

    // MARK: ProbeHost

    func touchesBegan(on view: UIView, _ touches: Set<UITouch>) {
        guard touches.contains(where: { $0.view === view }) else { return }
        inHandler {
            if fire(.removeViewInTouchesBegan) {
                // The view under the touch, or one of its ancestors below the window.
                var victim: UIView = view
                while rng.chance(0.3), let parent = victim.superview, !(parent is UIWindow) { victim = parent }
                if !(victim is UIWindow) { victim.removeFromSuperview() }
            }
            if fire(.postInputFromHandler) { postInput() }
        }
    }

    func touchesMoved(on view: UIView, _ touches: Set<UITouch>) {
        guard touches.contains(where: { $0.view === view }) else { return }
        inHandler {
            if rng.chance(0.2), fire(.hideWindowMidGesture) { view.window?.isHidden = true }
        }
    }

    func motionBegan(at responder: UIResponder) {
        inHandler {
            if fire(.changeFirstResponderInMotionBegan) {
                if rng.chance(0.7), let other = rng.maybePick(responders()) {
                    _ = other.becomeFirstResponder()
                } else if let first = app.keyWindow?.storedFirstResponder {
                    _ = first.resignFirstResponder()
                }
            }
            if fire(.postInputFromHandler) { postInput() }
        }
    }

    // MARK: Actions

    func recognizerFired(_ recognizer: UIGestureRecognizer) {
        let state = recognizer.state
        if state == .possible || state == .failed {
            ledger.fail("'\(name(recognizer))' sent its action while \(state) (D5)")
        }
        if state == .ended || state == .began { recognizedCount += 1 }
        inHandler {
            if fire(.removeRecognizerViewInAction), let view = recognizer.view {
                if let window = view as? UIWindow { window.isHidden = true } else { view.removeFromSuperview() }
            }
            if fire(.addRemoveRecognizersInAction) {
                if let view = rng.maybePick(attachedViews()) { view.addGestureRecognizer(makeRecognizer()) }
                if let victim = rng.maybePick(recognizers.filter { $0.view != nil }) { victim.view?.removeGestureRecognizer(victim) }
            }
            if fire(.disableRecognizerInAction) { recognizer.isEnabled = false }
            if (state == .began || state == .changed), fire(.hideWindowMidGesture) { recognizer.view?.window?.isHidden = true }
            if fire(.postInputFromHandler) { postInput() }
        }
    }

    func buttonFired(_ control: UIControl) {
        inHandler {
            if fire(.presentDismissFromButtonAction) { presentOrDismiss() }
            if fire(.postInputFromHandler) { postInput() }
        }
    }

    // MARK: Posting input from a handler

    /// Posts one or two inputs: remote-control commands (traced even when dropped, so their order can be
    /// checked) and, now and then, a tap of a spare finger. They must wait for the handler to return.
    private func postInput() {
        let wasDispatching = app.isDraining
        var labels: [String] = []
        for _ in 0..<rng.int(1...2) {
            let subtype = rng.pick(Self.remoteSubtypes)
            let label = "remote control \(subtype)"
            labels.append(label)
            expectedPosts.append(label)
            app.enqueue(HIDEvent(timestamp: sim.now, payload: .remoteControl(subtype)))
        }
        if rng.chance(0.3), let finger = [19, 20].first(where: { fingers[$0] == nil }) {
            let point = targetPoint()
            fingers[finger] = point
            sim.touch(.down(finger, at: point))
            fingers[finger] = nil
            sim.touch(.up(finger))
        }
        if wasDispatching, expectedPosts.count < labels.count || expectedPosts.suffix(labels.count) != labels[...] {
            ledger.fail("input posted from a handler was handled before the handler returned (H1: it must be queued)")
        }
    }

    /// The tracer saw raw input taken from the queue.
    func inputTaken(_ text: String) {
        guard let first = expectedPosts.first, text == first else { return }
        if handlerDepth > 0 {
            ledger.fail("input posted from a handler was handled inside a handler ('\(text)'): it must wait for the handler to return")
        }
        expectedPosts.removeFirst()
    }
}
