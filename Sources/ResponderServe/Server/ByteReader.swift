import Foundation

/// Reads a socket through one buffer of at most ``chunk`` bytes: what a request's head, a frame's header
/// or a skipped payload costs in memory, whatever the peer sends. Bytes read past what was asked for
/// stay for the next call (a request pipelined after another, frames sent right after the upgrade).
struct ByteReader {
    /// The most read from the socket at once.
    static let chunk = 64 * 1024

    let socket: PolledSocket
    private var buffer: [UInt8] = []
    private var start = 0

    init(_ socket: PolledSocket) {
        self.socket = socket
    }

    private var available: Int { buffer.count - start }

    /// Reads once more from the socket, at most ``chunk`` bytes. Throws at the end of the stream.
    private mutating func fill() async throws {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer += try await socket.read(atMost: Self.chunk)
    }

    /// Exactly `count` bytes; `count` may be larger than a chunk only for a payload its caller has
    /// already bounded.
    mutating func bytes(_ count: Int) async throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            if available == 0 { try await fill() }
            let take = min(count - out.count, available)
            out += buffer[start..<start + take]
            start += take
        }
        return out
    }

    /// Reads and forgets `count` bytes, a chunk at a time.
    mutating func skip(_ count: UInt64) async throws {
        var left = count
        while left > 0 {
            if available == 0 { try await fill() }
            let take = Int(min(left, UInt64(available)))
            start += take
            left -= UInt64(take)
        }
    }

    /// The bytes up to and including the first blank line ("\r\n\r\n"): an HTTP request's head. Nil when
    /// more than `limit` bytes come without one.
    mutating func head(limit: Int) async throws -> [UInt8]? {
        var scanned = 0
        while true {
            let window = buffer[start...]
            if let end = Self.blankLine(in: window, from: start + max(0, scanned - 3)) {
                guard end - start <= limit else { return nil }
                let head = Array(buffer[start..<end])
                start = end
                return head
            }
            scanned = available
            guard scanned <= limit else { return nil }
            try await fill()
        }
    }

    /// The index just past the first "\r\n\r\n" at or after `from`.
    private static func blankLine(in bytes: ArraySlice<UInt8>, from: Int) -> Int? {
        var i = max(from, bytes.startIndex)
        while i + 3 < bytes.endIndex {
            if bytes[i] == 13, bytes[i + 1] == 10, bytes[i + 2] == 13, bytes[i + 3] == 10 { return i + 4 }
            i += 1
        }
        return nil
    }
}
