import Foundation
import ResponderKit

/// Where one new touch landed and what hit-testing did with it, read from its records: the point each
/// view visited was given, in that view's coordinates, and the verdict (inside, outside, skipped).
///
/// From that and the scene's geometry when the touch began, ``reach(of:orInside:graph:budget:)`` says whether the touch could have reached a view
/// and, when it could but did not, the one view and rule that turned it away. Every explanation
/// follows a touch from where it landed this way, whatever it was asked about.
@MainActor
struct TouchLanding {
    /// What hit-testing decided about one view.
    enum Verdict: Equatable {
        case inside, outside
        case skipped(TraceRecord.HitTestSkip)
    }

    /// One view hit-testing visited: the point in its coordinates, and its verdict.
    struct Visit {
        var point: CGPoint
        var verdict: Verdict
    }

    var finger: Int
    var time: TimeInterval
    /// The index of the input record of the touch's event.
    var inputIndex: Int
    /// Where the touch landed, in screen coordinates (from the input's sample).
    var screenPoint: CGPoint?
    /// The view and window it was bound to; nil when no window took it.
    var bound: TraceSubject?
    var window: TraceSubject?
    /// The views visited, by identity (the first visit, for a view tested twice).
    var visits: [Int: Visit] = [:]

    /// Why a touch did or did not reach a view.
    enum Reach {
        /// It was bound to the view, or to a view inside it.
        case reached
        /// It landed outside the view (the point in the view's coordinates): nothing stood in the way.
        case landedOutside(CGPoint)
        /// It landed in the view, but hit-testing skipped `view` (the view itself or an ancestor)
        /// without looking inside.
        case skipped(SceneGraph.Node, TraceRecord.HitTestSkip)
        /// It landed in the view (or, for a recognizer's view, in one of its subviews: `target`), but
        /// outside its ancestor `ancestor`, whose subviews are then not searched.
        case outsideAncestor(SceneGraph.Node, point: CGPoint, target: SceneGraph.Node)
        /// A view in front of it (a later sibling of it or of an ancestor) contains the point and
        /// answered first.
        case inFront(SceneGraph.Node)
        /// Another window took the touch first.
        case otherWindow(String)
        /// No window took the touch.
        case noWindow
        /// `view`, on the way down, answered with a view of its own choosing (an override of
        /// `hitTest(_:with:)`, such as one that intercepts hit-testing) in the place of the view below.
        case answeredBy(SceneGraph.Node, hit: String)
    }

    /// Whether the touch could have reached `view` (it landed in it, or with `orInside`, in one of its
    /// subviews) and, if so, why it did or did not. `graph` is the scene as it was when the touch began.
    func reach(of view: SceneGraph.Node, orInside: Bool = false, graph: SceneGraph, budget: SearchBudget) -> Reach {
        let boundView = bound.flatMap { graph.node($0.id) }
        if let boundView, boundView === view || boundView.isDescendant(of: view) { return .reached }
        guard let pointInView = point(in: view) else { return .noWindow }
        // The view the touch landed in: the view itself, or the deepest of its subviews that holds the point.
        var target = view
        if !view.contains(pointInView) {
            guard orInside, let inner = Self.deepest(under: view, containing: pointInView, budget: budget) else {
                return .landedOutside(pointInView)
            }
            target = inner
        }
        let path = target.pathFromWindow
        var parent: SceneGraph.Node?
        for step in path {
            guard let visit = visits[step.id] else {
                guard let parent else {
                    if let window, window.id != step.id { return .otherWindow(window.name) }
                    return .noWindow
                }
                // The parent contained the point and searched its subviews frontmost first: one in front
                // answered, or the parent answered itself without searching.
                let siblings = parent.subviews
                if let boundView, let index = siblings.firstIndex(where: { $0 === step }) {
                    for sibling in siblings[(index + 1)...] where boundView === sibling || boundView.isDescendant(of: sibling) {
                        return .inFront(sibling)
                    }
                }
                return .answeredBy(parent, hit: bound?.name ?? "nil")
            }
            switch visit.verdict {
            case .skipped(let reason):
                return .skipped(step, reason)
            case .outside:
                if step === target { return .landedOutside(visit.point) }
                return .outsideAncestor(step, point: visit.point, target: target)
            case .inside:
                parent = step
            }
        }
        // Every view down to the target contained the point, and the target's subviews were searched; the
        // touch still went elsewhere: a view on the path answered in the target's place (itself, when it
        // intercepts hit-testing), or the target answered with another.
        if let boundView, let answering = path.last(where: { $0 === boundView }) {
            return .answeredBy(answering, hit: bound?.name ?? "nil")
        }
        return .answeredBy(target, hit: bound?.name ?? "nil")
    }

    /// The touch's point in `view`'s coordinates: from the nearest visited view on its path, else from
    /// the screen point. Views below the nearest visited one are converted with the scene's geometry
    /// when the touch began.
    func point(in view: SceneGraph.Node) -> CGPoint? {
        var current: SceneGraph.Node? = view
        while let v = current {
            if let visit = visits[v.id] { return v === view ? visit.point : v.convert(visit.point, to: view) }
            current = v.superview
        }
        guard let screenPoint else { return nil }
        return view.fromScreen(screenPoint)
    }

    /// The deepest subview of `view` (frontmost first) whose bounds hold `point` (in `view`'s coordinates),
    /// looking through every subview whatever its superview's bounds, while the budget lasts.
    static func deepest(under view: SceneGraph.Node, containing point: CGPoint, budget: SearchBudget) -> SceneGraph.Node? {
        for subview in view.subviews.reversed() {
            guard budget.spend() else { return nil }
            let local = subview.pointFromParent(point)
            if let inner = deepest(under: subview, containing: local, budget: budget) { return inner }
            if subview.contains(local) { return subview }
        }
        return nil
    }
}

extension TouchLanding {
    /// The touches that began in `records`, in order, with what hit-testing did for each. The records of
    /// one touch's hit-test are those between the previous touch's binding (or its event's input) and
    /// its own.
    static func landings(in records: [TraceRecord]) -> [TouchLanding] {
        var result: [TouchLanding] = []
        var inputIndex = -1
        var samples: [TraceInput.TouchSample] = []
        var visits: [Int: Visit] = [:]
        func visit(_ view: TraceSubject, _ point: CGPoint, _ verdict: Verdict) {
            if visits[view.id] == nil { visits[view.id] = Visit(point: point, verdict: verdict) }
        }
        for (index, record) in records.enumerated() {
            switch record.kind {
            case .input(let input):
                inputIndex = index
                samples = input.touchSamples
                visits.removeAll(keepingCapacity: true)
            case .hitTestSkipped(let view, let point, let reason): visit(view, point, .skipped(reason))
            case .hitTestOutside(let view, let point): visit(view, point, .outside)
            case .hitTestInside(let view, let point): visit(view, point, .inside)
            case .touchBound(let finger, let view, let boundWindow, _):
                let sample = samples.first { $0.finger == finger }
                result.append(TouchLanding(finger: finger, time: record.time, inputIndex: inputIndex, screenPoint: sample?.location,
                                           bound: view, window: boundWindow, visits: visits))
                visits.removeAll(keepingCapacity: true)
            case .dropped(_, .noWindowHit) where !visits.isEmpty || !samples.isEmpty:
                // The first sample that began and was not bound: no window took it.
                let taken = Set(result.filter { $0.inputIndex == inputIndex }.map(\.finger))
                if let sample = samples.first(where: { $0.phase == .began && !taken.contains($0.finger) }) {
                    result.append(TouchLanding(finger: sample.finger, time: record.time, inputIndex: inputIndex, screenPoint: sample.location,
                                               bound: nil, window: nil, visits: visits))
                }
                visits.removeAll(keepingCapacity: true)
            default:
                break
            }
        }
        return result
    }
}

/// How many views the explanations may examine in looking for the subview a touch landed in, outside its
/// superview's bounds: a hostile scene of many views and many touches must still be explained in
/// seconds. Past it, a touch outside a view is taken to be outside its subviews too.
@MainActor
final class SearchBudget {
    private(set) var remaining: Int

    init(_ views: Int = 2_000_000) {
        remaining = views
    }

    /// Takes one view from the budget; false once it is spent.
    func spend() -> Bool {
        guard remaining > 0 else { return false }
        remaining -= 1
        return true
    }
}
