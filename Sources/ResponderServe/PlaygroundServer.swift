import FlyingFox
import Foundation
import ResponderLab

/// The playground's HTTP and WebSocket server: `GET /` serves the page (and its script and style, from
/// this binary: nothing comes from elsewhere, so it works offline), `GET /socket` is the page's
/// WebSocket (see ``ClientMessage`` and ``ServerMessage``).
public final class PlaygroundServer: Sendable {
    private let server: HTTPServer
    private let host: String

    /// Connections served at once; more are told so and closed.
    static let maximumConnections = 16

    /// A server on `host` (an IPv4 address; 127.0.0.1 unless told otherwise) and `port` (0: any free
    /// port), offering `files` and the bundled scenarios; each page may send `rate` messages a second.
    @MainActor
    public init(files: [String], host: String = "127.0.0.1", port: UInt16, rate: Int = 2_000) throws {
        let address = try sockaddr_in.inet(ip4: host == "localhost" ? "127.0.0.1" : host, port: port)
        self.host = host
        server = HTTPServer(address: address, timeout: 30, logger: .disabled)
        let catalog = ScenarioCatalog(files: files, bundled: Lab.bundledScenarios)
        let routes = PageRoutes(catalog: catalog, rate: max(1, rate))
        self.routes = routes
    }

    private let routes: PageRoutes

    /// Serves until ``stop()`` (or the task is cancelled).
    public func run() async throws {
        await routes.install(on: server)
        try await server.run()
    }

    /// Waits until the server listens, and returns its address (with the port it got).
    public func waitUntilListening() async throws -> URL {
        try await server.waitUntilListening(timeout: 10)
        guard case .ip4(_, let port)? = await server.listeningAddress, let url = URL(string: "http://\(host):\(port)/") else {
            throw PlaygroundServerError("the server listens, but not on an IPv4 address")
        }
        return url
    }

    /// Closes the listening socket and every connection.
    public func stop() async {
        await server.stop(timeout: 1)
    }
}

struct PlaygroundServerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The server's routes.
struct PageRoutes: Sendable {
    let catalog: ScenarioCatalog
    let rate: Int

    func install(on server: HTTPServer) async {
        await server.appendRoute("GET /socket", to: .webSocket(PlaygroundSocket(catalog: catalog, rate: rate)))
        await server.appendRoute("GET /app.js") { _ in Self.response(Page.script, type: "text/javascript; charset=utf-8") }
        await server.appendRoute("GET /style.css") { _ in Self.response(Page.style, type: "text/css; charset=utf-8") }
        await server.appendRoute("GET /") { _ in Self.response(Page.html, type: "text/html; charset=utf-8") }
        await server.appendRoute("GET /index.html") { _ in Self.response(Page.html, type: "text/html; charset=utf-8") }
        await server.appendRoute("*") { request in
            HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                         body: Data("\(request.path): not here; the playground is at /\n".utf8))
        }
    }

    static func response(_ text: String, type: String) -> HTTPResponse {
        HTTPResponse(statusCode: .ok, headers: [.contentType: type, HTTPHeader("Cache-Control"): "no-store"], body: Data(text.utf8))
    }
}

/// One WebSocket: reads the page's messages into its ``PlaygroundConnection`` on the main actor, and
/// turns the scene's loop between messages so its timers fire on time.
struct PlaygroundSocket: WSMessageHandler {
    let catalog: ScenarioCatalog
    let rate: Int

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        // Replies wait here for the socket; a page that stops reading loses the oldest, not the server its memory.
        let (replies, continuation) = AsyncStream<WSMessage>.makeStream(bufferingPolicy: .bufferingNewest(4_096))
        let (catalog, rate) = (catalog, rate)
        Task { @MainActor in
            guard OpenConnections.count < PlaygroundServer.maximumConnections else {
                continuation.yield(.text(ServerMessage.error("too many pages connected (\(PlaygroundServer.maximumConnections)): close one").json()))
                continuation.yield(.close(.policyViolation))
                continuation.finish()
                return
            }
            OpenConnections.count += 1
            defer { OpenConnections.count -= 1 }
            let connection = PlaygroundConnection(catalog: catalog, rate: rate) { continuation.yield(.text($0)) }
            let loop = Task { @MainActor in
                while !Task.isCancelled {
                    let wait = connection.tick() ?? 0.05
                    try? await Task.sleep(nanoseconds: UInt64(min(max(wait, 0.001), 0.05) * 1e9))
                }
            }
            for await message in client {
                switch message {
                case .text(let text): connection.receive(text)
                case .data(let data): connection.receiveBinary(data.count)
                case .close: break
                }
            }
            loop.cancel()
            continuation.finish()
        }
        return replies
    }
}

@MainActor
enum OpenConnections {
    static var count = 0
}
