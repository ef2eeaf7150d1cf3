import Foundation
@testable import ResponderServe
import XCTest

/// The server's parts that need no socket: the handshake's hash, a request's head, the reply queue.
final class ServerPartsTests: XCTestCase {
    func testSHA1GivesTheStandardsDigests() {
        func hex(_ text: String) -> String { SHA1.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }
        XCTAssertEqual(hex(""), "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        XCTAssertEqual(hex("abc"), "a9993e364706816aba3e25717850c26c9cd0d89d")
        XCTAssertEqual(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"), "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        XCTAssertEqual(hex(String(repeating: "a", count: 1_000)), "291e9a6c66994949b57ba5e650361e98fc36b1ba")
    }

    func testTheHandshakeAnswersRFC6455sExampleKey() throws {
        XCTAssertEqual(Handshake.accept("dGhlIHNhbXBsZSBub25jZQ=="), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        let head = try XCTUnwrap(HTTPRequestHead(Array("GET /socket HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: keep-alive, Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".utf8)))
        XCTAssertTrue(try Handshake.response(to: head).get().contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"))
        var old = head
        old.headers["sec-websocket-version"] = "8"
        XCTAssertEqual(Handshake.response(to: old), .failure(HandshakeError("Sec-WebSocket-Version must be 13")))
    }

    func testARequestsHeadIsReadWithItsPathHeadersAndWhetherItStaysOpen() throws {
        let head = try XCTUnwrap(HTTPRequestHead(Array("GET /app.js?v=2 HTTP/1.1\r\nHost: x\r\nAccept: a\r\nAccept: b\r\n\r\n".utf8)))
        XCTAssertEqual(head.path, "/app.js")
        XCTAssertEqual(head.headers["accept"], "a, b")
        XCTAssertTrue(head.keepsAlive)
        XCTAssertFalse(head.hasBody)
        XCTAssertFalse(try XCTUnwrap(HTTPRequestHead(Array("GET / HTTP/1.0\r\n\r\n".utf8))).keepsAlive)
        XCTAssertTrue(try XCTUnwrap(HTTPRequestHead(Array("GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n".utf8))).hasBody)
        XCTAssertNil(HTTPRequestHead(Array("GET /\r\n\r\n".utf8)))
        XCTAssertNil(HTTPRequestHead(Array("GET / HTTP/1.1\r\nno colon\r\n\r\n".utf8)))
    }

    func testTheReplyQueueDropsTheOldestRepliesToStayWithinItsCapacityAndCountsThem() {
        var queue = ReplyQueue(capacity: 10)
        queue.push(Data(count: 4))
        queue.push(Data(count: 4), droppable: false)
        queue.push(Data(count: 4))
        XCTAssertEqual(queue.bytes, 8, "the oldest reply made room")
        XCTAssertEqual(queue.unreported, 1)
        queue.push(Data(count: 30))
        XCTAssertEqual(queue.bytes, 34, "a reply larger than the capacity waits alone, with the close frame, which is never dropped")
        XCTAssertEqual(queue.takeUnreported(), 2)
        XCTAssertEqual(queue.unreported, 0)
        XCTAssertEqual(queue.pop()?.count, 4)
        XCTAssertEqual(queue.pop()?.count, 30)
        XCTAssertNil(queue.pop())
        XCTAssertEqual(queue.bytes, 0)
        XCTAssertTrue(queue.isEmpty)
    }
}
