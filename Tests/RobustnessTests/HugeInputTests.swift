// Huge and hostile input in bounded time and memory (R27): alias bombs, scenes past the limits, long
// failure chains and graphs, unknown names by the thousand, traces that differ everywhere. Each limit is
// checked with small values (so the tests stay quick) and its message names the limit and the place;
// the shapes that used to take time or memory growing faster than the file are played at sizes the old
// code could not finish, and their work is counted rather than timed.

import Foundation
import Testing
@testable import ResponderLab

@MainActor
@Suite struct HugeInputTests {
    /// The problems reported for `text`, or none when it loads.
    private func problems(_ text: String, limits: ScenarioLimits = .standard) -> [ScenarioError] {
        do {
            _ = try ScenarioParser.parse(text, file: "huge.yaml", limits: limits)
            return []
        } catch {
            return error.errors
        }
    }

    /// A window holding `body` (already indented for the window's keys) and a one-tap script.
    private func scene(_ body: String, script: String = "  - tap: [1, 1]") -> String {
        "windows:\n  - name: window\n" + body + "\nscript:\n" + script + "\n"
    }

    // MARK: Expansion

    @Test func aliasBombIsRefusedAtTheNodeLimitWithItsPlace() {
        // Nine levels of ten aliases to the level below: 10⁹ views from a file of under a kilobyte.
        var lines = ["a0: &a0 { name: v }"]
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            lines.append("a\(level): &a\(level) { name: v, subviews: [\(Array(repeating: previous, count: 10).joined(separator: ", "))] }")
        }
        // The anchors live in a key the format does not have; the window uses the top one.
        let text = "windows:\n  - name: window\n    subviews: [*a9]\nscript: []\n"
        let file = "x-anchors: [\(lines.map { $0.split(separator: ":", maxSplits: 1)[1] }.joined(separator: ", "))]\n" + text
        #expect(file.utf8.count < 1_000)
        let found = problems(file)
        // The unknown top-level key is reported, then reading stops at the limit: nothing else.
        #expect(found.count == 2, "\(found)")
        let limit = found.first { $0.message.contains("limit reached") }
        #expect(limit?.message.contains("at most 10,000 views") == true || limit?.message.contains("at most 1,000,000 YAML nodes") == true,
                "\(found)")
        #expect((limit?.location.line ?? 0) >= 1)
    }

    @Test func nodeLimitCountsEveryUseOfAnAlias() {
        var limits = ScenarioLimits.standard
        limits.nodes = 500
        // 30 recognizers per view, each list naming the same 20 names through one alias: the alias's
        // nodes count each time they are read.
        let names = (1...20).map { "n\($0)" }.joined(separator: ", ")
        let views = (1...30).map { "      - { name: v\($0), recognizers: [{ kind: tap, name: t\($0), simultaneous-with: \($0 == 1 ? "&names [\(names)]" : "*names") }] }" }
        let found = problems(scene("    subviews:\n" + views.joined(separator: "\n")), limits: limits)
        #expect(found.count == 1)
        #expect(found.first?.message.hasPrefix("limit reached: a scenario may have at most 500 YAML nodes") == true, "\(found)")
    }

    @Test func viewsNestedPastTheLimitAreReportedAtTheFirstViewTooDeep() throws {
        var limits = ScenarioLimits.standard
        limits.viewNesting = 3
        var lines: [String] = []
        for level in 1...5 {
            let pad = String(repeating: " ", count: 2 + level * 4)
            lines.append("\(pad)- name: v\(level)")
            lines.append("\(pad)  subviews:")
        }
        lines[lines.count - 1] = ""
        let found = problems(scene("    subviews:\n" + lines.joined(separator: "\n")), limits: limits)
        let problem = try #require(found.first)
        #expect(found.count == 1)
        // v4, the fourth level below the window, is on line 10.
        #expect(problem.description.hasPrefix("huge.yaml:10:21: limit reached: a scenario may have at most 3 levels of views below their window"),
                "\(problem)")
    }

    @Test func theStandardNestingLimitIsWhatATraceFilesSnapshotsMayHold() throws {
        // A scene as deep as the limit allows plays, and its trace, snapshots and all, reads back.
        func nest(_ depth: Int) -> String {
            var lines = ["windows:", "  - name: window", "    frame: [0, 0, 320, 480]", "    subviews:"]
            for level in 0..<depth {
                let indent = String(repeating: "  ", count: level * 2 + 3)
                lines.append("\(indent)- name: v\(level)")
                if level < depth - 1 { lines.append("\(indent)  subviews:") }
            }
            return (lines + ["script:", "  - tap: [10, 10]"]).joined(separator: "\n")
        }
        let depth = ScenarioLimits.standard.viewNesting
        let run = ScenarioRun(try ScenarioParser.parse(nest(depth), file: "deep.yaml"))
        run.play()
        let read = try CapturedTrace(json: run.capturedTrace.json())
        #expect(read.scenes.count == run.capturedTrace.scenes.count)
        // One level more is refused.
        #expect(problems(nest(depth + 1)).first?.message.contains("at most 200 levels of views below their window") == true)
    }

    @Test func viewLimitIsReportedAtTheFirstViewPastIt() throws {
        var limits = ScenarioLimits.standard
        limits.views = 5
        let views = (1...8).map { "      - { name: v\($0) }" }.joined(separator: "\n")
        let found = problems(scene("    subviews:\n" + views), limits: limits)
        let problem = try #require(found.first)
        #expect(found.count == 1)
        // The window is the first view: v5 is the sixth, on line 8.
        #expect(problem.description.hasPrefix("huge.yaml:8:9: limit reached: a scenario may have at most 5 views; reading stopped here"))
        #expect(problem.message.contains("Scenarios/README.md, Limits"))
    }

    @Test func recognizerLimitIsReportedAtTheFirstRecognizerPastIt() throws {
        var limits = ScenarioLimits.standard
        limits.recognizers = 3
        let recognizers = (1...5).map { "          - { kind: tap, name: t\($0) }" }.joined(separator: "\n")
        let found = problems(scene("    subviews:\n      - name: box\n        recognizers:\n" + recognizers), limits: limits)
        let problem = try #require(found.first)
        #expect(found.count == 1)
        #expect(problem.description.hasPrefix("huge.yaml:9:13: limit reached: a scenario may have at most 3 gesture recognizers"))
    }

    @Test func stepLimitIsReportedAtTheFirstStepPastIt() throws {
        var limits = ScenarioLimits.standard
        limits.steps = 4
        let found = problems(scene("", script: Array(repeating: "  - shake", count: 6).joined(separator: "\n")), limits: limits)
        let problem = try #require(found.first)
        #expect(problem.description.hasPrefix("huge.yaml:9:5: limit reached: a scenario may have at most 4 steps"))
    }

    @Test func inputEventLimitCountsWhatEachStepSends() throws {
        var limits = ScenarioLimits.standard
        limits.inputEvents = 1_000
        // Two drags of 400 steps are 804 events; the third takes the script past 1,000.
        let drag = "  - drag: { from: [1, 1], to: [100, 100], steps: 400 }"
        let found = problems(scene("", script: [drag, drag, drag, drag].joined(separator: "\n")), limits: limits)
        let problem = try #require(found.first)
        #expect(found.count == 1)
        #expect(problem.description.hasPrefix("huge.yaml:7:5: limit reached: a scenario may have at most 1,000 input events"))
    }

    @Test func traceLimitStopsTheRunAfterTheStepThatFilledIt() throws {
        var limits = ScenarioLimits.standard
        limits.traceRecords = 50
        let taps = Array(repeating: "  - tap: [1, 1]", count: 100).joined(separator: "\n")
        let scenario = try ScenarioParser.parse(scene("", script: taps), file: "huge.yaml")
        let run = ScenarioRun(scenario, limits: limits)
        run.play()
        let problem = try #require(run.problems.first)
        #expect(run.problems.count == 1)
        #expect(problem.message.hasPrefix("limit reached: a scenario may have at most 50 records in the trace of a run; the trace filled up during this step, and the run stopped after it"))
        // The trace keeps exactly the limit: the records past it, within the step, are not kept.
        #expect(run.recorder.records.count == 50)
    }

    @Test func longNamesAndLongNameListsAreRefused() {
        let long = String(repeating: "x", count: 300)
        let found = problems(scene("    subviews:\n      - { name: \(long) }"))
        #expect(found.first?.description.hasPrefix("huge.yaml:4:17: name is 300 characters long; a name may have at most 256") == true, "\(found)")
        let list = (1...1_001).map { "n\($0)" }.joined(separator: ", ")
        let listed = problems(scene("    subviews:\n      - { name: box, recognizers: [{ kind: tap, name: t, simultaneous-with: [\(list)] }] }"))
        #expect(listed.first?.message.hasPrefix("simultaneous-with lists 1001 names; a list may hold at most 1,000") == true, "\(listed)")
    }

    @Test func problemsStopAtTheLimitWithAMessageAtTheNextOne() {
        let views = (1...300).map { "      - { name: v\($0), frmae: [0, 0, 1, 1] }" }.joined(separator: "\n")
        let found = problems(scene("    subviews:\n" + views))
        #expect(found.count == 101)
        #expect(found.last?.description.hasPrefix("huge.yaml:104:") == true)
        #expect(found.last?.message.hasPrefix("more than 100 problems: stopped reading here") == true)
    }

    // MARK: Validation in linear time

    /// `count` views with one recognizer each; `relations(i)` gives recognizer i's extra keys.
    private func recognizers(_ count: Int, _ relations: (Int) -> String) -> String {
        scene("    subviews:\n" + (0..<count).map { "      - { name: v\($0), recognizers: [{ kind: tap, name: r\($0)\(relations($0)) }] }" }.joined(separator: "\n"))
    }

    @Test func longFailureChainLoadsAndItsClosingCycleIsReportedOnce() throws {
        // A chain of 2,000 took 9.6 s to validate; a cycle check linear in the graph takes milliseconds.
        let chain = recognizers(2_000) { $0 == 0 ? "" : ", requires-failure-of: r\($0 - 1)" }
        #expect(problems(chain).isEmpty)
        let cycle = recognizers(2_000) { ", requires-failure-of: r\(($0 + 1_999) % 2_000)" }
        let found = problems(cycle)
        #expect(found.count == 1)
        #expect(found.first?.message.hasPrefix("requires-failure-of forms a cycle: r0 → r1999 → r1998") == true)
    }

    @Test func fibonacciShapedFailureGraphWithoutACycleLoads() {
        // Each recognizer requires the two before it: every path is walked once, not each of the
        // exponentially many paths (sixty of these never finished).
        let text = recognizers(60) { $0 < 2 ? "" : ", requires-failure-of: [r\($0 - 1), r\($0 - 2)]" }
        #expect(problems(text).isEmpty)
    }

    @Test func cyclesInAGraphAreFoundOncePerBackEdgeAndVisitEachEdgeOnce() {
        // Two cycles sharing a node, a self-requirement (reported on its own), a name that is no node.
        let graph = ["a": ["b"], "b": ["c", "a"], "c": ["b", "c", "ghost"], "d": ["a"]]
        #expect(ScenarioValidator.cycles(in: graph) == [["b", "c"], ["a", "b"]])
        #expect(ScenarioValidator.cycles(in: ["a": ["b"], "b": ["c"], "c": []]).isEmpty)
    }

    @Test func thousandsOfUnknownNamesStopAtTheProblemLimit() {
        // 10,000 recognizers that each name an unknown recognizer never finished: each unknown name
        // searched all 10,000 names for a suggestion. Now the first hundred are reported, and a
        // suggestion among thousands of names is not searched.
        let text = recognizers(2_000) { ", simultaneous-with: x\($0)" }
        let found = problems(text)
        #expect(found.count == 101)
        #expect(found.first?.message.hasPrefix("unknown recognizer 'x") == true)
        #expect(found.last?.message.hasPrefix("more than 100 problems") == true)
    }

    @Test func aSuggestionIsNotSearchedBeyondItsBudget() {
        let many = (0..<100_000).map { "name\($0)" }
        #expect(YAMLReader.nearest(to: "name50000", in: many) == nil)
        #expect(YAMLReader.nearest(to: "nmae5", in: Array(many.prefix(1_000))) == "name5")
    }

    // MARK: The expect: diff

    @Test func diffOfTracesThatDifferEverywhereIsBoundedAndSaysSo() {
        let expected = (0..<20_000).map { "line \($0)" }
        let actual = (0..<20_000).map { "other \($0)" }
        let lines = ExpectDiff.diff(expected: expected, actual: actual)
        #expect(lines.count == 41)
        #expect(lines.first == "  … the traces differ from line 1 on in more than 1,000 lines; the first 20 of each (of 20000 expected and 20000 actual):")
        #expect(lines[1] == "- line 0" && lines[21] == "+ other 0")
    }

    @Test func diffOfLongTracesWithAFewChangesShowsJustThem() {
        let expected = (0..<20_000).map { "line \($0)" }
        var actual = expected
        actual[500] = "changed"
        actual.remove(at: 10_000)
        actual.insert("added", at: 15_000)
        let lines = ExpectDiff.diff(expected: expected, actual: actual)
        #expect(lines.filter { $0.hasPrefix("-") } == ["- line 500", "- line 10000"])
        #expect(lines.filter { $0.hasPrefix("+") } == ["+ changed", "+ added"])
        #expect(lines.count < 30)
    }

    @Test func editScriptIsAShortestOneOnRandomInputs() {
        var rng = SplitMix64(seed: 0xD1FF)
        for _ in 0..<300 {
            let a = (0..<rng.int(0...12)).map { _ in rng.pick(["a", "b", "c", "d"]) }
            let b = (0..<rng.int(0...12)).map { _ in rng.pick(["a", "b", "c", "d"]) }
            guard let ops = ExpectDiff.edits(a, b, limit: 100) else {
                Issue.record("no edit script for \(a) → \(b)")
                continue
            }
            // The script turns a into b...
            #expect(ops.filter { $0.0 != "+" }.map(\.1) == a)
            #expect(ops.filter { $0.0 != "-" }.map(\.1) == b)
            // ...keeping a longest common subsequence.
            #expect(ops.filter { $0.0 == " " }.count == Self.lcsLength(a, b), "\(a) → \(b)")
        }
        #expect(ExpectDiff.edits(["a", "b"], ["c", "d"], limit: 3) == nil)
        #expect(ExpectDiff.edits(Array(repeating: "a", count: 50), Array(repeating: "a", count: 50) + ["b"], limit: 1, work: 10) == nil)
    }

    static func lcsLength(_ a: [String], _ b: [String]) -> Int {
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }
}

// MARK: Smaller holes

#if canImport(FoundationXML)
import FoundationXML
#endif

extension HugeInputTests {
    @Test func nulAndControlCharactersInANameStillDrawValidXML() throws {
        let path = NSTemporaryDirectory() + "nul-\(UUID().uuidString).yaml"
        try "windows:\n  - name: \"win\\0dow\\u0001\\uFFFE\"\n    subviews:\n      - { name: \"a\\0<b>\", frame: [0, 0, 50, 50] }\nscript:\n  - tap: [10, 10]\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let svg = try #require(Lab.svg(path, at: nil, err: { Issue.record("\($0)") }))
        #expect(!svg.unicodeScalars.contains("\u{0}"))
        #expect(XMLParser(data: Data(svg.utf8)).parse(), "the SVG is not well-formed XML")
        #expect(svg.contains("a\u{FFFD}&lt;b&gt;"))
        #expect(SVGRenderer.escape("tab\tok\u{1F}\u{FFFF}&") == "tab\tok\u{FFFD}\u{FFFD}&amp;")
    }

    @Test(arguments: ["nan", "NaN", "inf", "-inf", "infinity"])
    func nonFiniteWindowLevelIsRefused(_ level: String) throws {
        let found = problems("windows:\n  - name: window\n    level: \(level)\nscript: []\n")
        let problem = try #require(found.first)
        #expect(found.count == 1)
        #expect(problem.description == "huge.yaml:3:12: window level must be a finite number or one of normal, status-bar, alert, not \(level)")
    }

    @Test func duplicateKeyIsReportedAtItsSecondUse() throws {
        let block = problems("windows:\n  - name: window\n    frame: [0, 0, 1, 1]\n    name: again\nscript: []\n")
        #expect(block.map(\.description) == ["huge.yaml:4:5: 'name' appears twice in the same mapping (first at line 2): keep one"])
        let flow = problems("windows:\n  - { name: window, key: true, name: again }\nscript: []\n")
        #expect(flow.map(\.description) == ["huge.yaml:2:32: 'name' appears twice in the same mapping (first at line 2): keep one"])
    }
}

extension HugeInputTests {
    /// Nine levels of ten aliases under `x-anchors`, the top one `*a9`.
    private var bombAnchors: String {
        "x-anchors:\n - &a0 { name: v }\n" + (1...9).map { " - &a\($0) [\(Array(repeating: "*a\($0 - 1)", count: 10).joined(separator: ", "))]" }
            .joined(separator: "\n") + "\n"
    }

    @Test func aliasBombAsAKeyIsRefusedBeforeTheYAMLIsComposed() {
        // Yams hashes keys whole to find duplicates: these hung the composer.
        let explicit = problems(bombAnchors + "x-keys:\n  ? *a9\n  : 1\n  ? *a9\n  : 2\nwindows: []\nscript: []\n")
        #expect(explicit.map(\.description) == ["huge.yaml:13:3: a key must be a plain word, not an explicit key ('?'): scenario files have no other keys"])
        let implicit = problems(bombAnchors + "x-keys: { *a9 : 1, *a9 : 2 }\nwindows: []\nscript: []\n")
        #expect(implicit.map(\.description) == ["huge.yaml:12:11: a key must be a plain word, not an alias: scenario files have no other keys"])
        let list = problems("windows:\n  - [a, b]: 1\nscript: []\n")
        #expect(list.first?.message.hasSuffix("not a list: scenario files have no other keys") == true)
    }

    @Test func keyScreenLeavesTextQuotesCommentsAndBlockScalarsAlone() {
        let text = """
            name: "a *b: c ? d"
            description: 'it''s *x: fine [y]: too'   # *c: ? {d}: not keys
            windows:
              - name: window
                subviews:
                  - { name: box, frame: [0, 0, 10, 10] }
            script:
              - tap: [1, 1]
            expect: |
              *a: ? {b}: [c]:
              ? q
            """
        #expect(KeyScreen.firstComplexKey(in: text) == nil)
        #expect(KeyScreen.firstComplexKey(in: "a:\n  - b: >\n      *x: y\n  - *y : z\n")?.location == SourceLocation(line: 4, column: 5))
    }
}
