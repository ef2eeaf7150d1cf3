import Foundation
import Testing
@testable import ResponderLab

@MainActor
@Suite struct BundledScenarioTests {
    @Test func thereAreBundledScenariosCoveringTheSeedCases() {
        let names = Set(bundledScenarioPaths.map { URL(fileURLWithPath: $0).lastPathComponent })
        for required in ["hit-test-overlapping.yaml", "responder-chain.yaml", "sibling-with-recognizer.yaml",
                         "parent-tap-cancels-child.yaml", "button-in-tappable-view.yaml", "enlarged-touch-area.yaml",
                         "hit-test-interception.yaml", "single-double-triple-tap.yaml", "cancels-touches-in-view.yaml",
                         "delays-touches-began.yaml", "delays-touches-ended.yaml", "shake-and-remote.yaml",
                         "nil-targeted-action.yaml"] {
            #expect(names.contains(required), "missing bundled scenario \(required)")
        }
    }

    @Test(arguments: bundledScenarioPaths)
    func bundledScenarioMatchesItsExpectedTrace(_ path: String) throws {
        let scenario = try Lab.load(path)
        #expect(scenario.expect != nil, "\(path) has no expect: block")
        let result = Captured.run([path])
        #expect(result.code == 0, "\(result.errorText)")
        #expect(result.err.isEmpty)
    }

    @Test func demoRunsTheTourAndSucceeds() {
        var out: [String] = []
        var err: [String] = []
        let code = Lab.demo(out: { out.append($0) }, err: { err.append($0) })
        #expect(code == 0, "\(err)")
        #expect(out.filter { $0.hasPrefix("== ") }.count == Lab.tour.count)
    }

    @Test func demoNarratesEachSceneAroundItsTrace() throws {
        var out: [String] = []
        #expect(Lab.demo(out: { out.append($0) }, err: { Issue.record("\($0)") }) == 0)
        let text = out.joined(separator: "\n")
        let stops = text.components(separatedBy: "\n━━ ").count
        #expect(stops == Lab.tour.count)
        for (index, stop) in TourStop.stops.enumerated() {
            let heading = try #require(out.firstIndex(of: "━━ \(index + 1) of \(Lab.tour.count): \(stop.title) ━━"))
            let look = try #require(out[heading...].firstIndex(of: "Look at:"))
            let trace = try #require(out[heading...].firstIndex { $0.hasPrefix("== ") })
            let why = try #require(out[heading...].firstIndex(of: "Why:"))
            #expect(heading < look && look < trace && trace < why, "\(stop.title): the narration surrounds the trace")
            // Each thing to look at quotes its line of the trace, and every reason cites its rules.
            #expect(out[look..<trace].filter { $0.hasPrefix("      ▸ ") }.count == stop.look.count)
            let reasons = out[(why + 1)...].prefix { $0.hasPrefix("  • ") }
            #expect(reasons.count == stop.why.count + stop.answers.count)
            for reason in reasons { #expect(reason.firstMatch(of: /\b[A-Z]\d+[,):]/) != nil, "no rule in: \(reason)") }
        }
    }

    @Test func aNarrationThatNoLongerMatchesItsTraceFailsTheDemo() {
        var stop = TourStop.stops[0]
        stop.look[0].evidence = "hit-test orange (1, 1) inside"
        stop.answers[0].containing = "never said"
        var err: [String] = []
        #expect(Lab.demo([stop], out: { _ in }, err: { err.append($0) }) == 1)
        #expect(err.count == 2)
        #expect(err.first?.hasSuffix("the tour points at a line with 'hit-test orange (1, 1) inside', which the trace no longer has") == true)
    }

    @Test func aTraceThatDiffersFromExpectExitsOneWithADiff() {
        let path = temporaryScenario(minimalScenario + "\nexpect: |\n  0.000 ▶ #1000 down (99, 99)\n")
        let result = Captured.run([path])
        #expect(result.code == 1)
        #expect(result.errorText.contains("\(path):"))
        #expect(result.errorText.contains("- 0.000 ▶ #1000 down (99, 99)"))
        #expect(result.errorText.contains("+ 0.000 ▶ #1000 down (20, 20)"))
    }

    @Test func expectComparisonIgnoresColumnSpacing() {
        let path = temporaryScenario(minimalScenario)
        let first = Captured.run([path])
        // The trace is between the heading and the result line.
        let lines = first.out.dropFirst().dropLast().joined(separator: "\n").split(separator: "\n")
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: "  ") }
        let withExpect = temporaryScenario(minimalScenario + "\nexpect: |\n" + lines.map { "  " + $0 }.joined(separator: "\n") + "\n")
        #expect(Captured.run([withExpect]).code == 0)
    }

    @Test func updateExpectWritesTheTraceIntoTheFile() throws {
        let path = temporaryScenario(minimalScenario)
        var err: [String] = []
        #expect(Lab.run([path], updateExpect: true, out: { _ in }, err: { err.append($0) }) == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("expect: |"))
        #expect(Captured.run([path]).code == 0)
    }

    @Test func jsonFormatPrintsOneParsableObjectPerRecord() throws {
        let result = Captured.run([temporaryScenario(minimalScenario)], format: .json)
        #expect(result.code == 0)
        #expect(!result.out.isEmpty)
        for line in result.out {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["kind"] is String)
            #expect(object?["time"] is Double)
        }
        #expect(result.out.contains { $0.contains(#""kind":"touchBound""#) && $0.contains(#""name":"box""#) && $0.contains(#""view":{"#) })
    }
}
