import Foundation

/// The raw input a ``TraceRecord/Kind/input(_:)`` record reports, as values.
public enum TraceInput: Sendable, Equatable, CustomStringConvertible {
    /// Touch samples of one touch event: the first inline, any others in `more` (empty for one finger,
    /// so the record of a one-finger move costs no allocation).
    case touches(TouchSample, more: [TouchSample])
    /// Final values for the estimated properties of the sample numbered `index`.
    case estimatedPropertiesUpdate(index: Int)
    /// A press changed: a key (its characters) or a press of another type.
    case press(characters: String?, type: UIPress.PressType, phase: UIPress.Phase)
    /// A motion event.
    case motion(UIEvent.EventSubtype, HIDEvent.MotionPhase)
    /// A remote-control event.
    case remoteControl(UIEvent.EventSubtype)
    /// A pointer's (or a pencil's) hover sample, in the screen's coordinates (U1).
    case hover(phase: HIDEvent.Phase, location: CGPoint, type: UITouch.TouchType)
    /// A scroll sample: its step in points (wheel notches already made points), its device (U3).
    case scroll(phase: HIDEvent.Phase, location: CGPoint, delta: CGPoint, type: UIScrollType, momentum: Bool)
    /// A trackpad transform sample: scale and rotation since it began (U2).
    case transform(phase: HIDEvent.Phase, location: CGPoint, scale: CGFloat, rotation: CGFloat)
    /// A double tap on a pencil (U4).
    case pencilTap

    /// One finger's sample, as the input reports it.
    public struct TouchSample: Sendable, Equatable {
        /// The finger.
        public var finger: Int
        /// Its phase.
        public var phase: UITouch.Phase
        /// Where it is, in the screen's coordinates.
        public var location: CGPoint
        /// How many samples of the input port were merged into this one (1 when none were, I5).
        public var samples: Int
        /// What produced it: a finger, a pencil, a pointer's click (U2, U4).
        public var type: UITouch.TouchType
        /// For a click: the pointer's buttons (U2).
        public var buttonMask: UIEvent.ButtonMask

        /// Creates a sample.
        public init(finger: Int, phase: UITouch.Phase, location: CGPoint, samples: Int, type: UITouch.TouchType = .direct,
                    buttonMask: UIEvent.ButtonMask = []) {
            self.finger = finger
            self.phase = phase
            self.location = location
            self.samples = samples
            self.type = type
            self.buttonMask = buttonMask
        }
    }

    /// The touch samples, for `.touches` (empty otherwise).
    public var touchSamples: [TouchSample] {
        if case .touches(let first, let more) = self { return [first] + more }
        return []
    }

    /// The input as the trace prints it: `#1 move (40, 200)`, `press "a" began`…
    public var description: String {
        switch self {
        case .touches:
            return touchSamples.map { sample in
                let verb: String
                switch sample.phase {
                case .began: verb = "down"
                case .moved, .stationary: verb = "move"
                case .ended: verb = "up"
                case .cancelled: verb = "cancel"
                }
                let merged = sample.samples > 1 ? " (\(sample.samples) samples)" : ""
                let kind: String
                switch sample.type {
                case .direct: kind = ""
                case .indirect: kind = " indirect"
                case .pencil: kind = " pencil"
                case .indirectPointer: kind = " click" + (sample.buttonMask.isEmpty ? "" : " " + sample.buttonMask.traceName)
                }
                return "#\(sample.finger)\(kind) \(verb) \(TraceRecord.point(sample.location))\(merged)"
            }.joined(separator: ", ")
        case .estimatedPropertiesUpdate(let index): return "estimated properties update #\(index)"
        case .press(let characters, let type, let phase):
            return "press \(characters?.debugDescription ?? type.traceName) \(phase)"
        case .motion(let subtype, let phase): return "motion \(subtype) \(phase)"
        case .remoteControl(let subtype): return "remote control \(subtype)"
        case .hover(let phase, let location, let type):
            return "\(type == .pencil ? "pencil hover" : "hover") \(phase.traceName) \(TraceRecord.point(location))"
        case .scroll(let phase, let location, let delta, let type, let momentum):
            let device = type == .discrete ? "wheel" : "scroll"
            return "\(device) \(phase.traceName) \(TraceRecord.point(location)) by \(TraceRecord.point(delta))" + (momentum ? " (momentum)" : "")
        case .transform(let phase, let location, let scale, let rotation):
            return "transform \(phase.traceName) \(TraceRecord.point(location)) scale \(TraceRecord.number(scale)) rotation \(TraceRecord.number(rotation))"
        case .pencilTap: return "pencil double tap"
        }
    }
}

extension UIPress.PressType {
    /// The name a trace prints for a press that is not a key: UIKit's name for the type (`select`,
    /// `upArrow`…), or `type N` for a value UIKit does not name.
    var traceName: String {
        switch self {
        case .upArrow: return "upArrow"
        case .downArrow: return "downArrow"
        case .leftArrow: return "leftArrow"
        case .rightArrow: return "rightArrow"
        case .select: return "select"
        case .menu: return "menu"
        case .playPause: return "playPause"
        case .pageUp: return "pageUp"
        case .pageDown: return "pageDown"
        case .tvRemoteOneTwoThree: return "tvRemoteOneTwoThree"
        case .tvRemoteFourColors: return "tvRemoteFourColors"
        default: return "type \(rawValue)"
        }
    }
}

extension UIEvent.ButtonMask {
    /// The buttons as traces name them: `primary`, `secondary`, `button 3`, joined with `+`.
    public var traceName: String {
        var names: [String] = []
        var bit = 0
        while bit < Int.bitWidth - 1, rawValue >> bit != 0 {
            if rawValue & (1 << bit) != 0 {
                names.append(bit == 0 ? "primary" : bit == 1 ? "secondary" : "button \(bit + 1)")
            }
            bit += 1
        }
        return names.joined(separator: "+")
    }
}
