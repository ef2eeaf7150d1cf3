import Foundation
import ResponderKit
import ResponderLab
import Testing

/// The page's keys in the live session: a hardware keyboard's keys with their modifiers, matched
/// against the scene's key commands first (U5), played through the key path `responder live` uses, and
/// recorded as `key:` steps that `responder run` replays to the same trace; keys that could not happen
/// are refused with what is wrong.
@MainActor
@Suite struct PlaygroundKeyTests: SessionTesting {
    private func key(_ input: String, _ modifiers: UIKeyModifierFlags = [], down: Bool = true, up: Bool = false) -> PlaygroundSession.Input {
        .key(PlaygroundSession.Key(input, modifiers: modifiers), down: down, up: up)
    }

    @Test func aKeyWithItsModifiersFromThePageFiresTheMatchingKeyCommandAndTheRecordingReplaysIt() throws {
        let session = try session("key-command-chain.yaml")
        #expect(session.takesKeyboard)
        // ⌘S, as the page sends it: down, then up; then S alone, which no command takes.
        #expect(session.enqueue(key("s", .command), sourceTime: 0) == nil)
        #expect(session.enqueue(key("s", .command, down: false, up: true), sourceTime: 0.05) == nil)
        #expect(session.enqueue(key("b", .command), sourceTime: 0.1) == nil)
        #expect(session.enqueue(key("b", .command, down: false, up: true), sourceTime: 0.12) == nil)
        #expect(session.enqueue(key("s"), sourceTime: 0.2) == nil)
        #expect(session.enqueue(key("s", down: false, up: true), sourceTime: 0.25) == nil)
        run(session, for: 0.35)
        let live = columns(session.lines)
        let saveAt = live.firstIndex(of: "key-command ⌘S save: (offered by 'editor'): performed by 'editor'")
        #expect(saveAt != nil, "\(live.joined(separator: "\n"))")
        #expect(live.contains("key-command ⌘B underline: (offered by 'field'): no responder performs it"))
        #expect(live.contains("key-command ⌘B bold: (offered by 'editor'): performed by 'editor'"))
        // A press a command took reaches no responder; S alone is an ordinary press.
        #expect(live.filter { $0 == "deliver field pressesBegan" }.count == 1, "\(live.joined(separator: "\n"))")
        let (code, replayed, recorded) = try replay(session)
        #expect(recorded.contains(#"key: {input: "s", modifiers: [command], phase: down}"#), "\(recorded)")
        #expect(recorded.contains(#"key: {input: "s", phase: up}"#), "\(recorded)")
        #expect(code == 0)
        #expect(replayed == live, "\(replayed.joined(separator: "\n"))\n---\n\(live.joined(separator: "\n"))")
    }

    @Test func theViewControllerThatPerformedAKeyCommandIsExplainedByName() throws {
        let session = try session("key-command-chain.yaml")
        #expect(session.enqueue(key("s", .command, up: true), sourceTime: 0) == nil)
        run(session, for: 0.1)
        let editor = session.explain(.view("editor"))
        #expect(editor.contains { $0.contains("'editor' offered the key command ⌘S save: and performed it") }, "\(editor)")
    }

    /// A scene with commands on Escape and on ⇧→, and a tap that takes the right arrow's press.
    static let arrowsScene = """
        name: Keys and an arrow's press
        windows:
          - name: window
            frame: [0, 0, 320, 480]
            root:
              name: screen
              performs: ["nextPage:", "close:"]
              key-commands:
                - { input: right-arrow, modifiers: [shift], send: "nextPage:" }
                - { input: escape, send: "close:" }
              view:
                name: page
                frame: [0, 0, 320, 480]
                can-become-first-responder: true
                recognizers: [{ kind: tap, name: arrowTap, allowed-press-types: [right-arrow] }]
        first-responder: page
        script:
          - wait: 0
        """

    @Test func anArrowKeyIsAKeyCommandsKeyWithShiftAndAnArrowsPressWithoutAndEscapeIsAKeyNotTheMenuButton() throws {
        let session = try session(yaml: Self.arrowsScene, file: "arrows.yaml")
        #expect(session.takesKeyboard)
        #expect(session.enqueue(key("right-arrow", .shift), sourceTime: 0) == nil)
        #expect(session.enqueue(key("right-arrow", .shift, down: false, up: true), sourceTime: 0.03) == nil)
        // No command for → alone: the key is a press of the right arrow's type, which the tap takes.
        #expect(session.enqueue(key("right-arrow"), sourceTime: 0.06) == nil)
        #expect(session.enqueue(key("right-arrow", down: false, up: true), sourceTime: 0.09) == nil)
        #expect(session.enqueue(key("escape", down: true, up: true), sourceTime: 0.12) == nil)
        run(session, for: 0.25)
        let live = columns(session.lines)
        for line in ["key-command ⇧RightArrow nextPage: (offered by 'screen'): performed by 'screen'",
                     "gesture arrowTap possible → ended", "key-command Escape close: (offered by 'screen'): performed by 'screen'"] {
            #expect(live.contains(line), "\(line) in:\n\(live.joined(separator: "\n"))")
        }
        #expect(live.filter { $0 == "gesture arrowTap fed pressesBegan" }.count == 1,
                "the tap is fed only the press no command took: \(live.joined(separator: "\n"))")
        let (code, replayed, recorded) = try replay(session)
        #expect(recorded.contains("key: {input: right-arrow, modifiers: [shift], phase: down}"), "\(recorded)")
        #expect(recorded.contains("key: {input: escape, phase: both}"), "\(recorded)")
        #expect(code == 0)
        #expect(replayed == live, "\(replayed.joined(separator: "\n"))\n---\n\(live.joined(separator: "\n"))")
    }

    @Test func aSceneWithoutKeyCommandsOrATextFieldTakesNoKeyboard() throws {
        #expect(try !session("pinch-and-rotate.yaml").takesKeyboard)
        #expect(try session("text-field.yaml").takesKeyboard)
    }

    @Test func charactersAScriptMustQuoteAreRecordedSoThatTheReplayPlaysTheSameKeys() throws {
        let session = try session("key-command-chain.yaml")
        for (index, input) in [":", "\"", "\t", "\r", "\u{8}", "#", "é"].enumerated() {
            #expect(session.enqueue(key(input, down: true, up: true), sourceTime: Double(index) * 0.02) == nil)
        }
        run(session, for: 0.2)
        let live = columns(session.lines)
        #expect(live.filter { $0.hasPrefix("input  press ") && $0.hasSuffix(" began") }.count == 7, "\(live.joined(separator: "\n"))")
        let (code, replayed, recorded) = try replay(session)
        #expect(recorded.contains(#"key: {input: "\"", phase: both}"#) && recorded.contains(#"key: {input: "\t", phase: both}"#)
                && recorded.contains(#"key: {input: "\x08", phase: both}"#) && recorded.contains(##"key: {input: "#", phase: both}"##), "\(recorded)")
        #expect(code == 0)
        #expect(replayed == live, "\(replayed.joined(separator: "\n"))\n---\n\(live.joined(separator: "\n"))")
    }

    @Test func keysThatCouldNotHappenAreRefusedWithWhatIsWrongAndNothingIsPlayed() throws {
        let session = try session("key-command-chain.yaml")
        #expect(session.enqueue(key("escpe"), sourceTime: 0)
                == "key: 'escpe' is not a key: give one character or one of up-arrow, down-arrow, left-arrow, right-arrow, escape, page-up, page-down, home, end, delete, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12; did you mean 'escape'?")
        #expect(session.enqueue(key("s", down: false, up: true), sourceTime: 0)
                == #"key 's' is not down: press it first ("phase": "down"), or send both ("phase": "both")"#)
        #expect(session.enqueue(key("s"), sourceTime: 0) == nil)
        #expect(session.enqueue(key("s", .command), sourceTime: 0) == #"key 's' is already down: release it first ("phase": "up")"#)
        #expect(session.enqueue(key("s", down: true, up: true), sourceTime: 0) == #"key 's' is already down: release it first ("phase": "up")"#)
        // S is the key of s: the device tells keys apart by their key, not by what they type.
        #expect(session.enqueue(key("S"), sourceTime: 0) == #"key 'S' is the key of 's', which is already down: release 's' first ("phase": "up")"#)
        #expect(session.enqueue(key("S", .shift, down: false, up: true), sourceTime: 0) == nil)
        #expect(session.enqueue(key("a", down: false, up: false), sourceTime: 0) == "key 'a': it goes down, comes up, or both")
        #expect(session.enqueue(key("a", UIKeyModifierFlags(rawValue: 1 << 3)), sourceTime: 0)?
            .hasPrefix("key 'a': unknown modifier flags (use shift, control, alternate, option, command") == true)
        // At most ten keys down at once.
        for (index, letter) in "abcdefghij".enumerated() {
            #expect(session.enqueue(key(String(letter)), sourceTime: 0.01 * Double(index)) == nil)
        }
        #expect(session.enqueue(key("k"), sourceTime: 0.2)
                == #"key 'k' would be key 11 down at once; a keyboard source holds at most 10: release one first ("phase": "up")"#)
        #expect(session.enqueue(key("a", down: false, up: true), sourceTime: 0.21) == nil)
        #expect(session.enqueue(key("k"), sourceTime: 0.22) == nil)
        run(session, for: 0.3)
        let pressed = session.lines.filter { $0.category == "input" && $0.detail.hasSuffix("began") }.map(\.detail)
        #expect(pressed == [#"press "s" began"#] + "abcdefghijk".map { #"press "\#($0)" began"# }, "\(pressed)")
    }
}
