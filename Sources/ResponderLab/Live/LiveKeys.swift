import Foundation
import ResponderKit

/// A hardware keyboard's keys as the live sources give them (U5): `responder live`'s `key` frames and
/// the playground's keys. Both name a key as scenario files do, check what their source holds down
/// with ``HeldKeys``, and hand the device a key as ``EventSimulator`` does: a press whose `key` is the
/// key and whose type is an arrow's for an arrow key (the key path of ``HIDEvent/Press/init(key:phase:)``).
enum LiveKeys {
    /// The key named `name` with `modifiers` held: one character (`"s"`, `"\r"` for Return, `"\t"` for
    /// Tab, `"\u{8}"` for Backspace) or a special key's name as scenario files give it (`up-arrow`,
    /// `escape`, `f1`…). Says what is wrong with a name that is neither.
    static func key(named name: String, modifiers: UIKeyModifierFlags) -> Result<HIDEvent.KeyDescription, LiveLineError> {
        let input: String
        if let special = ScenarioParser.specialKeys.first(where: { $0.0 == name }) {
            input = special.1
        } else if name.count == 1 {
            input = name
        } else {
            let nearest = name.count > 2 ? YAMLReader.nearest(to: name, in: ScenarioParser.specialKeys.map(\.0)) : nil
            return .failure(LiveLineError("key: '\(name)' is not a key: give one character or one of "
                                          + ScenarioParser.specialKeys.map(\.0).joined(separator: ", ")
                                          + (nearest.map { "; did you mean '\($0)'?" } ?? "")))
        }
        return .success(HIDEvent.KeyDescription(input: input, modifierFlags: modifiers))
    }

    /// Hands `system` a key going down, coming up, or both at `time`. Pressed and released in one
    /// frame, the press is handled (the loop turned) before its release is sent, as a press's is.
    @MainActor
    static func play(_ key: HIDEvent.KeyDescription, down: Bool, up: Bool, at time: TimeInterval, system: DeviceSystem, loop: EventLoop) {
        if down { system.send(HIDEvent(timestamp: time, payload: .press(HIDEvent.Press(key: key, phase: .began)))) }
        if down && up { loop.processEvents() }
        if up { system.send(HIDEvent(timestamp: time, payload: .press(HIDEvent.Press(key: key, phase: .ended)))) }
    }
}

/// The keys a live source holds down, checked key by key in the order they come: a key that goes down
/// while it is down (alone or pressed and released in one frame), or comes up while it is not, could not happen on a keyboard and is refused with
/// what to send instead, before it reaches the device (which would drop a second press of a key that
/// is down, and a release of one that is not, without a word).
///
/// Keys are told apart as the device tells them, by their press's identifier (their HID usage): `S`
/// is the key of `s`, so a source may press `S` and release `s` (a browser does when shift comes up
/// first), and `!` the key of `1`. A character with no usage code (one of another layout) is a key of
/// its own, told apart by its character.
///
/// At most ``limit`` keys are down at once: more is a broken source, not a keyboard.
struct HeldKeys {
    /// Keys down at once, at most (chosen: ten fingers; a USB boot keyboard reports six keys at once).
    static let limit = 10

    /// The keys down, by the identifier of their press: the name each went down as, and where (a line
    /// of `responder live`'s input; nil for a source without lines).
    private var held: [Int: (name: String, line: Int?)] = [:]

    /// What is wrong with `key`, named `name`, going down, coming up or both; nil when it can happen.
    func problem(_ name: String, _ key: HIDEvent.KeyDescription, down: Bool, up: Bool) -> String? {
        let identifier = HIDEvent.Press(key: key, phase: .began).identifier
        let holder = held[identifier]
        if down, let holder {
            let since = holder.line.map { " (since line \($0))" } ?? ""
            if holder.name == name { return "key '\(name)' is already down\(since): release it first (\"phase\": \"up\")" }
            return "key '\(name)' is the key of '\(holder.name)', which is already down\(since): release '\(holder.name)' first (\"phase\": \"up\")"
        }
        if down, holder == nil, held.count >= Self.limit {
            return "key '\(name)' would be key \(Self.limit + 1) down at once; a keyboard source holds at most \(Self.limit): release one first (\"phase\": \"up\")"
        }
        if up, !down, holder == nil {
            return "key '\(name)' is not down: press it first (\"phase\": \"down\"), or send both (\"phase\": \"both\")"
        }
        return nil
    }

    /// Keeps what `key` going down, coming up or both changes; `line` is where it came from, if anywhere.
    mutating func commit(_ name: String, _ key: HIDEvent.KeyDescription, down: Bool, up: Bool, line: Int? = nil) {
        let identifier = HIDEvent.Press(key: key, phase: .began).identifier
        if down && !up { held[identifier] = (name, line) } else if up { held[identifier] = nil }
    }
}
