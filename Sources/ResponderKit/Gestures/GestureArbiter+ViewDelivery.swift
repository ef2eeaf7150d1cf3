import Foundation

/// The view side of the arbiter: which touches views get, when, and which they never see.
extension GestureArbiter {

    /// Delivers the changed touches to their views, after the recognizers had them. Per view: began,
    /// moved, ended, cancelled. A touch is held back while a recognizer that delays it is undecided
    /// (R13), and skipped once its view got its end (R14).
    func deliverToViews(_ touches: [UITouch], _ event: UIEvent) {
        // Views in the order of their first touch. Usually there is one, or none (a recognizer took
        // the touches): find the first without filling a list, and fill one only for more.
        var firstView: UIView?
        var views: [UIView] = []
        defer { if views.capacity > 0 { giveBack(&views) } }
        for touch in touches where touch.viewDelivery != .refused && !touch.viewDelivery.isFinished {
            guard let view = touch.view else { continue }
            if firstView == nil {
                firstView = view
            } else if view !== firstView, !views.containsObject(view) {
                if views.isEmpty, let firstView {
                    views = borrowViewList()
                    views.append(firstView)
                }
                views.append(view)
            }
        }
        for touch in touches where touch.viewDelivery.isFinished && touch.phase != .began {
            if let view = touch.view, !touch.isCancelledByRecognizer {
                trace(.dropped(what: "touch #\(touch.finger) \(touch.phase)", reason: .viewLeftWindow(view: view.traceSubject)))
            }
        }
        guard let application, let firstView else { return }
        if views.isEmpty {
            deliver(touches, to: firstView, event, application)
        } else {
            for view in views { deliver(touches, to: view, event, application) }
        }
    }

    /// Delivers to one view its touches among `touches`: began, moved, ended, cancelled (see above).
    func deliver(_ touches: [UITouch], to view: UIView, _ event: UIEvent, _ application: UIApplication) {
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
        var began = phases.began ? borrowTouchList() : []
        var ended: [UITouch] = [], cancelled: [UITouch] = []
        defer {
            if began.capacity > 0 { giveBack(&began) }
            if ended.capacity > 0 { giveBack(&ended) }
            if cancelled.capacity > 0 { giveBack(&cancelled) }
        }
        for touch in touches where touch.view === view {
            switch touch.phase {
            case .began:
                guard touch.viewDelivery == .pending else { continue }
                if !hasDelayingRecognizer(of: touch, began: true) {
                    began.append(touch)
                } else {
                    hold(touch, phase: .began, by: delayingRecognizers(of: touch, began: true))
                    touch.isBeganWithheld = true
                }
            case .moved:
                if touch.isBeganWithheld { touch.movedWhileWithheld = true }
            case .ended, .cancelled:
                if touch.isBeganWithheld {
                    if touch.phase == .cancelled {
                        // The view never saw it begin: it hears nothing of it.
                        drop(touch)
                    } else {
                        touch.withheldEnd = .ended
                    }
                } else if touch.viewDelivery == .began {
                    if touch.phase == .ended, hasDelayingRecognizer(of: touch, began: false) {
                        touch.withheldEnd = .ended
                        hold(touch, phase: .ended, by: delayingRecognizers(of: touch, began: false))
                    } else {
                        if touch.phase == .ended {
                            if ended.capacity == 0 { ended = borrowTouchList() }
                            ended.append(touch)
                        } else {
                            if cancelled.capacity == 0 { cancelled = borrowTouchList() }
                            cancelled.append(touch)
                        }
                    }
                }
            case .stationary:
                break
            }
        }
        // Each group is sent with the touches still live for the view when its turn comes: the calls
        // before it may have cancelled some (a view removed in touchesBegan, say).
        if !began.isEmpty {
            for touch in began { touch.viewDelivery = .began }
            send(.touchesBegan, began, to: view, event, application)
        }
        if phases.moved { sendMoves(of: touches, to: view, event, application) }
        send(.touchesEnded, ended, to: view, event, application, marking: .ended)
        send(.touchesCancelled, cancelled, to: view, event, application, marking: .cancelled)
    }

    /// Sends those of `touches` whose view still expects them (delivery `.began`) to `view`, marking them
    /// `marking` first when given; sends nothing when none are.
    func send(_ method: TraceRecord.ResponderMethod, _ touches: [UITouch], to view: UIView, _ event: UIEvent,
                      _ application: UIApplication, marking: UITouch.ViewDelivery? = nil) {
        guard !touches.isEmpty else { return }
        viewTouchSet.begin()
        for touch in touches where touch.viewDelivery == .began { viewTouchSet.offer(touch) }
        guard let set = viewTouchSet.finish() else { return }
        if let marking { for touch in touches where touch.viewDelivery == .began { touch.viewDelivery = marking } }
        application.send(method, set, to: view, with: event)
    }

    /// Sends `view` its moved touches among `touches` that it still expects (delivery `.began`, began
    /// not held back); sends nothing when none are.
    func sendMoves(of touches: [UITouch], to view: UIView, _ event: UIEvent, _ application: UIApplication) {
        // The same touches as the last call to a view (every move of a drag): the same set goes out again.
        viewTouchSet.begin()
        for touch in touches where Self.sendsMove(of: touch, to: view) { viewTouchSet.offer(touch) }
        guard let set = viewTouchSet.finish() else { return }
        application.send(.touchesMoved, set, to: view, with: event)
    }

    /// Whether `view` is sent the move of `touch`: the touch is its, moved, and the view saw it begin.
    @inline(__always)
    static func sendsMove(of touch: UITouch, to view: UIView) -> Bool {
        touch.view === view && touch.phase == .moved && !touch.isBeganWithheld && touch.viewDelivery == .began
    }

    /// The undecided recognizers receiving `touch` that delay its began (or its end) phase.
    func delayingRecognizers(of touch: UITouch, began: Bool) -> [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = []
        for recognizer in touch.receivingRecognizers where delays(recognizer, began: began) { result.append(recognizer) }
        return result
    }

    /// Whether an undecided recognizer receiving `touch` delays its began (or its end) phase.
    func hasDelayingRecognizer(of touch: UITouch, began: Bool) -> Bool {
        for recognizer in touch.receivingRecognizers where delays(recognizer, began: began) { return true }
        return false
    }

    /// Whether the recognizer, undecided, holds back the began (or the end) phase of its touches (R13).
    func delays(_ recognizer: UIGestureRecognizer, began: Bool) -> Bool {
        recognizer.arbitration.settled == .possible && recognizer.isEnabled
            && (began ? recognizer.delaysTouchesBegan : recognizer.delaysTouchesEnded)
    }

    func hold(_ touch: UITouch, phase: UITouch.Phase, by holders: [UIGestureRecognizer]) {
        if !withheld.containsObject(touch) { withheld.append(touch) }
        if let application, application.tracer != nil, let view = touch.view {
            application.report(.touchWithheld(finger: touch.finger, view: view.traceSubject, phase: phase, by: holders.map(\.traceSubject)))
        }
    }

    func drop(_ touch: UITouch) {
        touch.viewDelivery = .cancelled
        touch.isBeganWithheld = false
        touch.withheldEnd = nil
        withheld.removeObject(touch)
    }

    /// A scroll view keeps a touch its content has not seen from that view for good (S2, S5): the view
    /// never hears of it; recognizers still have it.
    func keepFromView(_ touch: UITouch) {
        guard touch.viewDelivery == .pending else { return }
        drop(touch)
        touch.movedWhileWithheld = false
        touch.viewDelivery = .refused
    }

    /// Delivers held-back touches whose delaying recognizers have all decided without cancelling them:
    /// the began, then at most one move carrying the latest position (R13), then the end if it came.
    func releaseWithheldTouches() {
        guard !withheld.isEmpty, let application else { return }
        var index = 0
        while index < withheld.count {
            let touch = withheld[index]
            guard let view = touch.view, !touch.viewDelivery.isFinished else {
                withheld.remove(at: index)
                continue
            }
            if touch.isBeganWithheld {
                guard !hasDelayingRecognizer(of: touch, began: true) else { index += 1; continue }
                touch.isBeganWithheld = false
                touch.viewDelivery = .began
                trace(.touchReleased(finger: touch.finger, view: view.traceSubject))
                application.send(.touchesBegan, [touch], to: view, with: application.touchEvent)
                if touch.movedWhileWithheld, touch.viewDelivery == .began {
                    touch.movedWhileWithheld = false
                    // R13: at most one move, with the latest position. If the event being delivered moves
                    // the touch, its own delivery sends that move: sending one here too would repeat it.
                    let movesNow = touch.phase == .moved && touchesAwaitingViewDelivery.containsObject(touch)
                    if !movesNow { application.send(.touchesMoved, [touch], to: view, with: application.touchEvent) }
                }
                if touch.withheldEnd != nil, touch.viewDelivery == .began, hasDelayingRecognizer(of: touch, began: false) {
                    // Its end is still held by a recognizer that delays ends.
                    index += 1
                    continue
                }
            } else if touch.withheldEnd != nil {
                guard !hasDelayingRecognizer(of: touch, began: false) else { index += 1; continue }
                trace(.touchReleased(finger: touch.finger, view: view.traceSubject))
            }
            withheld.removeObject(touch)
            if let end = touch.withheldEnd, touch.viewDelivery == .began {
                touch.withheldEnd = nil
                touch.viewDelivery = end == .ended ? .ended : .cancelled
                application.send(end == .ended ? .touchesEnded : .touchesCancelled, [touch], to: view, with: application.touchEvent)
            }
            index = 0
        }
    }

    /// R8, D10: the touches a recognizer saw are cancelled in their views. A view that got a touch's
    /// began gets `touchesCancelled`; a touch whose began was held back is discarded, unseen. Touches
    /// that already lifted (the first tap of a double tap) are cancelled each in its own call, before
    /// the live ones.
    func cancelViewTouches(of recognizer: UIGestureRecognizer) {
        guard let application else { return }
        // The lists are borrowed only when they get a touch (a tap's lifted touch needs only two).
        var touches: [UITouch] = [], lifted: [UITouch] = [], live: [UITouch] = []
        defer {
            if touches.capacity > 0 { giveBack(&touches) }
            if lifted.capacity > 0 { giveBack(&lifted) }
            if live.capacity > 0 { giveBack(&live) }
        }
        for touch in recognizer.sequenceTouches where touch.viewDelivery == .began || touch.viewDelivery == .pending {
            if touches.capacity == 0 { touches = borrowTouchList() }
            touches.append(touch)
        }
        guard !touches.isEmpty else { return }
        trace(.touchesCancelledByRecognizer(recognizer: recognizer.traceSubject, fingers: TraceFingers(touches.lazy.map(\.finger))))
        for touch in touches {
            guard let view = touch.view else { continue }
            if touch.viewDelivery == .pending {
                trace(.touchDiscarded(finger: touch.finger, view: view.traceSubject, by: recognizer.traceSubject))
                drop(touch)
                touch.isCancelledByRecognizer = true
                continue
            }
            touch.isCancelledByRecognizer = true
            if touch.withheldEnd != nil || touch.phase == .ended || touch.phase == .cancelled {
                if lifted.capacity == 0 { lifted = borrowTouchList() }
                lifted.append(touch)
            } else {
                if live.capacity == 0 { live = borrowTouchList() }
                live.append(touch)
            }
        }
        for touch in lifted where touch.viewDelivery == .began {
            withheld.removeObject(touch)
            touch.withheldEnd = nil
            touch.viewDelivery = .cancelled
            viewTouchSet.begin()
            viewTouchSet.offer(touch)
            guard let set = viewTouchSet.finish() else { continue }
            application.send(.touchesCancelled, set, to: touch.view!, with: application.touchEvent)
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
            var set = borrowTouchSet()
            for touch in live[index...] where touch.view === view && touch.viewDelivery == .began { set.insert(touch) }
            for touch in set {
                touch.viewDelivery = .cancelled
                withheld.removeObject(touch)
            }
            application.send(.touchesCancelled, set, to: view, with: application.touchEvent)
            giveBack(&set)
        }
    }

    /// R14: views inside `subtree` get `touchesCancelled` for every touch they saw begin and not end;
    /// touches they never saw are forgotten. Recognizers attached inside the subtree let go of them.
    func cancelTouches(inside subtree: UIView, window: UIWindow) {
        guard let application else { return }
        var byView: [(UIView, [UITouch])] = []
        var affected: [UITouch] = application.touchEvent.touchList
        for touch in withheld where !affected.containsObject(touch) { affected.append(touch) }
        for touch in affected where touch.window === window {
            guard let view = touch.view, view.isDescendant(of: subtree) else { continue }
            switch touch.viewDelivery {
            case .began:
                touch.viewDelivery = .cancelled
                withheld.removeObject(touch)
                touch.withheldEnd = nil
                if let index = byView.firstIndex(where: { $0.0 === view }) {
                    byView[index].1.append(touch)
                } else {
                    byView.append((view, [touch]))
                }
            case .pending:
                drop(touch)
            case .ended, .cancelled, .refused:
                break
            }
        }
        for (view, touches) in byView { application.send(.touchesCancelled, Set(touches), to: view, with: application.touchEvent) }
        for recognizer in active where recognizer.view?.isDescendant(of: subtree) == true {
            forget(recognizer)
        }
    }
}
