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
        let explainer = Explainer(run: run)
        let lines: [String]
        let (name, known, kind): (String, [String], String)
        switch subject {
        case .view(let view):
            (name, known, kind) = (view, Array(run.scene.views.keys), "view")
            lines = explainer.explainView(view)
        case .recognizer(let recognizer):
            (name, known, kind) = (recognizer, Array(run.scene.recognizers.keys), "recognizer")
            lines = explainer.explainRecognizer(recognizer)
        case .control(let control):
            (name, known, kind) = (control, run.scene.views.filter { $0.value is UIControl }.map(\.key), "control")
            lines = explainer.explainControl(control)
        }
        guard known.contains(name) else {
            var message = "\(path): no \(kind) named '\(name)'"
            if let nearest = YAMLReader.nearest(to: name, in: known) { message += "; did you mean '\(nearest)'?" }
            message += known.isEmpty ? "" : " (\(kind)s: \(known.sorted().joined(separator: ", ")))"
            err(message)
            return 2
        }
        lines.forEach(out)
        return 0
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
