import Foundation

/// The view side of the arbiter: which touches views get, when, and which they never see.
extension GestureEnvironment {

    /// Delivers the changed touches to their views, after the recognizers had them. Per view: began,
    /// moved, ended, cancelled. A touch is held back while a recognizer that delays it is undecided
    /// (R13), and skipped once its view got its end (R14).
    func deliverToViews(_ touches: [UITouch], _ event: UIEvent) {
        var views: [UIView] = []
        for touch in touches where touch.viewDelivery != .refused && !touch.viewDelivery.isFinished {
            if let view = touch.view, !views.contains(where: { $0 === view }) { views.append(view) }
        }
        for touch in touches where touch.viewDelivery.isFinished && touch.phase != .began {
            if let view = touch.view, TraceContext.isActive, !touch.isCancelledByRecognizer {
                trace(.dropped(what: "touch #\(touch.finger) \(touch.phase)", reason: .viewLeftWindow(view: view.traceName)))
            }
        }
        guard let application else { return }
        for view in views {
            var began: [UITouch] = [], moved: [UITouch] = [], ended: [UITouch] = [], cancelled: [UITouch] = []
            for touch in touches where touch.view === view {
                switch touch.phase {
                case .began:
                    guard touch.viewDelivery == .pending else { continue }
                    let holders = delayingRecognizers(of: touch, began: true)
                    if holders.isEmpty {
                        began.append(touch)
                    } else {
                        hold(touch, phase: "began", by: holders)
                        touch.isBeganWithheld = true
                    }
                case .moved:
                    if touch.isBeganWithheld {
                        touch.movedWhileWithheld = true
                    } else if touch.viewDelivery == .began {
                        moved.append(touch)
                    }
                case .ended, .cancelled:
                    if touch.isBeganWithheld {
                        if touch.phase == .cancelled {
                            // The view never saw it begin: it hears nothing of it.
                            drop(touch)
                        } else {
                            touch.withheldEnd = .ended
                        }
                    } else if touch.viewDelivery == .began {
                        let holders = touch.phase == .ended ? delayingRecognizers(of: touch, began: false) : []
                        if holders.isEmpty {
                            if touch.phase == .ended { ended.append(touch) } else { cancelled.append(touch) }
                        } else {
                            touch.withheldEnd = .ended
                            hold(touch, phase: "ended", by: holders)
                        }
                    }
                case .stationary:
                    break
                }
            }
            if !began.isEmpty {
                for touch in began { touch.viewDelivery = .began }
                application.send(.touchesBegan, Set(began), to: view, with: event)
            }
            let liveMoves = moved.filter { $0.viewDelivery == .began }
            if !liveMoves.isEmpty { application.send(.touchesMoved, Set(liveMoves), to: view, with: event) }
            let liveEnds = ended.filter { $0.viewDelivery == .began }
            if !liveEnds.isEmpty {
                for touch in liveEnds { touch.viewDelivery = .ended }
                application.send(.touchesEnded, Set(liveEnds), to: view, with: event)
            }
            let liveCancels = cancelled.filter { $0.viewDelivery == .began }
            if !liveCancels.isEmpty {
                for touch in liveCancels { touch.viewDelivery = .cancelled }
                application.send(.touchesCancelled, Set(liveCancels), to: view, with: event)
            }
        }
    }

    /// The undecided recognizers receiving `touch` that delay its began (or its end) phase.
    func delayingRecognizers(of touch: UITouch, began: Bool) -> [UIGestureRecognizer] {
        touch.receivingRecognizers.filter { recognizer in
            recognizer.settledState == .possible && recognizer.isEnabled
                && (began ? recognizer.delaysTouchesBegan : recognizer.delaysTouchesEnded)
        }
    }

    private func hold(_ touch: UITouch, phase: String, by holders: [UIGestureRecognizer]) {
        if !withheld.contains(where: { $0 === touch }) { withheld.append(touch) }
        if TraceContext.isActive, let view = touch.view {
            trace(.touchWithheld(finger: touch.finger, view: view.traceName, phase: phase, by: holders.map(\.traceName)))
        }
    }

    private func drop(_ touch: UITouch) {
        touch.viewDelivery = .cancelled
        touch.isBeganWithheld = false
        touch.withheldEnd = nil
        withheld.removeAll { $0 === touch }
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
                guard delayingRecognizers(of: touch, began: true).isEmpty else { index += 1; continue }
                touch.isBeganWithheld = false
                touch.viewDelivery = .began
                trace(.touchReleased(finger: touch.finger, view: view.traceName))
                application.send(.touchesBegan, [touch], to: view, with: application.touchEvent)
                if touch.movedWhileWithheld, touch.viewDelivery == .began {
                    touch.movedWhileWithheld = false
                    // R13: at most one move, with the latest position. If the event being delivered moves
                    // the touch, its own delivery sends that move: sending one here too would repeat it.
                    let movesNow = touch.phase == .moved && touchesAwaitingViewDelivery.contains { $0 === touch }
                    if !movesNow { application.send(.touchesMoved, [touch], to: view, with: application.touchEvent) }
                }
                if touch.withheldEnd != nil, touch.viewDelivery == .began, !delayingRecognizers(of: touch, began: false).isEmpty {
                    // Its end is still held by a recognizer that delays ends.
                    index += 1
                    continue
                }
            } else if touch.withheldEnd != nil {
                guard delayingRecognizers(of: touch, began: false).isEmpty else { index += 1; continue }
                trace(.touchReleased(finger: touch.finger, view: view.traceName))
            }
            withheld.removeAll { $0 === touch }
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
        let touches = recognizer.sequenceTouches.filter { $0.viewDelivery == .began || $0.viewDelivery == .pending }
        guard !touches.isEmpty else { return }
        trace(.touchesCancelledByRecognizer(recognizer: recognizer.traceName, fingers: touches.map(\.finger)))
        var lifted: [UITouch] = []
        var live: [(UIView, [UITouch])] = []
        for touch in touches {
            guard let view = touch.view else { continue }
            if touch.viewDelivery == .pending {
                trace(.touchDiscarded(finger: touch.finger, view: view.traceName, by: recognizer.traceName))
                drop(touch)
                touch.isCancelledByRecognizer = true
                continue
            }
            touch.isCancelledByRecognizer = true
            if touch.withheldEnd != nil || touch.phase == .ended || touch.phase == .cancelled {
                lifted.append(touch)
            } else if let index = live.firstIndex(where: { $0.0 === view }) {
                live[index].1.append(touch)
            } else {
                live.append((view, [touch]))
            }
        }
        for touch in lifted where touch.viewDelivery == .began {
            withheld.removeAll { $0 === touch }
            touch.withheldEnd = nil
            touch.viewDelivery = .cancelled
            application.send(.touchesCancelled, [touch], to: touch.view!, with: application.touchEvent)
        }
        for (view, group) in live {
            let stillLive = group.filter { $0.viewDelivery == .began }
            for touch in stillLive { touch.viewDelivery = .cancelled }
            withheld.removeAll { touch in stillLive.contains { $0 === touch } }
            application.send(.touchesCancelled, Set(stillLive), to: view, with: application.touchEvent)
        }
    }

    /// R14: views inside `subtree` get `touchesCancelled` for every touch they saw begin and not end;
    /// touches they never saw are forgotten. Recognizers attached inside the subtree let go of them.
    func cancelTouches(inside subtree: UIView, window: UIWindow) {
        guard let application else { return }
        var byView: [(UIView, [UITouch])] = []
        var affected: [UITouch] = application.touchEvent.touchList
        for touch in withheld where !affected.contains(where: { $0 === touch }) { affected.append(touch) }
        for touch in affected where touch.window === window {
            guard let view = touch.view, view.isDescendant(of: subtree) else { continue }
            switch touch.viewDelivery {
            case .began:
                touch.viewDelivery = .cancelled
                withheld.removeAll { $0 === touch }
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
