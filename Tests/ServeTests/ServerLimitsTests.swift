import Foundation
import XCTest

/// The server's bounds, each reached on a real server on loopback: what a hostile or careless client
/// can do, and that the server keeps serving the other pages through it. Every wait is bounded.
final class ServerLimitsTests: XCTestCase {
    private func hello(_ client: WebSocketClient, id: Int = 1) throws -> Bool {
        try client.sendText(#"{"v": 1, "type": "hello", "id": \#(id)}"#)
        return try client.receive(type: "hello")?["id"] as? Int == id
    }

    private func json(_ payload: [UInt8]) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any]) ?? [:]
    }

    /// The number in an error reply such as "too many messages: 42 dropped …".
    private func count(in message: String, before word: String) -> Int {
        guard let range = message.range(of: #"\d+ \#(word)"#, options: .regularExpression) else { return 0 }
        return Int(message[range].prefix { $0.isNumber }) ?? 0
    }

    /// A scene of about `bytes` of text: thousands of small views.
    private func bigScene(_ bytes: Int) -> String {
        var text = "windows:\n  - name: window\n    frame: [0, 0, 320, 480]\n    subviews:\n"
        var i = 0
        while text.utf8.count < bytes {
            text += "      - { name: v\(i), frame: [\(i % 300), \(i % 400), 10, 10] }\n"
            i += 1
        }
        return text + "script: []\n"
    }

    private func load(_ yaml: String, id: Int) -> String {
        let object: [String: Any] = ["v": 1, "type": "load", "yaml": yaml, "name": "test.yaml", "id": id]
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    // MARK: Accepting

    func testAnAcceptErrorNeverStopsTheServerItShedsTheOldestIdleConnectionsAndServesOn() throws {
        // About ten descriptors left for connections: forty idle ones run the server out of them.
        let server = try ServerProcess(openFiles: 24)
        defer { server.interrupt() }
        var idle: [Int32] = []
        defer { idle.forEach { close($0) } }
        for _ in 0..<40 { idle.append(try connectToLoopback(port: server.port, timeout: 5)) }

        let page = try WebSocketClient(port: server.port)
        XCTAssertTrue(try hello(page), "a page is still served, session and all")
        XCTAssertTrue(server.isRunning)
        // The oldest idle connections were the ones closed to make room.
        var wait = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(idle[0], SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var byte: UInt8 = 0
        XCTAssertEqual(recv(idle[0], &byte, 1, 0), 0, "the oldest idle connection was closed")
        XCTAssertEqual(server.interrupt(), 0)
    }

    // MARK: What a page sends

    func testAFrameOverTheLimitIsRefusedByItsHeadersLengthBeforeItsPayloadIsRead() throws {
        let server = try ServerProcess()
        defer { server.interrupt() }
        let client = try WebSocketClient(port: server.port)
        XCTAssertTrue(try hello(client))
        let peakBefore = try XCTUnwrap(server.peakResidentBytes)

        // The header of a 100 MiB text frame, and not one byte of its payload yet: the refusal comes at once.
        let length = 100 << 20
        try client.sendRaw([0x81, 0x80 | 127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: length >> ($0 * 8)) } + [0, 0, 0, 0])
        let error = try XCTUnwrap(client.receive(type: "error"))
        XCTAssertEqual(error["message"] as? String, "message too large: 104857600 bytes (at most 262144)")

        // The payload is then read past, a chunk at a time, never kept; the connection goes on.
        let chunk = [UInt8](repeating: 0x20, count: 1 << 20)
        for _ in 0..<100 { try client.sendRaw(chunk) }
        try client.sendText(#"{"v": 1, "type": "ping", "id": 2}"#)
        XCTAssertEqual(try client.receive(type: "pong")?["id"] as? Int, 2)
        let growth = try XCTUnwrap(server.peakResidentBytes) - peakBefore
        XCTAssertLessThan(growth, 32 << 20, "the server's peak memory grew by \(growth >> 20) MiB for a 100 MiB frame")
    }

    func testPingFramesCountAgainstTheRateAndEveryDropIsReportedEvenAtTheEndOfABurst() throws {
        // 50 a second, 100 in a burst.
        let server = try ServerProcess(arguments: ["--rate", "50"])
        defer { server.interrupt() }
        let client = try WebSocketClient(port: server.port)
        func burst(_ count: Int) throws {
            var bytes: [UInt8] = []
            for i in 0..<count {
                bytes += i % 2 == 0 ? WebSocketClient.frame(opcode: 0x9, payload: [UInt8(i & 0x7F)])
                                    : Array(#"{"v": 1, "type": "ping"}"#.utf8).withFrame
            }
            try client.sendRaw(bytes)
        }
        // Two bursts half a second apart, and then nothing: the second one's drops come after the first
        // report, with no drop after them to trigger another.
        try burst(200)
        usleep(500_000)
        try burst(100)

        client.setReadTimeout(2.5)
        var answered = 0
        var dropped = 0
        var reports = 0
        while let (opcode, payload) = try client.readFrame() {
            if opcode == 0xA { answered += 1 }
            guard opcode == 0x1 else { continue }
            let message = json(payload)
            if message["type"] as? String == "pong" { answered += 1 }
            if let text = message["message"] as? String, text.hasPrefix("too many messages") {
                dropped += count(in: text, before: "dropped")
                reports += 1
            }
        }
        XCTAssertEqual(answered + dropped, 300, "each message is answered or counted in a report: \(answered) answered, \(dropped) reported dropped")
        XCTAssertGreaterThanOrEqual(dropped, 150, "pings count against the rate")
        XCTAssertGreaterThanOrEqual(reports, 2, "the drops of the second burst have a report of their own")
    }

    func testAPageThatDoesNotReadIsHeldBackAndEveryReplyDroppedForItIsReported() throws {
        let server = try ServerProcess(arguments: ["--rate", "1000000", "--reply-bytes", "65536", "--pause-bytes", "16384"])
        defer { server.interrupt() }
        // A page with a small window, which reads nothing for two seconds while it asks for 3,000 hellos
        // (each answered with the list of scenarios, about 1 KiB: 3 MiB in all).
        let client = try WebSocketClient(port: server.port, receiveBuffer: 16 * 1024)
        let sent = 3_000
        let hello = Array(#"{"v": 1, "type": "hello"}"#.utf8).withFrame
        // Sent from another thread, which waits while the server holds the page back.
        let (fd, bytes) = (client.fd, Array([[UInt8]](repeating: hello, count: sent).joined()))
        let sender = Thread { sendAll(fd, bytes) }
        sender.start()
        sleep(2)

        client.setReadTimeout(3)
        var answered = 0
        var dropped = 0
        while answered + dropped < sent, let (opcode, payload) = try client.readFrame() {
            guard opcode == 0x1 else { continue }
            let message = json(payload)
            if message["type"] as? String == "hello" { answered += 1 }
            if let text = message["message"] as? String, text.hasPrefix("the page fell behind") {
                dropped += count(in: text, before: "replies dropped")
            }
        }
        XCTAssertEqual(answered + dropped, sent, "each hello is answered or its reply reported dropped: \(answered) answered, \(dropped) dropped")
        XCTAssertGreaterThan(dropped, 0, "replies past 64 KiB were dropped")
        XCTAssertGreaterThan(answered, 0)
    }

    func testAPageThatSendsWithoutReadingIsHeldBackAtItsSocket() throws {
        let server = try ServerProcess()
        defer { server.interrupt() }
        let client = try WebSocketClient(port: server.port)
        // Each load of a 100 KiB scene is answered with its text and its layout, which the page never reads.
        let frame = Array(load(bigScene(100 * 1024), id: 1).utf8).withFrame
        var sent = 0
        var heldBack = false
        let deadline = Date(timeIntervalSinceNow: 30)
        while !heldBack, sent < 200 << 20, Date() < deadline {
            let n = client.sendWithoutWaiting(Array(frame[(sent % frame.count)...]))
            sent += n
            if n == 0 {
                // Blocked: held back if it stays so for two seconds.
                heldBack = (0..<20).allSatisfy { _ in usleep(100_000); return client.sendWithoutWaiting([]) == 0 && !socketWritable(client.fd) }
            }
        }
        XCTAssertTrue(heldBack, "the server read \(sent >> 20) MiB from a page that reads nothing")
        XCTAssertLessThan(sent, 100 << 20)
        let other = try WebSocketClient(port: server.port)
        XCTAssertTrue(try hello(other), "another page is served meanwhile")
    }

    // MARK: Idle sockets

    func testSocketsThatNeverSendAreClosedSoTheyCannotHoldThePageSlots() throws {
        let server = try ServerProcess(arguments: ["--idle-timeout", "1", "--request-timeout", "1"])
        defer { server.interrupt() }
        let silent = try (0..<16).map { _ in try WebSocketClient(port: server.port) }
        let seventeenth = try WebSocketClient(port: server.port)
        XCTAssertTrue((try seventeenth.receive(type: "error")?["message"] as? String ?? "").contains("too many pages"))
        let raw = try connectToLoopback(port: server.port, timeout: 5)
        defer { close(raw) }

        // A second or so later, each silent socket is closed (it reads its end), and so is the one that
        // never sent its request.
        for socket in silent { XCTAssertNil(try socket.readFrame().flatMap { $0.opcode == 0x8 ? nil : $0 }) }
        var byte: UInt8 = 0
        XCTAssertEqual(recv(raw, &byte, 1, 0), 0)
        let page = try WebSocketClient(port: server.port)
        XCTAssertTrue(try hello(page), "a page slot is free again")
    }

    // MARK: Work

    func testOnePagesHeavyWorkDoesNotStallAnotherAndLeavesNothingRunningWhenThePageLeaves() throws {
        let server = try ServerProcess()
        defer { server.interrupt() }
        var heavy: WebSocketClient? = try WebSocketClient(port: server.port)
        let load = Array(load(bigScene(200 * 1024), id: 1).utf8).withFrame
        try heavy?.sendRaw(load)
        XCTAssertNotNil(try heavy?.receive(type: "scene"))
        let heavySession = try XCTUnwrap(server.sessions.first)
        // As many more loads of about 4,500 views as the sockets take at once: seconds of work each few.
        _ = heavy?.sendWithoutWaiting(Array([[UInt8]](repeating: load, count: 30).joined()))

        let other = try WebSocketClient(port: server.port)
        let asked = Date()
        XCTAssertTrue(try hello(other))
        XCTAssertLessThan(Date().timeIntervalSince(asked), 1, "another page is answered while the heavy one works (its first message starts its session)")

        heavy = nil
        XCTAssertTrue(server.wait(atMost: 5) { !server.sessions.contains(heavySession) }, "the heavy page's session ends with it")
        try other.sendText(#"{"v": 1, "type": "ping", "id": 3}"#)
        XCTAssertEqual(try other.receive(type: "pong")?["id"] as? Int, 3)
        XCTAssertEqual(server.sessions.count, 1, "only the other page's session runs")
    }

    func testAMessageOverTheWorkBudgetStopsOnlyThatPagesSessionAndThePageGoesOn() throws {
        let server = try ServerProcess(arguments: ["--budget", "0.1"])
        defer { server.interrupt() }
        let page = try WebSocketClient(port: server.port)
        let other = try WebSocketClient(port: server.port)
        XCTAssertTrue(try hello(page))
        XCTAssertTrue(try hello(other))
        // Building about 5,000 views takes far more than 0.1 s of work.
        try page.sendText(load(bigScene(200 * 1024), id: 2))
        let stopped = try XCTUnwrap(page.receive(type: "error")?["message"] as? String)
        XCTAssertTrue(stopped.hasPrefix("this page's session was stopped: one message took more than 0.1 s of work"), stopped)
        XCTAssertTrue(try hello(other, id: 3), "the other page's session goes on")
        try page.sendText(#"{"v": 1, "type": "load", "scenario": "single-double-triple-tap.yaml", "id": 4}"#)
        XCTAssertEqual(try page.receive(type: "scene")?["id"] as? Int, 4, "the page goes on in a new session")
    }

    func testASessionOverItsMemoryLimitIsStoppedAndThePageTold() throws {
        // A limit no session fits in: each is stopped as soon as the watchdog looks.
        let server = try ServerProcess(arguments: ["--session-memory", "1048576"])
        defer { server.interrupt() }
        let page = try WebSocketClient(port: server.port)
        try page.sendText(#"{"v": 1, "type": "hello", "id": 1}"#)
        var told: String?
        for _ in 0..<3 where told == nil {
            guard let message = try page.receive(type: "error")?["message"] as? String else { break }
            if message.contains("it used more than 1 MiB") { told = message }
        }
        XCTAssertNotNil(told)
        XCTAssertTrue(server.wait(atMost: 5) { server.sessions.isEmpty })
        XCTAssertTrue(server.isRunning)
    }

    // MARK: Stopping

    func testAPageThatClosesItsSocketIsAnsweredAndLeavesNothingBehind() throws {
        let server = try ServerProcess()
        defer { server.interrupt() }
        let page = try WebSocketClient(port: server.port)
        XCTAssertTrue(try hello(page))
        let session = try XCTUnwrap(server.sessions.first)
        try page.sendFrame(opcode: 0x8, payload: [0x03, 0xE8])
        XCTAssertEqual(try page.readFrame()?.opcode, 0x8, "the close is answered with a close")
        XCTAssertNil(try page.readFrame(), "then the connection ends")
        XCTAssertTrue(server.wait(atMost: 5) { !server.sessions.contains(session) })
        XCTAssertEqual(server.stop(with: SIGTERM), 0, "nothing of the page is left to wait for")
    }

    func testSIGTERMStopsTheServerWithStatusZeroWhateverItIsDoing() throws {
        // Idle; with a page in a scene; with a page whose session is busy; with idle connections.
        for moment in 0..<4 {
            let server = try ServerProcess()
            var clients: [WebSocketClient] = []
            var raw: [Int32] = []
            defer { raw.forEach { close($0) } }
            switch moment {
            case 1:
                let page = try WebSocketClient(port: server.port)
                try page.sendText(#"{"v": 1, "type": "load", "scenario": "pan-over-swipe.yaml", "id": 1}"#)
                XCTAssertNotNil(try page.receive(type: "scene"))
                clients.append(page)
            case 2:
                let page = try WebSocketClient(port: server.port)
                _ = page.sendWithoutWaiting(Array([[UInt8]](repeating: Array(load(bigScene(200 * 1024), id: 1).utf8).withFrame, count: 10).joined()))
                XCTAssertTrue(server.wait(atMost: 5) { !server.sessions.isEmpty })
                clients.append(page)
            case 3:
                raw = try (0..<5).map { _ in try connectToLoopback(port: server.port, timeout: 5) }
            default: break
            }
            let sessions = server.sessions
            XCTAssertEqual(server.stop(with: SIGTERM), 0, "SIGTERM at moment \(moment)")
            XCTAssertTrue(server.wait(atMost: 5) { sessions.allSatisfy { kill($0, 0) != 0 } }, "its sessions end with it")
        }
    }
}

extension Array where Element == UInt8 {
    /// These bytes as a masked text frame.
    var withFrame: [UInt8] { WebSocketClient.frame(opcode: 0x1, payload: self) }
}

/// Writes every byte to `fd`, waiting as long as it takes (a thread of its own).
func sendAll(_ fd: Int32, _ bytes: [UInt8]) {
    var sent = 0
    while sent < bytes.count {
        let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard n > 0 else { return }
        sent += n
    }
}

/// Whether a send would not block now.
func socketWritable(_ fd: Int32) -> Bool {
    var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    return poll(&poller, 1, 0) == 1 && poller.revents & Int16(POLLOUT) != 0
}
