import Foundation

/// Compares a run's trace with a scenario's `expect:` block, ignoring how much space separates columns.
enum ExpectDiff {
    /// A line with its runs of spaces collapsed and its ends trimmed.
    static func normalize(_ line: String) -> String {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    static func normalizedLines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { normalize(String($0)) }.filter { !$0.isEmpty }
    }

    /// The differences as lines: `- expected`, `+ actual`, with two lines of context; empty when equal.
    static func diff(expected: [String], actual: [String]) -> [String] {
        guard expected != actual else { return [] }
        // Longest common subsequence, then a walk that emits the edits.
        let n = expected.count, m = actual.count
        var table = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = expected[i] == actual[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var ops: [(Character, String)] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i] == actual[j] {
                ops.append((" ", expected[i])); i += 1; j += 1
            } else if j < m, i == n || table[i][j + 1] >= table[i + 1][j] {
                ops.append(("+", actual[j])); j += 1
            } else {
                ops.append(("-", expected[i])); i += 1
            }
        }
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
