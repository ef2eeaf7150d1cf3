import FlyingSocks
import Foundation

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

    /// Up to `count` bytes, waiting for at least one. Throws `SocketError.disconnected` at the end.
    func read(atMost count: Int) async throws -> [UInt8] {
        while true {
            do {
                return try socket.read(atMost: count)
            } catch SocketError.blocked {
                try await pool.suspendSocket(socket, untilReadyFor: .read)
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
