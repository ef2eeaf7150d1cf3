import Foundation

extension HIDEvent {
    /// The most earlier samples one finger's move carries after coalescing (I5). Past it, the oldest half
    /// are let go at once (so that a flood costs no more per merge than ordinary coalescing), and counted
    /// as dropped. 1,024 is four seconds of a 240 Hz stylus that the loop did not serve (chosen: iOS does
    /// not say how many it keeps); it bounds what a flood of moves can pile on one event.
    static let maximumCoalescedSamples = 1_024

    /// Merges `later` into `earlier` (taken at `time`): per finger, the later sample is the main one and
    /// carries the earlier ones; fingers that only one of them moves keep their own sample. Returns the
    /// merged samples and how many of the oldest coalesced samples were let go past the maximum.
    static func coalesce(_ earlier: [Touch], at time: TimeInterval,
                         with later: [Touch]) -> (samples: [Touch], thinned: Int) {
        var merged = earlier
        var thinned = 0
        for var sample in later {
            if let index = merged.firstIndex(where: { $0.finger == sample.finger }) {
                // The finger's history: the earlier record's samples, its main one, then the samples the later
                // one already carries (the port coalesces too, when it is full).
                var previous = merged[index]
                var history = previous.coalescedSamples
                previous.coalescedSamples = []
                history.append(Sample(touch: previous, timestamp: time))
                if !sample.coalescedSamples.isEmpty { history.append(contentsOf: sample.coalescedSamples) }
                sample.coalescedSamples = history
                if sample.coalescedSamples.count > maximumCoalescedSamples {
                    let excess = sample.coalescedSamples.count - maximumCoalescedSamples / 2
                    sample.coalescedSamples.removeFirst(excess)
                    thinned += excess
                }
                merged[index] = sample
            } else {
                merged.append(sample)
            }
        }
        return (merged, thinned)
    }
}

extension [HIDEvent.Touch] {
    /// Whether every sample is a move (a stationary sample counts as one): such records may coalesce.
    var allAreMoves: Bool {
        !isEmpty && allSatisfy { ($0.phase == .moved || $0.phase == .stationary) && $0.estimationUpdateIndex == nil }
    }
}
