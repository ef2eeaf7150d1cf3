import Foundation

/// One connection's requests, until it becomes a page's WebSocket or ends: `GET /` (and `/index.html`),
/// `/style.css` and `/app.js` serve the page, `GET /socket` opens its WebSocket, anything else is 404.
/// A request's head is at most ``HTTPRequestHead/maximumBytes`` and must arrive within the request
/// timeout (the table ends the connection otherwise); no route takes a body.
struct HTTPExchange {
    let socket: PolledSocket
    let id: Int
    let table: ConnectionTable
    let page: PageFiles
    let command: SessionCommand

    func serve() async {
        var reader = ByteReader(socket)
        do {
            while true {
                guard let bytes = try await reader.head(limit: HTTPRequestHead.maximumBytes) else {
                    return try await respond(431, "the request's head is over \(HTTPRequestHead.maximumBytes) bytes\n", keepAlive: false)
                }
                table.touch(id)
                guard let request = HTTPRequestHead(bytes) else {
                    return try await respond(400, "not an HTTP/1.1 request\n", keepAlive: false)
                }
                guard !request.hasBody else {
                    return try await respond(400, "no route here takes a body\n", keepAlive: false)
                }
                guard request.method == "GET" || request.method == "HEAD" else {
                    return try await respond(405, "\(request.method): only GET is served here\n", keepAlive: false, extra: "Allow: GET, HEAD\r\n")
                }
                if request.path == "/socket" {
                    return try await openSocket(request, reader: reader)
                }
                if let file = page.files[request.path] {
                    try await respond(200, file.body, type: file.type, keepAlive: request.keepsAlive, headOnly: request.method == "HEAD")
                } else {
                    try await respond(404, "\(request.path): not here; the playground is at /\n", keepAlive: request.keepsAlive,
                                      headOnly: request.method == "HEAD")
                }
                table.touch(id)
                if !request.keepsAlive { return }
            }
        } catch {
            // The peer left, or the table ended the connection.
        }
    }

    /// Upgrades to the page's WebSocket and serves it, if a page slot is free.
    private func openSocket(_ request: HTTPRequestHead, reader: ByteReader) async throws {
        switch Handshake.response(to: request) {
        case .failure(let error):
            try await respond(400, error.reason + "\n", keepAlive: false)
        case .success(let head):
            // The slot is claimed before the page hears that its socket is open.
            guard table.claimPage(id) else {
                let pages = table.limits.pages
                try await socket.write(Data(head.utf8) + ServerFrame.text(ServerMessage.error("too many pages connected (\(pages)): close one").json())
                                       + ServerFrame.close(1008, "too many pages"))
                return
            }
            try await socket.write(Data(head.utf8))
            await PageLink(socket: socket, id: id, table: table, command: command).run(reading: reader)
        }
    }

    private func respond(_ status: Int, _ text: String, keepAlive: Bool, headOnly: Bool = false, extra: String = "") async throws {
        try await respond(status, Data(text.utf8), type: "text/plain; charset=utf-8", keepAlive: keepAlive, headOnly: headOnly, extra: extra)
    }

    private func respond(_ status: Int, _ body: Data, type: String, keepAlive: Bool, headOnly: Bool = false, extra: String = "") async throws {
        let reasons = [200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed", 431: "Request Header Fields Too Large"]
        let head = "HTTP/1.1 \(status) \(reasons[status] ?? "")\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: \(keepAlive ? "keep-alive" : "close")\r\n\(extra)\r\n"
        try await socket.write(Data(head.utf8) + (headOnly ? Data() : body))
    }
}
