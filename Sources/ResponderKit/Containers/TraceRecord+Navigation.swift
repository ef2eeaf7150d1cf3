import Foundation

extension TraceRecord {

    /// What a navigation controller did or decided (``TraceRecord/Kind/navigation(controller:change:)``):
    /// its transitions, and every decision about its back swipe (T7).
    public enum NavigationChange: Sendable, Equatable, CustomStringConvertible {
        /// A transition began, from the controller shown to the top of the stack. `interactive`: the back
        /// swipe drives it.
        case transitionBegan(isPush: Bool, from: TraceSubject?, to: TraceSubject?, animated: Bool, interactive: Bool)
        /// A transition ended: completed, `shown` is its destination; cancelled, its origin again.
        case transitionEnded(shown: TraceSubject?, cancelled: Bool)
        /// The back swipe takes no touches or does not begin, and why (T7).
        case backSwipeRefused(BackSwipeRefusal)
        /// The back swipe began with only the root controller on the stack (its delegate was replaced and
        /// let it): there is nothing to pop, and the navigation controller now waits for an interactive
        /// transition that the next animated change will start and nothing will drive.
        case backSwipeFoundNothingToPop
        /// The finger lifted: the pop completes or is cancelled. `progress` is the fraction of the width
        /// travelled, `velocity` the finger's speed in widths a second (positive to the right).
        case backSwipeDecided(completes: Bool, progress: CGFloat, velocity: CGFloat, reason: BackSwipeDecision)

        /// The change as the trace prints it.
        public var description: String {
            switch self {
            case .transitionBegan(let isPush, let from, let to, let animated, let interactive):
                let how = interactive ? "interactive" : animated ? "animated" : "not animated"
                return "\(isPush ? "push" : "pop") '\(from?.name ?? "nothing")' → '\(to?.name ?? "nothing")' (\(how))"
            case .transitionEnded(let shown, let cancelled):
                return cancelled ? "transition cancelled: '\(shown?.name ?? "nothing")' stays" : "transition done: shows '\(shown?.name ?? "nothing")'"
            case .backSwipeRefused(let reason):
                return "back swipe refused: \(reason) (T7)"
            case .backSwipeFoundNothingToPop:
                return "back swipe began with only the root controller: nothing to pop; the next animated change will wait for a swipe (T7)"
            case .backSwipeDecided(let completes, let progress, let velocity, let reason):
                return "back swipe let go at \(TraceRecord.number((progress * 100).rounded()))% of the width, "
                    + "\(TraceRecord.number((velocity * 100).rounded() / 100)) widths/s: \(completes ? "pops" : "cancelled") (\(reason), T7)"
            }
        }
    }

    /// Why the back swipe takes no touches, or does not begin (T7).
    public enum BackSwipeRefusal: Sendable, Equatable, CustomStringConvertible {
        /// Only the root controller is on the stack: there is nothing to pop.
        case onlyRootController
        /// A push or pop is running.
        case transitionRunning
        /// The drag does not go right, away from the edge.
        case notAwayFromEdge

        public var description: String {
            switch self {
            case .onlyRootController: return "only the root controller is on the stack"
            case .transitionRunning: return "a transition is running"
            case .notAwayFromEdge: return "the drag does not go away from the edge"
            }
        }
    }

    /// What decided a back swipe's end (T7).
    public enum BackSwipeDecision: Sendable, Equatable, CustomStringConvertible {
        /// A flick: at least `threshold` widths a second, toward the right (pops) or the left (cancels).
        case flick(threshold: CGFloat)
        /// Slower than a flick, and past (pops) or short of (cancels) `threshold` of the width.
        case distance(threshold: CGFloat)
        /// The recognizer was cancelled.
        case recognizerCancelled

        public var description: String {
            switch self {
            case .flick(let threshold): return "a flick of at least \(TraceRecord.number(threshold)) width/s"
            case .distance(let threshold): return "no flick: compared with \(TraceRecord.number((threshold * 100).rounded()))% of the width"
            case .recognizerCancelled: return "the recognizer was cancelled"
            }
        }
    }
}
