import Foundation
import ResponderKit
import ResponderLab

/// A message from the page, read from one WebSocket text message: a JSON object with `v` (the
/// protocol's version, ``ClientMessage/version``) and `type`, and the type's fields. An optional whole
/// `id` is echoed in the reply, so a page can match replies to what it sent.
///
/// ```
/// {"v": 1, "type": "hello"}
/// {"v": 1, "type": "load", "scenario": "single-double-triple-tap.yaml"}
/// {"v": 1, "type": "load", "yaml": "name: …", "name": "pasted.yaml"}
/// {"v": 1, "type": "input", "t": 1.25, "touches": [{"id": 1, "phase": "began", "x": 40, "y": 100, "force": 0.5}]}
/// {"v": 1, "type": "input", "t": 1.26, "touches": [{"id": 2, "phase": "began", "x": 40, "y": 100, "type": "pencil", "force": 0.5, "altitude": 1.2, "azimuth": 0.4}]}
/// {"v": 1, "type": "input", "t": 1.27, "touches": [{"id": 3, "phase": "began", "x": 40, "y": 100, "type": "indirect-pointer", "buttons": 2}]}
/// {"v": 1, "type": "input", "t": 1.28, "hover": {"phase": "changed", "x": 40, "y": 100, "type": "indirect-pointer"}}
/// {"v": 1, "type": "input", "t": 1.29, "wheel": {"x": 40, "y": 100, "dx": 0, "dy": -30, "notches": -1}}      ("pinch": true: a trackpad's pinch)
/// {"v": 1, "type": "input", "t": 1.30, "press": {"type": "select", "phase": "down"}}
/// {"v": 1, "type": "input", "t": 1.35, "key": {"input": "s", "modifiers": ["command"], "phase": "down"}}
/// {"v": 1, "type": "input", "t": 1.40, "shake": true}      (or "remote": "play", "button": "lock", "call": "incoming")
/// {"v": 1, "type": "timeline"}
/// {"v": 1, "type": "explain", "view": "photo"}              (or "recognizer": …, "control": …)
/// {"v": 1, "type": "save"}
/// {"v": 1, "type": "ping", "id": 7}
/// ```
struct ClientMessage: Equatable {
    /// The protocol's version: a page speaking another one is told so.
    static let version = 1
    /// The largest message a page may send, in bytes (a scenario's text is the largest it sends). The
    /// server checks it on each frame's header, before reading the frame (`FrameReader`).
    static let maximumBytes = 256 * 1024

    enum Body: Equatable {
        case hello
        /// A bundled or given scenario, by its name in the list ``PlaygroundServer`` offers.
        case loadScenario(String)
        /// A scenario's text, pasted or edited in the page, with the name it is shown under.
        case loadText(String, name: String)
        /// Input stamped with the page's time in seconds.
        case input(PlaygroundSession.Input, time: Double)
        case timeline
        case explain(ExplainSubject)
        case save
        case ping
    }

    var body: Body
    var id: Int?

    static let types = ["hello", "load", "input", "timeline", "explain", "save", "ping"]
    static let inputKinds = ["touches", "press", "shake", "remote", "button", "call", "hover", "wheel", "key"]
    /// A touch's or a hover's `type`, named as a scenario's `touch-types` (a finger when left out).
    static let touchTypes: [(String, UITouch.TouchType)] = [("direct", .direct), ("pencil", .pencil),
                                                            ("indirect-pointer", .indirectPointer)]
    static let hoverPhases: [(String, HIDEvent.Phase)] = [("began", .began), ("changed", .changed), ("ended", .ended),
                                                          ("cancelled", .cancelled)]
    static let phases: [(String, UITouch.Phase)] = [("began", .began), ("moved", .moved), ("stationary", .stationary),
                                                    ("ended", .ended), ("cancelled", .cancelled)]

    /// Reads a message, or says what is wrong with it (the reply the page shows).
    static func parse(_ text: String) -> Result<ClientMessage, ProtocolError> {
        guard let data = text.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data),
              let fields = object as? [String: Any] else {
            return .failure(ProtocolError("not a JSON object: send one object per message, such as {\"v\": 1, \"type\": \"hello\"}"))
        }
        let id = number(fields["id"]).flatMap { $0 == $0.rounded() && abs($0) < 1e15 ? Int($0) : nil }
        guard let version = number(fields["v"]) else {
            return .failure(ProtocolError("missing 'v': every message says the protocol version it speaks (\(version))", id: id))
        }
        guard version == Double(Self.version) else {
            return .failure(ProtocolError("protocol version \(version) is not spoken here: this server speaks \(Self.version); reload the page", id: id))
        }
        guard let type = fields["type"] as? String else {
            return .failure(ProtocolError("missing 'type': one of \(types.joined(separator: ", "))", id: id))
        }
        let body: Result<Body, ProtocolError>
        switch type {
        case "hello": body = .success(.hello)
        case "timeline": body = .success(.timeline)
        case "save": body = .success(.save)
        case "ping": body = .success(.ping)
        case "load": body = load(fields)
        case "input": body = input(fields)
        case "explain": body = explain(fields)
        default:
            body = .failure(ProtocolError("unknown type '\(type)' (use \(types.joined(separator: ", ")))"))
        }
        switch body {
        case .success(let body): return .success(ClientMessage(body: body, id: id))
        case .failure(var error):
            error.id = id
            return .failure(error)
        }
    }

    private static func load(_ fields: [String: Any]) -> Result<Body, ProtocolError> {
        if let name = fields["scenario"] as? String { return .success(.loadScenario(name)) }
        if let yaml = fields["yaml"] as? String {
            let name = (fields["name"] as? String).map { String($0.prefix(200)) } ?? "pasted.yaml"
            return .success(.loadText(yaml, name: name.isEmpty ? "pasted.yaml" : name))
        }
        return .failure(ProtocolError("'load' needs 'scenario' (a name from the list) or 'yaml' (a scenario's text)"))
    }

    private static func explain(_ fields: [String: Any]) -> Result<Body, ProtocolError> {
        let subjects = [(fields["view"] as? String).map { ExplainSubject.view($0) },
                        (fields["recognizer"] as? String).map { ExplainSubject.recognizer($0) },
                        (fields["control"] as? String).map { ExplainSubject.control($0) },
                        (fields["row"] as? String).map { ExplainSubject.row($0) }].compactMap { $0 }
        guard subjects.count == 1, let subject = subjects.first else {
            return .failure(ProtocolError("'explain' needs exactly one of 'view', 'recognizer', 'control' or 'row' (a name)"))
        }
        return .success(.explain(subject))
    }

    private static func input(_ fields: [String: Any]) -> Result<Body, ProtocolError> {
        guard let time = number(fields["t"]), time.isFinite, time >= 0 else {
            return .failure(ProtocolError("'input' needs 't': the page's timestamp in seconds, 0 or more"))
        }
        let present = inputKinds.filter { fields[$0] != nil }
        guard present.count == 1, let kind = present.first, let value = fields[kind] else {
            return .failure(ProtocolError(present.isEmpty ? "'input' needs one of \(inputKinds.joined(separator: ", "))"
                                                          : "one input per message, not \(present.joined(separator: " and "))"))
        }
        let input: Result<PlaygroundSession.Input, ProtocolError>
        switch kind {
        case "touches": input = touches(value)
        case "press":
            if let type = value as? String {
                input = .success(.press(type, down: true, up: true))
            } else if let press = value as? [String: Any], let type = press["type"] as? String {
                switch press["phase"] as? String ?? "both" {
                case "down": input = .success(.press(type, down: true, up: false))
                case "up": input = .success(.press(type, down: false, up: true))
                case "both": input = .success(.press(type, down: true, up: true))
                default: input = .failure(ProtocolError("'press' phase must be down, up or both"))
                }
            } else {
                input = .failure(ProtocolError("'press' must be a press type, or {\"type\": …, \"phase\": \"down\"}"))
            }
        case "shake": input = .success(.shake)
        case "remote": input = (value as? String).map { .success(.remote($0)) } ?? .failure(ProtocolError("'remote' must be a command name, such as \"play\""))
        case "button": input = (value as? String).map { .success(.button($0)) } ?? .failure(ProtocolError("'button' must be a name, such as \"lock\""))
        case "hover": input = hover(value)
        case "wheel": input = wheel(value)
        case "key": input = key(value)
        default:
            switch value as? String {
            case "incoming": input = .success(.call(incoming: true))
            case "ended": input = .success(.call(incoming: false))
            default: input = .failure(ProtocolError("'call' must be \"incoming\" or \"ended\""))
            }
        }
        return input.map { .input($0, time: time) }
    }

    private static func touches(_ value: Any) -> Result<PlaygroundSession.Input, ProtocolError> {
        guard let items = value as? [Any], !items.isEmpty, items.count <= 20 else {
            return .failure(ProtocolError("'touches' must be a list of 1 to 20 fingers"))
        }
        var touches: [PlaygroundSession.Touch] = []
        for (index, item) in items.enumerated() {
            let place = "touches[\(index)]"
            guard let finger = item as? [String: Any] else { return .failure(ProtocolError("\(place) must be an object with id, phase, x, y")) }
            guard let id = number(finger["id"]), id == id.rounded(), abs(id) < 1e9 else {
                return .failure(ProtocolError("\(place): 'id' must be a whole number (the finger, 1 to 20)"))
            }
            guard let name = finger["phase"] as? String, let phase = phases.first(where: { $0.0 == name })?.1 else {
                return .failure(ProtocolError("\(place): 'phase' must be one of \(phases.map(\.0).joined(separator: ", "))"))
            }
            guard let x = number(finger["x"]), let y = number(finger["y"]) else {
                return .failure(ProtocolError("\(place): 'x' and 'y' must be numbers (screen points)"))
            }
            var touch = PlaygroundSession.Touch(finger: Int(id), phase: phase, x: x, y: y, force: number(finger["force"]) ?? 0)
            switch pointer(finger, place) {
            case .success(let pointer): (touch.type, touch.altitude, touch.azimuth) = pointer
            case .failure(let error): return .failure(error)
            }
            if let buttons = finger["buttons"] {
                guard let mask = number(buttons), mask == mask.rounded(), (0...0xFFFF).contains(mask) else {
                    return .failure(ProtocolError("\(place): 'buttons' must be the buttons held, as a page's PointerEvent.buttons (1 primary, 2 secondary)"))
                }
                touch.buttons = UIEvent.ButtonMask(rawValue: Int(mask))
            }
            touches.append(touch)
        }
        return .success(.touches(touches))
    }

    /// A touch's or a hover's `type`, `altitude` and `azimuth` (radians; a pen's pose, U4).
    private static func pointer(_ fields: [String: Any], _ place: String) -> Result<(UITouch.TouchType, Double, Double), ProtocolError> {
        var type = UITouch.TouchType.direct
        if let value = fields["type"] {
            guard let name = value as? String, let named = touchTypes.first(where: { $0.0 == name })?.1 else {
                return .failure(ProtocolError("\(place): 'type' must be one of \(touchTypes.map(\.0).joined(separator: ", "))"))
            }
            type = named
        }
        let altitude = fields["altitude"].map(number) ?? Double.pi / 2, azimuth = fields["azimuth"].map(number) ?? 0
        guard let altitude, altitude.isFinite, (0...Double.pi / 2).contains(altitude) else {
            return .failure(ProtocolError("\(place): 'altitude' must be radians from 0 (flat) to π/2 (upright)"))
        }
        guard let azimuth, azimuth.isFinite, abs(azimuth) <= 2 * Double.pi else {
            return .failure(ProtocolError("\(place): 'azimuth' must be radians, from -2π to 2π"))
        }
        return .success((type, altitude, azimuth))
    }

    private static func hover(_ value: Any) -> Result<PlaygroundSession.Input, ProtocolError> {
        guard let fields = value as? [String: Any], let x = number(fields["x"]), let y = number(fields["y"]) else {
            return .failure(ProtocolError("'hover' must be an object with x and y (screen points), and optionally phase, type, altitude, azimuth"))
        }
        var phase = HIDEvent.Phase.changed
        if let value = fields["phase"] {
            guard let name = value as? String, let named = hoverPhases.first(where: { $0.0 == name })?.1 else {
                return .failure(ProtocolError("'hover': 'phase' must be one of \(hoverPhases.map(\.0).joined(separator: ", "))"))
            }
            phase = named
        }
        let pointer: (UITouch.TouchType, Double, Double)
        switch self.pointer(fields, "'hover'") {
        case .success(let value): pointer = value
        case .failure(let error): return .failure(error)
        }
        guard pointer.0 != .direct || fields["type"] == nil else {
            return .failure(ProtocolError("'hover': 'type' must be indirect-pointer (the mouse) or pencil: a finger does not hover"))
        }
        var hover = PlaygroundSession.Hover(phase: phase, x: x, y: y, type: fields["type"] == nil ? .indirectPointer : pointer.0)
        (hover.altitude, hover.azimuth) = (pointer.1, pointer.2)
        return .success(.hover(hover))
    }

    private static func wheel(_ value: Any) -> Result<PlaygroundSession.Input, ProtocolError> {
        guard let fields = value as? [String: Any], let x = number(fields["x"]), let y = number(fields["y"]),
              let dx = number(fields["dx"]), let dy = number(fields["dy"]) else {
            return .failure(ProtocolError("'wheel' must be an object with x, y (screen points), dx and dy (how far the content moves), and optionally notches and pinch"))
        }
        var wheel = PlaygroundSession.Wheel(x: x, y: y, dx: dx, dy: dy)
        if let notches = fields["notches"] {
            guard let count = number(notches) else { return .failure(ProtocolError("'wheel': 'notches' must be a number")) }
            wheel.notches = count
        }
        if let pinch = fields["pinch"] {
            guard let flag = pinch as? Bool else { return .failure(ProtocolError("'wheel': 'pinch' must be true or false")) }
            wheel.pinch = flag
        }
        return .success(.wheel(wheel))
    }

    /// A hardware keyboard's key: `{"input": "s", "modifiers": ["command"], "phase": "down"}`. Its
    /// input is checked by the session (a character or a special key's name); `modifiers` is optional
    /// (none held), and so is `phase` (both: pressed and released).
    private static func key(_ value: Any) -> Result<PlaygroundSession.Input, ProtocolError> {
        let fields = ["input", "modifiers", "phase"]
        guard let key = value as? [String: Any] else {
            return .failure(ProtocolError("'key' must be an object with 'input' (a character or a special key's name such as \"escape\"), and optionally 'modifiers' and 'phase'"))
        }
        let unknown = key.keys.filter { !fields.contains($0) }.sorted()
        guard unknown.isEmpty else {
            return .failure(ProtocolError("'key' has \(fields.joined(separator: ", ")), not \(unknown.map { "'\($0)'" }.joined(separator: ", "))"))
        }
        guard let input = key["input"] as? String, !input.isEmpty else {
            return .failure(ProtocolError("'key': 'input' must be a character (\"s\") or a special key's name (\"up-arrow\", \"escape\", \"f1\"…)"))
        }
        let names = PlaygroundSession.Key.modifierNames
        var modifiers = UIKeyModifierFlags()
        if let value = key["modifiers"] {
            guard let list = value as? [String], list.count <= names.count else {
                return .failure(ProtocolError("'key': 'modifiers' must be a list of names: \(names.map(\.0).joined(separator: ", "))"))
            }
            for name in list {
                guard let flag = names.first(where: { $0.0 == name })?.1 else {
                    return .failure(ProtocolError("'key': unknown modifier '\(name)' (use \(names.map(\.0).joined(separator: ", ")))"))
                }
                modifiers.formUnion(flag)
            }
        }
        let phase: (down: Bool, up: Bool)
        switch key["phase"].map({ $0 as? String }) ?? "both" {
        case "down": phase = (true, false)
        case "up": phase = (false, true)
        case "both": phase = (true, true)
        default: return .failure(ProtocolError("'key': 'phase' must be down, up or both"))
        }
        return .success(.key(PlaygroundSession.Key(input, modifiers: modifiers), down: phase.down, up: phase.up))
    }

    private static func number(_ value: Any?) -> Double? {
        // `true` is no number, though JSONSerialization gives it as one (of type "c").
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        return number.doubleValue
    }
}
