import FlyingSocks
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A non-blocking socket whose reads and writes wait in the server's socket pool (FlyingSocks' epoll
/// queue) when they would block. It is also what the server talks to a session process through.
///
/// ``shutDown()`` wakes whoever waits on it (the read sees the end, the write fails), so a connection is
/// ended from outside (idle, shed, the server stopping) by the table, while only its own task closes the
/// descriptor, once nothing waits on it: a descriptor is never closed under a waiting task, so its number
/// cannot be reused while the pool still watches it.
struct PolledSocket: Sendable {
    let socket: Socket
    let pool: any AsyncSocketPool

    init(_ socket: Socket, pool: any AsyncSocketPool) throws {
        try socket.setFlags(.nonBlocking)
        self.socket = socket
        self.pool = pool
    }

    var descriptor: Int32 { socket.file.rawValue }

    /// Reads into `buffer` from `offset` to its end, waiting for at least one byte; returns how many
    /// came. Throws `SocketError.disconnected` at the end. Nothing is allocated: a connection reads
    /// into the one buffer it keeps (``ByteReader``).
    func read(into buffer: inout [UInt8], from offset: Int) async throws -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                Glibc.read(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            }
            if count > 0 { return count }
            if count == 0 { throw SocketError.disconnected }
            switch errno {
            case EAGAIN, EWOULDBLOCK: try await pool.suspendSocket(socket, untilReadyFor: .read)
            case EINTR: continue
            case ECONNRESET, EPIPE, ENOTCONN: throw SocketError.disconnected
            default: throw SocketError.makeFailed("Read")
            }
        }
    }

    /// Writes all of `data`, waiting while the peer's buffer is full.
    func write(_ data: Data) async throws {
        var sent = data.startIndex
        while sent < data.endIndex {
            do {
                sent = try socket.write(data, from: sent)
            } catch SocketError.blocked {
                try await pool.suspendSocket(socket, untilReadyFor: .write)
            }
        }
    }

    /// Ends both directions without closing the descriptor: a waiting read returns the end, a waiting
    /// write fails.
    func shutDown() {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Closes the descriptor: only its owner does, once nothing waits on it.
    func close() {
        try? socket.close()
    }
}
