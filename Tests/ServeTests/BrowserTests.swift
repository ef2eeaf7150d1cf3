import Foundation
import ResponderLab
import XCTest

/// The playground in a real headless Chromium, driven through chromedriver (WebDriver), with real touch,
/// mouse and key events sent as DevTools commands. Skipped when Chromium or chromedriver is missing,
/// unless RESPONDERKIT_BROWSER_TEST=required (CI sets it), which makes their absence a failure. They
/// take seconds each, so a plain `swift test` skips them; they run with RESPONDERKIT_BROWSER_TEST=required
/// or RESPONDERKIT_LONG_TESTS=1.
/// The page's own behaviours (labels, touches, the timeline, the saved pane) are tested in
/// BrowserPageTests.swift, and its screenshot for the docs is taken there.
final class BrowserTests: XCTestCase {
    static let required = ProcessInfo.processInfo.environment["RESPONDERKIT_BROWSER_TEST"] == "required"

    static func tool(_ names: [String]) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") + ["/usr/bin", "/usr/lib/chromium"] {
            for name in names {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    /// The server and a browser showing the playground with one bundled scenario loaded; `close()` stops
    /// both. Without Chromium or chromedriver it throws a skip, or, when they are required, an error
    /// that fails the test.
    struct Playground {
        struct Missing: Error, CustomStringConvertible { let description: String }
        let server: ServerProcess
        let driver: WebDriver

        init(scenario: String) throws {
            guard BrowserTests.required || ProcessInfo.processInfo.environment["RESPONDERKIT_LONG_TESTS"] == "1" else {
                throw XCTSkip("the browser tests run with RESPONDERKIT_LONG_TESTS=1 (CI runs them)")
            }
            guard let chromium = BrowserTests.tool(["chromium", "chromium-browser", "google-chrome"]),
                  let driverPath = BrowserTests.tool(["chromedriver"]) else {
                let message = "Chromium or chromedriver is not installed (apt-get install chromium chromium-driver): the browser test does not run"
                if BrowserTests.required { throw Missing(description: message + ", and RESPONDERKIT_BROWSER_TEST=required") }
                throw XCTSkip(message)
            }
            server = try ServerProcess()
            do {
                driver = try WebDriver(chromedriver: driverPath, chromium: chromium)
            } catch {
                server.interrupt()
                throw error
            }
            do {
                try driver.open(server.url.appendingPathComponent("").absoluteString + "?scenario=\(scenario)")
                try driver.waitUntil("loads the scene") {
                    try driver.script("return window.playground && window.playground.scene && window.playground.scene.file") as? String == scenario
                }
            } catch {
                close()
                throw error
            }
        }

        func close() {
            driver.quit()
            server.interrupt()
        }

        /// Where the scene's point (x, y) is in the window.
        func client(_ x: Double, _ y: Double) throws -> (x: Double, y: Double) {
            let point = try XCTUnwrap(driver.script("return window.playground.clientPoint(\(x), \(y))") as? [Double])
            return (point[0], point[1])
        }

        /// A mouse press and release at a window point.
        func click(atClient point: (x: Double, y: Double)) throws {
            try driver.cdp("Input.dispatchMouseEvent", ["type": "mousePressed", "x": point.x, "y": point.y, "button": "left", "buttons": 1, "clickCount": 1])
            usleep(30_000)
            try driver.cdp("Input.dispatchMouseEvent", ["type": "mouseReleased", "x": point.x, "y": point.y, "button": "left", "buttons": 0, "clickCount": 1])
        }

        /// A tap with the mouse at the scene's point (x, y).
        func tap(_ x: Double, _ y: Double) throws { try click(atClient: try client(x, y)) }

        /// The middle of the first element `selector` finds, in the window.
        func center(of selector: String) throws -> (x: Double, y: Double) {
            let box = try XCTUnwrap(driver.script("const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]", selector) as? [Double], selector)
            return (box[0], box[1])
        }

        /// Waits until the trace has been still for 0.7 s (timers included).
        func waitForTheTraceToSettle() throws {
            var count = -1
            try driver.waitUntil("the trace settles", timeout: 15) {
                let now = try driver.script("return window.playground.traceLines.length") as? Int ?? 0
                defer { count = now }
                usleep(700_000)
                return now == count && now > 0
            }
        }
    }

    func testThePageTracesAPinchADoubleTapAMouseDragAndAKeyAsResponderRunDoes() throws {
        let playground = try Playground(scenario: "pinch-and-rotate.yaml")
        defer { playground.close() }
        let driver = playground.driver
        let origin = try playground.client(0, 0)
        let (left, top) = (origin.x, origin.y)
        func point(_ x: Double, _ y: Double, id: Int) -> [String: Any] { ["x": left + x, "y": top + y, "id": id, "radiusX": 1, "radiusY": 1, "force": 1] }

        try driver.cdp("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 10])
        // A two-finger pinch, spreading from 80 to 200 points.
        try driver.cdp("Input.dispatchTouchEvent", ["type": "touchStart", "touchPoints": [point(120, 240, id: 1), point(200, 240, id: 2)]])
        for step in 1...8 {
            usleep(16_000)
            let d = Double(step) * 7.5
            try driver.cdp("Input.dispatchTouchEvent", ["type": "touchMove", "touchPoints": [point(120 - d, 240, id: 1), point(200 + d, 240, id: 2)]])
        }
        try driver.cdp("Input.dispatchTouchEvent", ["type": "touchEnd", "touchPoints": []])
        usleep(300_000)
        // A double tap.
        for _ in 0..<2 {
            try driver.cdp("Input.dispatchTouchEvent", ["type": "touchStart", "touchPoints": [point(160, 100, id: 3)]])
            usleep(30_000)
            try driver.cdp("Input.dispatchTouchEvent", ["type": "touchEnd", "touchPoints": []])
            usleep(80_000)
        }
        usleep(300_000)
        // A mouse drag.
        try driver.cdp("Input.dispatchMouseEvent", ["type": "mousePressed", "x": left + 60, "y": top + 300, "button": "left", "buttons": 1, "clickCount": 1])
        for step in 1...5 {
            usleep(16_000)
            try driver.cdp("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": left + 60 + Double(step) * 20, "y": top + 300, "button": "left", "buttons": 1])
        }
        try driver.cdp("Input.dispatchMouseEvent", ["type": "mouseReleased", "x": left + 160, "y": top + 300, "button": "left", "buttons": 0, "clickCount": 1])
        usleep(100_000)
        // A key press: the up arrow, as a press.
        try driver.cdp("Input.dispatchKeyEvent", ["type": "rawKeyDown", "key": "ArrowUp", "code": "ArrowUp", "windowsVirtualKeyCode": 38])
        usleep(50_000)
        try driver.cdp("Input.dispatchKeyEvent", ["type": "keyUp", "key": "ArrowUp", "code": "ArrowUp", "windowsVirtualKeyCode": 38])

        // Wait for the trace to settle (timers included), then save the session as a scenario.
        try playground.waitForTheTraceToSettle()
        let saved = try XCTUnwrap(driver.asyncScript("window.playground.save().then(m => done(m && m.yaml))") as? String, "the page saved no scenario")
        let pageLines = try XCTUnwrap(driver.script("return window.playground.traceLines.map(l => l.category + ' ' + l.subject + ' ' + l.detail)") as? [String])
        let pageLanes = try XCTUnwrap(driver.asyncScript("window.playground.timeline().then(m => done(m.lanes.map(l => l.kind + ' ' + l.name)))") as? [String])
        let errors = try driver.script("return window.playground.errors") as? [String] ?? []
        XCTAssertEqual(errors, [], "the server refused some of the page's input")

        // What the page did, by kind of input.
        XCTAssertTrue(pageLines.contains { $0.hasPrefix("gesture pinch possible → began") }, "the pinch began: \(pageLines.joined(separator: "\n"))")
        XCTAssertTrue(pageLines.contains { $0.contains("tapCount 2") }, "a double tap")
        XCTAssertTrue(pageLines.contains { $0.hasPrefix("input") && $0.contains("press") || $0.contains("upArrow") }, "a key press")
        XCTAssertTrue(saved.contains("press: {type: up-arrow, phase: down}"), saved)

        // responder run on the saved file: it matches its expect: block, and traces what the page showed.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("browser-recorded-\(UUID().uuidString).yaml").path
        try saved.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (code, runLines) = MainActor.assumeIsolated { () -> (Int32, [String]) in
            var out: [String] = []
            let code = Lab.run([path], format: .json, out: { out.append($0) }, err: { _ in })
            return (code, out.compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]).map { "\($0["category"] ?? "") \($0["subject"] ?? "") \($0["detail"] ?? "")" }
            })
        }
        XCTAssertEqual(code, 0)
        XCTAssertEqual(pageLines, runLines, "the page's trace is responder run's")
        let runLanes = MainActor.assumeIsolated { try? PlaygroundSession.timelineLanes(ofScenario: saved, file: path).get() }
        XCTAssertEqual(pageLanes, runLanes?.map { "\($0.kind) \($0.name)" }, "the page's timeline lanes are responder draw --timeline's")
        for kind in ["touch", "recognizer", "view"] { XCTAssertTrue(pageLanes.contains { $0.hasPrefix(kind + " ") }, "a \(kind) lane") }
    }
}

extension BrowserTests {
    func testThePageDrawsAScrollViewsContentWhereItsOffsetPutsItClippedToTheScrollView() throws {
        let playground = try Playground(scenario: "scroll-button-in-list.yaml")
        defer { playground.close() }
        let driver = playground.driver
        let top = { () throws -> Double in
            let points = try driver.script("return document.querySelector('polygon[data-name=\"buy\"]').getAttribute('points')") as? String ?? ""
            return Double(points.split(separator: " ").first?.split(separator: ",").last ?? "") ?? .nan
        }
        XCTAssertEqual(try top(), 100)
        XCTAssertEqual(try driver.script("return !!document.querySelector('polygon[data-name=\"buy\"]').closest('g[clip-path]')") as? Bool, true,
                       "the list's content is drawn inside a clipping group")
        let origin = try playground.client(0, 0)
        let box = [origin.x, origin.y]
        // A mouse flick upward on the list, below the button.
        try driver.cdp("Input.dispatchMouseEvent", ["type": "mousePressed", "x": box[0] + 100, "y": box[1] + 400, "button": "left", "buttons": 1, "clickCount": 1])
        for step in 1...6 {
            usleep(16_000)
            try driver.cdp("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": box[0] + 100, "y": box[1] + 400 - Double(step) * 30, "button": "left", "buttons": 1])
        }
        try driver.cdp("Input.dispatchMouseEvent", ["type": "mouseReleased", "x": box[0] + 100, "y": box[1] + 220, "button": "left", "buttons": 0, "clickCount": 1])
        var moved: [Double] = []
        try driver.waitUntil("the button is drawn higher as the list scrolls and decelerates", timeout: 5) {
            moved.append(try top())
            usleep(50_000)
            return moved.count >= 4 && moved.suffix(2).allSatisfy { $0 < 100 - 180 } && moved[moved.count - 1] < moved[moved.count - 3]
        }
        let errors = try driver.script("return window.playground.errors") as? [String] ?? []
        XCTAssertEqual(errors, [], "the server refused some of the page's input")
    }

    func testThePageShadesARowWhileItIsHighlightedAndOnceItIsSelected() throws {
        let playground = try Playground(scenario: "table-button-highlights-late.yaml")
        defer { playground.close() }
        let driver = playground.driver
        let classOfRow3 = { () throws -> String in
            try driver.script("return document.querySelector('polygon[data-name=\"list.3\"]').getAttribute('class')") as? String ?? ""
        }
        XCTAssertEqual(try classOfRow3(), "view")
        let origin = try playground.client(0, 0)
        // The mouse held on row 3 of 'list', away from its button: highlighted once the table lets the
        // touch through (0.15 s), then selected when it lifts.
        try driver.cdp("Input.dispatchMouseEvent", ["type": "mousePressed", "x": origin.x + 40, "y": origin.y + 154, "button": "left", "buttons": 1, "clickCount": 1])
        try driver.waitUntil("row 3 is shaded as highlighted", timeout: 5) { try classOfRow3() == "view highlighted" }
        try driver.cdp("Input.dispatchMouseEvent", ["type": "mouseReleased", "x": origin.x + 40, "y": origin.y + 154, "button": "left", "buttons": 0, "clickCount": 1])
        try driver.waitUntil("row 3 is shaded as selected", timeout: 5) { try classOfRow3() == "view selected" }
        let label = try driver.script("return [...document.querySelectorAll('g.view-label[data-name=\"list.3\"] text')].map((t) => t.textContent).join(' ')") as? String ?? ""
        XCTAssertTrue(label.contains("selected"), label)
    }
}

/// The few WebDriver calls the test makes, over chromedriver's HTTP API; every call and wait is bounded.
final class WebDriver {
    private let process = Process()
    private let base: URL
    private var session = ""

    init(chromedriver: String, chromium: String) throws {
        let port = Self.freePort()
        base = URL(string: "http://127.0.0.1:\(port)")!
        process.executableURL = URL(fileURLWithPath: chromedriver)
        process.arguments = ["--port=\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date(timeIntervalSinceNow: 15)
        while Date() < deadline {
            if let status = try? call("GET", "/status", nil, timeout: 2) as? [String: Any], status["ready"] as? Bool == true { break }
            usleep(100_000)
        }
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": ["browserName": "chrome", "goog:chromeOptions": [
            "binary": chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1500", "--touch-events=enabled"],
        ]]]]
        let value = try call("POST", "/session", capabilities, timeout: 60)
        guard let id = (value as? [String: Any])?["sessionId"] as? String else { throw ServerProcessError("chromedriver gave no session: \(String(describing: value))") }
        session = id
    }

    func open(_ url: String) throws { _ = try call("POST", "/session/\(session)/url", ["url": url]) }

    /// Runs `body` in the page; `arguments[0]`… are `arguments`.
    @discardableResult
    func script(_ body: String, _ arguments: Any...) throws -> Any? {
        try call("POST", "/session/\(session)/execute/sync", ["script": body, "args": arguments])
    }

    /// Runs `body` with `done` bound to the WebDriver callback; `arguments[0]`… are `arguments`.
    func asyncScript(_ body: String, _ arguments: Any...) throws -> Any? {
        try call("POST", "/session/\(session)/execute/async", ["script": "const done = arguments[arguments.length - 1]; " + body, "args": arguments])
    }

    func cdp(_ command: String, _ parameters: [String: Any]) throws {
        _ = try call("POST", "/session/\(session)/goog/cdp/execute", ["cmd": command, "params": parameters])
    }

    func screenshot() throws -> Data {
        guard let text = try call("GET", "/session/\(session)/screenshot", nil) as? String, let data = Data(base64Encoded: text) else {
            throw ServerProcessError("no screenshot")
        }
        return data
    }

    func waitUntil(_ what: String, timeout: TimeInterval = 10, _ condition: () throws -> Bool) throws {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            if try condition() { return }
            usleep(100_000)
        }
        throw ServerProcessError("the page did not \(what) within \(timeout) s")
    }

    func quit() {
        if !session.isEmpty { _ = try? call("DELETE", "/session/\(session)", nil, timeout: 10) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// One WebDriver command over a plain HTTP/1.1 connection to chromedriver; returns its `value`.
    private func call(_ method: String, _ path: String, _ body: [String: Any]?, timeout: TimeInterval = 20) throws -> Any? {
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let response = try HTTP.request(port: UInt16(base.port ?? 0), method: method, path: path, body: payload, timeout: timeout)
        guard let object = try JSONSerialization.jsonObject(with: response) as? [String: Any] else { return nil }
        if let value = object["value"] as? [String: Any], let error = value["error"] as? String {
            throw ServerProcessError("\(method) \(path): \(error): \(value["message"] ?? "")")
        }
        return object["value"]
    }

    static func freePort() -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return UInt16(bigEndian: address.sin_port)
    }
}

/// A minimal HTTP/1.1 client for loopback servers in tests: one request per connection, the body read
/// to the end (Connection: close), every read bounded by `timeout`.
enum HTTP {
    static func request(port: UInt16, method: String, path: String, body: Data = Data(), timeout: TimeInterval) throws -> Data {
        let fd = try connectToLoopback(port: port, timeout: Int(timeout))
        defer { close(fd) }
        var request = Data("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n".utf8)
        request += Data("Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
        try request.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let n = send(fd, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                guard n > 0 else { throw ServerProcessError("\(method) \(path): send failed") }
                sent += n
            }
        }
        var response = Data()
        let deadline = Date(timeIntervalSinceNow: timeout)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        // Until the body is complete: the server may keep the connection open.
        while Date() < deadline, !complete(response) {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            response.append(contentsOf: chunk[0..<n])
        }
        guard let split = response.range(of: Data("\r\n\r\n".utf8)) else { throw ServerProcessError("\(method) \(path): no answer in \(timeout) s") }
        let header = String(decoding: response[..<split.lowerBound], as: UTF8.self).lowercased()
        var content = Data(response[split.upperBound...])
        if header.contains("transfer-encoding: chunked") { content = dechunk(content) }
        return content
    }

    private static func complete(_ response: Data) -> Bool {
        guard let split = response.range(of: Data("\r\n\r\n".utf8)) else { return false }
        let header = String(decoding: response[..<split.lowerBound], as: UTF8.self).lowercased()
        let body = response[split.upperBound...]
        if let line = header.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
           let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) {
            return body.count >= length
        }
        if header.contains("transfer-encoding: chunked") { return body.range(of: Data("\r\n0\r\n\r\n".utf8)) != nil || body.starts(with: Data("0\r\n\r\n".utf8)) }
        return false
    }

    private static func dechunk(_ data: Data) -> Data {
        var out = Data()
        var rest = data[...]
        while let line = rest.range(of: Data("\r\n".utf8)),
              let size = Int(String(decoding: rest[..<line.lowerBound], as: UTF8.self).trimmingCharacters(in: .whitespaces), radix: 16), size > 0 {
            let start = line.upperBound
            guard rest.distance(from: start, to: rest.endIndex) >= size else { break }
            let end = rest.index(start, offsetBy: size)
            out += rest[start..<end]
            rest = rest[rest.index(end, offsetBy: min(2, rest.distance(from: end, to: rest.endIndex)))...]
        }
        return out
    }
}
