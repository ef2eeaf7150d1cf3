import Foundation

extension UIApplication {

    /// Moves everything posted to the input port into the FIFO queue (source1), coalescing moves (I5),
    /// and reports what the port dropped because it was full.
    ///
    /// Moves coalesce only with moves: a record whose samples are all moves merges into the record just
    /// before it in the queue when that one is all moves too, and each finger's later sample becomes the
    /// main one, its earlier samples kept as coalesced ones. Anything else — a finger going down, up or
    /// cancelled, a press, a motion, a remote-control command, a refinement — stays a record of its own
    /// and keeps its place, so nothing but moves is ever merged or reordered, and nothing is dropped here
    /// but the oldest samples of a run of moves longer than ``HIDEvent/maximumCoalescedSamples``.
    func receiveFromPort() {
        let dropped = inputPort.drain(into: &portRecords)
        var thinned = 0
        if !portRecords.isEmpty {
            if tracesRunLoopStages { trace(.runLoop(.portDrained(records: portRecords.count))) }
            if portRecords.count == 1, inputQueue.isEmpty {
                // The usual turn: one record, nothing queued it could merge with. The two lists trade their
                // storage instead of copying the record (each copy of a record retains its samples).
                swapInputQueueWithPortRecords()
            } else {
                thinned = moveRecordsToQueue()
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
        // Drops are rare: only then are they asked for (and the port's lock taken again).
        guard dropped || thinned > 0 else { return }
        var drops = (dropped ? inputPort.takeDrops() : nil) ?? InputPort.Admission.Drops()
        drops.coalescedSamples += thinned
        if tracer != nil { reportDropped(drops) }
    }

    /// One record for everything the port dropped since the last turn, with the count of each kind.
    private func reportDropped(_ drops: InputPort.Admission.Drops) {
        var parts: [String] = []
        func count(_ number: Int, _ one: String, _ many: String) {
            if number > 0 { parts.append("\(number) \(number == 1 ? one : many)") }
        }
        count(drops.touchSamples, "touch sample", "touch samples")
        count(drops.coalescedSamples, "coalesced move", "coalesced moves")
        count(drops.presses, "press", "presses")
        count(drops.motions, "motion", "motions")
        count(drops.remoteCommands, "remote-control command", "remote-control commands")
        count(drops.touchUpdates, "touch refinement", "touch refinements")
        count(drops.pointerSamples, "hover, scroll, transform or pencil sample", "hover, scroll, transform or pencil samples")
        trace(.dropped(what: parts.joined(separator: ", "), reason: .inputPortFull(capacity: inputPort.capacity)))
    }

    /// Appends the records taken from the port to the queue, merging moves into the moves before them,
    /// and empties the port's list. Returns how many coalesced samples were let go past the maximum.
    private func moveRecordsToQueue() -> Int {
        var thinned = 0
        for event in portRecords {
            if case .touches(let samples) = event.payload, samples.allAreMoves,
               let last = inputQueue.last, case .touches(let earlier) = last.payload, earlier.allAreMoves {
                let merged = HIDEvent.coalesce(earlier, at: last.timestamp, with: samples)
                thinned += merged.thinned
                inputQueue[inputQueue.count - 1] = HIDEvent(timestamp: event.timestamp, payload: .touches(merged.samples))
            } else {
                inputQueue.append(event)
            }
        }
        portRecords.removeAllKeepingStorage()
        return thinned
    }

    /// Fires the timers due by `time`, each in its own traced step (R26: real-time decisions are traced
    /// like virtual ones). Returns how many fired.
    @discardableResult
    func fireDueTimers(dueBy time: TimeInterval) -> Int {
        guard let first = clock.nextFireTime, first <= time else { return 0 }
        return clock.fireTimers(dueBy: time)
    }
}

extension HIDEvent {
    /// The type of event the record becomes; nil for a pencil's tap, which reaches interactions, not
    /// `sendEvent` (nor does it in UIKit).
    var eventType: UIEvent.EventType? {
        switch payload {
        case .touches, .touchUpdate: return .touches
        case .press: return .presses
        case .motion: return .motion
        case .remoteControl: return .remoteControl
        case .hover: return .hover
        case .scroll: return .scroll
        case .transform: return .transform
        case .pencilTap: return nil
        }
    }
}
