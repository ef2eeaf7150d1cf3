import FlyingSocks
import Foundation

/// The listening socket's accept loop. No accept error stops it: after any, it waits (10 ms at first,
/// doubling up to 1 s while the errors go on) and tries again; out of descriptors (EMFILE, ENFILE) or of
/// memory for a socket (ENOBUFS, ENOMEM), it first ends the connection idle the longest. Only ``stop()``
/// ends it.
final class Listener: @unchecked Sendable {
    static let firstBackOff: TimeInterval = 0.01
    static let longestBackOff: TimeInterval = 1

    let socket: Socket
    private let pool: any AsyncSocketPool
    // Guarded by `lock`.
    private let lock = NSLock()
    private var stopped = false
    /// The loop's wait for a connection, while it waits: ``stop()`` cancels it.
    private var waiting: Task<Void, Never>?

    init(socket: Socket, pool: any AsyncSocketPool) throws {
        try socket.setFlags(.nonBlocking)
        self.socket = socket
        self.pool = pool
    }

    /// Accepts connections until ``stop()``, handing each to `accepted`; `shed` ends the connection idle
    /// the longest.
    func run(accepted: (PolledSocket) -> Void, shed: () -> Void) async {
        var backOff = Self.firstBackOff
        while !lock.withLock({ stopped }) {
            do {
                let file = try socket.accept().file
                backOff = Self.firstBackOff
                do {
                    accepted(try PolledSocket(Socket(file: file), pool: pool))
                } catch {
                    try? Socket(file: file).close()
                }
            } catch SocketError.blocked {
                await waitForConnection()
            } catch {
                // Out of descriptors or memory; or a connection that went away before it was accepted
                // (ECONNABORTED, EPROTO).
                if case SocketError.failed(_, let number, _) = error, [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(number) { shed() }
                try? await Task.sleep(nanoseconds: UInt64(backOff * 1e9))
                backOff = min(backOff * 2, Self.longestBackOff)
            }
        }
    }

    /// Waits until a connection arrives or ``stop()`` is called. The wait is a task of its own that
    /// ``stop()`` cancels: the pool reports a listening socket's shutdown as an error without an event,
    /// which it can miss, so shutting the socket down is not a reliable way to wake the loop.
    private func waitForConnection() async {
        let (socket, pool) = (socket, pool)
        let wait = Task { _ = try? await pool.suspendSocket(socket, untilReadyFor: .connection) }
        let stopping = lock.withLock {
            waiting = wait
            return stopped
        }
        if stopping { wait.cancel() }
        await wait.value
        lock.withLock { waiting = nil }
    }

    /// Ends the loop and closes nothing: the server closes the socket once the loop has returned.
    func stop() {
        let wait = lock.withLock {
            stopped = true
            return waiting
        }
        wait?.cancel()
    }
}
