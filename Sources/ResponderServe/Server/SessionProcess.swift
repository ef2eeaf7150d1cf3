import FlyingSocks
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How the server starts a page's session process: `responder-serve` itself, with `--session`, the
/// session's limits and the scenario files it offers (see ``SessionHost``).
public struct SessionCommand: Sendable {
    /// The `responder-serve` executable.
    public var executable: URL
    /// The scenario files offered first.
    public var files: [String]

    public init(executable: URL, files: [String]) {
        self.executable = executable
        self.files = files
    }

    /// The session's arguments: its limits as the server's are, then the files.
    func arguments(_ limits: PlaygroundLimits) -> [String] {
        ["--session", "--rate", "\(limits.messagesPerSecond)", "--budget", "\(limits.budget)",
         "--session-memory", "\(limits.sessionMemoryBytes)", "--"] + files
    }
}

/// One page's session process, seen from the server: started for the page on its first message,
/// talked to over a socket pair (its standard input and output), and killed when the page leaves.
///
/// It is started with `posix_spawn`, not Foundation's `Process`, which traps when the process is out
/// of descriptors: here that is an error the page is told about, and the server goes on. The child
/// gets its end of the pair as descriptors 0 and 1, and none of the server's other descriptors.
final class SessionProcess: @unchecked Sendable {
    let socket: PolledSocket
    let processIdentifier: pid_t
    // Guarded by `lock`.
    private let lock = NSLock()
    private var exit: SessionExit?
    private var exitWaiters: [CheckedContinuation<SessionExit, Never>] = []

    /// Starts a session; throws when the process or its socket cannot be made (out of descriptors).
    init(_ command: SessionCommand, limits: PlaygroundLimits, pool: any AsyncSocketPool) throws {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else { throw SessionStartError(errno: errno) }
        defer { close(pair[1]) }
        do {
            socket = try PolledSocket(Socket(file: .init(rawValue: pair[0])), pool: pool)
        } catch {
            close(pair[0])
            throw error
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, pair[1], 1)
        Self.closeAll(from: 3, in: &actions)
        let arguments = [command.executable.path] + command.arguments(limits)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, command.executable.path, &actions, nil, &argv, environ)
        guard status == 0 else {
            socket.close()
            throw SessionStartError(errno: status)
        }
        processIdentifier = pid
        // A thread waits for the process to end, and reaps it.
        let reaper = Thread { [self, pid] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            // The exit status is in bits 8 to 15 when the low 7 bits are 0; else those bits are the signal.
            let signal = status & 0x7F
            ended(SessionExit(status: signal == 0 ? (status >> 8) & 0xFF : signal, signalled: signal != 0))
        }
        reaper.name = "session reaper"
        reaper.start()
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module
    /// does not import (it is declared for `_GNU_SOURCE` only); nil where the C library has none.
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// Makes the child close every descriptor from `first` on (after the actions before this one).
    private static func closeAll(from first: Int32, in actions: inout posix_spawn_file_actions_t) {
        if let addCloseFrom {
            _ = addCloseFrom(&actions, first)
            return
        }
        // Without it: each descriptor open now (closing one that is not open by then is no error).
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor >= first {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    /// Sends one of the page's messages, waiting while the session's input is full.
    func send(_ text: String) async throws {
        try await socket.write(SessionWire.frame(text))
    }

    /// Ends the session at once (the page left): nothing it was asked to do runs on.
    func kill() {
        if lock.withLock({ exit == nil }) { Glibc.kill(processIdentifier, SIGKILL) }
        socket.shutDown()
    }

    /// Why the process ended, once it has.
    func exitReason() async -> SessionExit {
        await withCheckedContinuation { continuation in
            lock.withLock {
                if let exit { continuation.resume(returning: exit) } else { exitWaiters.append(continuation) }
            }
        }
    }

    private func ended(_ reason: SessionExit) {
        let waiters = lock.withLock {
            exit = reason
            defer { exitWaiters = [] }
            return exitWaiters
        }
        for waiter in waiters { waiter.resume(returning: reason) }
    }
}

/// A session process that could not be started.
struct SessionStartError: Error, CustomStringConvertible {
    var errno: Int32

    var description: String { String(cString: strerror(errno)) }
}
