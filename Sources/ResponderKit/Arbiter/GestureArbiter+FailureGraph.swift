import Foundation

/// The failure graph: who must wait for whose failure (R25's questions, `require(toFail:)`, R7), and
/// who waits now.
extension GestureArbiter {

    // MARK: Failure requirements asked when a touch is shared (R25)

    /// R25: `recognizer` starts sharing `touch` with the recognizers that already receive it. Each pair
    /// not yet asked in this gesture is asked, both ways, whether one must wait for the other to fail:
    /// first whether the newcomer waits for the other, then the reverse (a choice: UIKit does not say).
    /// Within one way the sources are asked in turn until one says yes: the requiring recognizer's
    /// hook, the other's hook, the requiring recognizer's delegate, the other's delegate.
    ///
    /// Pairs of two recognizers whose questions can only answer false are not asked (see
    /// ``UIGestureRecognizer/asksFailureQuestions``).
    ///
    /// Cost: linear in the recognizers that have the touch. Whether a pair was asked is a stamp on the
    /// newcomer's partners (``RecognizerRecord/markPartners(_:)``), and whether one of them still has
    /// the touch a stamp too, not a search of a list, so that a touch shared by n recognizers costs
    /// what its n² pairs cost. The questions run user code, which may reset recognizers (their stamps
    /// are then taken again) or make one let go of the touch (then the list is searched).
    func pairFailureRequirements(of recognizer: UIGestureRecognizer, sharing touch: UITouch) {
        if recognizer.asksFailureQuestions {
            var stamp = markPartners(of: recognizer)
            for other in touch.arbitration.receivers where other !== recognizer {
                if stamp != currentStamp { stamp = markPartners(of: recognizer) }
                askFailureQuestions(recognizer, other, stamp: stamp)
            }
            noteQuestioner(recognizer, of: touch)
        } else if !questioners.isEmpty {
            // The recognizers that asked their questions about this touch, and still have it.
            var stamp = 0, edits = 0
            for entry in questioners where entry.touch === touch && entry.recognizer !== recognizer {
                if stamp == 0 || stamp != currentStamp || edits != touch.arbitration.receiverEdits {
                    stamp = markPartners(of: recognizer)
                    edits = touch.arbitration.receiverEdits
                    for receiver in touch.arbitration.receivers { receiver.arbitration.mark(stamp) }
                }
                guard entry.recognizer.arbitration.mark == stamp else { continue }
                askFailureQuestions(recognizer, entry.recognizer, stamp: stamp)
            }
        }
    }

    /// Marks the recognizers `recognizer` was paired with in this gesture with a fresh stamp.
    private func markPartners(of recognizer: UIGestureRecognizer) -> Int {
        let stamp = newStamp()
        recognizer.arbitration.markPartners(stamp)
        return stamp
    }

    /// Asks the questions of one pair, once per gesture (see ``pairFailureRequirements(of:sharing:)``).
    private func askFailureQuestions(_ newcomer: UIGestureRecognizer, _ other: UIGestureRecognizer, stamp: Int) {
        let newRecord = newcomer.arbitration, otherRecord = other.arbitration
        if newRecord.wasPaired(newcomer, with: other, stamp: stamp) { return }
        RecognizerRecord.pair(newcomer, other)
        if answersRequirement(of: newcomer, toWaitFor: other) { newRecord.requireByAnswer(other) }
        if answersRequirement(of: other, toWaitFor: newcomer) { otherRecord.requireByAnswer(newcomer) }
    }

    /// Whether `recognizer` must wait for `other` to fail, by the hooks and delegates (D8).
    private func answersRequirement(of recognizer: UIGestureRecognizer, toWaitFor other: UIGestureRecognizer) -> Bool {
        if recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer) { return true }
        if let delegate = recognizer.delegate, ask(recognizer, .shouldRequireFailure(of: other.traceSubject), {
            delegate.gestureRecognizer(recognizer, shouldRequireFailureOf: other)
        }) { return true }
        if let delegate = other.delegate, ask(other, .shouldBeRequiredToFail(by: recognizer.traceSubject), {
            delegate.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer)
        }) { return true }
        return false
    }

    // MARK: Waiting (R7)

    /// Whether `recognizer` is in play and has not decided: others may have to wait for it.
    func isUndecided(_ recognizer: UIGestureRecognizer) -> Bool {
        let record = recognizer.arbitration
        return record.settled == .possible && recognizer.isEnabled && record.isActive
    }

    /// Appends to `result` (empty) the undecided recognizers `recognizer` must wait for, in the order they
    /// joined play: those it requires to fail (`require(toFail:)`, checked now) and those the questions of
    /// R25 named. An edge that would close a cycle is left out and reported. The list is the caller's
    /// (borrowed), and the cycles are struck from it in place: every recognizer that tries to begin comes
    /// here, and two lists allocated for each were two of the allocations of every link of a chain.
    func collectUndecidedDependencies(of recognizer: UIGestureRecognizer, into result: inout [UIGestureRecognizer]) {
        for entry in recognizer.requiredToFail {
            if let other = entry.recognizer, other !== recognizer, isUndecided(other), !result.containsObject(other) {
                result.append(other)
            }
        }
        for other in recognizer.arbitration.requiredByAnswer
        where other !== recognizer && isUndecided(other) && !result.containsObject(other) {
            result.append(other)
        }
        guard !result.isEmpty else { return }
        sortByJoinOrder(&result)
        var kept = 0
        for index in result.indices {
            let other = result[index]
            if waits(other, for: recognizer) {
                trace(.failureCycleBroken(recognizer: recognizer.traceSubject, ignoring: other.traceSubject))
                continue
            }
            result[kept] = other
            kept += 1
        }
        if kept < result.count { result.removeLast(result.count - kept) }
    }

    /// Whether `start` is waiting, directly or through others, for `target`.
    private func waits(_ start: UIGestureRecognizer, for target: UIGestureRecognizer) -> Bool {
        guard !start.arbitration.waitsFor.isEmpty else { return start === target }
        let stamp = newStamp()
        var stack = [start]
        while let current = stack.popLast() {
            if current === target { return true }
            let record = current.arbitration
            if record.mark == stamp { continue }
            record.mark(stamp)
            stack.append(contentsOf: record.waitsFor)
        }
        return false
    }

    /// The recognizers in play that started waiting for `recognizer` (which has some), in the order they
    /// joined play, each once; the record's list is emptied (a decided recognizer is waited for no more).
    /// The list is borrowed, and the caller gives it back to ``scratch``: a chain settles one link per
    /// recognizer, and a list allocated for each was one of the allocations every link made.
    func takeWaiters(of recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
        let record = recognizer.arbitration
        var list = scratch.borrowRecognizerList()
        for waiting in record.waiters where waiting.arbitration.isActive && !list.containsObject(waiting) {
            list.append(waiting)
        }
        record.forgetWaiters()
        sortByJoinOrder(&list)
        return list
    }

    /// Sorts a short list of recognizers into the order they joined play (insertion sort: the lists are
    /// a handful long, and usually already sorted).
    func sortByJoinOrder(_ list: inout [UIGestureRecognizer]) {
        guard list.count > 1 else { return }
        for index in 1 ..< list.count {
            let item = list[index]
            let key = item.arbitration.joinIndex
            var position = index
            while position > 0, list[position - 1].arbitration.joinIndex > key {
                list[position] = list[position - 1]
                position -= 1
            }
            list[position] = item
        }
    }
}
