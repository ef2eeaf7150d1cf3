import Foundation
import ResponderLab

/// One page's session, in a process of its own (`responder-serve --session`, started by the server for
/// each page): it reads the page's messages from its standard input, plays them into the page's
/// ``PlaygroundConnection`` on its main thread, turns the scene's loop between them so timers fire on
/// time, and writes the replies to its standard output (``SessionWire``).
///
/// A page's work runs here and nowhere else: one page's heavy scene cannot stall another's, each unit
/// of work is bounded by the ``WorkBudget``, and when the page leaves the server ends the process, so
/// nothing it asked for runs on.
public enum SessionHost {
    /// Runs the session until its input ends, then exits the process.
    @MainActor
    public static func run(files: [String], rate: Int, budget: TimeInterval, memoryBytes: Int) -> Never {
        // The server may be gone when a reply is written: that ends the session, not a signal.
        signal(SIGPIPE, SIG_IGN)
        let watchdog = WorkBudget(seconds: budget, memoryBytes: memoryBytes)
        watchdog.start()
        let inbox = Inbox()
        let reader = Thread { readMessages(into: inbox) }
        reader.name = "session input"
        reader.start()
        let catalog = ScenarioCatalog(files: files, bundled: Lab.bundledScenarios)
        let connection = PlaygroundConnection(catalog: catalog, rate: rate) { write($0) }
        var wait: TimeInterval? = nil
        while true {
            // The scene's loop turns at least every 50 ms, sooner when a timer or an input is due.
            let (messages, ended) = inbox.take(waitingUntil: Date(timeIntervalSinceNow: min(max(wait ?? 0.05, 0.001), 0.05)))
            for message in messages { watchdog.run { connection.receive(message) } }
            if ended { exit(0) }
            wait = watchdog.run { connection.tick() }
        }
    }

    /// Reads framed messages from standard input until it ends (reader thread).
    private static func readMessages(into inbox: Inbox) {
        while let header = readExactly(4) {
            let count = SessionWire.length(header)
            // The server admits no message over the protocol's limit: anything else is not the server.
            guard count <= ClientMessage.maximumBytes, let payload = readExactly(count) else { break }
            inbox.put(String(decoding: payload, as: UTF8.self))
        }
        inbox.finish()
    }

    private static func readExactly(_ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { read(0, $0.baseAddress! + filled, count - filled) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            filled += n
        }
        return bytes
    }

    /// Writes one reply to standard output; a reply over the wire's limit becomes an error reply.
    private static func write(_ reply: String) {
        var text = reply
        if text.utf8.count > SessionWire.maximumReplyBytes {
            text = ServerMessage.error("the reply was too large to send (\(text.utf8.count) bytes; at most \(SessionWire.maximumReplyBytes))").json()
        }
        let data = SessionWire.frame(text)
        var sent = 0
        while sent < data.count {
            let n = data.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + sent, data.count - sent) }
            if n < 0, errno == EINTR { continue }
            // The server is gone: so is the page.
            guard n > 0 else { exit(0) }
            sent += n
        }
    }
}
