import Foundation

/// Compares a run's trace with a scenario's `expect:` block, ignoring how much space separates columns.
enum ExpectDiff {
    /// The non-empty lines of `text`, each with its runs of spaces, tabs and returns collapsed to one space and
    /// its ends trimmed. A trace can run to a million lines: this reads the text's bytes once.
    static func normalizedLines(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var lines: [String] = []
            var line: [UInt8] = []
            var pendingSpace = false
            func endLine() {
                if !line.isEmpty { lines.append(String(decoding: line, as: UTF8.self)) }
                line.removeAll(keepingCapacity: true)
                pendingSpace = false
            }
            for byte in bytes {
                switch byte {
                case 0x0A: endLine()
                case 0x20, 0x09, 0x0D: pendingSpace = !line.isEmpty
                default:
                    if pendingSpace {
                        line.append(0x20)
                        pendingSpace = false
                    }
                    line.append(byte)
                }
            }
            endLine()
            return lines
        }
    }

    /// The most lines of difference `diff` aligns. Past it the traces have little in common, and
    /// aligning them would cost time and memory that grow with the square of that number (R27).
    static let alignedDifferences = 1_000
    /// The most steps `edits` takes (line comparisons and diagonals tried): well under a second.
    static let alignmentWork = 50_000_000
    /// Lines of each side shown when the traces differ too much to align.
    static let shownWhenUnaligned = 20

    /// The differences as lines: `- expected`, `+ actual`, with two lines of context; empty when equal.
    /// Time and memory are linear in the traces, plus the square of the lines that differ, which is at
    /// most `alignedDifferences`; beyond that, the first lines of each side from where they part are shown.
    static func diff(expected: [String], actual: [String]) -> [String] {
        guard expected != actual else { return [] }
        // The common start and end are taken off first: a mismatch is usually a few lines in a long trace.
        var prefix = 0
        while prefix < expected.count, prefix < actual.count, expected[prefix] == actual[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < expected.count - prefix, suffix < actual.count - prefix,
              expected[expected.count - 1 - suffix] == actual[actual.count - 1 - suffix] { suffix += 1 }
        let a = Array(expected[prefix..<(expected.count - suffix)]), b = Array(actual[prefix..<(actual.count - suffix)])
        guard let middle = edits(a, b, limit: alignedDifferences) else {
            return unaligned(a, b, from: prefix + 1)
        }
        let ops = expected[..<prefix].map { (Character(" "), $0) } + middle + expected.suffix(suffix).map { (Character(" "), $0) }
        var keep = Array(repeating: false, count: ops.count)
        for (index, op) in ops.enumerated() where op.0 != " " {
            for k in max(0, index - 2)...min(ops.count - 1, index + 2) { keep[k] = true }
        }
        var result: [String] = []
        var skipped = false
        for (index, op) in ops.enumerated() {
            if keep[index] {
                if skipped { result.append("  …") }
                skipped = false
                result.append("\(op.0) \(op.1)")
            } else {
                skipped = true
            }
        }
        return result
    }

    /// The first lines of each side from line `line` on, when they differ too much to align.
    private static func unaligned(_ a: [String], _ b: [String], from line: Int) -> [String] {
        ["  … the traces differ from line \(line) on in more than \(ScenarioLimits.format(alignedDifferences)) lines; "
            + "the first \(shownWhenUnaligned) of each (of \(a.count) expected and \(b.count) actual):"]
            + a.prefix(shownWhenUnaligned).map { "- \($0)" } + b.prefix(shownWhenUnaligned).map { "+ \($0)" }
    }

    /// A shortest edit script from `a` to `b` (Myers's greedy algorithm: "An O(ND) Difference Algorithm",
    /// 1986), as kept (" "), removed ("-") and added ("+") lines; nil when it needs more than `limit`
    /// edits or more than `work` steps. Time is O((n + m) · d) and memory O(d²) for d edits.
    static func edits(_ a: [String], _ b: [String], limit: Int, work: Int = alignmentWork) -> [(Character, String)]? {
        var steps = 0
        // Lines become numbers, so each comparison is one integer comparison.
        var ids: [String: Int] = [:]
        let x = a.map { line in ids[line] ?? { ids[line] = ids.count; return ids.count - 1 }() }
        let y = b.map { line in ids[line] ?? { ids[line] = ids.count; return ids.count - 1 }() }
        let n = x.count, m = y.count
        // frontier[d][k + d]: how far along `a` the furthest path with d edits reaches on diagonal k = i - j;
        // -1 where no such path stays inside both sides.
        var frontier: [[Int]] = []
        /// The furthest start on diagonal k after d edits: down from k + 1 (add) or right from k - 1 (remove).
        func step(_ d: Int, _ k: Int) -> (i: Int, from: Int)? {
            let previous = frontier[d - 1]
            var best: (i: Int, from: Int)?
            if k + 1 <= d - 1, previous[k + 1 + d - 1] >= 0 {
                let i = previous[k + 1 + d - 1]
                if i - k <= m { best = (i, k + 1) }
            }
            if k - 1 >= -(d - 1), previous[k - 1 + d - 1] >= 0 {
                let i = previous[k - 1 + d - 1] + 1
                if i <= n, i - k <= m, best == nil || i > best!.i { best = (i, k - 1) }
            }
            return best
        }
        var end: Int?
        search: for d in 0...min(limit, n + m) {
            var row = Array(repeating: -1, count: 2 * d + 1)
            for k in stride(from: -d, through: d, by: 2) where k >= -m && k <= n {
                var i: Int
                if d == 0 {
                    i = 0
                } else {
                    guard let start = step(d, k) else { continue }
                    i = start.i
                }
                while i < n, i - k < m, x[i] == y[i - k] { i += 1; steps += 1 }
                steps += 1
                guard steps <= work else { return nil }
                row[k + d] = i
                if i == n, i - k == m {
                    frontier.append(row)
                    end = d
                    break search
                }
            }
            frontier.append(row)
        }
        guard let edits = end else { return nil }
        // Back from the end: each edit, then the run of equal lines that followed it.
        var ops: [(Character, String)] = []
        var k = n - m
        var i = n
        for d in stride(from: edits, through: 1, by: -1) {
            let start = step(d, k)!
            while i > start.i { i -= 1; ops.append((" ", a[i])) }
            if start.from == k + 1 {
                ops.append(("+", b[i - k - 1]))
            } else {
                i -= 1
                ops.append(("-", a[i]))
            }
            k = start.from
        }
        while i > 0 { i -= 1; ops.append((" ", a[i])) }
        return ops.reversed()
    }

    /// `text` with its `expect:` block (a top-level key) replaced by `lines`, or with one added at the end.
    static func replacingExpect(in text: String, with lines: [String]) -> String {
        var kept: [Substring] = []
        var skipping = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("expect:") { skipping = true; continue }
            if skipping {
                if line.isEmpty || line.first == " " || line.first == "\t" { continue }
                skipping = false
            }
            kept.append(line)
        }
        while let last = kept.last, last.trimmingCharacters(in: .whitespaces).isEmpty { kept.removeLast() }
        let block = ["expect: |"] + lines.map { "  " + $0 }
        return (kept.map(String.init) + block).joined(separator: "\n") + "\n"
    }
}
