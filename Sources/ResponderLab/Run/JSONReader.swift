import Foundation

/// Reads the JSON ``JSONText`` writes, and any other JSON, into the values it was made of: objects as
/// `[String: Any]`, lists as `[Any]`, text, `Int` for whole numbers written without a fraction or an
/// exponent, `Double` for the others, `Bool`, and `NSNull`.
///
/// Numbers are read with `Double(_:)`, which gives back exactly the double whose shortest text was
/// written: `JSONSerialization` on Linux reads `0.44999999999999996` as `0.45`, and a trace read back
/// would not be the trace written.
struct JSONReader {
    /// Why the text is not JSON, and where.
    struct Failure: Error {
        var message: String
    }

    /// How deep lists and objects may nest: a hostile line cannot make reading recurse without end.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0

    private init(_ text: Substring) {
        bytes = Array(text.utf8)
    }

    /// The value `text` holds, or why it is not JSON.
    static func parse(_ text: Substring) throws(Failure) -> Any {
        var reader = JSONReader(text)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == reader.bytes.count else { throw reader.failure("text after the value") }
        return value
    }

    private func failure(_ message: String) -> Failure {
        Failure(message: "\(message) at character \(index + 1)")
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> Any {
        guard depth < Self.maximumDepth else { throw failure("lists and objects nested more than \(Self.maximumDepth) deep") }
        guard index < bytes.count else { throw failure("a value expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var object: [String: Any] = [:]
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return object
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("a key in quotes expected") }
                let key = try string()
                skipSpace()
                try expect(UInt8(ascii: ":"))
                skipSpace()
                object[key] = try value(depth: depth + 1)
                skipSpace()
                guard index < bytes.count else { throw failure("'}' expected") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                try expect(UInt8(ascii: "}"))
                return object
            }
        case UInt8(ascii: "["):
            index += 1
            var list: [Any] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return list
            }
            while true {
                skipSpace()
                list.append(try value(depth: depth + 1))
                skipSpace()
                guard index < bytes.count else { throw failure("']' expected") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                try expect(UInt8(ascii: "]"))
                return list
            }
        case UInt8(ascii: "\""):
            return try string()
        case UInt8(ascii: "t"):
            try literal("true")
            return true
        case UInt8(ascii: "f"):
            try literal("false")
            return false
        case UInt8(ascii: "n"):
            try literal("null")
            return NSNull()
        default:
            return try number()
        }
    }

    private mutating func expect(_ byte: UInt8) throws(Failure) {
        guard index < bytes.count, bytes[index] == byte else { throw failure("'\(Character(UnicodeScalar(byte)))' expected") }
        index += 1
    }

    private mutating func literal(_ word: String) throws(Failure) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("'\(word)' expected")
        }
        index += expected.count
    }

    private mutating func number() throws(Failure) -> Any {
        let start = index
        var whole = true
        while index < bytes.count, Self.isNumberByte(bytes[index]) {
            if bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") { whole = false }
            index += 1
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if whole, let integer = Int(text) { return integer }
        guard !text.isEmpty, text.first != "+", let double = Double(text), double.isFinite else {
            index = start
            throw failure("a value expected")
        }
        return double
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(index)
                index += 1
                return String(scalars)
            }
            guard byte >= 0x20 else { throw failure("a control character inside text") }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            flush(index)
            index += 1
            guard index < bytes.count else { break }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{c}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                // A surrogate pair: the high half, then `\u` and the low half.
                if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    let low = try hex4()
                    code = (0xDC00..<0xE000).contains(low) ? 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                }
                scalars.append(UnicodeScalar(code) ?? "\u{FFFD}")
            default:
                throw failure("an unknown escape in text")
            }
            run = index
        }
        throw failure("text not closed by '\"'")
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw failure("four hexadecimal digits expected after \\u")
        }
        index += 4
        return code
    }
}
