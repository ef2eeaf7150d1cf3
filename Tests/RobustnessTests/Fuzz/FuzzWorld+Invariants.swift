// The promises checked after every event, and the stronger ones checked once everything is let go.

import Foundation
@testable import ResponderKit

extension FuzzWorld {

    /// After every step: the engine's state is consistent, and every promise that can be judged now holds.
    func checkInvariants() {
        let environment = app.arbiter
        let touchList = app.touchEvent.touchList
        let live = Set(touchList.map(ObjectIdentifier.init))
        let withheld = Set(environment.withheld.map(ObjectIdentifier.init))
        checkScrollViews()
        checkContainers()
        checkModernInput()

        if environment.hasUnsettledChanges {
            ledger.fail("recognizer state changes were left unsettled after the event")
        }
        if !expectedPosts.isEmpty {
            ledger.fail("input posted from a handler was never handled: \(expectedPosts)")
            expectedPosts.removeAll()
        }
        if app.isDraining { ledger.fail("the input queue is still draining after the outermost call returned") }
        if config.trace, !tracer.unsentActions.isEmpty {
            ledger.fail("state changes whose action was never sent (D5): \(tracer.unsentActions.joined(separator: ", "))")
        }
        if !app.inputQueue.isEmpty { ledger.fail("\(app.inputQueue.count) inputs left in the queue") }

        for touch in touchList where touch.phase == .ended || touch.phase == .cancelled {
            ledger.fail("touch #\(touch.finger) is \(touch.phase) but still in the touch event")
        }
        for touch in touchList {
            for recognizer in touch.arbitration.receivers where !recognizer.trackedTouches.contains(where: { $0 === touch }) {
                ledger.fail("touch #\(touch.finger) lists '\(name(recognizer))' as receiving it, but the recognizer does not track it")
            }
        }

        for recognizer in recognizers {
            let label = name(recognizer)
            let isActive = environment.active.contains { $0 === recognizer }
            if recognizer.arbitration.state != recognizer.arbitration.settled {
                ledger.fail("'\(label)' state \(recognizer.arbitration.state) differs from its settled state \(recognizer.arbitration.settled)")
            }
            let hasLive = !recognizer.liveTouches.isEmpty || !recognizer.trackedPresses.isEmpty || recognizer.arbitration.trackedPointer != nil
            if recognizer.arbitration.settled.isTerminal, !hasLive {
                ledger.fail("'\(label)' is \(recognizer.arbitration.settled) with its touches gone but was not reset to possible (D6)")
            }
            if isActive {
                if recognizer.view == nil {
                    ledger.fail("'\(label)' is in play but attached to no view")
                } else if recognizer.view?.window == nil {
                    ledger.fail("'\(label)' is in play but its view '\(name(recognizer.view!))' is in no window")
                }
                if !recognizer.isEnabled, recognizer.arbitration.settled == .possible, recognizer.arbitration.wanted == nil, !recognizer.trackedTouches.isEmpty {
                    ledger.fail("'\(label)' is disabled yet still possible with touches")
                }
            } else {
                if recognizer.arbitration.settled != .possible || recognizer.arbitration.state != .possible {
                    ledger.fail("'\(label)' is out of play but \(recognizer.arbitration.settled), not possible")
                }
                if !recognizer.trackedTouches.isEmpty || !recognizer.sequenceTouches.isEmpty || recognizer.arbitration.wanted != nil {
                    ledger.fail("'\(label)' is out of play but still holds touches or a wanted transition")
                }
            }
            for touch in recognizer.trackedTouches where !live.contains(ObjectIdentifier(touch)) {
                ledger.fail("'\(label)' tracks touch #\(touch.finger), which is no longer down")
            }
            if let wanted = recognizer.arbitration.wanted {
                if recognizer.arbitration.settled != .possible { ledger.fail("'\(label)' waits to become \(wanted) but is \(recognizer.arbitration.settled)") }
                if recognizer.arbitration.waitsFor.isEmpty { ledger.fail("'\(label)' waits to become \(wanted) for nobody") }
            }
        }

        for touch in environment.withheld {
            if touch.viewDelivery.isFinished { continue } // dropped lazily on the next release
            let holdsBegan = touch.arbitration.isBeganHeld && !environment.delayingRecognizers(of: touch, began: true).isEmpty
            let holdsEnd = !touch.arbitration.isBeganHeld && touch.arbitration.heldEnd != nil && !environment.delayingRecognizers(of: touch, began: false).isEmpty
            let endHeldAfterRelease = touch.arbitration.isBeganHeld && touch.arbitration.heldEnd != nil
                && !environment.delayingRecognizers(of: touch, began: false).isEmpty
            if !holdsBegan, !holdsEnd, !endHeldAfterRelease {
                ledger.fail("touch #\(touch.finger) is held back from '\(touch.view.map(name) ?? "?")' by no undecided recognizer (R13)")
            }
        }

        // R14, per view: a touch a view began is either still going for it, or its end is on its way.
        for responder in probedResponders() {
            guard let view = responder as? UIView else { continue }
            for touch in responder.probe.touches.openTouches {
                if touch.viewDelivery != .began {
                    ledger.fail("'\(name(view))' never heard the end of touch #\(touch.finger), which the engine has as \(touch.viewDelivery) (R14)")
                } else if !live.contains(ObjectIdentifier(touch)), !withheld.contains(ObjectIdentifier(touch)) {
                    ledger.fail("touch #\(touch.finger) is gone but '\(name(view))' never got its end (R14)")
                }
            }
        }

        for window in windows {
            if let first = window.storedFirstResponder, first.firstResponderWindow !== window {
                ledger.fail("'\(name(first))' is first responder of '\(name(window))' but is not in it")
            }
        }
    }

    /// After `quiesce()`: nothing is left down, waiting, held back or in play.
    func checkQuiescent() {
        let environment = app.arbiter
        if !app.touchEvent.touchList.isEmpty { ledger.fail("\(app.touchEvent.touchList.count) touches left after every finger lifted: \(app.touchEvent.touchList.map { "#\($0.finger) \($0.phase)" })") }
        if !app.pressesEvent.pressList.isEmpty { ledger.fail("\(app.pressesEvent.pressList.count) presses left after every button was released") }
        if !environment.active.isEmpty {
            ledger.fail("recognizers still in play at rest: " + environment.active.map { "\(name($0)) (\(type(of: $0)), \($0.arbitration.settled), \($0.trackedTouches.count) touches, \($0.trackedPresses.count) presses, enabled \($0.isEnabled))" }.joined(separator: ", "))
        }
        let held = environment.withheld.filter { !$0.viewDelivery.isFinished }
        if !held.isEmpty { ledger.fail("touches still held back at rest: " + held.map { "#\($0.finger)" }.joined(separator: " ")) }
        for recognizer in recognizers {
            if recognizer.state != .possible || recognizer.arbitration.settled != .possible {
                ledger.fail("'\(name(recognizer))' is \(recognizer.state) at rest, not possible (D6)")
            }
            if !recognizer.trackedTouches.isEmpty || !recognizer.sequenceTouches.isEmpty || !recognizer.trackedPresses.isEmpty {
                ledger.fail("'\(name(recognizer))' still holds touches or presses at rest")
            }
            if recognizer.arbiter != nil { ledger.fail("'\(name(recognizer))' still belongs to the arbiter at rest") }
        }
        for responder in probedResponders() {
            let open = responder.probe.touches.openTouches
            if !open.isEmpty {
                ledger.fail("'\(name(responder))' never got the end of " + open.map { "#\($0.finger)" }.sorted().joined(separator: " ") + " (R14)")
            }
            if responder.probe.presses.openCount > 0 {
                ledger.fail("'\(name(responder))' never got the end of \(responder.probe.presses.openCount) presses")
            }
        }
        for control in views.compactMap({ $0 as? ProbedControl }) {
            if control.controlLedger.tracking { ledger.fail("control '\(name(control))' sent touchDown and never an end event (F3, F4)") }
            if control.isTracking || control.isHighlighted { ledger.fail("control '\(name(control))' is still tracking or highlighted at rest") }
        }
        if app.clock.pendingTimerCount > 0 { ledger.fail("\(app.clock.pendingTimerCount) timers still pending at rest") }
        checkScrollViewsAtRest()
        checkContainersAtRest()
    }
}
