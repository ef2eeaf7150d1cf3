import Foundation
import ResponderKit

/// Trace records as JSON objects: `time`, `kind` (the record's case), `category`, `subject`, `detail`,
/// and the record's own fields.
enum TraceJSON {
    static func line(_ record: TraceRecord) -> String {
        var object: [String: Any] = ["time": (record.time * 1000).rounded() / 1000]
        let columns = record.columns
        object["category"] = columns.category
        object["subject"] = columns.subject
        object["detail"] = columns.detail
        let mirror = Mirror(reflecting: record.kind)
        if let child = mirror.children.first, let label = child.label {
            object["kind"] = label
            let fields = Mirror(reflecting: child.value)
            if fields.displayStyle == .tuple {
                for field in fields.children {
                    if let name = field.label { object[name] = json(field.value) }
                }
            } else {
                object["value"] = json(child.value)
            }
        } else {
            object["kind"] = "\(record.kind)"
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
              let text = String(data: data, encoding: .utf8) else { return "{}" }
        return text
    }

    /// A value as JSON: numbers, strings, points as [x, y], lists, and enums by their description.
    private static func json(_ value: Any) -> Any {
        switch value {
        case let string as String: return string
        case let int as Int: return int
        case let double as Double: return double
        case let float as CGFloat: return Double(float)
        case let bool as Bool: return bool
        case let point as CGPoint: return [Double(point.x), Double(point.y)]
        case let list as [Int]: return list
        case let list as [String]: return list
        case let optional as Optional<String>: return optional ?? NSNull()
        default:
            if let raw = (value as? any RawRepresentable)?.rawValue as? String { return raw }
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional {
                return mirror.children.first.map { json($0.value) } ?? NSNull()
            }
            return String(describing: value)
        }
    }
}
