import Foundation
import ResponderLab
import XCTest

/// The page's pointer and keyboard in a real headless Chromium: the mouse hovering and clicking, the
/// wheel (notches and a pinch with the control key), a pen and keys with their modifiers, sent as
/// DevTools mouse and key events, played by the session as a pointer, a trackpad, the pencil and a
/// hardware keyboard (U1–U5); each saved session replays to the page's trace.
extension BrowserTests {
    /// Saves the session and runs `responder run` on it: the page's trace must be the replay's.
    private func expectTheSavedSessionReplaysThePagesTrace(_ playground: Playground, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let driver = playground.driver
        try playground.waitForTheTraceToSettle()
        let saved = try XCTUnwrap(driver.asyncScript("window.playground.save().then(m => done(m && m.yaml))") as? String, "the page saved no scenario")
        let pageLines = try XCTUnwrap(driver.script("return window.playground.traceLines.map(l => l.category + ' ' + l.subject + ' ' + l.detail)") as? [String])
        let errors = try driver.script("return window.playground.errors") as? [String] ?? []
        XCTAssertEqual(errors, [], "the server refused some of the page's input", file: file, line: line)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("browser-modern-\(UUID().uuidString).yaml").path
        try saved.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (code, runLines) = MainActor.assumeIsolated { () -> (Int32, [String]) in
            var out: [String] = []
            let code = Lab.run([path], format: .json, out: { out.append($0) }, err: { _ in })
            return (code, out.compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]).map { "\($0["category"] ?? "") \($0["subject"] ?? "") \($0["detail"] ?? "")" }
            })
        }
        XCTAssertEqual(code, 0, saved, file: file, line: line)
        XCTAssertEqual(pageLines, runLines, "the page's trace is responder run's:\n\(saved)", file: file, line: line)
        return pageLines
    }

    func testTheMouseHoversAndClicksAsAPointerAndTheSavedSessionReplaysIt() throws {
        let playground = try Playground(scenario: "pointer-hover.yaml")
        defer { playground.close() }
        let driver = playground.driver
        func move(_ x: Double, _ y: Double) throws {
            let point = try playground.client(x, y)
            try driver.cdp("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": point.x, "y": point.y, "button": "none", "buttons": 0])
            usleep(30_000)
        }
        // Over the card, over its badge, off the badge; a click; off the screen (into the picture's margin).
        for (x, y) in [(60.0, 60.0), (180, 50), (100, 100)] { try move(x, y) }
        try playground.tap(100, 100)
        usleep(30_000)
        try move(110, 100)
        try move(-10, 100)
        let lines = try expectTheSavedSessionReplaysThePagesTrace(playground)
        for line in ["gesture cardHover possible → began (the pointer entered its view)", "gesture badgeHover possible → began (the pointer entered its view)",
                     "gesture badgeHover began → ended (the pointer left its view)", "gesture cardTap possible → ended",
                     "pointer hover ended by click #1", "gesture cardHover began → ended (the pointer left its view)"] {
            XCTAssertTrue(lines.contains(line), "\(line) in:\n\(lines.joined(separator: "\n"))")
        }
        XCTAssertTrue(lines.contains { $0.hasPrefix("input  #1 click primary down (") }, "a click, with indirect-input: \(lines.joined(separator: "\n"))")
        XCTAssertTrue(lines.contains { $0.hasPrefix("input  hover ended (") }, "leaving the screen ends the hover")
    }

    func testTheWheelScrollsAPanThatTakesItAndWithTheControlKeyPinches() throws {
        do {
            let playground = try Playground(scenario: "pointer-wheel-on-pan.yaml")
            defer { playground.close() }
            let point = try playground.client(240, 200)
            for _ in 0..<3 {
                // A mouse's notch, as Chromium gives one: 100 px, a wheelDelta of 120.
                try playground.driver.cdp("Input.dispatchMouseEvent", ["type": "mouseWheel", "x": point.x, "y": point.y, "deltaX": 0, "deltaY": 100])
                usleep(40_000)
            }
            let lines = try expectTheSavedSessionReplaysThePagesTrace(playground)
            XCTAssertTrue(lines.contains { $0.hasPrefix("input  wheel changed (") && $0.hasSuffix(" by (0, -10)") }, "a wheel's notch: \(lines.joined(separator: "\n"))")
            XCTAssertTrue(lines.contains { $0.hasPrefix("gesture wheelPan possible → began (wheel scrolled") }, "\(lines.joined(separator: "\n"))")
            XCTAssertTrue(lines.contains("pointer scroll ended: no sample for 0.10 s"), "a wheel's scroll ends after a pause")
        }
        let playground = try Playground(scenario: "pointer-trackpad-pinch.yaml")
        defer { playground.close() }
        let point = try playground.client(160, 160)
        for _ in 0..<4 {
            // Control and the wheel: a trackpad's pinch, as browsers report it (spreading: a negative delta).
            try playground.driver.cdp("Input.dispatchMouseEvent", ["type": "mouseWheel", "x": point.x, "y": point.y, "deltaX": 0, "deltaY": -10,
                                                                   "modifiers": 2])
            usleep(20_000)
        }
        let lines = try expectTheSavedSessionReplaysThePagesTrace(playground)
        XCTAssertTrue(lines.contains { $0.hasPrefix("gesture pinch possible → began (pinched on the trackpad to scale") }, "\(lines.joined(separator: "\n"))")
        XCTAssertTrue(lines.contains { $0.hasPrefix("gesture pinch changed → ended") }, "the pause ends it")
    }

    func testAKeyCombinationOnThePageFiresTheScenesKeyCommandAndTheSavedSessionReplaysIt() throws {
        let playground = try Playground(scenario: "key-command-chain.yaml")
        defer { playground.close() }
        let driver = playground.driver
        // DevTools' modifier bits: 1 Alt, 2 Control, 4 Meta (command), 8 Shift.
        func key(_ key: String, code: String, virtualKey: Int, modifiers: Int = 0) throws {
            try driver.cdp("Input.dispatchKeyEvent", ["type": "rawKeyDown", "key": key, "code": code, "windowsVirtualKeyCode": virtualKey, "modifiers": modifiers])
            usleep(30_000)
            try driver.cdp("Input.dispatchKeyEvent", ["type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": virtualKey, "modifiers": modifiers])
            usleep(30_000)
        }
        try key("s", code: "KeyS", virtualKey: 83, modifiers: 4)
        try key("b", code: "KeyB", virtualKey: 66, modifiers: 4)
        // In the scene's text, a key is the text box's, not the scene's.
        _ = try driver.script("document.getElementById('yaml').focus()")
        try key("x", code: "KeyX", virtualKey: 88)
        _ = try driver.script("document.getElementById('yaml').blur()")
        try key("s", code: "KeyS", virtualKey: 83)
        let lines = try expectTheSavedSessionReplaysThePagesTrace(playground)
        for line in ["key-command ⌘S save: (offered by 'editor'): performed by 'editor'",
                     "key-command ⌘B bold: (offered by 'editor'): performed by 'editor'", "deliver field pressesBegan"] {
            XCTAssertTrue(lines.contains(line), "\(line) in:\n\(lines.joined(separator: "\n"))")
        }
        let pressed = lines.filter { $0.hasPrefix("input  press ") }
        XCTAssertEqual(pressed, ["s", "s", "b", "b", "s", "s"].enumerated().map { #"input  press "\#($1)" \#($0 % 2 == 0 ? "began" : "ended")"# },
                       "⌘S, ⌘B and S, each down and up; nothing typed in the text box")
    }

    func testAPenDrawsWithThePencilOnlyRecognizerAndTheSavedSessionReplaysIt() throws {
        let playground = try Playground(scenario: "pencil-only-drawing.yaml")
        defer { playground.close() }
        let driver = playground.driver
        func pen(_ type: String, _ x: Double, _ y: Double, buttons: Int) throws {
            let point = try playground.client(x, y)
            try driver.cdp("Input.dispatchMouseEvent", ["type": type, "x": point.x, "y": point.y, "button": "left", "buttons": buttons,
                                                       "clickCount": 1, "pointerType": "pen", "force": 0.5, "tiltX": 30, "tiltY": 0])
            usleep(20_000)
        }
        try pen("mousePressed", 50, 50, buttons: 1)
        for step in 1...4 { try pen("mouseMoved", 50 + Double(step) * 15, 60, buttons: 1) }
        try pen("mouseReleased", 110, 60, buttons: 0)
        let lines = try expectTheSavedSessionReplaysThePagesTrace(playground)
        XCTAssertTrue(lines.contains { $0.hasPrefix("input  #1 pencil down (") }, "\(lines.joined(separator: "\n"))")
        XCTAssertTrue(lines.contains("gesture scroll not fed touch #1: touch type pencil is not allowed"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("gesture draw possible → began") })
    }
}
