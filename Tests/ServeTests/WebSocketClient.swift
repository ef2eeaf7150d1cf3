import Foundation

/// A minimal WebSocket client over a loopback TCP socket, for tests: the handshake, masked frames out,
/// unmasked frames in. Every read has a deadline.
final class WebSocketClient {
    let fd: Int32
    private var buffer: [UInt8] = []
    /// Where the unread bytes of `buffer` begin.
    private var start = 0

    init(port: UInt16, path: String = "/socket", receiveBuffer: Int32? = nil) throws {
        fd = try connectToLoopback(port: port, timeout: 10, receiveBuffer: receiveBuffer)
        try write(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".utf8))
        let header = try readUntilBlankLine()
        guard header.hasPrefix("HTTP/1.1 101") else { throw ServerProcessError("no upgrade: \(header)") }
    }

    deinit { close(fd) }

    func sendText(_ text: String) throws { try sendFrame(opcode: 0x1, payload: Array(text.utf8)) }
    func sendBinary(_ bytes: [UInt8]) throws { try sendFrame(opcode: 0x2, payload: bytes) }

    func sendFrame(opcode: UInt8, payload: [UInt8]) throws {
        try write(Self.frame(opcode: opcode, payload: payload))
    }

    /// Bytes as they are, such as a frame's header without its payload.
    func sendRaw(_ bytes: [UInt8]) throws { try write(bytes) }

    /// Sends as much of `bytes` as the socket takes without waiting; returns how much that was.
    func sendWithoutWaiting(_ bytes: [UInt8]) -> Int {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            guard n > 0 else { break }
            sent += n
        }
        return sent
    }

    /// Reads give up after `seconds` (10 s unless set).
    func setReadTimeout(_ seconds: Double) {
        var wait = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    }

    /// A masked client frame.
    static func frame(opcode: UInt8, payload: [UInt8]) -> [UInt8] {
        var frame: [UInt8] = [0x80 | opcode]
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        if payload.count <= 125 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8((payload.count >> shift) & 0xFF)) }
        }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return frame
    }

    /// The next text message, or nil when the connection closes or nothing comes in time.
    func receiveText() throws -> String? {
        while true {
            guard let (opcode, payload) = try readFrame() else { return nil }
            switch opcode {
            case 0x1: return String(decoding: payload, as: UTF8.self)
            case 0x8: return nil
            default: continue
            }
        }
    }

    /// Messages until one whose JSON `type` is `type` (at most `limit` messages).
    func receive(type: String, limit: Int = 1000) throws -> [String: Any]? {
        for _ in 0..<limit {
            guard let text = try receiveText() else { return nil }
            if let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], object["type"] as? String == type {
                return object
            }
        }
        return nil
    }

    /// The next frame's opcode and payload, or nil when the connection closes or nothing comes in time.
    func readFrame() throws -> (opcode: UInt8, payload: [UInt8])? {
        guard let head = try read(2) else { return nil }
        let opcode = head[0] & 0x0F
        var length = Int(head[1] & 0x7F)
        if length == 126 {
            guard let bytes = try read(2) else { return nil }
            length = Int(bytes[0]) << 8 | Int(bytes[1])
        } else if length == 127 {
            guard let bytes = try read(8) else { return nil }
            length = bytes.reduce(0) { $0 << 8 | Int($1) }
        }
        guard let payload = try read(length) else { return nil }
        return (opcode, payload)
    }

    private func read(_ count: Int) throws -> [UInt8]? {
        while buffer.count - start < count {
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { return nil }
            buffer += chunk[0..<n]
        }
        let bytes = Array(buffer[start..<start + count])
        start += count
        return bytes
    }

    private func readUntilBlankLine() throws -> String {
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline {
            if let end = String(decoding: buffer, as: UTF8.self).range(of: "\r\n\r\n") {
                let header = String(String(decoding: buffer, as: UTF8.self)[..<end.upperBound])
                buffer.removeFirst(header.utf8.count)
                return header
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            buffer += chunk[0..<n]
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    private func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw ServerProcessError("send failed") }
            sent += n
        }
    }
}
