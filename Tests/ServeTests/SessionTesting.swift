import Foundation
import ResponderLab
import Testing

/// What the live session's suites share: a session of a bundled scenario or of a text, its loop turned
/// in real time, its trace as columns, and `responder run` on its recording.
@MainActor
protocol SessionTesting {}

extension SessionTesting {
    func session(_ name: String) throws -> PlaygroundSession {
        try session(yaml: String(contentsOf: Lab.bundledScenarios.appendingPathComponent(name), encoding: .utf8), file: name)
    }

    func session(yaml text: String, file: String) throws -> PlaygroundSession {
        switch PlaygroundSession.make(yaml: text, file: file) {
        case .success(let session): return session
        case .failure(let problems): throw ServerProcessError("\(problems)")
        }
    }

    /// Turns the session's loop in real time for `seconds` (bounded: the tests keep it under 1.5 s).
    func run(_ session: PlaygroundSession, for seconds: TimeInterval) {
        let end = Date(timeIntervalSinceNow: seconds)
        while Date() < end {
            let wait = session.tick() ?? 0.01
            usleep(useconds_t(min(max(wait, 0.001), 0.01) * 1_000_000))
        }
        session.tick()
    }

    /// Each line's category, subject and detail: a trace without its times.
    func columns(_ lines: [PlaygroundSession.TraceLine]) -> [String] {
        lines.map { "\($0.category) \($0.subject) \($0.detail)" }
    }

    /// Writes `text` to a temporary file and runs `responder run` on it; returns the exit code and the
    /// trace's columns.
    func responderRun(_ text: String) throws -> (code: Int32, lines: [String]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-\(UUID().uuidString).yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var out: [String] = []
        var err: [String] = []
        let code = Lab.run([path], format: .json, out: { out.append($0) }, err: { err.append($0) })
        #expect(err == [], "responder run complained: \(err) about\n\(text)")
        let lines = out.compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return "\(object["category"] ?? "") \(object["subject"] ?? "") \(object["detail"] ?? "")"
        }
        return (code, lines)
    }

    /// `responder run` on the session's recording: the exit code, the trace's columns and the recording.
    func replay(_ session: PlaygroundSession) throws -> (code: Int32, lines: [String], recorded: String) {
        let recorded = try session.recordedScenario().get()
        let (code, lines) = try responderRun(recorded)
        return (code, lines, recorded)
    }
}
