/// Reads a socket through one buffer of ``capacity`` bytes, kept for the connection's life: what a
/// request's head, a frame's header or a skipped payload costs in memory, whatever the peer sends, and
/// nothing is allocated per read. Bytes read past what was asked for stay for the next call (a request
/// pipelined after another, frames sent right after the upgrade).
struct ByteReader {
    /// The buffer's size: the most read from the socket at once, and more than a request's head.
    static let capacity = 64 * 1024

    let socket: PolledSocket
    private var buffer = [UInt8](repeating: 0, count: ByteReader.capacity)
    /// The unread bytes are `buffer[start..<end]`.
    private var start = 0
    private var end = 0

    init(_ socket: PolledSocket) {
        self.socket = socket
    }

    private var available: Int { end - start }

    /// Reads once more from the socket into the buffer's free space, after moving the unread bytes to
    /// its front. Throws at the end of the stream.
    private mutating func fill() async throws {
        if start > 0 {
            buffer.withUnsafeMutableBytes { bytes in
                bytes.baseAddress!.copyMemory(from: bytes.baseAddress! + start, byteCount: end - start)
            }
            end -= start
            start = 0
        }
        end += try await socket.read(into: &buffer, from: end)
    }

    /// Exactly `count` bytes; `count` may be larger than the buffer only for a payload its caller has
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

    /// Reads and forgets `count` bytes, a buffer at a time.
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
    /// more than `limit` bytes (less than ``capacity``) come without one.
    mutating func head(limit: Int) async throws -> [UInt8]? {
        var scanned = 0
        while true {
            if let found = blankLine(from: start + max(0, scanned - 3)) {
                guard found - start <= limit else { return nil }
                let head = Array(buffer[start..<found])
                start = found
                return head
            }
            scanned = available
            guard scanned <= limit else { return nil }
            try await fill()
        }
    }

    /// The index just past the first "\r\n\r\n" in the unread bytes at or after `from`.
    private func blankLine(from: Int) -> Int? {
        var i = max(from, start)
        while i + 3 < end {
            if buffer[i] == 13, buffer[i + 1] == 10, buffer[i + 2] == 13, buffer[i + 3] == 10 { return i + 4 }
            i += 1
        }
        return nil
    }
}
