import Foundation
import Testing
@testable import ResponderLab
import ResponderKit

/// `explain` and `--format json` read the records' values (identities, states, causes), not their text.
@MainActor
@Suite struct TypedTraceTests {
    private func scenario(_ name: String) -> String { Lab.bundledScenarios.appendingPathComponent(name).path }

    /// A run of the bundled button scenario, with one record appended: the explanation must come from the
    /// cause's case and rule, whatever its wording.
    private func explainFailure(_ cause: TraceCause) throws -> String {
        let loaded = try Lab.load(scenario("button-in-tappable-view.yaml"))
        let run = ScenarioRun(loaded)
        run.play()
        let tap = try #require(run.scene.recognizers["panelTap"])
        run.recorder.record(TraceRecord(time: 9, kind: .recognizerState(recognizer: tap.traceSubject, from: .possible, to: .failed, cause: cause)))
        return Explainer(run: run).explainRecognizer("panelTap").joined(separator: "\n")
    }

    @Test func explainCitesR10ForAControlAndR9ForAPlainViewFromTheSubjectsClass() throws {
        let toggle = TraceSubject(id: 900, className: "UISwitch", name: "toggle")
        let plain = TraceSubject(id: 901, className: "UIView", name: "toggle")
        #expect(try explainFailure(.refusedByView(toggle)).contains("at 9.00 s: 'panelTap' failed: refused by UISwitch 'toggle' in gestureRecognizerShouldBegin (R9, R10: controls beat their superviews' gestures)"))
        let plainText = try explainFailure(.refusedByView(plain))
        #expect(plainText.contains("at 9.00 s: 'panelTap' failed: refused by UIView 'toggle' in gestureRecognizerShouldBegin (R9)."))
    }

    @Test func explainCitesR7ForARequirementAndR6ForAWinner() throws {
        let double = TraceSubject(id: 902, className: "UITapGestureRecognizer", name: "twice")
        #expect(try explainFailure(.requiredToFail(other: double, outcome: .recognized)).contains("it was waiting for 'twice' to fail, and 'twice' recognized (R7)"))
        #expect(try explainFailure(.preventedBy(double)).contains("prevented by 'twice': only one recognizer may recognize at a time unless a delegate allows simultaneous recognition (R6)"))
        #expect(try explainFailure(.touchesCancelled).contains("its touches were cancelled (C2)"))
    }

    @Test func explainFindsObjectsByIdentityNotByName() throws {
        let loaded = try Lab.load(scenario("button-in-tappable-view.yaml"))
        let run = ScenarioRun(loaded)
        run.play()
        let tap = try #require(run.scene.recognizers["panelTap"])
        // Another object that happens to share the name: its records are not the scene's recognizer's.
        let impostor = TraceSubject(id: -1, className: tap.traceSubject.className, name: "panelTap")
        run.recorder.record(TraceRecord(time: 9, kind: .recognizerState(recognizer: impostor, from: .possible, to: .failed, cause: .disabled)))
        #expect(!Explainer(run: run).explainRecognizer("panelTap").joined().contains("9.00 s"))
    }

    @Test func jsonRecordsCarryTheSchemaVersionAndTypedFields() throws {
        let result = Captured.run([scenario("button-in-tappable-view.yaml")], format: .json)
        #expect(result.code == 0)
        let objects = try result.out.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.allSatisfy { $0["version"] as? Int == TraceJSON.version })
        #expect(TraceJSON.version == 2, "docs/trace-json.md documents version 2: update it with the version")
        // An input: its samples, typed.
        let input = try #require(objects.first { $0["kind"] as? String == "input" })
        let value = try #require(input["value"] as? [String: Any])
        #expect(value["kind"] as? String == "touches")
        let sample = try #require((value["samples"] as? [[String: Any]])?.first)
        #expect(sample["phase"] as? String == "began")
        #expect(sample["finger"] is Int)
        // A refusal: the recognizer as an identity, the states by name, the cause with its case and rule.
        let refused = try #require(objects.first {
            ($0["cause"] as? [String: Any])?["kind"] as? String == "refusedByView"
        })
        #expect(refused["kind"] as? String == "recognizerState")
        #expect(refused["from"] as? String == "possible")
        #expect(refused["to"] as? String == "failed")
        let recognizer = try #require(refused["recognizer"] as? [String: Any])
        #expect(recognizer["name"] as? String == "panelTap")
        #expect(recognizer["class"] as? String == "UITapGestureRecognizer")
        #expect(recognizer["id"] is Int)
        let cause = try #require(refused["cause"] as? [String: Any])
        #expect(cause["rule"] as? String == "R10")
        #expect(cause["text"] as? String == "refused by UIButton 'buy'")
        #expect((cause["value"] as? [String: Any])?["class"] as? String == "UIButton")
    }
}
