import XCTest
@testable import ResponderServe
import ResponderLab

/// The protocol's messages, read and written.
final class ClientMessageTests: XCTestCase {
    private func error(_ text: String) -> String? {
        guard case .failure(let error) = ClientMessage.parse(text) else { return nil }
        return error.message
    }

    func testAHelloWithItsVersionIsRead() throws {
        XCTAssertEqual(try ClientMessage.parse(#"{"v": 1, "type": "hello", "id": 3}"#).get(), ClientMessage(body: .hello, id: 3))
    }

    func testTouchesAreReadWithTheirTimeFingersPhasesAndForce() throws {
        let message = try ClientMessage.parse(#"{"v": 1, "type": "input", "t": 1.5, "touches": [{"id": 2, "phase": "began", "x": 10, "y": 20.5, "force": 0.25}]}"#).get()
        XCTAssertEqual(message.body, .input(.touches([.init(finger: 2, phase: .began, x: 10, y: 20.5, force: 0.25)]), time: 1.5))
    }

    func testAPensAndAMousesTouchesHoverAndWheelAreRead() throws {
        let pen = try ClientMessage.parse(#"{"v": 1, "type": "input", "t": 1, "touches": [{"id": 2, "phase": "began", "x": 10, "y": 20, "force": 0.5, "type": "pencil", "altitude": 1, "azimuth": 0.5}]}"#).get()
        var touch = PlaygroundSession.Touch(finger: 2, phase: .began, x: 10, y: 20, force: 0.5)
        (touch.type, touch.altitude, touch.azimuth) = (.pencil, 1, 0.5)
        XCTAssertEqual(pen.body, .input(.touches([touch]), time: 1))
        let click = try ClientMessage.parse(#"{"v": 1, "type": "input", "t": 1, "touches": [{"id": 1, "phase": "began", "x": 10, "y": 20, "type": "indirect-pointer", "buttons": 3}]}"#).get()
        touch = PlaygroundSession.Touch(finger: 1, phase: .began, x: 10, y: 20)
        (touch.type, touch.buttons) = (.indirectPointer, [.primary, .secondary])
        XCTAssertEqual(click.body, .input(.touches([touch]), time: 1))

        XCTAssertEqual(try ClientMessage.parse(#"{"v": 1, "type": "input", "t": 2, "hover": {"x": 5, "y": 6}}"#).get().body,
                       .input(.hover(PlaygroundSession.Hover(phase: .changed, x: 5, y: 6)), time: 2))
        var hover = PlaygroundSession.Hover(phase: .ended, x: 5, y: 6, type: .pencil)
        hover.altitude = 0.5
        XCTAssertEqual(try ClientMessage.parse(#"{"v": 1, "type": "input", "t": 2, "hover": {"phase": "ended", "x": 5, "y": 6, "type": "pencil", "altitude": 0.5}}"#).get().body,
                       .input(.hover(hover), time: 2))
        var wheel = PlaygroundSession.Wheel(x: 5, y: 6, dx: 0, dy: -30)
        wheel.notches = -1
        XCTAssertEqual(try ClientMessage.parse(#"{"v": 1, "type": "input", "t": 3, "wheel": {"x": 5, "y": 6, "dx": 0, "dy": -30, "notches": -1}}"#).get().body,
                       .input(.wheel(wheel), time: 3))
        wheel = PlaygroundSession.Wheel(x: 5, y: 6, dx: 0, dy: 4)
        wheel.pinch = true
        XCTAssertEqual(try ClientMessage.parse(#"{"v": 1, "type": "input", "t": 3, "wheel": {"x": 5, "y": 6, "dx": 0, "dy": 4, "pinch": true}}"#).get().body,
                       .input(.wheel(wheel), time: 3))
    }

    func testPointerInputThatIsWrongIsToldWhatIsWrong() {
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "touches": [{"id": 1, "phase": "began", "x": 0, "y": 0, "type": "stylus"}]}"#),
                       "touches[0]: 'type' must be one of direct, pencil, indirect-pointer")
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "touches": [{"id": 1, "phase": "began", "x": 0, "y": 0, "altitude": 3}]}"#),
                       "touches[0]: 'altitude' must be radians from 0 (flat) to π/2 (upright)")
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "touches": [{"id": 1, "phase": "began", "x": 0, "y": 0, "buttons": -1}]}"#),
                       "touches[0]: 'buttons' must be the buttons held, as a page's PointerEvent.buttons (1 primary, 2 secondary)")
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "hover": {"x": 0}}"#),
                       "'hover' must be an object with x and y (screen points), and optionally phase, type, altitude, azimuth")
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "hover": {"x": 0, "y": 0, "type": "direct"}}"#),
                       "'hover': 'type' must be indirect-pointer (the mouse) or pencil: a finger does not hover")
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "hover": {"x": 0, "y": 0, "phase": "moved"}}"#),
                       "'hover': 'phase' must be one of began, changed, ended, cancelled")
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "wheel": {"x": 0, "y": 0, "dx": 0}}"#),
                       "'wheel' must be an object with x, y (screen points), dx and dy (how far the content moves), and optionally notches and pinch")
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "wheel": {"x": 0, "y": 0, "dx": 0, "dy": 0, "pinch": "yes"}}"#),
                       "'wheel': 'pinch' must be true or false")
    }

    func testPressesSystemButtonsCallsShakeAndRemoteAreRead() throws {
        XCTAssertEqual(try ClientMessage.parse(#"{"v": 1, "type": "input", "t": 0, "press": {"type": "select", "phase": "down"}}"#).get().body,
                       .input(.press("select", down: true, up: false), time: 0))
        XCTAssertEqual(try ClientMessage.parse(#"{"v": 1, "type": "input", "t": 0, "press": "menu"}"#).get().body, .input(.press("menu", down: true, up: true), time: 0))
        XCTAssertEqual(try ClientMessage.parse(#"{"v": 1, "type": "input", "t": 0, "button": "lock"}"#).get().body, .input(.button("lock"), time: 0))
        XCTAssertEqual(try ClientMessage.parse(#"{"v": 1, "type": "input", "t": 0, "call": "incoming"}"#).get().body, .input(.call(incoming: true), time: 0))
        XCTAssertEqual(try ClientMessage.parse(#"{"v": 1, "type": "input", "t": 0, "shake": true}"#).get().body, .input(.shake, time: 0))
        XCTAssertEqual(try ClientMessage.parse(#"{"v": 1, "type": "input", "t": 0, "remote": "play"}"#).get().body, .input(.remote("play"), time: 0))
        XCTAssertEqual(try ClientMessage.parse(#"{"v": 1, "type": "explain", "recognizer": "pinch"}"#).get().body, .explain(.recognizer("pinch")))
    }

    func testAKeyIsReadWithItsInputModifiersAndPhase() throws {
        XCTAssertEqual(try ClientMessage.parse(#"{"v": 1, "type": "input", "t": 2, "key": {"input": "s", "modifiers": ["command", "shift"], "phase": "down"}}"#).get().body,
                       .input(.key(.init("s", modifiers: [.command, .shift]), down: true, up: false), time: 2))
        // Without modifiers or a phase: none held, pressed and released.
        XCTAssertEqual(try ClientMessage.parse(#"{"v": 1, "type": "input", "t": 0, "key": {"input": "escape"}}"#).get().body,
                       .input(.key(.init("escape"), down: true, up: true), time: 0))
        XCTAssertEqual(try ClientMessage.parse(#"{"v": 1, "type": "input", "t": 0, "key": {"input": "\r", "modifiers": [], "phase": "up"}}"#).get().body,
                       .input(.key(.init("\r"), down: false, up: true), time: 0))
    }

    func testABadKeyIsToldWhichFieldIsWrong() {
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "key": "s"}"#),
                       #"'key' must be an object with 'input' (a character or a special key's name such as "escape"), and optionally 'modifiers' and 'phase'"#)
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "key": {"input": "s", "code": "KeyS"}}"#), "'key' has input, modifiers, phase, not 'code'")
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "key": {"input": ""}}"#),
                       #"'key': 'input' must be a character ("s") or a special key's name ("up-arrow", "escape", "f1"…)"#)
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "key": {"input": 7}}"#),
                       #"'key': 'input' must be a character ("s") or a special key's name ("up-arrow", "escape", "f1"…)"#)
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "key": {"input": "s", "modifiers": "command"}}"#),
                       "'key': 'modifiers' must be a list of names: shift, control, alternate, option, command, caps-lock, numeric-pad")
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "key": {"input": "s", "modifiers": ["meta"]}}"#),
                       "'key': unknown modifier 'meta' (use shift, control, alternate, option, command, caps-lock, numeric-pad)")
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "key": {"input": "s", "phase": "pressed"}}"#), "'key': 'phase' must be down, up or both")
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "key": {"input": "s"}, "press": "menu"}"#), "one input per message, not press and key")
    }

    func testMalformedMessagesAreToldWhatIsWrong() {
        XCTAssertEqual(error("{"), #"not a JSON object: send one object per message, such as {"v": 1, "type": "hello"}"#)
        XCTAssertEqual(error(#"{"type": "hello"}"#), "missing 'v': every message says the protocol version it speaks (1)")
        XCTAssertEqual(error(#"{"v": true, "type": "hello"}"#), "missing 'v': every message says the protocol version it speaks (1)")
        XCTAssertEqual(error(#"{"v": 1}"#), "missing 'type': one of hello, load, input, timeline, explain, save, ping")
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": -1, "shake": true}"#), "'input' needs 't': the page's timestamp in seconds, 0 or more")
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "shake": true, "remote": "play"}"#), "one input per message, not shake and remote")
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "touches": []}"#), "'touches' must be a list of 1 to 20 fingers")
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "touches": [{"id": 1.5, "phase": "began", "x": 0, "y": 0}]}"#),
                       "touches[0]: 'id' must be a whole number (the finger, 1 to 20)")
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "touches": [{"id": 1, "phase": "hover", "x": 0, "y": 0}]}"#),
                       "touches[0]: 'phase' must be one of began, moved, stationary, ended, cancelled")
        XCTAssertEqual(error(#"{"v": 1, "type": "input", "t": 0, "touches": [{"id": 1, "phase": "began", "x": "a", "y": 0}]}"#),
                       "touches[0]: 'x' and 'y' must be numbers (screen points)")
        XCTAssertEqual(error(#"{"v": 1, "type": "explain", "view": "a", "control": "b"}"#), "'explain' needs exactly one of 'view', 'recognizer', 'control' or 'row' (a name)")
        XCTAssertEqual(error(#"{"v": 1, "type": "load"}"#), "'load' needs 'scenario' (a name from the list) or 'yaml' (a scenario's text)")
    }

    func testAnErrorKeepsTheMessagesId() {
        guard case .failure(let error) = ClientMessage.parse(#"{"v": 1, "type": "nope", "id": 42}"#) else { return XCTFail() }
        XCTAssertEqual(error.id, 42)
    }

    func testRepliesCarryTheVersionTheTypeAndTheId() throws {
        let json = ServerMessage.error("bad").json(id: 4)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["v"] as? Int, 1)
        XCTAssertEqual(object["type"] as? String, "error")
        XCTAssertEqual(object["id"] as? Int, 4)
        XCTAssertEqual(object["message"] as? String, "bad")
    }

    func testTheRateLimitTakesABurstThenDropsAndReportsEveryDropOnceASecondAtMost() {
        var limit = RateLimit(rate: 10, burst: 3, now: 0)
        XCTAssertEqual((0..<3).map { _ in limit.admit(now: 0) }, [true, true, true])
        XCTAssertFalse(limit.admit(now: 0))
        XCTAssertEqual(limit.report(now: 0), 1, "the first drop is reported at once")
        XCTAssertFalse(limit.admit(now: 0.01))
        XCTAssertNil(limit.report(now: 0.01), "at most one report a second")
        XCTAssertTrue(limit.admit(now: 0.2), "tokens come back at the rate")
        XCTAssertTrue(limit.admit(now: 0.2))
        XCTAssertFalse(limit.admit(now: 0.2))
        XCTAssertEqual(limit.nextReport, 1, "the drops at the end of the burst wait for the next report")
        XCTAssertTrue(limit.admit(now: 1.0))
        XCTAssertEqual(limit.report(now: 1.0), 2, "every drop is in one report, though no drop came after the burst")
        XCTAssertNil(limit.report(now: 3.0))
        XCTAssertNil(limit.nextReport)
    }
}
