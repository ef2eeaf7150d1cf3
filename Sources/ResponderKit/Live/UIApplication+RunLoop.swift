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
        defer { portRecords.removeAll(keepingCapacity: true) }
        if tracesRunLoopStages { trace(.runLoop(.portDrained(records: portRecords.count))) }
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
        if tracesRunLoopStages {
            for event in inputQueue {
                guard case .touches(let samples) = event.payload else { continue }
                for sample in samples where !sample.coalescedSamples.isEmpty {
                    trace(.runLoop(.movesCoalesced(finger: sample.finger, samples: sample.coalescedSamples.count + 1)))
                }
            }
        }
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
