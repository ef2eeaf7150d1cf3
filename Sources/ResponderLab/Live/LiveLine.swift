import Foundation
import ResponderKit

/// One line of `responder live`'s input: a HID frame from the device side, as JSON.
///
/// ```
/// {"t": 0.000, "touches": [{"id": 1, "phase": "began", "x": 40, "y": 100, "force": 0.5}]}
/// {"t": 0.016, "touches": [{"id": 1, "phase": "moved", "x": 48, "y": 100}]}
/// {"t": 0.900, "button": "lock"}
/// {"t": 1.000, "shake": "began"}
/// {"t": 1.200, "remote": "play"}
/// {"t": 1.300, "press": {"type": "select", "phase": "down"}}
/// {"t": 1.400, "press": "menu"}
/// {"t": 1.500, "call": "incoming"}
/// ```
///
/// `t` is the source's timestamp in seconds (any origin; it must not go back); exactly one of
/// `touches`, `button`, `shake`, `remote`, `press` or `call` follows. A touch has `id` (the finger),
/// `phase` (began, moved, stationary, ended or cancelled), `x` and `y` in screen points, and optionally
/// `force`. A press is a press type, as scenarios and the playground name them (pressed and released),
/// or `{"type", "phase"}` with the phase down, up or both.
struct LiveLine {
    enum Input {
        case touches([HIDEvent.Touch])
        case button(SystemButton)
        case motion(HIDEvent.MotionPhase)
        case remote(UIEvent.EventSubtype)
        /// A press type's name and type, pressed (`down`), released (`up`) or both.
        case press(String, UIPress.PressType, down: Bool, up: Bool)
        /// An incoming call begins (true) or ends.
        case call(incoming: Bool)
    }

    /// The source's timestamp.
    var time: TimeInterval
    var input: Input

    static let phases: [(String, UITouch.Phase)] = [("began", .began), ("moved", .moved), ("stationary", .stationary),
                                                    ("ended", .ended), ("cancelled", .cancelled)]
    static let motionPhases: [(String, HIDEvent.MotionPhase)] = [("began", .began), ("ended", .ended), ("cancelled", .cancelled)]
    static let inputKeys = ["touches", "button", "shake", "remote", "press", "call"]
    static let pressPhases: [(String, (down: Bool, up: Bool))] = [("down", (true, false)), ("up", (false, true)), ("both", (true, true))]
    /// More fingers than a hand and a stylus could hold is a broken source, not input.
    static let maximumTouches = 20

    /// Reads a line, or says what is wrong with it (without the line number, which the caller adds).
    static func parse(_ text: String) -> Result<LiveLine, LiveLineError> {
        guard let data = text.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data),
              let fields = object as? [String: Any] else {
            return .failure(LiveLineError("not a JSON object; write one frame per line, such as {\"t\": 0, \"button\": \"home\"}"))
        }
        let unknown = fields.keys.filter { $0 != "t" && !inputKeys.contains($0) }.sorted()
        if !unknown.isEmpty {
            return .failure(LiveLineError("unknown field\(unknown.count == 1 ? "" : "s") \(unknown.map { "'\($0)'" }.joined(separator: ", ")) (use t and one of \(inputKeys.joined(separator: ", ")))"))
        }
        guard let time = number(fields["t"]), time.isFinite, time >= 0 else {
            return .failure(LiveLineError("'t' must be the source's timestamp: a number of seconds, 0 or more"))
        }
        let present = inputKeys.filter { fields[$0] != nil }
        guard present.count == 1, let key = present.first, let value = fields[key] else {
            return .failure(LiveLineError(present.isEmpty ? "a frame needs one of \(inputKeys.joined(separator: ", "))"
                                                          : "a frame holds one input, not \(present.joined(separator: " and ")): split it in two lines"))
        }
        switch key {
        case "touches": return touches(value).map { LiveLine(time: time, input: .touches($0)) }
        case "button":
            return choice(value, "button", SystemButton.allCases.map { ($0.rawValue, $0) }).map { LiveLine(time: time, input: .button($0)) }
        case "shake": return choice(value, "shake", motionPhases).map { LiveLine(time: time, input: .motion($0)) }
        case "press": return press(value).map { LiveLine(time: time, input: $0) }
        case "call":
            return choice(value, "call", [("incoming", true), ("ended", false)]).map { LiveLine(time: time, input: .call(incoming: $0)) }
        default: return choice(value, "remote", ScenarioParser.remoteCommands).map { LiveLine(time: time, input: .remote($0)) }
        }
    }

    /// `"select"`, or `{"type": "select", "phase": "down"}`.
    private static func press(_ value: Any) -> Result<Input, LiveLineError> {
        let names = ScenarioParser.pressTypes
        if value is String {
            return choice(value, "press", names).map { type in .press(names.first { $0.1 == type }!.0, type, down: true, up: true) }
        }
        guard let fields = value as? [String: Any], let typeName = fields["type"] else {
            return .failure(LiveLineError("'press' must be a press type (\(names.map(\.0).joined(separator: ", "))) or {\"type\": …, \"phase\": \"down\"}"))
        }
        let unknown = fields.keys.filter { $0 != "type" && $0 != "phase" }.sorted()
        if !unknown.isEmpty { return .failure(LiveLineError("'press' has type and phase, not \(unknown.map { "'\($0)'" }.joined(separator: ", "))")) }
        return choice(typeName, "press type", names).flatMap { type in
            choice(fields["phase"] ?? "both", "press phase", pressPhases).map { phase in
                .press(names.first { $0.1 == type }!.0, type, down: phase.down, up: phase.up)
            }
        }
    }

    private static func touches(_ value: Any) -> Result<[HIDEvent.Touch], LiveLineError> {
        guard let items = value as? [Any], !items.isEmpty, items.count <= maximumTouches else {
            return .failure(LiveLineError("'touches' must be a list of 1 to \(maximumTouches) fingers"))
        }
        var samples: [HIDEvent.Touch] = []
        for (index, item) in items.enumerated() {
            let place = "touches[\(index)]"
            guard let finger = item as? [String: Any] else { return .failure(LiveLineError("\(place) must be an object with id, phase, x, y")) }
            guard let id = number(finger["id"]), id == id.rounded(), abs(id) < 1e9 else {
                return .failure(LiveLineError("\(place): 'id' must be a whole number (the finger)"))
            }
            guard case .success(let phase) = choice(finger["phase"] as Any, "\(place) phase", phases) else {
                return .failure(LiveLineError("\(place): 'phase' must be one of \(phases.map(\.0).joined(separator: ", "))"))
            }
            guard let x = number(finger["x"]), let y = number(finger["y"]), x.isFinite, y.isFinite else {
                return .failure(LiveLineError("\(place): 'x' and 'y' must be numbers (screen points)"))
            }
            let force = number(finger["force"]) ?? 0
            guard force.isFinite, force >= 0 else { return .failure(LiveLineError("\(place): 'force' must be a number, 0 or more")) }
            if samples.contains(where: { $0.finger == Int(id) }) {
                return .failure(LiveLineError("\(place): finger \(Int(id)) appears twice in one frame"))
            }
            samples.append(HIDEvent.Touch(finger: Int(id), phase: phase, location: CGPoint(x: x, y: y), force: force))
        }
        return .success(samples)
    }

    private static func number(_ value: Any?) -> Double? {
        // `true` is no coordinate, though JSONSerialization gives it as a number (of type "c").
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        return number.doubleValue
    }

    private static func choice<T>(_ value: Any, _ what: String, _ choices: [(String, T)]) -> Result<T, LiveLineError> {
        guard let text = value as? String, let match = choices.first(where: { $0.0 == text }) else {
            let nearest = (value as? String).flatMap { YAMLReader.nearest(to: $0, in: choices.map(\.0)) }
            return .failure(LiveLineError("'\(what)' must be one of \(choices.map(\.0).joined(separator: ", "))" + (nearest.map { "; did you mean '\($0)'?" } ?? "")))
        }
        return .success(match.1)
    }
}

/// What is wrong with a line of live input.
struct LiveLineError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
