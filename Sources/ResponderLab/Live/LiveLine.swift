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
/// {"t": 2.000, "hover": {"phase": "changed", "x": 60, "y": 70}}
/// {"t": 2.100, "touches": [{"id": 5, "phase": "began", "x": 60, "y": 70, "type": "indirect-pointer", "buttons": ["secondary"]}]}
/// {"t": 2.200, "scroll": {"phase": "changed", "x": 60, "y": 70, "dx": 0, "dy": -12, "device": "trackpad"}}
/// {"t": 2.300, "transform": {"phase": "changed", "x": 60, "y": 70, "scale": 1.2, "rotation": 0.1}}
/// {"t": 2.400, "key": {"input": "s", "modifiers": ["command"]}}
/// {"t": 2.500, "pencil-tap": true}
/// ```
///
/// `t` is the source's timestamp in seconds (any origin; it must not go back); exactly one of
/// `touches`, `button`, `shake`, `remote`, `press`, `call`, `hover`, `scroll`, `transform`, `key` or
/// `pencil-tap` follows. A touch has `id` (the finger), `phase` (began, moved, stationary, ended or
/// cancelled), `x` and `y` in screen points, and optionally `force`, `type` (direct, indirect, pencil
/// or indirect-pointer, a click), `buttons` (a click's: primary, secondary), `modifiers` (shift,
/// control, alternate, command…) and a pencil's `altitude` and `azimuth` in radians. A press is a
/// press type, as scenarios and the playground name them (pressed and released), or `{"type",
/// "phase"}` with the phase down, up or both. A hover, a scroll and a transform have `phase` (began,
/// changed, ended, cancelled), `x` and `y`; a hover optionally `type` (`pencil`), `z`, `altitude`,
/// `azimuth`; a scroll `dx` and `dy` (points the content moves), `device` (trackpad or wheel) and
/// `momentum`; a transform `scale` and `rotation` (radians) since it began. A key is a character or a
/// special key's name (as in scenario files), with `modifiers` and a `phase` (down, up or both).
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
        /// A pointer's hover, a scroll, a trackpad transform (U1–U3).
        case hover(HIDEvent.Hover)
        case scroll(HIDEvent.Scroll)
        case transform(HIDEvent.Transform)
        /// A double tap on a pencil (U4).
        case pencilTap
        /// A key, by its input's name, pressed (`down`), released (`up`) or both (U5).
        case key(String, HIDEvent.KeyDescription, down: Bool, up: Bool)
    }

    /// The source's timestamp.
    var time: TimeInterval
    var input: Input

    static let phases: [(String, UITouch.Phase)] = [("began", .began), ("moved", .moved), ("stationary", .stationary),
                                                    ("ended", .ended), ("cancelled", .cancelled)]
    static let motionPhases: [(String, HIDEvent.MotionPhase)] = [("began", .began), ("ended", .ended), ("cancelled", .cancelled)]
    static let inputKeys = ["touches", "button", "shake", "remote", "press", "call", "hover", "scroll", "transform", "key", "pencil-tap"]
    static let pointerPhases: [(String, HIDEvent.Phase)] = [("began", .began), ("changed", .changed), ("ended", .ended), ("cancelled", .cancelled)]
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
        case "hover", "scroll", "transform": return pointer(key, value).map { LiveLine(time: time, input: $0) }
        case "key": return self.key(value).map { LiveLine(time: time, input: $0) }
        case "pencil-tap":
            guard value as? Bool == true else { return .failure(LiveLineError("'pencil-tap' must be true")) }
            return .success(LiveLine(time: time, input: .pencilTap))
        default: return choice(value, "remote", ScenarioParser.remoteCommands).map { LiveLine(time: time, input: .remote($0)) }
        }
    }

    /// A hover, a scroll or a transform: `{"phase", "x", "y", …}`.
    private static func pointer(_ kind: String, _ value: Any) -> Result<Input, LiveLineError> {
        let allowed: [String]
        switch kind {
        case "hover": allowed = ["phase", "x", "y", "type", "z", "altitude", "azimuth", "modifiers"]
        case "scroll": allowed = ["phase", "x", "y", "dx", "dy", "device", "momentum", "modifiers"]
        default: allowed = ["phase", "x", "y", "scale", "rotation", "modifiers"]
        }
        guard let fields = value as? [String: Any] else {
            return .failure(LiveLineError("'\(kind)' must be an object with \(allowed.joined(separator: ", "))"))
        }
        let unknown = fields.keys.filter { !allowed.contains($0) }.sorted()
        if !unknown.isEmpty {
            return .failure(LiveLineError("'\(kind)' has \(allowed.joined(separator: ", ")), not \(unknown.map { "'\($0)'" }.joined(separator: ", "))"))
        }
        guard case .success(let phase) = choice(fields["phase"] as Any, "\(kind) phase", pointerPhases) else {
            return .failure(LiveLineError("\(kind): 'phase' must be one of \(pointerPhases.map(\.0).joined(separator: ", "))"))
        }
        guard let x = number(fields["x"]), let y = number(fields["y"]), x.isFinite, y.isFinite else {
            return .failure(LiveLineError("\(kind): 'x' and 'y' must be numbers (screen points)"))
        }
        let location = CGPoint(x: x, y: y)
        let modifiers: UIKeyModifierFlags
        switch flags(fields["modifiers"], "\(kind) modifiers", ScenarioParser.modifierNames) {
        case .success(let value): modifiers = value
        case .failure(let error): return .failure(error)
        }
        func finite(_ key: String, _ fallback: Double, range: ClosedRange<Double> = -1e6...1e6) -> Double? {
            guard fields[key] != nil else { return fallback }
            guard let value = number(fields[key]), value.isFinite, range.contains(value) else { return nil }
            return value
        }
        switch kind {
        case "hover":
            var type = UITouch.TouchType.indirectPointer
            if let name = fields["type"] {
                guard case .success(let chosen) = choice(name, "hover type", [("indirect-pointer", UITouch.TouchType.indirectPointer), ("pencil", .pencil)]) else {
                    return .failure(LiveLineError("hover: 'type' must be indirect-pointer or pencil"))
                }
                type = chosen
            }
            guard let z = finite("z", 0, range: 0...1), let altitude = finite("altitude", .pi / 2, range: 0...(.pi / 2)),
                  let azimuth = finite("azimuth", 0) else {
                return .failure(LiveLineError("hover: 'z' must be 0 to 1, 'altitude' 0 to π/2 and 'azimuth' a number of radians"))
            }
            return .success(.hover(HIDEvent.Hover(phase: phase, location: location, type: type, zOffset: z, altitudeAngle: altitude,
                                                  azimuthAngle: azimuth, modifierFlags: modifiers)))
        case "scroll":
            guard let dx = finite("dx", 0), let dy = finite("dy", 0) else { return .failure(LiveLineError("scroll: 'dx' and 'dy' must be numbers (points)")) }
            var type = UIScrollType.continuous
            if let name = fields["device"] {
                guard case .success(let chosen) = choice(name, "scroll device", [("trackpad", UIScrollType.continuous), ("wheel", .discrete)]) else {
                    return .failure(LiveLineError("scroll: 'device' must be trackpad or wheel"))
                }
                type = chosen
            }
            let momentum = fields["momentum"] as? Bool ?? false
            return .success(.scroll(HIDEvent.Scroll(phase: phase, location: location, delta: CGPoint(x: dx, y: dy), type: type,
                                                    isMomentum: momentum, modifierFlags: modifiers)))
        default:
            guard let scale = finite("scale", 1, range: 0.001...1000), let rotation = finite("rotation", 0) else {
                return .failure(LiveLineError("transform: 'scale' must be a positive number and 'rotation' a number of radians"))
            }
            return .success(.transform(HIDEvent.Transform(phase: phase, location: location, scale: scale, rotation: rotation,
                                                          modifierFlags: modifiers)))
        }
    }

    /// A key: `"s"`, `"up-arrow"`, or `{"input": "s", "modifiers": ["command"], "phase": "down"}`.
    private static func key(_ value: Any) -> Result<Input, LiveLineError> {
        let fields: [String: Any] = value is String ? ["input": value] : (value as? [String: Any] ?? [:])
        let unknown = fields.keys.filter { !["input", "modifiers", "phase"].contains($0) }.sorted()
        guard unknown.isEmpty, let name = fields["input"] as? String else {
            return .failure(LiveLineError("'key' must be a key (a character or a special key's name) or {\"input\", \"modifiers\", \"phase\"}"))
        }
        let modifiers: UIKeyModifierFlags
        switch flags(fields["modifiers"], "key modifiers", ScenarioParser.modifierNames) {
        case .success(let value): modifiers = value
        case .failure(let error): return .failure(error)
        }
        return LiveKeys.key(named: name, modifiers: modifiers).flatMap { key in
            choice(fields["phase"] ?? "both", "key phase", pressPhases).map { phase in .key(name, key, down: phase.down, up: phase.up) }
        }
    }

    /// A list of names making an option set (absent: empty).
    private static func flags<T: OptionSet>(_ value: Any?, _ what: String, _ names: [(String, T)]) -> Result<T, LiveLineError> {
        guard let value else { return .success([]) }
        guard let list = value as? [Any] else { return .failure(LiveLineError("'\(what)' must be a list of \(names.map(\.0).joined(separator: ", "))")) }
        var result = T()
        for item in list {
            switch choice(item, what, names) {
            case .success(let flag): result.formUnion(flag)
            case .failure(let error): return .failure(error)
            }
        }
        return .success(result)
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
            let extra = finger.keys.filter { !["id", "phase", "x", "y", "force", "type", "buttons", "modifiers", "altitude", "azimuth"].contains($0) }
            if !extra.isEmpty { return .failure(LiveLineError("\(place): unknown field\(extra.count == 1 ? "" : "s") \(extra.sorted().map { "'\($0)'" }.joined(separator: ", "))")) }
            var sample = HIDEvent.Touch(finger: Int(id), phase: phase, location: CGPoint(x: x, y: y), force: force)
            if let name = finger["type"] {
                guard case .success(let type) = choice(name, "\(place) type", ScenarioParser.touchTypes) else {
                    return .failure(LiveLineError("\(place): 'type' must be one of \(ScenarioParser.touchTypes.map(\.0).joined(separator: ", "))"))
                }
                sample.type = type
                if type == .pencil { sample.maximumPossibleForce = EventSimulator.pencilMaximumForce }
            }
            switch flags(finger["buttons"], "\(place) buttons", ScenarioParser.buttons) {
            case .success(let buttons): sample.buttonMask = buttons
            case .failure(let error): return .failure(error)
            }
            switch flags(finger["modifiers"], "\(place) modifiers", ScenarioParser.modifierNames) {
            case .success(let modifiers): sample.modifierFlags = modifiers
            case .failure(let error): return .failure(error)
            }
            if finger["altitude"] != nil || finger["azimuth"] != nil {
                guard let altitude = number(finger["altitude"] ?? Double.pi / 2), altitude.isFinite, (0...(.pi / 2)).contains(altitude),
                      let azimuth = number(finger["azimuth"] ?? 0.0), azimuth.isFinite else {
                    return .failure(LiveLineError("\(place): 'altitude' must be 0 to π/2 and 'azimuth' a number (radians)"))
                }
                sample.altitudeAngle = altitude
                sample.azimuthAngle = azimuth
            }
            samples.append(sample)
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
