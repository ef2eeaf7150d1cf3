import Foundation

/// Every open connection, with what it is (a page, or another request) and when it last did something.
/// The table ends connections from outside: one past its deadline (idle), the one idle the longest when
/// the server needs a descriptor (``shedOldest()``), all of them when the server stops. It ends them by
/// shutting their sockets down; each connection's own task then closes its descriptor (``PolledSocket``).
final class ConnectionTable: @unchecked Sendable {
    enum Kind { case request, page }

    private struct Entry {
        var socket: PolledSocket
        var kind: Kind
        var lastActivity: TimeInterval
        /// When it is ended unless it does something first.
        var timeout: TimeInterval
        var ended = false
    }

    private struct State {
        var entries: [Int: Entry] = [:]
        var nextID = 0
        var stopped = false
    }

    // Guarded by `lock`.
    private let lock = NSLock()
    private var table = State()
    let limits: PlaygroundLimits

    init(limits: PlaygroundLimits) {
        self.limits = limits
    }

    private func withState<T>(_ body: (inout State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&table)
    }

    static var now: TimeInterval { ProcessInfo.processInfo.systemUptime }

    /// Registers a new connection (a request until it becomes a page). At the limit of other
    /// connections, the one idle the longest is ended to make room. Nil once the server stops.
    func admit(_ socket: PolledSocket) -> Int? {
        withState { state in
            guard !state.stopped else { return nil }
            let requests = state.entries.values.filter { $0.kind == .request && !$0.ended }.count
            if requests >= limits.otherConnections { Self.shed(in: &state, kinds: [.request]) }
            state.nextID += 1
            state.entries[state.nextID] = Entry(socket: socket, kind: .request, lastActivity: Self.now, timeout: limits.requestTimeout)
            return state.nextID
        }
    }

    /// Makes a request a page, if a page slot is free.
    func claimPage(_ id: Int) -> Bool {
        withState { state in
            let pages = state.entries.values.filter { $0.kind == .page && !$0.ended }.count
            guard pages < limits.pages, state.entries[id] != nil else { return false }
            state.entries[id]?.kind = .page
            state.entries[id]?.timeout = limits.idleTimeout
            state.entries[id]?.lastActivity = Self.now
            return true
        }
    }

    /// The connection did something (a request or a frame arrived, a write completed): its deadline moves.
    func touch(_ id: Int) {
        withState { $0.entries[id]?.lastActivity = Self.now }
    }

    func remove(_ id: Int) {
        _ = withState { $0.entries.removeValue(forKey: id) }
    }

    /// Ends the connection idle the longest (other requests before pages, never `excluding`); false when
    /// there is none.
    @discardableResult
    func shedOldest(excluding: Int? = nil) -> Bool {
        withState { Self.shed(in: &$0, kinds: [.request, .page], excluding: excluding) }
    }

    @discardableResult
    private static func shed(in state: inout State, kinds: [Kind], excluding: Int? = nil) -> Bool {
        for kind in kinds {
            let candidates = state.entries.filter { $0.value.kind == kind && !$0.value.ended && $0.key != excluding }
            if let oldest = candidates.min(by: { $0.value.lastActivity < $1.value.lastActivity }) {
                state.entries[oldest.key]?.ended = true
                oldest.value.socket.shutDown()
                return true
            }
        }
        return false
    }

    /// Ends every connection past its deadline.
    func sweep() {
        let now = Self.now
        withState { state in
            for (id, entry) in state.entries where !entry.ended && now - entry.lastActivity > entry.timeout {
                state.entries[id]?.ended = true
                entry.socket.shutDown()
            }
        }
    }

    /// Ends every connection, and refuses new ones.
    func stop() {
        withState { state in
            state.stopped = true
            for (id, entry) in state.entries where !entry.ended {
                state.entries[id]?.ended = true
                entry.socket.shutDown()
            }
        }
    }
}
