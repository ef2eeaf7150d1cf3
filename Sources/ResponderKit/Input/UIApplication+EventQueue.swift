import Foundation

extension UIApplication {

    /// One turn of the application's loop (I1, I4): takes everything posted to the port into the FIFO
    /// queue (source1), merging waiting moves (I5); in real time, fires the timers that fell due; then
    /// handles the queue in order (source0, H1), and again while handling posted more. Re-entrant calls
    /// return at once: the running turn picks up what they posted.
    ///
    /// With a budget (a live loop's turn, ``EventLoop/turnBudget``) the turn ends once the budget is
    /// spent, after the record or timer in hand: the records not yet handled stay queued, in order, and
    /// the port is drained again only once the queue is empty, so neither grows past the port's capacity
    /// however fast input comes. Returns whether the turn finished its work (false: it ran out of budget
    /// with input or due timers left).
    func drainInputQueue() {
        _ = drainInputQueue(within: UnboundedTurn())
    }

    /// ``drainInputQueue()`` within a limit; see there. Generic, so that the unbounded turn has no check.
    func drainInputQueue<Limit: TurnLimit>(within limit: Limit) -> Bool {
        guard !isDraining else { return true }
        isDraining = true
        defer { isDraining = false }
        while true {
            if inputQueue.isEmpty { receiveFromPort() }
            if inputQueue.isEmpty {
                // Real-time timers fire from the loop itself (R26); on virtual time the simulator's
                // `advance(by:)` fires them as it moves the clock (see `fireTimersAtEndOfTurn()`).
                if fireTimersAtEndOfTurn() > 0 {
                    if limit.isSpent(clock) { return false }
                    continue
                }
                return true
            }
            if tracesRunLoopStages { trace(.runLoop(.eventQueueHandled(events: inputQueue.count))) }
            // Each record is moved out of the queue and handed over, not copied out (a copy retains its
            // samples, and then both must be destroyed): the queue is reversed, then popped from the end.
            // Only the drain adds to the queue, so it does not change while its records are handled.
            if inputQueue.count > 1 { inputQueue.reverse() }
            while let input = inputQueue.popLast() {
                // A timer that fell due before the input happened fires first, so a finger lifted at
                // 0.45 s ends a long press that a late turn would otherwise let begin at 0.5 s.
                if !clock.isVirtual { fireDueTimers(dueBy: min(input.timestamp, clock.now)) }
                process(input)
                if limit.isSpent(clock) {
                    // Out of budget: what is left waits for the next turn, in its order.
                    if inputQueue.count > 1 { inputQueue.reverse() }
                    return inputQueue.isEmpty && inputPort.isEmpty && (clock.nextFireTime.map { $0 > clock.now } ?? true)
                }
            }
        }
    }

    private func process(_ input: consuming HIDEvent) {
        if tracesRunLoopStages, let type = input.eventType { trace(.runLoop(.sendEvent(type))) }
        // The payload is moved out of the record, not copied (a copy of a record is a call through its
        // value witness).
        let timestamp = input.timestamp
        let payload = (consume input).payload
        switch consume payload {
        case .touches(let samples): processTouches(samples, at: timestamp)
        case .touchUpdate(let update): processTouchUpdate(update, at: timestamp)
        case .press(let sample): processPress(sample, at: timestamp)
        case .motion(let subtype, let phase): processMotion(subtype, phase, at: timestamp)
        case .remoteControl(let subtype): processRemoteControl(subtype, at: timestamp)
        case .hover(let sample): processHover(sample, at: timestamp)
        case .scroll(let sample): processScroll(sample, at: timestamp)
        case .transform(let sample): processTransform(sample, at: timestamp)
        case .pencilTap: processPencilTap(at: timestamp)
        }
    }

    // MARK: Touches

    func processTouches(_ samples: [HIDEvent.Touch], at timestamp: TimeInterval) {
        if tracer != nil, let first = samples.first {
            // One finger (every move of a drag) costs no allocation; more go to an array.
            report(.input(.touches(Self.traceSample(first),
                                   more: samples.count == 1 ? [] : samples.dropFirst().map(Self.traceSample))))
        }
        touchEventSerial += 1
        touchEvent.timestamp = timestamp
        var changedAny = false
        // The samples are read in place: a sample is large enough that a copy of each is a call to memcpy.
        // (A touch keeps its sample's buttons and modifier keys, U2: the event's are its touches'.)
        for index in samples.indices {
            switch samples[index].phase {
            case .began:
                // U1: a click (or a pencil touching down) ends the hover of its pointer.
                if samples[index].type != .direct, hoverInput.isActive { endHoverForClick(finger: samples[index].finger) }
                if beginTouch(samples[index], at: timestamp) != nil { changedAny = true }
            case .moved, .stationary, .ended, .cancelled:
                if updateTouch(samples[index], at: timestamp) != nil { changedAny = true }
            }
        }
        guard changedAny else { return }
        for touch in touchEvent.touchList where touch.lastChange != touchEventSerial {
            touch.phase = .stationary
            if !touch.coalescedEarlier.isEmpty { touch.coalescedEarlier = [] }
        }
        sendEvent(touchEvent)
        finishTouchEvent()
    }

    /// The touch of finger `finger`, if it is down. The touch event holds every touch that is down, and
    /// only a few fingers are ever down: a scan beats hashing.
    private func touch(ofFinger finger: Int) -> UITouch? {
        for touch in touchEvent.touchList where touch.finger == finger { return touch }
        return nil
    }

    /// Creates the touch for a finger that went down: hit-tests once (R4), counts taps (R23) and applies
    /// the exclusive-touch and multiple-touch rules (C6, C7).
    private func beginTouch(_ sample: HIDEvent.Touch, at timestamp: TimeInterval) -> UITouch? {
        let finger = sample.finger
        if touch(ofFinger: finger) != nil {
            trace(.dropped(what: "touch #\(finger) down", reason: .fingerAlreadyDown(finger)))
            return nil
        }
        droppedFingers.remove(finger)
        if isIgnoringInteractionEvents {
            droppedFingers.insert(finger)
            trace(.dropped(what: "touch #\(finger)", reason: .ignoringInteractionEvents))
            return nil
        }
        // UIKit lays out before its loop waits; a new touch is hit-tested after the views that asked for
        // layout since (a table that reloaded earlier in this turn) are laid out too, so it finds the
        // cells where the rows are. Moves, which hit-test nothing, do not look.
        layOutPendingViews()
        guard let (window, view) = hitTestWindows(at: sample.location, with: touchEvent) else {
            droppedFingers.insert(finger)
            trace(.dropped(what: "touch #\(finger)", reason: .noWindowHit))
            return nil
        }
        // C7: exclusivity keeps the touch from its view only. It is still bound and fed to the recognizers
        // of its view and ancestors (R5): recognizers ignore `isExclusiveTouch`.
        let exclusiveOwner = exclusiveTouchOwner(blocking: view, in: window)
        let touch = UITouch(finger: finger, sample: sample, locationInWindow: window.pointFromParent(sample.location),
                            timestamp: timestamp)
        // U2: without indirect input events a click is a direct touch.
        if sample.type == .indirectPointer, !applicationSupportsIndirectInputEvents { touch.type = .direct }
        touch.view = view
        touch.window = window
        touch.screenLocationAtBegin = sample.location
        touch.lastChange = touchEventSerial
        touch.tapCount = tapCount(forTouchAt: sample.location, time: timestamp)
        if let exclusiveOwner {
            touch.arbitration.refuse()
            trace(.dropped(what: "touch #\(finger) for its view", reason: .exclusiveTouch(owner: exclusiveOwner.traceSubject)))
        } else if !view.isMultipleTouchEnabled, hasTouch(deliveredTo: view) {
            touch.arbitration.refuse()
            trace(.dropped(what: "touch #\(finger) for its view", reason: .multipleTouchDisabled(view: view.traceSubject)))
        }
        trace(.touchBound(finger: finger, view: view.traceSubject, window: window.traceSubject, tapCount: touch.tapCount))
        touchEvent.touchList.append(touch)
        noteAwaitedUpdates(of: touch, sample: sample)
        return touch
    }

    private func updateTouch(_ sample: HIDEvent.Touch, at timestamp: TimeInterval) -> UITouch? {
        let finger = sample.finger
        guard let touch = touch(ofFinger: finger) else {
            if droppedFingers.contains(finger) {
                if sample.phase == .ended || sample.phase == .cancelled { droppedFingers.remove(finger) }
            } else {
                trace(.dropped(what: "touch #\(finger) \(sample.phase)", reason: .unknownFinger(finger)))
            }
            return nil
        }
        let phase: UITouch.Phase = sample.phase == .stationary ? .moved : sample.phase
        var location = sample.location
        if let window = touch.window { location = window.pointFromParent(location) }
        touch.apply(sample, locationInWindow: location, phase: phase, timestamp: timestamp)
        if !sample.coalescedSamples.isEmpty || !touch.coalescedEarlier.isEmpty { touch.coalescedEarlier = sample.coalescedSamples }
        touch.lastChange = touchEventSerial
        noteAwaitedUpdates(of: touch, sample: sample)
        return touch
    }

    /// Forgets the touches that ended or were cancelled, in order, remembering a finished tap for tap
    /// counting. (A plain loop: most events end no touch, and then it only reads the phases.)
    private func finishTouchEvent() {
        let count = touchEvent.touchList.count
        var index = 0, kept = 0
        var unheard: [UITouch]?         // rare: made only when a finished touch has a follower
        while index < count {
            let touch = touchEvent.touchList[index]
            index += 1
            guard touch.phase == .ended || touch.phase == .cancelled else {
                if kept != index - 1 { touchEvent.touchList[kept] = touch }
                kept += 1
                continue
            }
            if touch.itemFollower != nil { unheard = (unheard ?? []) + [touch] }
            // A cancelled touch is no tap: the next touch starts counting again (R23).
            if touch.phase == .cancelled { lastTap = nil }
            if touch.phase == .ended, let start = touch.screenLocationAtBegin,
               let window = touch.window {
                let end = window.pointToParent(touch.locationInWindow)
                if distance(start, end) <= thresholds.multiTapSlop {
                    lastTap = (touch.timestamp, end, touch.tapCount)
                } else {
                    lastTap = nil
                }
            }
        }
        guard kept < count else { return }
        touchEvent.touchList.truncate(to: kept)
        // The touches that ended leave every list, including the set kept for views' moves.
        arbiter.viewDelivery.forgetTouchSet()
        // Last, as it may run the app's delegate: a container still following a touch that has gone.
        if let unheard { tellItemFollowers(of: unheard) }
    }

    /// Tells each table or collection view that still follows one of `touches`, which are over and leave
    /// the event, that the touch's end never reached it (see ``ItemTouchFollowing``).
    func tellItemFollowers(of touches: [UITouch]) {
        for touch in touches {
            guard let follower = touch.itemFollower else { continue }
            touch.itemFollower = nil
            follower.followedTouchLeftUnheard(touch)
        }
    }

    /// Whether a touch of the event is bound to `view` and taken by it (C6).
    private func hasTouch(deliveredTo view: UIView) -> Bool {
        for touch in touchEvent.touchList where touch.view === view && touch.viewDelivery != .refused { return true }
        return false
    }

    /// R23: one more than the previous tap's count if this touch comes soon enough and near enough.
    private func tapCount(forTouchAt location: CGPoint, time: TimeInterval) -> Int {
        guard let last = lastTap, touchEvent.touchList.isEmpty,
              time - last.time <= thresholds.multiTapInterval,
              distance(location, last.location) <= thresholds.multiTapSlop else { return 1 }
        return last.count + 1
    }

    /// The view whose exclusive touch keeps a new touch on `view` out (C7), if any.
    private func exclusiveTouchOwner(blocking view: UIView, in window: UIWindow) -> UIView? {
        for touch in touchEvent.touchList where touch.window === window && !touch.viewDelivery.isFinished
            && touch.viewDelivery != .refused {
            // A view whose touch was cancelled (or ended for it), or that never took it, is not tracking it.
            guard let other = touch.view, other !== view else { continue }
            if other.isExclusiveTouch || view.isExclusiveTouch { return other.isExclusiveTouch ? other : view }
        }
        return nil
    }

    private func noteAwaitedUpdates(of touch: UITouch, sample: HIDEvent.Touch) {
        guard let index = sample.estimationUpdateIndex, !sample.estimatedPropertiesExpectingUpdates.isEmpty else { return }
        touchesAwaitingUpdates[index] = touch
        // An input source that never sends the update must not keep touches alive forever.
        if touchesAwaitingUpdates.count > 256, let oldest = touchesAwaitingUpdates.keys.min() {
            touchesAwaitingUpdates[oldest] = nil
        }
    }

    private func processTouchUpdate(_ update: HIDEvent.TouchUpdate, at timestamp: TimeInterval) {
        trace(.input(.estimatedPropertiesUpdate(index: update.estimationUpdateIndex)))
        guard let touch = touchesAwaitingUpdates[update.estimationUpdateIndex] else { return }
        if let location = update.location, let window = touch.window {
            touch.locationInWindow = window.pointFromParent(location)
        }
        if let force = update.force { touch.force = force }
        if let altitude = update.altitudeAngle { touch.altitudeAngle = altitude }
        if let azimuth = update.azimuthAngle { touch.azimuthAngleInWindow = azimuth }
        touch.estimatedPropertiesExpectingUpdates = update.stillExpecting
        if update.stillExpecting.isEmpty { touchesAwaitingUpdates[update.estimationUpdateIndex] = nil }
        // A view that ended the touch still gets refinements; one that cancelled it gets nothing more (R14).
        guard let view = touch.view, touch.viewDelivery == .began || touch.viewDelivery == .ended else { return }
        trace(.delivered(responder: view.traceSubject, method: .touchesEstimatedPropertiesUpdated, fingers: [touch.finger]))
        view.touchesEstimatedPropertiesUpdated([touch])
    }

    // MARK: Presses, motion, remote control

    private func processPress(_ sample: HIDEvent.Press, at timestamp: TimeInterval) {
        trace(.input(.press(characters: sample.key?.characters, type: sample.type, phase: sample.phase)))
        let press: UIPress
        if sample.phase == .began {
            guard pressesByIdentifier[sample.identifier] == nil else { return }
            let key = sample.key.map { UIKey($0) }
            press = UIPress(identifier: sample.identifier, type: sample.type, key: key, force: sample.force, timestamp: timestamp)
            guard let window = keyWindow else {
                trace(.dropped(what: "press", reason: .noKeyWindow))
                return
            }
            press.window = window
            press.responder = initialResponder(in: window)
            pressesByIdentifier[sample.identifier] = press
            pressesEvent.pressList.append(press)
        } else {
            guard let existing = pressesByIdentifier[sample.identifier] else { return }
            press = existing
            press.phase = sample.phase == .stationary ? .changed : sample.phase
            press.force = sample.force
            press.timestamp = timestamp
        }
        for other in pressesEvent.pressList where other !== press { other.phase = .stationary }
        pressesEvent.timestamp = timestamp
        sendEvent(pressesEvent)
        if press.phase == .ended || press.phase == .cancelled {
            pressesByIdentifier[sample.identifier] = nil
            pressesEvent.pressList.removeObject(press)
        }
    }

    private func processMotion(_ subtype: UIEvent.EventSubtype, _ phase: HIDEvent.MotionPhase, at timestamp: TimeInterval) {
        trace(.input(.motion(subtype, phase)))
        let event = UIEvent(type: .motion, subtype: subtype, timestamp: timestamp)
        event.applicationLink = link
        event.motionPhase = phase
        sendEvent(event)
    }

    private func processRemoteControl(_ subtype: UIEvent.EventSubtype, at timestamp: TimeInterval) {
        trace(.input(.remoteControl(subtype)))
        guard isReceivingRemoteControlEvents else {
            trace(.dropped(what: "remote control \(subtype)", reason: .notReceivingRemoteControlEvents))
            return
        }
        let event = UIEvent(type: .remoteControl, subtype: subtype, timestamp: timestamp)
        event.applicationLink = link
        sendEvent(event)
    }

    // MARK: Helpers

    private static func traceSample(_ sample: HIDEvent.Touch) -> TraceInput.TouchSample {
        TraceInput.TouchSample(finger: sample.finger, phase: sample.phase, location: sample.location,
                               samples: sample.coalescedSamples.count + 1, type: sample.type, buttonMask: sample.buttonMask)
    }
}
