import Foundation
import XCTest

/// The page's files are package resources, served by the real server as they are in
/// `Sources/ResponderServe/Page/`; other requests get a plain answer and the connection's limits.
final class PageFilesTests: XCTestCase {
    private static let pageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/ResponderServe/Page")

    /// Sends `request` on a new connection and reads the whole answer (the server closes it).
    private func exchange(_ port: UInt16, _ request: String) throws -> (status: Int, headers: String, body: Data) {
        let fd = try connectToLoopback(port: port, timeout: 10)
        defer { close(fd) }
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var answer = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            answer.append(contentsOf: chunk[0..<n])
        }
        guard let end = answer.range(of: Data("\r\n\r\n".utf8)) else { throw ServerProcessError("no HTTP answer: \(answer)") }
        let head = String(decoding: answer[..<end.lowerBound], as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, head, answer[end.upperBound...])
    }

    private func get(_ port: UInt16, _ path: String, method: String = "GET") throws -> (status: Int, headers: String, body: Data) {
        try exchange(port, "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    }

    func testThePageItsStyleAndItsScriptAreServedAsTheyAreInTheirFiles() throws {
        let server = try ServerProcess()
        defer { server.interrupt() }
        let files = [("/", "index.html", "text/html"), ("/index.html", "index.html", "text/html"),
                     ("/style.css", "style.css", "text/css"), ("/app.js", "app.js", "text/javascript"),
                     ("/labels.js", "labels.js", "text/javascript"), ("/timeline.js", "timeline.js", "text/javascript")]
        for (path, file, type) in files {
            let answer = try get(server.port, path)
            XCTAssertEqual(answer.status, 200, path)
            XCTAssertTrue(answer.headers.contains("Content-Type: \(type); charset=utf-8"), answer.headers)
            XCTAssertEqual(answer.body, try Data(contentsOf: Self.pageFolder.appendingPathComponent(file)), "\(path) is \(file)")
        }
        let head = try get(server.port, "/app.js", method: "HEAD")
        XCTAssertEqual(head.status, 200)
        XCTAssertTrue(head.body.isEmpty, "HEAD has no body")
    }

    func testOtherRequestsGetAPlainAnswerAndTheServerGoesOn() throws {
        let server = try ServerProcess()
        defer { server.interrupt() }
        let missing = try get(server.port, "/nowhere")
        XCTAssertEqual(missing.status, 404)
        XCTAssertEqual(String(decoding: missing.body, as: UTF8.self), "/nowhere: not here; the playground is at /\n")
        XCTAssertEqual(try get(server.port, "/", method: "POST").status, 405)
        XCTAssertEqual(try exchange(server.port, "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello").status, 400)
        XCTAssertEqual(try exchange(server.port, "nonsense\r\n\r\n").status, 400)
        XCTAssertEqual(try exchange(server.port, "GET / HTTP/1.1\r\nX: " + String(repeating: "y", count: 9_000) + "\r\n\r\n").status, 431)
        let socket = try exchange(server.port, "GET /socket HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(socket.status, 400)
        XCTAssertEqual(String(decoding: socket.body, as: UTF8.self), "the Upgrade header must be 'websocket'\n")
        XCTAssertEqual(try get(server.port, "/").status, 200)
    }
}
