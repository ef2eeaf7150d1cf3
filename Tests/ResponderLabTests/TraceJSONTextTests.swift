import Foundation
import Testing
@testable import ResponderLab

/// `--format json` writes its objects itself, fast, exactly as `JSONSerialization` with sorted keys
/// would: checked against it on every record of every bundled scenario and on awkward values.
@MainActor
@Suite struct TraceJSONTextTests {
    private func serialized(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
    }

    @Test(arguments: bundledScenarioPaths)
    func everyRecordIsWrittenAsJSONSerializationWritesIt(_ path: String) throws {
        let scenario = try Lab.load(path)
        for run in [ScenarioRun(scenario), ScenarioRun(scenario, tracesStages: true)] {
            run.play()
            for record in run.recorder.records {
                let line = TraceJSON.line(record)
                #expect(line == (try serialized(TraceJSON.object(record))), "\(record)")
            }
        }
    }

    @Test func awkwardTextNumbersAndKeysAreWrittenTheSame() throws {
        let value: [String: Any] = [
            "text": "a/b\"c\\d\u{1}\u{1f}\u{7f}\n\t\r\u{8}\u{c}é👍\u{2028}\u{0}",
            "numbers": [0.35, 1.0, 1e-5, 123456789.125, -0.0, 1e20, 0.1 + 0.2, 2.5e-300, 42] as [Any],
            "flags": [true, false], "none": NSNull(), "empty": [String: Any](), "list": [Any](),
            "keys": ["B": 1, "a": 2, "A": 3, "_": 4, "aa": 5, "value10": 6, "value2": 7, "tapCount": 8, "time": 9],
        ]
        #expect(JSONText.encode(value) == (try serialized(value)))
        #expect(JSONText.encode(["nan": Double.nan]) == nil)
    }
}
