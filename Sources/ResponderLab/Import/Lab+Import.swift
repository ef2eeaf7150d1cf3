import Foundation

extension Lab {
    /// The largest dump file `import` reads (a dump of ``HierarchyDump/maximumLines`` long lines fits).
    static let maximumDumpBytes = 16 * 1024 * 1024

    /// What an import made of a dump: the scenario's text (nil when no view could be read) and the
    /// problems, each with its line of the dump.
    public struct Import: Sendable {
        public var scenario: String?
        /// `LINE: message` for every line skipped or read only in part.
        public var problems: [String]
    }

    /// Reads the text of `po view.recursiveDescription()` and writes a scenario for it (see
    /// `ImportedScenario` for how classes, names and the script are chosen). `source` names the dump
    /// in the scenario's comments.
    public static func importHierarchy(_ dump: String, source: String) -> Import {
        let hierarchy = HierarchyDump(dump)
        var problems = hierarchy.problems
        guard !hierarchy.roots.isEmpty else {
            problems.append(.init(line: max(1, hierarchy.lineCount),
                                  message: "no view could be read: the file should hold the output of `po view.recursiveDescription()`, lines like '<UIView: 0x7f8; frame = (0 0; 320 480); layer = <CALayer: 0x6000>>'"))
            return Import(scenario: nil, problems: lines(problems, unlisted: hierarchy.unlistedProblems))
        }
        let scenario = ImportedScenario(hierarchy, source: source)
        problems += scenario.notes
        problems.sort { $0.line < $1.line }
        return Import(scenario: scenario.text, problems: lines(problems, unlisted: hierarchy.unlistedProblems))
    }

    private static func lines(_ problems: [HierarchyDump.Problem], unlisted: Int) -> [String] {
        problems.map { "\($0.line): \($0.message)" } + (unlisted > 0 ? ["… and \(unlisted) more problems"] : [])
    }

    /// `responder import`: reads a dump file and writes its scenario to `output`, or to `out` when
    /// `output` is nil. Problems are reported to `err` as `FILE:LINE: message`. Returns 0 when every
    /// line was read; 2 when some line was skipped or read in part (the scenario is still written from
    /// the rest), when no view could be read, or when a file cannot be read or written.
    ///
    /// See <doc:TheResponderTool> (`responder import`) for how a dump becomes a scenario.
    public static func importHierarchy(_ path: String, to output: String?, out: (String) -> Void, err: (String) -> Void) -> Int32 {
        let text: String
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? NSNumber, size.intValue > maximumDumpBytes {
                err("\(path):1: the file is larger than \(maximumDumpBytes / 1024 / 1024) MB: not a view dump (import a smaller subtree)")
                return 2
            }
            text = try readText(path)
        } catch {
            err("\(path):1: cannot read the file: \(readProblem(path))")
            return 2
        }
        let result = importHierarchy(text, source: path)
        for problem in result.problems { err("\(path):\(problem)") }
        guard let scenario = result.scenario else { return 2 }
        if let output {
            do {
                try scenario.write(toFile: output, atomically: true, encoding: .utf8)
            } catch {
                err("\(output): cannot write the scenario: \(error.localizedDescription)")
                return 2
            }
        } else {
            out(scenario.hasSuffix("\n") ? String(scenario.dropLast()) : scenario)
        }
        return result.problems.isEmpty ? 0 : 2
    }
}
