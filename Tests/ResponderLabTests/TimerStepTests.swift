// The script's `timer` step: an application timer scheduled for a mode, its firings in the trace, its
// mistakes reported with their place, and a repeating timer kept within the trace's limit (R27).

import Foundation
import Testing
@testable import ResponderLab

@MainActor
@Suite struct TimerStepTests {

    private func scenario(_ steps: String) -> String {
        minimalScenario.replacingOccurrences(of: "  - tap: [20, 20]", with: steps)
    }

    @Test func aTimerStepSchedulesATimerWhoseFiringsShowInTheTrace() {
        let path = temporaryScenario(scenario("""
              - timer: { name: refresh, interval: 0.25, repeats: true }
              - timer: { name: clock, interval: 0.4, mode: common }
              - wait: 0.6
            """))
        let result = Captured.run([path])
        #expect(result.code == 0, "\(result.errorText)")
        let timers = result.outText.split(separator: "\n").filter { $0.contains(" timer ") }.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(timers == ["0.250 timer refresh fired (default, due 0.250)",
                           "0.400 timer clock fired (common, due 0.400)",
                           "0.500 timer refresh fired (default, due 0.500)"])
    }

    @Test func aTimerStepWithoutAnIntervalOrWithAnUnknownModeIsReportedWithItsPlace() {
        let missing = Captured.run([temporaryScenario(scenario("  - timer: { name: refresh }"))])
        #expect(missing.code == 2)
        #expect(missing.errorText.contains("interval"), "\(missing.errorText)")
        let path = temporaryScenario(scenario("  - timer: { interval: 1, mode: defualt }"))
        let misspelt = Captured.run([path])
        #expect(misspelt.code == 2)
        #expect(misspelt.errorText.contains("\(path):11:33: unknown timer mode 'defualt'; did you mean 'default'? (one of: default, tracking, common)"),
                "\(misspelt.errorText)")
    }

    @Test func aRepeatingTimerStopsWhenTheTracePassesItsLimit() throws {
        var limits = ScenarioLimits.standard
        limits.traceRecords = 50
        let parsed = try ScenarioParser.parse(scenario("""
              - timer: { name: fast, interval: 0.001, repeats: true }
              - wait: 3600
            """), file: "fast.yaml")
        let run = ScenarioRun(parsed, limits: limits)
        run.play()
        #expect(run.recorder.records.count == 50)
        let problem = try #require(run.problems.first)
        #expect(run.problems.count == 1)
        #expect(problem.description.hasPrefix("fast.yaml:11:5: limit reached: a scenario may have at most 50 records in the trace of a run; timer 'fast' was stopped"))
    }
}
