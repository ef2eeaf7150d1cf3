import Foundation
import ResponderKit

/// What a live source holds down, fingers, presses and keys, as its frames say, checked frame by frame
/// in the order the frames come. A frame that could not happen on a device (a finger that moves or
/// lifts while it is not down, one that goes down twice, a press released that is not pressed, a key
/// that ``HeldKeys`` refuses) is a bad frame: it is refused with what is wrong and what to send
/// instead, and never reaches the device, which would otherwise take it for a touch the system
/// cancelled.
///
/// A lock, home or incoming call cancels the application's touches, not the source's fingers: a finger
/// still on the glass goes on reporting until it lifts, and the device keeps those reports (R23).
struct LiveInputLedger {
    /// Fingers down, with the line each began at.
    private var fingers: [Int: Int] = [:]
    /// Fingers that lifted, with the line and how (`ended` or `was cancelled`).
    private var lifted: [Int: (line: Int, how: String)] = [:]
    /// Presses down, by type name, with the line each went down at.
    private var presses: [String: Int] = [:]
    /// Keys down (at most ``HeldKeys/limit``).
    private var keys = HeldKeys()

    /// What is wrong with `input`, or nil when it can happen.
    func problem(with input: LiveLine.Input) -> String? {
        switch input {
        case .touches(let touches):
            for touch in touches {
                let finger = touch.finger
                switch touch.phase {
                case .began:
                    if let since = fingers[finger] {
                        return "finger \(finger) is already down (it began at line \(since)): send 'ended' or 'cancelled' for it before it begins again"
                    }
                case .moved, .stationary, .ended, .cancelled:
                    guard fingers[finger] == nil else { continue }
                    if let lift = lifted[finger] {
                        return "finger \(finger) is not down: it \(lift.how) at line \(lift.line); a finger \(touch.phase == .ended || touch.phase == .cancelled ? "lifts" : "moves") only between its 'began' and its 'ended' (send 'began' first)"
                    }
                    return "finger \(finger) is not down: its first frame must be 'began'"
                }
            }
        case .press(let name, _, let down, let up):
            if down, !up, let since = presses[name] {
                return "'\(name)' is already pressed (since line \(since)): release it first (\"phase\": \"up\")"
            }
            if up, !down, presses[name] == nil {
                return "'\(name)' is not pressed: press it first (\"phase\": \"down\"), or send both (\"phase\": \"both\")"
            }
        case .key(let name, let key, let down, let up):
            return keys.problem(name, key, down: down, up: up)
        case .button, .motion, .remote, .call, .hover, .scroll, .transform, .pencilTap:
            break
        }
        return nil
    }

    /// Keeps what `input`, played at `line`, changes.
    mutating func commit(_ input: LiveLine.Input, line: Int) {
        switch input {
        case .touches(let touches):
            for touch in touches {
                switch touch.phase {
                case .began, .moved, .stationary:
                    if fingers[touch.finger] == nil { fingers[touch.finger] = line }
                    lifted[touch.finger] = nil
                case .ended, .cancelled:
                    fingers[touch.finger] = nil
                    lifted[touch.finger] = (line, touch.phase == .ended ? "ended" : "was cancelled")
                }
            }
        case .press(let name, _, let down, let up):
            if down && !up { presses[name] = line } else if up { presses[name] = nil }
        case .key(let name, let key, let down, let up):
            keys.commit(name, key, down: down, up: up, line: line)
        case .button, .motion, .remote, .call, .hover, .scroll, .transform, .pencilTap:
            break
        }
    }
}
