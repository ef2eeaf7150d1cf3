import Foundation
import XCTest

/// The real server on a loopback socket: bad messages get error replies and it keeps serving; Ctrl-C
/// stops it cleanly.
final class ServerSocketTests: XCTestCase {
    func testTheServerAnswersEveryBadMessageWithAnErrorAndKeepsServing() throws {
        let server = try ServerProcess()
        defer { server.interrupt() }
        let client = try WebSocketClient(port: server.port)

        let bad: [(String, String)] = [
            ("not json", "not a JSON object"),
            ("[1, 2]", "not a JSON object"),
            (#"{"type": "hello"}"#, "missing 'v'"),
            (#"{"v": 2, "type": "hello"}"#, "protocol version 2"),
            (#"{"v": 1, "type": "dance"}"#, "unknown type 'dance'"),
            (#"{"v": 1, "type": "input", "t": 0, "touches": [{"id": 1, "phase": "began", "x": 1, "y": 1}]}"#, "no scene yet"),
            (#"{"v": 1, "type": "load", "scenario": "../../etc/passwd"}"#, "no scenario named"),
            (String(repeating: "x", count: 300_000), "message too large"),
        ]
        for (message, expected) in bad {
            try client.sendText(message)
            let reply = try XCTUnwrap(client.receive(type: "error"), "no reply to \(message.prefix(40))")
            XCTAssertTrue((reply["message"] as? String ?? "").contains(expected), "\(reply) for \(message.prefix(40))")
        }
        try client.sendBinary([1, 2, 3])
        XCTAssertTrue((try client.receive(type: "error")?["message"] as? String ?? "").contains("binary"))

        // A scene that does not build is reported with line and column; then a good one loads.
        try client.sendText(#"{"v": 1, "type": "load", "yaml": "windows: [{name: w, frame: [0, 0, 10]}]\nscript: []", "name": "bad.yaml"}"#)
        let problems = try XCTUnwrap(client.receive(type: "problems"))
        let first = try XCTUnwrap((problems["problems"] as? [[String: Any]])?.first)
        XCTAssertEqual(first["line"] as? Int, 1)
        XCTAssertNotNil(first["column"] as? Int)

        try client.sendText(#"{"v": 1, "type": "load", "scenario": "single-double-triple-tap.yaml", "id": 5}"#)
        let scene = try XCTUnwrap(client.receive(type: "scene"))
        XCTAssertEqual(scene["id"] as? Int, 5)
        XCTAssertEqual(scene["file"] as? String, "single-double-triple-tap.yaml")

        // Out of order: time going back, a finger that is not down.
        try client.sendText(#"{"v": 1, "type": "input", "t": 5, "touches": [{"id": 1, "phase": "began", "x": 100, "y": 100}]}"#)
        try client.sendText(#"{"v": 1, "type": "input", "t": 4, "touches": [{"id": 1, "phase": "ended", "x": 100, "y": 100}]}"#)
        XCTAssertTrue((try client.receive(type: "error")?["message"] as? String ?? "").contains("went back"))
        try client.sendText(#"{"v": 1, "type": "input", "t": 6, "touches": [{"id": 2, "phase": "moved", "x": 100, "y": 100}]}"#)
        XCTAssertTrue((try client.receive(type: "error")?["message"] as? String ?? "").contains("is not down"))

        // Still serving.
        try client.sendText(#"{"v": 1, "type": "ping", "id": 99}"#)
        XCTAssertEqual(try client.receive(type: "pong")?["id"] as? Int, 99)

        XCTAssertEqual(server.interrupt(), 0, "Ctrl-C stops the server cleanly")
    }

    func testAFloodOfMessagesIsCutAtTheRateLimitAndTheServerGoesOn() throws {
        let server = try ServerProcess(arguments: ["--rate", "50"])
        defer { server.interrupt() }
        let client = try WebSocketClient(port: server.port)
        for _ in 0..<300 { try client.sendText(#"{"v": 1, "type": "hello", "id": 1}"#) }
        let error = try XCTUnwrap(client.receive(type: "error", limit: 10_000))
        XCTAssertTrue((error["message"] as? String ?? "").contains("too many messages"), "\(error)")
        sleep(1)
        try client.sendText(#"{"v": 1, "type": "ping", "id": 7}"#)
        XCTAssertEqual(try client.receive(type: "pong", limit: 10_000)?["id"] as? Int, 7)
    }
}
