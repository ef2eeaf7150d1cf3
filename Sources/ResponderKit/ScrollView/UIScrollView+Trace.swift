import Foundation

/// What scroll views report to the tracer: their delegate calls, the fate of content touches (S1–S4),
/// and their motion. Every scroll-view record is made here.
extension UIScrollView {

    func traceDelegateCall(_ call: TraceRecord.ScrollViewCall) {
        guard let application = window?.application ?? lastApplication, application.tracer != nil else { return }
        application.report(.scrollViewDelegate(scrollView: traceSubject, call: call))
    }

    func traceContentTouch(_ touch: UITouch, _ fate: TraceRecord.ContentTouchFate) {
        // A content touch always has its view: the scroll view holds or cancels touches bound to views.
        guard let view = touch.view,
              let application = window?.application ?? lastApplication, application.tracer != nil else { return }
        application.report(.contentTouch(finger: touch.finger, view: view.traceSubject, scrollView: traceSubject, fate: fate))
    }

    func traceMotion(_ change: TraceRecord.ScrollViewChange) {
        guard let application = window?.application ?? lastApplication, application.tracer != nil else { return }
        application.report(.scrollView(scrollView: traceSubject, change: change))
    }

    func traceScrollRefusal(_ reason: TraceRecord.ScrollViewChange.Refusal) {
        traceMotion(.dragRefused(reason))
    }
}

extension TraceRecord {
    /// A call a scroll view made to its delegate (made whether or not it has one).
    public enum ScrollViewCall: Sendable, Equatable, CustomStringConvertible {
        case didScroll(offset: CGPoint)
        case willBeginDragging
        /// `velocity` in points per second along the content offset; `target` the proposed rest point.
        case willEndDragging(velocity: CGPoint, target: CGPoint)
        case didEndDragging(willDecelerate: Bool)
        case willBeginDecelerating
        case didEndDecelerating
        case didEndScrollingAnimation
        case willBeginZooming
        case didZoom(scale: CGFloat)
        case didEndZooming(scale: CGFloat)

        public var description: String {
            switch self {
            case .didScroll(let offset): return "scrollViewDidScroll \(point(offset))"
            case .willBeginDragging: return "scrollViewWillBeginDragging"
            case .willEndDragging(let velocity, let target):
                return "scrollViewWillEndDragging velocity \(point(velocity)) pt/s, target \(point(target))"
            case .didEndDragging(let decelerate): return "scrollViewDidEndDragging willDecelerate: \(decelerate)"
            case .willBeginDecelerating: return "scrollViewWillBeginDecelerating"
            case .didEndDecelerating: return "scrollViewDidEndDecelerating"
            case .didEndScrollingAnimation: return "scrollViewDidEndScrollingAnimation"
            case .willBeginZooming: return "scrollViewWillBeginZooming"
            case .didZoom(let scale): return "scrollViewDidZoom scale \(TraceRecord.number(scale))"
            case .didEndZooming(let scale): return "scrollViewDidEndZooming atScale \(TraceRecord.number(scale))"
            }
        }
    }

    /// What became of a touch in a scroll view's content (S1–S4, S5).
    public enum ContentTouchFate: Sendable, Equatable, CustomStringConvertible {
        /// Held back: the scroll view waits to see whether the user scrolls (S1).
        case delayed
        /// Held for the whole delay, then delivered (S1).
        case released(after: TimeInterval)
        /// The finger lifted within the delay: began and ended are delivered together (S1).
        case releasedOnLift
        /// The scroll view let it through (the delay passed, or the finger lifted within it), but other
        /// undecided recognizers that delay touches began still hold it back: the view gets it when they
        /// fail, never if one recognizes (D11, R13).
        case stillWithheld(by: [TraceSubject])
        /// `touchesShouldBegin(_:with:in:)` returned false: the view never gets it (S2).
        case refusedByTouchesShouldBegin
        /// Scrolling began and `touchesShouldCancel(in:)` returned true: the view gets `touchesCancelled` (S3, S4).
        case cancelledByScrolling
        /// Scrolling began within the delay: the view never hears of the touch (S1).
        case discardedByScrolling
        /// `touchesShouldCancel(in:)` returned false: the scroll view does not scroll, the view keeps it (S4).
        case keptByTouchesShouldCancel
        /// `canCancelContentTouches` is false and the view tracks it: the scroll view does not scroll (S3).
        case keptCanCancelContentTouchesOff
        /// The touch stopped the moving scroll view; it is not the content's (S5).
        case stoppedScrolling

        public var description: String {
            switch self {
            case .delayed: return "held back: delaysContentTouches (waits to see whether the user scrolls)"
            case .released(let delay): return "let through after \(TraceRecord.number(delay)) s: delaysContentTouches"
            case .releasedOnLift: return "let through on lift, within the delay: began and ended together (delaysContentTouches)"
            case .stillWithheld(let holders):
                return "let through by the scroll view, still held back by \(holders.map { "'\($0.name)'" }.joined(separator: ", ")) (delaysTouchesBegan)"
            case .refusedByTouchesShouldBegin: return "kept from the view: touchesShouldBegin(_:with:in:) returned false"
            case .cancelledByScrolling: return "cancelled: the scroll view began dragging and touchesShouldCancel(in:) returned true"
            case .discardedByScrolling: return "discarded: the scroll view began dragging within the delay (delaysContentTouches)"
            case .keptByTouchesShouldCancel: return "kept: touchesShouldCancel(in:) returned false, so the scroll view does not scroll"
            case .keptCanCancelContentTouchesOff: return "kept: canCancelContentTouches is false, so the scroll view does not scroll"
            case .stoppedScrolling: return "not delivered: it stopped the moving scroll view"
            }
        }
    }

    /// A scroll view's own motion and refusals.
    public enum ScrollViewChange: Sendable, Equatable, CustomStringConvertible {
        /// Why a moving scroll view stopped.
        public enum StopReason: String, Sendable, Equatable {
            case rest = "came to rest"
            case touch = "a touch stopped it"
            case drag = "a drag took over"
            case replaced = "the content offset was set"
            case zoomSet = "the zoom scale was set"
        }
        /// Why a scroll view's pan did not begin (apart from S3 and S4, reported as content touches).
        public enum Refusal: Sendable, Equatable {
            /// The content does not overflow along either axis.
            case cannotScroll
            /// The drag runs along an axis this view cannot scroll and an enclosing scroll view can.
            case leftToOuterScrollView(TraceSubject)
        }
        case decelerationStarted(from: CGPoint, to: CGPoint)
        case animationStarted(from: CGPoint, to: CGPoint)
        case zoomAnimationStarted(fromScale: CGFloat, toScale: CGFloat)
        case stopped(at: CGPoint, reason: StopReason)
        case dragRefused(Refusal)

        public var description: String {
            switch self {
            case .decelerationStarted(let from, let to): return "decelerates from \(point(from)) to \(point(to))"
            case .animationStarted(let from, let to): return "animates from \(point(from)) to \(point(to))"
            case .zoomAnimationStarted(let from, let to):
                return "animates its zoom from \(TraceRecord.number(from)) to \(TraceRecord.number(to))"
            case .stopped(let at, let reason): return "stopped at \(point(at)): \(reason.rawValue)"
            case .dragRefused(.cannotScroll): return "does not drag: its content does not overflow"
            case .dragRefused(.leftToOuterScrollView(let outer)):
                return "does not drag: the drag runs along an axis it cannot scroll, left to '\(outer.name)'"
            }
        }
    }
}

private func point(_ p: CGPoint) -> String { "(\(TraceRecord.number(p.x)), \(TraceRecord.number(p.y)))" }
