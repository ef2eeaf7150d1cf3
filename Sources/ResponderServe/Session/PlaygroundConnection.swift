import Foundation
import ResponderLab

/// One page's scene and the replies it gets: what a session process (`SessionHost`) runs. Every message
/// that reaches it was admitted by the server (its size and rate); whatever it says, the reply is a
/// message (an error at worst) and the connection goes on.
@MainActor
final class PlaygroundConnection {
    /// Trace lines the page keeps (it drops older ones).
    static let pageTraceLines = 5_000

    private let catalog: ScenarioCatalog
    private let send: (String) -> Void
    private(set) var session: PlaygroundSession?
    /// Messages a second the server admits from the page, as the page is told.
    private let rate: Int

    init(catalog: ScenarioCatalog, rate: Int = RateLimit.defaultRate, send: @escaping (String) -> Void) {
        self.catalog = catalog
        self.rate = rate
        self.send = send
    }

    var limits: ServerMessage.Limits {
        .init(messageBytes: ClientMessage.maximumBytes, messagesPerSecond: rate, traceLines: Self.pageTraceLines)
    }

    /// Takes one text message from the page.
    func receive(_ text: String) {
        switch ClientMessage.parse(text) {
        case .failure(let error): send(ServerMessage.error(error.message).json(id: error.id))
        case .success(let message): handle(message)
        }
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
            send(ServerMessage.timeline(session.timeline).json(id: id))
        case .explain(let subject):
            guard let session else { return send(ServerMessage.error("no scene yet: load a scenario first").json(id: id)) }
            tick()
            let (kind, name): (String, String)
            switch subject {
            case .view(let view): (kind, name) = ("view", view)
            case .recognizer(let recognizer): (kind, name) = ("recognizer", recognizer)
            case .control(let control): (kind, name) = ("control", control)
            case .row(let row): (kind, name) = ("row", row)
            }
            send(ServerMessage.explanation(kind: kind, name: name, lines: session.explain(subject)).json(id: id))
        case .save:
            guard let session else { return send(ServerMessage.error("no scene yet: load a scenario first").json(id: id)) }
            tick()
            switch session.recordedScenario() {
            case .success(let yaml): send(ServerMessage.scenario(yaml: yaml).json(id: id))
            case .failure(let problems):
                let list = problems.errors.map { "\($0.location.line):\($0.location.column): \($0.message)" }
                send(ServerMessage.error("the recording does not replay: " + list.joined(separator: "; ")).json(id: id))
            }
        }
    }

    /// Builds a scene; on success it replaces (and frees) the previous one, else the previous one goes on.
    private func load(_ text: String, file: String, id: Int?) {
        switch PlaygroundSession.make(yaml: text, file: file) {
        case .failure(let problems):
            send(ServerMessage.problems(file: file, problems: problems.errors).json(id: id))
        case .success(let new):
            session = new
            send(ServerMessage.scene(name: new.name ?? file, file: file, yaml: text, layout: new.layout, keyboard: new.takesKeyboard).json(id: id))
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

    /// Sends the new trace lines and the touches that began, then the scroll views that moved, or else the
    /// rows that changed, with the layout they now give (a scroll message's layout has the rows' states too).
    private func flush() {
        guard let session else { return }
        let lines = session.takeNewLines()
        // A burst past what the page keeps is cut to its tail.
        if !lines.isEmpty { send(ServerMessage.trace(Array(lines.suffix(Self.pageTraceLines))).json()) }
        let touches = session.takeNewTouches()
        if !touches.isEmpty { send(ServerMessage.touches(touches).json()) }
        let moved = session.takeScrollChanges()
        let rows = session.takeRowChanges()
        if !moved.isEmpty {
            send(ServerMessage.scroll(scrollViews: moved, layout: session.layout).json())
        } else if !rows.isEmpty {
            send(ServerMessage.rows(rows: rows, layout: session.layout).json())
        }
    }
}
