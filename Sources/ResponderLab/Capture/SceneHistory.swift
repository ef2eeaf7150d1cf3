import Foundation
import ResponderKit

/// A scene over the time of a trace: the snapshots taken of it, each placed among the records, and
/// the content offsets the records report for its scroll views (`scrollViewDidScroll`). It answers
/// what the scene looked like just before any record: the last snapshot taken by then, with each
/// scroll view at the last offset reported since.
///
/// Before the first snapshot, the first one stands for the scene, with each scroll view at the last
/// offset reported by then; a scroll view that scrolled only between that moment and the snapshot
/// had an offset the trace does not give: it is drawn at its first reported offset, and ``Scene/notes``
/// says so.
@MainActor
struct SceneHistory {
    /// A snapshot and where it stands among the records: taken after `recordIndex` records.
    struct Keyframe {
        var snapshot: SceneSnapshot
        var recordIndex: Int
    }

    /// One reported content offset.
    struct Offset {
        var recordIndex: Int
        var time: TimeInterval
        var offset: CGPoint
    }

    /// At least one, in the order they were taken.
    let keyframes: [Keyframe]
    /// Offsets reported, by scroll view identity, in record order.
    let offsets: [Int: [Offset]]
    /// The records' times, to place a time among them.
    private let times: [TimeInterval]
    /// When snapshots stopped being taken, if they stopped before the end (a run's budget).
    let capturedUntil: TimeInterval?
    /// The identities of every view, recognizer and control ever in the scene, by name.
    let names: Names

    init?(keyframes: [Keyframe], records: [TraceRecord], capturedUntil: TimeInterval? = nil) {
        guard !keyframes.isEmpty else { return nil }
        self.keyframes = keyframes
        self.capturedUntil = capturedUntil
        names = Self.names(of: keyframes)
        times = records.map(\.time)
        var offsets: [Int: [Offset]] = [:]
        for (index, record) in records.enumerated() {
            if case .scrollViewDelegate(let scrollView, .didScroll(let offset)) = record.kind {
                offsets[scrollView.id, default: []].append(Offset(recordIndex: index, time: record.time, offset: offset))
            }
        }
        self.offsets = offsets
    }

    /// A history of snapshots taken apart from the records: each is placed after the records made
    /// at or before its time, except one taken as a touch began (a run takes them so), which goes just
    /// before that touch's input record: the records of the touch, made at the same time, read it. (Placed
    /// after them, the touch was explained with the scene before, wrong when views had moved since.)
    init?(snapshots: [SceneSnapshot], records: [TraceRecord]) {
        let sorted = snapshots.sorted { $0.time < $1.time }
        let times = records.map(\.time)
        let keyframes = sorted.map { snapshot in
            var index = Self.count(of: times, before: snapshot.time)
            while index < records.count, times[index] <= snapshot.time + 1e-6 {
                if case .input(let input) = records[index].kind, input.touchSamples.contains(where: { $0.phase == .began }) { break }
                index += 1
            }
            return Keyframe(snapshot: snapshot, recordIndex: index)
        }
        self.init(keyframes: keyframes, records: records)
    }

    /// How many records were made before `time` (a thousandth of a millisecond absorbing rounding).
    private static func count(of times: [TimeInterval], before time: TimeInterval) -> Int {
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] < time - 1e-6 { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// How many records were made at or before `time`.
    func recordCount(at time: TimeInterval) -> Int { Self.count(of: times, atOrBefore: time) }

    private static func count(of times: [TimeInterval], atOrBefore time: TimeInterval) -> Int {
        // Times never go back: a binary search. A thousandth of a millisecond absorbs rounding.
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= time + 1e-6 { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The scene just before record `recordIndex` (all of the records, for `times.count`).
    struct Scene {
        let graph: SceneGraph
        /// What the picture of the moment should say it does not know.
        let notes: [String]
        /// The keyframe it comes from.
        let keyframe: Int
    }

    /// The keyframe that stands for the scene just before record `recordIndex`, at `time`: the last
    /// taken by then (after no later record, and at no later time: snapshots taken while no record was
    /// made are told apart by their times). And whether that moment comes before every keyframe.
    func keyframe(before recordIndex: Int, at time: TimeInterval) -> (index: Int, isBefore: Bool) {
        var low = 0, high = keyframes.count
        while low < high {
            let middle = (low + high) / 2
            if keyframes[middle].recordIndex <= recordIndex { low = middle + 1 } else { high = middle }
        }
        while low > 0, keyframes[low - 1].snapshot.time > time + 1e-6 { low -= 1 }
        return low == 0 ? (0, true) : (low - 1, false)
    }

    /// The content offset of scroll view `id` just before record `recordIndex`, when the records say
    /// something later than `keyframe` about it; and a note when the offset is not known.
    func offset(of id: Int, before recordIndex: Int, keyframe: Int, isBefore: Bool) -> (CGPoint, note: String?)? {
        guard let list = offsets[id] else { return nil }
        // The last offset reported before the moment.
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].recordIndex < recordIndex { low = middle + 1 } else { high = middle }
        }
        let frame = keyframes[keyframe]
        if low > 0, isBefore || list[low - 1].recordIndex >= frame.recordIndex { return (list[low - 1].offset, nil) }
        guard isBefore, low < list.count, list[low].recordIndex < frame.recordIndex else { return nil }
        // It scrolled between the moment and the first snapshot: where it was before is not recorded.
        let first = list[low]
        return (first.offset, "the trace does not say where a scroll view was before it first scrolled (at \(String(format: "%.3f", first.time)) s): drawn at its first reported offset")
    }

    /// The scene just before record `recordIndex`, at `time`.
    func scene(before recordIndex: Int, at time: TimeInterval) -> Scene {
        let (index, isBefore) = keyframe(before: recordIndex, at: time)
        let graph = SceneGraph(keyframes[index].snapshot)
        var notes: [String] = []
        for id in offsets.keys where graph.node(id) != nil {
            guard let (offset, note) = offset(of: id, before: recordIndex, keyframe: index, isBefore: isBefore) else { continue }
            graph.setContentOffset(offset, of: id)
            if let note, let name = graph.node(id)?.name { notes.append("'\(name)': \(note)") }
        }
        if let capturedUntil, keyframes[index].recordIndex < recordIndex, index == keyframes.count - 1 {
            notes.append("the scene was captured up to \(String(format: "%.3f", capturedUntil)) s only (the run's capture budget)")
        }
        return Scene(graph: graph, notes: notes.sorted(), keyframe: index)
    }

    /// The identities of every view, recognizer and control ever in the scene, by name.
    struct Names {
        /// Every name each had, at any snapshot: a cell's content takes the name of the row it shows
        /// (`buy.3`), and keeps answering to the names of the rows it showed before.
        var views: [String: [Int]] = [:]
        var recognizers: [String: [Int]] = [:]
        var controls: [String: [Int]] = [:]
        /// Responders that are not views (view controllers, the application), as the views' next
        /// responders name them.
        var responders: [String: [Int]] = [:]
        /// The name of each identity (the latest, should it have changed).
        var byID: [Int: String] = [:]
        /// The rows of each table and collection view, as last seen.
        var containers: [Int: SceneSnapshot.Container] = [:]
    }

    /// The identities of every view, recognizer and control ever in the scene, by name.
    private static func names(of keyframes: [Keyframe]) -> Names {
        var views: [String: Set<Int>] = [:], recognizers: [String: Set<Int>] = [:], controls: [String: Set<Int>] = [:]
        var responders: [String: Set<Int>] = [:], responderNames: [Int: String] = [:]
        var byID: [Int: String] = [:], recognizerNames: [Int: String] = [:]
        var containers: [Int: SceneSnapshot.Container] = [:]
        func visit(_ view: SceneSnapshot.View) {
            views[view.subject.name, default: []].insert(view.subject.id)
            byID[view.subject.id] = view.subject.name
            if view.control != nil { controls[view.subject.name, default: []].insert(view.subject.id) }
            if let container = view.container { containers[view.subject.id] = container }
            for responder in view.nextResponders where responder.className != "UIApplication" {
                responders[responder.name, default: []].insert(responder.id)
                responderNames[responder.id] = responder.name
            }
            for recognizer in view.recognizers {
                recognizers[recognizer.subject.name, default: []].insert(recognizer.subject.id)
                recognizerNames[recognizer.subject.id] = recognizer.subject.name
            }
            view.subviews.forEach(visit)
        }
        for keyframe in keyframes { keyframe.snapshot.windows.forEach(visit) }
        return Names(views: views.mapValues { $0.sorted() }, recognizers: recognizers.mapValues { $0.sorted() },
                     controls: controls.mapValues { $0.sorted() }, responders: responders.mapValues { $0.sorted() },
                     byID: byID.merging(recognizerNames) { view, _ in view }.merging(responderNames) { view, _ in view },
                     containers: containers)
    }

    /// The name of a view or recognizer of the scene.
    func name(of id: Int) -> String { names.byID[id] ?? "#\(id)" }
}

/// The scene at one record after another, in order, rebuilt only when the snapshot it comes from
/// changes: explanations walk a trace's touches in order and ask for the scene at each.
@MainActor
final class SceneCursor {
    let history: SceneHistory
    private var current: (keyframe: Int, graph: SceneGraph)?

    init(_ history: SceneHistory) {
        self.history = history
    }

    /// The scene just before record `recordIndex`, at `time`.
    func graph(before recordIndex: Int, at time: TimeInterval) -> SceneGraph {
        let (index, isBefore) = history.keyframe(before: recordIndex, at: time)
        let graph: SceneGraph
        if let current, current.keyframe == index {
            graph = current.graph
        } else {
            graph = SceneGraph(history.keyframes[index].snapshot)
            current = (index, graph)
        }
        for id in history.offsets.keys {
            guard let node = graph.node(id) else { continue }
            let offset = history.offset(of: id, before: recordIndex, keyframe: index, isBefore: isBefore)?.0 ?? node.view.bounds.origin
            node.bounds.origin = offset
        }
        return graph
    }
}

/// Takes the snapshots of a scenario run: when it starts, at each new touch (where hit-testing reads
/// the geometry), and when it ends, keeping one only when the scene changed. Each costs a walk of
/// the windows; a run may spend ``budget`` views on them, after which it stops and says so.
@MainActor
final class SceneRecorder {
    /// The views a run's snapshots may visit in all: a scene of a few dozen views can be captured at
    /// tens of thousands of touches; a hostile file of 10,000 views, at fifty.
    static let budget = 500_000

    private unowned let application: UIApplication
    private(set) var keyframes: [SceneHistory.Keyframe] = []
    private var budget = SnapshotBudget(remaining: SceneRecorder.budget)
    /// When capturing stopped, if it did.
    private(set) var stoppedAt: TimeInterval?

    init(application: UIApplication) {
        self.application = application
    }

    /// Takes a snapshot after `recordIndex` records, unless the scene is as it was.
    func capture(recordIndex: Int) {
        guard stoppedAt == nil else { return }
        let (snapshot, unchanged, complete) = SceneCapture.snapshot(of: application, reusing: keyframes.last?.snapshot, budget: &budget)
        guard complete else {
            stoppedAt = application.traceTime
            return
        }
        if !unchanged { keyframes.append(SceneHistory.Keyframe(snapshot: snapshot, recordIndex: recordIndex)) }
    }
}
