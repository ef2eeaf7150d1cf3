// Hostile variants of the bundled scenario files: byte flips, truncation, swapped keys, huge numbers,
// NaN and infinities, negative sizes, deep nesting, alias bombs, and other damage.

import Foundation

/// The kinds of damage done to a scenario file.
enum Mutation: String, CaseIterable, Sendable {
    case byteFlip, truncation, keySwap, hugeNumber, notANumber, negativeSize, deepViewNesting, deepFlowNesting,
         lineShuffle, wrongShape, aliasBomb, longText, controlCharacters, hugeScript, extremeGeometry
}

/// Applies one random mutation to a scenario file's text (or bytes).
struct ScenarioMutator {
    var rng: SplitMix64

    /// Every key the scenario format knows, for swapping.
    static let knownKeys = [
        "name", "description", "app-delegate", "windows", "first-responder", "remote-control", "script", "expect",
        "frame", "level", "key", "hidden", "root", "subviews", "performs", "handles", "view", "children", "presented",
        "kind", "bounds-origin", "transform", "alpha", "interaction", "multiple-touch", "exclusive-touch", "enabled",
        "touches", "can-become-first-responder", "point-inside-insets", "intercepts-hit-test", "vetoes", "value", "on",
        "text", "actions", "recognizers", "scale", "rotate", "translate", "event", "log", "send", "taps",
        "minimum-duration", "allowable-movement", "minimum-touches", "maximum-touches", "direction", "edges",
        "cancels-touches-in-view", "delays-touches-began", "delays-touches-ended", "thresholds", "simultaneous-with",
        "requires-failure-of", "should-begin", "should-receive", "time", "down", "move", "up", "cancel", "tap",
        "double-tap", "drag", "long-press", "pinch", "rotate", "swipe", "shake", "remote", "press", "type", "wait",
        "finger", "at", "to", "from", "duration", "steps", "distance", "radius", "degrees", "phase",
    ]

    static let hugeNumbers = ["1e308", "-1e308", "1.7976931348623157e308", "1e309", "99999999999999999999",
                              "9223372036854775807", "-9223372036854775808", "9223372036854775808", "4294967296",
                              "1e18", "-1e18", "1e15", "123456789012345678901234567890", "0x7fffffffffffffff", "1e-320"]
    static let notNumbers = [".nan", "NaN", ".inf", "-.inf", "nan", "inf", "-inf", "Infinity", "1e500", "-0", "0x1p-1074",
                             "+.INF", "~", "null", "1_000", "0o777", "1e", "--1", "١٢"]

    mutating func mutate(_ text: String, with mutation: Mutation) -> Data {
        switch mutation {
        case .byteFlip:
            var bytes = Array(text.utf8)
            guard !bytes.isEmpty else { return Data() }
            for _ in 0..<rng.int(1...6) {
                let index = rng.int(0...(bytes.count - 1))
                switch rng.int(0...3) {
                case 0: bytes[index] ^= UInt8(1 << rng.int(0...7))
                case 1: bytes[index] = UInt8(truncatingIfNeeded: rng.int(0...255))
                case 2: bytes[index] = rng.pick([0x00, 0xFF, 0xC3, 0x80, 0x22, 0x27, 0x5B, 0x7B, 0x3A, 0x2D, 0x09, 0x0A, 0x26, 0x2A, 0x21])
                default: bytes.insert(UInt8(truncatingIfNeeded: rng.int(0...255)), at: index)
                }
            }
            return Data(bytes)
        case .truncation:
            let bytes = Array(text.utf8)
            return Data(bytes.prefix(rng.int(0...max(0, bytes.count - 1))))
        case .keySwap:
            var lines = text.components(separatedBy: "\n")
            let keyed = lines.indices.filter { keyRange(in: lines[$0]) != nil }
            guard !keyed.isEmpty else { return Data(text.utf8) }
            for _ in 0..<rng.int(1...3) {
                let index = rng.pick(keyed)
                guard let range = keyRange(in: lines[index]) else { continue }
                if rng.chance(0.5), let other = rng.maybePick(keyed), let otherRange = keyRange(in: lines[other]) {
                    // Swap two keys in place.
                    let a = String(lines[index][range]), b = String(lines[other][otherRange])
                    lines[index].replaceSubrange(range, with: b)
                    if let again = keyRange(in: lines[other]) { lines[other].replaceSubrange(again, with: a) }
                } else {
                    lines[index].replaceSubrange(range, with: rng.pick(Self.knownKeys))
                }
            }
            return Data(lines.joined(separator: "\n").utf8)
        case .hugeNumber:
            return Data(replacingNumbers(in: text, count: rng.int(1...4)) { rng in rng.pick(Self.hugeNumbers) }.utf8)
        case .notANumber:
            return Data(replacingNumbers(in: text, count: rng.int(1...3)) { rng in rng.pick(Self.notNumbers) }.utf8)
        case .negativeSize:
            return Data(replacingNumbers(in: text, count: rng.int(1...4)) { rng in
                "-" + String(rng.int(1...100_000))
            }.utf8)
        case .deepViewNesting:
            return Data(nestViews(in: text, depth: rng.pick([9, 40, 120, 240, 490, 520])).utf8)
        case .deepFlowNesting:
            let depth = rng.pick([50, 500, 999, 1001, 5000, 100_000])
            let open = rng.chance(0.5) ? "[" : "{a: "
            let close = open == "[" ? "]" : "}"
            let nested = String(repeating: open, count: depth) + String(repeating: close, count: depth)
            return Data(replacingNumbers(in: text, count: 1) { _ in nested }.utf8)
        case .lineShuffle:
            var lines = text.components(separatedBy: "\n")
            guard lines.count > 2 else { return Data(text.utf8) }
            for _ in 0..<rng.int(1...4) {
                let i = rng.int(0...(lines.count - 1)), j = rng.int(0...(lines.count - 1))
                switch rng.int(0...3) {
                case 0: lines.swapAt(i, j)
                case 1: lines.remove(at: i)
                case 2: lines.insert(lines[i], at: j)
                default: lines[i] = String(repeating: " ", count: rng.int(0...9)) + lines[i].trimmingCharacters(in: .whitespaces)
                }
            }
            return Data(lines.joined(separator: "\n").utf8)
        case .wrongShape:
            let replacement = rng.pick(["[]", "{}", "[1, 2]", "{a: 1}", "''", "\"\"", "~", "[[1, 2, 3, 4]]", "[1, 2, 3, 4, 5]",
                                        "true", "- x", "|\n  text", "!!binary aGVsbG8=", "!custom x", "[a, b, c, d]"])
            return Data(replacingValue(in: text) { _ in replacement }.utf8)
        case .aliasBomb:
            let levels = rng.int(3...9)
            var bomb = "name: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
            for level in 1...levels {
                bomb += "x\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
            }
            // As the first lines (unknown keys, after the fact) or as a value that is read.
            if rng.chance(0.5) { return Data((bomb + text).utf8) }
            let value = "*a\(levels)"
            return Data((bomb.replacingOccurrences(of: "name: ", with: "description: ") + replacingValue(in: text) { _ in value })
                .replacingOccurrences(of: "\nname:", with: "\nx0:").utf8)
        case .longText:
            let long = String(repeating: rng.pick(["a", "é", "😀", "\\u0000", "'"]), count: rng.pick([300, 1000, 20_000]))
            return Data(replacingValue(in: text) { _ in "\"\(long)\"" }.utf8)
        case .controlCharacters:
            var scalars = Array(text.unicodeScalars)
            for _ in 0..<rng.int(1...5) where !scalars.isEmpty {
                let weird: [Unicode.Scalar] = ["\u{0}", "\u{1B}", "\u{FEFF}", "\u{202E}", "\u{7F}", "\u{85}", "\u{2028}", "\t", "\r", "\u{FFFD}"]
                scalars.insert(rng.pick(weird), at: rng.int(0...(scalars.count - 1)))
            }
            var result = ""
            result.unicodeScalars.append(contentsOf: scalars)
            return Data(result.utf8)
        case .hugeScript:
            let step = rng.pick(["  - drag: {from: [1, 1], to: [300, 400], duration: 3600, steps: 1000}",
                                 "  - tap: [10, 10]", "  - wait: 3600", "  - long-press: {at: [5, 5], duration: 3600}",
                                 "  - rotate: {at: [100, 100], degrees: 3600, radius: 10000, steps: 1000}",
                                 "  - type: \"" + String(repeating: "x\\n", count: 2000) + "\"",
                                 "  - { time: 86400, shake }", "  - { time: 86400, tap: [1, 1] }"])
            let count = rng.pick([10, 100, 500])
            let script = "\nscript:\n" + Array(repeating: step, count: count).joined(separator: "\n") + "\n"
            // Replace the file's script with the long one (the old one goes to an unknown key).
            return Data((text.replacingOccurrences(of: "\nscript:", with: "\nold-script:")
                .replacingOccurrences(of: "\nexpect:", with: "\nold-expect:") + script).utf8)
        case .extremeGeometry:
            let transform = rng.pick(["{scale: 0}", "{scale: [0, 1000000]}", "{scale: 1000000}", "{scale: -1000000, rotate: 3600}",
                                      "{rotate: 1e6, translate: [1e6, -1e6]}", "{scale: 1e-300}"])
            let frame = rng.pick(["[1e6, 1e6, 1e6, 1e6]", "[-1e6, -1e6, 0, 0]", "[0, 0, 1e6, 0]", "[0.5, 0.5, 1e-9, 1e-9]"])
            var result = text
            if let range = result.range(of: "frame: [") {
                let lineEnd = result[range.upperBound...].firstIndex(of: "]") ?? result.endIndex
                result.replaceSubrange(range.lowerBound...min(lineEnd, result.index(before: result.endIndex)), with: "frame: \(frame)")
            }
            return Data(nestViews(in: result, depth: rng.int(2...30), transform: transform).utf8)
        }
    }

    /// The range of the key in a `key: value` line (or `- key: value`), if any.
    private func keyRange(in line: String) -> Range<String.Index>? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        var start = line.startIndex
        while start < colon, line[start] == " " || line[start] == "-" || line[start] == "{" { start = line.index(after: start) }
        guard start < colon, line[start..<colon].allSatisfy({ $0.isLetter || $0 == "-" }) else { return nil }
        return start..<colon
    }

    /// Replaces `count` random number tokens.
    private mutating func replacingNumbers(in text: String, count: Int, with make: (inout SplitMix64) -> String) -> String {
        let pattern = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9_.#-])-?[0-9]+(\\.[0-9]+)?(?![A-Za-z0-9_])")
        var result = text
        for _ in 0..<count {
            let matches = pattern.matches(in: result, range: NSRange(result.startIndex..., in: result))
            guard let match = rng.maybePick(matches), let range = Range(match.range, in: result) else { break }
            result.replaceSubrange(range, with: make(&rng))
        }
        return result
    }

    /// Replaces the value of a random `key: value` line.
    private mutating func replacingValue(in text: String, with make: (inout SplitMix64) -> String) -> String {
        var lines = text.components(separatedBy: "\n")
        let candidates = lines.indices.filter { index in
            guard let colon = lines[index].firstIndex(of: ":") else { return false }
            return !lines[index][lines[index].index(after: colon)...].trimmingCharacters(in: .whitespaces).isEmpty
        }
        guard let index = rng.maybePick(candidates), let colon = lines[index].firstIndex(of: ":") else { return text }
        lines[index] = String(lines[index][...colon]) + " " + make(&rng)
        return lines.joined(separator: "\n")
    }

    /// Puts a chain of `depth` nested views (each optionally transformed) into the first window.
    private func nestViews(in text: String, depth: Int, transform: String? = nil) -> String {
        guard let range = text.range(of: "\nwindows:\n") else { return text }
        var chain = "  - name: hostile-window\n    frame: [0, 0, 320, 480]\n    subviews:\n"
        var indent = 6
        for level in 0..<depth {
            let pad = String(repeating: " ", count: indent)
            chain += "\(pad)- name: deep\(level)\n\(pad)  frame: [1, 1, 300, 400]\n"
            if let transform { chain += "\(pad)  transform: \(transform)\n" }
            chain += "\(pad)  recognizers: [{kind: tap, name: deepTap\(level)}]\n"
            chain += "\(pad)  subviews:\n"
            indent += 4
        }
        chain += String(repeating: " ", count: indent) + "- name: deepLeaf\n"
        var result = text
        result.replaceSubrange(range, with: "\nwindows:\n" + chain)
        return result
    }
}
