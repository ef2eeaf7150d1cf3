/// What `responder run` says of each file it played, one line each, and of all of them at the end.
struct RunResults {
    enum Result {
        /// The trace matched the file's `expect:` block.
        case matched(lines: Int)
        /// The trace differs from the expected lines, from its line `atLine` on.
        case differs(atLine: Int, expected: Int, traced: Int)
        /// The file has no `expect:` block.
        case noExpect(lines: Int)
        /// `--update-expect` wrote the trace into the file.
        case updated(lines: Int)
        /// The file could not be read or played.
        case notPlayed(problems: Int)
    }

    private(set) var matched = 0, differing = 0, withoutExpect = 0, updated = 0, notPlayed = 0

    /// Counts `result` and reports its line.
    mutating func add(_ result: Result, for path: String, report: (String) -> Void) {
        switch result {
        case .matched(let lines):
            matched += 1
            report("\(path): matched 'expect:' (\(Self.count(lines, "line")))")
        case .differs(let line, let expected, let traced):
            differing += 1
            report("\(path): differs from 'expect:' at line \(line) of the trace (\(Self.count(expected, "line")) expected, \(traced) traced)")
        case .noExpect(let lines):
            withoutExpect += 1
            report("\(path): no 'expect:' to check (\(Self.count(lines, "line")) traced; --update-expect writes them into the file)")
        case .updated(let lines):
            updated += 1
            report("\(path): 'expect:' updated (\(Self.count(lines, "line")))")
        case .notPlayed(let problems):
            notPlayed += 1
            report("\(path): not played (\(Self.count(problems, "problem")))")
        }
    }

    /// The last line, with several files.
    var summary: String {
        let total = matched + differing + withoutExpect + updated + notPlayed
        var parts = ["\(matched) matched", "\(differing) \(differing == 1 ? "differs" : "differ")"]
        if withoutExpect > 0 { parts.append("\(withoutExpect) without 'expect:'") }
        if updated > 0 { parts.append("\(updated) updated") }
        if notPlayed > 0 { parts.append("\(notPlayed) not played") }
        return "\(Self.count(total, "scenario")): " + parts.joined(separator: ", ")
    }

    /// The exit code: 2 when a file could not be played, else 1 when a trace differs, else 0.
    var code: Int32 { notPlayed > 0 ? 2 : differing > 0 ? 1 : 0 }

    private static func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
}
