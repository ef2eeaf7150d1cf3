import Foundation
import ResponderLab

/// A message to the page: one JSON object with `v`, `type` and the type's fields; `id` echoes the
/// message it answers, when that one had an id. The session's values it carries are written as
/// `WireValues.swift` says.
enum ServerMessage {
    /// The server's greeting: the scenarios it offers and its limits.
    case hello(scenarios: [String], limits: Limits)
    /// A scene was built and now runs (the previous one is gone). `keyboard`: whether it takes a
    /// hardware keyboard (``PlaygroundSession/takesKeyboard``), which tells the page how to send keys.
    case scene(name: String, file: String, yaml: String, layout: PlaygroundSession.Layout, keyboard: Bool)
    /// A scene's text did not build: its problems, at line and column. The previous scene still runs.
    case problems(file: String, problems: [ScenarioError])
    /// Trace lines, as they happen.
    case trace([PlaygroundSession.TraceLine])
    /// Scroll views moved (a drag, a deceleration frame, an animation, a zoom): their new content offsets
    /// and zoom scales, and the scene's layout as it now is, which the page draws.
    case scroll(scrollViews: [PlaygroundSession.ScrollState], layout: PlaygroundSession.Layout)
    /// Rows of tables and items of collections changed without scrolling (highlighted, unhighlighted,
    /// selected, deselected, or others shown after a reload): their new states, and the scene's layout
    /// as it now is, which the page draws.
    case rows(rows: [PlaygroundSession.RowState], layout: PlaygroundSession.Layout)
    /// The timeline of the records the session keeps, as values the page draws.
    case timeline(PlaygroundSession.TimelineContent)
    /// Touches that began, as they happen, each with its hit-test and explanation.
    case touches([PlaygroundSession.TouchReport])
    case explanation(kind: String, name: String, lines: [String])
    /// The session recorded as a scenario file.
    case scenario(yaml: String)
    case pong
    /// A message that could not be taken, and why. The server goes on.
    case error(String)

    /// The limits the page is told in ``hello(scenarios:limits:)``.
    struct Limits: Encodable, Equatable {
        /// The largest message taken, in bytes.
        var messageBytes: Int
        var messagesPerSecond: Int
        /// Trace lines the page keeps.
        var traceLines: Int
    }

    private struct Envelope<Body: Encodable>: Encodable {
        var v = ClientMessage.version
        var type: String
        var id: Int?
        var body: Body

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(v, forKey: Key("v"))
            try container.encode(type, forKey: Key("type"))
            try container.encodeIfPresent(id, forKey: Key("id"))
            try body.encode(to: encoder)
        }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct Hello: Encodable { var scenarios: [String]; var limits: Limits }
    private struct Scene: Encodable { var name: String; var file: String; var yaml: String; var layout: PlaygroundSession.Layout; var keyboard: Bool }
    private struct Problems: Encodable { var file: String; var problems: [WireProblem] }
    private struct Trace: Encodable { var lines: [PlaygroundSession.TraceLine] }
    private struct Scroll: Encodable { var scrollViews: [PlaygroundSession.ScrollState]; var layout: PlaygroundSession.Layout }
    private struct Rows: Encodable { var rows: [PlaygroundSession.RowState]; var layout: PlaygroundSession.Layout }
    private struct Touches: Encodable { var touches: [PlaygroundSession.TouchReport] }
    private struct Explanation: Encodable { var kind: String; var name: String; var lines: [String] }
    private struct Scenario: Encodable { var yaml: String }
    private struct Message: Encodable { var message: String }
    private struct Empty: Encodable {}

    /// The message as JSON text.
    func json(id: Int? = nil) -> String {
        switch self {
        case .hello(let scenarios, let limits): return encode("hello", id, Hello(scenarios: scenarios, limits: limits))
        case .scene(let name, let file, let yaml, let layout, let keyboard):
            return encode("scene", id, Scene(name: name, file: file, yaml: yaml, layout: layout, keyboard: keyboard))
        case .problems(let file, let problems): return encode("problems", id, Problems(file: file, problems: problems.map(WireProblem.init)))
        case .trace(let lines): return encode("trace", id, Trace(lines: lines))
        case .scroll(let scrollViews, let layout): return encode("scroll", id, Scroll(scrollViews: scrollViews, layout: layout))
        case .rows(let rows, let layout): return encode("rows", id, Rows(rows: rows, layout: layout))
        case .timeline(let timeline): return encode("timeline", id, timeline)
        case .touches(let touches): return encode("touches", id, Touches(touches: touches))
        case .explanation(let kind, let name, let lines): return encode("explanation", id, Explanation(kind: kind, name: name, lines: lines))
        case .scenario(let yaml): return encode("scenario", id, Scenario(yaml: yaml))
        case .pong: return encode("pong", id, Empty())
        case .error(let message): return encode("error", id, Message(message: message))
        }
    }

    private func encode<Body: Encodable>(_ type: String, _ id: Int?, _ body: Body) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Non-finite numbers (a degenerate transform's corners) become 0 rather than failing the message.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "0", negativeInfinity: "0", nan: "0")
        guard let data = try? encoder.encode(Envelope(type: type, id: id, body: body)), let text = String(data: data, encoding: .utf8) else {
            return #"{"message":"the server could not encode its reply","type":"error","v":1}"#
        }
        return text
    }
}
