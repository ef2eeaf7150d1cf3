import Foundation
import ResponderKit
import Yams

/// Reads typed values out of a YAML node tree, collecting every problem with its place instead of
/// stopping at the first. Each accessor returns nil when the value is missing or wrong and records why.
///
/// It also keeps the file within `ScenarioLimits`: it counts what it reads (an alias's node each time it
/// is used), and once a limit is reached, or enough problems are found, it reports that at the place
/// and stops reading: every accessor then returns nil at once and no further problem is recorded.
final class YAMLReader {
    let file: String
    let limits: ScenarioLimits
    private(set) var errors: [ScenarioError] = []
    /// Whether a limit was reached: nothing more is read.
    private(set) var isStopped = false
    private var nodes = 0, views = 0, recognizers = 0
    /// The views being read, one inside the next.
    private var viewDepth = 0

    init(file: String, limits: ScenarioLimits = .standard) {
        self.file = file
        self.limits = limits
    }

    func location(of node: Node) -> SourceLocation {
        node.mark.map { SourceLocation(line: $0.line, column: $0.column) } ?? SourceLocation(line: 1, column: 1)
    }

    func fail(_ node: Node, _ message: String) {
        fail(at: location(of: node), message)
    }

    func fail(at location: SourceLocation, _ message: String) {
        guard !isStopped else { return }
        guard errors.count < limits.problems else {
            stop(at: location, "more than \(limits.problems) problems: stopped reading here; fix the ones above and run again")
            return
        }
        errors.append(ScenarioError(file: file, location: location, message: message))
    }

    /// Reports `message` at `location` and stops reading.
    func stop(at location: SourceLocation, _ message: String) {
        guard !isStopped else { return }
        errors.append(ScenarioError(file: file, location: location, message: message))
        isStopped = true
    }

    // MARK: Limits

    /// Counts `count` more nodes read at `node`; false (reported, reading stopped) past the limit.
    func countNodes(_ count: Int, at node: Node) -> Bool {
        nodes += count
        return within(nodes, limits.nodes, "YAML nodes (every use of an alias counts what it repeats again)", at: node)
    }

    /// Counts one more view made at `node`; false past the limit.
    func countView(at node: Node) -> Bool {
        views += 1
        return within(views, limits.views, "views", at: node)
    }

    /// Enters a view at `node`, one level below the view being read; false (reported, reading stopped)
    /// past the nesting limit. Each true answer is paired with ``leaveView()``.
    func enterView(at node: Node) -> Bool {
        guard !isStopped else { return false }
        guard viewDepth < limits.viewNesting else {
            stop(at: location(of: node), ScenarioLimits.message(limits.viewNesting, "levels of views below their window"))
            return false
        }
        viewDepth += 1
        return true
    }

    /// Leaves the view entered last.
    func leaveView() { viewDepth -= 1 }

    /// Counts one more recognizer made at `node`; false past the limit.
    func countRecognizer(at node: Node) -> Bool {
        recognizers += 1
        return within(recognizers, limits.recognizers, "gesture recognizers", at: node)
    }

    private func within(_ count: Int, _ limit: Int, _ what: String, at node: Node) -> Bool {
        guard !isStopped else { return false }
        guard count > limit else { return true }
        stop(at: location(of: node), ScenarioLimits.message(limit, what))
        return false
    }

    /// A mapping whose keys must all be in `allowed`; an unknown key is reported with the nearest allowed one.
    func mapping(_ node: Node, _ what: String, allowed: [String]) -> Fields? {
        guard !isStopped else { return nil }
        guard case .mapping(let mapping) = node else {
            fail(node, "\(what) must be a mapping (key: value lines), not \(describe(node))")
            return nil
        }
        guard countNodes(1 + mapping.count, at: node) else { return nil }
        var fields = Fields(node: node, reader: self)
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                fail(keyNode, "keys of \(what) must be plain words")
                continue
            }
            let key = scalar.string
            if !allowed.contains(key) {
                var message = "unknown key '\(key)' in \(what)"
                if let nearest = YAMLReader.nearest(to: key, in: allowed) { message += "; did you mean '\(nearest)'?" }
                message += " (allowed: \(allowed.joined(separator: ", ")))"
                fail(keyNode, message)
                continue
            }
            if fields.values[key] != nil {
                fail(keyNode, "'\(key)' appears twice in \(what)")
                continue
            }
            fields.values[key] = value
            fields.keyLocations[key] = location(of: keyNode)
        }
        return fields
    }

    func sequence(_ node: Node, _ what: String) -> [Node]? {
        guard !isStopped else { return nil }
        if case .sequence(let sequence) = node, !countNodes(1 + sequence.count, at: node) { return nil }
        guard case .sequence(let sequence) = node else {
            fail(node, "\(what) must be a list (lines starting with '- '), not \(describe(node))")
            return nil
        }
        return Array(sequence)
    }

    func string(_ node: Node, _ what: String) -> String? {
        guard case .scalar(let scalar) = node else {
            fail(node, "\(what) must be a text value, not \(describe(node))")
            return nil
        }
        return scalar.string
    }

    func number(_ node: Node, _ what: String, range: ClosedRange<Double> = -1e6...1e6) -> Double? {
        guard case .scalar(let scalar) = node, let value = Double(scalar.string.trimmingCharacters(in: .whitespaces)) else {
            fail(node, "\(what) must be a number, not \(describe(node))")
            return nil
        }
        guard value.isFinite, range.contains(value) else {
            fail(node, "\(what) must be a number from \(format(range.lowerBound)) to \(format(range.upperBound)), not \(scalar.string)")
            return nil
        }
        return value
    }

    func integer(_ node: Node, _ what: String, range: ClosedRange<Int>) -> Int? {
        guard case .scalar(let scalar) = node, let value = Int(scalar.string.trimmingCharacters(in: .whitespaces)) else {
            fail(node, "\(what) must be a whole number, not \(describe(node))")
            return nil
        }
        guard range.contains(value) else {
            fail(node, "\(what) must be from \(range.lowerBound) to \(range.upperBound), not \(value)")
            return nil
        }
        return value
    }

    func bool(_ node: Node, _ what: String) -> Bool? {
        guard case .scalar(let scalar) = node else {
            fail(node, "\(what) must be true or false, not \(describe(node))")
            return nil
        }
        switch scalar.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            fail(node, "\(what) must be true or false, not '\(scalar.string)'")
            return nil
        }
    }

    /// `[x, y]`.
    func point(_ node: Node, _ what: String) -> CGPoint? {
        guard let values = numbers(node, what, count: 2, form: "[x, y]") else { return nil }
        return CGPoint(x: values[0], y: values[1])
    }

    /// `[x, y, width, height]` with a size that is not negative.
    func rect(_ node: Node, _ what: String) -> CGRect? {
        guard let values = numbers(node, what, count: 4, form: "[x, y, width, height]") else { return nil }
        guard values[2] >= 0, values[3] >= 0 else {
            fail(node, "\(what) must have a width and height of 0 or more, not \(format(values[2])) × \(format(values[3]))")
            return nil
        }
        return CGRect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    func numbers(_ node: Node, _ what: String, count: Int, form: String) -> [Double]? {
        guard case .sequence(let sequence) = node else {
            fail(node, "\(what) must be \(form), not \(describe(node))")
            return nil
        }
        guard sequence.count == count else {
            fail(node, "\(what) must be \(form): \(count) numbers, not \(sequence.count)")
            return nil
        }
        var result: [Double] = []
        for item in sequence {
            guard let value = number(item, "each number of \(what)") else { return nil }
            result.append(value)
        }
        return result
    }

    /// One of `choices`, with the nearest suggested when it is none of them.
    func choice<T>(_ node: Node, _ what: String, _ choices: [(String, T)]) -> T? {
        guard let text = string(node, what) else { return nil }
        if let match = choices.first(where: { $0.0 == text }) { return match.1 }
        let names = choices.map(\.0)
        var message = "unknown \(what) '\(text)'"
        if let nearest = YAMLReader.nearest(to: text, in: names) { message += "; did you mean '\(nearest)'?" }
        message += " (one of: \(names.joined(separator: ", ")))"
        fail(node, message)
        return nil
    }

    /// One of `choices`, named in a list of names (reported where the name is written).
    func choice<T>(_ named: Scenario.Named, _ what: String, _ choices: [(String, T)]) -> T? {
        if let match = choices.first(where: { $0.0 == named.name }) { return match.1 }
        let names = choices.map(\.0)
        var message = "unknown \(what) '\(named.name)'"
        if let nearest = YAMLReader.nearest(to: named.name, in: names) { message += "; did you mean '\(nearest)'?" }
        fail(at: named.location, message + " (one of: \(names.joined(separator: ", ")))")
        return nil
    }

    /// A name: text of at most `ScenarioLimits.nameLength` characters.
    func name(_ node: Node, _ what: String) -> String? {
        guard let text = string(node, what) else { return nil }
        guard text.count <= limits.nameLength else {
            fail(node, "\(what) is \(text.count) characters long; a name may have at most \(limits.nameLength) (see Scenarios/README.md, Limits)")
            return nil
        }
        return text
    }

    /// A name, or a list of at most `ScenarioLimits.namesPerList` names.
    func names(_ node: Node, _ what: String) -> [Scenario.Named]? {
        guard !isStopped else { return nil }
        if case .sequence(let sequence) = node {
            guard countNodes(1 + sequence.count, at: node) else { return nil }
            guard sequence.count <= limits.namesPerList else {
                fail(node, "\(what) lists \(sequence.count) names; a list may hold at most \(ScenarioLimits.format(limits.namesPerList)) (see Scenarios/README.md, Limits)")
                return nil
            }
            return sequence.compactMap { item in name(item, "each name of \(what)").map { Scenario.Named(name: $0, location: location(of: item)) } }
        }
        return name(node, what).map { [Scenario.Named(name: $0, location: location(of: node))] }
    }

    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): return "'\(scalar.string)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The most work one suggestion may take: edit-distance cells, and a hundred for each candidate
    /// compared. A fraction of a millisecond; enough for any list of keys and the names of a real scene.
    static let suggestionBudget = 200_000

    /// The allowed word closest to `word`, if it is close enough to be a likely typo.
    static func nearest(to word: String, in candidates: [String]) -> String? {
        // The edit distance costs length × length: a hostile file's megabyte-long name made a suggestion take
        // seconds (minutes between two such names), and ten thousand unknown names among ten thousand
        // recognizers never finished. Only words of a sensible length get one, only from candidates whose
        // length could come within the allowed distance, and none when that would cost more than the budget
        // (problems per file are capped too, so all suggestions together stay within a second).
        let count = word.count
        guard count <= ScenarioLimits.standard.nameLength else { return nil }
        let allowed = max(2, count / 3)
        let near = candidates.filter { abs($0.count - count) <= allowed }
        guard near.reduce(0, { $0 + $1.count * count + 100 }) <= suggestionBudget else { return nil }
        let lowered = word.lowercased()
        let scored = near.map { ($0, editDistance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= allowed ? best.0 : nil
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The fields of a mapping, checked against its allowed keys.
    struct Fields {
        let node: Node
        let reader: YAMLReader
        var values: [String: Node] = [:]
        var keyLocations: [String: SourceLocation] = [:]

        subscript(key: String) -> Node? { values[key] }

        func require(_ key: String, _ what: String) -> Node? {
            if let value = values[key] { return value }
            reader.fail(node, "\(what) needs '\(key)'")
            return nil
        }
    }
}
