import Foundation

/// A WebSocket frame's header (RFC 6455, section 5.2), read before its payload: the server decides
/// from it alone whether to read the payload, skip it, or end the connection.
struct FrameHeader: Equatable {
    enum Opcode: UInt8 {
        case continuation = 0x0, text = 0x1, binary = 0x2, close = 0x8, ping = 0x9, pong = 0xA

        var isControl: Bool { rawValue & 0x8 != 0 }
    }

    /// The largest control frame's payload (RFC 6455, section 5.5).
    static let maximumControlPayload: UInt64 = 125

    var fin: Bool
    var opcode: Opcode
    /// The payload's length, as the header says: nothing of it is read yet.
    var length: UInt64
    /// The client's masking key (every frame from a page is masked).
    var mask: [UInt8]

    /// Reads a header from a page, or says why the connection must end (a protocol error, 1002).
    static func read(from reader: inout ByteReader) async throws -> Result<FrameHeader, FrameError> {
        let head = try await reader.bytes(2)
        guard head[0] & 0x70 == 0 else { return .failure(FrameError("reserved bits set: no extension was agreed")) }
        guard let opcode = Opcode(rawValue: head[0] & 0x0F) else { return .failure(FrameError("unknown opcode \(head[0] & 0x0F)")) }
        guard head[1] & 0x80 != 0 else { return .failure(FrameError("a frame from a page must be masked")) }
        var length = UInt64(head[1] & 0x7F)
        if length == 126 {
            length = try await reader.bytes(2).reduce(0) { $0 << 8 | UInt64($1) }
        } else if length == 127 {
            length = try await reader.bytes(8).reduce(0) { $0 << 8 | UInt64($1) }
            guard length >> 63 == 0 else { return .failure(FrameError("a length's top bit must be 0")) }
        }
        let fin = head[0] & 0x80 != 0
        if opcode.isControl {
            guard fin else { return .failure(FrameError("a control frame cannot be fragmented")) }
            guard length <= maximumControlPayload else { return .failure(FrameError("a control frame carries at most 125 bytes, not \(length)")) }
        }
        return .success(FrameHeader(fin: fin, opcode: opcode, length: length, mask: try await reader.bytes(4)))
    }

    /// The payload read and unmasked; its length must have been bounded by the caller.
    func payload(from reader: inout ByteReader) async throws -> [UInt8] {
        var bytes = try await reader.bytes(Int(length))
        for i in bytes.indices { bytes[i] ^= mask[i & 3] }
        return bytes
    }
}

/// Why a page's frames end its connection.
struct FrameError: Error, Equatable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

/// Frames the server sends: whole (never fragmented, never masked).
enum ServerFrame {
    static func text(_ text: String) -> Data { frame(.text, Data(text.utf8)) }
    static func pong(_ payload: [UInt8]) -> Data { frame(.pong, Data(payload)) }

    /// A close frame with its status code (1000 normal, 1001 going away, 1002 protocol error, 1008
    /// policy) and a short reason.
    static func close(_ code: UInt16, _ reason: String) -> Data {
        frame(.close, Data([UInt8(code >> 8), UInt8(code & 0xFF)]) + Data(reason.utf8.prefix(123)))
    }

    static func frame(_ opcode: FrameHeader.Opcode, _ payload: Data) -> Data {
        var frame = Data([0x80 | opcode.rawValue])
        let count = payload.count
        if count <= 125 {
            frame.append(UInt8(count))
        } else if count <= 0xFFFF {
            frame += [126, UInt8(count >> 8), UInt8(count & 0xFF)]
        } else {
            frame.append(127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8(truncatingIfNeeded: count >> shift)) }
        }
        return frame + payload
    }
}
