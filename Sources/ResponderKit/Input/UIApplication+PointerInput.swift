import Foundation

/// A pointer's hover, scroll and trackpad transform, and a pencil's tap, from input records to the
/// arbiter (U1–U4).
extension UIApplication {

    // MARK: Hover (U1)

    @inline(never) // kept out of the loop's dispatch, which every touch goes through
    func processHover(_ sample: HIDEvent.Hover, at timestamp: TimeInterval) {
        if tracer != nil { report(.input(.hover(phase: sample.phase, location: sample.location, type: sample.type))) }
        let input = hoverInput
        if sample.phase.isFinished {
            // The pointer left the screen (or the system took it): every recognizer it was over ends.
            guard input.isActive else { return }
            input.take(phase: sample.phase, screenLocation: sample.location, modifierFlags: sample.modifierFlags, timestamp: timestamp)
            input.takeHover(sample)
            input.bind(to: input.window, over: nil)
            input.hasEntered = false
            sendEvent(input.event)
            input.finish()
            return
        }
        if isIgnoringInteractionEvents {
            trace(.dropped(what: "hover", reason: .ignoringInteractionEvents))
            if input.isActive { endHover(input, at: sample.location, timestamp: timestamp) }
            return
        }
        // A pencil's hover and a mouse's are one pointer each: one of another type ends the other first.
        if input.isActive, input.touchType != sample.type { endHover(input, at: input.screenLocation, timestamp: timestamp) }
        // Hit-tested at every sample, like a touch as it begins (U1): the hover enters and leaves views.
        let hit = hitTestWindows(at: sample.location, with: input.event)
        let window = hit?.0, view = hit?.1
        let phase: HIDEvent.Phase
        if input.isActive {
            phase = .changed
        } else {
            input.begin(at: timestamp)
            phase = .began
        }
        let entered = input.bind(to: window, over: view) || phase == .began
        input.takeHover(sample, phase: phase, in: window, timestamp: timestamp)
        if entered, tracer != nil {
            if let window, let view {
                report(.pointer(.bound(input: .hover, view: view.traceSubject, window: window.traceSubject)))
            } else {
                report(.pointer(.overNoView))
            }
        }
        input.hasEntered = entered
        sendEvent(input.event)
    }

    /// Ends the hover for every recognizer it is over, where it is.
    private func endHover(_ input: PointerInput, at location: CGPoint, timestamp: TimeInterval) {
        input.take(phase: .ended, screenLocation: location, modifierFlags: input.modifierFlags, timestamp: timestamp)
        input.bind(to: input.window, over: nil)
        input.hasEntered = false
        sendEvent(input.event)
        input.finish()
    }

    /// A click (or a pencil touching down) began while the pointer hovered: the hover ends (U1, chosen;
    /// ``Thresholds/hoverEndsOnClick``). The pointer is a touch until its button lifts; its next hover
    /// sample begins a new hover.
    func endHoverForClick(finger: Int) {
        let input = hoverInput
        trace(.pointer(.hoverEndedByClick(finger: finger)))
        input.take(phase: .ended, screenLocation: input.screenLocation, modifierFlags: input.modifierFlags, timestamp: clock.now)
        if !arbiter.endHoverForClick(input) { input.finish() }
    }

    // MARK: Scroll (U3)

    @inline(never) // kept out of the loop's dispatch, which every touch goes through
    func processScroll(_ sample: HIDEvent.Scroll, at timestamp: TimeInterval) {
        let distance = thresholds.wheelTickDistance
        let delta = CGPoint(x: sample.delta.x + sample.ticks.x * distance, y: sample.delta.y + sample.ticks.y * distance)
        if tracer != nil {
            report(.input(.scroll(phase: sample.phase, location: sample.location, delta: delta, type: sample.type,
                                  momentum: sample.isMomentum)))
        }
        // A trackpad's coasting after its fingers lift: the scroll view that was scrolled decelerates by itself
        // from the velocity the scroll ended with (chosen; see Thresholds).
        if sample.isMomentum { return trace(.dropped(what: "scroll", reason: .momentumScroll)) }
        step(scrollInput, sample.phase, at: sample.location, modifierFlags: sample.modifierFlags, timestamp: timestamp) { input, phase in
            input.takeScroll(delta: phase == .began ? .zero : delta, type: sample.type)
        }
    }

    // MARK: Transform (U2)

    @inline(never) // kept out of the loop's dispatch, which every touch goes through
    func processTransform(_ sample: HIDEvent.Transform, at timestamp: TimeInterval) {
        if tracer != nil {
            report(.input(.transform(phase: sample.phase, location: sample.location, scale: sample.scale, rotation: sample.rotation)))
        }
        // A transform is played the way it began, to its end.
        let input = transformInput
        if input.isActive ? input.isPlayedAsTouches : !applicationSupportsIndirectInputEvents { return playAsTouches(sample, at: timestamp) }
        step(transformInput, sample.phase, at: sample.location, modifierFlags: sample.modifierFlags, timestamp: timestamp) { input, phase in
            if phase == .began { input.takeTransform(scale: 1, rotation: 0) } else { input.takeTransform(scale: sample.scale, rotation: sample.rotation) }
        }
    }

    /// The fingers that play a trackpad pinch without indirect input events. Negative, so that no
    /// source's finger is taken for one of them.
    static let simulatedTransformFingers = (-1, -2)

    /// U2 without indirect input events: two touches ``Thresholds/simulatedTransformSpan`` apart around
    /// the pointer, spreading with the scale and turning with the rotation. They are ordinary touches:
    /// hit-tested, offered to every recognizer, delivered to views.
    private func playAsTouches(_ sample: HIDEvent.Transform, at timestamp: TimeInterval) {
        let input = transformInput
        let phase: UITouch.Phase
        switch sample.phase {
        case .began, .changed:
            if input.isActive {
                phase = .moved
            } else {
                phase = .began
                input.begin(at: timestamp)
                input.isPlayedAsTouches = true
                let span = thresholds.simulatedTransformSpan
                trace(.pointer(.transformAsTouches(fingers: [Self.simulatedTransformFingers.0, Self.simulatedTransformFingers.1],
                                                   span: span)))
            }
        case .ended, .cancelled:
            guard input.isActive else { return }
            phase = sample.phase == .ended ? .ended : .cancelled
        }
        let scale = phase == .began ? 1 : sample.scale, rotation = phase == .began ? 0 : sample.rotation
        input.take(phase: sample.phase, screenLocation: sample.location, modifierFlags: sample.modifierFlags, timestamp: timestamp)
        input.takeTransform(scale: scale, rotation: rotation)
        let half = thresholds.simulatedTransformSpan * scale / 2
        let dx = cos(rotation) * half, dy = sin(rotation) * half
        let center = sample.location
        var first = HIDEvent.Touch(finger: Self.simulatedTransformFingers.0, phase: phase,
                                   location: CGPoint(x: center.x - dx, y: center.y - dy))
        var second = HIDEvent.Touch(finger: Self.simulatedTransformFingers.1, phase: phase,
                                    location: CGPoint(x: center.x + dx, y: center.y + dy))
        first.modifierFlags = sample.modifierFlags
        second.modifierFlags = sample.modifierFlags
        processTouches([first, second], at: timestamp)
        if phase == .began { input.endsAfterPause = sample.phase != .began }
        if phase == .ended || phase == .cancelled { input.finish() } else if input.endsAfterPause { armPointerEndTimer() }
    }

    // MARK: Scrolls and transforms

    /// One sample of a scroll or a transform: it begins one (bound to the view under the pointer, R4)
    /// unless one is under way, then is delivered in its phase; `take` applies the sample's own values.
    private func step(_ input: PointerInput, _ phase: HIDEvent.Phase, at location: CGPoint, modifierFlags: UIKeyModifierFlags,
                      timestamp: TimeInterval, take: (PointerInput, HIDEvent.Phase) -> Void) {
        if input.isActive, phase == .began {
            // A new gesture before the last one ended: that one ends first, where it was.
            deliver(input, .ended, at: input.screenLocation, modifierFlags: input.modifierFlags, timestamp: timestamp) { _, _ in }
        }
        if !input.isActive {
            // An end or a cancel with nothing under way ends nothing.
            guard !phase.isFinished else { return }
            if isIgnoringInteractionEvents { return trace(.dropped(what: input.kind.eventType.traceName, reason: .ignoringInteractionEvents)) }
            guard let (window, view) = hitTestWindows(at: location, with: input.event) else {
                return trace(.dropped(what: input.kind.eventType.traceName, reason: .noWindowHit))
            }
            input.begin(at: timestamp)
            input.bind(to: window, over: view)
            // A source that begins its gestures also ends them; one that does not (a wheel, a source
            // without phases) has them ended after a pause.
            input.endsAfterPause = phase != .began
            trace(.pointer(.bound(input: input.kind.eventType, view: view.traceSubject, window: window.traceSubject)))
            deliver(input, .began, at: location, modifierFlags: modifierFlags, timestamp: timestamp, take: take)
            // A first sample that is a step (a wheel's notch, a source without phases) is also the first change.
            if phase == .began { return }
        }
        deliver(input, phase == .began ? .changed : phase, at: location, modifierFlags: modifierFlags, timestamp: timestamp, take: take)
        if input.isActive, input.endsAfterPause { armPointerEndTimer() }
    }

    /// Delivers one phase of a scroll or a transform through the arbiter; an end finishes it.
    private func deliver(_ input: PointerInput, _ phase: HIDEvent.Phase, at location: CGPoint, modifierFlags: UIKeyModifierFlags,
                         timestamp: TimeInterval, take: (PointerInput, HIDEvent.Phase) -> Void) {
        input.take(phase: phase, screenLocation: location, modifierFlags: modifierFlags, timestamp: timestamp)
        take(input, phase)
        sendEvent(input.event)
        if phase.isFinished { input.finish() }
    }

    /// Makes sure the timer that ends paused scrolls and transforms is pending. One timer serves both,
    /// and a sample only notes its time: the timer, when it fires, ends what has been still for
    /// ``Thresholds/scrollEndDelay`` and waits again for the rest.
    private func armPointerEndTimer() {
        if let timer = pointerEndTimer, timer.isListed, timer.isValid { return }
        let delay = thresholds.scrollEndDelay
        let fire: @MainActor () -> Void = { [link] in link.object(as: UIApplication.self)?.endPausedPointerGestures() }
        if let timer = pointerEndTimer {
            clock.reschedule(timer, after: delay, fire)
        } else {
            pointerEndTimer = clock.schedule(after: delay, fire)
        }
    }

    /// Ends the scroll and the transform whose last sample is ``Thresholds/scrollEndDelay`` old, as if
    /// their sources had ended them; waits again for one that is younger.
    private func endPausedPointerGestures() {
        let delay = thresholds.scrollEndDelay
        var soonest: TimeInterval?
        deferringInput {
            for input in [scrollInput, transformInput] where input.isActive && input.endsAfterPause {
                let quiet = clock.now - input.timestamp
                guard quiet + 1e-9 >= delay else {
                    soonest = min(soonest ?? .infinity, delay - quiet)
                    continue
                }
                trace(.pointer(.endedAfterPause(input: input.kind.eventType, delay: delay)))
                if input === transformInput, input.isPlayedAsTouches {
                    playAsTouches(HIDEvent.Transform(phase: .ended, location: input.screenLocation, scale: input.scale,
                                                     rotation: input.rotation, modifierFlags: input.modifierFlags), at: clock.now)
                } else {
                    deliver(input, .ended, at: input.screenLocation, modifierFlags: input.modifierFlags, timestamp: clock.now) { _, _ in }
                }
            }
        }
        if let soonest, let timer = pointerEndTimer {
            clock.reschedule(timer, after: soonest) { [link] in link.object(as: UIApplication.self)?.endPausedPointerGestures() }
        }
    }

    // MARK: Pencil tap (U4)

    @inline(never) // kept out of the loop's dispatch, which every touch goes through
    func processPencilTap(at timestamp: TimeInterval) {
        trace(.input(.pencilTap))
        // Every enabled pencil interaction whose view is in a visible window and not hidden, front window
        // first, in the order of the tree; collected before any delegate runs, so that one that changes
        // the tree does not change who hears this tap.
        var interactions: [UIPencilInteraction] = []
        for window in windowsInTouchOrder { collectPencilInteractions(in: window, into: &interactions) }
        let tap = UIPencilInteraction.Tap(timestamp: timestamp)
        for interaction in interactions {
            guard interaction.isEnabled, let view = interaction.view else { continue }
            let delegate = interaction.delegate
            if tracer != nil {
                report(.pointer(.pencilTap(view: view.traceSubject, delegate: delegate.map { TraceIdentity.subject(of: $0) })))
            }
            delegate?.pencilInteraction(interaction, didReceiveTap: tap)
        }
    }

    private func collectPencilInteractions(in view: UIView, into list: inout [UIPencilInteraction]) {
        guard !view.isHidden else { return }
        for interaction in view.storedInteractions {
            if let pencil = interaction as? UIPencilInteraction, pencil.isEnabled { list.append(pencil) }
        }
        for subview in view.subviews { collectPencilInteractions(in: subview, into: &list) }
    }
}
