import Foundation

extension TraceRecord {

    /// What a presentation did or decided (``TraceRecord/Kind/presentation(controller:change:)``), about
    /// the presented controller: its transitions, and every decision about a sheet's drag.
    public enum PresentationChange: Sendable, Equatable, CustomStringConvertible {
        /// A presentation or a dismissal began. `interactive`: the user drives it (a sheet's drag).
        case transitionBegan(presenting: TraceSubject?, style: UIModalPresentationStyle, dismissing: Bool, animated: Bool, interactive: Bool)
        /// It ended: a dismissal completed (`dismissed`), a presentation completed, or a dragged sheet was
        /// let go early and stays (`cancelled`).
        case transitionEnded(dismissed: Bool, cancelled: Bool)
        /// The user dragged a sheet that may not be dismissed, and why: the delegate hears
        /// `presentationControllerDidAttemptToDismiss`.
        case dismissalRefused(SheetRefusal)
        /// The user let a dragged sheet go: dismissed or kept. `progress` is the fraction of the sheet's
        /// height dragged, `velocity` the finger's speed in window heights a second (positive downward).
        case sheetDecided(dismisses: Bool, progress: CGFloat, velocity: CGFloat, reason: SheetDecision)

        /// The change as the trace prints it.
        public var description: String {
            switch self {
            case .transitionBegan(let presenting, let style, let dismissing, let animated, let interactive):
                let how = interactive ? "dragged by the user" : animated ? "animated" : "not animated"
                let by = presenting.map { " by '\($0.name)'" } ?? ""
                return "\(dismissing ? "dismissal" : "presentation")\(by) as \(style) (\(how))"
            case .transitionEnded(let dismissed, let cancelled):
                if cancelled { return "drag let go early: the sheet stays" }
                return dismissed ? "dismissed" : "presented"
            case .dismissalRefused(let reason):
                return "dismissal refused: \(reason); presentationControllerDidAttemptToDismiss"
            case .sheetDecided(let dismisses, let progress, let velocity, let reason):
                return "sheet let go at \(TraceRecord.number((progress * 100).rounded()))% of its height, "
                    + "\(TraceRecord.number((velocity * 100).rounded() / 100)) heights/s: \(dismisses ? "dismissed" : "stays") (\(reason))"
            }
        }
    }

    /// Why a sheet may not be dismissed by the user.
    public enum SheetRefusal: Sendable, Equatable, CustomStringConvertible {
        /// `isModalInPresentation` is true on this controller (the presented one or a child of it).
        case modalInPresentation(TraceSubject)
        /// The presentation controller's delegate answered false to `presentationControllerShouldDismiss`.
        case delegateDeclined

        public var description: String {
            switch self {
            case .modalInPresentation(let controller): return "'\(controller.name)' is modal in presentation"
            case .delegateDeclined: return "presentationControllerShouldDismiss answered false"
            }
        }
    }

    /// What decided a dragged sheet's end.
    public enum SheetDecision: Sendable, Equatable, CustomStringConvertible {
        /// A flick: at least `threshold` window heights a second, down (dismissed) or up (stays).
        case flick(threshold: CGFloat)
        /// Slower than a flick, and past (dismissed) or short of (stays) `threshold` of the sheet's height.
        case distance(threshold: CGFloat)
        /// The pan was cancelled.
        case recognizerCancelled

        public var description: String {
            switch self {
            case .flick(let threshold): return "a flick of at least \(TraceRecord.number(threshold)) heights/s"
            case .distance(let threshold): return "no flick: compared with \(TraceRecord.number((threshold * 100).rounded()))% of its height"
            case .recognizerCancelled: return "the pan was cancelled"
            }
        }
    }
}
