// Every input in Fuzz/Regressions, the files that once broke the tool (found by the scenario fuzzer or
// by hand), goes through `run`, `explain` and `draw`, with the promise the hostile-file suite checks.
// The fuzzer starts from them too (.ci/run), so each stays covered both ways.

import Foundation
import Testing
@testable import ResponderLab

@MainActor
@Suite struct FuzzRegressionTests {
    nonisolated static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions")

    nonisolated static let inputs: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }()

    @Test func thereAreRegressionInputs() {
        #expect(Self.inputs.count >= 6)
    }

    @Test(arguments: inputs)
    func regressionInputKeepsTheToolsPromise(_ name: String) {
        let path = Self.directory.appendingPathComponent(name).path
        var rng = SplitMix64(seed: UInt64(truncatingIfNeeded: name.hashValueStable))
        let outcomes = HostileScenarioTests.runAll(path, rng: &rng)
        let problems = HostileScenarioTests.problems(in: outcomes, path: path)
        #expect(problems.isEmpty, "\(name):\n\(problems.joined(separator: "\n"))")
    }
}
