import Foundation

/// Delivery to views: which touches views get, when, and which they never see. It comes after the
/// arbiter on the path of an event, and asks it what is held back.
///
/// Per view: began, moved, ended, cancelled. A touch's began (or end) is held back while an undecided
/// recognizer receiving it delays it (R13), and released, with at most one move, once none does; a
/// touch whose view got its end gets nothing more (R14). When a recognizer recognizes, the touches it
/// saw are cancelled in their views (R8); when a subtree leaves its window or is hidden, its views'
/// touches are (R14).
///
/// What a touch owes its view is the arbiter's record of it (``TouchRecord``): delivery changes it only
/// through that record's steps, and holds a touch back only by asking the arbiter
/// (``GestureArbiter/holdsBegan(of:)``, ``GestureArbiter/holdsEnd(of:)``).
@MainActor
final class ViewDelivery {
    /// The set last handed to a view's touch method (see ``TouchSetCache``). Cleared when touches leave
    /// the touch event, so it keeps no touch longer than the event does. Fenced storage (see
    /// ``FencedStorage``).
    #if DEBUG
    private var touchSet = TouchSetCache()
    #else
    @exclusivity(unchecked) private var touchSet = TouchSetCache()
    #endif

    nonisolated init() {}

    /// Touches left the touch event: the set kept for views' touch methods lets them go.
    func forgetTouchSet() {
        touchSet.clear()
    }

    // MARK: Delivering an event

    /// Delivers the changed touches to their views, after the recognizers had them. Per view: began,
    /// moved, ended, cancelled. A touch is held back while a recognizer that delays it is undecided
    /// (R13), and skipped once its view got its end (R14).
    func deliver(_ touches: [UITouch], _ event: UIEvent, asking arbiter: GestureArbiter) {
        guard let application = arbiter.application else { return }
        // Views in the order of their first touch. Usually there is one, or none (a recognizer took
        // the touches): find the first without filling a list, and fill one only for more.
        var firstView: UIView?
        var views: [UIView] = []
        defer { if views.capacity > 0 { arbiter.scratch.giveBack(&views) } }
        for touch in touches where touch.arbitration.viewDelivery != .refused && !touch.arbitration.viewDelivery.isFinished {
            guard let view = touch.view else { continue }
            if firstView == nil {
                firstView = view
            } else if view !== firstView, !views.containsObject(view) {
                if views.isEmpty, let firstView {
                    views = arbiter.scratch.borrowViewList()
                    views.append(firstView)
                }
                views.append(view)
            }
        }
        for touch in touches where touch.arbitration.viewDelivery.isFinished && touch.phase != .began {
            if let view = touch.view, !touch.arbitration.isCancelledByRecognizer {
                application.trace(.dropped(what: "touch #\(touch.finger) \(touch.phase)", reason: .viewLeftWindow(view: view.traceSubject)))
            }
        }
        guard let firstView else { return }
        if views.isEmpty {
            deliver(touches, to: firstView, event, arbiter, application)
        } else {
            for view in views { deliver(touches, to: view, event, arbiter, application) }
        }
    }

    /// Delivers to one view its touches among `touches`: began, moved, ended, cancelled (see above).
    private func deliver(_ touches: [UITouch], to view: UIView, _ event: UIEvent, _ arbiter: GestureArbiter,
                         _ application: UIApplication) {
        // Borrow a list only for the phases present (a move needs one of the four); an empty literal
        // costs nothing, and is not handed back.
        var phases: (began: Bool, moved: Bool, ends: Bool) = (false, false, false)
        for touch in touches where touch.view === view {
            switch touch.phase {
            case .began: phases.began = true
            case .moved: phases.moved = true
            case .ended, .cancelled: phases.ends = true
            case .stationary: break
            }
        }
        // Moves need no list: they are sent straight from `touches` (see ``sendMoves(of:to:_:_:)``). The
        // end lists are borrowed at their first touch: a touch a recognizer cancelled needs none.
        var began = phases.began ? arbiter.scratch.borrowTouchList() : []
        var ended: [UITouch] = [], cancelled: [UITouch] = []
        defer {
            if began.capacity > 0 { arbiter.scratch.giveBack(&began) }
            if ended.capacity > 0 { arbiter.scratch.giveBack(&ended) }
            if cancelled.capacity > 0 { arbiter.scratch.giveBack(&cancelled) }
        }
        for touch in touches where touch.view === view {
            switch touch.phase {
            case .began:
                guard touch.arbitration.viewDelivery == .pending else { continue }
                if !arbiter.holdsBegan(of: touch) { began.append(touch) }
            case .moved:
                touch.arbitration.noteMove()
            case .ended, .cancelled:
                if touch.arbitration.isBeganHeld {
                    if touch.phase == .cancelled {
                        // The view never saw it begin: it hears nothing of it.
                        discard(touch, arbiter)
                    } else {
                        touch.arbitration.holdEnd()
                    }
                } else if touch.arbitration.viewDelivery == .began {
                    if touch.phase == .ended, arbiter.holdsEnd(of: touch) { continue }
                    if touch.phase == .ended {
                        if ended.capacity == 0 { ended = arbiter.scratch.borrowTouchList() }
                        ended.append(touch)
                    } else {
                        if cancelled.capacity == 0 { cancelled = arbiter.scratch.borrowTouchList() }
                        cancelled.append(touch)
                    }
                }
            case .stationary:
                break
            }
        }
        // Each group is sent with the touches still live for the view when its turn comes: the calls
        // before it may have cancelled some (a view removed in touchesBegan, say).
        if !began.isEmpty {
            for touch in began { touch.arbitration.deliverBegan() }
            send(.touchesBegan, began, to: view, event, application)
        }
        if phases.moved { sendMoves(of: touches, to: view, event, application) }
        send(.touchesEnded, ended, to: view, event, application, marking: .ended)
        send(.touchesCancelled, cancelled, to: view, event, application, marking: .cancelled)
    }

    /// Sends those of `touches` whose view still expects them (delivery `.began`) to `view`, marking them
    /// `marking` first when given; sends nothing when none are.
    private func send(_ method: TraceRecord.ResponderMethod, _ touches: [UITouch], to view: UIView, _ event: UIEvent,
                      _ application: UIApplication, marking: ResponderDelivery? = nil) {
        guard !touches.isEmpty else { return }
        touchSet.begin()
        for touch in touches where touch.arbitration.viewDelivery == .began { touchSet.offer(touch) }
        guard let set = touchSet.finish() else { return }
        if let marking { for touch in touches where touch.arbitration.viewDelivery == .began { touch.arbitration.deliverEnd(marking) } }
        send(method, set, to: view, with: event, application)
    }

    /// Sends `view` its moved touches among `touches` that it still expects (delivery `.began`, began
    /// not held back); sends nothing when none are.
    private func sendMoves(of touches: [UITouch], to view: UIView, _ event: UIEvent, _ application: UIApplication) {
        // The same touches as the last call to a view (every move of a drag): the same set goes out again.
        touchSet.begin()
        for touch in touches where Self.sendsMove(of: touch, to: view) { touchSet.offer(touch) }
        guard let set = touchSet.finish() else { return }
        send(.touchesMoved, set, to: view, with: event, application)
    }

    /// Whether `view` is sent the move of `touch`: the touch is its, moved, and the view saw it begin.
    @inline(__always)
    private static func sendsMove(of touch: UITouch, to view: UIView) -> Bool {
        touch.view === view && touch.phase == .moved && !touch.arbitration.isBeganHeld && touch.arbitration.viewDelivery == .began
    }

    /// Calls one touch method on a view, reporting it.
    private func send(_ method: TraceRecord.ResponderMethod, _ touches: Set<UITouch>, to view: UIView, with event: UIEvent,
                      _ application: UIApplication) {
        guard !touches.isEmpty else { return }
        if application.tracer != nil {
            application.report(.delivered(responder: view.traceSubject, method: method,
                                          fingers: TraceFingers(sorting: touches.lazy.map(\.finger))))
        }
        switch method {
        case .touchesBegan: view.touchesBegan(touches, with: event)
        case .touchesMoved: view.touchesMoved(touches, with: event)
        case .touchesEnded: view.touchesEnded(touches, with: event)
        case .touchesCancelled: view.touchesCancelled(touches, with: event)
        default: preconditionFailure("send(_:_:to:with:_:) takes a touches method, not \(method)")
        }
    }

    /// The view never hears of `touch` again, nor of its beginning if it was held back.
    private func discard(_ touch: UITouch, _ arbiter: GestureArbiter) {
        touch.arbitration.discard()
        arbiter.stopWithholding(touch)
    }

    /// A scroll view keeps a touch its content has not seen from that view for good (S2, S5): the view
    /// never hears of it; recognizers still have it.
    func keepFromView(_ touch: UITouch, asking arbiter: GestureArbiter) {
        guard touch.arbitration.viewDelivery == .pending else { return }
        touch.arbitration.refuse()
        arbiter.stopWithholding(touch)
    }

    // MARK: Releasing held-back touches (R13)

    /// Delivers held-back touches whose delaying recognizers have all decided without cancelling them:
    /// the began, then at most one move carrying the latest position (R13), then the end if it came.
    func releaseWithheldTouches(asking arbiter: GestureArbiter) {
        guard !arbiter.withheld.isEmpty, let application = arbiter.application else { return }
        var index = 0
        while index < arbiter.withheld.count {
            let touch = arbiter.withheld[index]
            guard let view = touch.view, !touch.arbitration.viewDelivery.isFinished else {
                arbiter.stopWithholding(touch)
                continue
            }
            if touch.arbitration.isBeganHeld {
                guard !arbiter.hasDelayingRecognizer(of: touch, began: true) else { index += 1; continue }
                touch.arbitration.releaseBegan()
                application.trace(.touchReleased(finger: touch.finger, view: view.traceSubject))
                send(.touchesBegan, [touch], to: view, with: application.touchEvent, application)
                if touch.arbitration.movedWhileHeld, touch.arbitration.viewDelivery == .began {
                    touch.arbitration.clearMoveWhileHeld()
                    // R13: at most one move, with the latest position. If the event being delivered moves
                    // the touch, its own delivery sends that move: sending one here too would repeat it.
                    let movesNow = touch.phase == .moved && arbiter.touchesAwaitingViewDelivery.containsObject(touch)
                    if !movesNow { send(.touchesMoved, [touch], to: view, with: application.touchEvent, application) }
                }
                if touch.arbitration.heldEnd != nil, touch.arbitration.viewDelivery == .began,
                   arbiter.hasDelayingRecognizer(of: touch, began: false) {
                    // Its end is still held by a recognizer that delays ends.
                    index += 1
                    continue
                }
            } else if touch.arbitration.heldEnd != nil {
                guard !arbiter.hasDelayingRecognizer(of: touch, began: false) else { index += 1; continue }
                application.trace(.touchReleased(finger: touch.finger, view: view.traceSubject))
            }
            arbiter.stopWithholding(touch)
            if touch.arbitration.heldEnd != nil, touch.arbitration.viewDelivery == .began,
               let end = touch.arbitration.releaseEnd() {
                touch.arbitration.deliverEnd(end == .ended ? .ended : .cancelled)
                send(end == .ended ? .touchesEnded : .touchesCancelled, [touch], to: view, with: application.touchEvent, application)
            }
            index = 0
        }
    }

    // MARK: Cancelling (R8, R14)

    /// R8, D10: the touches a recognizer saw are cancelled in their views. A view that got a touch's
    /// began gets `touchesCancelled`; a touch whose began was held back is discarded, unseen. Touches
    /// that already lifted (the first tap of a double tap) are cancelled each in its own call, before
    /// the live ones.
    func cancelViewTouches(of recognizer: UIGestureRecognizer, asking arbiter: GestureArbiter) {
        guard let application = arbiter.application else { return }
        // The lists are borrowed only when they get a touch (a tap's lifted touch needs only two).
        var touches: [UITouch] = [], lifted: [UITouch] = [], live: [UITouch] = []
        defer {
            if touches.capacity > 0 { arbiter.scratch.giveBack(&touches) }
            if lifted.capacity > 0 { arbiter.scratch.giveBack(&lifted) }
            if live.capacity > 0 { arbiter.scratch.giveBack(&live) }
        }
        for touch in recognizer.sequenceTouches
        where touch.arbitration.viewDelivery == .began || touch.arbitration.viewDelivery == .pending {
            if touches.capacity == 0 { touches = arbiter.scratch.borrowTouchList() }
            touches.append(touch)
        }
        guard !touches.isEmpty else { return }
        application.trace(.touchesCancelledByRecognizer(recognizer: recognizer.traceSubject,
                                                        fingers: TraceFingers(touches.lazy.map(\.finger))))
        for touch in touches {
            guard let view = touch.view else { continue }
            if touch.arbitration.viewDelivery == .pending {
                application.trace(.touchDiscarded(finger: touch.finger, view: view.traceSubject, by: recognizer.traceSubject))
                discard(touch, arbiter)
                touch.arbitration.noteCancelledByRecognizer()
                continue
            }
            touch.arbitration.noteCancelledByRecognizer()
            if touch.arbitration.heldEnd != nil || touch.phase == .ended || touch.phase == .cancelled {
                if lifted.capacity == 0 { lifted = arbiter.scratch.borrowTouchList() }
                lifted.append(touch)
            } else {
                if live.capacity == 0 { live = arbiter.scratch.borrowTouchList() }
                live.append(touch)
            }
        }
        for touch in lifted where touch.arbitration.viewDelivery == .began {
            arbiter.stopWithholding(touch)
            touch.arbitration.cancelInView()
            touchSet.begin()
            touchSet.offer(touch)
            guard let set = touchSet.finish() else { continue }
            send(.touchesCancelled, set, to: touch.view!, with: application.touchEvent, application)
        }
        // One call per view, views in the order of their first live touch, each with its touches that
        // it still tracks when its turn comes.
        for (index, first) in live.enumerated() {
            let view = first.view!
            var isFirstOfItsView = true
            for earlier in live[..<index] where earlier.view === view {
                isFirstOfItsView = false
                break
            }
            guard isFirstOfItsView else { continue }
            var set = arbiter.scratch.borrowTouchSet()
            for touch in live[index...] where touch.view === view && touch.arbitration.viewDelivery == .began { set.insert(touch) }
            for touch in set {
                touch.arbitration.deliverEnd(.cancelled)
                arbiter.stopWithholding(touch)
            }
            send(.touchesCancelled, set, to: view, with: application.touchEvent, application)
            arbiter.scratch.giveBack(&set)
        }
    }

    /// R14: views inside `subtree` get `touchesCancelled` for every touch they saw begin and not end;
    /// touches they never saw are forgotten. Recognizers attached inside the subtree let go of them.
    func cancelTouches(inside subtree: UIView, window: UIWindow, asking arbiter: GestureArbiter) {
        guard let application = arbiter.application else { return }
        var byView: [(UIView, [UITouch])] = []
        var affected: [UITouch] = application.touchEvent.touchList
        for touch in arbiter.withheld where !affected.containsObject(touch) { affected.append(touch) }
        for touch in affected where touch.window === window {
            guard let view = touch.view, view.isDescendant(of: subtree) else { continue }
            switch touch.arbitration.viewDelivery {
            case .began:
                touch.arbitration.cancelInView()
                arbiter.stopWithholding(touch)
                if let index = byView.firstIndex(where: { $0.0 === view }) {
                    byView[index].1.append(touch)
                } else {
                    byView.append((view, [touch]))
                }
            case .pending:
                discard(touch, arbiter)
            case .ended, .cancelled, .refused:
                break
            }
        }
        for (view, touches) in byView { send(.touchesCancelled, Set(touches), to: view, with: application.touchEvent, application) }
        for recognizer in arbiter.active where recognizer.view?.isDescendant(of: subtree) == true {
            arbiter.forget(recognizer)
        }
    }
}
