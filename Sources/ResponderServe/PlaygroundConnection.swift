import Foundation
import ResponderLab

/// One page's connection: its scene, its limits, and the replies it gets. Everything a page sends is
/// checked here; whatever it is, the reply is a message (an error at worst) and the connection goes on.
@MainActor
final class PlaygroundConnection {
    /// The largest message taken, in bytes (a scenario's text is the largest a page sends).
    static let maximumMessageBytes = 256 * 1024
    /// Messages a second a page may send on average (twice that in a burst): ten fingers at 120 Hz, each
    /// in its own message, fit with room to spare.
    static let messagesPerSecond = 2_000
    /// Trace lines the page keeps (it drops older ones).
    static let pageTraceLines = 5_000

    private let catalog: ScenarioCatalog
    private let send: (String) -> Void
    private(set) var session: PlaygroundSession?
    private var sessionFile = ""
    private var rateLimit: RateLimit
    private let rate: Int
    private let clock: () -> TimeInterval

    init(catalog: ScenarioCatalog, rate: Int = messagesPerSecond, clock: @escaping () -> TimeInterval = { ProcessInfo.processInfo.systemUptime },
         send: @escaping (String) -> Void) {
        self.rate = rate
        self.catalog = catalog
        self.send = send
        self.clock = clock
        rateLimit = RateLimit(rate: Double(rate), burst: Double(2 * rate), now: clock())
    }

    var limits: ServerMessage.Limits {
        .init(messageBytes: Self.maximumMessageBytes, messagesPerSecond: rate, traceLines: Self.pageTraceLines)
    }

    /// Takes one text message from the page.
    func receive(_ text: String) {
        switch rateLimit.admit(now: clock()) {
        case .take: break
        case .drop: return
        case .dropAndComplain(let count):
            return send(ServerMessage.error("too many messages: \(count) dropped (at most \(rate) a second)").json())
        }
        guard text.utf8.count <= Self.maximumMessageBytes else {
            return send(ServerMessage.error("message too large: \(text.utf8.count) bytes (at most \(Self.maximumMessageBytes))").json())
        }
        switch ClientMessage.parse(text) {
        case .failure(let error): send(ServerMessage.error(error.message).json(id: error.id))
        case .success(let message): handle(message)
        }
    }

    /// Takes a binary message: the protocol has none.
    func receiveBinary(_ count: Int) {
        send(ServerMessage.error("binary messages are not spoken here (\(count) bytes): send JSON text").json())
    }

    private func handle(_ message: ClientMessage) {
        let id = message.id
        switch message.body {
        case .hello:
            send(ServerMessage.hello(scenarios: catalog.names, limits: limits).json(id: id))
        case .ping:
            send(ServerMessage.pong.json(id: id))
        case .loadScenario(let name):
            switch catalog.text(of: name) {
            case .failure(let error): send(ServerMessage.error(error.message).json(id: id))
            case .success(let file): load(file.text, file: name, id: id)
            }
        case .loadText(let text, let name):
            load(text, file: name, id: id)
        case .input(let input, let time):
            guard let session else { return send(ServerMessage.error("no scene yet: load a scenario before sending input").json(id: id)) }
            if let problem = session.enqueue(input, sourceTime: time) {
                return send(ServerMessage.error(problem).json(id: id))
            }
            tick()
        case .timeline:
            guard let session else { return send(ServerMessage.error("no scene yet: load a scenario first").json(id: id)) }
            tick()
            send(ServerMessage.timeline(svg: session.timelineSVG(), lanes: session.timelineLanes).json(id: id))
        case .explain(let subject):
            guard let session else { return send(ServerMessage.error("no scene yet: load a scenario first").json(id: id)) }
            tick()
            let (kind, name): (String, String)
            switch subject {
            case .view(let view): (kind, name) = ("view", view)
            case .recognizer(let recognizer): (kind, name) = ("recognizer", recognizer)
            case .control(let control): (kind, name) = ("control", control)
            }
            send(ServerMessage.explanation(kind: kind, name: name, lines: session.explain(subject)).json(id: id))
        case .save:
            guard let session else { return send(ServerMessage.error("no scene yet: load a scenario first").json(id: id)) }
            tick()
            switch session.recordedScenario() {
            case .success(let yaml): send(ServerMessage.scenario(yaml: yaml).json(id: id))
            case .failure(let problems):
                send(ServerMessage.error("the recording does not replay: " + problems.list.map { "\($0.line):\($0.column): \($0.message)" }.joined(separator: "; ")).json(id: id))
            }
        }
    }

    /// Builds a scene; on success it replaces (and frees) the previous one, else the previous one goes on.
    private func load(_ text: String, file: String, id: Int?) {
        switch PlaygroundSession.make(yaml: text, file: file) {
        case .failure(let problems):
            send(ServerMessage.problems(file: file, problems: problems.list).json(id: id))
        case .success(let new):
            session = new
            sessionFile = file
            send(ServerMessage.scene(name: new.name ?? file, file: file, yaml: text, layout: new.layout).json(id: id))
            flush()
        }
    }

    /// Plays what is due and sends the new trace lines. Returns how long until something is due.
    @discardableResult
    func tick() -> TimeInterval? {
        guard let session else { return nil }
        let wait = session.tick()
        flush()
        return wait
    }

    /// Sends the new trace lines, then the scroll views that moved with the layout they now give.
    private func flush() {
        guard let session else { return }
        let lines = session.takeNewLines()
        // A burst past what the page keeps is cut to its tail.
        if !lines.isEmpty { send(ServerMessage.trace(Array(lines.suffix(Self.pageTraceLines))).json()) }
        let moved = session.takeScrollChanges()
        if !moved.isEmpty { send(ServerMessage.scroll(scrollViews: moved, layout: session.layout).json()) }
    }
}
