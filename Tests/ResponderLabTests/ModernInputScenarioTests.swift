// Scenario files and `responder live` script a pointer, a trackpad, a pencil and a keyboard (section U):
// the keys and steps build what they say, bad ones are reported where they are, and a live stream
// replays to the same trace as the equivalent scenario.

import Foundation
import Testing
@testable import ResponderLab
import ResponderKit

@MainActor
@Suite struct ModernInputScenarioTests {
    static let scene = """
        name: a desk
        indirect-input: true
        first-responder: field
        windows:
          - name: window
            frame: [0, 0, 320, 480]
            root:
              name: editor
              performs: ["save:"]
              key-commands:
                - { input: s, modifiers: [command], send: "save:" }
                - { input: up-arrow, send: "save:", priority: true }
              view:
                name: page
                frame: [0, 0, 320, 480]
                subviews:
                  - name: card
                    frame: [20, 20, 200, 200]
                    pencil-interaction: true
                    recognizers:
                      - { kind: hover, name: hover, touch-types: [indirect-pointer] }
                      - { kind: tap, name: secondaryTap, buttons: secondary }
                      - { kind: pan, name: pan, scroll-types: [continuous], touch-types: pencil }
                  - name: field
                    frame: [20, 300, 200, 40]
                    can-become-first-responder: true
                    performs: ["find:"]
                    key-commands:
                      - { input: f, modifiers: [command, shift], send: "find:" }
        """

    private func run(_ steps: String) throws -> ScenarioRun {
        let run = ScenarioRun(try Lab.load(temporaryScenario(Self.scene + "\nscript:\n" + steps)))
        run.play()
        return run
    }

    private func details(_ run: ScenarioRun) -> [String] {
        run.recorder.records.map { let c = $0.columns; return "\(c.category) | \(c.subject) | \(c.detail)" }
    }

    @Test func theKeysBuildWhatTheySay() throws {
        let run = try run("  - wait: 0\n")
        let application = run.scene.application
        #expect(application.applicationSupportsIndirectInputEvents)
        let card = try #require(run.scene.views["card"])
        #expect(card.interactions.count == 1)
        let hover = try #require(run.scene.recognizers["hover"] as? UIHoverGestureRecognizer)
        #expect(hover.allowedTouchTypes == [.indirectPointer])
        #expect((run.scene.recognizers["secondaryTap"] as? UITapGestureRecognizer)?.buttonMaskRequired == .secondary)
        let pan = try #require(run.scene.recognizers["pan"] as? UIPanGestureRecognizer)
        #expect(pan.allowedScrollTypesMask == .continuous)
        #expect(pan.allowedTouchTypes == [.pencil])
        let editor = try #require(run.scene.controllers["editor"])
        #expect(editor.keyCommands?.map(\.input) == ["s", UIKeyCommand.inputUpArrow])
        #expect(editor.keyCommands?.last?.wantsPriorityOverSystemBehavior == true)
    }

    @Test func theStepsPlayThePointerTheTrackpadThePencilAndTheKeyboard() throws {
        let run = try run("""
              - hover: [60, 60]
              - click: {at: [60, 60], buttons: secondary}
              - hover: {to: [70, 60], modifiers: [shift]}
              - pointer-exit
              - scroll: {at: [60, 60], by: [0, -20], steps: 2}
              - pencil-down: {at: [60, 60], altitude: 45}
              - pencil-move: [120, 60]
              - pencil-up
              - pencil-tap
              - key: {input: f, modifiers: [command, shift]}
              - key: {input: s, modifiers: [command]}
            """)
        let rows = details(run)
        #expect(rows.contains("gesture | hover | possible → began (the pointer entered its view)"))
        #expect(rows.contains("gesture | secondaryTap | possible → ended"))
        #expect(rows.contains("gesture | pan | possible → began (trackpad scrolled 10 pt)"))
        #expect(rows.contains("gesture | pan | possible → began (moved 60 pt ≥ 10 pt)"))
        #expect(rows.contains { $0.hasPrefix("pointer | pencil | double tap → 'card's interaction, delegate 'PencilDelegate'") })
        #expect(rows.contains("key-command | ⇧⌘F | find: (offered by 'field'): performed by 'field'"))
        #expect(rows.contains("key-command | ⌘S | save: (offered by 'editor'): performed by 'editor'"))
    }

    @Test func touchChangesSayWhatTouchesAndScrollsAndTransformsCanBeSingleSamples() throws {
        let run = try run("""
              - touches: [{down: 1, at: [60, 60], type: pencil, force: 2, altitude: 45, azimuth: 90}]
              - touches: [{move: 1, to: [120, 60], type: pencil}]
              - touches: [{up: 1, type: pencil}]
              - touches: [{down: 2, at: [60, 60], type: indirect-pointer, buttons: [secondary]}]
              - touches: [{up: 2, type: indirect-pointer, buttons: secondary}]
              - scroll: {at: [60, 60], by: [0, -12], phase: changed}
              - { time: 0.05, scroll: {at: [60, 60], by: [0, -12], phase: changed} }
              - { time: 0.5, trackpad-pinch: {at: [60, 60], scale: 1.5, phase: changed} }
              - { time: 0.55, trackpad-rotate: {at: [60, 60], degrees: 10, phase: ended} }
              - wait: 1
            """)
        let rows = details(run)
        let inputs = run.recorder.records.filter { $0.columns.category == "input" }.map(\.columns.detail)
        #expect(inputs == ["#1 pencil down (60, 60)", "#1 pencil move (120, 60)", "#1 pencil up (120, 60)",
                           "#2 click secondary down (60, 60)", "#2 click secondary up (60, 60)",
                           "scroll changed (60, 60) by (0, -12)", "scroll changed (60, 60) by (0, -12)",
                           "transform changed (60, 60) scale 1.50 rotation 0", "transform ended (60, 60) scale 1 rotation 0.17"],
                "\(inputs)")
        #expect(rows.contains("gesture | pan | possible → began (moved 60 pt ≥ 10 pt)"), "the pencil pan")
        #expect(rows.contains("gesture | secondaryTap | possible → ended"))
        // Samples without .began end after a pause (Thresholds.scrollEndDelay): no step waits for it.
        #expect(rows.contains("pointer | scroll | ended: no sample for 0.10 s"))
    }

    @Test func badKeysAndStepsAreReportedWhereTheyAre() throws {
        let bad = """
            name: bad
            windows:
              - name: window
                subviews:
                  - name: card
                    key-commands:
                      - { input: ab, send: "x:" }
                    recognizers:
                      - { kind: tap, name: tap, scroll-types: all }
                      - { kind: pan, name: pan, buttons: primary }
            script:
              - key: {input: s, modifiers: [comand]}
              - scroll: {at: [1, 2], by: [0, 1], device: mouse}
              - scroll: {at: [1, 2], by: [0, 1], phase: changed, steps: 2}
              - touches: [{down: 1, at: [1, 2], type: stylus}]
            """
        let result = Captured.run([temporaryScenario(bad)])
        let text = result.errorText
        #expect(text.contains(":7:22: 'ab' is not a key: give one character or a special key's name"))
        #expect(text.contains(":9:37: 'scroll-types' is for pans (allowedScrollTypesMask)"))
        #expect(text.contains(":10:37: 'buttons' is for taps (buttonMaskRequired)"))
        #expect(text.contains("did you mean 'command'?"))
        #expect(text.contains(":13:46: unknown scroll device 'mouse' (one of: trackpad, wheel)"))
        #expect(text.contains(":14:45: scroll with a phase is one sample: it has no duration or steps"), "\(text)")
        #expect(text.contains(":15:43: unknown touch type 'stylus'"), "\(text)")
        #expect(result.code == 2)
    }

    @Test func aLiveStreamOfModernInputReplaysToTheScenariosTrace() throws {
        let loaded = try Lab.load(temporaryScenario(Self.scene + "\nscript:\n  - wait: 0\n"))
        var errors: [String] = []
        let live = LiveRun(loaded, out: { _ in }, err: { errors.append($0) })
        let source = LiveDriverTests.Lines([
            #"{"t": 1.00, "hover": {"phase": "began", "x": 60, "y": 60}}"#,
            #"{"t": 1.01, "touches": [{"id": 1000, "phase": "began", "x": 60, "y": 60, "type": "indirect-pointer", "buttons": ["secondary"]}]}"#,
            #"{"t": 1.02, "touches": [{"id": 1000, "phase": "ended", "x": 60, "y": 60, "type": "indirect-pointer", "buttons": ["secondary"]}]}"#,
            #"{"t": 1.03, "scroll": {"phase": "began", "x": 60, "y": 60}}"#,
            #"{"t": 1.04, "scroll": {"phase": "changed", "x": 60, "y": 60, "dy": -20}}"#,
            #"{"t": 1.05, "scroll": {"phase": "ended", "x": 60, "y": 60}}"#,
            #"{"t": 1.06, "pencil-tap": true}"#,
            #"{"t": 1.07, "key": {"input": "s", "modifiers": ["command"]}}"#,
            #"{"t": 1.08, "hover": {"phase": "sideways", "x": 1, "y": 1}}"#,
            #"{"t": 1.09, "key": {"input": "escape", "phase": "up"}}"#,
        ])
        live.play(readLine: { source.next() })
        #expect(errors.count == 2)
        #expect(errors.first?.hasPrefix("line 9: hover: 'phase' must be one of began, changed, ended, cancelled") == true)
        #expect(errors.last?.hasPrefix("line 10: key 'escape' is not down") == true)
        let script = """

            script:
              - hover: [60, 60]
              - { time: 0.01, pointer-down: {at: [60, 60], buttons: secondary} }
              - wait: 0.01
              - pointer-up
              - { time: 0.03, scroll: {at: [60, 60], by: [0, -20], duration: 0.01, steps: 1} }
              - wait: 0.01
              - pencil-tap
              - { time: 0.07, key: {input: s, modifiers: [command]} }
            """
        let run = ScenarioRun(try Lab.load(temporaryScenario(Self.scene + script)), withSystem: true)
        run.play()
        // The same decisions, in the same order (times aside: the live loop runs on the real clock).
        let decisions = { (records: [TraceRecord]) in records.map { let c = $0.columns; return "\(c.category) | \(c.subject)" } }
        #expect(decisions(live.records) == decisions(run.recorder.records))
    }
}
