import Foundation
import Testing
@testable import ResponderLab

/// `responder run` says how each file went in one line, has a quiet mode for CI, and never splices its
/// two streams.
@MainActor
@Suite struct RunResultTests {
    private let differing = minimalScenario + "\nexpect: |\n  0.000 ▶ #1000 down (99, 99)\n"

    @Test func eachFileEndsWithItsResultAndSeveralEndWithACount() throws {
        let good = Lab.bundledScenarios.appendingPathComponent("controls.yaml").path
        let bad = temporaryScenario(differing, name: "bad")
        let bare = temporaryScenario(minimalScenario, name: "bare")
        let broken = temporaryScenario("windows: 3\nscript: []\n", name: "broken")
        let result = Captured.run([good, bad, bare, broken])
        #expect(result.code == 2)
        let results = result.out.filter { !$0.hasPrefix("== ") && !$0.contains("\n") && !$0.hasPrefix("  ") }
        #expect(results == [
            "\(good): matched 'expect:' (53 lines)",
            "\(bad): differs from 'expect:' at line 1 of the trace (1 line expected, 20 traced)",
            "\(bare): no 'expect:' to check (20 lines traced; --update-expect writes them into the file)",
            "\(broken): not played (1 problem)",
            "4 scenarios: 1 matched, 1 differs, 1 without 'expect:', 1 not played",
        ], "\(results)")
        // The differences and the problems go to the other stream.
        #expect(result.errorText.contains("\(bad):12:9: the trace does not match 'expect:'"))
        #expect(result.errorText.contains("\(broken):1:10: windows must be a list"))
    }

    @Test func quietPrintsOnlyTheResults() {
        let bad = temporaryScenario(differing, name: "bad")
        var out: [String] = []
        var err: [String] = []
        let code = Lab.run([bad], quiet: true, out: { out.append($0) }, err: { err.append($0) })
        #expect(code == 1)
        #expect(out == ["\(bad): differs from 'expect:' at line 1 of the trace (1 line expected, 20 traced)"])
        #expect(err.joined().contains("- 0.000 ▶ #1000 down (99, 99)"))
    }

    @Test func theJSONStreamHoldsRecordsAlone() throws {
        let result = Captured.run([temporaryScenario(minimalScenario)], format: .json)
        #expect(result.code == 0)
        #expect(result.out.count == 20)
        for line in result.out {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
        }
    }

    @Test func theToolNeverSplicesItsStreamsIntoOneLine() throws {
        // A long trace that differs, then a short one that matches, both streams into one pipe: every
        // line is whole, the differences come after the trace and result they belong to.
        let taps = Array(repeating: "  - tap: [20, 20]", count: 2_000).joined(separator: "\n")
        let long = temporaryScenario(minimalScenario + "\n" + taps + "\nexpect: |\n  0.000 ▶ #1000 down (99, 99)\n", name: "long")
        let good = Lab.bundledScenarios.appendingPathComponent("controls.yaml").path
        let (status, output) = try runTool(["run", long, good])
        #expect(status == 1)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let trace = /^ *\d+\.\d{3}  (▶ |  )\S/
        let diff = /^(- |\+ |  … )/
        for (index, line) in lines.enumerated() where !line.isEmpty {
            let known = line.hasPrefix("== ") || line.hasPrefix("\(long):") || line.hasPrefix("\(good):") || line.hasPrefix("2 scenarios: ")
                || line.firstMatch(of: trace) != nil || line.firstMatch(of: diff) != nil
            #expect(known, "line \(index + 1) is spliced: \(line.prefix(200))")
        }
        let result = try #require(lines.firstIndex(of: "\(long): differs from 'expect:' at line 1 of the trace (1 line expected, 40020 traced)"))
        let header = try #require(lines.firstIndex { $0.hasPrefix("\(long):2012:9: the trace does not match 'expect:'") })
        let next = try #require(lines.firstIndex { $0.hasPrefix("== ") && $0.contains(good) })
        #expect(result + 1 == header)
        #expect(header < next)
        #expect(lines.filter { $0.contains("the trace does not match") }.count == 1)
    }
}
