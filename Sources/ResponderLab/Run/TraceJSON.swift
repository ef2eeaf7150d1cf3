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
    static let version = 1

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
            var object = enumObject(input, plainName: nil)
            object["text"] = input.description
            if case .touches = input {
                object["value"] = nil
                object["more"] = nil
                object["samples"] = input.touchSamples.map { sample -> [String: Any] in
                    ["finger": sample.finger, "phase": "\(sample.phase)",
                     "location": [Double(sample.location.x), Double(sample.location.y)], "samples": sample.samples]
                }
            }
            return object
        case let question as TraceRecord.DelegateQuestion:
            var object = enumObject(question, plainName: plainName(of: question))
            object["text"] = question.description
            return object
        case let reason as TraceRecord.DropReason:
            var object = enumObject(reason, plainName: plainName(of: reason))
            object["text"] = reason.description
            return object
        case let stage as RunLoopStage: return enumObject(stage, plainName: nil)
        case let decision as SystemDecision: return enumObject(decision, plainName: nil)
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

    private static func plainName(of question: TraceRecord.DelegateQuestion) -> String? {
        switch question {
        case .shouldReceiveEvent: return "shouldReceiveEvent"
        case .shouldReceivePress: return "shouldReceivePress"
        case .shouldBegin: return "shouldBegin"
        default: return nil
        }
    }

    private static func plainName(of reason: TraceRecord.DropReason) -> String? {
        switch reason {
        case .ignoringInteractionEvents: return "ignoringInteractionEvents"
        case .noWindowHit: return "noWindowHit"
        case .notReceivingRemoteControlEvents: return "notReceivingRemoteControlEvents"
        case .noKeyWindow: return "noKeyWindow"
        case .noInitialResponder: return "noInitialResponder"
        default: return nil
        }
    }
}
