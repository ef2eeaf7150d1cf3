import Foundation

extension InputPort {

    /// What the port lets in when it is full, and what it must remember to keep touches whole (R14).
    ///
    /// Below capacity every record gets in as it is, except the later samples of a touch whose beginning
    /// was dropped. At capacity (chosen policy; iOS only documents that moves coalesce, I5):
    /// - **moves** (and stationary samples) merge into the record waiting last when it holds only
    ///   moves, each finger's sample becoming the main one and carrying the earlier ones, as the loop's
    ///   own coalescing does; when the record waiting last is not all moves (an end, say), they become a
    ///   record of their own after it, which the next moves merge into. A move is never dropped, only
    ///   the oldest of more than ``HIDEvent/maximumCoalescedSamples`` samples merged into one;
    /// - a **finger going down** is dropped, and with it every later sample of that finger up to and
    ///   including its end, wherever the port stands then: the application never hears of the touch;
    /// - a **finger going up or cancelled** gets in beyond the capacity if the port let its beginning
    ///   in, so no view is left with a touch that never ends; the end of a finger the port never let
    ///   down is dropped (the application would drop it too);
    /// - **presses** and **shakes** follow the same rule as fingers: a beginning is dropped with its whole
    ///   life, an end whose beginning got in always gets in, a press's change is dropped;
    /// - a pointer's **hover**, **scroll** and **trackpad transform** (U1–U3) follow the rule of presses
    ///   for their beginnings and ends, one gesture of each kind at a time; their changes merge into the
    ///   record waiting last when it is a change of the same kind (a hover's and a transform's latest
    ///   values win, a scroll's steps add up), and are dropped otherwise;
    /// - **remote-control commands**, **touch refinements** and **pencil taps** are dropped.
    ///
    /// The port follows at most `capacity` fingers and as many presses down at once: a beginning
    /// beyond that is dropped like one at capacity. So the records let in beyond the capacity are the
    /// ends of what began (at most twice the capacity, fingers and presses, and one shake) and at most
    /// one record of moves after each record that is not all moves: the port never holds more than
    /// about five times its capacity, and under a flood of moves alone it holds its capacity and one
    /// record. Guarded by the port's lock.
    struct Admission {
        /// Fingers whose beginning the port let in and whose end it has not seen.
        private var fingersDown: [Int] = []
        /// Fingers whose beginning the port dropped: their samples are dropped up to their end.
        private var droppedFingers: [Int] = []
        /// Presses (by identifier) down, and presses whose beginning was dropped.
        private var pressesDown: [Int] = []
        private var droppedPresses: [Int] = []
        /// Whether a shake the port let begin is under way; whether one whose beginning was dropped is.
        private var motionDown = false
        private var motionDropped = false
        /// The same for a hover, a scroll and a transform, by ``PointerKind`` raw value.
        private var pointerDown = [false, false, false]
        private var pointerDropped = [false, false, false]
        /// Drops since the last drain (and whether there are any: what a drain asks), and since the port was made.
        private var drops = Drops()
        private(set) var hasDrops = false
        private(set) var droppedTotal = 0

        /// What the port dropped between two turns of the loop, by kind, in samples.
        struct Drops: Equatable {
            /// Touch samples: every sample of a touch that began while the port was full, and ends of
            /// fingers the port never let down.
            var touchSamples = 0
            /// The oldest samples of runs of coalesced moves past ``HIDEvent/maximumCoalescedSamples``.
            var coalescedSamples = 0
            var presses = 0
            var motions = 0
            var remoteCommands = 0
            var touchUpdates = 0
            /// Hover, scroll and transform samples, and pencil taps.
            var pointerSamples = 0

            var total: Int { touchSamples + coalescedSamples + presses + motions + remoteCommands + touchUpdates + pointerSamples }
            var isEmpty: Bool { total == 0 }
        }

        /// Appends `event` to `buffer`, merges it into the record waiting last, or drops it, as the
        /// policy above says.
        mutating func admit(_ event: consuming HIDEvent, into buffer: inout [HIDEvent], capacity: Int) {
            let full = buffer.count >= capacity
            if !full, droppedFingers.isEmpty, case .touches = event.payload {
                // The usual post: room in the port, no dropped finger to filter out. The record goes in as it is
                // and is read where it lies (reading it before would copy it, and a record's copy retains its
                // samples); only a finger going down or up is noted. A move costs a look at its phase.
                buffer.append(event)
                let last = buffer.count - 1
                let look = Self.look(at: buffer[last])
                guard look.beginsOrEnds else { return }
                if look.samples == 1 {
                    // One finger, the usual record: noted from plain values.
                    if fingersDown.count < capacity { return note(finger: look.finger, phase: look.phase) }
                } else if fingersDown.count + look.samples <= capacity {
                    guard case .touches(let samples) = buffer[last].payload else { return }
                    for sample in samples where sample.phase != .moved && sample.phase != .stationary {
                        note(finger: sample.finger, phase: sample.phase)
                    }
                    return
                }
                // Past the fingers the port follows: decided sample by sample, below.
                let record = buffer.removeLast()
                guard case .touches(let held) = record.payload else { return }
                return admitTouches(held, at: record.timestamp, into: &buffer, full: full, capacity: capacity)
            }
            switch event.payload {
            case .touches(let samples):
                admitTouches(samples, at: event.timestamp, into: &buffer, full: full, capacity: capacity)
            case .press(let press):
                if admitPress(press, full: full, capacity: capacity) { buffer.append(event) } else { drop(\.presses) }
            case .motion(_, let phase):
                if admitMotion(phase, full: full) { buffer.append(event) } else { drop(\.motions) }
            case .remoteControl:
                if full { drop(\.remoteCommands) } else { buffer.append(event) }
            case .touchUpdate:
                if full { drop(\.touchUpdates) } else { buffer.append(event) }
            case .hover(let hover):
                admitPointer(.hover, hover.phase, event, into: &buffer, full: full)
            case .scroll(let scroll):
                admitPointer(.scroll, scroll.phase, event, into: &buffer, full: full)
            case .transform(let transform):
                admitPointer(.transform, transform.phase, event, into: &buffer, full: full)
            case .pencilTap:
                if full { drop(\.pointerSamples) } else { buffer.append(event) }
            }
        }

        /// The kinds of pointer gesture the port follows.
        private enum PointerKind: Int { case hover, scroll, transform }

        /// A hover's, scroll's or transform's sample: beginnings and ends as for presses, changes merged at
        /// capacity into the change of the same kind waiting last, or dropped.
        private mutating func admitPointer(_ kind: PointerKind, _ phase: HIDEvent.Phase, _ event: consuming HIDEvent,
                                           into buffer: inout [HIDEvent], full: Bool) {
            let index = kind.rawValue
            switch phase {
            case .began:
                if full {
                    pointerDropped[index] = true
                    return drop(\.pointerSamples)
                }
                pointerDropped[index] = false
                pointerDown[index] = true
                buffer.append(event)
            case .ended, .cancelled:
                if pointerDropped[index] {
                    // The end of a gesture whose beginning was dropped: the application never began it.
                    pointerDropped[index] = false
                    return drop(\.pointerSamples)
                }
                if pointerDown[index] || !full {
                    pointerDown[index] = false
                    buffer.append(event)
                } else {
                    drop(\.pointerSamples)
                }
            case .changed:
                if !full { return buffer.append(event) }
                if let last = buffer.indices.last, let merged = Self.merge(event.payload, into: buffer[last].payload) {
                    buffer[last] = HIDEvent(timestamp: event.timestamp, payload: merged)
                } else {
                    drop(\.pointerSamples)
                }
            }
        }

        /// `later`, a change, merged into `earlier` if that is a change of the same kind; nil otherwise.
        private static func merge(_ later: HIDEvent.Payload, into earlier: HIDEvent.Payload) -> HIDEvent.Payload? {
            switch (earlier, later) {
            case (.hover(let old), .hover(let new)) where old.phase == .changed && old.type == new.type:
                return .hover(new)
            case (.scroll(var old), .scroll(let new))
                where old.phase == .changed && old.type == new.type && old.isMomentum == new.isMomentum:
                old.delta.x += new.delta.x
                old.delta.y += new.delta.y
                old.ticks.x += new.ticks.x
                old.ticks.y += new.ticks.y
                old.location = new.location
                old.modifierFlags = new.modifierFlags
                return .scroll(old)
            case (.transform(let old), .transform(let new)) where old.phase == .changed:
                return .transform(new)
            default:
                return nil
            }
        }

        /// A touch record's samples, the first one's finger and phase, and whether any finger goes down
        /// or up in it (not only moves); nothing for other records.
        @inline(__always)
        private static func look(at record: HIDEvent) -> (samples: Int, finger: Int, phase: UITouch.Phase, beginsOrEnds: Bool) {
            guard case .touches(let samples) = record.payload, !samples.isEmpty else { return (0, 0, .moved, false) }
            var beginsOrEnds = false
            for index in samples.indices where samples[index].phase != .moved && samples[index].phase != .stationary {
                beginsOrEnds = true
                break
            }
            return (samples.count, samples[0].finger, samples[0].phase, beginsOrEnds)
        }

        /// Follows a finger the port lets go down or up.
        private mutating func note(finger: Int, phase: UITouch.Phase) {
            if phase == .began {
                if !fingersDown.contains(finger) { fingersDown.append(finger) }
            } else if let index = fingersDown.firstIndex(of: finger) {
                fingersDown.remove(at: index)
            }
        }

        private mutating func admitTouches(_ samples: [HIDEvent.Touch], at timestamp: TimeInterval,
                                           into buffer: inout [HIDEvent], full: Bool, capacity: Int) {
            var kept: [HIDEvent.Touch] = []
            kept.reserveCapacity(samples.count)
            for sample in samples {
                let finger = sample.finger
                let ends = sample.phase == .ended || sample.phase == .cancelled
                if let index = droppedFingers.firstIndex(of: finger) {
                    // The rest of a touch whose beginning was dropped.
                    if ends { droppedFingers.remove(at: index) }
                    drop(\.touchSamples)
                    continue
                }
                switch sample.phase {
                case .began:
                    if full || fingersDown.count >= capacity {
                        if droppedFingers.count < capacity { droppedFingers.append(finger) }
                        drop(\.touchSamples)
                    } else {
                        if !fingersDown.contains(finger) { fingersDown.append(finger) }
                        kept.append(sample)
                    }
                case .ended, .cancelled:
                    if let index = fingersDown.firstIndex(of: finger) {
                        fingersDown.remove(at: index)
                        kept.append(sample)
                    } else if full {
                        drop(\.touchSamples)
                    } else {
                        kept.append(sample)
                    }
                case .moved, .stationary:
                    kept.append(sample)
                }
            }
            guard !kept.isEmpty else { return }
            guard full else { return buffer.append(HIDEvent(timestamp: timestamp, payload: .touches(kept))) }
            // Full: the moves merge into the moves waiting last, or are dropped; the ends get in as a record
            // of their own behind them.
            var moves: [HIDEvent.Touch] = [], ends: [HIDEvent.Touch] = []
            for sample in kept {
                if sample.phase == .moved || sample.phase == .stationary { moves.append(sample) } else { ends.append(sample) }
            }
            if !moves.isEmpty {
                if moves.allAreMoves, let last = buffer.last, case .touches(let earlier) = last.payload, earlier.allAreMoves {
                    let merged = HIDEvent.coalesce(earlier, at: last.timestamp, with: moves)
                    if merged.thinned > 0 { drop(\.coalescedSamples, merged.thinned) }
                    buffer[buffer.count - 1] = HIDEvent(timestamp: timestamp, payload: .touches(merged.samples))
                } else {
                    // Nothing to merge into: the moves wait after the record in the way. (A sample that awaits
                    // a refinement never merges; it waits on its own too.)
                    buffer.append(HIDEvent(timestamp: timestamp, payload: .touches(moves)))
                }
            }
            if !ends.isEmpty { buffer.append(HIDEvent(timestamp: timestamp, payload: .touches(ends))) }
        }

        private mutating func admitPress(_ press: HIDEvent.Press, full: Bool, capacity: Int) -> Bool {
            let identifier = press.identifier
            let ends = press.phase == .ended || press.phase == .cancelled
            if let index = droppedPresses.firstIndex(of: identifier) {
                if ends { droppedPresses.remove(at: index) }
                return false
            }
            switch press.phase {
            case .began:
                if full || pressesDown.count >= capacity {
                    if droppedPresses.count < capacity { droppedPresses.append(identifier) }
                    return false
                }
                if !pressesDown.contains(identifier) { pressesDown.append(identifier) }
                return true
            case .ended, .cancelled:
                if let index = pressesDown.firstIndex(of: identifier) {
                    pressesDown.remove(at: index)
                    return true
                }
                return !full
            case .changed, .stationary:
                return !full
            }
        }

        private mutating func admitMotion(_ phase: HIDEvent.MotionPhase, full: Bool) -> Bool {
            switch phase {
            case .began:
                if motionDropped { return false }
                if full {
                    motionDropped = true
                    return false
                }
                motionDown = true
                return true
            case .ended, .cancelled:
                if motionDropped {
                    motionDropped = false
                    return false
                }
                if motionDown {
                    motionDown = false
                    return true
                }
                return !full
            }
        }

        private mutating func drop(_ kind: WritableKeyPath<Drops, Int>, _ count: Int = 1) {
            drops[keyPath: kind] += count
            droppedTotal += count
            hasDrops = true
        }

        /// The drops since the last call, which the loop's turn reports; nil when there were none.
        mutating func takeDrops() -> Drops? {
            guard hasDrops else { return nil }
            defer {
                drops = Drops()
                hasDrops = false
            }
            return drops
        }
    }
}
