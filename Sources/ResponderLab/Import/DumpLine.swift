import Foundation
import ResponderKit

/// One view as a line of `recursiveDescription` describes it, e.g.
/// `   |    | <UILabel: 0x7f8; frame = (20 8; 100 21); text = 'Hi'; userInteractionEnabled = NO; layer = <…>>`.
///
/// Frames are as UIKit prints them: the view's `frame` in its superview's coordinates, which under a
/// transform is the bounding box of the transformed bounds (see ``ImportedGeometry``).
struct DumpedView {
    /// The line of the dump it was read from (1-based).
    var line: Int
    /// How deep it is: the number of `|` before its `<`.
    var depth: Int
    /// The class as printed (`UIButton`, `MyApp.CardView`).
    var className: String
    /// The UIKit class it descends from, which UIKit prints for a subclass of its own: `baseClass = UIButton`.
    var baseClass: String?
    /// The object's address as printed (`0x7f8…`), if any.
    var address: String?
    var frame: CGRect
    var bounds: CGRect?
    /// A scroll view's `contentOffset`, which is its bounds origin. UIKit prints it, with
    /// `contentSize` and `adjustedContentInset`, for `UIScrollView` and every subclass (`UITableView`,
    /// `UICollectionView`, `UITextView`…).
    var contentOffset: CGPoint?
    var contentSize: CGSize?
    /// `adjustedContentInset` (or, where UIKit printed only that, `contentInset`): the room around the
    /// content that scrolling reaches.
    var contentInset: UIEdgeInsets?
    var transform: CGAffineTransform?
    var isHidden = false
    var alpha: CGFloat = 1
    var isUserInteractionDisabled = false
    var clipsToBounds = false
    /// The printed `gestureRecognizers` value (`<NSArray: 0x…>`), when the view has recognizers.
    var gestureRecognizers: String?
    /// A `text = '…'` field (labels, text fields).
    var text: String?
    /// Whether the line was cut off before its closing `>`; its last, possibly partial, field was dropped.
    var isCutOff = false
    /// Fields that could not be read and were ignored, each with why.
    var ignoredFields: [String] = []
}

/// Reads one line of a `recursiveDescription` dump.
enum DumpLine {
    /// What a line holds.
    enum Reading {
        /// Nothing to import and nothing wrong: a blank line, or the debugger's own `(lldb)` prompt.
        case nothing
        case view(DumpedView)
        /// The line cannot be read; the message says why and what was expected. `depth` is its
        /// indentation when it could be told (its subviews are then skipped with it).
        case unreadable(String, depth: Int?)
    }

    static let expectedForm = "expected an indented '<Class: 0x…; frame = (x y; w h); …>' line"

    static func read(_ raw: Substring, line: Int) -> Reading {
        var text = raw
        if text.last == "\r" { text = text.dropLast() }
        text = dropLogPrefix(text)
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        if trimmed.isEmpty || trimmed.hasPrefix("(lldb)") { return .nothing }
        guard let open = text.firstIndex(of: "<") else { return .unreadable("not a view line: \(expectedForm)", depth: nil) }
        let indentation = text[..<open]
        guard indentation.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "|" }) else {
            return .unreadable("unexpected text before '<': \(expectedForm)", depth: nil)
        }
        let depth = indentation.reduce(0) { $0 + ($1 == "|" ? 1 : 0) }
        let (body, isCutOff) = element(text[text.index(after: open)...])
        var segments = split(body)
        // A cut-off line's last field may be partial (`alpha = 0.` of `alpha = 0.5`): it is dropped, unless
        // its value is bracketed and closed, which proves it complete (`frame = (0 0; 320 480)`).
        if isCutOff, segments.count > 1, let last = segments.last, !isClosedBracketedField(last) { segments.removeLast() }
        guard let header = segments.first, !header.isEmpty else { return .unreadable("no class name after '<': \(expectedForm)", depth: depth) }
        let (className, address) = classAndAddress(header)
        guard !className.isEmpty else { return .unreadable("no class name after '<': \(expectedForm)", depth: depth) }

        var view = DumpedView(line: line, depth: depth, className: className, address: address, frame: .zero, isCutOff: isCutOff)
        var frame: CGRect?
        for segment in segments.dropFirst() {
            guard let (key, value) = field(segment) else { continue }
            switch key {
            case "frame":
                guard let rect = rect(value) else { return .unreadable("frame '\(value)' is not '(x y; w h)' with numbers up to 1e9", depth: depth) }
                frame = rect
            case "bounds":
                if let rect = rect(value) { view.bounds = rect } else { view.ignoredFields.append("bounds '\(value)' is not '(x y; w h)'") }
            case "contentOffset":
                if let point = point(value) { view.contentOffset = point } else { view.ignoredFields.append("contentOffset '\(value)' is not '{x, y}'") }
            case "contentSize":
                if let point = point(value), point.x >= 0, point.y >= 0 {
                    view.contentSize = CGSize(width: point.x, height: point.y)
                } else {
                    view.ignoredFields.append("contentSize '\(value)' is not '{width, height}'")
                }
            case "adjustedContentInset", "contentInset":
                // The adjusted inset is the one scrolling reaches; a plain contentInset stands in only without it.
                if let v = numbers(value, open: "{", close: "}", separators: [" ", ","]), v.count == 4 {
                    if key == "adjustedContentInset" || view.contentInset == nil {
                        view.contentInset = UIEdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
                    }
                } else {
                    view.ignoredFields.append("\(key) '\(value)' is not '{top, left, bottom, right}'")
                }
            case "baseClass":
                view.baseClass = String(value)
            case "transform":
                if let t = transform(value) { view.transform = t } else { view.ignoredFields.append("transform '\(value)' is not '[a, b, c, d, tx, ty]'") }
            case "hidden":
                if let flag = flag(value) { view.isHidden = flag } else { view.ignoredFields.append("hidden '\(value)' is not YES or NO") }
            case "alpha":
                if let number = number(value), (0...1).contains(number) { view.alpha = number } else { view.ignoredFields.append("alpha '\(value)' is not a number from 0 to 1") }
            case "userInteractionEnabled":
                if let flag = flag(value) { view.isUserInteractionDisabled = !flag } else { view.ignoredFields.append("userInteractionEnabled '\(value)' is not YES or NO") }
            case "clipsToBounds":
                view.clipsToBounds = flag(value) ?? false
            case "gestureRecognizers":
                view.gestureRecognizers = String(value)
            case "text":
                view.text = unquoted(value)
            default:
                continue // layer, opaque, autoresize, tag and the rest do not matter to event delivery
            }
        }
        guard let frame else {
            return .unreadable(isCutOff ? "the line is cut off before its frame" : "no 'frame = (x y; w h)' field", depth: depth)
        }
        view.frame = frame
        return .view(view)
    }

    /// Drops an `NSLog` prefix: `2024-05-01 10:00:00.123 App[123:4567] ` (the time zone is optional).
    static func dropLogPrefix(_ text: Substring) -> Substring {
        let digits = text.prefix(10)
        guard digits.count == 10, digits.enumerated().allSatisfy({ index, c in
            index == 4 || index == 7 ? c == "-" : c.isASCII && c.isNumber
        }) else { return text }
        // The prefix ends at the first "] " after a "[pid:thread" and before the first '<'.
        let limit = text.firstIndex(of: "<") ?? text.endIndex
        guard let close = text[..<limit].range(of: "] "),
              let bracket = text[..<close.lowerBound].lastIndex(of: "["),
              text[text.index(after: bracket)..<close.lowerBound].allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "x" })
        else { return text }
        return text[close.upperBound...]
    }

    /// The inside of the `<…>` that starts at `text` (just after its `<`), and whether its `>` is missing.
    /// Nested `<…>`, `(…)`, `[…]`, `{…}` and `'…'` are skipped over; what follows the `>` (` - (null)`) is ignored.
    private static func element(_ text: Substring) -> (Substring, Bool) {
        var depth = 0
        var inQuote = false
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            if inQuote {
                if c == "'" { inQuote = false }
            } else if c == "'" {
                inQuote = true
            } else if c == "<" {
                depth += 1
            } else if c == ">" {
                if depth == 0 { return (text[..<index], false) }
                depth -= 1
            }
            index = text.index(after: index)
        }
        return (text, true)
    }

    /// The `; `-separated fields of an element, skipping separators inside brackets and quotes.
    private static func split(_ body: Substring) -> [Substring] {
        var result: [Substring] = []
        var depth = 0
        var inQuote = false
        var start = body.startIndex
        var index = body.startIndex
        while index < body.endIndex {
            let c = body[index]
            if inQuote {
                if c == "'" { inQuote = false }
            } else {
                switch c {
                case "'": inQuote = true
                case "<", "(", "[", "{": depth += 1
                case ">", ")", "]", "}": depth = max(0, depth - 1)
                case ";" where depth == 0:
                    result.append(body[start..<index].trimmingSpaces)
                    start = body.index(after: index)
                default: break
                }
            }
            index = body.index(after: index)
        }
        result.append(body[start...].trimmingSpaces)
        return result
    }

    /// `UIButton: 0x7f8` → (`UIButton`, `0x7f8`); `SwiftUI._UIHostingView<App.Content>: 0x1` keeps its brackets.
    private static func classAndAddress(_ header: Substring) -> (String, String?) {
        if let range = header.range(of: ": 0x", options: .backwards) {
            let address = header[header.index(range.lowerBound, offsetBy: 2)...].prefix { $0.isHexDigit || $0 == "x" }
            return (String(header[..<range.lowerBound].trimmingSpaces), String(address))
        }
        let name = header.split(separator: ":", maxSplits: 1).first.map { $0.trimmingSpaces } ?? ""
        return (String(name), nil)
    }

    private static func isClosedBracketedField(_ segment: Substring) -> Bool {
        guard let (_, value) = field(segment), let first = value.first, let last = value.last, value.count >= 2 else { return false }
        let pairs: [Character: Character] = ["(": ")", "[": "]", "{": "}"]
        return pairs[first] == last
    }

    /// `key = value` or `key: value`.
    private static func field(_ segment: Substring) -> (String, Substring)? {
        if let range = segment.range(of: " = ") {
            return (String(segment[..<range.lowerBound]), segment[range.upperBound...].trimmingSpaces)
        }
        if let range = segment.range(of: ": ") {
            return (String(segment[..<range.lowerBound]), segment[range.upperBound...].trimmingSpaces)
        }
        return nil
    }

    /// The largest coordinate read: beyond it a value is not a screen's geometry, and the scenario's
    /// arithmetic on it would lose its meaning.
    static let maximumMagnitude = 1e9

    /// A finite number (`-0.5`, `1e3`) no larger than ``maximumMagnitude``.
    private static func number(_ text: Substring) -> CGFloat? {
        guard let value = Double(text.trimmingSpaces), value.isFinite, abs(value) <= maximumMagnitude else { return nil }
        return CGFloat(value)
    }

    private static func numbers(_ text: Substring, open: Character, close: Character, separators: Set<Character>) -> [CGFloat]? {
        guard text.first == open, text.last == close else { return nil }
        let inner = text.dropFirst().dropLast()
        let parts = inner.split { separators.contains($0) }
        let values = parts.compactMap { number($0) }
        return values.count == parts.count ? values : nil
    }

    /// `(x y; w h)`.
    private static func rect(_ text: Substring) -> CGRect? {
        guard let v = numbers(text, open: "(", close: ")", separators: [" ", ";"]), v.count == 4, v[2] >= 0, v[3] >= 0 else { return nil }
        return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// `{x, y}`.
    private static func point(_ text: Substring) -> CGPoint? {
        guard let v = numbers(text, open: "{", close: "}", separators: [" ", ","]), v.count == 2 else { return nil }
        return CGPoint(x: v[0], y: v[1])
    }

    /// `[a, b, c, d, tx, ty]`.
    private static func transform(_ text: Substring) -> CGAffineTransform? {
        guard let v = numbers(text, open: "[", close: "]", separators: [" ", ","]), v.count == 6 else { return nil }
        return CGAffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
    }

    private static func flag(_ text: Substring) -> Bool? {
        switch text {
        case "YES": return true
        case "NO": return false
        default: return nil
        }
    }

    /// `'Hi'` → `Hi`.
    private static func unquoted(_ text: Substring) -> String {
        if text.count >= 2, text.first == "'", text.last == "'" { return String(text.dropFirst().dropLast()) }
        return String(text)
    }
}

fileprivate extension Substring {
    /// Without leading and trailing spaces.
    var trimmingSpaces: Substring {
        let start = drop { $0 == " " || $0 == "\t" }
        var end = start
        while end.last == " " || end.last == "\t" { end = end.dropLast() }
        return end
    }
}
