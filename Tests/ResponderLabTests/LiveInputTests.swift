// `responder live` takes what scenarios and the playground take (presses, calls), and refuses frames
// that could not happen on a device as bad frames, with their line and what to send instead.

import Foundation
import Testing
@testable import ResponderLab
import ResponderKit

@MainActor
@Suite struct LiveInputTests {
    static let scene = """
        name: live presses
        first-responder: field
        windows:
          - name: window
            frame: [0, 0, 320, 480]
            subviews:
              - { name: canvas, frame: [0, 0, 320, 300] }
              - { name: field, frame: [0, 300, 320, 40], can-become-first-responder: true, handles: [presses] }
        """

    private func play(_ lines: [String]) throws -> (live: LiveRun, err: [String]) {
        let loaded = try Lab.load(temporaryScenario(Self.scene + "\nscript:\n  - wait: 0\n"))
        var errors: [String] = []
        let live = LiveRun(loaded, out: { _ in }, err: { errors.append($0) })
        let source = LiveDriverTests.Lines(lines)
        live.play(readLine: { source.next() })
        return (live, errors)
    }

    private func rows(_ records: [TraceRecord]) -> [String] {
        records.map { let c = $0.columns; return "\(c.category) | \(c.subject) | \(c.detail)" }
    }

    @Test func pressesAndCallsReplayToTheSameTraceAsTheScenario() throws {
        let (live, errors) = try play([
            #"{"t": 2.00, "press": {"type": "select", "phase": "down"}}"#,
            #"{"t": 2.05, "press": {"type": "select", "phase": "up"}}"#,
            #"{"t": 2.10, "press": "menu"}"#,
            #"{"t": 2.15, "press": {"type": "page-down"}}"#,
            #"{"t": 2.20, "call": "incoming"}"#,
            #"{"t": 2.25, "call": "ended"}"#,
        ])
        #expect(errors.isEmpty, "\(errors)")
        let script = """

            script:
              - press: { type: select, phase: down }
              - { time: 0.05, press: { type: select, phase: up } }
              - { time: 0.10, press: menu }
              - { time: 0.15, press: { type: page-down } }
              - { time: 0.20, call: incoming }
              - { time: 0.25, call: ended }
            """
        let run = ScenarioRun(try Lab.load(temporaryScenario(Self.scene + script)), withSystem: true)
        run.play()
        #expect(rows(live.records) == rows(run.recorder.records))
        #expect(rows(live.records).contains { $0.hasPrefix("deliver | field | pressesBegan") })
    }

    @Test func aMoveForAFingerThatLiftedIsABadFrameNotACancelledTouch() throws {
        let (live, errors) = try play([
            #"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 40, "y": 100}]}"#,
            #"{"t": 0.02, "touches": [{"id": 1, "phase": "ended", "x": 40, "y": 100}]}"#,
            #"{"t": 0.04, "touches": [{"id": 1, "phase": "moved", "x": 60, "y": 100}]}"#,
            #"{"t": 0.06, "touches": [{"id": 2, "phase": "ended", "x": 60, "y": 100}]}"#,
            #"{"t": 0.08, "touches": [{"id": 3, "phase": "began", "x": 60, "y": 100}]}"#,
            #"{"t": 0.10, "touches": [{"id": 3, "phase": "began", "x": 60, "y": 100}]}"#,
            #"{"t": 0.12, "touches": [{"id": 3, "phase": "cancelled", "x": 60, "y": 100}]}"#,
        ])
        #expect(errors == [
            "line 3: finger 1 is not down: it ended at line 2; a finger moves only between its 'began' and its 'ended' (send 'began' first); frame skipped",
            "line 4: finger 2 is not down: its first frame must be 'began'; frame skipped",
            "line 6: finger 3 is already down (it began at line 5): send 'ended' or 'cancelled' for it before it begins again; frame skipped",
        ])
        #expect(live.badLines == 3)
        // The device never saw the bad frames: no touch of the application was cancelled by the system.
        #expect(!live.records.contains { if case .system = $0.kind { return $0.columns.detail.contains("cancelled") } else { return false } })
        let inputs = live.records.compactMap { record -> String? in
            if case .input(let input) = record.kind { return input.description } else { return nil }
        }
        #expect(inputs == ["#1 down (40, 100)", "#1 up (40, 100)", "#3 down (60, 100)", "#3 cancel (60, 100)"], "\(inputs)")
    }

    @Test func pressesThatCouldNotHappenAreBadFramesWithTheFix() throws {
        let (_, errors) = try play([
            #"{"t": 0, "press": {"type": "select", "phase": "up"}}"#,
            #"{"t": 0.01, "press": {"type": "menu", "phase": "down"}}"#,
            #"{"t": 0.02, "press": {"type": "menu", "phase": "down"}}"#,
            #"{"t": 0.03, "press": "selcet"}"#,
            #"{"t": 0.04, "press": {"type": "menu", "phase": "sideways"}}"#,
        ])
        #expect(errors == [
            #"line 1: 'select' is not pressed: press it first ("phase": "down"), or send both ("phase": "both"); frame skipped"#,
            #"line 3: 'menu' is already pressed (since line 2): release it first ("phase": "up"); frame skipped"#,
            "line 4: 'press' must be one of up-arrow, down-arrow, left-arrow, right-arrow, select, menu, play-pause, page-up, page-down; did you mean 'select'?",
            "line 5: 'press phase' must be one of down, up, both",
        ])
    }

    @Test func keysThatCouldNotHappenAreBadFramesAndAKeyIsToldApartByItsKeyNotByWhatItTypes() throws {
        var lines = [#"{"t": 0, "key": {"input": "s", "phase": "down"}}"#,
                     #"{"t": 0.01, "key": {"input": "S", "modifiers": ["shift"], "phase": "down"}}"#,
                     #"{"t": 0.02, "key": {"input": "s", "phase": "both"}}"#,
                     #"{"t": 0.03, "key": {"input": "S", "modifiers": ["shift"], "phase": "up"}}"#,
                     #"{"t": 0.04, "key": {"input": "escpe"}}"#]
        lines += "abcdefghijk".enumerated().map { #"{"t": \#(0.05 + Double($0) * 0.01), "key": {"input": "\#($1)", "phase": "down"}}"# }
        let (_, errors) = try play(lines)
        #expect(errors == [
            #"line 2: key 'S' is the key of 's', which is already down (since line 1): release 's' first ("phase": "up"); frame skipped"#,
            #"line 3: key 's' is already down (since line 1): release it first ("phase": "up"); frame skipped"#,
            "line 5: key: 'escpe' is not a key: give one character or one of up-arrow, down-arrow, left-arrow, right-arrow, escape, page-up, page-down, home, end, delete, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12; did you mean 'escape'?",
            #"line 16: key 'k' would be key 11 down at once; a keyboard source holds at most 10: release one first ("phase": "up"); frame skipped"#,
        ])
    }
}
