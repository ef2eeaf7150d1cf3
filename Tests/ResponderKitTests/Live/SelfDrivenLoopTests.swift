// EventLoop.run() with its default limit, Date.distantFuture, as the docs call it: with no timer
// waiting, it sleeps on the port until input comes, and a handler stops it. (Foundation on Linux traps
// when asked to wait until a date past 2262.)

import Foundation
import Testing
import ResponderKit

@MainActor
@Suite struct SelfDrivenLoopTests {

    /// Stops the loop when its button is tapped.
    @MainActor final class Stopper {
        var loop: EventLoop?
        func tapped() { loop?.stop() }
    }

    @Test func runWithNoLimitAndNoTimerSleepsUntilInputAndAHandlerStopsIt() {
        let app = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200), application: app)
        let button = UIButton(frame: window.bounds)
        let stopper = Stopper()
        button.addTarget(stopper, action: Stopper.tapped, for: .touchUpInside)
        window.addSubview(button)
        window.makeKeyAndVisible()
        let loop = EventLoop(application: app)
        stopper.loop = loop
        Thread.detachNewThread { [port = app.inputPort] in
            usleep(50_000)
            port.post(.touches([HIDEvent.Touch(finger: 1, phase: .began, location: CGPoint(x: 50, y: 50))]))
            port.post(.touches([HIDEvent.Touch(finger: 1, phase: .ended, location: CGPoint(x: 50, y: 50))]))
        }
        let started = Date()
        loop.run()
        #expect(Date().timeIntervalSince(started) < 10, "returned when the tap's action stopped it")
    }
}
