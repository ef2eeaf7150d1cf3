import Foundation
import ResponderKit

extension Lab {
    /// `responder explain`: plays the file, then says in sentences why the subject did or did not get
    /// the touch, begin, fire or send its action.
    ///
    /// See <doc:ReadingTraces> for what the answers say.
    public static func explain(_ path: String, subject: ExplainSubject, out: (String) -> Void, err: (String) -> Void) -> Int32 {
        explain(path, subject: subject, limits: .standard, out: out, err: err)
    }

    /// `explain` within `limits` (tests use smaller ones).
    static func explain(_ path: String, subject: ExplainSubject, limits: ScenarioLimits, out: (String) -> Void, err: (String) -> Void) -> Int32 {
        guard let run = play(path, limits: limits, err: err) else { return 2 }
        return explain(records: run.recorder.records, history: run.sceneHistory, subject: subject, place: path, out: out, err: err)
    }

    /// `responder explain --trace`: reads a trace file an application wrote (``CapturedTrace``) and
    /// says why the subject did or did not get the touch, begin, fire or send its action, as for a
    /// scenario file.
    ///
    /// See <doc:ReadingTraces> (Traces from an application).
    public static func explain(trace path: String, subject: ExplainSubject, out: (String) -> Void, err: (String) -> Void) -> Int32 {
        guard let trace = readTrace(path, err: err) else { return 2 }
        do {
            return explain(records: trace.records, history: try trace.history(), subject: subject, place: path, out: out, err: err)
        } catch {
            err("\(path): \(error.message)")
            return 2
        }
    }

    /// The explanation of `subject` in a trace and its scene, or why the scene has no such subject.
    private static func explain(records: [TraceRecord], history: SceneHistory, subject: ExplainSubject, place: String,
                                out: (String) -> Void, err: (String) -> Void) -> Int32 {
        do {
            try Explainer(records: records, history: history).explain(subject).forEach(out)
            return 0
        } catch {
            err("\(place): \(error.message)")
            return 2
        }
    }

    /// Loads and plays a file within `limits`, reporting problems; nil when it cannot be played.
    static func play(_ path: String, limits: ScenarioLimits = .standard, err: (String) -> Void) -> ScenarioRun? {
        let scenario: Scenario
        do {
            scenario = try load(path, limits: limits)
        } catch {
            err(error.description)
            return nil
        }
        let run = ScenarioRun(scenario, limits: limits)
        run.play()
        onPlayed?(run)
        guard run.problems.isEmpty else {
            err(run.problems.map(\.description).joined(separator: "\n"))
            return nil
        }
        return run
    }
}
