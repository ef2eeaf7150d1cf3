import Foundation
import ResponderKit

extension PlaygroundSession {
    /// One touch that began, as the playground shows it when it is picked: where it landed, each view
    /// hit-testing visited, the view it was bound to, the views that held the point but sat outside an
    /// ancestor's bounds, and why it went where it went, in sentences. Geometry is the scene's when the
    /// touch began (screen points), which may differ from the scene's now.
    public struct TouchReport: Sendable, Equatable {
        /// 1 for the first touch that began in the scene, then 2, 3…
        public var number: Int
        public var finger: Int
        /// When its event was handled, on the trace's clock.
        public var time: TimeInterval
        /// Where it landed on the screen.
        public var point: [Double]?
        /// Its event, as the trace prints it (`#1 down (60, 300)`).
        public var input: String
        /// The view it was bound to and that view's window; nil when no window took it.
        public var hitView: String?
        public var window: String?
        /// The views from the window down to the hit view.
        public var path: [String]
        /// Each view hit-testing visited, in order (at most ``PlaygroundSession/listedVisits``).
        public var visits: [Visit]
        /// Visits left out past that.
        public var omittedVisits: Int
        /// Views that hold the point but were not searched because an ancestor's bounds did not.
        public var outsideAncestors: [OutsideAncestor]
        /// Why the touch went where it went, from where it landed.
        public var explanation: [String]
    }

    /// A view of the scene as it was, by name, with its screen corners then.
    public struct PlacedView: Sendable, Equatable {
        public var name: String
        public var corners: [[Double]]
    }

    /// One view hit-testing visited: the point in its coordinates and its verdict.
    public struct Visit: Sendable, Equatable {
        public var view: PlacedView
        public var point: [Double]
        /// `inside`, `outside` (its bounds do not hold the point) or `skipped`.
        public var verdict: String
        /// Why it was skipped (`hidden`, `user interaction disabled`…); nil otherwise.
        public var reason: String?
    }

    /// A view that holds the point, kept from the touch by an ancestor whose bounds do not (A1, A5).
    public struct OutsideAncestor: Sendable, Equatable {
        public var view: PlacedView
        public var ancestor: PlacedView
    }
}

/// Reports each touch that begins in a live session, from the records as they are made: when an
/// event with a new touch is handled, it takes a snapshot of the scene (as a scenario's run does), keeps
/// the records that follow until the next event, and then reads the touch's hit-test from them with
/// the explainer's own reasoning (``TouchLanding``) and the scene picture's marks, so the page marks a
/// touch as `responder draw` does and says what `responder explain` would.
///
/// Bounded: a snapshot visits at most ``snapshotViews`` views, an event's records kept for this at
/// most ``groupRecords``, a report lists at most ``listedVisits`` visits and ``listedViews`` other
/// views, and the last ``keptReports`` reports are kept.
@MainActor
final class TouchReporter {
    /// Reports kept, and waiting to be taken.
    static let keptReports = PlaygroundSession.keptTouches
    /// The views one snapshot visits at most (a hostile scene's are cut there; the report then knows
    /// the views captured only).
    static let snapshotViews = 20_000
    /// The records of one event kept for its touches' reports.
    static let groupRecords = 20_000
    /// The visits a report lists.
    static let listedVisits = PlaygroundSession.listedVisits
    /// Other views holding the point a report explains.
    static let listedViews = 12

    private unowned let application: UIApplication
    private var lastSnapshot: SceneSnapshot?
    /// The event being handled that has new touches: the scene before it, and its records so far.
    private var group: (snapshot: SceneSnapshot, records: [TraceRecord])?
    private var count = 0
    private(set) var reports: [PlaygroundSession.TouchReport] = []
    private var new: [PlaygroundSession.TouchReport] = []

    init(application: UIApplication) {
        self.application = application
    }

    func record(_ record: TraceRecord) {
        if case .input(let input) = record.kind {
            finish()
            guard input.touchSamples.contains(where: { $0.phase == .began }) else { return }
            var budget = SnapshotBudget(remaining: Self.snapshotViews)
            let snapshot = SceneCapture.snapshot(of: application, reusing: lastSnapshot, budget: &budget).snapshot
            lastSnapshot = snapshot
            group = (snapshot, [record])
            return
        }
        guard group != nil, group!.records.count < Self.groupRecords else { return }
        group!.records.append(record)
    }

    /// The reports made since the last call (the event being handled is finished first: its touches'
    /// hit-tests are in its records already, made as it was handled).
    func takeNew() -> [PlaygroundSession.TouchReport] {
        finish()
        defer { new.removeAll(keepingCapacity: true) }
        return new
    }

    private func finish() {
        guard let group else { return }
        self.group = nil
        let records = group.records
        guard let history = SceneHistory(keyframes: [.init(snapshot: group.snapshot, recordIndex: 0)], records: records) else { return }
        let explainer = Explainer(records: records, history: history)
        let visits = Self.orderedVisits(in: records)
        for landing in explainer.landings {
            count += 1
            let report = self.report(landing, number: count, explainer: explainer, history: history,
                                     visits: landing.bound.flatMap { visits.bound[$0.id]?[landing.finger] } ?? visits.unbound)
            reports.append(report)
            new.append(report)
        }
        if reports.count > Self.keptReports { reports.removeFirst(reports.count - Self.keptReports) }
        if new.count > Self.keptReports { new.removeFirst(new.count - Self.keptReports) }
    }

    /// The hit-test records of each touch, in the order they were made: those of a touch bound to a view
    /// by that view and finger, those of the touch no window took apart. A touch's hit-test records are
    /// those after the previous touch's binding (as ``TouchLanding/landings(in:)`` reads them).
    private static func orderedVisits(in records: [TraceRecord]) -> (bound: [Int: [Int: [TraceRecord.Kind]]], unbound: [TraceRecord.Kind]) {
        var bound: [Int: [Int: [TraceRecord.Kind]]] = [:]
        var unbound: [TraceRecord.Kind] = []
        var current: [TraceRecord.Kind] = []
        for record in records {
            switch record.kind {
            case .hitTestInside, .hitTestOutside, .hitTestSkipped: current.append(record.kind)
            case .touchBound(let finger, let view, _, _):
                bound[view.id, default: [:]][finger] = current
                current.removeAll()
            case .dropped(_, .noWindowHit):
                unbound = current
                current.removeAll()
            default: break
            }
        }
        return (bound, unbound)
    }

    private func report(_ landing: TouchLanding, number: Int, explainer: Explainer, history: SceneHistory,
                        visits records: [TraceRecord.Kind]) -> PlaygroundSession.TouchReport {
        let graph = explainer.graph(at: landing)
        let time = landing.inputIndex >= 0 ? explainer.records[landing.inputIndex].time : landing.time
        func placed(_ node: SceneGraph.Node) -> PlaygroundSession.PlacedView {
            PlaygroundSession.PlacedView(name: node.name, corners: node.screenCorners.map { [Double($0.x), Double($0.y)] })
        }
        func placed(_ subject: TraceSubject) -> PlaygroundSession.PlacedView {
            graph.node(subject.id).map(placed) ?? PlaygroundSession.PlacedView(name: subject.name, corners: [])
        }
        var visits: [PlaygroundSession.Visit] = []
        for kind in records.prefix(Self.listedVisits) {
            switch kind {
            case .hitTestInside(let view, let point):
                visits.append(.init(view: placed(view), point: [Double(point.x), Double(point.y)], verdict: "inside", reason: nil))
            case .hitTestOutside(let view, let point):
                visits.append(.init(view: placed(view), point: [Double(point.x), Double(point.y)], verdict: "outside", reason: nil))
            case .hitTestSkipped(let view, let point, let reason):
                visits.append(.init(view: placed(view), point: [Double(point.x), Double(point.y)], verdict: "skipped", reason: reason.rawValue))
            default: break
            }
        }
        let hit = landing.bound.flatMap { graph.node($0.id) }
        let marks = SVGRenderer.Marks(landing: landing, touch: nil, history: history)
        let misses = marks.outsideAncestor.compactMap { miss -> (view: SceneGraph.Node, ancestor: SceneGraph.Node)? in
            guard let view = graph.node(miss.view), let ancestor = graph.node(miss.ancestor) else { return nil }
            return (view, ancestor)
        }
        return PlaygroundSession.TouchReport(
            number: number, finger: landing.finger, time: time,
            point: landing.screenPoint.map { [Double($0.x), Double($0.y)] },
            input: explainer.input(of: landing), hitView: landing.bound?.name, window: landing.window?.name,
            path: hit?.pathFromWindow.map(\.name) ?? [], visits: visits, omittedVisits: max(0, records.count - Self.listedVisits),
            outsideAncestors: misses.map { .init(view: placed($0.view), ancestor: placed($0.ancestor)) },
            explanation: explanation(of: landing, at: time, hit: hit, misses: misses, explainer: explainer, graph: graph))
    }

    /// Why the touch went where it went: where it landed, the path hit-testing took, the views it
    /// skipped, the views that hold the point but sat outside an ancestor, the other views that hold
    /// the point and why they did not get it, and the responder chain from the hit view.
    private func explanation(of landing: TouchLanding, at time: TimeInterval, hit: SceneGraph.Node?,
                             misses: [(view: SceneGraph.Node, ancestor: SceneGraph.Node)],
                             explainer: Explainer, graph: SceneGraph) -> [String] {
        var lines: [String] = []
        let place = landing.screenPoint.map { " at \(explainer.format($0))" } ?? ""
        lines.append("Touch #\(landing.finger) began \(explainer.at(time))\(place) (\(explainer.input(of: landing))).")
        if let hit {
            let path = hit.pathFromWindow.map { "'\($0.name)'" }.joined(separator: " ▸ ")
            lines.append("Hit-testing went \(path): '\(hit.name)' is the deepest view that contains the point, its subviews searched frontmost first (A1); the touch stays bound to it (R4, A11).")
        } else if let bound = landing.bound {
            lines.append("It was bound to '\(bound.name)', which the scene did not hold when it began.")
        } else {
            lines.append("No window took it: no visible window that takes touches contains the point (R3).")
        }
        for (id, visit) in landing.visits.sorted(by: { $0.key < $1.key }) {
            guard case .skipped(let reason) = visit.verdict, let node = graph.node(id) else { continue }
            lines.append("'\(node.name)' was skipped: \(reason.rawValue) (\(explainer.rule(for: reason))); hit-testing does not look inside a skipped view.")
        }
        for miss in misses {
            let reach = landing.reach(of: miss.view, graph: graph, budget: explainer.budget)
            lines.append("'\(miss.view.name)' did not get it: \(explainer.because(reach, for: miss.view.name)).")
        }
        // The other views that hold the point, frontmost first, and why the touch did not reach them.
        let onPath = Set(hit?.pathFromWindow.map(\.id) ?? [])
        let missed = Set(misses.map(\.view.id))
        var others: [String] = []
        var more = 0
        let budget = SearchBudget(SVGRenderer.Marks.searchedViews)
        func visit(_ node: SceneGraph.Node) {
            for subview in node.subviews.reversed() {
                guard budget.spend() else { return }
                visit(subview)
            }
            guard !node.isWindow, !onPath.contains(node.id), !missed.contains(node.id),
                  let point = landing.point(in: node), node.contains(point) else { return }
            if case .skipped(let skipped, _) = landing.reach(of: node, graph: graph, budget: explainer.budget), skipped === node { return }
            if others.count < Self.listedViews {
                others.append("'\(node.name)' holds the point too: \(explainer.whyNot(node, name: node.name, landing: landing, graph: graph))")
            } else {
                more += 1
            }
        }
        for window in graph.windows.reversed() { visit(window) }
        lines += others
        if more > 0 { lines.append("… and \(more) more views that hold the point.") }
        if let hit {
            let chain = graph.responderChain(from: hit).map(\.name)
            lines.append("Its responder chain: \(chain.prefix(30).joined(separator: " → "))\(chain.count > 30 ? " → …" : "") (B9).")
        }
        return lines
    }
}
