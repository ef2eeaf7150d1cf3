// `responder live`: a recorded stream of HID frames replays, in real time through the host-driven
// loop, to the same trace as the equivalent scenario; malformed lines are reported with their
// number and skipped, and the stream goes on. (Real time: the streams last a fraction of a second.)

import Foundation
import Testing
@testable import ResponderLab
import ResponderKit

@MainActor
@Suite struct LiveDriverTests {

    static let scene = """
        name: live
        windows:
          - name: window
            frame: [0, 0, 320, 480]
            subviews:
              - name: canvas
                frame: [0, 0, 320, 480]
                recognizers:
                  - { kind: pan, name: canvasPan }
              - { name: ok, kind: button, frame: [200, 400, 100, 40], actions: [{ event: touchUpInside, log: true }] }
        """

    /// Hands lines to the live run's reader thread.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String]
        init(_ lines: [String]) { self.lines = lines }
        func next() -> String? {
            lock.lock(); defer { lock.unlock() }
            return lines.isEmpty ? nil : lines.removeFirst()
        }
    }

    /// Plays `lines` on the scene (a scenario file needs a script; `live` does not play it).
    private func play(_ lines: [String]) throws -> (live: LiveRun, err: [String]) {
        let path = temporaryScenario(Self.scene + "\nscript:\n  - wait: 0\n")
        var errors: [String] = []
        let loaded = try Lab.load(path)
        let live = LiveRun(loaded, out: { _ in }, err: { errors.append($0) })
        let source = Lines(lines)
        live.play(readLine: { source.next() })
        return (live, errors)
    }

    private func rows(_ records: [TraceRecord]) -> [String] {
        records.map { let c = $0.columns; return "\(c.category) | \(c.subject) | \(c.detail)" }
    }

    @Test func aRecordedStreamReplaysToTheSameTraceAsTheEquivalentScenario() throws {
        let frames = [
            #"{"t": 5.00, "touches": [{"id": 1, "phase": "began", "x": 40, "y": 100}]}"#,
            #"{"t": 5.05, "touches": [{"id": 1, "phase": "moved", "x": 70, "y": 100}]}"#,
            #"{"t": 5.10, "touches": [{"id": 1, "phase": "moved", "x": 100, "y": 110}]}"#,
            #"{"t": 5.15, "touches": [{"id": 1, "phase": "ended", "x": 100, "y": 110}]}"#,
            #"{"t": 5.20, "touches": [{"id": 2, "phase": "began", "x": 250, "y": 420}]}"#,
            #"{"t": 5.25, "touches": [{"id": 2, "phase": "ended", "x": 250, "y": 420}]}"#,
            #"{"t": 5.30, "remote": "play"}"#,
        ]
        let (live, errors) = try play(frames)
        #expect(errors.isEmpty)

        let script = """

            script:
              - down: { finger: 1, at: [40, 100] }
              - { time: 0.05, move: { finger: 1, to: [70, 100] } }
              - { time: 0.10, move: { finger: 1, to: [100, 110] } }
              - { time: 0.15, up: 1 }
              - { time: 0.20, down: { finger: 2, at: [250, 420] } }
              - { time: 0.25, up: 2 }
              - { time: 0.30, remote: play }
            """
        let scenario = try Lab.load(temporaryScenario(Self.scene + script))
        let run = ScenarioRun(scenario, withSystem: true)
        run.play()
        #expect(rows(live.records) == rows(run.recorder.records))
        #expect(rows(live.records).contains("action | ok | touchUpInside → ActionLog"))
    }

    @Test func malformedLinesAreReportedWithTheirNumberAndSkipped() throws {
        let (live, errors) = try play([
            #"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 40, "y": 100}]}"#,
            "not json",
            #"{"t": 0.01, "touches": [{"id": 1, "phase": "wiggled", "x": 40, "y": 100}]}"#,
            #"{"t": 0.01, "button": "lock", "shake": "began"}"#,
            #"{"touches": [{"id": 1, "phase": "ended", "x": 40, "y": 100}]}"#,
            #"{"t": 0.02, "touches": [{"id": 1, "phase": "ended", "x": true, "y": 100}]}"#,
            #"{"t": 0.02, "touches": [{"id": 1, "phase": "ended", "x": 40, "y": 100}]}"#,
            #"{"t": 0.01, "button": "home"}"#,
        ])
        #expect(errors.map { $0.prefix(7) } == ["line 2:", "line 3:", "line 4:", "line 5:", "line 6:", "line 8:"])
        #expect(errors.dropFirst().first?.contains("'phase' must be one of began, moved, stationary, ended, cancelled") == true)
        #expect(errors.last?.contains("went back") == true)
        let inputs = live.records.compactMap { record -> String? in
            if case .input(let input) = record.kind { return input.description } else { return nil }
        }
        #expect(inputs == ["#1 down (40, 100)", "#1 up (40, 100)"], "the stream went on past the bad lines")
    }

    @Test func systemButtonsFromTheStreamReachTheDevice() throws {
        let (live, errors) = try play([
            #"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 40, "y": 100}]}"#,
            #"{"t": 0.02, "button": "lock"}"#,
            #"{"t": 0.04, "touches": [{"id": 1, "phase": "ended", "x": 40, "y": 100}]}"#,
        ])
        #expect(errors.isEmpty)
        #expect(live.system.isLocked)
        #expect(live.records.contains { $0.kind == .system(.consumed(what: "#1", reason: .locked)) })
    }
}
