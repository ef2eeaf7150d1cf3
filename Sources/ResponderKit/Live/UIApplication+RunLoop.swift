import Foundation

extension UIApplication {

    /// Moves everything posted to the input port into the FIFO queue (source1), coalescing moves (I5).
    ///
    /// Moves coalesce only with moves: a record whose samples are all moves merges into the record just
    /// before it in the queue when that one is all moves too, and each finger's later sample becomes the
    /// main one, its earlier samples kept as coalesced ones. Anything else — a finger going down, up or
    /// cancelled, a press, a motion, a remote-control command, a refinement — stays a record of its own
    /// and keeps its place, so nothing but moves is ever merged, dropped or reordered.
    func receiveFromPort() {
        inputPort.drain(into: &portRecords)
        guard !portRecords.isEmpty else { return }
        if tracesRunLoopStages { trace(.runLoop(.portDrained(records: portRecords.count))) }
        if portRecords.count == 1, inputQueue.isEmpty {
            // The usual turn: one record, nothing queued it could merge with. The two lists trade their
            // storage instead of copying the record (each copy of a record retains its samples).
            swap(&inputQueue, &portRecords)
        } else {
            moveRecordsToQueue()
        }
        if tracesRunLoopStages {
            for event in inputQueue {
                guard case .touches(let samples) = event.payload else { continue }
                for sample in samples where !sample.coalescedSamples.isEmpty {
                    trace(.runLoop(.movesCoalesced(finger: sample.finger, samples: sample.coalescedSamples.count + 1)))
                }
            }
        }
    }

    /// Appends the records taken from the port to the queue, merging moves into the moves before them,
    /// and empties the port's list.
    private func moveRecordsToQueue() {
        for event in portRecords {
            if case .touches(let samples) = event.payload, samples.allAreMoves,
               let last = inputQueue.last, case .touches(let earlier) = last.payload, earlier.allAreMoves {
                inputQueue[inputQueue.count - 1] = HIDEvent(
                    timestamp: event.timestamp,
                    payload: .touches(Self.coalesce(earlier, at: last.timestamp, with: samples)))
            } else {
                inputQueue.append(event)
            }
        }
        portRecords.removeAllKeepingStorage()
    }

    /// Merges `later` into `earlier` (taken at `time`): per finger, the later sample is the main one and
    /// carries the earlier ones; fingers that only one of them moves keep their own sample.
    private static func coalesce(_ earlier: [HIDEvent.Touch], at time: TimeInterval,
                                 with later: [HIDEvent.Touch]) -> [HIDEvent.Touch] {
        var merged = earlier
        for var sample in later {
            if let index = merged.firstIndex(where: { $0.finger == sample.finger }) {
                var previous = merged[index]
                sample.coalescedSamples = previous.coalescedSamples
                previous.coalescedSamples = []
                sample.coalescedSamples.append(HIDEvent.Sample(touch: previous, timestamp: time))
                merged[index] = sample
            } else {
                merged.append(sample)
            }
        }
        return merged
    }

    /// Fires the timers due by `time`, each in its own traced step (R26: real-time decisions are traced
    /// like virtual ones). Returns how many fired.
    @discardableResult
    func fireDueTimers(dueBy time: TimeInterval) -> Int {
        guard let first = clock.nextFireTime, first <= time else { return 0 }
        return clock.fireTimers(dueBy: time)
    }
}

extension [HIDEvent.Touch] {
    /// Whether every sample is a move (a stationary sample counts as one): such records may coalesce.
    var allAreMoves: Bool {
        !isEmpty && allSatisfy { ($0.phase == .moved || $0.phase == .stationary) && $0.estimationUpdateIndex == nil }
    }
}

extension HIDEvent {
    /// The type of event the record becomes.
    var eventType: UIEvent.EventType {
        switch payload {
        case .touches, .touchUpdate: return .touches
        case .press: return .presses
        case .motion: return .motion
        case .remoteControl: return .remoteControl
        }
    }
}
