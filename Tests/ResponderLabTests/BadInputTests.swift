import Foundation
import Testing
@testable import ResponderLab

/// Every class of bad input gets FILE:LINE:COLUMN: message and exit code 2; nothing crashes.
@MainActor
@Suite struct BadInputTests {
    private func failure(_ text: String) -> (Captured, String) {
        let path = temporaryScenario(text)
        return (Captured.run([path]), path)
    }

    @Test func yamlSyntaxErrorIsReportedWithItsPlace() {
        let (result, path) = failure("windows:\n  - name: [unclosed\nscript: []\n")
        #expect(result.code == 2)
        #expect(result.errorText.hasPrefix("\(path):"))
        #expect(result.errorText.contains("YAML syntax"))
    }

    @Test func unknownKeySuggestsTheNearestOne() {
        let (result, path) = failure(minimalScenario.replacingOccurrences(of: "frame: [10, 10, 100, 100]", with: "frmae: [10, 10, 100, 100]"))
        #expect(result.code == 2)
        #expect(result.errorText.contains("\(path):7:9: unknown key 'frmae' in a view; did you mean 'frame'?"))
    }

    @Test func valueOfTheWrongTypeIsReported() {
        let (result, path) = failure(minimalScenario.replacingOccurrences(of: "frame: [10, 10, 100, 100]", with: "frame: wide"))
        #expect(result.code == 2)
        #expect(result.errorText.contains("\(path):7:16: frame must be [x, y, width, height], not 'wide'"))
    }

    @Test func unknownNameInAnEventIsReported() {
        let (result, path) = failure(minimalScenario + "\n  - remote: plya\n")
        #expect(result.code == 2)
        #expect(result.errorText.contains("\(path):12:13: unknown remote command 'plya'; did you mean 'play'?"))
    }

    @Test func unknownNameInARelationIsReported() {
        let (result, path) = failure(minimalScenario.replacingOccurrences(of: "{ kind: tap, name: tap }",
                                                                          with: "{ kind: tap, name: tap, requires-failure-of: dubleTap }"))
        #expect(result.code == 2)
        #expect(result.errorText.contains("\(path):9:"))
        #expect(result.errorText.contains("unknown recognizer 'dubleTap'"))
    }

    @Test func unknownFirstResponderIsReported() {
        let (result, _) = failure(minimalScenario + "\nfirst-responder: bx\n")
        #expect(result.code == 2)
        #expect(result.errorText.contains("unknown view or view controller 'bx'; did you mean 'box'?"))
    }

    @Test func duplicateNamesAreReported() {
        let text = minimalScenario.replacingOccurrences(of: "\nscript:", with: """

                  - name: box
                    frame: [0, 0, 10, 10]
            script:
            """)
        let (result, path) = failure(text)
        #expect(result.code == 2)
        #expect(result.errorText.contains("\(path):10:9: duplicate view name"), "\(result.errorText)")
        #expect(result.errorText.contains("duplicate view name 'box' (first at line 6)"))
    }

    @Test func relationCycleIsReported() {
        let (result, _) = failure(minimalScenario.replacingOccurrences(of: "{ kind: tap, name: tap }", with: """
            { kind: tap, name: a, requires-failure-of: b }
                      - { kind: tap, name: b, requires-failure-of: c }
                      - { kind: tap, name: c, requires-failure-of: a }
            """))
        #expect(result.code == 2)
        #expect(result.errorText.contains("requires-failure-of forms a cycle: a → b → c → a"))
    }

    @Test func missingFileIsReported() {
        let result = Captured.run(["/nonexistent/scene.yaml"])
        #expect(result.code == 2)
        #expect(result.errorText == "/nonexistent/scene.yaml:1:1: cannot read the file: no such file")
    }

    @Test func hostileNumbersAreRejectedNotCrashedOn() {
        for bad in ["frame: [10, 10, -5, 100]", "frame: [10, 10, .nan, 100]", "frame: [10, 10, 1e300, 100]"] {
            let (result, _) = failure(minimalScenario.replacingOccurrences(of: "frame: [10, 10, 100, 100]", with: bad))
            #expect(result.code == 2, "\(bad)")
            #expect(result.errorText.contains(":7:"), "\(bad): \(result.errorText)")
        }
    }

    @Test func stepInThePastIsReported() {
        let (result, path) = failure(minimalScenario + "\n  - wait: 1\n  - { time: 0.5, tap: [20, 20] }\n")
        #expect(result.code == 2)
        #expect(result.errorText.contains("\(path):13:5: time 0.500 s is before the current time 1.000 s"))
    }

    @Test func severalFilesAreEachReportedAndTheGoodOnesStillRun() {
        let bad1 = temporaryScenario("windows: 3\nscript: []\n", name: "bad1")
        let good = temporaryScenario(minimalScenario, name: "good")
        let bad2 = temporaryScenario("script: []\n", name: "bad2")
        let result = Captured.run([bad1, good, bad2])
        #expect(result.code == 2)
        #expect(result.errorText.contains("\(bad1):1:10: windows must be a list"))
        #expect(result.errorText.contains("\(bad2):1:1: the scenario needs 'windows'"))
        #expect(result.out.contains { $0.hasPrefix("== minimal") })
    }

    @Test func explainOfAnUnknownNameSuggestsTheNearest() {
        let result = Captured.explain(Lab.bundledScenarios.appendingPathComponent("controls.yaml").path, .control("okk"))
        #expect(result.code == 2)
        #expect(result.errorText.contains("no control named 'okk'; did you mean 'ok'?"))
    }

    @Test func aFrameOfThreeNumbersSaysHowManyItNeeds() {
        let (result, path) = failure(minimalScenario.replacingOccurrences(of: "frame: [10, 10, 100, 100]", with: "frame: [10, 10, 100]"))
        #expect(result.errorText == "\(path):7:16: frame must be [x, y, width, height]: 4 numbers, not 3")
        let (point, pointPath) = failure(minimalScenario.replacingOccurrences(of: "tap: [20, 20]", with: "tap: [20, 20, 5]"))
        #expect(point.errorText == "\(pointPath):11:10: tap must be [x, y]: 2 numbers, not 3")
    }

    @Test func aMisspeltKindIsReportedOnceAndNothingElseFollowsFromIt() {
        // A recognizer of unknown kind keeps its name for the lists that refer to it; a view of unknown
        // kind is not checked against the keys of a kind it was not given.
        let text = minimalScenario.replacingOccurrences(of: "{ kind: tap, name: tap }", with: """
            { kind: tpa, name: tap }
                      - { kind: tap, name: other, requires-failure-of: tap }
            """).replacingOccurrences(of: "        frame: [10, 10, 100, 100]", with: "        frame: [10, 10, 100, 100]\n        kind: buton\n        enabled: false")
        let (result, path) = failure(text)
        #expect(result.err.count == 1)
        #expect(result.errorText.components(separatedBy: "\n") == [
            "\(path):8:15: unknown view kind 'buton'; did you mean 'button'? (one of: view, button, switch, slider, label, image, text-field, scroll, table, collection)",
            "\(path):11:21: unknown recognizer kind 'tpa'; did you mean 'tap'? (one of: tap, long-press, pan, pinch, rotation, swipe, screen-edge-pan, hover)",
        ], "\(result.errorText)")
    }
}
