// Leaks: after a scene is torn down (windows hidden, references dropped), every view, window,
// controller, recognizer, delegate, touch, press and event it made or saw is gone. Also when it is torn
// down in the middle of gestures and with failure requirements still pending.

import Foundation
import Testing
@testable import ResponderKit

@MainActor
@Suite struct LeakTests {

    enum Moment: String, CaseIterable, CustomTestStringConvertible {
        /// After every finger lifted and every timer ran out.
        case atRest
        /// With fingers still down and gestures in progress.
        case midGesture
        /// With a recognizer waiting for another's failure (R7), its touches held back.
        case failurePending

        var testDescription: String { rawValue }
    }

    /// Plays a generated scene up to `moment`, tears it down and returns what survived.
    private func survivors(seed: UInt64, events: Int, moment: Moment, keepApplication: Bool = false)
        -> (survivors: [String], report: String, reached: Bool) {
        var config = FuzzWorld.Config()
        config.trackLeaks = true
        let registry: LeakRegistry
        var keptApplication: UIApplication?
        var keptSimulator: EventSimulator?
        var report = ""
        var reached = true
        do {
            let world = FuzzWorld(seed: seed, config: config)
            registry = world.leaks
            while world.inputEvents < events, world.step() {}
            switch moment {
            case .atRest:
                world.quiesce()
            case .midGesture:
                reached = world.putFingersDown()
            case .failurePending:
                reached = world.leaveFailureRequirementPending()
            }
            world.checkInvariants()
            if !world.ledger.isClean { report = world.ledger.violations.joined(separator: "\n") }
            for object in world.app.touchEvent.touchList { registry.note(object, "touch #\(object.finger)") }
            if keepApplication {
                keptApplication = world.app
                keptSimulator = world.sim
            }
            world.tearDown()
        }
        if let app = keptApplication, let sim = keptSimulator {
            // The application lives on (as UIApplication.shared does): once the fingers lift and the timers
            // run out, nothing of the scene may be left.
            sim.cancelAllTouches()
            for press in app.pressesEvent.pressList {
                app.enqueue(HIDEvent(timestamp: sim.now, payload: .press(.init(identifier: press.identifier, phase: .ended, type: press.type))))
            }
            sim.advance(by: 10)
            var owned: [AnyObject] = [app, app.touchEvent, app.pressesEvent, sim]
            if let tracer = app.tracer { owned.append(tracer) }
            let left = registry.entries.filter { entry in
                guard let object = entry.ref.object else { return false }
                return !owned.contains { $0 === object }
            }
            return (left.map(\.what), report, reached)
        }
        return (registry.survivors, report, reached)
    }

    @Test(arguments: Moment.allCases)
    func tornDownScenesLeaveNothingBehind(_ moment: Moment) {
        var reachedCount = 0
        for index in 0..<12 {
            let seed = SplitMix64.derive(0x1EA4, index &* 7 &+ moment.rawValue.count)
            let (left, report, reached) = survivors(seed: seed, events: 80, moment: moment)
            if reached { reachedCount += 1 }
            #expect(report.isEmpty, "seed \(FuzzEnvironment.hex(seed)) broke an invariant before teardown:\n\(report)")
            #expect(left.isEmpty, """
                seed \(FuzzEnvironment.hex(seed)), torn down \(moment.rawValue): \(left.count) objects survived: \
                \(left.prefix(12).joined(separator: ", "))
                """)
        }
        // Most scenes must really be torn down at that moment (some lose their windows to handlers first).
        #expect(reachedCount >= 6, "only \(reachedCount) of 12 scenes reached the moment \(moment.rawValue)")
    }

    @Test(arguments: Moment.allCases)
    func scenesOfALongLivedApplicationAreFreedOnceTheFingersLift(_ moment: Moment) {
        for index in 0..<8 {
            let seed = SplitMix64.derive(0x1EA5, index &* 11 &+ moment.rawValue.count)
            let (left, report, _) = survivors(seed: seed, events: 60, moment: moment, keepApplication: true)
            #expect(report.isEmpty, "seed \(FuzzEnvironment.hex(seed)) broke an invariant before teardown:\n\(report)")
            #expect(left.isEmpty, """
                seed \(FuzzEnvironment.hex(seed)), torn down \(moment.rawValue) with the application kept: \
                \(left.count) objects survived: \(left.prefix(12).joined(separator: ", "))
                """)
        }
    }
}

extension FuzzWorld {
    /// Puts two to four fingers down on views with recognizers and moves them, so pans and long presses
    /// are under way, and leaves them down. Returns whether a view or recognizer has a touch in progress.
    func putFingersDown() -> Bool {
        queue.removeAll()
        for _ in 0..<rng.int(2...4) {
            guard let finger = (1...Self.maxFingers).first(where: { fingers[$0] == nil }) else { break }
            play(.touches([.down(finger, at: targetPoint())]))
        }
        for step in 1...4 {
            play(.advance(0.2))
            let changes = fingers.keys.sorted().map { finger -> EventSimulator.TouchChange in
                let at = fingers[finger]!
                return .move(finger, to: CGPoint(x: at.x + CGFloat(step) * 9, y: at.y + 4))
            }
            if !changes.isEmpty { play(.touches(changes)) }
        }
        if !pressedButtons.contains(UIPress.PressType.select.rawValue) { play(.press(.select, .began)) }
        return app.touchEvent.touchList.contains { $0.viewDelivery == .began || !$0.arbitration.receivers.isEmpty }
    }

    /// Adds a single tap that requires a double tap's failure to a visible view, taps it once and leaves
    /// the single tap waiting (R7), the view's touch held back by both. Returns whether it is waiting.
    func leaveFailureRequirementPending() -> Bool {
        queue.removeAll()
        while ignoringDepth > 0 {
            app.endIgnoringInteractionEvents()
            ignoringDepth -= 1
        }
        guard let window = windows.first(where: { !$0.isHidden }) ?? windows.first else { return false }
        window.isHidden = false
        let view = ProbeView(name: "pending-view", frame: window.bounds)
        view.probe.host = self
        window.addSubview(view)
        tracer.register(view, as: "pending-view")
        note(view, "view pending-view")
        let single = UITapGestureRecognizer(target: target, action: FuzzActionTarget.fired)
        single.name = "pending-single"
        let double = UITapGestureRecognizer(target: target, action: FuzzActionTarget.fired)
        double.name = "pending-double"
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        for recognizer in [single, double] {
            recognizer.delaysTouchesEnded = true
            view.addGestureRecognizer(recognizer)
            tracer.register(recognizer, as: recognizer.name!)
            note(recognizer, "recognizer \(recognizer.name!)")
        }
        adopt(view: view, recognizers: [single, double])
        let finger = (1...Self.maxFingers).first { fingers[$0] == nil } ?? 1
        let point = window.pointToParent(CGPoint(x: window.bounds.midX, y: window.bounds.midY))
        play(.touches([.down(finger, at: point)]))
        play(.touches([.up(finger)]))
        // It lands on the new view unless a handler removed it first.
        return single.arbitration.wanted != nil
    }

    /// Hides every window and forgets the scene's objects; the caller then drops the world.
    func tearDown() {
        for window in windows { window.isHidden = true }
        queue.removeAll()
    }
}
