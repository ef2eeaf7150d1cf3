import Foundation

/// An HTTP/1.1 request's head: its method, path and headers. The server reads nothing else of a
/// request: the playground's routes take no body.
struct HTTPRequestHead: Equatable {
    /// The largest head read; a longer one is refused (431).
    static let maximumBytes = 8 * 1024

    var method: String
    /// The path, without the query.
    var path: String
    var version: String
    /// Header names in lower case.
    var headers: [String: String]

    /// Reads a head (its bytes up to and including the blank line), or nil when it is not one.
    init?(_ bytes: [UInt8]) {
        guard let text = String(bytes: bytes, encoding: .utf8) else { return nil }
        var lines = text.components(separatedBy: "\r\n")
        guard !lines.isEmpty else { return nil }
        let parts = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), parts[1].hasPrefix("/") || parts[1] == "*" else { return nil }
        method = String(parts[0])
        path = String(parts[1].prefix { $0 != "?" && $0 != "#" })
        version = String(parts[2])
        headers = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            // A repeated header joins its values, as a list.
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
    }

    /// Whether the header `name` holds `token` in its comma-separated list (case-insensitive).
    func header(_ name: String, contains token: String) -> Bool {
        (headers[name] ?? "").split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == token }
    }

    /// Whether the connection stays open after the response (HTTP/1.1 unless `Connection: close`).
    var keepsAlive: Bool {
        version == "HTTP/1.1" ? !header("connection", contains: "close") : header("connection", contains: "keep-alive")
    }

    /// Whether the request says it has a body, which no route takes.
    var hasBody: Bool {
        headers["transfer-encoding"] != nil || (headers["content-length"].map { $0 != "0" } ?? false)
    }
}
