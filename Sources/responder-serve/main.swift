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
        offers the FILEs given, then the bundled scenarios. Ctrl-C stops it.
        """)

    @Argument(help: "Scenario files (.yaml) to offer first.")
    var files: [String] = []

    @Option(help: "The port to listen on (0: any free port).")
    var port: UInt16 = 8080

    @Option(help: "The IPv4 address to listen on. Anything but 127.0.0.1 lets other machines drive the scene.")
    var host: String = "127.0.0.1"

    @Option(help: "Messages a second each page may send (twice that in a burst); more are dropped with an error reply.")
    var rate: Int = 2_000

    func run() async throws {
        for file in files where !FileManager.default.isReadableFile(atPath: file) {
            FileHandle.standardError.write(Data("responder-serve: \(file): cannot read the file\n".utf8))
            throw ExitCode(2)
        }
        let server: PlaygroundServer
        do {
            server = try await MainActor.run { [files, host, port, rate] in try PlaygroundServer(files: files, host: host, port: port, rate: rate) }
        } catch {
            FileHandle.standardError.write(Data("responder-serve: '\(host)' is not an IPv4 address (such as 127.0.0.1)\n".utf8))
            throw ExitCode(2)
        }
        // Ctrl-C stops the server: the listening socket and the connections close, then the process ends.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let stops = [SIGINT, SIGTERM].map { DispatchSource.makeSignalSource(signal: $0, queue: .main) }
        for source in stops {
            source.setEventHandler {
                FileHandle.standardOutput.write(Data("stopping\n".utf8))
                Task {
                    await server.stop()
                    Foundation.exit(0)
                }
            }
            source.resume()
        }
        let running = Task { try await server.run() }
        do {
            let url = try await server.waitUntilListening()
            FileHandle.standardOutput.write(Data("ResponderKit playground: \(url.absoluteString)  (Ctrl-C stops it)\n".utf8))
        } catch {
            let reason = (try? await running.value).map { _ in "it stopped" } ?? "\(error)"
            FileHandle.standardError.write(Data("responder-serve: cannot listen on \(host):\(port): \(reason)\n".utf8))
            throw ExitCode(1)
        }
        do {
            try await running.value
        } catch {
            FileHandle.standardError.write(Data("responder-serve: \(error)\n".utf8))
            throw ExitCode(1)
        }
        withExtendedLifetime(stops) {}
    }
}
