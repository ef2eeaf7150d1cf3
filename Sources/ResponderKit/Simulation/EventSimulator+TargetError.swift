import Foundation

extension EventSimulator {
    /// Why input aimed at a view could not be played: the view was not found, or a touch at its centre
    /// would not reach it.
    ///
    /// Its ``description`` is the sentence a failing test shows, such as:
    ///
    /// ```
    /// 'buy' cannot be touched at its centre (60, 40): 'cover' is in front of it there and would take the touch
    /// ```
    public enum TargetError: Error, Equatable, CustomStringConvertible {
        /// No view of the application's windows has this `accessibilityIdentifier`.
        case noView(accessibilityIdentifier: String)
        /// Several views have this `accessibilityIdentifier`, front to back.
        case ambiguous(accessibilityIdentifier: String, views: [TraceSubject])
        /// A new touch at the view's centre (on screen; nil when the view is in no window) would not be
        /// bound to the view or one of its subviews, because of `obstacle`; `takenBy` is the view it
        /// would be bound to, if any.
        case notHittable(TraceSubject, at: CGPoint?, obstacle: Obstacle, takenBy: TraceSubject?)

        /// What keeps a touch at a view's centre from reaching it.
        public enum Obstacle: Sendable, Equatable {
            /// The view is in no window.
            case notInWindow
            /// The view's window belongs to another application than the simulator's.
            case otherApplication(window: TraceSubject)
            /// The application ignores interaction events (``UIApplication/beginIgnoringInteractionEvents()``).
            case ignoringInteractionEvents
            /// The view's window is hidden.
            case windowHidden(TraceSubject)
            /// Hit-testing skips this view (the target or an ancestor) without looking inside it (A2).
            case skipped(TraceSubject, TraceRecord.HitTestSkip)
            /// The centre is outside this view (the target or an ancestor): its `point(inside:with:)`
            /// answers false, and hit-testing does not look into a view's subviews outside it (A4, A5).
            case outside(TraceSubject, bounds: CGRect)
            /// This view, in front of the target (in a later subview or a window in front), takes the touch.
            case covered(by: TraceSubject)
            /// This ancestor of the target answered the hit-test itself without handing it down: an
            /// override of `hitTest(_:with:)`.
            case answeredBy(TraceSubject)
            /// Every window answers nil there.
            case noView
        }

        public var description: String {
            switch self {
            case .noView(let identifier):
                return "no view of the application's windows has the accessibilityIdentifier '\(identifier)'"
            case .ambiguous(let identifier, let views):
                return "\(views.count) views have the accessibilityIdentifier '\(identifier)' (\(views.map { "a \($0.className)" }.joined(separator: ", "))): "
                    + "give each its own, or pass the view itself"
            case .notHittable(let view, let point, let obstacle, let taker):
                let place = point.map { "at its centre \(Self.format($0))" } ?? ""
                let consequence = taker.map { "; '\($0.name)' would take the touch" } ?? ""
                return "'\(view.name)' cannot be touched \(place)".trimmingCharacters(in: .whitespaces) + ": "
                    + Self.sentence(obstacle, view: view) + (Self.namesTaker(obstacle) ? "" : consequence)
            }
        }

        private static func sentence(_ obstacle: Obstacle, view: TraceSubject) -> String {
            func who(_ subject: TraceSubject) -> String { subject.id == view.id ? "it" : "'\(subject.name)'" }
            switch obstacle {
            case .notInWindow: return "it is in no window"
            case .otherApplication(let window): return "its window '\(window.name)' belongs to another application than the simulator's"
            case .ignoringInteractionEvents: return "the application is ignoring interaction events"
            case .windowHidden(let window): return "its window '\(window.name)' is hidden"
            case .skipped(let subject, let reason):
                let scope = subject.id == view.id ? "" : ", and so everything in it"
                return "hit-testing skips \(who(subject)) (\(reason.rawValue))\(scope)"
            case .outside(let subject, let bounds):
                let whose = subject.id == view.id ? "its own bounds" : "the bounds of its ancestor '\(subject.name)'"
                return "the point is outside \(whose) \(format(bounds)), and hit-testing looks only inside a view's bounds"
            case .covered(let front): return "'\(front.name)' is in front of it there and would take the touch"
            case .answeredBy(let ancestor): return "its ancestor '\(ancestor.name)' answers the hit-test itself there and would take the touch"
            case .noView: return "no view would take a touch there"
            }
        }

        /// Whether the sentence for `obstacle` already names the view that takes the touch.
        private static func namesTaker(_ obstacle: Obstacle) -> Bool {
            switch obstacle {
            case .covered, .answeredBy, .noView: return true
            default: return false
            }
        }

        private static func format(_ point: CGPoint) -> String { "(\(TraceRecord.number(point.x)), \(TraceRecord.number(point.y)))" }
        private static func format(_ rect: CGRect) -> String {
            "(\(TraceRecord.number(rect.minX)), \(TraceRecord.number(rect.minY)), \(TraceRecord.number(rect.width)), \(TraceRecord.number(rect.height)))"
        }
    }
}
