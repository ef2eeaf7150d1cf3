import Foundation

/// A pointer's hover, scroll and trackpad transform (U1–U3): the same steps as touches — offered,
/// joined, fed, settled — through the built-ins' own pointer steps instead of the touch methods. No
/// view gets them: they are for recognizers only (UIKit delivers no `touches…` call for them).
///
/// - A **scroll** or a **transform** is bound to the view under the pointer as it began (R4) and offered
///   once, then, to the recognizers of that view and its ancestors in R5 order; each says whether it
///   takes it (a pan by its ``UIPanGestureRecognizer/allowedScrollTypesMask``, U3), then the delegate's
///   `shouldReceive(event)` is asked (D2). Those that take it share it as they would a touch (R6).
/// - A **hover** is hit-tested at every sample (U1): the hover recognizers of the view under it and its
///   ancestors follow it — those it just came over begin, those it stays over change, those it left
///   end. Hover recognizers do not prevent each other (chosen: they share no touch).
extension GestureArbiter {

    // MARK: Scrolls and transforms

    /// Delivers a scroll's or a transform's sample, in its phase. At `.began` it is first offered.
    func deliverPointer(_ input: PointerInput) {
        if input.phase == .began { offerPointer(input) }
        beginFeedingPointer()
        // By index: a recognizer's code may change the list (its removal takes it out).
        var index = 0
        while index < input.arbitration.receivers.count {
            let recognizer = input.arbitration.receivers[index]
            index += 1
            feed(recognizer, input, phase: input.phase)
        }
        // R5: ties in this event go by its order.
        meet(input.arbitration.receivers)
        endFeeding()
        settle()
        guard input.phase.isFinished else { return }
        // The gesture is over: its recognizers let go of it (after its last actions, which may read it).
        for recognizer in input.arbitration.receivers where recognizer.arbitration.trackedPointer === input {
            recognizer.arbitration.dropPointer()
        }
        input.arbitration.clear()
        settle()
    }

    /// Offers a beginning scroll or transform to the recognizers of its view and ancestors (R5).
    private func offerPointer(_ input: PointerInput) {
        for recognizer in collectRecognizers(from: input.view, forTouches: false) {
            if admits(input, recognizer, tracing: true) { take(input, by: recognizer) }
        }
    }

    // MARK: Hover

    /// Delivers a hover's sample over `view` (nil: over none): the hover recognizers it left end, those
    /// it came over begin, those it stays over change (U1). `entered` says the view under it changed,
    /// so refusals are traced once per view rather than at every move.
    func deliverHover(_ input: PointerInput, over view: UIView?, entered: Bool) {
        var over = scratch.borrowRecognizerList()
        defer { scratch.giveBack(&over) }
        if !input.phase.isFinished {
            var current = view
            while let v = current {
                for recognizer in v.attachedRecognizers where recognizer.isEnabled && admits(input, recognizer, tracing: entered) {
                    over.append(recognizer)
                }
                current = v.superview
            }
        }
        // Usually the pointer stays over the same recognizers: nothing joins or leaves, and their order
        // (R5) is the one they were met in.
        let receivers = input.arbitration.receivers
        guard over.count != receivers.count || !sameRecognizers(over, receivers) else { return changeHover(input, over) }
        var left = scratch.borrowRecognizerList()
        defer { scratch.giveBack(&left) }
        for recognizer in receivers where !over.containsObject(recognizer) { left.append(recognizer) }
        beginFeedingPointer()
        for recognizer in left {
            input.arbitration.leave(recognizer)
            feed(recognizer, input, phase: input.phase == .cancelled ? .cancelled : .ended)
        }
        for recognizer in over {
            if input.arbitration.receivers.containsObject(recognizer) {
                feed(recognizer, input, phase: .changed)
            } else if offerHover(input, to: recognizer) {
                take(input, by: recognizer)
                feed(recognizer, input, phase: .began)
            }
        }
        // R5 order for this sample: the recognizers it left first (it leaves their views before it enters
        // others), then those it is over, deepest first.
        if !left.isEmpty { meet(left) }
        meet(over)
        endFeeding()
        settle()
        guard !left.isEmpty else { return }
        for recognizer in left where recognizer.arbitration.trackedPointer === input { recognizer.arbitration.dropPointer() }
        settle()
    }

    /// The hover moved over the same recognizers: each changes.
    private func changeHover(_ input: PointerInput, _ over: [UIGestureRecognizer]) {
        beginFeedingPointer()
        for recognizer in over { feed(recognizer, input, phase: .changed) }
        endFeeding()
        settle()
    }

    /// A click began (U1): the hover recognizers that end on a click (``Thresholds/hoverEndsOnClick``)
    /// end, as if the pointer had left their views. Returns whether any recognizer still follows the hover.
    func endHoverForClick(_ input: PointerInput) -> Bool {
        var left = scratch.borrowRecognizerList()
        defer { scratch.giveBack(&left) }
        for recognizer in input.arbitration.receivers where recognizer.thresholds.hoverEndsOnClick { left.append(recognizer) }
        guard !left.isEmpty else { return !input.arbitration.receivers.isEmpty }
        beginFeedingPointer()
        for recognizer in left {
            input.arbitration.leave(recognizer)
            feed(recognizer, input, phase: .ended)
        }
        endFeeding()
        settle()
        for recognizer in left where recognizer.arbitration.trackedPointer === input { recognizer.arbitration.dropPointer() }
        settle()
        return !input.arbitration.receivers.isEmpty
    }

    /// Whether the two lists hold the same recognizers (both short, without repeats).
    private func sameRecognizers(_ a: [UIGestureRecognizer], _ b: [UIGestureRecognizer]) -> Bool {
        for recognizer in a where !b.containsObject(recognizer) { return false }
        return true
    }

    /// The delegate's `shouldReceive(event)` for a hover coming over the recognizer's view (D2).
    private func offerHover(_ input: PointerInput, to recognizer: UIGestureRecognizer) -> Bool {
        if recognizer.arbitration.trackedPointer != nil || recognizer.hasLiveTouches {
            trace(.pointer(.notFed(recognizer: recognizer.traceSubject, input: input.kind.eventType, cause: .busyWithOtherInput)))
            return false
        }
        return delegateAccepts(input, recognizer)
    }

    // MARK: Shared steps

    /// Whether `recognizer` takes `input`'s kind and type; a refusal worth a word is traced.
    @inline(__always)
    private func admits(_ input: PointerInput, _ recognizer: UIGestureRecognizer, tracing: Bool) -> Bool {
        switch recognizer.admission(of: input) {
        case .accepted: break
        case .notForThisKind: return false
        case .refused(let cause):
            if tracing { trace(.pointer(.notFed(recognizer: recognizer.traceSubject, input: input.kind.eventType, cause: cause))) }
            return false
        }
        guard input.kind != .hover else { return true }
        // A scroll or a transform is not given to a recognizer busy with other input, nor to one that has
        // decided (or waits to decide) a gesture still in play.
        if recognizer.arbitration.trackedPointer != nil || recognizer.hasLiveTouches || isDecided(recognizer) {
            trace(.pointer(.notFed(recognizer: recognizer.traceSubject, input: input.kind.eventType, cause: .busyWithOtherInput)))
            return false
        }
        return delegateAccepts(input, recognizer)
    }

    /// D2: the delegate's `gestureRecognizer(_:shouldReceive:)` for the event.
    private func delegateAccepts(_ input: PointerInput, _ recognizer: UIGestureRecognizer) -> Bool {
        guard let delegate = recognizer.delegate else { return true }
        let event = input.event
        guard ask(recognizer, .shouldReceiveEvent, { delegate.gestureRecognizer(recognizer, shouldReceive: event) }) else {
            trace(.pointer(.notFed(recognizer: recognizer.traceSubject, input: input.kind.eventType,
                                   cause: .delegateDeclined(.shouldReceiveEvent))))
            return false
        }
        return true
    }

    /// `recognizer` joins play with `input`.
    private func take(_ input: PointerInput, by recognizer: UIGestureRecognizer) {
        join(recognizer)
        recognizer.arbitration.receive(input)
        input.arbitration.join(recognizer)
    }

    /// Hands `input` to `recognizer` in `phase`, unless it has decided, waits (R7), or left play.
    private func feed(_ recognizer: UIGestureRecognizer, _ input: PointerInput, phase: HIDEvent.Phase) {
        let record = recognizer.arbitration
        guard record.isActive, record.trackedPointer === input, !isDecided(recognizer) else { return }
        trace(.pointer(.fed(recognizer: recognizer.traceSubject, input: input.kind.eventType, phase: phase)))
        let event = input.event
        switch phase {
        case .began: recognizer.pointerBegan(input, with: event)
        case .changed: recognizer.pointerChanged(input, with: event)
        case .ended: recognizer.pointerEnded(input, with: event)
        case .cancelled: recognizer.pointerCancelled(input, with: event)
        }
    }
}
