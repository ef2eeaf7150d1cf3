import Foundation

/// The WebSocket opening handshake (RFC 6455, section 4.2): checks a request's upgrade headers and
/// makes the `101 Switching Protocols` answer.
enum Handshake {
    /// The GUID RFC 6455 appends to the page's key.
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// The response's head, or what is wrong with the request (the reason sent with 400).
    static func response(to request: HTTPRequestHead) -> Result<String, HandshakeError> {
        guard request.method == "GET" else { return .failure(HandshakeError("a WebSocket opens with GET, not \(request.method)")) }
        guard request.headers["host"] != nil else { return .failure(HandshakeError("the Host header is missing")) }
        guard request.header("upgrade", contains: "websocket") else { return .failure(HandshakeError("the Upgrade header must be 'websocket'")) }
        guard request.header("connection", contains: "upgrade") else { return .failure(HandshakeError("the Connection header must include 'Upgrade'")) }
        guard let key = request.headers["sec-websocket-key"], Data(base64Encoded: key)?.count == 16 else {
            return .failure(HandshakeError("Sec-WebSocket-Key must be 16 bytes in base64"))
        }
        guard request.headers["sec-websocket-version"] == "13" else { return .failure(HandshakeError("Sec-WebSocket-Version must be 13")) }
        return .success("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        + "Sec-WebSocket-Accept: \(accept(key))\r\n\r\n")
    }

    /// The `Sec-WebSocket-Accept` value for a page's key.
    static func accept(_ key: String) -> String {
        Data(SHA1.digest(Array((key + guid).utf8))).base64EncodedString()
    }
}

struct HandshakeError: Error, Equatable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
