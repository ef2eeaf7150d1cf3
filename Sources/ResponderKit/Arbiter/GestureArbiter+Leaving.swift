import Foundation

/// Leaving play: the reset once a gesture is over (D6, R22), and the changes from outside that take a
/// recognizer out (disabled, removed from its view) or a touch from it (`ignore(_:for:)`).
extension GestureArbiter {

    // MARK: Resetting (D6, R22)

    /// Whether a recognizer in play has finished its gesture and waits to be reset.
    func hasFinishedRecognizer() -> Bool {
        for recognizer in active where isFinished(recognizer) { return true }
        return false
    }

    func resetFinishedRecognizers() {
        // Usually none is finished (every move of a drag comes here twice): find out without writing.
        guard hasFinishedRecognizer() else { return }
        var finished = scratch.borrowRecognizerList()
        defer { scratch.giveBack(&finished) }
        leavePlay(&finished) { isFinished($0) }
        guard !finished.isEmpty else { return }
        detach(finished)
        for recognizer in finished {
            reset(recognizer, from: recognizer.arbitration.settled, cause: .reset(removedFromView: false))
        }
    }

    /// Whether `recognizer` is done with its gesture: decided, its touches and presses gone, no change
    /// of its state waiting to be settled.
    @inline(__always)
    private func isFinished(_ recognizer: UIGestureRecognizer) -> Bool {
        let record = recognizer.arbitration
        guard record.settled.isTerminal, record.trackedPresses.isEmpty, record.trackedPointer == nil else { return false }
        for touch in record.trackedTouches where !touch.phase.isFinished { return false }
        return record.queued.isEmpty
    }

    /// The one reset: a recognizer out of play returns to `.possible` (user reset first, then the
    /// arbiter's record), and the trace says so.
    private func reset(_ recognizer: UIGestureRecognizer, from finalState: UIGestureRecognizer.State, cause: TraceCause) {
        recognizer.resetForNextGesture()
        clear(recognizer)
        trace(.recognizerState(recognizer: recognizer.traceSubject, from: finalState, to: .possible, cause: cause))
    }

    /// Takes recognizers (already out of play) off every touch and press they were offered or fed, each
    /// list edited once.
    private func detach(_ recognizers: [UIGestureRecognizer]) {
        let stamp = newStamp()
        for recognizer in recognizers { recognizer.arbitration.mark(stamp) }
        var touches = scratch.borrowTouchList()
        defer { scratch.giveBack(&touches) }
        for recognizer in recognizers {
            for touch in recognizer.arbitration.sequenceTouches where touch.arbitration.mark != stamp {
                touch.arbitration.mark(stamp)
                touches.append(touch)
            }
        }
        let application = application
        for touch in application?.touchEvent.touchList ?? [] where touch.arbitration.mark != stamp {
            touch.arbitration.mark(stamp)
            touches.append(touch)
        }
        for touch in touches { touch.arbitration.leaveMarked(stamp) }
        guard let application else { return }
        // Presses too: a press still down must not hand its later phases to a recognizer that was reset.
        for press in application.pressesEvent.pressList { press.arbitration.leaveMarked(stamp) }
        // And the pointer's gestures: a scroll still going must not feed a recognizer that was reset.
        application.hoverInput.leaveMarked(stamp)
        application.scrollInput.leaveMarked(stamp)
        application.transformInput.leaveMarked(stamp)
    }

    // MARK: Changes from outside

    /// `isEnabled` turned off: a gesture in progress is cancelled, a possible one fails (D13).
    func recognizerWasDisabled(_ recognizer: UIGestureRecognizer) {
        guard let application else { return }
        // Traced in both cases: `isEnabled` is mostly turned off from outside any dispatch, where no tracer is
        // active, and the cancel of a gesture in progress (with its action) went unrecorded.
        application.deferringInput {
            switch recognizer.arbitration.settled {
            case .began, .changed: request(recognizer, .cancelled, cause: .disabled)
            case .possible:
                fail(recognizer, cause: .disabled)
                settle()
            default: break
            }
        }
    }

    /// A recognizer was removed from its view: it leaves the game without sending actions.
    func forget(_ recognizer: UIGestureRecognizer) {
        guard let application else { return }
        application.deferringInput {
            // Every state change is traced, so a trace read alone follows the transition table (D4): a
            // gesture in progress is traced as cancelled (it still sends no action), and the reset too.
            // (Untraced, the next gesture's first record started from a state the trace never reached.)
            // Out of play first: the failure below may run actions whose handlers remove views, and so forget
            // this recognizer again from inside: it was reset, and traced as reset, twice.
            let record = recognizer.arbitration
            guard record.isActive else { return }
            leavePlay(recognizer)
            let finalState: UIGestureRecognizer.State
            switch record.settled {
            case .possible:
                fail(recognizer, cause: .removedFromView(inProgress: false))
                finalState = .failed
            case .began, .changed:
                commit(recognizer, to: .cancelled, cause: .removedFromView(inProgress: true), sendingActions: false)
                finalState = .cancelled
            case .ended, .cancelled, .failed:
                finalState = record.settled
            }
            if record.isQueued { queue.remove(recognizer) }
            detach([recognizer])
            // Removed before its last change's action went out (another's handler removed it), it sends none.
            reset(recognizer, from: finalState, cause: .reset(removedFromView: true))
            viewDelivery.releaseWithheldTouches(asking: self)
            settle()
        }
    }

    /// `ignore(_:for:)`: the recognizer lets go of a touch, which its view then gets without delay (D13).
    func recognizer(_ recognizer: UIGestureRecognizer, ignores touch: UITouch) {
        recognizer.arbitration.ignore(touch)
        touch.arbitration.leave(recognizer)
    }

    /// `ignore(_:for:)` for a press: the recognizer stops tracking it.
    func recognizer(_ recognizer: UIGestureRecognizer, ignores press: UIPress) {
        recognizer.arbitration.ignore(press)
    }
}
