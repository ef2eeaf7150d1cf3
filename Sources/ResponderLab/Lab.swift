import Foundation
import ResponderKit

/// The scenario tool's commands, as functions: each writes to `out` and `err` and returns an exit code
/// (0 success, 1 a run that does not match its `expect:`, 2 bad input).
///
/// See <doc:TheResponderTool> for the commands, <doc:ScenarioFiles> for the files they read, and <doc:ReadingTraces> for what they print.
@MainActor
public enum Lab {
    /// How `run` prints a trace.
    public enum Format: String, Sendable, CaseIterable {
        /// Aligned lines, each input's consequences under it.
        case text
        /// One JSON object per record.
        case json
    }

    /// Where the bundled scenarios are: `Scenarios/` at the root of the package.
    public static var bundledScenarios: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scenarios")
    }

    /// The scenarios `responder demo` plays, in order.
    public static var tour: [String] { TourStop.stops.map(\.file) }

    /// Called with every run a command plays, so tests can watch that the run's scene is freed when the
    /// command returns (R27).
    static var onPlayed: ((ScenarioRun) -> Void)?

    /// Reads and checks a scenario file.
    static func load(_ path: String, limits: ScenarioLimits = .standard) throws(ScenarioErrors) -> Scenario {
        let text: String
        do {
            text = try readText(path)
        } catch {
            throw ScenarioErrors([ScenarioError(file: path, location: SourceLocation(line: 1, column: 1),
                                                message: "cannot read the file: \(readProblem(path))")])
        }
        return try ScenarioParser.parse(text, file: path, limits: limits)
    }

    /// `responder run`: plays each file and prints its trace, then a line with its result (matched,
    /// differs, no `expect:`); checks `expect:` when present. A bad file is reported and the others still
    /// run. With several files, a last line counts the results.
    ///
    /// With `stages`, traces also show the stages of each loop turn (port, coalescing, timers, queue,
    /// sendEvent); `expect:` blocks are written and checked without them. With `quiet`, traces are not
    /// printed: only the result lines, and the differences and problems on `err` (for CI). In the JSON
    /// format, `out` holds the records alone, one object per line, and no result lines.
    ///
    /// Everything is written in whole lines, and a file's differences only after its trace and result.
    ///
    /// See <doc:TheResponderTool> (`responder run`) and <doc:ReadingTraces>.
    public static func run(_ paths: [String], format: Format = .text, updateExpect: Bool = false, stages: Bool = false,
                           quiet: Bool = false, out: (String) -> Void, err: (String) -> Void) -> Int32 {
        var results = RunResults()
        let report = format == .text ? out : { _ in }
        for path in paths {
            let scenario: Scenario
            do {
                scenario = try load(path)
            } catch {
                err(error.description)
                results.add(.notPlayed(problems: error.errors.count), for: path, report: report)
                continue
            }
            let run = ScenarioRun(scenario)
            run.play()
            onPlayed?(run)
            if !run.problems.isEmpty {
                err(run.problems.map(\.description).joined(separator: "\n"))
                results.add(.notPlayed(problems: run.problems.count), for: path, report: report)
                continue
            }
            // Rendered once: a long trace takes a while to lay out.
            let rendered = run.recorder.render()
            let lineCount = run.recorder.records.count
            if !quiet {
                if stages {
                    // The shown trace has the stages; the one checked against expect: is the plain run's.
                    let staged = ScenarioRun(scenario, tracesStages: true)
                    staged.play()
                    onPlayed?(staged)
                    show(staged, rendered: staged.recorder.render(), scenario: scenario, path: path, format: format, out: out)
                } else {
                    show(run, rendered: rendered, scenario: scenario, path: path, format: format, out: out)
                }
            }
            if updateExpect {
                do {
                    let text = try readText(path)
                    let lines = rendered.split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }
                    try ExpectDiff.replacingExpect(in: text, with: lines).write(toFile: path, atomically: true, encoding: .utf8)
                    results.add(.updated(lines: lines.count), for: path, report: report)
                } catch {
                    err("\(path):1:1: cannot write the file: \(error.localizedDescription)")
                    results.add(.notPlayed(problems: 1), for: path, report: report)
                }
            } else if let expect = scenario.expect {
                let expected = ExpectDiff.normalizedLines(expect), actual = ExpectDiff.normalizedLines(rendered)
                let differences = ExpectDiff.diff(expected: expected, actual: actual)
                if differences.isEmpty {
                    results.add(.matched(lines: lineCount), for: path, report: report)
                } else {
                    let first = zip(expected, actual).prefix { $0 == $1 }.count + 1
                    results.add(.differs(atLine: first, expected: expected.count, traced: actual.count), for: path, report: report)
                    let location = scenario.expectLocation ?? SourceLocation(line: 1, column: 1)
                    err("\(path):\(location.line):\(location.column): the trace does not match 'expect:' (- expected, + actual):\n"
                        + differences.joined(separator: "\n"))
                }
            } else {
                results.add(.noExpect(lines: lineCount), for: path, report: report)
            }
        }
        if paths.count > 1 { report(results.summary) }
        return results.code
    }

    private static func show(_ run: ScenarioRun, rendered: String, scenario: Scenario, path: String, format: Format,
                             out: (String) -> Void) {
        switch format {
        case .text:
            out("== \(scenario.name ?? path) (\(path)) ==")
            out(rendered)
        case .json:
            for record in run.recorder.records { out(TraceJSON.line(record)) }
        }
    }

    /// `responder live`: builds the scenario's scene on a device and plays JSON lines from `readLine`
    /// (called on a reader thread until it returns nil) in real time, printing the trace as it happens.
    /// Bad lines are reported to `err` with their number and skipped. Returns 0, or 2 if the scenario
    /// cannot be read or some lines were bad.
    ///
    /// See <doc:TheResponderTool> (`responder live`) for the lines it reads.
    public static func live(_ path: String, readLine: @escaping @Sendable () -> String?,
                            out: @escaping (String) -> Void, err: @escaping (String) -> Void) -> Int32 {
        let scenario: Scenario
        do {
            scenario = try load(path)
        } catch {
            err(error.description)
            return 2
        }
        let live = LiveRun(scenario, out: out, err: err)
        live.play(readLine: readLine)
        return live.badLines > 0 ? 2 : 0
    }

    /// `responder demo`: the bundled tour, narrated. For each scene: what it is and what to look at in
    /// its trace (each point quoting the trace line that shows it), the trace, then why it happens, with
    /// the rules and what `responder explain` answers. Returns 0, or 1 when a scene's trace no longer has
    /// a line its narration points at, 2 when a scene cannot be played.
    ///
    /// See <doc:TheResponderTool> (`responder demo`).
    public static func demo(out: (String) -> Void, err: (String) -> Void) -> Int32 {
        demo(TourStop.stops, out: out, err: err)
    }

    /// `demo` of these stops (tests change them).
    static func demo(_ stops: [TourStop], out: (String) -> Void, err: (String) -> Void) -> Int32 {
        var code: Int32 = 0
        for (index, stop) in stops.enumerated() {
            let path = bundledScenarios.appendingPathComponent(stop.file).path
            if index > 0 { out("") }
            out("━━ \(index + 1) of \(stops.count): \(stop.title) ━━")
            out(stop.scene)
            guard let played = play(path, err: err) else {
                code = 2
                continue
            }
            let lines = played.recorder.render().split(separator: "\n").map(String.init)
            let normalized = lines.map { ExpectDiff.normalizedLines($0).first ?? "" }
            out("")
            out("Look at:")
            for look in stop.look {
                out("  • \(look.text)")
                if let index = normalized.firstIndex(where: { $0.contains(look.evidence) }) {
                    out("      ▸ \(lines[index].trimmingCharacters(in: .whitespaces))")
                } else {
                    err("\(path): the tour points at a line with '\(look.evidence)', which the trace no longer has")
                    code = max(code, 1)
                }
            }
            out("")
            code = max(code, run([path], out: out, err: err))
            out("")
            out("Why:")
            for reason in stop.why { out("  • \(reason)") }
            let explainer = Explainer(run: played)
            for answer in stop.answers {
                let said: [String]
                switch answer.subject {
                case .view(let name): said = explainer.explainView(name)
                case .recognizer(let name): said = explainer.explainRecognizer(name)
                case .control(let name): said = explainer.explainControl(name)
                case .row(let name): said = explainer.explainRow(name)
                }
                if let line = said.first(where: { $0.contains(answer.containing) }) {
                    out("  • responder explain \(answer.subject.option): \(line.trimmingCharacters(in: .whitespaces))")
                } else {
                    err("\(path): the tour quotes an answer with '\(answer.containing)', which 'responder explain \(answer.subject.option)' no longer gives")
                    code = max(code, 1)
                }
            }
        }
        return code
    }

    /// The file's text. An empty file is not read: on Linux, Foundation's file reading leaks its 4 KB
    /// buffer when a file has no bytes (found by the scenario fuzzer under LeakSanitizer).
    static func readText(_ path: String) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        if attributes[.type] as? FileAttributeType == .typeRegular, (attributes[.size] as? NSNumber)?.intValue == 0 { return "" }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    static func readProblem(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "no such file" }
        if isDirectory.boolValue { return "it is a directory; give a .yaml scenario file" }
        return "it is not readable UTF-8 text"
    }
}
