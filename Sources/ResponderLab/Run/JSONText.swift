import Foundation

/// JSON text of the values ``TraceJSON`` builds (objects with text keys, lists, text, whole and decimal
/// numbers, true and false, null), written exactly as `JSONSerialization` writes them with sorted keys:
/// keys in its order, `/` escaped, control characters as `\n` or `\u001f`, decimals in their shortest
/// form without a `.0`.
///
/// `JSONSerialization` cost about 130 µs a record, most of it bridging each object to `NSDictionary`
/// and comparing keys with a locale; a trace can run to a million records. Here a record costs a few
/// microseconds: the order of a set of keys is found once (by the same comparison) and kept.
@MainActor
enum JSONText {
    /// Each set of keys met, in `JSONSerialization`'s order; keyed by the keys in plain order.
    private static var orders: [[String]: [String]] = [:]

    /// The JSON text of `value`, or nil when it holds something JSON cannot (a number that is not finite).
    static func encode(_ value: Any) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        guard write(value, into: &out) else { return nil }
        return String(decoding: out, as: UTF8.self)
    }

    private static func write(_ value: Any, into out: inout [UInt8]) -> Bool {
        switch value {
        case let text as String:
            writeString(text, into: &out)
        case let flag as Bool:
            out.append(contentsOf: (flag ? "true" : "false").utf8)
        case let number as Int:
            out.append(contentsOf: String(number).utf8)
        case let number as Double:
            guard number.isFinite else { return false }
            var text = number.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            out.append(contentsOf: text.utf8)
        case let object as [String: Any]:
            out.append(UInt8(ascii: "{"))
            for (index, key) in order(of: object.keys).enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                guard write(object[key]!, into: &out) else { return false }
            }
            out.append(UInt8(ascii: "}"))
        case let list as [Any]:
            out.append(UInt8(ascii: "["))
            for (index, item) in list.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                guard write(item, into: &out) else { return false }
            }
            out.append(UInt8(ascii: "]"))
        case is NSNull:
            out.append(contentsOf: "null".utf8)
        default:
            return false
        }
        return true
    }

    /// `keys` in the order `JSONSerialization` sorts them (numeric, case-insensitive, then forced).
    private static func order(of keys: Dictionary<String, Any>.Keys) -> [String] {
        let plain = keys.sorted()
        if let known = orders[plain] { return known }
        let sorted = plain.sorted {
            $0.compare($1, options: [.numeric, .caseInsensitive, .forcedOrdering], range: $0.startIndex..<$0.endIndex,
                       locale: NSLocale.system) == .orderedAscending
        }
        orders[plain] = sorted
        return sorted
    }

    private static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "/"): out.append(contentsOf: #"\/"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0x08: out.append(contentsOf: #"\b"#.utf8)
            case 0x0C: out.append(contentsOf: #"\f"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
