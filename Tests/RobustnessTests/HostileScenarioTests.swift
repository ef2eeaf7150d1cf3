// Hostile scenario files: mutations of every bundled scenario go through `run`, `explain` and `draw`.
// The tool never crashes and always exits 0, 1 or 2; a non-zero code comes with a message naming the
// file (FILE:LINE:COLUMN for bad input).

import Foundation
import Testing
@testable import ResponderLab

@MainActor
@Suite struct HostileScenarioTests {

    static let bundled: [String] = {
        let directory = Lab.bundledScenarios.path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { directory + "/" + $0 }
    }()

    static let scratch: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("responderkit-hostile-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    struct Outcome {
        var command: String
        var code: Int32
        var err: String
    }

    /// Runs the three commands on one file and returns what each said.
    static func runAll(_ path: String, rng: inout SplitMix64) -> [Outcome] {
        var outcomes: [Outcome] = []
        var err: [String] = []
        let runCode = Lab.run([path], format: rng.chance(0.2) ? .json : .text, out: { _ in }, err: { err.append($0) })
        outcomes.append(Outcome(command: "run", code: runCode, err: err.joined(separator: "\n")))
        err = []
        // A name from the file when there is one, so explanations run too.
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let names = text.components(separatedBy: "name:").dropFirst().compactMap { part in
            part.split(whereSeparator: { $0 == "\n" || $0 == "," || $0 == "}" }).first.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let name = rng.maybePick(names) ?? "nothing"
        let subject = rng.pick([ExplainSubject.view(name), .recognizer(name), .control(name)])
        let explainCode = Lab.explain(path, subject: subject, out: { _ in }, err: { err.append($0) })
        outcomes.append(Outcome(command: "explain", code: explainCode, err: err.joined(separator: "\n")))
        err = []
        let svg = scratch.appendingPathComponent("out.svg").path
        let time: Double? = rng.chance(0.5) ? nil : rng.pick([0, 0.5, -1, 1e300, .infinity, .nan])
        let drawCode = Lab.draw(path, at: time, to: svg, err: { err.append($0) })
        outcomes.append(Outcome(command: "draw", code: drawCode, err: err.joined(separator: "\n")))
        return outcomes
    }

    /// The promise: exit 0, 1 or 2, and a message naming the file with any other code than 0.
    static func problems(in outcomes: [Outcome], path: String) -> [String] {
        var problems: [String] = []
        for outcome in outcomes {
            if ![0, 1, 2].contains(outcome.code) { problems.append("\(outcome.command) exited \(outcome.code)") }
            if outcome.code != 0 {
                if outcome.err.isEmpty { problems.append("\(outcome.command) exited \(outcome.code) without a message") }
                else if !outcome.err.hasPrefix(path + ":") {
                    problems.append("\(outcome.command)'s message does not start with the file: \(outcome.err.prefix(200))")
                }
            }
            // Bad input is reported as FILE:LINE:COLUMN: message.
            if outcome.code == 2, outcome.command == "run", outcome.err.range(of: "^\\Q\(path)\\E:[0-9]+:[0-9]+: ", options: .regularExpression) == nil {
                problems.append("run's message for bad input is not FILE:LINE:COLUMN: \(outcome.err.prefix(200))")
            }
        }
        return problems
    }

    /// The bundled files a kind of damage is tried on: all of them in the long run; in the default run,
    /// every thirteenth (three), starting at a place that differs by kind, so that the kinds together
    /// reach every file.
    static func files(for mutation: Mutation) -> [String] {
        guard !FuzzEnvironment.long, FuzzEnvironment.hostileMutations == nil else { return bundled }
        let start = Mutation.allCases.firstIndex(of: mutation)! % 13
        return stride(from: start, to: bundled.count, by: 13).map { bundled[$0] }
    }

    @Test(arguments: Mutation.allCases)
    func mutatedBundledScenariosNeverCrashTheTool(_ mutation: Mutation) throws {
        let perFile = FuzzEnvironment.hostileMutations ?? FuzzEnvironment.size(short: 1, long: 2)
        var rng = SplitMix64(seed: SplitMix64.derive(0x4057_11E, mutation.rawValue.hashValueStable))
        var codes: [Int32: Int] = [:]
        let files = Self.files(for: mutation)
        for file in files {
            let original = try String(contentsOfFile: file, encoding: .utf8)
            for index in 0..<perFile {
                var mutator = ScenarioMutator(rng: SplitMix64(seed: rng.next()))
                let data = mutator.mutate(original, with: mutation)
                let name = "\(mutation.rawValue)-\(URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent)-\(index).yaml"
                let path = Self.scratch.appendingPathComponent(name).path
                try data.write(to: URL(fileURLWithPath: path))
                // A crash cannot be caught in-process: leave a trail naming the file being tried.
                if FuzzEnvironment.verbose { FileHandle.standardError.write(Data("hostile: \(path)\n".utf8)) }
                let started = Date()
                let outcomes = Self.runAll(path, rng: &rng)
                if FuzzEnvironment.verbose {
                    FileHandle.standardError.write(Data("  \(String(format: "%.3f", Date().timeIntervalSince(started))) s codes \(outcomes.map(\.code))\n".utf8))
                }
                for outcome in outcomes { codes[outcome.code, default: 0] += 1 }
                let problems = Self.problems(in: outcomes, path: path)
                #expect(problems.isEmpty, "\(mutation.rawValue) of \(file) (kept at \(path)):\n\(problems.joined(separator: "\n"))")
                if problems.isEmpty { try? FileManager.default.removeItem(atPath: path) }
            }
        }
        #expect(codes.values.reduce(0, +) == files.count * perFile * 3)
    }
}

extension HostileScenarioTests {
    /// The built `responder` tool, next to the test bundle, if it was built.
    static var toolPath: String? {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundle, bundle.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("responder").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// The tool itself, as a process: one damaged file of each kind through its three commands. The exit
    /// status is 0, 1 or 2 (a crash shows as a signal), and any other status than 0 comes with a message.
    @Test func theToolItselfExitsZeroOneOrTwoOnDamagedFiles() throws {
        guard let tool = Self.toolPath else { return }
        var rng = SplitMix64(seed: 0x7001)
        var runs = 0
        for mutation in Mutation.allCases {
            let file = rng.pick(Self.bundled)
            var mutator = ScenarioMutator(rng: SplitMix64(seed: rng.next()))
            let data = mutator.mutate(try String(contentsOfFile: file, encoding: .utf8), with: mutation)
            let path = Self.scratch.appendingPathComponent("tool-\(mutation.rawValue).yaml").path
            try data.write(to: URL(fileURLWithPath: path))
            let svg = Self.scratch.appendingPathComponent("tool.svg").path
            for arguments in [["run", path], ["explain", path, "--view", "window"], ["draw", path, "--at", "nan", "-o", svg]] {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: tool)
                process.arguments = arguments
                let errors = Pipe()
                process.standardOutput = FileHandle.nullDevice
                process.standardError = errors
                try process.run()
                let message = errors.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                runs += 1
                let crashed = process.terminationReason == .uncaughtSignal
                #expect(!crashed && [0, 1, 2].contains(process.terminationStatus),
                        "responder \(arguments.joined(separator: " ")) ended with \(crashed ? "signal" : "status") \(process.terminationStatus)")
                if process.terminationStatus != 0 { #expect(!message.isEmpty, "responder \(arguments[0]) gave no message") }
            }
            try? FileManager.default.removeItem(atPath: path)
        }
        #expect(runs == Mutation.allCases.count * 3)
    }
}

extension String {
    /// A hash that is the same in every run (Swift's `hashValue` is seeded per process).
    var hashValueStable: Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: hash)
    }
}
