import Foundation
import ResponderKit
import Yams

extension ScenarioParser {
    /// The script's steps, within `ScenarioLimits.steps` and `ScenarioLimits.inputEvents`.
    func script(_ nodes: [Node]) -> [Step] {
        let limits = reader.limits
        if nodes.count > limits.steps {
            reader.stop(at: reader.location(of: nodes[limits.steps]), ScenarioLimits.message(limits.steps, "steps"))
            return []
        }
        var steps: [Step] = []
        var events = 0
        for node in nodes {
            guard let step = step(node) else { continue }
            events += step.action.inputEvents
            if events > limits.inputEvents {
                reader.stop(at: step.location, ScenarioLimits.message(limits.inputEvents, "input events in its script (a tap is two, a drag its steps and two, a typed character two)"))
                break
            }
            steps.append(step)
        }
        return steps
    }

    /// One step: a mapping with one action key (and optionally `time`), or a bare word such as `shake`.
    func step(_ node: Node) -> Step? {
        let location = reader.location(of: node)
        if case .scalar(let scalar) = node {
            if let word = Self.wordSteps.first(where: { $0.0 == scalar.string }) {
                return Step(time: nil, action: word.1, location: location)
            }
            var message = "unknown step '\(scalar.string)'"
            if let nearest = YAMLReader.nearest(to: scalar.string, in: Self.stepKeys + Self.wordSteps.map(\.0)) {
                message += "; did you mean '\(nearest)'?"
            }
            reader.fail(node, message + " (a step is a mapping such as '- tap: [20, 30]', or one of the words "
                        + Self.wordSteps.map { "'\($0.0)'" }.joined(separator: ", ") + ")")
            return nil
        }
        guard let fields = reader.mapping(node, "a step", allowed: Self.stepKeys) else { return nil }
        let actions = fields.values.keys.filter { $0 != "time" }
        guard actions.count == 1, let key = actions.first, let value = fields[key] else {
            reader.fail(node, actions.isEmpty ? "a step needs an action (one of: \(Self.stepKeys.dropFirst().joined(separator: ", ")))"
                                              : "a step holds one action, not \(actions.sorted().joined(separator: " and ")): split it in two steps")
            return nil
        }
        let time = fields["time"].flatMap { reader.number($0, "time", range: 0...86_400) }
        guard let action = action(key, value) else { return nil }
        return Step(time: time, action: action, location: location)
    }

    private func action(_ key: String, _ node: Node) -> Step.Action? {
        switch key {
        case "down":
            guard let f = reader.mapping(node, "down", allowed: ["finger", "at"]),
                  let finger = f.require("finger", "down").flatMap({ finger($0) }),
                  let point = f.require("at", "down").flatMap({ reader.point($0, "at") }) else { return nil }
            return .down(finger: finger, at: point)
        case "move":
            guard let f = reader.mapping(node, "move", allowed: ["finger", "to"]),
                  let finger = f.require("finger", "move").flatMap({ finger($0) }),
                  let point = f.require("to", "move").flatMap({ reader.point($0, "to") }) else { return nil }
            return .move(finger: finger, to: point)
        case "up": return finger(node).map { .up(finger: $0) }
        case "cancel": return finger(node).map { .cancel(finger: $0) }
        case "touches":
            guard let items = reader.sequence(node, "touches") else { return nil }
            let changes = items.compactMap(change)
            guard changes.count == items.count else { return nil }
            guard !changes.isEmpty else {
                reader.fail(node, "touches needs at least one change")
                return nil
            }
            return .touches(changes.map(\.0), kinds: changes.map(\.1))
        case "tap": return reader.point(node, "tap").map { .tap(at: $0) }
        case "double-tap": return reader.point(node, "double-tap").map { .doubleTap(at: $0) }
        case "drag":
            guard let f = reader.mapping(node, "drag", allowed: ["from", "to", "duration", "steps"]),
                  let from = f.require("from", "drag").flatMap({ reader.point($0, "from") }),
                  let to = f.require("to", "drag").flatMap({ reader.point($0, "to") }) else { return nil }
            return .drag(from: from, to: to, duration: duration(f, default: 0.25), steps: steps(f))
        case "long-press":
            if case .sequence = node { return reader.point(node, "long-press").map { .longPress(at: $0, duration: 0.6) } }
            guard let f = reader.mapping(node, "long-press", allowed: ["at", "duration"]),
                  let at = f.require("at", "long-press").flatMap({ reader.point($0, "at") }) else { return nil }
            return .longPress(at: at, duration: duration(f, default: 0.6))
        case "pinch":
            guard let f = reader.mapping(node, "pinch", allowed: ["at", "from", "to", "duration", "steps"]),
                  let at = f.require("at", "pinch").flatMap({ reader.point($0, "at") }),
                  let from = f.require("from", "pinch").flatMap({ reader.number($0, "from (span)", range: 0...10_000) }),
                  let to = f.require("to", "pinch").flatMap({ reader.number($0, "to (span)", range: 0...10_000) }) else { return nil }
            return .pinch(at: at, from: from, to: to, duration: duration(f, default: 0.3), steps: steps(f))
        case "rotate":
            guard let f = reader.mapping(node, "rotate", allowed: ["at", "radius", "degrees", "duration", "steps"]),
                  let at = f.require("at", "rotate").flatMap({ reader.point($0, "at") }),
                  let degrees = f.require("degrees", "rotate").flatMap({ reader.number($0, "degrees", range: -3600...3600) }) else { return nil }
            let radius = f["radius"].flatMap { reader.number($0, "radius", range: 1...10_000) } ?? 50
            return .rotate(at: at, radius: radius, degrees: degrees, duration: duration(f, default: 0.3), steps: steps(f))
        case "swipe":
            guard let f = reader.mapping(node, "swipe", allowed: ["from", "direction", "distance", "duration"]),
                  let from = f.require("from", "swipe").flatMap({ reader.point($0, "from") }),
                  let direction = f.require("direction", "swipe").flatMap({ reader.choice($0, "swipe direction", Self.directions) }) else { return nil }
            let distance = f["distance"].flatMap { reader.number($0, "distance", range: 0...10_000) } ?? 100
            return .swipe(from: from, direction: direction, distance: distance, duration: duration(f, default: 0.1))
        case "shake":
            return .shake
        case "remote": return reader.choice(node, "remote command", Self.remoteCommands).map { .remote($0) }
        case "press":
            if case .scalar = node { return reader.choice(node, "press type", Self.pressTypes).map { .press($0, down: true, up: true) } }
            guard let f = reader.mapping(node, "press", allowed: ["type", "phase"]),
                  let type = f.require("type", "press").flatMap({ reader.choice($0, "press type", Self.pressTypes) }) else { return nil }
            let phase = f["phase"].flatMap { reader.choice($0, "press phase", [("down", (true, false)), ("up", (false, true)), ("both", (true, true))]) } ?? (true, true)
            return .press(type, down: phase.0, up: phase.1)
        case "type": return reader.string(node, "type").map { .type($0) }
        case "wait": return reader.number(node, "wait (seconds)", range: 0...3600).map { .wait($0) }
        case "button": return reader.choice(node, "system button", Self.systemButtons).map { .button($0) }
        case "call": return reader.choice(node, "call", [("incoming", true), ("ended", false)]).map { .call($0) }
        case "edge-swipe":
            return reader.choice(node, "system edge", [("bottom", UIRectEdge.bottom), ("top", UIRectEdge.top)]).map { .edgeSwipe($0) }
        case "loop-rate":
            if case .scalar(let scalar) = node, scalar.string == "off" { return .loopRate(nil) }
            return reader.number(node, "loop-rate (turns a second, or 'off')", range: 1...10_000).map { .loopRate($0) }
        case "timer":
            guard let f = reader.mapping(node, "timer", allowed: ["name", "interval", "repeats", "mode"]),
                  let interval = f.require("interval", "timer").flatMap({ reader.number($0, "interval (seconds)", range: 0.001...3600) })
            else { return nil }
            let name = f["name"].flatMap { reader.name($0, "timer name") } ?? "timer"
            let repeats = f["repeats"].flatMap { reader.bool($0, "repeats") } ?? false
            let mode = f["mode"].flatMap { reader.choice($0, "timer mode", Self.timerModes) } ?? .default
            return .timer(name: name, interval: interval, repeats: repeats, mode: mode)
        case "push": return reader.name(node, "push (a controller under a navigation controller's pushes)").map { .push($0) }
        case "pop": return reader.name(node, "pop (a navigation controller)").map { .pop($0) }
        case "dismiss": return reader.name(node, "dismiss (a presented controller)").map { .dismiss($0) }
        default: return modernAction(key, node)
        }
    }

    /// The steps of a pointer, a trackpad, a pencil and a keyboard (U1–U5).
    private func modernAction(_ key: String, _ node: Node) -> Step.Action? {
        switch key {
        case "hover":
            if case .sequence = node { return reader.point(node, "hover").map { .hover(to: $0, modifiers: []) } }
            guard let f = reader.mapping(node, "hover", allowed: ["to", "modifiers"]),
                  let to = f.require("to", "hover").flatMap({ reader.point($0, "to") }) else { return nil }
            return .hover(to: to, modifiers: f["modifiers"].flatMap { modifiers($0) } ?? [])
        case "click", "pointer-down":
            let down = key == "pointer-down"
            if case .sequence = node {
                return reader.point(node, key).map { .click(at: $0, buttons: .primary, modifiers: [], down: true, up: !down) }
            }
            guard let f = reader.mapping(node, key, allowed: ["at", "buttons", "modifiers"]),
                  let at = f.require("at", key).flatMap({ reader.point($0, "at") }) else { return nil }
            var buttons = UIEvent.ButtonMask.primary
            if let node = f["buttons"], let names = reader.names(node, "buttons") {
                buttons = names.reduce(into: UIEvent.ButtonMask()) { mask, named in
                    if let value = reader.choice(named, "button", Self.buttons) { mask.formUnion(value) }
                }
            }
            return .click(at: at, buttons: buttons, modifiers: f["modifiers"].flatMap { modifiers($0) } ?? [], down: true, up: !down)
        case "scroll":
            guard let f = reader.mapping(node, "scroll", allowed: ["at", "by", "device", "duration", "steps", "phase"]),
                  let at = f.require("at", "scroll").flatMap({ reader.point($0, "at") }),
                  let by = f.require("by", "scroll").flatMap({ reader.point($0, "by") }) else { return nil }
            let type = f["device"].flatMap { reader.choice($0, "scroll device", [("trackpad", UIScrollType.continuous), ("wheel", .discrete)]) }
            if let phase = samplePhase(f, "scroll") {
                return phase.map { .scrollSample(at: at, by: by, type: type ?? .continuous, phase: $0) }
            }
            return .scroll(at: at, by: by, type: type ?? .continuous, duration: duration(f, default: 0.2), steps: steps(f))
        case "trackpad-pinch":
            guard let f = reader.mapping(node, "trackpad-pinch", allowed: ["at", "scale", "duration", "steps", "phase"]),
                  let at = f.require("at", "trackpad-pinch").flatMap({ reader.point($0, "at") }),
                  let scale = f.require("scale", "trackpad-pinch").flatMap({ reader.number($0, "scale", range: 0.01...100) }) else { return nil }
            if let phase = samplePhase(f, "trackpad-pinch") { return phase.map { .transformSample(at: at, scale: scale, degrees: 0, phase: $0) } }
            return .trackpadTransform(at: at, scale: scale, degrees: 0, duration: duration(f, default: 0.3), steps: steps(f))
        case "trackpad-rotate":
            guard let f = reader.mapping(node, "trackpad-rotate", allowed: ["at", "degrees", "duration", "steps", "phase"]),
                  let at = f.require("at", "trackpad-rotate").flatMap({ reader.point($0, "at") }),
                  let degrees = f.require("degrees", "trackpad-rotate").flatMap({ reader.number($0, "degrees", range: -3600...3600) })
            else { return nil }
            if let phase = samplePhase(f, "trackpad-rotate") { return phase.map { .transformSample(at: at, scale: 1, degrees: degrees, phase: $0) } }
            return .trackpadTransform(at: at, scale: 1, degrees: degrees, duration: duration(f, default: 0.3), steps: steps(f))
        case "pencil-down":
            if case .sequence = node { return reader.point(node, "pencil-down").map { .pencilDown(at: $0, force: 1, altitude: 90, azimuth: 0) } }
            guard let f = reader.mapping(node, "pencil-down", allowed: ["at", "force", "altitude", "azimuth"]),
                  let at = f.require("at", "pencil-down").flatMap({ reader.point($0, "at") }) else { return nil }
            return .pencilDown(at: at, force: f["force"].flatMap { reader.number($0, "force", range: 0...10) } ?? 1,
                               altitude: f["altitude"].flatMap { reader.number($0, "altitude (degrees)", range: 0...90) } ?? 90,
                               azimuth: f["azimuth"].flatMap { reader.number($0, "azimuth (degrees)", range: -360...360) } ?? 0)
        case "pencil-move":
            if case .sequence = node { return reader.point(node, "pencil-move").map { .pencilMove(to: $0, force: nil, altitude: nil, azimuth: nil) } }
            guard let f = reader.mapping(node, "pencil-move", allowed: ["to", "force", "altitude", "azimuth"]),
                  let to = f.require("to", "pencil-move").flatMap({ reader.point($0, "to") }) else { return nil }
            return .pencilMove(to: to, force: f["force"].flatMap { reader.number($0, "force", range: 0...10) }.map { CGFloat($0) },
                               altitude: f["altitude"].flatMap { reader.number($0, "altitude (degrees)", range: 0...90) }.map { CGFloat($0) },
                               azimuth: f["azimuth"].flatMap { reader.number($0, "azimuth (degrees)", range: -360...360) }.map { CGFloat($0) })
        case "pencil-hover":
            if case .sequence = node { return reader.point(node, "pencil-hover").map { .pencilHover(at: $0, z: 0.5, altitude: 90, azimuth: 0) } }
            guard let f = reader.mapping(node, "pencil-hover", allowed: ["at", "z", "altitude", "azimuth"]),
                  let at = f.require("at", "pencil-hover").flatMap({ reader.point($0, "at") }) else { return nil }
            return .pencilHover(at: at, z: f["z"].flatMap { reader.number($0, "z", range: 0...1) } ?? 0.5,
                                altitude: f["altitude"].flatMap { reader.number($0, "altitude (degrees)", range: 0...90) } ?? 90,
                                azimuth: f["azimuth"].flatMap { reader.number($0, "azimuth (degrees)", range: -360...360) } ?? 0)
        case "key":
            if case .scalar = node { return keyInput(node).map { .key(input: $0, modifiers: [], down: true, up: true) } }
            guard let f = reader.mapping(node, "key", allowed: ["input", "modifiers", "phase"]),
                  let input = f.require("input", "key").flatMap({ keyInput($0) }) else { return nil }
            let phase = f["phase"].flatMap { reader.choice($0, "key phase", [("down", (true, false)), ("up", (false, true)), ("both", (true, true))]) } ?? (true, true)
            return .key(input: input, modifiers: f["modifiers"].flatMap { modifiers($0) } ?? [], down: phase.0, up: phase.1)
        default:
            return nil
        }
    }

    private func change(_ node: Node) -> (EventSimulator.TouchChange, TouchKind?)? {
        guard let f = reader.mapping(node, "a touch change", allowed: ["down", "move", "up", "cancel", "at", "to", "type", "buttons",
                                                                       "force", "altitude", "azimuth"]) else { return nil }
        let change: EventSimulator.TouchChange
        if let n = f["down"] {
            guard let finger = finger(n), let at = f.require("at", "a 'down' change").flatMap({ reader.point($0, "at") }) else { return nil }
            change = .down(finger, at: at)
        } else if let n = f["move"] {
            guard let finger = finger(n), let to = f.require("to", "a 'move' change").flatMap({ reader.point($0, "to") }) else { return nil }
            change = .move(finger, to: to)
        } else if let n = f["up"] {
            guard let finger = finger(n) else { return nil }
            change = .up(finger)
        } else if let n = f["cancel"] {
            guard let finger = finger(n) else { return nil }
            change = .cancel(finger)
        } else {
            reader.fail(node, "a touch change needs one of down, move, up or cancel")
            return nil
        }
        guard ["type", "buttons", "force", "altitude", "azimuth"].contains(where: { f[$0] != nil }) else { return (change, nil) }
        var kind = TouchKind(type: .direct)
        if let node = f["type"] {
            guard let type = reader.choice(node, "touch type", ScenarioParser.touchTypes) else { return nil }
            kind.type = type
        }
        if let node = f["buttons"] {
            guard let names = reader.names(node, "buttons") else { return nil }
            for named in names {
                guard let value = reader.choice(named, "button", ScenarioParser.buttons) else { return nil }
                kind.buttons.formUnion(value)
            }
        }
        if let node = f["force"] {
            guard let force = reader.number(node, "force", range: 0...10) else { return nil }
            kind.force = force
        }
        if let node = f["altitude"] {
            guard let altitude = reader.number(node, "altitude (degrees)", range: 0...90) else { return nil }
            kind.altitude = altitude
        }
        if let node = f["azimuth"] {
            guard let azimuth = reader.number(node, "azimuth (degrees)", range: -360...360) else { return nil }
            kind.azimuth = azimuth
        }
        return (change, kind)
    }

    /// The modes an application timer may be scheduled for (the application's loop runs in the first two).
    static let timerModes: [(String, RunLoop.Mode)] = [("default", .default), ("tracking", .tracking), ("common", .common)]

    /// A scroll's or a transform's `phase`: one sample, as a device reports it (nil: the key is not
    /// there; `.some(nil)`: it is wrong, or comes with a duration or steps, which samples do not have).
    private func samplePhase(_ fields: YAMLReader.Fields, _ step: String) -> HIDEvent.Phase?? {
        guard let node = fields["phase"] else { return nil }
        if fields["duration"] != nil || fields["steps"] != nil {
            reader.fail(node, "\(step) with a phase is one sample: it has no duration or steps")
            return .some(nil)
        }
        return .some(reader.choice(node, "phase", ScenarioParser.pointerPhases))
    }

    private func finger(_ node: Node) -> Int? { reader.integer(node, "finger", range: 1...20) }

    private func duration(_ fields: YAMLReader.Fields, default value: TimeInterval) -> TimeInterval {
        fields["duration"].flatMap { reader.number($0, "duration (seconds)", range: 0...3600) } ?? value
    }

    private func steps(_ fields: YAMLReader.Fields) -> Int {
        fields["steps"].flatMap { reader.integer($0, "steps", range: 1...1000) } ?? 10
    }
}
