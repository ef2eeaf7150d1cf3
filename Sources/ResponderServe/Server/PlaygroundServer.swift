import FlyingSocks
import Foundation

/// The playground's HTTP and WebSocket server: `GET /` serves the page (and its script and style, from
/// this program's resources: nothing comes from elsewhere, so it works offline), `GET /socket` is the
/// page's WebSocket (see ``ClientMessage`` and ``ServerMessage``), whose messages each page's own session
/// process plays (``SessionHost``).
///
/// It is built on FlyingSocks' non-blocking sockets and epoll queue; the accept loop, HTTP and WebSocket
/// framing are its own, so that every bound holds where bytes arrive (``PlaygroundLimits``): an accept
/// error never stops it (``Listener``), a frame is judged by its header before its payload is read
/// (``PageLink``), and every queue has a size and a behaviour at it.
public final class PlaygroundServer: Sendable {
    private let address: sockaddr_in
    private let host: String
    private let page: PageFiles
    private let command: SessionCommand
    private let table: ConnectionTable
    private let state = ServerState()

    /// A server on `host` (an IPv4 address; 127.0.0.1 unless told otherwise) and `port` (0: any free
    /// port), whose pages' sessions run as `session` says, within `limits`.
    public init(host: String = "127.0.0.1", port: UInt16, session: SessionCommand, limits: PlaygroundLimits = PlaygroundLimits()) throws {
        do {
            address = try sockaddr_in.inet(ip4: host == "localhost" ? "127.0.0.1" : host, port: port)
        } catch {
            throw PlaygroundServerError("'\(host)' is not an IPv4 address (such as 127.0.0.1)")
        }
        self.host = host
        do {
            page = try PageFiles()
        } catch {
            throw PlaygroundServerError("\(error)")
        }
        command = session
        table = ConnectionTable(limits: limits)
    }

    /// Serves until ``stop()``; returns then. Throws only when it cannot listen.
    public func run() async throws {
        defer { state.finished() }
        // A page or a session that goes away mid-write is an error of that write, not a signal.
        signal(SIGPIPE, SIG_IGN)
        let pool: any AsyncSocketPool = SocketPool.make()
        try await pool.prepare()
        let socket = try Socket(domain: AF_INET)
        try socket.setValue(true, for: .localAddressReuse)
        do {
            try socket.bind(to: address)
            try socket.listen()
        } catch {
            try? socket.close()
            throw error
        }
        let listener = try Listener(socket: socket, pool: pool)
        guard state.started(listener) else {
            // Stopped before it listened.
            try? socket.close()
            return
        }
        let (table, page, command) = (table, page, command)
        await withDiscardingTaskGroup { group in
            group.addTask {
                // The pool runs until it is cancelled, below.
                try? await pool.run()
            }
            let sweeper = Task {
                while !Task.isCancelled {
                    table.sweep()
                    try? await Task.sleep(nanoseconds: 250_000_000)
                }
            }
            await withDiscardingTaskGroup { connections in
                await listener.run(accepted: { socket in
                    guard let id = table.admit(socket) else { return socket.close() }
                    var size = Self.socketBufferBytes
                    for option in [SO_SNDBUF, SO_RCVBUF] {
                        setsockopt(socket.descriptor, SOL_SOCKET, option, &size, socklen_t(MemoryLayout<Int32>.size))
                    }
                    connections.addTask {
                        await HTTPExchange(socket: socket, id: id, table: table, page: page, command: command).serve()
                        table.remove(id)
                        socket.close()
                    }
                }, shed: { table.shedOldest() })
                // Stopping: every connection ends (and kills its session); the group waits for them.
                table.stop()
            }
            sweeper.cancel()
            group.cancelAll()
        }
        try? socket.close()
    }

    /// The kernel's buffer for each connection, each way (Linux doubles it): with the reply queue and
    /// the page's message, what one page can hold in flight.
    static let socketBufferBytes: Int32 = 256 * 1024

    /// Waits until the server listens (at most 10 s), and returns its address with the port it got.
    public func waitUntilListening() async throws -> URL {
        let deadline = ProcessInfo.processInfo.systemUptime + 10
        while ProcessInfo.processInfo.systemUptime < deadline {
            if let listener = state.listener {
                guard case .ip4(_, let port) = try listener.socket.sockname(), let url = URL(string: "http://\(host):\(port)/") else {
                    throw PlaygroundServerError("the server listens, but not on an IPv4 address")
                }
                return url
            }
            if state.isDone { throw PlaygroundServerError("it stopped") }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        throw PlaygroundServerError("it did not listen within 10 s")
    }

    /// Stops accepting, closes every connection and ends every session; ``run()`` then returns.
    public func stop() {
        state.stop()?.stop()
        table.stop()
    }

    /// Whether ``stop()`` was called.
    public var isStopped: Bool { state.isStopped }

}

/// Whether the server has started, and its listener once it listens.
private final class ServerState: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var current: Listener?
    private var stopped = false
    private var done = false

    var listener: Listener? { lock.withLock { current } }
    var isDone: Bool { lock.withLock { done } }
    var isStopped: Bool { lock.withLock { stopped } }

    /// Records the listener; false when ``stop()`` came first.
    func started(_ listener: Listener) -> Bool {
        lock.withLock {
            guard !stopped else { return false }
            current = listener
            return true
        }
    }

    /// Marks the server stopped; the listener to stop, if it listens.
    func stop() -> Listener? {
        lock.withLock {
            stopped = true
            return current
        }
    }

    func finished() {
        lock.withLock { done = true }
    }
}

/// Why the server could not be made or could not listen.
public struct PlaygroundServerError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
