// Files whose traces would grow faster than the files themselves (R27). One tap on a chain of
// recognizers that require each other's failure asks their delegates about every pair, so the records
// of one step grow with the square of the chain: the trace limit must hold within the step, and what
// reads the trace (explain, draw) must stay linear in it. Sizes are small, limits smaller: the work is
// counted, not timed.

import Foundation
import Testing
@testable import ResponderKit
@testable import ResponderLab

@MainActor
@Suite struct HostileTraceTests {
    /// A chain of `count` tap recognizers on one view, each requiring the failure of the one before,
    /// then `script`.
    private func chain(_ count: Int, script: String = "  - tap: [10, 10]\n  - wait: 1\n  - tap: [10, 10]") -> String {
        let recognizers = (0..<count).map { "          - { kind: tap, name: r\($0)\($0 == 0 ? "" : ", requires-failure-of: r\($0 - 1)") }" }
        return """
            windows:
              - name: window
                frame: [0, 0, 320, 480]
                subviews:
                  - name: box
                    frame: [0, 0, 320, 480]
                    recognizers:
            \(recognizers.joined(separator: "\n"))
            script:
            \(script)
            """
    }

    private func limits(records: Int) -> ScenarioLimits {
        var limits = ScenarioLimits.standard
        limits.traceRecords = records
        return limits
    }

    @Test func oneStepThatWouldMakeThousandsOfRecordsKeepsTheLimitAndTheRunStopsAfterIt() throws {
        // 60 recognizers: one tap makes over 7,000 records (every pair's questions), a limit of 1,000.
        let text = chain(60)
        let unlimited = ScenarioRun(try ScenarioParser.parse(text, file: "chain.yaml"))
        unlimited.play()
        #expect(unlimited.recorder.records.count > 7_000)

        let run = ScenarioRun(try ScenarioParser.parse(text, file: "chain.yaml"), limits: limits(records: 1_000))
        run.play()
        #expect(run.recorder.records.count == 1_000)
        #expect(run.recorder.isFull)
        // The rest of the step ran untraced: the tracer let go, and nothing after the step was played.
        #expect(run.scene.application.tracer == nil)
        #expect(run.simulator.now < 1)
        let problem = try #require(run.problems.first)
        #expect(run.problems.count == 1)
        // Reported at the step during which the trace filled: the first tap, on line 69.
        #expect(problem.description.hasPrefix("chain.yaml:69:5: limit reached: a scenario may have at most 1,000 records in the trace of a run; the trace filled up during this step, and the run stopped after it"),
                "\(problem)")
    }

    @Test func explainAndDrawOfAFileWhoseTraceFillsUpReportTheLimit() throws {
        let path = NSTemporaryDirectory() + "chain-\(UUID().uuidString).yaml"
        try chain(60).write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var errors: [String] = []
        let code = Lab.explain(path, subject: .recognizer("r59"), limits: limits(records: 1_000), out: { _ in }, err: { errors.append($0) })
        #expect(code == 2)
        #expect(errors.joined().contains("at most 1,000 records in the trace of a run"), "\(errors)")
        errors.removeAll()
        #expect(Lab.svg(path, at: nil, limits: limits(records: 1_000), err: { errors.append($0) }) == nil)
        #expect(errors.joined().contains("at most 1,000 records in the trace of a run"), "\(errors)")
    }

    @Test func recognizersOnOnePathAreLimitedAndTheOneTooManyIsNamed() throws {
        var limits = ScenarioLimits.standard
        limits.recognizersOnAPath = 5
        // Three on the card and three on its badge: six on the badge's path. Three more on a sibling
        // card are on another path: not counted with them.
        let text = """
            windows:
              - name: window
                subviews:
                  - name: card
                    recognizers: [{ kind: tap, name: a1 }, { kind: tap, name: a2 }, { kind: tap, name: a3 }]
                    subviews:
                      - name: badge
                        recognizers: [{ kind: tap, name: b1 }, { kind: tap, name: b2 }, { kind: tap, name: b3 }]
                  - name: other
                    recognizers: [{ kind: tap, name: c1 }, { kind: tap, name: c2 }, { kind: tap, name: c3 }]
            script: []
            """
        do {
            _ = try ScenarioParser.parse(text, file: "path.yaml", limits: limits)
            Issue.record("six recognizers on one path loaded with a limit of five")
        } catch {
            #expect(error.errors.map(\.description) == [
                "path.yaml:8:77: limit reached: a scenario may have at most 5 gesture recognizers on a view and its superviews (every one is offered a touch that begins there); 'b3' is one too many (see Scenarios/README.md, Limits)",
            ])
        }
        // A scroll view's own recognizers count: its delay and pan recognizers, and the pinch when it zooms.
        let scroll = """
            windows:
              - name: window
                subviews:
                  - name: list
                    kind: scroll
                    content-size: [320, 2000]
                    recognizers: [{ kind: tap, name: a1 }, { kind: tap, name: a2 }, { kind: tap, name: a3 }, { kind: tap, name: a4 }]
            script: []
            """
        #expect(throws: ScenarioErrors.self) { try ScenarioParser.parse(scroll, file: "scroll.yaml", limits: limits) }
        limits.recognizersOnAPath = 6
        #expect(throws: Never.self) { try ScenarioParser.parse(scroll, file: "scroll.yaml", limits: limits) }
    }

    @Test func theStandardLimitsKeepTheLongestChainAPathMayHoldToOneStepOfRecords() throws {
        // The most recognizers a touch can reach, each requiring the one before, ask about fewer pairs in
        // one tap than the trace may hold: such a file stops within its first steps, never in the middle
        // of millions of records.
        let pairs = ScenarioLimits.standard.recognizersOnAPath * (ScenarioLimits.standard.recognizersOnAPath - 1)
        #expect(pairs < ScenarioLimits.standard.traceRecords)
    }

    @Test func aDeepNestIsExplainedFromOneIndexOfEachTouch() throws {
        // A nest of views as deep as a scenario may have, each holding the next, and 40 taps that each
        // hit-test all of them. The old explanation searched the whole event once per ancestor of the view
        // asked about: 200 × 200 per tap.
        let depth = ScenarioLimits.standard.viewNesting
        var lines = ["windows:", "  - name: window", "    frame: [0, 0, 320, 480]", "    subviews:"]
        for level in 0..<depth {
            let indent = String(repeating: "  ", count: level * 2 + 3)
            lines.append("\(indent)- name: v\(level)")
            lines.append("\(indent)  frame: [0, 0, 320, 480]")
            if level == depth - 1 { lines.append("\(indent)  interaction: false") }
            if level < depth - 1 { lines.append("\(indent)  subviews:") }
        }
        lines.append("script:")
        for _ in 0..<40 { lines.append("  - tap: [10, 10]") }
        let run = ScenarioRun(try ScenarioParser.parse(lines.joined(separator: "\n"), file: "nest.yaml"))
        run.play()
        let explainer = Explainer(run: run)
        // Every touch was indexed once, each with every view it visited.
        #expect(explainer.landings.count == 40)
        #expect(explainer.landings.allSatisfy { $0.visits.count == depth + 1 })
        let answer = explainer.explainView("v\(depth - 1)")
        #expect(answer.count == 40)
        #expect(answer.first?.contains("hit-testing skipped it without looking inside: its isUserInteractionEnabled is false (A1)") == true,
                "\(answer.first ?? "")")
    }
}
