import Foundation
import ResponderKit

/// A run's trace records laid out in time, one lane per touch, gesture recognizer, view that had
/// deliveries, and control, and one lane for the actions. Built from the records alone, so any trace
/// (a file's run, a live one) can be drawn.
struct Timeline {
    enum LaneKind: String, CaseIterable {
        case touch, recognizer, view, control, actions
    }

    /// A stretch of time in one state.
    struct Band: Equatable {
        /// A recognizer's state (`possible`, `began`, `changed`, `ended`, `failed`, `cancelled`), or
        /// `down` for a touch on the screen.
        var state: String
        var start: TimeInterval
        var end: TimeInterval
    }

    /// A recognizer that wants to leave `possible` waiting for others to fail (R7).
    struct Wait: Equatable {
        var start: TimeInterval
        var end: TimeInterval
        var wants: String
        var waitingFor: [String]
    }

    /// Something that happened at one time.
    struct Mark: Equatable {
        enum Style: String, CaseIterable {
            // A touch's input
            case down, move, up, cancel
            // Deliveries to a view
            case began, moved, ended, cancelled, other
            /// A touch phase held back by recognizers (R13), released to the view, or discarded (D11).
            case withheld, released, discarded
            /// A control's events, an action sent.
            case event, action
        }
        var time: TimeInterval
        var style: Style
        /// Shown beside the mark (controls, actions) or as its tooltip.
        var label: String
    }

    struct Lane {
        var kind: LaneKind
        var name: String
        var bands: [Band] = []
        var waits: [Wait] = []
        var marks: [Mark] = []
    }

    /// Marks and bands beyond this many are left out (the picture says so): a run's trace is bounded,
    /// and this keeps the picture a size a browser opens.
    static let maximumItems = 20_000

    private(set) var lanes: [Lane] = []
    /// The time the picture ends at.
    private(set) var end: TimeInterval = 0
    /// Items left out beyond ``maximumItems``.
    private(set) var omitted = 0

    private var index: [String: Int] = [:]
    private var items = 0
    /// Per recognizer: the state it is in since when (nil while it rests in `possible` with no touches).
    private var open: [String: (state: String, since: TimeInterval)] = [:]
    private var openWaits: [String: Wait] = [:]
    private var touchesDown: [Int: TimeInterval] = [:]

    /// Lays out `records`; `end` is when the run stopped (its clock), if later than the last record.
    init(_ records: [TraceRecord], end runEnd: TimeInterval? = nil) {
        for record in records { add(record) }
        let last = max(records.last?.time ?? 0, runEnd ?? 0)
        end = last
        // Close what is still open at the end.
        for (recognizer, state) in open { appendBand(.recognizer, recognizer, Band(state: state.state, start: state.since, end: last)) }
        for (recognizer, wait) in openWaits { closeWait(recognizer, wait, at: last) }
        for (finger, start) in touchesDown { appendBand(.touch, Self.touchName(finger), Band(state: "down", start: start, end: last)) }
        // Lanes in a stable order: by kind, then in the order they first appeared.
        let order = Dictionary(uniqueKeysWithValues: LaneKind.allCases.enumerated().map { ($1, $0) })
        lanes = lanes.enumerated().sorted { (order[$0.element.kind]!, $0.offset) < (order[$1.element.kind]!, $1.offset) }.map(\.element)
        for i in lanes.indices { lanes[i].bands.sort { $0.start < $1.start } }
    }

    static func touchName(_ finger: Int) -> String { "#\(finger)" }

    private mutating func add(_ record: TraceRecord) {
        let t = record.time
        switch record.kind {
        case .input(let input):
            for (finger, verb) in Self.touchChanges(input) {
                let name = Self.touchName(finger)
                switch verb {
                case .down:
                    if let start = touchesDown[finger] { appendBand(.touch, name, Band(state: "down", start: start, end: t)) }
                    touchesDown[finger] = t
                case .up, .cancel:
                    if let start = touchesDown.removeValue(forKey: finger) { appendBand(.touch, name, Band(state: "down", start: start, end: t)) }
                default: break
                }
                appendMark(.touch, name, Mark(time: t, style: verb, label: "\(name) \(verb.rawValue)"))
            }
        case .touchBound(let finger, let view, _, let tapCount):
            // Said on the touch's down mark rather than as a mark of its own.
            if let i = index["\(LaneKind.touch.rawValue) \(Self.touchName(finger))"],
               let m = lanes[i].marks.lastIndex(where: { $0.style == .down }) {
                lanes[i].marks[m].label += ": bound to '\(view.name)', tapCount \(tapCount)"
            }
        case .delivered(let responder, let method, let fingers):
            let style: Mark.Style
            switch method {
            case .touchesBegan, .pressesBegan, .motionBegan: style = .began
            case .touchesMoved, .pressesChanged, .touchesEstimatedPropertiesUpdated: style = .moved
            case .touchesEnded, .pressesEnded, .motionEnded: style = .ended
            case .touchesCancelled, .pressesCancelled, .motionCancelled: style = .cancelled
            case .remoteControlReceived: style = .other
            }
            appendMark(.view, responder.name, Mark(time: t, style: style, label: "\(method.rawValue) \(fingers)"))
        case .touchWithheld(let finger, let view, let phase, let by):
            appendMark(.view, view.name, Mark(time: t, style: .withheld, label: "#\(finger) \(phase) withheld by \(by.map(\.name).joined(separator: ", "))"))
        case .touchReleased(let finger, let view):
            appendMark(.view, view.name, Mark(time: t, style: .released, label: "#\(finger) released"))
        case .touchDiscarded(let finger, let view, let by):
            appendMark(.view, view.name, Mark(time: t, style: .discarded, label: "#\(finger) discarded ('\(by.name)' recognized)"))
        case .recognizerFed(let subject, _, _):
            let recognizer = subject.name
            lane(.recognizer, recognizer)
            if open[recognizer] == nil { open[recognizer] = ("possible", t) }
        case .recognizerState(let subject, _, let to, _):
            let recognizer = subject.name
            if let current = open.removeValue(forKey: recognizer) {
                appendBand(.recognizer, recognizer, Band(state: current.state, start: current.since, end: t))
            } else {
                lane(.recognizer, recognizer)
            }
            if let wait = openWaits.removeValue(forKey: recognizer) { closeWait(recognizer, wait, at: t) }
            // Back to possible is the reset: it rests until it is fed again.
            if to != .possible { open[recognizer] = (to.description, t) }
        case .recognizerWaiting(let subject, let wants, let others):
            let recognizer = subject.name
            if openWaits[recognizer] == nil {
                openWaits[recognizer] = Wait(start: t, end: t, wants: wants.description, waitingFor: others.map(\.name))
            }
        case .recognizerAction(let recognizer, let state, _):
            appendMark(.actions, "actions", Mark(time: t, style: .action, label: "\(recognizer.name) \(state)"))
        case .controlEvents(let control, let events):
            appendMark(.control, control.name, Mark(time: t, style: .event, label: events.names.joined(separator: " + ")))
        case .controlAction(let control, let action, _):
            appendMark(.actions, "actions", Mark(time: t, style: .action, label: "\(control.name) \(action)"))
        case .action(let name, let target, _, let handled):
            appendMark(.actions, "actions", Mark(time: t, style: .action, label: handled ? "\(name) → \(target?.name ?? "?")" : "\(name) not handled"))
        default:
            break
        }
    }

    /// The touch changes of an input: each sample's finger and what it did.
    static func touchChanges(_ input: TraceInput) -> [(Int, Mark.Style)] {
        input.touchSamples.map { sample in
            switch sample.phase {
            case .began: return (sample.finger, .down)
            case .moved, .stationary: return (sample.finger, .move)
            case .ended: return (sample.finger, .up)
            case .cancelled: return (sample.finger, .cancel)
            }
        }
    }

    @discardableResult
    private mutating func lane(_ kind: LaneKind, _ name: String) -> Int {
        let key = "\(kind.rawValue) \(name)"
        if let existing = index[key] { return existing }
        lanes.append(Lane(kind: kind, name: name))
        index[key] = lanes.count - 1
        return lanes.count - 1
    }

    private mutating func admit() -> Bool {
        guard items < Self.maximumItems else { omitted += 1; return false }
        items += 1
        return true
    }

    private mutating func appendMark(_ kind: LaneKind, _ name: String, _ mark: Mark) {
        let i = lane(kind, name)
        if admit() { lanes[i].marks.append(mark) }
    }

    private mutating func appendBand(_ kind: LaneKind, _ name: String, _ band: Band) {
        let i = lane(kind, name)
        if admit() { lanes[i].bands.append(band) }
    }

    private mutating func closeWait(_ recognizer: String, _ wait: Wait, at t: TimeInterval) {
        var closed = wait
        closed.end = t
        let i = lane(.recognizer, recognizer)
        if admit() { lanes[i].waits.append(closed) }
    }
}
