import ArgumentParser
import Foundation
import ResponderServe

/// `responder-serve`: the playground in the browser. A separate executable, so that the replay tool
/// (`responder`) builds without the server stack.
@main
struct ResponderServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "responder-serve",
        abstract: "Serve the live playground: touch a scene in the browser and watch event delivery decide.",
        discussion: """
        Opens an HTTP and WebSocket server (127.0.0.1 unless --host says otherwise) and prints its URL. The page
        offers the FILEs given, then the bundled scenarios. Each page's scene runs in a process of its own.
        Ctrl-C or SIGTERM stops it.
        """)

    @Argument(help: "Scenario files (.yaml) to offer first.")
    var files: [String] = []

    @Option(help: "The port to listen on (0: any free port).")
    var port: UInt16 = 8080

    @Option(help: "The IPv4 address to listen on. Anything but 127.0.0.1 lets other machines drive the scene.")
    var host: String = "127.0.0.1"

    @Option(help: "Messages a second each page may send (twice that in a burst); more are dropped with an error reply.")
    var rate: Int = PlaygroundLimits().messagesPerSecond

    @Option(help: "Seconds of work one message may take; a page's session that takes longer is stopped and the page told.")
    var budget: Double = PlaygroundLimits().budget

    @Option(help: "Seconds a page may send and read nothing before it is closed (the page pings every 10 s).")
    var idleTimeout: Double = PlaygroundLimits().idleTimeout

    // Limits tests make small, to reach them quickly.
    @Option(help: .hidden) var requestTimeout: Double = PlaygroundLimits().requestTimeout
    @Option(help: .hidden) var replyBytes: Int = PlaygroundLimits().replyBytes
    @Option(help: .hidden) var pauseBytes: Int = PlaygroundLimits().pauseBytes
    @Option(help: .hidden) var sessionMemory: Int = PlaygroundLimits().sessionMemoryBytes

    /// Set on the processes the server starts, one per page: this process is a page's session.
    @Flag(help: .hidden) var session = false

    func validate() throws {
        guard rate >= 1 else { throw ValidationError("--rate must be 1 or more") }
        guard budget > 0, budget.isFinite else { throw ValidationError("--budget must be a number of seconds over 0") }
        guard idleTimeout > 0, idleTimeout.isFinite, requestTimeout > 0, requestTimeout.isFinite else {
            throw ValidationError("--idle-timeout must be a number of seconds over 0")
        }
        guard replyBytes > 0, pauseBytes > 0, sessionMemory > 0 else { throw ValidationError("sizes must be over 0") }
    }

    func run() async throws {
        if session {
            // A page's session: it runs until its input ends, then exits.
            await MainActor.run { () -> Void in SessionHost.run(files: files, rate: rate, budget: budget, memoryBytes: sessionMemory) }
        } else {
            try await serve()
        }
    }

    private func serve() async throws {
        for file in files where !FileManager.default.isReadableFile(atPath: file) {
            FileHandle.standardError.write(Data("responder-serve: \(file): cannot read the file\n".utf8))
            throw ExitCode(2)
        }
        var limits = PlaygroundLimits()
        limits.messagesPerSecond = rate
        limits.budget = budget
        limits.idleTimeout = idleTimeout
        limits.requestTimeout = requestTimeout
        limits.replyBytes = replyBytes
        limits.pauseBytes = pauseBytes
        limits.sessionMemoryBytes = sessionMemory
        guard let executable = Bundle.main.executableURL else {
            FileHandle.standardError.write(Data("responder-serve: cannot find its own executable to start the pages' sessions\n".utf8))
            throw ExitCode(1)
        }
        let server: PlaygroundServer
        do {
            server = try PlaygroundServer(host: host, port: port, session: SessionCommand(executable: executable, files: files), limits: limits)
        } catch {
            FileHandle.standardError.write(Data("responder-serve: \(error)\n".utf8))
            throw ExitCode(2)
        }
        // Ctrl-C and SIGTERM stop the server: the listening socket, the connections and the sessions
        // close, run() returns, and the process exits with status 0, whenever the signal comes (even
        // before the server listens).
        StopSignals.install {
            FileHandle.standardOutput.write(Data("stopping\n".utf8))
            server.stop()
        }
        let running = Task { try await server.run() }
        do {
            let url = try await server.waitUntilListening()
            FileHandle.standardOutput.write(Data("ResponderKit playground: \(url.absoluteString)  (Ctrl-C stops it)\n".utf8))
        } catch {
            if server.isStopped { return }
            // The server's own error, when it ended.
            var reason = "\(error)"
            if case .failure(let failure) = await running.result { reason = "\(failure)" }
            FileHandle.standardError.write(Data("responder-serve: cannot listen on \(host):\(port): \(reason)\n".utf8))
            throw ExitCode(1)
        }
        do {
            try await running.value
        } catch {
            if server.isStopped { return }
            FileHandle.standardError.write(Data("responder-serve: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}

/// Ctrl-C (SIGINT) and SIGTERM, handled whichever thread the signal lands on: the handler only writes
/// a byte to a pipe (all a signal handler may safely do), and a thread of its own reads the pipe and
/// stops the server. (A dispatch signal source, which sees a signal only on the threads that block it,
/// missed signals that landed on the concurrency runtime's threads.)
enum StopSignals {
    /// The pipe's write end, set once before the handler is installed and only read after.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    static func install(_ stop: @escaping @Sendable () -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        writeEnd = ends[1]
        let readEnd = ends[0]
        let thread = Thread {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) == 1 { stop() }
        }
        thread.name = "stop signals"
        thread.start()
        let handler: @convention(c) (Int32) -> Void = { _ in
            var byte: UInt8 = 1
            _ = write(StopSignals.writeEnd, &byte, 1)
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
    }
}
