import Foundation
import ResponderKit

/// Trace records as JSON objects, one per line, under the schema docs/trace-json.md describes.
///
/// Each object holds the schema's `version`, the record's `time` and `kind` (its case), the three
/// columns the text trace shows (`category`, `subject`, `detail`), and the record's own fields, typed:
/// objects as `{"id", "class", "name"}`, states by name, causes as `{"kind", "rule", "text", …}`,
/// fingers as lists, points as `[x, y]`.
@MainActor
enum TraceJSON {
    /// The schema's version. Raise it when a field changes meaning or goes; adding a field does not.
    /// Version 2 writes scroll-view calls, content-touch fates, scroll-view changes and loop-mode records
    /// as objects with their values, press types as numbers and run-loop modes by their raw names,
    /// where version 1 wrote their text: every record can be read back (``record(from:)``).
    static let version = 2

    static func line(_ record: TraceRecord) -> String {
        JSONText.encode(object(record)) ?? "{}"
    }

    /// The record's object, before it is written.
    static func object(_ record: TraceRecord) -> [String: Any] {
        var object: [String: Any] = ["version": version, "time": (record.time * 1000).rounded() / 1000]
        let columns = record.columns
        object["category"] = columns.category
        object["subject"] = columns.subject
        object["detail"] = columns.detail
        for (key, value) in enumObject(record.kind, plainName: nil) { object[key] = value }
        return object
    }

    /// An enum value as an object: `kind` (its case) and its associated values, by label (`value` for
    /// an unlabeled one).
    private static func enumObject(_ value: Any, plainName: String?) -> [String: Any] {
        let mirror = Mirror(reflecting: value)
        guard let child = mirror.children.first, let label = child.label else {
            return ["kind": plainName ?? "\(value)"]
        }
        var object: [String: Any] = ["kind": label]
        let payload = Mirror(reflecting: child.value)
        if payload.displayStyle == .tuple {
            for (index, field) in payload.children.enumerated() {
                let name = field.label.flatMap { $0.hasPrefix(".") ? nil : $0 } ?? (index == 0 ? "value" : "value\(index)")
                object[name] = json(field.value)
            }
        } else {
            object["value"] = json(child.value)
        }
        return object
    }

    /// A value as JSON.
    private static func json(_ value: Any) -> Any {
        switch value {
        case let string as String: return string
        case let int as Int: return int
        case let double as Double: return double
        case let float as CGFloat: return Double(float)
        case let bool as Bool: return bool
        case let point as CGPoint: return [Double(point.x), Double(point.y)]
        case let subject as TraceSubject: return ["id": subject.id, "class": subject.className, "name": subject.name]
        case let fingers as TraceFingers: return Array(fingers)
        case let state as UIGestureRecognizer.State: return state.description
        case let events as UIControl.Event: return events.names
        case let cause as TraceCause:
            var object = enumObject(cause, plainName: cause.name)
            object["kind"] = cause.name
            object["rule"] = cause.rule
            object["text"] = cause.description
            return object
        case let input as TraceInput:
            var object = enumObject(input, plainName: input == .pencilTap ? "pencilTap" : nil)
            object["text"] = input.description
            if case .touches = input {
                object["value"] = nil
                object["more"] = nil
                object["samples"] = input.touchSamples.map { sample -> [String: Any] in
                    ["finger": sample.finger, "phase": "\(sample.phase)",
                     "location": [Double(sample.location.x), Double(sample.location.y)], "samples": sample.samples,
                     "type": "\(sample.type)", "buttons": sample.buttonMask.rawValue]
                }
            }
            return object
        case let mask as UIEvent.ButtonMask: return mask.rawValue
        case let mask as UIScrollTypeMask: return mask.rawValue
        case let decision as TraceRecord.PointerDecision:
            return described(decision, plainName: decision == .overNoView ? "overNoView" : nil)
        case let outcome as TraceRecord.KeyCommandOutcome:
            return described(outcome, plainName: outcome == .noResponderPerforms ? "noResponderPerforms" : nil)
        case let question as TraceRecord.DelegateQuestion: return described(question, plainName: plainName(of: question))
        case let reason as TraceRecord.DropReason: return described(reason, plainName: plainName(of: reason))
        case let call as TraceRecord.ScrollViewCall: return described(call, plainName: plainName(of: call))
        case let fate as TraceRecord.ContentTouchFate: return described(fate, plainName: plainName(of: fate))
        case let change as TraceRecord.ScrollViewChange: return described(change, plainName: nil)
        case let refusal as TraceRecord.ScrollViewChange.Refusal: return enumObject(refusal, plainName: nil)
        case let record as RunLoopModeRecord: return enumObject(record, plainName: nil)
        case let mode as RunLoop.Mode: return mode.rawValue
        case let type as UIPress.PressType: return type.rawValue
        case let indexPath as IndexPath: return Array(indexPath)
        case let decision as TraceRecord.SelectionDecision: return described(decision, plainName: nil)
        case let decision as TraceRecord.SwipeActionDecision: return described(decision, plainName: nil)
        case let refusal as TraceRecord.SwipeActionDecision.Refusal: return enumObject(refusal, plainName: nil)
        case let reason as TraceRecord.SwipeActionDecision.CloseReason: return enumObject(reason, plainName: nil)
        case let stage as RunLoopStage: return enumObject(stage, plainName: nil)
        case let decision as SystemDecision: return enumObject(decision, plainName: nil)
        case let change as TraceRecord.NavigationChange:
            return described(change, plainName: change == .backSwipeFoundNothingToPop ? "backSwipeFoundNothingToPop" : nil)
        case let refusal as TraceRecord.BackSwipeRefusal: return described(refusal, plainName: plainName(of: refusal))
        case let decision as TraceRecord.BackSwipeDecision:
            return described(decision, plainName: decision == .recognizerCancelled ? "recognizerCancelled" : nil)
        case let change as TraceRecord.PresentationChange: return described(change, plainName: nil)
        case let refusal as TraceRecord.SheetRefusal:
            return described(refusal, plainName: refusal == .delegateDeclined ? "delegateDeclined" : nil)
        case let decision as TraceRecord.SheetDecision:
            return described(decision, plainName: decision == .recognizerCancelled ? "recognizerCancelled" : nil)
        case let list as [Any]: return list.map(json)
        default:
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional {
                return mirror.children.first.map { json($0.value) } ?? NSNull()
            }
            // Plain enums (methods, phases, skip reasons, event types): the case's name.
            return String(describing: value)
        }
    }

    /// An enum that describes itself in words: its object, with that wording as `text`. Its cases
    /// without values need their names given (`plainName`): its description is not its case's name.
    private static func described(_ value: some CustomStringConvertible, plainName: String?) -> [String: Any] {
        var object = enumObject(value, plainName: plainName)
        object["text"] = value.description
        return object
    }

    private static func plainName(of question: TraceRecord.DelegateQuestion) -> String? {
        switch question {
        case .shouldReceiveEvent: return "shouldReceiveEvent"
        case .shouldReceivePress: return "shouldReceivePress"
        case .shouldBegin: return "shouldBegin"
        default: return nil
        }
    }

    private static func plainName(of call: TraceRecord.ScrollViewCall) -> String? {
        switch call {
        case .willBeginDragging: return "willBeginDragging"
        case .willBeginDecelerating: return "willBeginDecelerating"
        case .didEndDecelerating: return "didEndDecelerating"
        case .didEndScrollingAnimation: return "didEndScrollingAnimation"
        case .willBeginZooming: return "willBeginZooming"
        default: return nil
        }
    }

    private static func plainName(of fate: TraceRecord.ContentTouchFate) -> String? {
        switch fate {
        case .delayed: return "delayed"
        case .releasedOnLift: return "releasedOnLift"
        case .refusedByTouchesShouldBegin: return "refusedByTouchesShouldBegin"
        case .cancelledByScrolling: return "cancelledByScrolling"
        case .discardedByScrolling: return "discardedByScrolling"
        case .keptByTouchesShouldCancel: return "keptByTouchesShouldCancel"
        case .keptCanCancelContentTouchesOff: return "keptCanCancelContentTouchesOff"
        case .stoppedScrolling: return "stoppedScrolling"
        default: return nil
        }
    }

    private static func plainName(of refusal: TraceRecord.BackSwipeRefusal) -> String {
        switch refusal {
        case .onlyRootController: return "onlyRootController"
        case .transitionRunning: return "transitionRunning"
        case .notAwayFromEdge: return "notAwayFromEdge"
        }
    }

    private static func plainName(of reason: TraceRecord.DropReason) -> String? {
        switch reason {
        case .ignoringInteractionEvents: return "ignoringInteractionEvents"
        case .noWindowHit: return "noWindowHit"
        case .notReceivingRemoteControlEvents: return "notReceivingRemoteControlEvents"
        case .noKeyWindow: return "noKeyWindow"
        case .noInitialResponder: return "noInitialResponder"
        case .momentumScroll: return "momentumScroll"
        case .notFromThisApplication: return "notFromThisApplication"
        default: return nil
        }
    }
}
